"""The frame while a warrior is dragged with its reach shown does no work twice: a
motion within the same pixel plans no route again, the lines from where the warrior
stands are kept for every search from there, and the routing graph is built apart
from the paths timed. What players see is the same as when planned from scratch."""

from __future__ import annotations

import math

import pygame
from driving import mouse_down, mouse_up, move, open_game

from tabletop import i18n
from tabletop.games.skirmish import bench_table
from tabletop.games.skirmish.play import hands
from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.play.state import table_of
from tabletop.games.skirmish.screen import measuring, moving
from tabletop.games.skirmish.screen.hand import Drag
from tabletop.games.skirmish.table import graph, movement, planar, search
from tabletop.games.skirmish.table.costs import heavy_parts, path_cost
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

from .test_screen_moving import in_play, spot


def test_a_drag_with_the_reach_shown_draws_what_planning_from_scratch_draws(app, monkeypatch):
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose("m13")
    app.run_until_idle()
    start = table_of(match.state).models["m13"].position
    mouse_down(app, spot(game, start))
    for k in range(1, 13):
        angle = k / 12 * 2 * math.pi
        move(app, spot(game, (start[0] + 70 * math.cos(angle), start[1] + 70 * math.sin(angle))), (1, 0, 0))
    assert view.reach.cache is not None and view.reach.cache[1], "the reach is shown"
    drag = view.drag
    assert drag is not None and drag.path
    last = spot(game, (start[0] + 70.0, start[1]))
    shown = app.surface.copy()
    # the same pixel again: no route planned, the same frame drawn
    planned = []
    original = movement.shortest_path
    monkeypatch.setattr(movement, "shortest_path", lambda *a, **k: planned.append(a) or original(*a, **k))
    move(app, last, (1, 0, 0))
    assert planned == []
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(shown, "RGB")
    # planned and drawn from scratch: every kept line, route and drawing forgotten
    view.moving._planned = view.moving._words = None
    view.reach.cache = view.reach.found = None
    view.layers._view = None
    graph._routers.clear()
    move(app, last, (1, 0, 0))
    assert planned, "planned again"
    assert pygame.image.tobytes(app.surface, "RGB") == pygame.image.tobytes(shown, "RGB")
    mouse_up(app, spot(game, start))


def _m13_chosen_counting_limits(app, monkeypatch):
    """m13 chosen on the terrain table, every shortest path's limit written down:
    (the match, the game, its view, m13's start, the limits)."""
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose("m13")
    app.run_until_idle()
    limits = []
    original = movement.shortest_path

    def counted(table, model_id, goal, limit=None):
        limits.append(limit)
        return original(table, model_id, goal, limit)

    monkeypatch.setattr(movement, "shortest_path", counted)
    return match, game, view, table_of(match.state).models["m13"].position, limits


def test_the_way_to_a_pointer_beyond_the_allowance_is_sought_within_twice_the_allowance_first(app, monkeypatch):
    """Searched over the whole table, a goal a few cm beyond the allowance cost a
    search of everything (seconds where a crossing of heavy terrain is tried at a
    point no way reaches); within twice the allowance the way is the same."""
    original = movement.shortest_path
    match, game, view, start, limits = _m13_chosen_counting_limits(app, monkeypatch)
    table = table_of(match.state)
    whole = table.width + table.height
    goals = [
        (start[0] + 120 * math.cos(k / 8 * 2 * math.pi), start[1] + 120 * math.sin(k / 8 * 2 * math.pi))
        for k in range(8)
    ]
    mouse_down(app, spot(game, start))
    beyond = 0
    for goal in goals:
        limits.clear()
        move(app, spot(game, goal), (1, 0, 0))
        if 2 * table.allowance not in limits:
            continue
        beyond += 1
        assert whole not in limits
        drag = view.drag
        wanted = view.moving._planned[0][1]  # the point under the pointer
        goal_there = table.nearest_model_position(table.models["m13"].radius, wanted, ("m13",))
        far = original(table, "m13", goal_there, whole)
        assert far is not None and moving.way_beyond(table, "m13", goal_there) == far
        cut = moving.cut_at(table, far.points, table.allowance - moving.SHORT_OF_ALLOWANCE)
        assert drag.path == (cut if drag.valid else far.points)
    assert beyond >= 4
    mouse_up(app, spot(game, start))


