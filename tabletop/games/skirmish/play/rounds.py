"""Rounds (rulebook 4.B, L370-446; DECISIONS S14, S15): when play begins every
warrior has 3 AP (preparation step 9, L362) and each side its strategy points
(S8). A round opens with the bid for who begins it (`open_round`, play/bidding.py),
then its activation phase, then its end phase (below).

The activation phase (L398-416, S14): the side to name names a warrior of its own
not yet activated, with its current GES; the other side may counter with one of
a higher GES, and so on; the warrior named last is activated (play/activation.py).
Then the side that did not activate names. A side with nobody left to activate
is skipped (L404); when nobody is left on either side, or both sides pass one
after the other, the phase ends (L406, L412).

The end phase: the end phase of a round, in the book's order (rulebook L418-446, L654-668;
DECISIONS S22, S29, S36):

2. non-player warriors (optional rule 2, L424, L778-794): the players activate them
   in turns, each doing the one action the rules force (play/non_player_play.py);
3. fire: each warrior with a fire marker rolls 3 dice, a wound for each face above
   its WID; one hit roll gives the zone of all of them, armour counts; then one fire
   marker comes off (L426);
4. fear: each warrior with a fear marker makes a PSI roll at difficulty 5; each
   success takes one fear marker off (L428); a PSI at 0 fails without dice (L240);
5. poison: one poison marker comes off each warrior that has one (L430);
6. rage: for each warrior with rage markers its player removes one or keeps them
   (L432, L666), the side that activated last first (L408); a non-player warrior's
   comes off by itself (S36); then the weather's end-of-round rolls (S29;
   play/weather_play.py);
7. the AP not spent lapse (L434); 8. every warrior gets 3 new AP (L436);
9. each warrior with a slow marker has one AP less, and one slow marker comes off
   (L438);
10. the missions' victory points (L440-442): play/victory.py;
11. what lasts "until the end of the round" ends (L444); the weather's change roll
    (the option "changing", S29).

Step 1 (the review) is the players' own; when the game ends the secret missions are
revealed and score (play/victory.py). Every roll is a chance step of the engine
(play/chance.py); a warrior whose last point of a zone is marked is out of action
and leaves the table at once (L298). Then the next round opens, or after round 5,
or a round that left a side with nobody on the table, the game ends (L364-366, S30).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletop.engine.core import ChanceSpec, Event, Step
from tabletop.games.skirmish.options import ROUND_ONE_BID
from tabletop.games.skirmish.play import (
    auras,
    bids,
    burning,
    chance,
    dice,
    hostile,
    infestation,
    limits,
    tactical_phase,
    units,
    victory,
    weather_play,
)
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.moves import RAGE
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    CHOOSING,
    END,
    LAST_ROUND,
    NAMING,
    NON_PLAYER_SIDE,
    OVER,
    SkirmishState,
    table_of,
)
from tabletop.games.skirmish.play.warriors import ROUND_AP, card, may_be_activated, sp_pool
from tabletop.i18n import N_, Message, data_name


def warriors_of(state: SkirmishState, side: int) -> Iterator[tuple[str, dict[str, Any]]]:
    return ((model_id, entry) for model_id, entry in state.models.items() if entry["side"] == side)


def to_activate(state: SkirmishState, side: int) -> list[str]:
    """The side's warriors that may still be activated this round."""
    return [model_id for model_id, entry in warriors_of(state, side) if may_be_activated(entry)]


def ges(state: SkirmishState, model_id: str) -> int:
    """The warrior's current GES, as it is named (S14)."""
    return auras.attribute_in_force(state, model_id, "ges")


def counters(state: SkirmishState, side: int, above: int) -> list[str]:
    """The side's warriors that could counter a naming at GES `above`."""
    return [model_id for model_id in to_activate(state, side) if ges(state, model_id) > above]


def side_sp(state: SkirmishState, side: int) -> int:
    """The side's strategy points as play begins (S8)."""
    unit = state.units[side]
    if unit is not None:
        return units.sp(units.Unit.from_setup(unit), starter_set())
    return sp_pool(entry["warrior"] for _id, entry in warriors_of(state, side))


def begin_play(state: SkirmishState, pools: bool = True) -> list[Event]:
    """Preparation step 9 and the first round: 3 AP each; `pools`: the SP pools set
    now (a freely laid-out table: a unit's from all its warriors, L332-334, the
    layout's warriors' from those on the table; the book's preparation counted them
    before its bid)."""
    if pools:
        for side in (0, 1):
            state.sp[side] = side_sp(state, side)
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
    return events + open_round(state, 1)


def leader_fell_last_round(state: SkirmishState, number: int) -> list[bool]:
    """For each side: its leader was put out of action in the round before `number` (S10)."""
    return [number > 1 and fell == number - 1 for fell in state.leader_fell]


