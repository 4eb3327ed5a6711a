"""The skirmish screen, driven through the real game screen with posted mouse and
key events: the tape measure, line of sight, templates, moving warriors by drag,
laying out terrain and warriors, zoom, and drawing at two window sizes."""

from __future__ import annotations

import math

import pygame
import pytest
from driving import click, key, mouse_down, mouse_up, move, open_game, press, wheel

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, BIDDING, LAYOUT, NAMING, table_of
from tabletop.games.skirmish.screen.marks import CONTACT_ENEMY, CONTACT_FRIEND
from tabletop.games.skirmish.table import measure, movement
from tabletop.games.skirmish.table.reach import reach as reach_of
from tabletop.games.skirmish.table.sight import sight, sight_pairs
from tabletop.games.skirmish.unit_files import bundled_unit
from tabletop.ui import render
from tabletop.ui.gameview import Hit

from .positions import play_begins, through_the_bid


def new_match(**options) -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def in_play(match: Match, active: str | None = None) -> Match:
    """Both players ready; with `active`, Ann names that warrior and Bob lets it stand."""
    play_begins(match)
    if active is not None:
        match.act(Action("name", model=active))
        while match.state.phase == NAMING:
            match.act(Action("pass"))
        assert match.state.active == active
    return match


# -- posting events ---------------------------------------------------------------------------


def drag(app, start, end, steps=6, button=1):
    mouse_down(app, start, button)
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    for k in range(1, steps + 1):
        move(app, (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps), held)
    mouse_up(app, end, button)


def spot(game, element):
    """The screen point of a warrior's centre (or a table point)."""
    view = game.view
    point = view.table.models[element].position if isinstance(element, str) else element
    return view.to_screen(point)


# -- the tools ------------------------------------------------------------------------------------


def test_the_tape_measures_edge_to_edge(app):
    game = open_game(app, new_match())
    key(app, pygame.K_m)
    assert game.view.tool == "measure"
    drag(app, spot(game, "m12"), spot(game, "m11"))
    tape = game.view.tape
    table = table_of(game.match.state)
    assert {tape.start_model, tape.end_model} == {"m12", "m11"}
    assert tape.length == pytest.approx(measure.edge_distance(table, "m12", "m11"), abs=1e-6)
    assert f"{tape.length / 10:.1f} cm" in game.view.info_lines()
    # between two points of the mat it is the plain distance
    a, b = (300.0, 560.0), (380.0, 590.0)
    drag(app, spot(game, a), spot(game, b))
    assert game.view.tape.start_model is None and game.view.tape.end_model is None
    assert game.view.tape.length == pytest.approx(math.dist(a, b), abs=game.view.scale**-1 * 2)


def test_the_sight_tool_reports_what_the_geometry_finds(app):
    game = open_game(app, new_match())
    table = table_of(game.match.state)
    pairs = sight_pairs(table)
    blocked = next(pair for pair, seen in pairs.items() if not seen.visible)
    hindered = next(pair for pair, seen in pairs.items() if seen.visible and seen.obstacles)
    press(app, game, "tool-sight")
    assert game.view.tool == "sight"
    click(app, spot(game, blocked[0]))
    click(app, spot(game, blocked[1]))
    seen = game.view.seen
    assert not seen.visible and seen.blockers == pairs[blocked].blockers
    assert any("cannot see" in line for line in game.view.info_lines())
    click(app, spot(game, blocked[0]), button=3)  # a right click forgets the viewer
    assert game.view.viewer is None
    click(app, spot(game, hindered[0]))
    move(app, spot(game, hindered[1]))  # the target follows the pointer until clicked
    seen = game.view.seen
    expected = sight(table, *hindered)
    assert seen.visible and seen.obstacles == expected.obstacles and seen.penalty == expected.penalty
    assert any(f"−{expected.penalty}" in line for line in game.view.info_lines())


