"""Trade: with the bank at 4:1 or a harbour's rate, and with the active player by
offer, counter-offer, accept and reject; when trading is open."""

from __future__ import annotations

import pytest

from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import KNIGHT, RULES
from tabletop.games.catan.state import MAIN, NEGOTIATE

from .helpers import act, along, buy, hand, refused, texts

# Harbour places with the fixed board (harbours in data order): 0-3 any resource at
# 3:1, 4 wood, 5 brick, 6 wool, 7 grain, 8 ore at 2:1.
GENERIC = G.intersection_name(G.HARBOUR_PLACES[0][2][0])
WOOD_HARBOUR = G.intersection_name(G.HARBOUR_PLACES[4][2][0])
WOOL_HARBOUR = G.HARBOUR_PLACES[6][2][1]

NOTHING = (0, 0, 0, 0, 0)
ONE_WOOD = (1, 0, 0, 0, 0)
ONE_BRICK = (0, 1, 0, 0, 0)
ONE_WOOL = (0, 0, 1, 0, 0)
TWO_ORE = (0, 0, 0, 0, 2)


def test_bank_trade_four_for_one():
    state = position(2, hands={0: {"wood": 4, "brick": 3}})
    assert refused(state, "trade_bank", give="brick", get="ore") == "You do not have the cards for that."
    step = act(state, "trade_bank", give="wood", get="ore")
    assert hand(state, 0) == {"brick": 3, "ore": 1}
    assert state.bank[0] == 19 and state.bank[4] == 18
    assert texts(step) == ["{player} returns {count} wood to the bank.", "{player} receives {count} ore."]


def test_a_generic_harbour_trades_three_for_one():
    state = position(2, settlements={0: [GENERIC]}, hands={0: {"brick": 3, "grain": 3}})
    assert state.ratios[0] == (3, 3, 3, 3, 3)
    act(state, "trade_bank", give="brick", get="wood")
    act(state, "trade_bank", give="grain", get="wood")
    assert hand(state, 0) == {"wood": 2}


def test_a_resource_harbour_trades_two_of_that_resource():
    state = position(2, settlements={0: [WOOD_HARBOUR]}, hands={0: {"wood": 2, "wool": 3}})
    assert state.ratios[0] == (2, 4, 4, 4, 4)
    assert refused(state, "trade_bank", give="wool", get="ore") == "You do not have the cards for that."
    act(state, "trade_bank", give="wood", get="ore")
    assert hand(state, 0) == {"wool": 3, "ore": 1}


def test_harbours_only_serve_their_own_two_intersections():
    beside = next(i for i in G.INTERSECTION_NEIGHBOURS[WOOL_HARBOUR] if G.INTERSECTION_HARBOUR[i] == -1)
    state = position(2, settlements={0: [G.intersection_name(beside)]})
    assert state.ratios[0] == (4, 4, 4, 4, 4)


def test_the_bank_must_have_the_card():
    state = position(2, hands={0: {"wood": 4}, 1: {"ore": 19}})
    assert refused(state, "trade_bank", give="wood", get="ore") == "The bank has none of that resource left."
    assert not any(a.kind == "trade_bank" and a["get"] == "ore" for a in RULES.legal_actions(state))
    assert refused(state, "trade_bank", give="wood", get="wood") == (
        "A trade needs at least one card each way, and no resource on both sides."
    )


def test_an_offer_accepted():
    state = position(3, hands={0: {"wood": 2}, 2: {"ore": 2}})
    act(state, "offer", partner=2, give=ONE_WOOD, want=TWO_ORE)
    assert state.phase == NEGOTIATE and RULES.actor(state) == 2
    assert {a.kind for a in RULES.legal_actions(state)} >= {"accept", "reject"}
    step = act(state, "accept")
    assert hand(state, 0) == {"wood": 1, "ore": 2} and hand(state, 2) == {"wood": 1}
    assert state.phase == MAIN and RULES.actor(state) == 0 and state.offer is None
    assert "{player} accepts the trade." in texts(step)


def test_the_offerer_holds_the_turn_while_the_partner_answers():
    state = position(3, hands={0: {"wood": 2, "wool": 1}, 2: {"ore": 2, "brick": 1}})
    act(state, "offer", partner=2, give=ONE_WOOD, want=TWO_ORE)
    assert RULES.actor(state) == 2 and RULES.turn_holder(state) == 0
    act(state, "counter", give=ONE_BRICK, want=(2, 0, 0, 0, 0))  # back to seat 0 to answer
    assert RULES.actor(state) == 0 and RULES.turn_holder(state) == 0
    act(state, "counter", give=ONE_WOOL, want=ONE_BRICK)
    assert RULES.actor(state) == 2 and RULES.turn_holder(state) == 0
    act(state, "reject")
    assert state.phase == MAIN and RULES.actor(state) == RULES.turn_holder(state) == 0


def test_an_offer_rejected_changes_nothing():
    state = position(3, hands={0: {"wood": 2}, 1: {"ore": 2}})
    act(state, "offer", partner=1, give=ONE_WOOD, want=TWO_ORE)
    act(state, "reject")
    assert hand(state, 0) == {"wood": 2} and hand(state, 1) == {"ore": 2}
    assert state.phase == MAIN and RULES.actor(state) == 0


