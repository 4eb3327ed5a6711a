"""The game screen's top bar, players panel and log are drawn once and blitted
while nothing they show changes; what they show after a move, an undo, a redo,
the curtain opened or the log scrolled is what drawing them afresh shows."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.engine.core import Event
from tabletop.engine.randomplay import play_random
from tabletop.i18n import Message
from tabletop.ui.game_screen import GameLog, GameScreen
from tabletop.ui.game_screen import screen as game_screen


@pytest.fixture
def game(app, match, settings):
    settings.dice_mode = "physical"  # the next player's roll waits: a move may be taken back
    assert app.open_match(match, None)
    app.run_until_idle()
    screen = app.top
    assert isinstance(screen, GameScreen)
    return screen


def frame(game: GameScreen) -> bytes:
    surface = pygame.Surface(game.app.surface.get_size())
    game.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def afresh(game: GameScreen) -> bytes:
    """The frame with nothing kept from the frames before."""
    game._chrome_surface = game._chrome_key = None
    game._backdrop_surface = game._backdrop_key = None
    game.log._read = None
    return frame(game)


def test_the_top_bar_players_and_log_are_drawn_once_while_nothing_they_show_changes(game, monkeypatch):
    drawn = []
    for name in ("draw_top_bar", "draw_players"):
        real = getattr(game_screen, name)
        monkeypatch.setattr(
            game_screen, name, lambda *a, real=real, name=name, **k: drawn.append(name) or real(*a, **k)
        )
    real_log = GameLog.draw
    monkeypatch.setattr(GameLog, "draw", lambda *a, **k: drawn.append("log") or real_log(*a, **k))
    first = afresh(game)
    assert sorted(drawn) == ["draw_players", "draw_top_bar", "log"]
    drawn.clear()
    assert frame(game) == first
    assert drawn == []


def test_what_the_top_bar_players_and_log_show_follows_the_match(app, ui, game, match):
    steps = [
        lambda: ui.key(pygame.K_SPACE),  # the curtain opens: the log read for the seat
        lambda: ui.key(pygame.K_h),  # a move: a line in the log, the turn passes
        lambda: ui.key(pygame.K_z, pygame.KMOD_LCTRL),  # taken back
        lambda: ui.key(pygame.K_y, pygame.KMOD_LCTRL),  # made again
    ]
    frame(game)
    for number, step in enumerate(steps):
        before = (len(match.log), game.log.scroll, game.revealed)
        step()
        app.run_until_idle()
        if app.top is not game:  # the roll asked for: back to the table
            ui.key(pygame.K_ESCAPE)
        assert app.top is game
        assert (len(match.log), game.log.scroll, game.revealed) != before, number
        kept = frame(game)
        assert kept == afresh(game)


def test_a_new_line_in_the_log_alone_is_drawn(app, ui, game, match, monkeypatch):
    """The top bar and the players panel kept as they were: the log's line shows."""
    monkeypatch.setattr(game, "turn_text", lambda: ("Turn", "", None))
    summary = game.view.players_summary()
    monkeypatch.setattr(game.view, "players_summary", lambda: summary)
    monkeypatch.setattr(game, "row_marks", lambda: (None, None))
    ui.key(pygame.K_SPACE)
    frame(game)
    lines = len(game.log.entries(match, game.revealed))
    ui.key(pygame.K_h)
    app.run_until_idle()
    assert len(game.log.entries(match, game.revealed)) > lines
    kept = frame(game)
    assert kept == afresh(game)


def test_the_log_scrolled_is_drawn_scrolled(app, match, settings):
    play_random(match, random.Random(3))  # to the end: a long log (the result shown over the table)
    assert app.open_match(match, None)
    app.run_until_idle()
    game = next(layer for layer in app.layers if isinstance(layer, GameScreen))
    frame(game)
    game.log.scroll_by(game.theme.px(40))
    assert game.log.scroll > 0, "more lines than the log shows"
    kept = frame(game)
    assert kept == afresh(game)


def test_the_log_is_read_again_when_a_step_is_made_or_taken_back_and_another_made():
    class Shown:
        player_names = ["Ann", "Bob"]

        def __init__(self, steps):
            self.log = [type("Entry", (), {"actor": actor})() for actor, _events in steps]
            self.history = [events for _actor, events in steps]

    holds = Event(Message("{player} holds.", {"player": 1}))
    draws = Event(Message("{player} draws.", {"player": 1}))
    match = Shown([(0, [Event(Message("{player} deals.", {"player": 0}))])])
    log = GameLog()
    assert [text for _side, text in log.shown(match, None)] == ["Ann deals."]
    match.log.append(type("Entry", (), {"actor": 1})())
    match.history.append([holds])
    assert [text for _side, text in log.shown(match, None)] == ["Ann deals.", "Bob holds."]
    # taken back and another step made: as many steps as before, another line
    match.history[-1] = [draws]
    assert [text for _side, text in log.shown(match, None)] == ["Ann deals.", "Bob draws."]
    match.player_names = ["Cleo", "Bob"]
    assert [text for _side, text in log.shown(match, None)] == ["Cleo deals.", "Bob draws."]
