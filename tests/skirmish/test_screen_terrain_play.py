"""The extended terrain rules on the skirmish screen: the active warrior's panel offers
a jump (its end clicked in the hatched area), an attack on the wall it touches and a
hiding in the heap it touches, each off with the rules' reason; a hidden warrior wears
the hiding marker. Every test runs at both window sizes."""

from __future__ import annotations

from driving import click, control, open_game, press

from tabletop.engine.core import CHANCE, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION
from tabletop.games.skirmish.screen.terrain_reach import HIDDEN_BADGE, HIDDEN_RING


def _match(terrain, warriors, active: str) -> Match:
    options = {**RULES.default_options(), "ruleset": "terrain"}
    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), options, 0), 1)
    match.state = position(
        terrain=terrain, warriors=warriors, phase=ACTIVATION, active=active, options={"ruleset": "terrain"}
    )
    return match


def test_a_jump_is_offered_and_its_end_clicked_in_the_hatched_area(app):
    match = _match(
        {"chasm": Piece("chasm", (300, 440))},
        {"yuri": Warrior(0, (300, 420.6), "yuri"), "kira": Warrior(1, (500, 100), "kira")},
        "yuri",
    )
    game = open_game(app, match)
    game.view.choose("yuri")
    jump = control(game, "fight-jump-chasm")
    assert jump is not None and jump.enabled
    press(app, game, "fight-jump-chasm")
    assert game.view.fight.armed == ("jump", "chasm")
    assert game.view.fight.armed_lines()[0] == "Click a point in the hatched area where the move ends."
    # beside the chasm, not over it: nothing happens
    click(app, game.view.to_screen((200.0, 420.0)))
    assert match.state.pending is None and game.view.fight.armed == ("jump", "chasm")
    # beyond it, 6 cm below Yuri: the jump is made, its GES roll drawn
    click(app, game.view.to_screen((300.0, 480.0)))
    made = [entry.action for entry in match.log if entry.action.kind == "jump"]
    assert made and made[0]["piece"] == "chasm"
    at = made[0]["at"]
    assert abs(at[0] - 300) < 2 and abs(at[1] - 480) < 2  # where the click fell, to a pixel
    yuri = match.state.models.get("yuri")
    assert yuri is None or (yuri["position"] == list(at) and yuri["ap"] == 2)
    assert RULES.actor(match.state) != CHANCE


def test_a_piece_is_attacked_and_a_hiding_place_used_at_once_with_the_reasons_when_they_cannot(app):
    match = _match(
        {"wall": Piece("wall", (300, 300)), "heap": Piece("rubbish_heap", (150, 150))},
        {"vladd": Warrior(0, (300, 320), "vladd"), "kira": Warrior(1, (500, 500), "kira")},
        "vladd",
    )
    game = open_game(app, match)
    attack = control(game, "fight-attack_piece-wall")
    assert attack is not None and attack.enabled
    press(app, game, "fight-attack_piece-wall")
    assert match.state.pieces["wall"]["damage"] == 1 and match.state.models["vladd"]["ap"] == 2
    # Kessler 14 cm from Kira: she cannot hide
    match = _match(
        {"heap": Piece("rubbish_heap", (300, 300))},
        {"w": Warrior(0, (250, 300), "kira"), "k": Warrior(1, (80, 300), "kessler")},
        "w",
    )
    game = open_game(app, match)
    hide = control(game, "fight-hide-heap")
    assert not hide.enabled and "hiding needs every enemy 15 cm away or more" in hide.tooltip


def test_a_hidden_warrior_wears_the_hiding_marker(app):
    match = _match(
        {"heap": Piece("rubbish_heap", (300, 300))},
        {"kira": Warrior(0, (250, 300), "kira"), "kessler": Warrior(1, (60, 300), "kessler")},
        "kira",
    )
    game = open_game(app, match)
    press(app, game, "fight-hide-heap")
    assert match.state.models["kira"]["hidden"] == "heap"
    game.view.draw(app.surface)
    kira = game.view.reading.table.models["kira"]
    cx, cy = game.view.to_screen(kira.position)
    r = kira.radius * game.view.scale + game.view.theme.px(5)
    badge = (round(cx + r * 0.72), round(cy - r * 0.72 + max(8, game.view.theme.px(11)) * 0.5))
    colours = {
        tuple(app.surface.get_at((badge[0] + dx, badge[1] + dy)))[:3] for dx in range(-3, 4) for dy in range(-3, 4)
    }
    assert HIDDEN_BADGE in colours or HIDDEN_RING in colours
