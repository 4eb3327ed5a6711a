"""Beside the reach, under the extended terrain rules, the screen shows where each
climb, swim and jump the selected warrior may begin could end, with its name and AP."""

from __future__ import annotations

import pygame
from driving import Painted, open_game

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION
from tabletop.games.skirmish.screen.terrain_reach import COLOURS, HOSTILE


def yuri_at_the_chasm(ruleset: str) -> Match:
    setup = Setup(
        (PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), "ruleset": ruleset}, 0
    )
    match = Match(RULES, setup, 1)
    match.state = position(
        terrain={"chasm": Piece("chasm", (300, 440))},
        warriors={"yuri": Warrior(0, (300, 420.6), "yuri"), "kira": Warrior(1, (500, 100), "kira")},
        phase=ACTIVATION,
        active="yuri",
        options={"ruleset": ruleset},
    )
    return match


def shown(app, game, monkeypatch) -> list[str]:
    game.view.choose("yuri")
    painted = Painted(monkeypatch)
    game.view.draw(app.surface)
    return painted.drawn()


def test_the_jump_over_the_chasm_is_drawn_beside_the_reach_with_its_ap(app, monkeypatch):
    game = open_game(app, yuri_at_the_chasm("terrain"))
    assert "Jump: 1 AP" in shown(app, game, monkeypatch)
    # beyond the chasm, 8 cm below Yuri, the table takes the jump's violet tint
    spot = game.view.to_screen((300, 500))
    spot = (round(spot[0]), round(spot[1]))
    tinted = tuple(app.surface.get_at(spot))[:3]
    monkeypatch.setattr(game.view.terrain_reach, "draw", lambda surface: None)
    game.view.draw(app.surface)
    plain = tuple(app.surface.get_at(spot))[:3]
    assert COLOURS["jump"][2] > COLOURS["jump"][1]
    assert tinted[2] - tinted[1] > plain[2] - plain[1] + 10


def test_under_the_basic_rules_no_terrain_move_is_drawn(app, monkeypatch):
    game = open_game(app, yuri_at_the_chasm("basic"))
    assert not [text for text in shown(app, game, monkeypatch) if text.endswith(" AP") and ":" in text]


def test_nothing_is_drawn_when_the_reach_is_hidden(app, monkeypatch):
    game = open_game(app, yuri_at_the_chasm("terrain"))
    game.view.choose("yuri")
    game.view.hand.show_reach = False
    painted = Painted(monkeypatch)
    game.view.draw(app.surface)
    assert "Jump: 1 AP" not in painted.drawn()
    assert pygame.Rect(game.view.rect).w > 0


def nia_at_the_lake(ruleset: str) -> Match:
    """Nia (Bob's, blue) 2 cm right of the contaminated lake (Lebensfeindlich 1), whose
    right corner is at (360, 300)."""
    setup = Setup(
        (PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), "ruleset": ruleset}, 0
    )
    match = Match(RULES, setup, 1)
    match.state = position(
        terrain={"lake": Piece("contaminated_lake", (300, 300))},
        warriors={"nia": Warrior(1, (395, 300), "nia"), "kira": Warrior(0, (500, 100), "kira")},
        phase=ACTIVATION,
        active="nia",
        options={"ruleset": ruleset},
    )
    return match


def _reddish(app, game, centre, reach_mm: float) -> int:
    """How many pixels about a table point are strongly red (the hostile hatching)."""
    x, y = game.view.to_screen(centre)
    half = max(3, round(reach_mm * game.view.camera.scale))
    count = 0
    for px in range(round(x) - half, round(x) + half):
        for py in range(round(y) - half, round(y) + half):
            r, g, b = tuple(app.surface.get_at((px, py)))[:3]
            count += r > g + 60 and r > b + 60
    return count


def test_where_a_move_would_end_in_hostile_terrain_is_hatched_over_the_reach(app, monkeypatch):
    game = open_game(app, nia_at_the_lake("terrain"))
    game.view.choose("nia")
    game.view.draw(app.surface)
    # the band the base would overlap the lake in, 10 mm deep at most: beside the corner
    in_band = _reddish(app, game, (362, 300), 4)
    # beyond the reach, the lake's far side: nothing hatched
    far = _reddish(app, game, (250, 300), 4)
    assert in_band > 5 and far == 0
    # without the band the same spot shows no red hatching
    basic = open_game(app, nia_at_the_lake("basic"))
    basic.view.choose("nia")
    basic.view.draw(app.surface)
    assert _reddish(app, basic, (362, 300), 4) == 0
    assert HOSTILE[0] > HOSTILE[1] + 60