def open_round(state: SkirmishState, number: int) -> list[Event]:
    """Round `number`'s first step, who begins it (L384-390): both sides bid in
    private (play/bidding.py; round 0 is the preparation's bid), or, when one
    side's leader fell in the round before, the other side says who begins (S10);
    round 1 may have no bid (S9's option: the preparation's beginner begins)."""
    state.round = number
    state.bids = [None, None]
    state.roll_off = False
    state.decider = None
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
    if number == 1 and state.options.get(ROUND_ONE_BID) == "none":
        return begin_round(state, 1, state.first)
    who = bids.who_bids(leader_fell_last_round(state, number))
    if who == bids.BOTH:
        state.phase = BIDDING
        state.turn = state.first if number <= 1 else state.beginner
        if number == 0:
            message = Message(N_("Preparation: each player bids strategy points in private for who begins."))
        else:
            message = Message(
                N_("Round {number}: each player bids strategy points in private for who begins."), {"number": number}
            )
        return [Event(message, kind="bid")]
    assert isinstance(who, int)
    state.phase = CHOOSING
    state.decider = state.turn = who
    message = Message(
        N_("Round {number}: no bid, the leader of {fallen_player} fell last round; {player} says who begins."),
        {"number": number, "fallen_player": 1 - who, "player": who},
    )
    return [Event(message, kind="bid")]


def begin_round(state: SkirmishState, number: int, beginner: int) -> list[Event]:
    """Who begins is decided: the round's tactical phase (play/tactical_phase.py),
    then its activation phase (the round's counters started again when it opened;
    the bid's shown amounts are no longer needed)."""
    state.beginner = beginner
    state.bids = [None, None]
    events = tactical_phase.open_phase(state)
    return events if state.card_turns else events + begin_activation(state)


def begin_activation(state: SkirmishState) -> list[Event]:
    """The round's activation phase: its beginner names first."""
    number, beginner = state.round, state.beginner
    weather_play.activation_begins(state)
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
    return begin_end_phase(state)


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
        {"name": data_name(entry["name"]), "count": entry["ap"]},
    )
    # burning terrain it touches sets it on fire; standing in it, it must first move out (S35)
    return [Event(message, kind="activate", data={"model": model_id}), *burning.activated(state, model_id)]


# -- the end phase ---------------------------------------------------------------------

NON_PLAYER, FIRE, FEAR, POISON, RAGE_STEP, AP_LAPSE = 2, 3, 4, 5, 6, 7
#: the weather's end-of-round rolls, after step 6 (S29)
WEATHER_STEP = "weather"


def begin_end_phase(state: SkirmishState) -> list[Event]:
    """The activation phase is over: the end phase begins."""
    state.phase = END
    state.active = None
    state.named = []
    events = [Event(Message(N_("End phase of round {number}."), {"number": state.round}), kind="end")]
    if any(entry["side"] == NON_PLAYER_SIDE for entry in state.models.values()):
        state.end = _non_player_step(state)  # step 2 comes first
        return events + advance_end_phase(state)
    events += _terrain_step(state)
    if state.pending is not None:
        return events
    return events + advance_end_phase(state)


def _non_player_step(state: SkirmishState) -> dict[str, Any]:
    """The end phase's progress at step 2: every non-player warrior to activate, the
    side that acts first in the end phase picking first (L408, L784; play/non_player_play.py)."""
    first = state.last if state.last is not None else state.beginner
    return {"step": NON_PLAYER, "queue": infestation.on_table(state), "roll": None, "picks": first, "nsk": None}


def _terrain_step(state: SkirmishState) -> list[Event]:
    """Step 3 begins: burning terrain burns on before the fire roll (S35), and
    especially hostile terrain hurts (S34; its rolls come first)."""
    events = burning.end_phase(state)
    state.end = {"step": FIRE, "queue": _with(state, "fire"), "roll": None}
    return events + hostile.end_phase(state)


def _with(state: SkirmishState, marker: str) -> list[str]:
    return [model_id for model_id, entry in state.models.items() if entry["markers"][marker] > 0]


def _take_marker(entry: dict[str, Any], marker: str, count: int = 1) -> None:
    entry["markers"][marker] = max(0, entry["markers"][marker] - count)


