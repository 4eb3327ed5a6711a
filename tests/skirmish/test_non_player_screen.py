"""Non-player warriors on the skirmish screen (screen/non_players.py), at both window
sizes: in preparation step 6a the panel lists what the pool buys, the area where
they may stand is shaded, a ghost off it says why not, a click places one in its
neutral colour; in the end phase those still to be activated are ringed, a click
activates one, the prompt says what it must do and who acts for it, a click on its
target carries it out."""

from __future__ import annotations

from driving import Painted, click, control, move, open_game, press

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import END, NON_PLAYER_COLOUR, NON_PLAYER_SIDE
from tabletop.games.skirmish.play.warriors import ROUND_AP
from tabletop.games.skirmish.screen.marks import KNOT_EDGE
from tabletop.games.skirmish.screen.overlay import rgb

from .test_non_player_play import at_infestation


def pixel(app, game, at) -> tuple[int, int, int]:
    game.draw(app.surface)
    x, y = game.view.to_screen(at)
    return tuple(app.surface.get_at((int(x), int(y))))[:3]


def test_placing_shows_the_area_and_the_reason_and_a_click_places_one(app, monkeypatch):
    match = at_infestation(3)
    game = open_game(app, match)
    assert control(game, "nsk-mutant").enabled  # the pool of 3 buys a Mutant
    # the area (within 20 cm of the centre: B's mission is secret) is shaded gold on the mat
    inside, outside = pixel(app, game, (300.0, 130.0)), pixel(app, game, (300.0, 80.0))
    assert inside != outside and inside[0] > outside[0] and inside[2] <= outside[2] + 5
    press(app, game, "nsk-plunderer")
    painted = Painted(monkeypatch)
    move(app, game.view.to_screen((300.0, 60.0)))
    app.run_until_idle()
    game.draw(app.surface)
    assert any("within 20 cm of the table centre" in text for text in painted.drawn())
    click(app, game.view.to_screen((300.0, 60.0)))  # refused there, with the rules' reason
    app.run_until_idle()
    assert match.state.pools == [3, 3] and "within 20 cm of the table centre" in (app.toast_text or "")
    click(app, game.view.to_screen((300.0, 250.0)))
    app.run_until_idle()
    assert match.state.pools == [1, 3] and match.actor == 1
    assert control(game, "nsk-mutant").enabled and control(game, "nsk-plunderer").enabled  # B's pool of 3
    (placed,) = [m for m in match.state.models.values() if m["side"] == NON_PLAYER_SIDE]
    assert abs(placed["position"][0] - 300.0) < 3 and abs(placed["position"][1] - 250.0) < 3
    # drawn in the non-player warriors' own colour, no player's
    game.draw(app.surface)
    cx, cy = game.view.to_screen(tuple(placed["position"]))
    r = int(15 * game.view.scale * 0.8)
    grey = rgb(NON_PLAYER_COLOUR)
    spots = [(dx, dy) for dx in range(-r, r + 1, 2) for dy in range(-r, r + 1, 2) if dx * dx + dy * dy <= r * r]
    colours = [tuple(app.surface.get_at((int(cx + dx), int(cy + dy))))[:3] for dx, dy in spots]
    grey_ones = [c for c in colours if all(abs(a - b) < 30 for a, b in zip(c, grey, strict=True))]
    assert len(grey_ones) > len(colours) // 5


def charge_in_the_end_phase() -> Match:
    """A101's table in the end phase of round 1, begun by Ann: the Marodeur waits."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, 3)
    match.state = position(
        warriors={
            "marauder": Warrior(NON_PLAYER_SIDE, (300.0, 300.0), "marauder"),
            "tony": Warrior(0, (410.0, 300.0), "tony"),
            "kira": Warrior(1, (195.0, 300.0), "kira"),
        },
        phase=END,
    )
    return match


def plate_below(app, game, model_id) -> bool:
    """The AP plate's dark edge shows just below the warrior's base."""
    view = game.view
    model = view.reading.table.models[model_id]
    x, y = view.to_screen(model.position)
    pip = max(2, view.theme.px(4))
    below = round(y + model.radius * view.scale) + pip + view.theme.px(3)
    left = round(x) - (ROUND_AP * (pip * 2 + pip // 2 + 1)) // 2
    return tuple(app.surface.get_at((left, below)))[:3] == KNOT_EDGE[:3]


def test_activating_one_in_the_end_phase(app, monkeypatch):
    match = charge_in_the_end_phase()
    game = open_game(app, match)
    assert "click one still to be activated" in game.view.prompt()
    # ringed gold while it waits
    game.draw(app.surface)
    x, y = game.view.to_screen((300.0, 300.0))
    ring = int(15 * game.view.scale + game.view.theme.px(4))
    assert tuple(app.surface.get_at((int(x), int(y - ring))))[:3] == (236, 200, 90)
    # a player's warrior shows its AP as pips on a dark plate below its base; a
    # non-player warrior has none (S36)
    assert plate_below(app, game, "tony") and not plate_below(app, game, "marauder")
    click(app, (x, y))
    app.run_until_idle()
    assert match.state.end["nsk"] == "marauder"
    assert "Marauder must charge a warrior within 10 cm in sight: click its target." == game.view.prompt()
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    assert any(text in ("Ann acts for Marauder", "Ann acts") for text in painted.drawn())
    click(app, game.view.to_screen((195.0, 300.0)))  # Kira, the farther one
    app.run_until_idle()
    assert match.state.models["marauder"]["position"][0] < 300.0  # it charged Kira
    assert match.state.pending is not None and match.actor == 1  # Bob answers for Kira


def test_a_pick_ends_when_the_turn_passes_and_the_next_player_picks_for_himself(app):
    match = at_infestation(3)
    game = open_game(app, match)
    press(app, game, "nsk-plunderer")
    assert game.view.non_players.armed == "plunderer"
    click(app, game.view.to_screen((300.0, 250.0)))
    assert match.state.pools == [1, 3] and match.actor == 1
    # B's panel shows nothing picked: the Plunderer picked by A is put down
    assert game.view.non_players.armed is None
    # B's click on it picks it (it does not unpick A's), and his click on the table places it
    press(app, game, "nsk-plunderer")
    assert game.view.non_players.armed == "plunderer"
    click(app, game.view.to_screen((300.0, 450.0)))
    assert match.state.pools == [1, 1], app.toast_text