def test_a_warrior_dragged_with_the_sight_shown_carries_the_sight_along(app):
    """With viewer and target picked, dragging a warrior one may move keeps the sight
    shown and judges it from where the warrior would go; the drop moves it. A
    click without dragging still picks (here: forgets the viewer)."""
    match = new_match(start="empty", spacing="warn")
    game = open_game(app, match)
    view = game.view
    match_table = lambda: table_of(match.state)  # noqa: E731
    press(app, game, "terrain-wall")
    key(app, pygame.K_r)
    for _ in range(5):
        key(app, pygame.K_r)  # turned upright: x 195..205, y 250..350
    click(app, spot(game, (200.0, 300.0)))
    click(app, spot(game, (200.0, 300.0)), button=3)
    press(app, game, "warrior-30")
    click(app, spot(game, (100.0, 300.0)))
    click(app, spot(game, (100.0, 300.0)), button=3)
    viewer = list(match.state.models)[-1]
    key(app, pygame.K_RETURN)
    press(app, game, "warrior-30")
    click(app, spot(game, (300.0, 300.0)))
    click(app, spot(game, (300.0, 300.0)), button=3)
    target = list(match.state.models)[-1]
    key(app, pygame.K_RETURN)  # Ann's turn again
    assert match_table().pieces[next(iter(match.state.pieces))].rotation == 90.0
    key(app, pygame.K_l)
    click(app, spot(game, viewer))
    click(app, spot(game, target))
    assert view.target == target and view.target_fixed and not view.seen.visible
    start, goal = match_table().models[viewer].position, (100.0, 450.0)
    mouse_down(app, spot(game, viewer))
    for k in range(1, 7):
        move(
            app,
            spot(game, (start[0] + (goal[0] - start[0]) * k / 6, start[1] + (goal[1] - start[1]) * k / 6)),
            (1, 0, 0),
        )
    assert view.drag is not None and view.drag.ghost is not None
    expected = sight(match_table(), viewer, target, {viewer: view.drag.ghost})
    assert view.seen.visible and view.seen == expected and view.seen.corridor.a == view.drag.ghost
    mouse_up(app, spot(game, goal))
    assert match.log[-1].action.kind == "place_model"
    assert view.viewer == viewer and view.target == target and view.seen.visible
    click(app, spot(game, viewer))  # a click, no drag: forgets the viewer
    assert view.viewer is None


def test_the_explosion_template_lists_the_warriors_under_it(app):
    game = open_game(app, new_match())
    table = table_of(game.match.state)
    # between Vladd and Elenia, who face each other 2.5 cm apart
    a, b = table.models["m04"].position, table.models["m05"].position
    centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    key(app, pygame.K_e)
    click(app, spot(game, centre))
    assert game.view.blast_pinned
    expected = measure.models_under(table, measure.explosion(table, game.view.blast))
    assert set(game.view.under) == set(expected) and {"m04", "m05"} <= set(expected)
    move(app, spot(game, (560.0, 560.0)))  # pinned: it stays
    assert set(game.view.under) == set(expected)


def test_the_flame_template_points_from_the_attacker_and_turns(app):
    game = open_game(app, new_match())
    key(app, pygame.K_f)
    click(app, spot(game, "m02"))
    assert game.view.attacker == "m02"
    move(app, spot(game, "m03"))
    table = table_of(game.match.state)
    a, b = table.models["m02"].position, table.models["m03"].position
    assert game.view.flame_angle == pytest.approx(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])), abs=1.0)
    assert "m03" in game.view.under and "m02" not in game.view.under
    before = game.view.flame_angle
    key(app, pygame.K_r)
    assert game.view.flame_angle == pytest.approx((before + 15) % 360)


# -- moving warriors ---------------------------------------------------------------------------------


def test_dragging_a_warrior_submits_a_legal_move(app):
    match = in_play(new_match(), "m13")
    game = open_game(app, match)
    table = table_of(match.state)
    start = table.models["m13"].position
    goal = (start[0] - 40.0, start[1] - 45.0)
    drag(app, spot(game, "m13"), spot(game, goal))
    action = match.log[-1].action
    assert action.kind == "move" and action["model"] == "m13"
    assert tuple(action["path"][0]) == start
    end = match.state.models["m13"]["position"]
    assert math.dist(end, goal) < 2.0 / game.view.scale + 0.2
    assert match.state.models["m13"]["ap"] == 2
    assert "Dzala moves" in match.history[-1][0].message.render(match.player_names)