def test_the_way_beyond_the_allowance_is_sought_first_within_what_the_last_one_and_the_step_cost(app, monkeypatch):
    """Dragged round a circle beyond the allowance, each way is sought first within
    what the way to the pointer's last point and the step from there cost (less than
    twice the allowance): the same ways as sought from scratch. A move made, the
    last way is no guide: the next is sought within twice the allowance first."""
    match, game, view, start, limits = _m13_chosen_counting_limits(app, monkeypatch)
    table = table_of(match.state)
    mouse_down(app, spot(game, start))
    hinted = 0
    for k in range(24):
        angle = k / 24 * 2 * math.pi
        limits.clear()
        move(app, spot(game, (start[0] + 110 * math.cos(angle), start[1] + 110 * math.sin(angle))), (1, 0, 0))
        far = [limit for limit in limits if limit is not None]
        if not far:
            continue  # within the allowance
        drag = view.drag
        wanted = view.moving._planned[0][1]
        goal = table.nearest_model_position(table.models["m13"].radius, wanted, ("m13",))
        from_scratch = moving.way_beyond(table, "m13", goal)
        assert from_scratch is not None
        cut = moving.cut_at(table, from_scratch.points, table.allowance - moving.SHORT_OF_ALLOWANCE)
        assert drag.path == (cut if drag.valid else from_scratch.points)
        hinted += far[0] < 2 * table.allowance
    assert hinted >= 8
    mouse_up(app, spot(game, start))
    app.run_until_idle()
    assert table_of(match.state).models["m13"].position != start, "moved"
    # the table changed: the way found on the old one is no guide
    assert view.moving._far is not None and view.moving._near("m13") is None
    x, y = table_of(match.state).models["m13"].position
    mouse_down(app, spot(game, (x, y)))
    limits.clear()
    move(app, spot(game, (x + 150.0, y)), (1, 0, 0))
    assert [limit for limit in limits if limit is not None][:1] == [2 * table.allowance]
    mouse_up(app, spot(game, (x, y)))


def test_a_pointer_the_last_way_beyond_shows_to_be_beyond_is_not_sought_within_the_allowance(app, monkeypatch):
    """The way to the pointer's last point beyond the allowance cost more than the
    allowance and the clear step from the pointer to there: no way to the pointer
    fits within it, and none is sought there. Every frame shows what a plan from
    scratch shows."""
    match, game, view, start, limits = _m13_chosen_counting_limits(app, monkeypatch)
    mouse_down(app, spot(game, start))
    skipped = 0
    for k in range(40):  # a third of the circle, 6 mm a step
        angle = k / 120 * 2 * math.pi
        limits.clear()
        move(app, spot(game, (start[0] + 120 * math.cos(angle), start[1] + 120 * math.sin(angle))), (1, 0, 0))
        skipped += bool(limits) and None not in limits
        drag, moving_ = view.drag, view.moving
        model_id, wanted, freehand = moving_._planned[0][:3]
        fresh = moving.Moving(
            moving_.ctx, moving_.camera, moving_.reading, moving_.hand, moving_.overlay, moving_.placing, moving_.submit
        )
        plan = fresh.plan(model_id, wanted, freehand)
        assert (drag.path, drag.ghost, drag.valid, drag.note) == (plan.path, plan.ghost, plan.valid, plan.note)
    assert skipped >= 10
    mouse_up(app, spot(game, start))


def test_a_frame_without_a_card_picked_reads_no_tactical_cards(app, monkeypatch):
    """The template of a card picked is drawn where a click would lay it: with none
    picked, a frame does not look the cards up (the data's, by key) at all."""
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose("m13")
    app.run_until_idle()
    start = table_of(match.state).models["m13"].position
    looked = []
    original = hands.cards
    monkeypatch.setattr(hands, "cards", lambda: looked.append(1) or original())
    mouse_down(app, spot(game, start))
    move(app, spot(game, (start[0] + 40.0, start[1])), (1, 0, 0))
    app.draw()
    assert view.side.tactics.laying() is None
    assert looked == []
    mouse_up(app, spot(game, start))


