"""Every label and button of the launcher, the new-game screen and the shell's
dialogs holds its whole text at both window sizes, and the text the shell draws
itself is not covered: measured with each widget's own font."""

from __future__ import annotations

import random

import pytest
from pygame_gui.elements import UIButton, UILabel

from tabletop.engine.core import ChanceSpec
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import Autosaver
from tabletop.games import registry
from tabletop.ui import art
from tabletop.ui.dialogs import DiceDialog, MenuDialog, ResultDialog, SaveDialog, SettingsDialog
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import Launcher
from tabletop.ui.saves_list import LoadDialog


def overflow(widget) -> tuple[int, int]:
    """How many pixels the widget's text is wider and taller than the room inside
    it (its border and shadow taken off); <= 0 when it fits."""
    width, height = widget.font.get_rect(widget.text).size
    room_w, room_h = widget.relative_rect.size
    if isinstance(widget, UIButton):
        border = widget.border_width
        sides = (border["left"] + border["right"], border["top"] + border["bottom"])
        room_w -= sides[0] + widget.shadow_width * 2 + widget.text_horiz_alignment_padding * 2
        room_h -= sides[1] + widget.shadow_width * 2
    return width - room_w, height - room_h


def cut_texts(layer) -> list[str]:
    """The labels and buttons of `layer` whose text does not fit (of those shown:
    a scroll bar with nothing to scroll has no room at all)."""
    found = []
    for widget in layer.ui.get_sprite_group().sprites():
        shown = widget.visible and widget.rect.w > 0 and widget.rect.h > 0
        if isinstance(widget, UILabel | UIButton) and shown and widget.text:
            wide, tall = overflow(widget)
            if wide > 0 or tall > 0:
                found.append(f"{type(widget).__name__} {widget.text!r}: {wide} px too wide, {tall} px too tall")
    return found


@pytest.fixture
def eden():
    """An Eden match of three, autosaved (the launcher offers Continue)."""
    rules = registry.get("eden")
    match = Match(rules, default_setup(rules, names=["Annabelle", "Bartholomew", "Christopher"]), 3)
    match.settle_chance()
    Autosaver(match).save()
    return match


def test_the_launchers_texts_fit(app, eden):
    app.open_launcher()
    app.run_until_idle()
    assert isinstance(app.top, Launcher) and app.top.autosave is not None
    assert cut_texts(app.top) == []
    app.push(LoadDialog(app))
    app.run_until_idle()
    assert cut_texts(app.top) == []
    app.pop()
    app.push(SettingsDialog(app))
    app.run_until_idle()
    assert cut_texts(app.top) == []


@pytest.mark.parametrize("game_id", ["eden", "catan", "skirmish", "testgame"])
def test_the_new_game_screens_texts_fit(app, game_id):
    app.open_new_game(game_id, registry.get(game_id))
    app.run_until_idle()
    assert cut_texts(app.top) == []


def test_the_game_dialogs_texts_fit(app, eden):
    assert app.open_match(eden, None)
    app.run_until_idle()
    screen = app.top
    assert isinstance(screen, GameScreen)
    for dialog in (
        MenuDialog(app, screen),
        SaveDialog(app, screen),
        DiceDialog(app, screen, ChanceSpec("dice", count=2, sides=6)),
    ):
        app.push(dialog)
        app.run_until_idle()
        assert cut_texts(dialog) == [], type(dialog).__name__
        app.pop(dialog)
    app.message("A message", "Something to say.")
    app.run_until_idle()
    assert cut_texts(app.top) == []


def test_the_result_dialogs_texts_fit(app):
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules, names=["Ann", "Bob"]), 9)
    play_random(match, random.Random(9))
    assert match.over
    assert app.open_match(match, None)
    app.run_until_idle()
    assert isinstance(app.top, ResultDialog)
    assert cut_texts(app.top) == []


def test_the_continue_plaque_shows_when_the_game_was_saved(app, eden, monkeypatch):
    """The plaque's lines (the game and players, "saved …") lie above its button."""
    drawn = []
    text = art.text

    def recording(surface, content, *args, **kwargs):
        rect = text(surface, content, *args, **kwargs)
        drawn.append((content, rect))
        return rect

    monkeypatch.setattr(art, "text", recording)
    app.open_launcher()
    app.run_until_idle()
    launcher = app.top
    saved = [rect for content, rect in drawn if content.startswith("saved ")]
    assert saved, [content for content, _rect in drawn]
    button = launcher.continue_button.rect
    assert launcher.continue_rect.contains(saved[-1])
    assert saved[-1].bottom <= button.top


def test_a_game_for_exactly_two_says_2_players(app, monkeypatch):
    drawn = []
    text = art.text

    def recording(surface, content, *args, **kwargs):
        drawn.append(content)
        return text(surface, content, *args, **kwargs)

    monkeypatch.setattr(art, "text", recording)
    rules = registry.get("skirmish")
    assert rules.player_limits() == (2, 2)
    app.open_new_game("skirmish", rules)
    app.run_until_idle()
    assert "2 players. Seats go clockwise around the table." in drawn
    assert not [content for content in drawn if "2 to 2" in content]
    drawn.clear()
    rules = registry.get("catan")
    assert rules.min_players < rules.max_players
    app.open_new_game("catan", rules)
    app.run_until_idle()
    assert f"{rules.min_players} to {rules.max_players} players. Seats go clockwise around the table." in drawn
