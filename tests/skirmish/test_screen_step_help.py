"""The side panel's help box says what the step asks: during the bid, preparation
step 6a (placing non-player warriors) and the end phase's non-player activation it
names the step and shows its prompt, not the select tool's "drag the active
warrior" help; at both window sizes."""

from __future__ import annotations

import pygame
from driving import Painted, key, open_game

from .test_non_player_play import at_infestation
from .test_non_player_screen import charge_in_the_end_phase
from .test_screen_bidding import bidding_match

MOVE_HELP = "Drag the active warrior."


def help_box(app, game, monkeypatch) -> str:
    """The words drawn inside the side panel's help box."""
    app.run_until_idle()
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    box = game.view.info.rect
    assert box.h > 0
    return " ".join(painted.within(box))


def test_the_bid_help_box_says_to_bid(app, monkeypatch):
    game = open_game(app, bidding_match())
    key(app, pygame.K_SPACE)  # Ann has the laptop
    words = help_box(app, game, monkeypatch)
    assert "Select and move" not in words and "Drag the active" not in words
    assert words.startswith("Bid ") and "Bid strategy points in private" in words


def test_placing_non_player_warriors_help_box_says_to_place_them(app, monkeypatch):
    game = open_game(app, at_infestation(3))
    key(app, pygame.K_SPACE)
    words = help_box(app, game, monkeypatch)
    assert "Select and move" not in words and "Drag the active" not in words
    assert words.startswith("Non-player warriors") and "Place non-player warriors in turns" in words


def test_the_end_phase_help_box_says_to_activate_the_non_players(app, monkeypatch):
    game = open_game(app, charge_in_the_end_phase())
    words = help_box(app, game, monkeypatch)
    assert "Select and move" not in words and "Drag the active" not in words
    assert words.startswith("End phase") and "click one still to be activated" in words
