"""Counts in Eden's players panel go through the plural forms of the language shown."""

from __future__ import annotations

from driving import open_game

from tabletop.games.eden.rules import RULES

from .table import board_position


def test_the_points_still_to_win_take_the_plural_form(app):
    match = board_position()
    target = RULES.tables.economy.target_points
    match.state.points[0], match.state.points[1] = target - 1, target - 2
    screen = open_game(app, match)
    app.set_language("fr")
    try:
        summary = screen.view.players_summary()
        assert summary[0].details[0] == "manque 1"
        assert summary[1].details[0] == "manquent 2"
    finally:
        app.set_language("en")
