"""The new-game screen: names, seats, colours, who begins, seed, start."""

from __future__ import annotations

import pygame

from tabletop.engine.saves import latest_autosave, load_match
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import Launcher
from tabletop.ui.newgame import NewGame


def open_new_game(app, ui) -> NewGame:
    ui.press("New game")
    assert isinstance(app.top, NewGame)
    return app.top


def test_start_makes_the_match_and_autosaves_it(app, ui):
    screen = open_new_game(app, ui)
    ui.type_into(screen.names[0], "Ann")
    ui.type_into(screen.names[1], "Bob")
    ui.type_into(screen.seed_entry, "42")
    ui.press("Start the game")
    game = app.top
    assert isinstance(game, GameScreen)
    match = game.match
    assert match.player_names[:2] == ["Ann", "Bob"]
    assert match.seed == 42
    path = latest_autosave()
    assert path is not None
    assert load_match(path).hash() == match.hash()


def test_empty_names_become_numbered_players(app, ui):
    screen = open_new_game(app, ui)
    count = len(screen.seats)
    ui.press("Start the game")
    assert app.top.match.player_names == [f"Player {n}" for n in range(1, count + 1)]


def test_seats_are_added_and_removed_within_the_limits(app, ui):
    screen = open_new_game(app, ui)
    rules = screen.rules
    while len(screen.seats) < rules.max_players:
        ui.press("+ Add a player")
    assert len(screen.seats) == rules.max_players
    assert "+ Add a player" not in ui.labels()
    while len(screen.seats) > rules.min_players:
        ui.press("×")
    assert len(screen.seats) == rules.min_players
    assert "×" not in ui.labels()


def test_typed_names_survive_adding_a_seat_and_resizing(app, ui):
    screen = open_new_game(app, ui)
    ui.type_into(screen.names[0], "Ann")
    ui.press("+ Add a player")
    assert screen.names[0].get_text() == "Ann"
    app.resize((1600, 900))
    app.run_until_idle()
    assert app.top is screen and screen.names[0].get_text() == "Ann"


def test_each_colour_is_used_once(app, ui):
    screen = open_new_game(app, ui)
    first, second = screen.seats[0][1], screen.seats[1][1]
    ui.choose(screen.colour_menus[0], second)
    assert screen.seats[0][1] == second
    assert screen.seats[1][1] == first
    colours = [c for _n, c in screen.seats]
    assert len(set(colours)) == len(colours)
    ui.press("Start the game")
    assert [p.colour for p in app.top.match.players][:2] == [second, first]


def test_who_begins_is_chosen(app, ui):
    screen = open_new_game(app, ui)
    ui.type_into(screen.names[1], "Bob")
    ui.choose(screen.first_menu, "1")
    ui.press("Start the game")
    assert app.top.match.setup.first == 1


def test_same_names_are_refused(app, ui):
    screen = open_new_game(app, ui)
    ui.type_into(screen.names[0], "Ann")
    ui.type_into(screen.names[1], "ann")
    ui.press("Start the game")
    assert app.top is screen
    assert "different name" in screen.error


def test_the_refusal_is_drawn_beside_start(app, ui):
    screen = open_new_game(app, ui)
    ui.type_into(screen.names[0], "Ann")
    ui.type_into(screen.names[1], "ann")
    ui.press("Start the game")
    assert app.top is screen and "different name" in screen.error
    # the line left of Start, level with it
    x, cy, width = screen.error_pos
    start = screen.start_button.rect
    assert x + width <= start.x and start.top < cy < start.bottom
    area = pygame.Rect(x, cy - screen.theme.px(12), width, screen.theme.px(24))
    app.draw()
    shown = app.surface.subsurface(area).copy()
    error, screen.error = screen.error, ""
    app.draw()
    screen.error = error
    plain = app.surface.subsurface(area)
    changed = sum(shown.get_at((i, j)) != plain.get_at((i, j)) for i in range(area.w) for j in range(area.h))
    assert changed > 50


def test_escape_goes_back_to_the_launcher(app, ui):
    open_new_game(app, ui)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(app.top, Launcher)