def test_an_impossible_move_is_refused(app):
    match = in_play(new_match(), "m13")
    game = open_game(app, match)
    table = table_of(match.state)
    start = table.models["m13"].position
    entries = len(match.log)
    drag(app, spot(game, "m13"), spot(game, (236.0, 306.0)))  # onto Bob's m05: in contact with it
    assert len(match.log) == entries
    assert match.state.models["m13"]["position"] == list(start)
    refused = game.view.hand.refused
    assert refused is not None and "touching an enemy" in refused.note


def test_clicking_a_spot_walks_the_selected_warrior_round_obstacles(app):
    match = in_play(new_match(), "m08")
    game = open_game(app, match)
    click(app, spot(game, "m08"))
    assert game.view.selected == "m08"
    goal = (100.0, 200.0)  # beyond the tree from where m08 stands
    expected = movement.shortest_path(table_of(match.state), "m08", goal)
    assert expected is not None
    click(app, spot(game, goal))
    action = match.log[-1].action
    assert action.kind == "move" and action["model"] == "m08"
    assert math.dist(action["path"][-1], goal) < 2.0 / game.view.scale
    assert movement.check_path(table_of(match.state), "m08", action["path"]).cost <= 100


def test_the_other_players_warriors_do_not_move(app):
    match = in_play(new_match(), "m13")
    game = open_game(app, match)
    entries = len(match.log)
    drag(app, spot(game, "m14"), spot(game, (300.0, 420.0)))  # Bob's warrior on Ann's turn
    assert len(match.log) == entries
    press(app, game, "done")
    assert match.actor == 1 and match.state.phase == NAMING


def test_the_path_length_label_covers_no_token(app):
    """Dragging a warrior to just below a friend: the label with the path's length
    does not sit on the friend's token (where it used to go, above the ghost, it
    would)."""
    match = in_play(new_match(), "m11")
    game = open_game(app, match)
    view = game.view
    goal = (498.1, 129.0)  # m12 stands at (498.1, 96.4): 2.6 mm between the bases
    mouse_down(app, spot(game, "m11"))
    for k in range(1, 7):
        start = view.table.models["m11"].position
        move(
            app,
            spot(game, (start[0] + (goal[0] - start[0]) * k / 6, start[1] + (goal[1] - start[1]) * k / 6)),
            (1, 0, 0),
        )
    assert view.drag is not None and view.drag.valid
    rect = view.path_label_rect()
    tokens = []
    for model in view.table.models.values():
        centre = view.to_screen(model.position)
        r = model.radius * view.scale
        tokens.append(pygame.Rect(int(centre[0] - r), int(centre[1] - r), int(2 * r), int(2 * r)))
    ghost = view.to_screen(view.drag.ghost)
    r = view.table.models["m11"].radius * view.scale
    tokens.append(pygame.Rect(int(ghost[0] - r), int(ghost[1] - r), int(2 * r), int(2 * r)))
    assert rect is not None and view.viewport.contains(rect)
    assert rect.collidelist(tokens) == -1
    above = rect.copy()
    above.midbottom = (int(ghost[0]), int(ghost[1] - r - view.theme.px(8)))
    assert above.collidelist(tokens) != -1  # where it used to go
    mouse_up(app, spot(game, goal))
    assert match.log[-1].action.kind == "move"


def _meeting(view, a, b, ra, rb):
    """The screen pixel where two bases' edges meet (half way across the gap)."""
    d = math.dist(a, b)
    along = ra + (d - ra - rb) / 2
    q = view.to_screen((a[0] + (b[0] - a[0]) * along / d, a[1] + (b[1] - a[1]) * along / d))
    return (int(round(q[0])), int(round(q[1])))


