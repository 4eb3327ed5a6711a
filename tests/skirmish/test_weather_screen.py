"""The weather on the skirmish screen (optional rule 3): a badge at the right of the
side panel's heading with each weather's drawn icon and its name, its effect in the
tooltip; the reach and the help line take a storm's 8 cm from the rules. Every test
runs at both window sizes."""

from __future__ import annotations

from driving import Painted, click, control, open_game, press

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.screen.weather_badge import CLOUD
from tabletop.games.skirmish.table import measure

from .test_preparation import book_match
from .test_screen_tools import readout_texts, spot


def shown(app, game, monkeypatch) -> Painted:
    """The curtain opened for the seat to act, the panels drawn afresh."""
    if game.curtain_closed:
        game.reveal()
    app.run_until_idle()
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.view.draw(app.surface)
    return painted


def test_the_weather_in_force_shows_at_the_panels_heading_with_its_effect_in_the_tooltip(app, monkeypatch):
    match = book_match(weather="on", weather_faces=(1, 2))
    game = open_game(app, match)
    painted = shown(app, game, monkeypatch)
    panel = game.view.side.rect
    badge = control(game, "weather")
    assert panel.contains(badge.rect) and badge.rect.right > panel.centerx  # at the heading's right
    heading = next(rect for text, rect in painted.texts if text == "Preparation")
    assert badge.rect.top <= heading.centery <= badge.rect.bottom  # on the heading's line
    assert "Storm" in painted.within(badge.rect)
    assert badge.tooltip == "Storm: Every movement action is limited to 8 cm instead of 10."
    # the drawn cloud of the icon, left of the name
    name = next(rect for text, rect in painted.texts if text == "Storm")
    clouds = [
        (x, y)
        for x in range(badge.rect.x, name.x)
        for y in range(badge.rect.y, badge.rect.bottom)
        if all(abs(a - b) <= 12 for a, b in zip(app.surface.get_at((x, y))[:3], CLOUD, strict=True))
    ]
    assert len(clouds) > 20
    assert game.view.side.reading.table.allowance == 80.0  # the reach and the path readout ask the rules


def test_without_the_weather_option_no_badge_is_shown(app, monkeypatch):
    game = open_game(app, book_match())
    shown(app, game, monkeypatch)
    assert all(hit.name != "weather" for hit in game.view.hits)
    assert game.view.side.reading.table.allowance == 100.0


def test_two_weathers_show_both_icons_and_both_effects(app, monkeypatch):
    match = book_match(weather="two", weather_faces=(1, 2))
    match.roll((6, 6))
    game = open_game(app, match)
    shown(app, game, monkeypatch)
    tooltip = control(game, "weather").tooltip.splitlines()
    assert tooltip == [
        "Storm: Every movement action is limited to 8 cm instead of 10.",
        "Snowstorm: A tactical card costs 3 SP instead of 2.",
    ]


def test_the_sight_tool_says_the_fog_hides_a_warrior_farther_than_15_cm(app, monkeypatch):
    options = {**RULES.default_options(), "weather": "on"}
    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), options, 0), 1)
    match.roll((2, 2))  # dense fog
    game = open_game(app, match)
    table = game.view.table
    far = next(m for m in table.models if m != "m13" and measure.edge_distance(table, "m13", m) > 200)
    press(app, game, "tool-sight")
    click(app, spot(game, "m13"))
    click(app, spot(game, far))
    assert "In the fog nothing farther than 15 cm is seen." in readout_texts(app, game, monkeypatch)
