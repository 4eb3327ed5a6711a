"""Strategy-point bids (rulebook L336-338, L386-390; DECISIONS.md S8-S10; play/bids.py)."""

from __future__ import annotations

from tabletop.games.skirmish.play.bids import BOTH, bid_refusal, pools_after, roll_off, who_bids, winner


def test_the_preparation_bid_with_a_tie_and_a_roll_off():
    # A28's numbers: pools 14 and 10, both bid 3; rolls 4:4, then 2:5: B wins; pools 11 and 7
    assert bid_refusal(3, 14) is None and bid_refusal(3, 10) is None
    assert winner([3, 3]) is None
    assert roll_off([4, 4]) is None
    assert roll_off([2, 5]) == 1
    assert pools_after([14, 10], [3, 3]) == [11, 7]


def test_the_round_1_bid_spends_both_bids():
    # A29's numbers: A bids 0, B bids 1: B decides; pools 11 and 6
    assert winner([0, 1]) == 1
    assert pools_after([11, 7], [0, 1]) == [11, 6]


def test_a_bid_is_from_0_to_the_whole_pool():
    assert bid_refusal(0, 0) is None
    assert "cannot be 8" in str(bid_refusal(8, 7))
    assert "0 SP or more" in str(bid_refusal(-1, 7))


def test_a_side_whose_leader_fell_skips_the_next_bid():
    # S10, L390: the other side decides who begins; both fell: both bid
    assert who_bids([True, False]) == 1
    assert who_bids([False, True]) == 0
    assert who_bids([True, True]) == BOTH
    assert who_bids([False, False]) == BOTH
