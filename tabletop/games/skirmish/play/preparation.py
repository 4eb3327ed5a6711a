"""The preparation phase of a game between two built units (rulebook L326-362;
DECISIONS S8-S13), step by step in the book's order:

1-2. each unit is shown (the set-up holds both in full) and its strategy points
     counted (L330-334): when the game is set up;
3.   the preparation bid (L336-338, S8): play/bidding.py, as round 0; its winner
     says who begins the preparation (`first`);
4.   the leaders, named openly (L340, S10): each unit's leader as its player built it;
5.   the missions, the beginner's first, a secret one chosen in private (L342, S11):
     play/mission_play.py;
6.   terrain, placed in turns beginning with the beginner (L344, S12):
     play/terrain_turns.py;
6a.  with the option, non-player warriors placed in turns from each side's
     infestation pool (L346, L766-776, S36): play/infestation.py, play/non_player_play.py;
7.   deployment (L348-358, S13): the beginner picks an edge and deploys all of
     his warriors, then the other side along the opposite edge: play/deploying.py;
8.   the tactical hands, chosen in private, the beginner first (L360, S13):
     play/hands.py;
9.   3 AP for every warrior, and round 1 begins with its own bid (L362, S9):
     rounds.begin_play.

This module enters the steps one after the other; each step's moves (in the
modules named above, above this one) say when their step is over (`step_done`).

A table laid out freely (a side playing the layout's own warriors, or the option
"preparation: free") skips all this: play/laying_out.py.
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.games.skirmish.options import INFESTATION as LEVEL
from tabletop.games.skirmish.options import PREPARATION
from tabletop.games.skirmish.play import infestation, rounds, weather_play
from tabletop.games.skirmish.play.state import (
    DEPLOYING,
    HANDS,
    INFESTATION,
    MISSIONS,
    PREPARATION_STEPS,
    TERRAIN,
    SkirmishState,
)
from tabletop.i18n import N_, Message


def book_game(state: SkirmishState) -> bool:
    """Both players brought a built unit and the option keeps the book's
    preparation (the default): it comes first."""
    return all(unit is not None for unit in state.units) and state.options.get(PREPARATION) != "free"


def begin(state: SkirmishState) -> None:
    """Steps 1-3 as the game is set up: the pools counted, the preparation bid opened."""
    for side in (0, 1):
        state.sp[side] = rounds.side_sp(state, side)
    rounds.open_round(state, 0)


def after_bid(state: SkirmishState, beginner: int) -> list[Event]:
    """The bid's winner said who begins the preparation: step 4, then step 5 on."""
    state.first = beginner
    events = [
        Event(
            Message(
                N_("Strategy points after the bid: {first_player} {first_sp}, {second_player} {second_sp}."),
                {"first_player": 0, "first_sp": state.sp[0], "second_player": 1, "second_sp": state.sp[1]},
            ),
            data={"about": None},  # both sides
        )
    ]
    for side in (beginner, 1 - beginner):
        leader = state.leaders[side]
        if leader is not None:
            events.append(Event(Message(N_("{player} names {name} leader."), {"player": side, "name": leader})))
    return events + enter(state, PREPARATION_STEPS[0])


def enter(state: SkirmishState, step: str) -> list[Event]:
    """A step of the preparation begins with its beginner."""
    state.phase = step
    state.turn = state.first
    state.ready = [False, False]
    if step == MISSIONS:
        text = N_("Missions: {player} plays a mission first, then the other player.")
    elif step == TERRAIN:
        state.terrain_done = [False, False]
        text = N_("Terrain: the players place their pieces in turns, {player} first.")
    elif step == DEPLOYING and weather_play.conditions(state).deploy_alternately:
        text = N_("Deployment in light fog: {player} chooses an edge; then each player deploys one warrior in turn.")
    elif step == INFESTATION:
        text = N_("Non-player warriors: the players place them in turns from their infestation pools, {player} first.")
        events = [Event(Message(text, {"player": state.first}), kind="step"), *infestation.begin_placement(state)]
        # no room for any of them: the step is over at once
        return events + step_done(state) if infestation.placed_all(state) else events
    elif step == DEPLOYING:
        text = N_("Deployment: {player} chooses an edge and deploys first.")
    else:
        assert step == HANDS
        text = N_("Tactical hands: each player chooses his hand in private, {player} first.")
    return [Event(Message(text, {"player": state.first}), kind="step")]


def step_done(state: SkirmishState) -> list[Event]:
    """The step under way is over: the next one, or play (step 9)."""
    # step 6a only with the option (L346)
    steps = tuple(step for step in PREPARATION_STEPS if step != INFESTATION or state.options.get(LEVEL, 0))
    index = steps.index(state.phase)
    if index + 1 < len(steps):
        return enter(state, steps[index + 1])
    return rounds.begin_play(state, pools=False)
