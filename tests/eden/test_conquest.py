"""Eden: conquest after an irrigation, and its auction."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction
from tabletop.games.eden.position import Auction
from tabletop.games.eden.rules import RULES
from tabletop.games.eden.views import AuctionView

from .helpers import C, F, act, at, kinds

NAMES = ["Ann", "Bob", "Cy"]


def example_1():
    """Rulebook example 1: a new value-1 tile on B4 against a value-1 tile on C4."""
    match, state = at(board={"C4": (1, 1)}, hands={0: ["B4", "F6", "domino-1"]})
    act(match, "irrigate", card="B4")
    return match, state


#: rulebook example 2: two fields (2 points) attack three fields (4 points), before the opening bid
EXAMPLE_2 = {
    "board": {"C4": (0, 1), "D4": (0, 1), "D3": (1, 1), "E4": (1, 1), "D5": (1, 2)},
    "phase": "auction",
    "played": True,
    "irrigations": 1,
    "hands": {0: ["F6"]},
    "mana": [200, 200, 100],
    "auction": Auction(group=("D4", "C4"), targets=("D3", "E4", "D5")),
}


def example_2(**given):
    """Rulebook example 2, with what `given` states otherwise (the parameters of position())."""
    return at(**{**EXAMPLE_2, **given})


def test_rulebook_example_1():
    match, state = example_1()
    assert state.phase == "conquest"
    act(match, "attack", support=None, targets=("C4",))
    for bid in (10, 15, 25):
        act(match, "bid", amount=bid)
    events = act(match, "accept")
    assert state.mana == [75, 125, 100]
    assert state.owner[F("C4")] == 0 and state.value[F("C4")] == 1
    assert state.points == [2, 0, 0]
    assert events[-1].message.render(NAMES) == "Ann pays 25 mana to Bob and takes C4."


@pytest.mark.parametrize(
    "bids, attacker_mana, defender_mana, attacker_wins",
    [
        ([20], 200 - 80, 200 + 80, True),
        ([20, 25], 200 + 50, 200 - 50, False),
        ([20, 25, 30], 200 - 120, 200 + 120, True),
        ([20, 25, 30, 35], 200 + 70, 200 - 70, False),
    ],
)
def test_rulebook_example_2(bids, attacker_mana, defender_mana, attacker_wins):
    match, state = example_2()
    for bid in bids:
        act(match, "bid", amount=bid)
    act(match, "accept")
    assert state.mana[:2] == [attacker_mana, defender_mana]
    group, targets = [F("D4"), F("C4")], [F("D3"), F("E4"), F("D5")]
    if attacker_wins:
        assert all(state.owner[f] == 0 for f in group + targets)
        assert state.points[:2] == [6, 0]
    else:
        assert all(state.owner[f] == 1 for f in group + targets)
        assert state.points[:2] == [0, 6]
    assert [state.value[f] for f in group + targets] == [1, 1, 1, 1, 2]


def test_the_auction_alternates_between_attacker_and_defender():
    match, state = example_2()
    assert match.actor == 0 and "accept" not in kinds(match)  # the attacker must open
    act(match, "bid", amount=20)
    assert match.actor == 1 and "accept" in kinds(match)
    act(match, "bid", amount=25)
    assert match.actor == 0
    assert match.rules.secret_holder(state) == 0


def test_everyone_sees_the_auction_while_it_runs():
    match, state = example_1()
    assert state.phase == "conquest" and RULES.view(state, None).auction is None  # no attack chosen yet
    match, state = example_2()
    act(match, "bid", amount=20)
    auction = AuctionView(defender=1, group=(F("D4"), F("C4")), targets=(F("D3"), F("E4"), F("D5")), bid=20, bidder=1)
    for looker in (None, 0, 1, 2):
        view = RULES.view(state, looker)
        assert view.phase == "auction" and view.placed == F("D4") and view.auction == auction
    act(match, "accept")
    assert RULES.view(state, None).auction is None


def test_the_attacker_holds_the_turn_while_the_defender_bids():
    match, state = example_2()
    assert match.turn_holder == 0 and match.actor == 0
    act(match, "bid", amount=20)
    assert match.turn_holder == 0 and match.actor == 1  # the defender acts in the attacker's turn
    act(match, "bid", amount=25)
    assert match.turn_holder == 0 and match.actor == 0
    act(match, "accept")
    assert match.turn_holder == 0 and match.actor == 0


def test_no_conquest_without_an_opponent_next_to_the_new_tile():
    match, state = at(board={"D4": (1, 1)}, hands={0: ["C3"]})  # D4 is diagonal to C3: not next to it
    act(match, "irrigate", card="C3")
    assert state.phase == "play" and "attack" not in kinds(match)


def test_a_conquest_follows_its_placement_at_once_or_never():
    match, state = example_1()
    act(match, "no_attack")
    assert state.phase == "play"
    with pytest.raises(IllegalAction):
        act(match, "attack", support=None, targets=("C4",))
    # the second irrigation brings its own chance to attack
    match, state = at(board={"B4": (0, 1), "C4": (1, 1), "G5": (2, 1)}, hands={0: ["F5"]}, played=True, irrigations=1)
    act(match, "irrigate", card="F5")
    assert state.phase == "conquest"
    assert {a["targets"] for a in match.legal_actions() if a.kind == "attack"} == {("G5",)}


def test_the_attacking_group_is_the_new_tile_and_at_most_one_own_neighbour():
    match, state = at(board={"C4": (0, 1), "B3": (0, 1), "A1": (0, 1), "B5": (1, 1)}, hands={0: ["B4"]})  # A1 far away
    act(match, "irrigate", card="B4")
    supports = {a["support"] for a in match.legal_actions() if a.kind == "attack"}
    assert supports == {None, "C4", "B3"}
    with pytest.raises(IllegalAction, match="supporting"):
        act(match, "attack", support="A1", targets=("B5",))
    with pytest.raises(IllegalAction, match="supporting"):
        act(match, "attack", support="B5", targets=("B5",))
    with pytest.raises(IllegalAction):
        act(match, "attack", support=("C4", "B3"), targets=("B5",))
    with pytest.raises(IllegalAction, match="needs a text or nothing for support"):
        act(match, "attack", support=F("C4"), targets=("B5",))
    with pytest.raises(IllegalAction):
        act(match, "attack", support=None, targets=(F("B5"),))
    with pytest.raises(IllegalAction, match="There is no field called H4."):
        act(match, "attack", support="H4", targets=("B5",))
    with pytest.raises(IllegalAction, match="There is no field called b5."):
        act(match, "attack", support=None, targets=("b5",))
    act(match, "attack", support="B3", targets=("B5",))
    assert state.group == [F("B4"), F("B3")]


def test_targets_must_touch_the_new_tile():
    # C5 touches the support C4, not the new tile B4
    match, state = at(board={"C4": (0, 1), "C5": (1, 1), "B5": (1, 1)}, hands={0: ["B4"]})
    act(match, "irrigate", card="B4")
    with pytest.raises(IllegalAction, match="next to the tile just placed"):
        act(match, "attack", support="C4", targets=("C5",))
    with pytest.raises(IllegalAction):
        act(match, "attack", support=None, targets=())
    targets = {a["targets"] for a in match.legal_actions() if a.kind == "attack"}
    assert targets == {("B5",)}


def test_several_tiles_of_one_opponent_only():
    match, state = at(board={"B3": (1, 1), "A4": (1, 2), "C4": (2, 1)}, hands={0: ["B4"]})
    act(match, "irrigate", card="B4")
    targets = {a["targets"] for a in match.legal_actions() if a.kind == "attack"}
    assert targets == {("B3",), ("A4",), ("B3", "A4"), ("C4",)}
    with pytest.raises(IllegalAction, match="one opponent"):
        act(match, "attack", support=None, targets=("B3", "C4"))
    act(match, "attack", support=None, targets=("A4", "B3"))
    assert state.defender == 1 and state.targets == sorted([F("A4"), F("B3")])


def test_the_opening_bid_is_at_least_10_per_point():
    match, state = example_2()
    with pytest.raises(IllegalAction, match="at least 10"):
        act(match, "bid", amount=9)
    amounts = [a["amount"] for a in match.legal_actions() if a.kind == "bid"]
    assert min(amounts) == 10 and max(amounts) == 200 // 4


def test_a_raise_is_at_least_5():
    match, state = example_2()
    act(match, "bid", amount=20)
    with pytest.raises(IllegalAction, match="at least 25"):
        act(match, "bid", amount=24)
    act(match, "bid", amount=27)  # any amount from the lowest raise up
    amounts = [a["amount"] for a in match.legal_actions() if a.kind == "bid"]
    assert min(amounts) == 32 and max(amounts) == 200 // 4


def test_every_bid_must_be_affordable():
    match, state = example_2(mana=[200, 59, 100])
    act(match, "bid", amount=25)
    # the defender pays per attacking point (2): 30 x 2 = 60 > 59
    assert kinds(match) == {"accept"}
    with pytest.raises(IllegalAction, match="60 mana"):
        act(match, "bid", amount=30)
    match, state = example_2(mana=[139, 60, 100])
    act(match, "bid", amount=25)
    act(match, "bid", amount=30)
    with pytest.raises(IllegalAction, match="140 mana"):
        act(match, "bid", amount=35)  # the attacker pays per defending point (4)


def test_an_attack_needs_mana_for_the_opening_bid():
    match, state = at(board={"C4": (1, 2)}, hands={0: ["B4"]}, mana=[19, 100, 100])
    act(match, "irrigate", card="B4")
    assert "attack" not in kinds(match)
    with pytest.raises(IllegalAction, match="20 mana"):
        act(match, "attack", support=None, targets=("C4",))
    act(match, "no_attack")


def test_the_defender_winning_takes_the_attacking_group():
    match, state = example_1()
    act(match, "attack", support=None, targets=("C4",))
    act(match, "bid", amount=10)
    act(match, "bid", amount=15)
    act(match, "accept")
    assert state.owner[F("B4")] == 1 and state.mana[:2] == [115, 85]
    assert state.free[0] == [16, 8] and state.free[1] == [14, 8]


def test_conquered_tiles_keep_their_values_and_tiles_return_to_their_owner():
    match, state = at(board={"C4": (1, 3)}, hands={0: ["B4"]})
    act(match, "irrigate", card="B4")
    act(match, "attack", support=None, targets=("C4",))
    act(match, "bid", amount=10)
    act(match, "accept")
    assert state.owner[F("C4")] == 0 and state.value[F("C4")] == 3
    assert state.free[0] == [15, 7] and state.free[1] == [16, 8]
    assert state.mana[:2] == [70, 130]


def test_a_tile_the_winner_has_no_free_match_for_stays():
    board = {name: (0, 1) for name in [c + r for r in "67" for c in "ABCDEFG"] + ["A5"]}  # 15 of 16 1/2 tiles
    match, state = at(board={**board, "C4": (1, 3), "B3": (1, 1)}, hands={0: ["B4"]})
    act(match, "irrigate", card="B4")
    assert state.free[0] == [0, 8]
    act(match, "attack", support=None, targets=("B3", "C4"))
    act(match, "bid", amount=10)
    events = act(match, "accept")
    assert state.mana[:2] == [100 - 40, 100 + 40]
    assert state.owner[F("C4")] == 0 and state.value[F("C4")] == 3
    assert state.owner[F("B3")] == 1
    assert events[-1].message.render(NAMES) == "Ann has no free tile for B3; those tiles stay."


def test_the_attacker_may_sell_during_the_auction_the_defender_not():
    match, state = example_2(hands={0: ["tee4"], 1: ["square-1"]})
    act(match, "sell", card="tee4")
    assert state.mana[0] == 240
    act(match, "bid", amount=20)
    assert "sell" not in kinds(match)
    with pytest.raises(IllegalAction, match="own turn"):
        act(match, "sell", card="square-1")


def test_the_attacker_may_buy_when_it_is_their_bid():
    match, state = example_2(display=["domino-1", "domino-2"])
    assert "buy" in kinds(match)  # before the opening
    act(match, "buy", card="domino-1")
    assert state.mana[0] == 170 and C("domino-1") in state.hands[0]
    act(match, "bid", amount=20)
    act(match, "bid", amount=25)
    assert match.actor == 0 and "buy" in kinds(match)  # after the defender's raise
    act(match, "buy", card="domino-2")
    assert state.mana[0] == 140


def test_the_defender_may_not_buy_in_the_auction():
    match, state = example_2(display=["domino-1"])
    act(match, "bid", amount=20)
    assert match.actor == 1 and "buy" not in kinds(match)
    with pytest.raises(IllegalAction, match="own turn"):
        act(match, "buy", card="domino-1")
    assert state.mana == [200, 200, 100]


def test_a_purchase_that_leaves_too_little_mana_for_the_standing_bid_is_refused():
    """The attacker keeps the standing bid times the points of the targets (4): before
    the opening the lowest opening bid, 10 per point."""
    match, state = example_2(display=["domino-1"], mana=[69, 200, 100])  # the domino costs 30
    assert "buy" not in kinds(match)
    with pytest.raises(IllegalAction, match="less than the 40 mana your bid needs"):
        act(match, "buy", card="domino-1")
    standing = Auction(group=("D4", "C4"), targets=("D3", "E4", "D5"), bid=25, bidder=0)  # needs 25 x 4 = 100
    match, state = example_2(display=["domino-1"], mana=[129, 200, 100], auction=standing)
    assert "buy" not in kinds(match)
    with pytest.raises(IllegalAction, match="less than the 100 mana your bid needs"):
        act(match, "buy", card="domino-1")
    match, state = example_2(display=["domino-1"], mana=[130, 200, 100], auction=standing)
    act(match, "buy", card="domino-1")
    assert state.mana[0] == 100


def test_a_settled_conquest_cannot_be_undone():
    match, state = example_1()
    assert match.can_undo  # the irrigation may be taken back
    act(match, "attack", support=None, targets=("C4",))
    assert match.can_undo  # so may the declared attack, before any bid
    act(match, "bid", amount=10)
    assert not match.can_undo  # a bid stands once the other side may answer it
    act(match, "accept")
    assert not match.can_undo


def test_bids_are_told_in_words():
    match, state = example_2()
    assert act(match, "bid", amount=20)[0].message.render(NAMES) == "Ann opens with 20 mana per point."
    assert act(match, "bid", amount=25)[0].message.render(NAMES) == "Bob raises to 25 mana per point."


def test_field_lists_are_joined_in_the_language_shown(translated):
    """The separator of a list of fields and the word for none are translated when shown."""
    from tabletop.games.eden.base import listed

    match, state = at(board={"C4": (1, 1), "D3": (1, 1)}, hands={0: ["D4"]})
    act(match, "irrigate", card="D4")
    events = act(match, "attack", support=None, targets=("C4", "D3"))
    translated({"none": "aucun"}, "fr")
    assert "D3 et C4" in events[-1].message.render(["Ann", "Bob", "Cy"])  # fields in board order
    assert listed([]).render() == "aucun" and listed(["A1", "B2", "C3"]).render() == "A1, B2 et C3"
