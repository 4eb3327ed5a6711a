"""Rounds (rulebook 4.B, L370-446; DECISIONS S14, S15): when play begins every
warrior has 3 AP (preparation step 9, L362) and each side its strategy points
(S8). A round is its activation phase, then its end phase (play/end_phase.py);
the bids and the tactical phase come with part 2. Until then the round's beginner
alternates: the seat chosen to begin (seat 1 unless chosen otherwise) begins
round 1, the other round 2, and so on.

The activation phase (L398-416, S14): the side to name names a warrior of its own
not yet activated, with its current GES; the other side may counter with one of
a higher GES, and so on; the warrior named last is activated (play/activation.py).
Then the side that did not activate names. A side with nobody left to activate
is skipped (L404); when nobody is left on either side, or both sides pass one
after the other, the phase ends (L406, L412).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletop.engine.core import Event
from tabletop.games.skirmish.play import limits
from tabletop.games.skirmish.play.state import ACTIVATION, NAMING, SkirmishState
from tabletop.games.skirmish.play.warriors import ROUND_AP, in_force, may_be_activated, sp_pool
from tabletop.i18n import N_, Message


def warriors_of(state: SkirmishState, side: int) -> Iterator[tuple[str, dict[str, Any]]]:
    return ((model_id, entry) for model_id, entry in state.models.items() if entry["side"] == side)


def to_activate(state: SkirmishState, side: int) -> list[str]:
    """The side's warriors that may still be activated this round."""
    return [model_id for model_id, entry in warriors_of(state, side) if may_be_activated(entry)]


def ges(state: SkirmishState, model_id: str) -> int:
    """The warrior's current GES, as it is named (S14)."""
    return in_force(state.models[model_id], "ges")


def counters(state: SkirmishState, side: int, above: int) -> list[str]:
    """The side's warriors that could counter a naming at GES `above`."""
    return [model_id for model_id in to_activate(state, side) if ges(state, model_id) > above]


def begin_play(state: SkirmishState) -> list[Event]:
    """Preparation step 9 and the first round: 3 AP each, the SP pools set."""
    for side in (0, 1):
        state.sp[side] = sp_pool(entry["warrior"] for _id, entry in warriors_of(state, side))
    for entry in state.models.values():
        entry["ap"] = ROUND_AP
    events = [
        Event(
            Message(
                N_("Play begins. Strategy points: {first_player} {first_sp}, {second_player} {second_sp}."),
                {"first_player": 0, "first_sp": state.sp[0], "second_player": 1, "second_sp": state.sp[1]},
            ),
            kind="play",
        )
    ]
    return events + begin_round(state, 1, state.first)


def begin_round(state: SkirmishState, number: int, beginner: int) -> list[Event]:
    """A new round: its counters start again and its beginner names first."""
    state.round = number
    state.beginner = beginner
    state.named = []
    state.passes = 0
    state.opened = False
    state.active = None
    state.last = None
    state.end = {}
    for entry in state.models.values():
        limits.new_round(entry)
        # a warrior without AP counts as activated at once (L416, S15)
        entry["activated"] = entry["ap"] <= 0
    events = [
        Event(
            Message(N_("Round {number} begins; {player} names first."), {"number": number, "player": beginner}),
            kind="round",
        )
    ]
    return events + naming_by(state, beginner)


def naming_by(state: SkirmishState, side: int) -> list[Event]:
    """`side` names next; a side with nobody left is skipped (L404); nobody left
    on either side ends the activation phase (L406)."""
    from tabletop.games.skirmish.play import end_phase

    state.named = []
    state.active = None
    for seat in (side, 1 - side):
        if to_activate(state, seat):
            state.phase = NAMING
            state.turn = seat
            if seat != side:
                # the skipped side did not pass: the round's first naming is the other's
                state.opened = True
            return []
    return end_phase.begin(state)


def activate(state: SkirmishState, model_id: str) -> list[Event]:
    """The warrior named last is activated: it acts now (L402)."""
    entry = state.models[model_id]
    entry["activated"] = True
    state.phase = ACTIVATION
    state.active = model_id
    state.turn = entry["side"]
    state.last = entry["side"]
    state.named = []
    state.passes = 0
    message = Message(
        N_("{name} is activated with {count} AP."),
        {"name": entry["name"], "count": entry["ap"]},
    )
    return [Event(message, kind="activate", data={"model": model_id})]
