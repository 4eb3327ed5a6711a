"""Eden's screen offers only what can be done: quick raises that add to the standing
bid and that the bidder can pay, no bid box for a bidder who cannot raise, no attack
that cannot be paid; the hand keeps its order; the help lists the keys Eden handles."""

from __future__ import annotations

import pygame
from driving import open_game, player_actions

from tabletop.engine.core import Action

from .helpers import C, F, set_hand, to_display
from .table import board_position


def _bob_answers(table, bob_mana):
    """Ann attacks E5 (2 points) from D5 (1 point) and opens at 10; Bob, with
    `bob_mana`, sits at the laptop."""
    match = board_position()
    state = match.state
    state.mana[0], state.mana[1] = 150, bob_mana
    set_hand(state, 0, [F("D5")])
    open_game(table.app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    table.click(table.field("E5").center)
    table.press("attack")
    table.click(table.view.auction.quick["min"].rect.center)
    table.press("bid")
    table.reveal()
    return match


def _hit_names(view, prefix):
    return [hit.name for hit in view.hits if hit.name.startswith(prefix)]


def test_the_quick_raises_add_to_the_standing_bid_not_to_the_box(app, table):
    _bob_answers(table, 120)
    view = table.view
    assert _hit_names(view, "quick-") == ["quick-raise", "quick-raise_twice", "quick-all_in"]
    table.key(pygame.K_4)
    table.key(pygame.K_0)
    assert view.auction.amount() == 40
    table.click(view.auction.quick["raise"].rect.center)
    assert view.auction.amount() == 15  # the standing 10, raised by 5
    table.click(view.auction.quick["raise_twice"].rect.center)
    assert view.auction.amount() == 20
    tip = table.screen.board_tooltip(view.auction.quick["raise"].rect.center).text
    assert tip == "Raise the standing bid by 5: 15 per point"


def test_a_quick_raise_the_bidder_cannot_pay_is_not_offered(app, table):
    # Bob pays his bids per point of D5 (1 point): 15 mana pay a raise to 15, not to 20
    _bob_answers(table, 15)
    view = table.view
    assert _hit_names(view, "quick-") == ["quick-raise", "quick-all_in"]
    assert view.auction.quick["raise_twice"].rect.w == 0
    assert all(hit.enabled for hit in view.hits if hit.name.startswith("quick-"))


def test_a_bidder_who_cannot_raise_is_offered_only_to_accept(app, table):
    match = _bob_answers(table, 12)
    view = table.view
    assert view.bar.shown == ["accept"] and not view.auction.bid_area.w
    assert _hit_names(view, "quick-") == []
    assert view.prompt() == "Accept the bid: your mana does not allow a raise."
    assert view.bar.status() == "You cannot afford to raise: accept the bid."
    table.key(pygame.K_RETURN)  # no bid to make
    assert player_actions(match)[-1] == Action("bid", amount=10)
    table.press("accept")
    assert player_actions(match)[-1] == Action("accept")


def test_an_attack_that_cannot_be_paid_is_not_offered(app, table):
    """Opening on E5 (2 points) costs at least 20 mana: with 15, Ann is not asked
    to attack, and Bob's tiles are not offered as targets."""
    match = board_position()
    state = match.state
    set_hand(state, 0, [F("D5"), F("A1")])
    open_game(app, match)
    table.reveal()
    state.mana[0] = 15
    table.view.shared.forget()
    table.click(table.card(F("D5")).center)
    assert state.phase == "conquest"
    view = table.view
    assert view.bar.shown == ["no_attack"]
    assert "Attack from" not in view.prompt() and "Attack from" not in view.bar.status()
    table.click(table.field("E5").center)
    table.key(pygame.K_a)
    assert view.shared.targets == set() and player_actions(match)[-1] == Action("irrigate", card="D5")
    table.key(pygame.K_n)
    assert player_actions(match)[-1] == Action("no_attack") and state.phase == "play"


def test_the_hand_keeps_its_order_a_bought_card_comes_last_and_a_played_cards_gap_closes_from_the_right(app, table):
    match = board_position()
    state = match.state
    set_hand(state, 0, [F("A1"), F("B2"), F("G7"), C("ess4")])
    to_display(state, C("domino-1"))
    open_game(app, match)
    table.reveal()
    view = table.view

    def hand():
        """The hand's cards in their order (left to right, row by row), and where each lies."""
        cards = [(hit.name, hit.rect) for hit in view.hits if hit.name.startswith("card-")]
        return [name for name, _rect in cards], dict(cards)

    rect = next(r for r, c in view.display.rects if c == C("domino-1"))
    table.click(rect.center)
    assert C("domino-1") in state.hands[0]
    table.move((1, 1))
    names, rects = hand()
    assert names == ["card-A1", "card-B2", "card-G7", "card-ess4", "card-domino-1"]
    spot = rects["card-B2"].center
    table.click(spot)
    assert player_actions(match)[-1] == Action("irrigate", card="B2")
    table.move((1, 1))
    after, moved = hand()
    assert after == ["card-A1", "card-G7", "card-ess4", "card-domino-1"]
    assert moved["card-A1"] == rects["card-A1"]  # the cards left of the gap stay
    assert moved["card-G7"].collidepoint(spot)  # the next card takes the played card's spot


def test_the_help_lists_every_key_eden_handles(app, table):
    match = board_position()
    open_game(app, match)
    table.reveal()
    keys = [key for key, _what in table.view.shortcuts()]
    assert keys == [
        "1 … 9",
        "R / wheel",
        "Right click",
        "P",
        "E",
        "D",
        "S",
        "A",
        "N",
        "0-9, Backspace",
        "Up / Down",
        "Enter",
    ]
    assert all(what for _key, what in table.view.shortcuts())