def test_the_words_of_a_path_are_kept_by_the_figures_they_write_and_the_language(app, monkeypatch):
    """Two paths across heavy terrain that show the same figures are worded once
    (the paths of a drag mostly do); in another language they are worded anew."""
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    table = table_of(match.state)
    part = heavy_parts(table)[0]
    x, y = planar.centroid(part.part)
    worded = []
    original = moving._
    monkeypatch.setattr(moving, "_", lambda text, **params: worded.append(text) or original(text, **params))

    def across(nudge: float) -> Drag:
        path = ((x - 60.0, y + nudge), (x + 60.0, y + nudge))
        length, cost = path_cost(table, path)
        assert cost > length + 1.0, "across heavy terrain"
        return Drag("path", (0, 0), "m13", moved=True, ghost=path[-1], valid=True, path=path, length=length, cost=cost)

    one, other = across(0.0), across(1e-6)
    view.hand.drag = one
    words, lines = view.moving.path_words(one), view.moving.lines()
    assert worded and words in lines
    worded.clear()
    view.hand.drag = other
    assert view.moving.path_words(other) == words and view.moving.lines() == lines
    assert worded == [], "the same figures worded again"
    try:
        i18n.set_language("de")
        german = view.moving.path_words(other)
        assert worded and german != words and "schwerem Gelände" in german
    finally:
        i18n.set_language("en")
    assert view.moving.path_words(other) == words
    view.hand.drag = None


def _counted(size: tuple[int, int]) -> tuple[pygame.Surface, list[tuple[int, int]]]:
    """A surface that notes the size of everything blitted onto it, and that list."""
    blits: list[tuple[int, int]] = []

    class Counted(pygame.Surface):
        def blit(self, source, dest, *rest, **named):
            blits.append(source.get_size())
            return super().blit(source, dest, *rest, **named)

    return Counted(size), blits


def test_the_backdrop_and_the_table_are_one_blit_a_frame(app):
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view
    screen, blits = _counted(app.surface.get_size())
    view.layers.draw(screen)
    drawn = screen.copy()
    blits.clear()
    view.layers.draw(screen)
    assert blits == [view.viewport.size]
    assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(drawn, "RGB")


def test_the_reach_is_laid_over_the_table_in_its_one_blit_and_goes_with_it(app):
    """The reach shown is part of the table's one blit a frame; once it no longer
    shows (switched off, another warrior chosen) the table is drawn without it."""
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view
    shown = view.reach.shown()
    assert shown is None
    view.choose("m13")
    shown = _found(view)
    assert shown is not None and shown[1]
    screen, blits = _counted(app.surface.get_size())
    view.layers.draw(screen, shown)
    blits.clear()
    view.layers.draw(screen, shown)
    assert blits == [view.viewport.size]

    def frame() -> bytes:
        app.draw()
        return pygame.image.tobytes(app.surface, "RGB")

    def afresh() -> bytes:
        view.layers._view = None
        view.reach.cache = None
        return frame()

    with_reach = frame()
    assert with_reach == afresh()
    view.toolbar.toggle_reach()
    without = frame()
    assert without != with_reach and without == afresh()
    view.toolbar.toggle_reach()
    assert frame() == with_reach
    other = next(model_id for model_id in match.state.models if model_id != "m13")
    view.choose(other)  # only the active warrior's reach shows
    assert view.reach.shown() is None
    assert frame() == afresh()


def test_a_zoom_shades_the_reach_again_without_working_it_out_again(app, monkeypatch):
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose("m13")
    shown = _found(view)
    assert shown is not None and shown[1]
    worked = []
    original = measuring.grow
    monkeypatch.setattr(measuring, "grow", lambda *a, **k: worked.append(a) or original(*a, **k))
    view.camera.zoom(1.5, view.viewport.center)
    zoomed = view.reach.shown()
    assert worked == []
    assert zoomed is not None and zoomed[1][0][0].get_width() > shown[1][0][0].get_width()
    # shaded as working it out afresh at that scale shades it
    view.reach.cache = view.reach.found = None
    afresh = _found(view)
    assert len(worked) == 1 and afresh is not None
    assert [(pygame.image.tobytes(s, "RGBA"), at) for s, at in zoomed[1]] == [
        (pygame.image.tobytes(s, "RGBA"), at) for s, at in afresh[1]
    ]


def _found(view):
    """The reach shown once it is worked out (a share of each frame at a time)."""
    shown = view.reach.shown()
    while view.reach.working():
        shown = view.reach.shown()
    return shown


