"""The bid for who begins on the shared screen: each player bids behind the curtain
with the side panel's − and + and "Bid"; the other player's screen, and the closed
curtain, never show a bid not yet shown; the winner's choice of who begins; at
both window sizes."""

from __future__ import annotations

import pygame
from driving import Painted, click, control, key, open_game, press

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, CHOOSING, NAMING

from .test_preparation import book_match


def bidding_match() -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, 1)
    match.act(Action("ready"))
    match.act(Action("ready"))
    assert match.state.phase == BIDDING
    return match


def test_the_bid_is_made_behind_the_curtain_and_stays_hidden_from_the_other_player(app, monkeypatch):
    match = bidding_match()
    game = open_game(app, match)
    assert game.curtain_closed and game.curtain_seat == 0  # Ann bids in private
    key(app, pygame.K_SPACE)  # Ann has the laptop
    app.run_until_idle()
    assert not game.curtain_closed
    for _ in range(3):
        press(app, game, "bid_more")
    press(app, game, "bid_less")
    app.run_until_idle()
    press(app, game, "bid")
    assert match.state.bids == [2, None] and match.actor == 1
    app.run_until_idle()
    assert game.curtain_closed and game.curtain_seat == 1  # the laptop goes to Bob
    painted = Painted(monkeypatch)
    key(app, pygame.K_SPACE)
    app.run_until_idle()
    game.view.panels._panels.clear()
    game.draw(app.surface)
    drawn = painted.drawn()
    assert not any("2 SP" in text for text in drawn if "Ann" in text or "bid" in text.lower())
    assert "Bid" in drawn and "0" in drawn  # Bob's own counter starts at 0
    assert any("Ann has bid in private." in text for text in drawn)  # the log says only that
    key(app, pygame.K_UP)  # the keys work the counter too
    key(app, pygame.K_RETURN)
    app.run_until_idle()
    assert match.state.bids == [2, 1] and match.state.phase == CHOOSING and match.actor == 0
    assert match.state.sp == [34, 30]  # both bids spent (the demo table: 36 and 31)
    assert not game.curtain_closed  # nothing secret: the curtain opens by itself
    press(app, game, "begin_other")  # Ann lets Bob begin
    assert match.state.phase == NAMING and match.state.beginner == 1


def test_the_closed_curtain_shows_no_bid(app, monkeypatch):
    match = bidding_match()
    match.act(Action("bid", sp=5))
    game = open_game(app, match)
    assert game.curtain_closed and game.curtain_seat == 1
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    assert not any("5 SP" in text for text in painted.drawn())
    assert game.curtain_rect().contains(game.view.side.rect)  # Bob's controls wait behind it


def test_a_bid_typed_in_digits_is_the_bid_made(app, monkeypatch):
    """The counter looks like a field: a player who clicks it and types 2 5 bids 25,
    not the 0 the counter held (found at the table: both typed bids went in as 0)."""
    match = bidding_match()
    game = open_game(app, match)
    key(app, pygame.K_SPACE)
    app.run_until_idle()
    press(app, game, "bid")  # Ann bids 0 with the button
    app.run_until_idle()
    key(app, pygame.K_SPACE)  # Bob has the laptop
    app.run_until_idle()
    click(app, control(game, "bid_less").rect.move(control(game, "bid_less").rect.w + 8, 0).center)  # the counter
    for typed in (pygame.K_1, pygame.K_2, pygame.K_9, pygame.K_BACKSPACE, pygame.K_2, pygame.K_KP5):
        key(app, typed)
    painted = Painted(monkeypatch)
    app.run_until_idle()
    game.view.panels._panels.clear()
    game.draw(app.surface)
    # 12, then 9 (129 is more than Bob's 31: a new number), taken back, then 2 and 5
    assert "25" in painted.drawn()  # on the counter, beside the button
    key(app, pygame.K_RETURN)
    app.run_until_idle()
    assert match.state.bids == [0, 25]


def test_the_preparations_bid_says_it_is_for_the_preparation(app, monkeypatch):
    """Found at the table: the preparation's bid and its winner's choice spoke of
    "the round" and of naming the first warrior, before any round or warrior."""
    match = book_match()
    assert match.state.phase == BIDDING and match.state.round == 0
    match.act(Action("bid", sp=2))
    match.act(Action("bid", sp=1))
    assert match.state.phase == CHOOSING and match.actor == 0
    game = open_game(app, match)
    if game.curtain_closed:
        key(app, pygame.K_SPACE)
        app.run_until_idle()
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    words = " ".join(painted.drawn())
    assert "The bid is won: say who begins the preparation." in words
    assert "plays the first mission" in words and "names the first warrior" not in words
    assert "begins the preparation" in control(game, "begin_other").tooltip