def advance_end_phase(state: SkirmishState) -> list[Event]:
    """Carry the end phase on until it waits for dice or a player's choice, or the
    next round begins."""
    events: list[Event] = []
    progress = state.end
    while progress.get("roll") is None:
        step = progress["step"]
        queue = progress["queue"]
        if step == NON_PLAYER:
            if queue:  # the next player picks a non-player warrior (L794)
                state.turn = progress["picks"]
                return events
            events += _terrain_step(state)
            if state.pending is not None:
                return events
            progress = state.end
        elif step == FIRE:
            if queue:
                progress["roll"] = {"kind": "fire", "model": queue.pop(0)}
                continue
            progress.update(step=FEAR, queue=_with(state, "fear"))
        elif step == FEAR:
            if queue:
                model_id = queue.pop(0)
                progress["roll"] = {"kind": "fear", "model": model_id}
                pending = _pending(state)
                if pending.dice == 0:  # PSI at 0: the roll fails without dice (L240)
                    events += _settled(state, ())
                continue
            progress.update(step=POISON, queue=[])
        elif step == POISON:
            for model_id in _with(state, "poison"):
                _take_marker(state.models[model_id], "poison")
            order = _with(state, "rage")
            for model_id in [m for m in order if state.models[m]["side"] == NON_PLAYER_SIDE]:
                _take_marker(state.models[model_id], "rage")  # a non-player warrior's comes off (S36)
                order.remove(model_id)
            # the side that activated last acts first in the end phase (L408)
            first = state.last if state.last is not None else state.beginner
            order.sort(key=lambda model_id: state.models[model_id]["side"] != first)
            progress.update(step=RAGE_STEP, queue=order)
        elif step == RAGE_STEP:
            if queue:
                state.turn = state.models[queue[0]]["side"]
                return events
            progress.update(step=WEATHER_STEP, queue=[], rolls=weather_play.end_of_round_rolls(state))
        elif step == WEATHER_STEP:
            rolls = progress["rolls"]
            while rolls and rolls[0]["model"] not in state.models:
                rolls.pop(0)  # put out of action by an earlier weather's roll
            if rolls:
                progress["roll"] = rolls.pop(0)
                if _pending(state).dice == 0:  # the attribute at 0: the roll fails without dice (L240)
                    events += _settled(state, ())
                continue
            progress.update(step=AP_LAPSE, queue=[])
        else:
            return events + _close(state)
    return events


def _close(state: SkirmishState) -> list[Event]:
    """Steps 7 to 11, then the next round."""
    for entry in state.models.values():
        entry["ap"] = 0  # 7: unspent AP lapse
        entry["ap"] = ROUND_AP  # 8: three new AP
        if entry["markers"]["slow"] > 0:  # 9: slow
            entry["ap"] -= 1
            _take_marker(entry, "slow")
    events = victory.score(state, at_end=False)  # 10: victory points (play/victory.py)
    tactical_phase.end_of_round(state)  # 11: "until the end of the round"
    emptied = [not any(True for _ in warriors_of(state, side)) for side in (0, 1)]
    if state.round >= LAST_ROUND or any(emptied):
        return events + game_over(state, emptied)
    if weather_play.changes(state):
        weather_play.await_change(state)  # 11: the weather's change roll; then the next round
        return events
    return events + open_round(state, state.round + 1)


def weather_rolled(state: SkirmishState, outcome: tuple[int, ...]) -> Step:
    """A weather roll's dice: before the game, or the change roll of step 11 (after
    which the next round opens)."""
    events = weather_play.rolled(state, outcome)
    if state.phase == END and not weather_play.waiting(state):
        events += open_round(state, state.round + 1)
    return Step(events)


def game_over(state: SkirmishState, emptied: list[bool]) -> list[Event]:
    """After round 5, or a round that left a side with nobody on the table (L364-368, S30)."""
    state.phase = OVER
    state.active = None
    if any(emptied) and not all(emptied):
        side = emptied.index(True)
        reason = Message(N_("{player} has no warriors left on the table: the game ends."), {"player": side})
    elif all(emptied):
        reason = Message(N_("Neither side has warriors left on the table: the game ends."))
    else:
        reason = Message(N_("Round {number} is over: the game ends."), {"number": state.round})
    # the missions that score at the end are revealed and score (L364, S11)
    return [Event(reason, kind="over"), *victory.score(state, at_end=True)]


# -- the rolls -----------------------------------------------------------------------------


def waiting_for_dice(state: SkirmishState) -> bool:
    return state.phase == END and state.end.get("roll") is not None


def _pending(state: SkirmishState) -> chance.PendingRoll[Any]:
    roll = state.end["roll"]
    entry = state.models[roll["model"]]
    name = entry["name"]
    if roll["kind"] == "weather":
        return weather_play.pending(state, roll)
    if roll["kind"] == "fire":
        return chance.fire(name, dice.FireRoll(auras.attribute_in_force(state, roll["model"], "wid")))
    if roll["kind"] == "hit":
        return chance.hit(name, dice.HitRoll(tuple(card(entry).warrior.hit_index)))
    return chance.attribute(name, "PSI", dice.fear_roll(auras.attribute_in_force(state, roll["model"], "psi")))


def chance_spec(state: SkirmishState) -> ChanceSpec:
    spec = chance.chance_spec(_pending(state))
    assert spec is not None, "a roll without dice is settled at once"
    return spec