def test_a_second_search_from_the_same_start_makes_no_line_from_it_again(monkeypatch):
    """m01 stands in heavy terrain on the demo table: its search has nodes about it
    on the outline too."""
    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m01")
    x, y = mover.start
    goals = [(x + 70 * math.cos(k / 8 * 2 * math.pi), y + 70 * math.sin(k / 8 * 2 * math.pi)) for k in range(8)]
    first = [search.route(mover, goal, 200.0) for goal in goals]
    start = len(graph.router(mover.board).bodies)  # the start's index in every search
    made = []
    for module in (graph, search):
        original = module.tangent_lines
        monkeypatch.setattr(
            module,
            "tangent_lines",
            lambda bodies, i, j, original=original: made.append((i, j)) or original(bodies, i, j),
        )
    feet = []
    find_feet = search._Query._feet
    monkeypatch.setattr(search._Query, "_feet", lambda query, p, limit: feet.append(p) or find_feet(query, p, limit))
    again = [search.route(mover, goal, 200.0) for goal in goals]
    assert again == first and any(found is not None and len(found[0]) > 2 for found in first)
    assert feet == goals, "the start's nodes in heavy terrain are not sought again"
    # lines to the goals are new; none between the start and a body of the graph
    assert made and not [(i, j) for i, j in made if start in (i, j) and max(i, j) == start]
    # the same routes on a graph built anew
    graph._routers.clear()
    assert [search.route(mover, goal, 200.0) for goal in goals] == first


def test_a_second_search_from_a_start_in_heavy_terrain_makes_no_line_from_the_nodes_about_it_again(monkeypatch):
    """m01 stands in heavy terrain on the demo table: the lines between the nodes
    about it on the outline and the graph's bodies are the same for every search
    from it (each way the exact check's sliding tries over heavy terrain plans
    afresh from there); only those to the goal and the nodes about it are new."""
    table = demo_table(TERRAIN_RULES)
    mover = passage(table, "m01")
    x, y = mover.start
    goals = [(x + 70 * math.cos(k / 8 * 2 * math.pi), y + 70 * math.sin(k / 8 * 2 * math.pi)) for k in range(8)]
    first = [search.route(mover, goal, 200.0) for goal in goals]
    kept = graph.router(mover.board).start_feet(mover.start, 200.0)
    n = len(graph.router(mover.board).bodies)
    # the start is body n, the goal n + 1, the nodes about the start next
    about = range(n + 2, n + 2 + len(kept or ()))
    made = []
    for module in (graph, search):
        original = module.tangent_lines
        monkeypatch.setattr(
            module,
            "tangent_lines",
            lambda bodies, i, j, original=original: made.append((i, j)) or original(bodies, i, j),
        )
    again = [search.route(mover, goal, 200.0) for goal in goals]
    assert again == first and about
    assert made, "lines to the goals are new"
    assert not [(i, j) for i, j in made if (i in about or i < n) and (j in about or j < n)]
    # the same routes on a graph built anew
    graph._routers.clear()
    assert [search.route(mover, goal, 200.0) for goal in goals] == first


def test_a_route_found_is_costed_once_by_its_exact_check(monkeypatch):
    """Each way found on the graph (several over heavy terrain) is checked exactly,
    its cost with it: the cost is summed once a way, the paths the same."""
    table = demo_table(TERRAIN_RULES)
    x, y = table.models["m01"].position
    goals = [(x + 70 * math.cos(k / 8 * 2 * math.pi), y + 70 * math.sin(k / 8 * 2 * math.pi)) for k in range(8)]
    first = [movement.shortest_path(table, "m01", goal, 200.0) for goal in goals]
    summed, checked = [], []
    original_cost, original_check = movement.path_cost, movement.check_path
    monkeypatch.setattr(movement, "path_cost", lambda *a: summed.append(1) or original_cost(*a))
    monkeypatch.setattr(movement, "check_path", lambda *a, **k: checked.append(1) or original_check(*a, **k))
    again = [movement.shortest_path(table, "m01", goal, 200.0) for goal in goals]
    assert again == first and any(path is not None and path.cost > path.length + 1.0 for path in first)
    assert checked and len(summed) == len(checked)


def test_the_routing_graph_is_built_before_the_paths_are_timed(monkeypatch):
    table = demo_table(TERRAIN_RULES)
    bench_table._routing_graph(table)
    built = []

    class Counted(graph.Router):
        def __init__(self, board):
            built.append(board)
            super().__init__(board)

    monkeypatch.setattr(graph, "Router", Counted)
    for model_id, model in table.models.items():
        movement.shortest_path(table, model_id, (model.position[0] + 80.0, model.position[1]))
    assert built == []
