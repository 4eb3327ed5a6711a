"""The bid for who begins on the shared screen: each player bids behind the curtain
with the side panel's − and + and "Bid"; the other player's screen, and the closed
curtain, never show a bid not yet shown; the winner's choice of who begins; at
both window sizes."""

from __future__ import annotations

import pygame
from driving import Painted, key, open_game, press

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, CHOOSING, NAMING


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