def test_contact_is_shown_between_friends_and_enemies_in_every_phase(app):
    """Bases at most 1 mm apart are in contact, and the screen marks it with a bar
    across the meeting point: teal between warriors of one side, red between
    enemies; while laying out, while a warrior is dragged (its ghost) and in play."""
    match = new_match(start="empty")
    game = open_game(app, match)
    view = game.view
    press(app, game, "warrior-30")
    click(app, spot(game, (200.0, 200.0)))
    click(app, spot(game, (215.0, 200.0)))  # lands touching the first
    click(app, spot(game, (400.0, 200.0)))
    ann = list(match.state.models)
    key(app, pygame.K_RETURN)  # pass the table on
    press(app, game, "warrior-30")
    click(app, spot(game, (200.0, 215.0)))  # touching Ann's first
    click(app, spot(game, (400.0, 450.0)))
    bob = [m for m in match.state.models if m not in ann]
    click(app, spot(game, (560.0, 560.0)), button=3)  # stop placing
    table = table_of(match.state)

    def links():
        return {frozenset((a, b)): enemies for a, b, enemies, _pa, _pb in view.contact_links()}

    assert links() == {frozenset(ann[:2]): False, frozenset((ann[0], bob[0])): True}
    for (a, b), colour in (((ann[0], ann[1]), CONTACT_FRIEND), ((ann[0], bob[0]), CONTACT_ENEMY)):
        pa, pb = table.models[a].position, table.models[b].position
        assert tuple(app.surface.get_at(_meeting(view, pa, pb, 15, 15))[:3]) == colour
    # dragging Bob's far warrior up to Ann's third: the ghost's contact shows at once
    far, target = table.models[bob[1]].position, table.models[ann[2]].position
    mouse_down(app, spot(game, far))
    goal = (target[0], target[1] + 31.0)
    for k in range(1, 7):
        move(app, spot(game, (far[0] + (goal[0] - far[0]) * k / 6, far[1] + (goal[1] - far[1]) * k / 6)), (1, 0, 0))
    assert links().get(frozenset((bob[1], ann[2]))) is True
    ghost = view.drag.ghost
    assert tuple(app.surface.get_at(_meeting(view, ghost, target, 15, 15))[:3]) == CONTACT_ENEMY
    mouse_up(app, spot(game, goal))
    assert links().get(frozenset((bob[1], ann[2]))) is True
    # in play too: friends as they were laid out (no one starts touching an enemy) ...
    for warrior, far in ((bob[0], (200.0, 300.0)), (bob[1], (400.0, 450.0))):
        match.act(Action("place_model", model=warrior, at=far))
    in_play(match)
    game.view.refresh()
    app.run_until_idle()
    assert links() == {frozenset(ann[:2]): False}
    # ... and enemies who came into contact
    match.state = position(
        warriors={"ann": Warrior(0, (200, 200)), "bob": Warrior(1, (230.5, 200))}, phase=ACTIVATION, active="ann"
    )
    game.view.refresh()
    app.run_until_idle()
    assert links() == {frozenset(("ann", "bob")): True}
    assert tuple(app.surface.get_at(_meeting(view, (200, 200), (230.5, 200), 15, 15))[:3]) == CONTACT_ENEMY


# -- laying out ------------------------------------------------------------------------------------------


def test_terrain_and_warriors_are_placed_from_the_palette(app):
    match = new_match(start="empty")
    game = open_game(app, match)
    press(app, game, "terrain-small_hill")
    assert game.view.placing_kind == "small_hill"
    key(app, pygame.K_r)
    click(app, spot(game, (300.0, 300.0)))
    action = match.log[-1].action
    assert action.kind == "add_piece" and action["terrain"] == "small_hill" and action["rotation"] == 15.0
    assert math.dist(action["at"], (300, 300)) < 1.5 / game.view.scale
    click(app, spot(game, (300.0, 300.0)), button=3)
    assert game.view.placing_kind is None
    key(app, pygame.K_RETURN)  # the table to Bob, whose unit has warriors on 40 mm bases
    press(app, game, "warrior-40")
    click(app, spot(game, (100.0, 100.0)))
    action = match.log[-1].action
    assert action.kind == "add_model" and action["base"] == 40.0
    # a second warrior pointed at the first lands touching it, never overlapping
    click(app, spot(game, (110.0, 100.0)))
    first, second = list(match.state.models.values())
    assert math.dist(first["position"], second["position"]) >= 40.0 - 1e-6


