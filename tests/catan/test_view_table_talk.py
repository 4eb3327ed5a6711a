"""What the players at the table read and see on the Catan screen: the robber's
prompt names why it moves, a discard and a robbery are one log line for each seat,
the chosen trade partner's button looks chosen, and the curtain closes only in
front of a secret."""

from __future__ import annotations

import driving
import pygame
from driving import control, key, move, open_game, press

from tabletop.engine.core import Action
from tabletop.games.catan.rules import KNIGHT, RULES
from tabletop.games.catan.state import DISCARD, FOUND_ROAD, FOUND_SETTLEMENT, MAIN, ROBBER
from tabletop.ui import art, render
from tabletop.ui import theme as th
from tabletop.ui.gameview import DISABLED

from .helpers import NAMES, founded_match, give
from .test_view import CENTRE, drawn_texts, holding, main_phase, playing_match, reveal, roll


def seen(monkeypatch, match, seat: int) -> list[str]:
    """Every text drawn on the screen of `seat` (its curtain open)."""
    texts = drawn_texts(monkeypatch)
    render.render_game(match, (1280, 680), seat=seat)
    drawn = [text for text, _font, _width in texts]
    monkeypatch.undo()
    return drawn


# -- the robber's prompt --------------------------------------------------------------------


def test_after_a_seven_the_robbers_prompt_names_the_seven_not_a_knight(monkeypatch):
    match = playing_match()
    give(match.state, 1, wool=1)
    match.act(Action("roll"))
    match.roll((3, 4))
    assert match.state.phase == ROBBER and match.actor == 0
    drawn = seen(monkeypatch, match, 0)
    assert "You rolled a 7: move the robber to a lit land hex." in drawn
    assert not [text for text in drawn if "knight" in text.lower()]


def test_a_knights_robber_prompt_names_the_knight(monkeypatch):
    match = playing_match()
    holding(match, KNIGHT)
    give(match.state, 1, wool=1)
    match.act(Action("play_knight"))
    assert match.state.phase == ROBBER
    drawn = seen(monkeypatch, match, 0)
    assert "Your knight moves the robber: click a lit land hex." in drawn
    assert not [text for text in drawn if "7" in text and "robber" in text]


# -- the log ----------------------------------------------------------------------------------


def log_lines(monkeypatch, match, seat: int, *about: str) -> list[str]:
    """The lines of the game log panel of `seat` that begin with one of `about` (a
    log line begins with the player's name; a long one goes on on the next line)."""
    return [text for text in seen(monkeypatch, match, seat) if text.startswith(about)]


def test_a_discard_is_one_log_line_for_every_seat(monkeypatch):
    """Bob gives back 4 of his 9 cards: he reads them listed, the others their count."""
    match = playing_match()
    give(match.state, 1, wood=3, brick=3, ore=3)
    match.act(Action("roll"))
    match.roll((3, 4))
    assert match.state.phase == DISCARD and match.actor == 1
    for resource in ("wood", "ore", "wood", "brick"):
        match.act(Action("discard", resource=resource))
    assert match.state.phase == ROBBER
    bob = (f"{NAMES[1]} discards", f"{NAMES[1]} returns")
    (line,) = log_lines(monkeypatch, match, 1, *bob)
    assert line.startswith(f"{NAMES[1]} discards 4 cards: 2 wood, 1 brick")
    for seat in (0, 2):
        assert log_lines(monkeypatch, match, seat, *bob) == [f"{NAMES[1]} discards 4 cards."]


def test_a_robbery_shows_once_to_each_seat(monkeypatch):
    match = playing_match()
    give(match.state, 1, ore=1)
    match.act(Action("roll"))
    match.roll((3, 4))
    robbery = next(a for a in match.legal_actions() if a.get("victim") == 1)
    match.act(robbery)
    match.roll(0)
    assert match.state.phase == MAIN and match.state.hands[0] == [0, 0, 0, 0, 1]
    ann = f"{NAMES[0]} takes"
    for seat in (0, 1):  # the thief and the robbed read which card
        assert log_lines(monkeypatch, match, seat, ann) == [f"{NAMES[0]} takes 1 ore from {NAMES[1]}."]
    assert log_lines(monkeypatch, match, 2, ann) == [f"{NAMES[0]} takes a card from {NAMES[1]}."]


# -- the trade partner --------------------------------------------------------------------------


def test_the_chosen_trade_partner_looks_chosen_not_off(app):
    """The chosen partner's button keeps the player's colour (pressed in, ringed in
    gold); a darker face would read as a button that is off."""
    match = playing_match()
    give(match.state, 0, wood=1)
    game = main_phase(app, match)
    key(app, pygame.K_t)
    press(app, game, "partner-2")
    move(app, (1, 1))  # the pointer away: no button is lit
    app.tick(0.0)
    chosen, other = control(game, "partner-2").rect, control(game, "partner-1").rect
    depth = game.theme.px(3)  # the face pressed in onto its base
    face = app.surface.get_at((chosen.x + chosen.w // 10, chosen.centery + depth))[:3]
    assert face == art.shade(game.view.ctx.colour(2), 0.9)
    assert face != DISABLED
    # ringed in gold, unlike the button beside it
    assert app.surface.get_at((chosen.centerx, chosen.bottom + depth + 1))[:3] == th.GOLD
    assert app.surface.get_at((other.centerx, other.bottom + depth + 1))[:3] != th.GOLD


# -- the curtain ------------------------------------------------------------------------------------


def test_the_curtain_stays_open_through_the_founding_rounds(app):
    """Nothing is secret while the players found: hands are empty or hold the cards
    of a second settlement, received in the open."""
    match = founded_match(4)
    game = open_game(app, match)
    closed = 0
    while match.state.phase in (FOUND_SETTLEMENT, FOUND_ROAD):
        closed += game.curtain_closed
        reveal(app, game)
        spot = min(game.view.island.targets())
        island = game.view.island
        driving.click(app, island.point_px[spot] if match.state.phase == FOUND_SETTLEMENT else island.path_mid(spot))
    assert closed == 0
    # from the first turn on the cards in hand are secret: the curtain closes
    state = match.state
    assert any(state.hands[0]) and game.curtain_closed
    assert all(RULES.holds_secret(state, seat) == any(state.hands[seat]) for seat in range(4))


def test_a_curtain_open_for_nothing_closes_once_the_holder_has_a_secret(app):
    """Ann starts her turn with nothing to hide: the curtain stays open. The card
    she steals is a secret, and the others have been watching: it closes."""
    match = playing_match()
    give(match.state, 1, ore=1)
    game = open_game(app, match)
    assert not game.curtain_closed and game.revealed == 0
    roll(app, game, (3, 4), reopen=False)
    assert match.state.phase == ROBBER and not game.curtain_closed
    driving.click(app, game.view.island.hex_px[CENTRE])  # Bob alone holds a card there
    assert match.state.hands[0] == [0, 0, 0, 0, 1] and game.curtain_closed
    reveal(app, game)
    assert game.revealed == 0
