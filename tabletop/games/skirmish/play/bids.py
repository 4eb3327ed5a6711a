"""Strategy-point bids (rulebook L336-338, L386-390; DECISIONS.md S8-S10): who bids,
whether a bid may be made, who wins, what the pools hold after. Plain functions; no
pygame here.

Each player bids from the SP pool in private; the bids are shown together. The
higher bid wins and its player decides who begins; equal bids: each rolls a die
until the rolls differ. Both bids are spent, the winner's and the loser's (S8).
Round 1 has a bid of its own (S9; option: none, the preparation's beginner begins).
A side whose leader was put out of action in the previous round skips the bid: the
other side decides who begins; when both leaders fell that round, both bid (S10).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.i18n import N_, Message

#: the two sides bid
BOTH = "both"


def bid_refusal(bid: int, pool: int) -> Message | None:
    """Why a bid cannot be made from `pool`, or None: from 0 up to the whole pool (S8)."""
    if bid < 0:
        return Message(N_("A bid is 0 SP or more."))
    if bid > pool:
        return Message(N_("The pool holds {sp} SP; the bid cannot be {bid}."), {"sp": pool, "bid": bid})
    return None


def who_bids(leader_fell_last_round: Sequence[bool]) -> str | int:
    """BOTH when the sides bid; else the side that decides who begins without a bid
    (the one whose leader did not fall in the previous round, S10)."""
    fell = [bool(f) for f in leader_fell_last_round]
    if fell[0] != fell[1]:
        return 0 if fell[1] else 1
    return BOTH


def winner(bids: Sequence[int]) -> int | None:
    """The side with the higher bid; None when they are equal (a roll-off follows)."""
    if bids[0] == bids[1]:
        return None
    return 0 if bids[0] > bids[1] else 1


def roll_off(rolls: Sequence[int]) -> int | None:
    """The side that rolled higher; None when the rolls are equal (they roll again)."""
    return winner(rolls)


def pools_after(pools: Sequence[int], bids: Sequence[int]) -> list[int]:
    """Both bids are spent (S8)."""
    return [pool - bid for pool, bid in zip(pools, bids, strict=True)]