def test_dragging_terrain_moves_it_and_never_onto_another_piece(app):
    """Dropped on a small piece, a wall lands beside it, where its ghost showed."""
    match = new_match(spacing="warn")
    game = open_game(app, match)
    table = table_of(match.state)
    start, goal = table.pieces["wall-1"].position, table.pieces["energy-field-generator"].position
    mouse_down(app, spot(game, start))
    for k in range(1, 7):
        point = (start[0] + (goal[0] - start[0]) * k / 6, start[1] + (goal[1] - start[1]) * k / 6)
        move(app, spot(game, point), (1, 0, 0))
    ghost = game.view.drag.ghost
    mouse_up(app, spot(game, goal))
    action = match.log[-1].action
    assert action.kind == "place_piece" and action["piece"] == "wall-1" and action["at"] == ghost
    after = table_of(match.state)
    assert not after.piece_overlaps(
        after.pieces["wall-1"], after.pieces["wall-1"].position, after.pieces["wall-1"].rotation
    )


def test_delete_removes_the_selected_piece_while_laying_out(app):
    match = new_match()
    game = open_game(app, match)
    click(app, spot(game, table_of(match.state).pieces["tree-2"].position))
    assert game.view.selected == "tree-2"
    # a click without moving does not move the piece
    assert not match.log
    key(app, pygame.K_DELETE)
    assert match.log[-1].action == Action("remove_piece", piece="tree-2")


def test_ready_and_pass_buttons(app):
    match = new_match()
    game = open_game(app, match)
    press(app, game, "ready")
    assert match.actor == 1 and match.state.phase == LAYOUT
    press(app, game, "ready")
    assert match.state.phase == BIDDING
    through_the_bid(match, 0)  # the bid's own screen test: test_screen_bidding.py
    game.after_change([], settle=False)
    app.run_until_idle()
    assert match.state.phase == NAMING
    assert any(h.name.startswith("roster-") for h in game.view.hits)
    click(app, spot(game, "m01"))  # Tony, GES 4
    press(app, game, "name")
    assert match.state.named == ["m01"] and match.actor == 1
    press(app, game, "pass")  # Bob lets him stand
    assert match.state.phase == ACTIVATION and match.state.active == "m01"
    press(app, game, "done")
    assert match.state.phase == NAMING and match.actor == 1


# -- the view --------------------------------------------------------------------------------------


def test_the_controls_tooltips_name_the_tool_its_key_and_why_a_button_is_off(app):
    game = open_game(
        app,
        new_match(
            unit_1=bundled_unit("unit-a").to_setup(), unit_2=bundled_unit("unit-b").to_setup(), preparation="free"
        ),
    )
    view = game.view
    assert all(isinstance(hit, Hit) for hit in view.hits)  # the controls every view shares
    hits = {hit.name: hit for hit in view.hits}
    assert not hits["ready"].enabled
    assert game.board_tooltip(hits["ready"].rect.center).text == (
        "Your side of the table is laid out: say so\nPlace at least one of your warriors first."
    )
    assert game.board_tooltip(hits["end_turn"].rect.center).text == "Hand the table to the other player (Enter)"
    assert game.board_tooltip(hits["tool-measure"].rect.center).text == "Tape measure (M)"
    assert game.board_tooltip(hits["toggle-grid"].rect.center).text == "Centimetre grid (G)"


def test_wheel_zooms_about_the_pointer_and_keys_toggle(app):
    game = open_game(app, new_match())
    view = game.view
    centre = spot(game, (300.0, 300.0))
    move(app, centre)
    scale = view.scale
    wheel(app, 2)
    assert view.scale > scale
    assert view.to_table(centre) == pytest.approx((300.0, 300.0), abs=1.0)
    key(app, pygame.K_0)
    assert view.scale == pytest.approx(view.fit_scale)
    grid, reach = view.show_grid, view.show_reach
    key(app, pygame.K_g)
    key(app, pygame.K_a)
    assert view.show_grid != grid and view.show_reach != reach
    drag(app, centre, (centre[0] + 40, centre[1]), button=3)  # a right drag pans
    assert view.ox != round(view.viewport.centerx - 300 * view.scale)