def test_counter_offers_go_back_and_forth():
    state = position(3, hands={0: {"wood": 2, "wool": 1}, 1: {"ore": 2, "brick": 1}})
    act(state, "offer", partner=1, give=ONE_WOOD, want=TWO_ORE)
    act(state, "counter", give=ONE_BRICK, want=(2, 0, 0, 0, 0))  # seat 1: a brick for two wood
    assert RULES.actor(state) == 0 and state.offer == (1, 0, ONE_BRICK, (2, 0, 0, 0, 0))
    act(state, "counter", give=ONE_WOOL, want=ONE_BRICK)  # seat 0: a wool for the brick
    assert RULES.actor(state) == 1
    act(state, "accept")
    assert hand(state, 0) == {"wood": 2, "brick": 1} and hand(state, 1) == {"ore": 2, "wool": 1}


def test_accepting_needs_the_cards():
    state = position(3, hands={0: {"wood": 1}, 1: {"ore": 1}})
    act(state, "offer", partner=1, give=ONE_WOOD, want=TWO_ORE)
    assert refused(state, "accept") == "You do not have the cards for that."
    assert "accept" not in [a.kind for a in RULES.legal_actions(state)]


@pytest.mark.parametrize(
    "give_cards, want_cards",
    [
        (NOTHING, ONE_WOOL),
        (ONE_WOOD, NOTHING),
        (ONE_WOOD, (1, 0, 1, 0, 0)),
        ((-1, 0, 0, 0, 0), ONE_WOOL),
    ],
)
def test_a_trade_needs_a_card_each_way_and_no_resource_on_both_sides(give_cards, want_cards):
    state = position(3, hands={0: {"wood": 2}})
    assert "at least one card each way" in refused(state, "offer", partner=1, give=give_cards, want=want_cards)


def test_a_card_list_is_five_whole_numbers():
    """The move's declaration refuses a card list of another shape."""
    state = position(3, hands={0: {"wood": 2}})
    assert (
        refused(state, "offer", partner=1, give=(1, 0, 0), want=ONE_WOOL)
        == "The move {kind} needs {expected} for {name}."
    )
    assert refused(state, "offer", partner=True, give=ONE_WOOD, want=ONE_WOOL).startswith("The move")


def test_offers_only_cards_held_and_to_another_player():
    state = position(3, hands={0: {"wood": 1}})
    assert (
        refused(state, "offer", partner=1, give=(2, 0, 0, 0, 0), want=ONE_WOOL) == "You do not have the cards for that."
    )
    assert refused(state, "offer", partner=0, give=ONE_WOOD, want=ONE_WOOL) == "You can only trade with another player."
    assert refused(state, "offer", partner=3, give=ONE_WOOD, want=ONE_WOOL) == "You can only trade with another player."


def test_only_the_active_player_trades_and_only_after_the_roll():
    state = position(3, hands={0: {"wood": 4}, 1: {"wool": 1}})
    act(state, "offer", partner=1, give=ONE_WOOD, want=ONE_WOOL)
    # while the offer is open, no other trade or build
    assert refused(state, "offer", partner=2, give=ONE_WOOL, want=ONE_WOOD) == "That move is not allowed now."
    assert refused(state, "trade_bank", give="wood", get="ore") == "That move is not allowed now."
    act(state, "reject")
    state = position(3, phase="roll", hands={0: {"wood": 4}, 1: {"wool": 1}})
    assert refused(state, "offer", partner=1, give=ONE_WOOD, want=ONE_WOOL) == "That move is not allowed now."
    assert refused(state, "trade_bank", give="wood", get="ore") == "That move is not allowed now."


@pytest.mark.parametrize("build", ["road", "development card"])
def test_rulebook_phases_close_trading_after_the_first_build(build):
    """Building, buying a development card included (the rulebook lists it under
    building), closes trading for the rest of the turn."""
    state = position(2, settlements={0: ["C3.e"]}, hands={0: {"wood": 5, "brick": 1, "wool": 1, "grain": 1, "ore": 1}})
    assert state.trading
    if build == "road":
        act(state, "build_road", path=along("C3.ne"))
    else:
        buy(state, KNIGHT)
    assert not state.trading and RULES.view(state, 0).trading is False
    assert refused(state, "trade_bank", give="wood", get="ore") == "Trading is over once you have built this turn."
    assert refused(state, "offer", partner=1, give=ONE_WOOD, want=ONE_WOOL) == (
        "Trading is over once you have built this turn."
    )
    assert not any(a.kind in ("trade_bank", "offer") for a in RULES.legal_actions(state))


def test_combined_phases_trade_after_building():
    state = position(
        2,
        options={"phases": "combined"},
        settlements={0: ["C3.e"]},
        hands={0: {"wood": 9, "brick": 1, "wool": 1, "grain": 1, "ore": 1}},
    )
    act(state, "build_road", path=along("C3.ne"))
    act(state, "trade_bank", give="wood", get="ore")
    assert hand(state, 0)["ore"] == 2
    buy(state, KNIGHT)
    act(state, "trade_bank", give="wood", get="ore")
    assert hand(state, 0) == {"ore": 2}


def test_sampled_offers_are_legal_and_player_trades_are_their_own_kinds():
    state = position(3, hands={0: {"wood": 1, "wool": 1}, 1: {"ore": 1}})
    offers = [a for a in RULES.legal_actions(state) if a.kind == "offer"]
    assert offers and all(a["partner"] == 1 for a in offers)  # seat 2 holds no cards
    for offer in offers:
        RULES.check(state, offer)
    kinds = {a.kind for a in RULES.legal_actions(state)}
    assert "offer" in kinds and not kinds & {"accept", "reject", "counter"}
