"""Laying out the table as players see it: the ghost of a piece or a warrior stands
where the drop lands (or, outlined red, says why it cannot land there), and the
warriors that may not start play where they stand are ringed red while `ready` is off
with the rules' reason."""

from __future__ import annotations

import math

from driving import Painted, click, control, move, open_game, press

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import kinds, table_of
from tabletop.games.skirmish.screen.deployment import SLIDE
from tabletop.games.skirmish.screen.marks import MISPLACED_RING
from tabletop.games.skirmish.screen.overlay import BAD, WARN
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.terrain import TerrainPiece


def new_match(**options) -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def outline_colours(app, view, kind: str, at, rotation: float = 0.0) -> list[tuple[int, int, int]]:
    """The colours on the screen at the middle of each side of a piece's outline
    (a pixel either way, the line being a few pixels wide)."""
    outline = planar.transform(planar.orient(kinds()[kind].footprint), at, rotation)
    found = []
    for a, b in zip(outline, outline[1:] + outline[:1], strict=False):
        x, y = view.to_screen(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                found.append(tuple(app.surface.get_at((round(x) + dx, round(y) + dy)))[:3])
    return found


def test_the_ghost_of_a_piece_stands_where_the_drop_lands(app, monkeypatch):
    match = new_match(start="empty")  # the spacing is enforced: 5 cm
    match.act(Action("add_piece", terrain="wall", at=(300.0, 300.0), rotation=0.0))
    game = open_game(app, match)
    view = game.view
    press(app, game, "terrain-tree")
    painted = Painted(monkeypatch)
    pointer = (300.0, 340.0)  # a tree here would come 1.3 cm from the wall: it slides away
    move(app, view.to_screen(pointer))
    placing = view.placing
    ghost = placing.ghost
    assert placing.valid and ghost is not None
    slid = math.dist(ghost, pointer)
    assert 20.0 < slid <= 50.0 + SLIDE
    assert table_of(match.state).piece_fits(TerrainPiece("new", kinds()["tree"], ghost, 0.0), ghost, 0.0, 50.0)
    # drawn there, outlined amber, with how far it slid beside it (not again in the readout: its box is small)
    assert outline_colours(app, view, "tree", ghost).count(WARN) >= 8
    note = f"Lands {slid / 10:.1f} cm from the pointer, where it fits."
    assert note in painted.drawn() and note not in view.info_lines()
    click(app, view.to_screen(pointer))
    action = match.log[-1].action
    assert action == Action("add_piece", terrain="tree", at=ghost, rotation=0.0)


def test_a_piece_that_cannot_land_near_the_pointer_shows_red_with_the_rules_refusal(app, monkeypatch):
    match = new_match(start="empty")
    match.act(Action("add_piece", terrain="dense_forest", at=(300.0, 300.0), rotation=0.0))
    game = open_game(app, match)
    view = game.view
    press(app, game, "terrain-tree")
    painted = Painted(monkeypatch)
    pointer = (300.0, 300.0)  # the middle of the forest: the nearest free spot is far off
    move(app, view.to_screen(pointer))
    placing = view.placing
    spot = placing.ghost
    assert not placing.valid and math.dist(spot, pointer) < 2 / view.scale  # under the pointer
    reason = game.ctx.check(Action("add_piece", terrain="tree", at=spot, rotation=0.0))
    assert reason == "The terrain piece would overlap another terrain piece."
    assert placing.note == reason and reason in painted.drawn() and reason not in view.info_lines()  # by the ghost
    assert outline_colours(app, view, "tree", spot).count(BAD) >= 8
    logged = len(match.log)
    click(app, view.to_screen(pointer))
    assert len(match.log) == logged and len(match.state.pieces) == 1


def test_the_ghost_of_a_warrior_lands_beside_the_pointer_or_shows_why_not(app):
    match = new_match(start="empty", deployment="open_battle")  # Ann deploys along the top edge
    game = open_game(app, match)
    view = game.view
    match.act(Action("add_model", base=30.0, at=(300.0, 40.0)))
    view.refresh()
    press(app, game, "warrior-30")
    placing = view.placing
    # pointed half over the first: it lands touching it, where its ghost stood
    move(app, view.to_screen((315.0, 40.0)))
    assert placing.valid and math.dist(placing.ghost, (300.0, 40.0)) >= 30.0 - 1e-6
    ghost = placing.ghost
    click(app, view.to_screen((315.0, 40.0)))
    assert match.log[-1].action == Action("add_model", base=30.0, at=ghost)
    # out in the middle of the table: outside the zone, in the rules' words
    move(app, view.to_screen((300.0, 300.0)))
    assert not placing.valid and placing.note == "Your warriors deploy wholly inside your zone."
    centre = view.to_screen(placing.ghost)
    ring = 15.0 * view.scale + game.view.theme.px(3)
    edge = (round(centre[0] + ring), round(centre[1]))
    assert any(tuple(app.surface.get_at((edge[0] + dx, edge[1])))[:3] == BAD for dx in range(-2, 3)), (
        "the refused ghost is ringed red"
    )


def test_warriors_that_may_not_start_where_they_stand_are_ringed_and_ready_says_why(app):
    match = new_match(deployment="open_battle")  # the demo's warriors stand all over the table
    game = open_game(app, match)
    view = game.view
    table = table_of(match.state)
    outside = set(deployment.outside_zone(table, 0, "top", "open_battle"))
    inside = {m.id for m in table.models.values() if m.side == 0} - outside
    assert outside and inside
    hit = control(game, "ready")
    assert not hit.enabled
    reason = game.ctx.check(Action("ready"))
    assert reason is not None and "stand outside your deployment zone" in reason
    assert reason in game.board_tooltip(hit.rect.center).text

    def ringed(model_id: str) -> bool:
        """Red on the ring's circle at four places round the token."""
        model = table.models[model_id]
        x, y = view.to_screen(model.position)
        grow, width = MISPLACED_RING
        r = model.radius * view.scale + view.theme.px(grow) - view.theme.px(width) / 2
        return all(
            any(
                tuple(app.surface.get_at((round(x + (r + dr) * math.cos(a)), round(y + (r + dr) * math.sin(a)))))[:3]
                == BAD
                for dr in (-2, -1, 0, 1, 2)
            )
            for a in (0.3, 1.9, 3.5, 5.1)
        )

    assert [m for m in outside if not ringed(m)] == []
    assert not any(ringed(m) for m in inside)


def test_the_ready_button_is_on_once_no_enemies_touch(app):
    match = new_match(start="empty")
    match.act(Action("add_model", base=30.0, at=(200.0, 200.0)))
    match.act(Action("end_turn"))
    match.act(Action("add_model", base=30.0, at=(230.5, 200.0)))  # touching Ann's
    game = open_game(app, match)
    assert not control(game, "ready").enabled
    assert game.view.reading.misplaced == set(match.state.models)
    bob = list(match.state.models)[1]
    match.act(Action("place_model", model=bob, at=(300.0, 200.0)))
    game.view.refresh()
    app.run_until_idle()
    assert game.view.reading.misplaced == set()
    press(app, game, "ready")
    assert match.state.ready == [False, True]


# -- the palette ---------------------------------------------------------------------------------


def test_the_kind_under_the_pointer_in_the_palette_is_told_with_its_properties(app, monkeypatch):
    match = new_match(start="empty", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    painted = Painted(monkeypatch)
    move(app, control(game, "terrain-dense_forest").rect.center)
    box = view.info.rect
    shown = " ".join(painted.within(box))
    # name, size (its footprint's bounds), terrain points and terrain.yaml's properties
    for words in (
        "Dense forest",
        "10 × 7.4 cm",
        "2 terrain points",
        "sight obstacle −3",
        "each cm counts 2",
        "hostile 1",
        "destruction 6",
        "flammable",
        "hiding place",
    ):
        assert words in shown, words
    assert not any(text.endswith("…") for text in painted.within(box))
    # a rocky hill, picked, while the pointer is on the table: its details above what to do
    press(app, game, "terrain-rocky_hill")
    painted.texts.clear()
    move(app, view.to_screen((300.0, 300.0)))
    shown = " ".join(painted.within(box))
    assert "Rocky hill" in shown and "high ground" in shown and "climb" in shown
    assert " cm · " in view.info_lines()[0]


def test_the_palette_names_only_what_the_basic_rules_read(app, monkeypatch):
    match = new_match(start="empty")
    game = open_game(app, match)
    painted = Painted(monkeypatch)
    move(app, control(game, "terrain-dense_forest").rect.center)
    shown = " ".join(painted.within(game.view.info.rect))
    assert "Dense forest" in shown and "sight obstacle −1" in shown and "may be crossed" in shown
    assert "terrain point" not in shown and "hiding place" not in shown