def apply_chance(state: SkirmishState, outcome: tuple[int, ...]) -> Step:
    events = _settled(state, outcome)
    return Step(events + advance_end_phase(state))


def _settled(state: SkirmishState, faces: tuple[int, ...]) -> list[Event]:
    """The pending roll's outcome carried out."""
    pending = _pending(state)
    result = chance.settle(pending, faces)
    events = [chance.rolled(pending, result)]
    roll = state.end["roll"]
    model_id = roll["model"]
    entry = state.models[model_id]
    state.end["roll"] = None
    if roll["kind"] == "weather":
        said, out = weather_play.settled(state, roll, result)
        return events + said + (remove(state, model_id) if out else [])
    if isinstance(result, dice.Burn):
        if result.wounds:
            state.end["roll"] = {"kind": "hit", "model": model_id, "wounds": result.wounds}
        else:
            _take_marker(entry, "fire")
    elif isinstance(result, dice.Hit):
        events[0].data["joins"] = True  # the fire roll's zone: shown with its dice
        before = card(entry)
        zone = before.hit_zone(result.face)
        after = before.hit(zone, roll["wounds"])  # armour counts (L426)
        entry["marks"] = list(after.marks)
        _take_marker(entry, "fire")
        taken = sum(after.marks) - sum(before.marks)
        events.append(
            Event(
                Message.counted(
                    "{name} takes {count} wound to the {zone} from the fire.",
                    "{name} takes {count} wounds to the {zone} from the fire.",
                    taken,
                    {"name": data_name(entry["name"]), "zone": Message(ZONE_NAMES[zone])},
                ),
                kind="wound",
                data={"model": model_id, "zone": zone, "result": True, "face": result.face},
            )
        )
        if after.out_of_action:
            events += remove(state, model_id)
    elif isinstance(result, dice.Successes):
        _take_marker(entry, "fear", result.successes)
    return events


def hostile_rolled(state: SkirmishState, outcome: tuple[int, ...]) -> Step:
    """A hit roll of hostile terrain's wounds (play/hostile.py): a warrior out of
    action leaves the table; in step 3 the next warrior it hurts, or the end phase goes on."""
    pending = state.pending
    assert pending is not None
    events, out = hostile.wound(state, outcome)
    if out:
        events += out_of_action(state, (pending["model"],))
    if state.pending is None and pending.get("end_phase"):
        events += hostile.end_phase(state, pending["then"])
        if state.pending is None:
            events += advance_end_phase(state)
    return Step(events)


def out_of_action(state: SkirmishState, out: tuple[str, ...]) -> list[Event]:
    """Warriors out of action leave the table (L298); the active one's activation ends."""
    events: list[Event] = []
    active_side = state.models[state.active]["side"] if state.active in state.models else state.turn
    for model_id in out:
        if model_id in state.models:
            events += remove(state, model_id)
    if state.active is not None and state.active not in state.models:
        state.active = None
        events += naming_by(state, 1 - active_side)
    return events


def remove(state: SkirmishState, model_id: str) -> list[Event]:
    """A warrior out of action leaves the table at once, for good (L298)."""
    table = table_of(state)  # built before the entry goes, so it still has the warrior to take off
    entry = state.models.pop(model_id)
    table.remove_model(model_id)
    state.removed.append(model_id)
    victory.note_removed(state, model_id, entry)
    side = entry["side"]
    if side != NON_PLAYER_SIDE and state.leaders[side] == entry["name"] and not state.leader_fell[side]:
        state.leader_fell[side] = state.round
    for queue in (state.end.get("queue", []), state.named):
        while model_id in queue:
            queue.remove(model_id)
    message = Message(N_("{name} is out of action and leaves the table."), {"name": data_name(entry["name"])})
    about = side if side != NON_PLAYER_SIDE else None  # the log's dot: the warrior's side
    return [Event(message, kind="removed", data={"model": model_id, "about": about})]


# -- rage ---------------------------------------------------------------------------------


@RAGE.check
def _check_rage(rules: object, state: SkirmishState, model: str, remove: bool) -> None:
    queue = state.end.get("queue", [])
    if state.end.get("step") != RAGE_STEP or not queue:
        raise illegal(N_("No warrior's rage is to be decided now."))
    if model != queue[0]:
        name = data_name(state.models[queue[0]]["name"])
        raise illegal(N_("First the rage of {name} is decided."), name=name)


@RAGE.apply
def _rage(rules: object, state: SkirmishState, model: str, remove: bool) -> Step:
    entry = state.models[model]
    state.end["queue"].pop(0)
    if remove:
        _take_marker(entry, "rage")
        text = N_("{player} takes a rage marker off {name}.")
    else:
        text = N_("{player} keeps the rage of {name}.")
    events = [Event(Message(text, {"player": entry["side"], "name": data_name(entry["name"])}))]
    return Step(events + advance_end_phase(state))