def test_the_reach_of_the_selected_warrior_is_drawn_from_the_geometry(app):
    match = in_play(new_match(), "m13")
    game = open_game(app, match)
    click(app, spot(game, "m13"))
    app.tick(0)
    assert game.view._reach is not None and game.view._reach[1] is not None
    area = reach_of(table_of(match.state), "m13")
    assert area.polygons


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_the_table_draws_at_both_sizes(size):
    match = in_play(new_match())
    surface = render.render_game(match, size)
    assert surface.get_size() == size
    # the mat's green shows in the middle of the board area
    r, g, b = surface.get_at((int(size[0] * 0.3), int(size[1] * 0.55)))[:3]
    assert g > b and g > 60


def test_with_shift_the_warrior_follows_the_path_drawn(app):
    match = in_play(new_match(), "m12")
    game = open_game(app, match)
    x, y = table_of(match.state).models["m12"].position
    corner, goal = (x + 40.0, y), (x + 40.0, y + 40.0)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        mouse_down(app, spot(game, "m12"))
        for k in range(1, 9):
            move(app, spot(game, (x + 5.0 * k, y)), (1, 0, 0))
        for k in range(1, 9):
            move(app, spot(game, (x + 40.0, y + 5.0 * k)), (1, 0, 0))
        mouse_up(app, spot(game, goal))
    finally:
        pygame.key.set_mods(0)
    action = match.log[-1].action
    assert action.kind == "move" and action["model"] == "m12"
    path = action["path"]
    assert len(path) >= 3
    assert min(math.dist(p, corner) for p in path[1:-1]) < 3.0
    assert math.dist(path[-1], goal) < 2.0 / game.view.scale


def test_the_readme_picture_is_made_again_by_its_script(tmp_path):
    """docs/screenshots/skirmish.png comes from tabletop/games/skirmish/showcase.py:
    the demo table after a few activations, the sight between a warrior and an enemy shown
    with its obstacles."""
    from pathlib import Path

    from tabletop.games.skirmish import showcase

    out = showcase.make(tmp_path / "skirmish.png", (1280, 680))
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 680)
    bundled = pygame.image.load(str(Path(__file__).parents[2] / "docs" / "screenshots" / "skirmish.png"))
    assert bundled.get_size() == (1920, 1080)


@pytest.mark.parametrize("code", ["en", "nl", "fr", "de"])
def test_the_readme_game_picture_says_what_to_do_whole(tmp_path, monkeypatch, code):
    """docs/screenshots/skirmish-game-1280x680.png (showcase --book): the readout below
    the active warrior's large card has room for one line in English; it says what to do
    whole, not cut with an ellipsis. In the other languages the attacks' buttons take two
    rows and leave no room for the box; drawn, it would say it whole."""
    from tabletop import i18n
    from tabletop.games.skirmish import showcase
    from tabletop.games.skirmish.screen import readout
    from tabletop.ui import art

    drawn: list[str] = []
    inside = []
    text, draw = art.text, readout.InfoBox.draw

    def recorded(surface, content, *args, **kwargs):
        if inside:
            drawn.append(content)
        return text(surface, content, *args, **kwargs)

    def drawing(box, surface):
        inside.append(True)
        try:
            draw(box, surface)
        finally:
            inside.clear()

    monkeypatch.setattr(art, "text", recorded)
    monkeypatch.setattr(readout.InfoBox, "draw", drawing)
    try:
        i18n.set_language(code)
        showcase.make_book(tmp_path / "skirmish-game.png", (1280, 680))
        wanted = i18n._("Drag the active warrior.")
    finally:
        i18n.set_language("en")
    assert drawn == ([wanted] if code == "en" or drawn else []), drawn
