"""The skirmish screen's keys: the help (F1) names exactly the keys the screen
handles, and each of them does what the help says."""

from __future__ import annotations

import pygame
import pytest
from driving import click, key, open_game

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import table_of

#: every key the screen handles, by the name the help gives it
HANDLED = {
    pygame.K_v: "V",
    pygame.K_m: "M",
    pygame.K_l: "L",
    pygame.K_e: "E",
    pygame.K_f: "F",
    pygame.K_a: "A",
    pygame.K_g: "G",
    pygame.K_r: "R",
    pygame.K_PLUS: "+",
    pygame.K_EQUALS: "+",
    pygame.K_KP_PLUS: "+",
    pygame.K_MINUS: "-",
    pygame.K_KP_MINUS: "-",
    pygame.K_0: "0",
    pygame.K_KP0: "0",
    pygame.K_HOME: "Home",
    pygame.K_LEFT: "arrows",
    pygame.K_RIGHT: "arrows",
    pygame.K_UP: "arrows",
    pygame.K_DOWN: "arrows",
    pygame.K_DELETE: "Delete",
    pygame.K_BACKSPACE: "Backspace",
    pygame.K_RETURN: "Enter",
    pygame.K_KP_ENTER: "Enter",
}
#: what the help names beside the keys: the mouse, and Shift while dragging
NOT_KEYS = {"Wheel", "Right drag", "Shift"}


def new_match() -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    return Match(RULES, setup, 1)


def named(view) -> set[str]:
    return {name for keys, _what in view.shortcuts() for name in keys.split(" / ")}


def test_the_help_names_exactly_the_keys_the_screen_handles(app):
    game = open_game(app, new_match())
    assert named(game.view) - NOT_KEYS == set(HANDLED.values())
    # the keys that do not act on the match are taken; other keys are not
    for code, name in HANDLED.items():
        if name not in ("Delete", "Backspace", "Enter"):
            assert game.view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0)), name
    for code in (pygame.K_x, pygame.K_1, pygame.K_TAB, pygame.K_PAGEUP):
        assert not game.view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))


def test_plus_and_minus_zoom_home_shows_the_whole_table_and_backspace_removes(app):
    match = new_match()
    game = open_game(app, match)
    view = game.view
    fitted = view.scale
    key(app, pygame.K_PLUS)
    assert view.scale > fitted
    key(app, pygame.K_HOME)
    assert view.scale == pytest.approx(view.fit_scale)
    key(app, pygame.K_MINUS)
    assert view.scale < fitted
    key(app, pygame.K_0)
    click(app, view.to_screen(table_of(match.state).pieces["tree-2"].position))
    key(app, pygame.K_BACKSPACE)
    assert match.log[-1].action == Action("remove_piece", piece="tree-2")
    key(app, pygame.K_KP_ENTER)
    assert match.log[-1].action == Action("end_turn")
