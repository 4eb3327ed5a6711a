"""While the pointer moves over a table with heavy terrain, the way shown is the one
found on the routing graph (its crossings of heavy terrain not slid: the dearest
part of planning it), cut at the allowance where the pointer is beyond it; the
first frame the pointer rests, and before the move is made, it is planned exactly.
Then the frames stop."""

from __future__ import annotations

import math

import pygame
from driving import mouse_down, mouse_up, open_game

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.play.settling import settle_path
from tabletop.games.skirmish.play.state import table_of
from tabletop.games.skirmish.screen import moving
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.sight import sight
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES

from .test_screen_moving import in_play, spot


def _motion(app, pos) -> None:
    """The pointer moved with the left button held, handled but not yet drawn."""
    at = (int(pos[0]), int(pos[1]))
    app.process([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))])


def _from_scratch(view) -> moving.Drag:
    """What planning the drag's last point afresh and exactly gives."""
    held = view.moving
    fresh = moving.Moving(held.ctx, held.camera, held.reading, held.hand, held.overlay, held.placing, held.submit)
    return fresh.plan(*held._following)


def _shown(drag) -> tuple:
    return drag.path, drag.ghost, drag.valid, drag.note, drag.length, drag.cost


def _held(app, model_id: str):
    """A warrior chosen on the terrain table and held: (the match, the game, its view, its start)."""
    match = in_play(model_id, ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose(model_id)
    app.run_until_idle()
    start = table_of(match.state).models[model_id].position
    mouse_down(app, spot(game, start))
    return match, game, view, start


def test_a_way_found_on_the_graph_while_the_pointer_moves_is_planned_exactly_once_it_rests(app, monkeypatch):
    """Within the allowance and beyond it (cut there), from heavy terrain (m01 stands in it)."""
    match, game, view, start = _held(app, "m01")
    table = table_of(match.state)
    limits = []
    original = movement.shortest_path
    monkeypatch.setattr(
        movement, "shortest_path", lambda t, m, g, limit=None: limits.append(limit) or original(t, m, g, limit)
    )
    within = beyond = changed = 0
    for k in range(16):
        angle, far = k / 16 * 2 * math.pi, 60 + 60 * (k % 2)
        limits.clear()
        _motion(app, spot(game, (start[0] + far * math.cos(angle), start[1] + far * math.sin(angle))))
        app.tick(1 / 60)
        drag = view.drag
        assert limits == [], "no way planned exactly while the pointer moves"
        if not drag.rough:
            assert drag.note and not drag.path, "refused before a way is sought (no room there, an enemy touched)"
            continue
        goal = table.nearest_model_position(table.models["m01"].radius, view.moving._following[1], ("m01",))
        way = movement.way_on_graph(table, "m01", goal)
        if way is not None:
            within += 1
            shown = way.points
            assert drag.valid and drag.path == shown
        else:
            beyond += 1
            way = moving.way_beyond(table, "m01", goal, on_graph=True)
            assert way is not None
            cut = moving.cut_at(table, way.points, table.allowance - moving.SHORT_OF_ALLOWANCE)
            shown = cut if drag.valid else way.points
            assert drag.path == shown
        assert view.is_animating(), "a frame follows to see whether the pointer rests"
        # a frame without motion: the way is planned exactly, and the frames stop
        app.tick(1 / 60)
        exact = _from_scratch(view)
        assert not drag.rough and _shown(drag) == _shown(exact)
        changed += drag.path != shown
        assert not view.is_animating()
    assert within >= 4 and beyond >= 4 and changed >= 4, "sliding the crossings changed some ways"
    mouse_up(app, spot(game, start))


def test_a_drag_let_go_before_the_pointer_rests_makes_the_move_planned_exactly(app, monkeypatch):
    match, game, view, start = _held(app, "m13")
    table = table_of(match.state)
    radius = table.models["m13"].radius

    def differs(k: int) -> bool:
        """Whether the way on the graph to the k-th of 12 points round m13 differs from the exact one."""
        pos = spot(
            game, (start[0] + 120 * math.cos(k / 12 * 2 * math.pi), start[1] + 120 * math.sin(k / 12 * 2 * math.pi))
        )
        goal = table.nearest_model_position(radius, view.camera.to_table((int(pos[0]), int(pos[1]))), ("m13",))
        ways = [moving.way_beyond(table, "m13", goal, on_graph=on_graph) for on_graph in (True, False)]
        return ways[0] is not None and ways[0].points != ways[1].points

    angle = next(k for k in range(12) if differs(k)) / 12 * 2 * math.pi
    end = spot(game, (start[0] + 120 * math.cos(angle), start[1] + 120 * math.sin(angle)))
    _motion(app, end)
    drag = view.drag
    assert drag.rough and drag.valid
    rough = drag.path
    submitted = []
    monkeypatch.setattr(view.moving, "submit", lambda action: submitted.append(action) or True)
    app.process([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)])
    exact = _from_scratch(view)
    assert exact.valid and not exact.rough and exact.path != rough
    assert [action["path"] for action in submitted] == [settle_path(table, "m13", exact.path)]


def test_the_way_on_the_graph_is_the_shortest_path_without_heavy_terrain_and_no_cheaper_with_it():
    for ruleset in (BASIC, TERRAIN_RULES):
        table = demo_table(ruleset)
        dearer = 0
        for model_id in ("m01", "m13"):
            x, y = table.models[model_id].position
            for k in range(8):
                goal = (x + 120 * math.cos(k / 8 * 2 * math.pi), y + 120 * math.sin(k / 8 * 2 * math.pi))
                found = movement.way_on_graph(table, model_id, goal, 300.0)
                exact = movement.shortest_path(table, model_id, goal, 300.0)
                if ruleset is BASIC:
                    assert found == exact
                    continue
                assert (found is None) == (exact is None)
                if found is None:
                    continue
                assert movement.check_path(table, model_id, found.points, allowance=300.0).ok
                assert found.cost >= exact.cost - 1e-9
                dearer += found.cost > exact.cost + 0.01
        assert ruleset is BASIC or dearer >= 4


def test_the_sight_from_a_warrior_dragged_with_the_sight_tool_follows_the_way_planned_exactly_at_rest(app):
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    table = table_of(match.state)
    start = table.models["m13"].position
    other = min((m for m in table.models if m != "m13"), key=lambda m: math.dist(table.models[m].position, start))
    view.set_tool("sight")
    view.measuring.sight_click("m13", spot(game, start))
    view.measuring.sight_click(other, spot(game, table.models[other].position))
    assert view.measuring.target_fixed
    mouse_down(app, spot(game, start))
    moved = 0
    for k in range(12):
        angle = k / 12 * 2 * math.pi
        _motion(app, spot(game, (start[0] + 120 * math.cos(angle), start[1] + 120 * math.sin(angle))))
        app.tick(1 / 60)
        drag = view.drag
        assert drag.kind == "path" and drag.sight_click
        if not drag.rough:
            continue
        ghost = drag.ghost
        app.tick(1 / 60)
        assert not drag.rough
        moved += drag.ghost != ghost
        assert view.measuring.seen == sight(table, "m13", other, {"m13": drag.ghost})
    assert moved >= 1
    mouse_up(app, spot(game, start))
