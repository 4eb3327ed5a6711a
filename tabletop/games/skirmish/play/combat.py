"""Attacks in the match resolved (rulebook 5, L470-480; 6, L490-590; 8, L600-652;
DECISIONS S16-S25): the active warrior's melee attack, charge, shot, throw and flame,
and the break-away of a warrior in contact that begins a move, once declared
(play/attack_moves.py; a non-player warrior's, play/non_player_play.py), carried on
through their rolls and choices (REACT, SHIFT, ANSWER) to their end.

The resolutions are pure (play/melee.py, play/ranged.py, play/templates.py); the match
keeps the one under way in `state.pending` as plain data ({"kind": "melee" | "shot" |
"blast", "data": ..., "path": the move after a break-away, "then": the climb's, swim's
or jump's roll after one, play/climbing.py}). While it waits for a roll
the actor is CHANCE with its chance spec (`apply_chance` feeds the faces); while it
waits for a choice the choosing side acts with REACT, SHIFT or ANSWER. When it ends
the match applies the outcome once:

- a melee: the fighters' cards with their wounds and their markers, every spend (its
  AP and the limit it counts against, play/limits.py), and after a successful
  break-away the move along the path given, or the roll of the climb, swim or jump
  it began (its AP and the move's use are among the spends: never paid twice);
- a ranged attack: its cost (1 AP, an attack, the item's own uses) is paid when it
  is made; at its end the wounds and the markers given.

A warrior out of action leaves the table at once (L298); when it is the active one,
its activation ends and the other side names (S14). A feared warrior makes no attack
(L660, S21).

The options of the new-game screen reach the resolutions (`options`): a follow-up
also after a won comparison (S19), and weapon markers only with a wound (S25) for
melee, shots and templates alike. A match begun before they existed plays by the
rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tabletop.engine.core import Action, ChanceSpec, Event, Step
from tabletop.games.skirmish.card_schema import ATTRIBUTES, MARKERS, Attribute
from tabletop.games.skirmish.options import FOLLOW_UP, RULEBOOK, WEAPON_MARKERS
from tabletop.games.skirmish.play import (
    attack,
    auras,
    chance,
    climbing,
    hostile,
    limits,
    melee,
    melee_parts,
    ranged,
    rounds,
    tactical_phase,
    templates,
    victory,
    weather_play,
)
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.moves import ANSWER, ATTACK, CHARGE, FLAME, REACT, SHIFT, SHOOT, THROW, Corners
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.games.skirmish.play.reaction import ATTACK_NOW, PASSIVE, Fighter, Reaction
from tabletop.games.skirmish.play.state import END, NON_PLAYER_SIDE, SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card, modifiers_of, spend_ap
from tabletop.i18n import N_, Message, data_name

Resolution = melee.Melee | ranged.Shot | templates.Blast


# -- the warriors as the resolutions see them ----------------------------------------------------


def modifiers(entry: Mapping[str, Any]) -> dict[Attribute, int]:
    """What the warrior's markers and cards add to each attribute (S2)."""
    return {attribute: sum(modifiers_of(entry, attribute)) for attribute in ATTRIBUTES}


def fighter(state: SkirmishState, model_id: str) -> Fighter:
    """A warrior of the match as a melee sees it (with what terrain auras give it)."""
    entry = state.models[model_id]
    attacks = limits.left(entry, limits.ATTACK, limits.action_limit(entry, limits.ATTACK))
    non_player = entry["side"] == NON_PLAYER_SIDE
    return Fighter.of(
        model_id,
        controller(state) if non_player else entry["side"],
        auras.card_in_play(state, model_id),
        ap=entry["ap"],
        attacks_left=attacks if attacks is not None else 0,
        markers=entry["markers"],
        modifiers={str(attribute): value for attribute, value in modifiers_in_play(state, model_id).items()},
        non_player=non_player,
    )


def controller(state: SkirmishState) -> int:
    """The player who chooses and rolls for a non-player warrior in an attack: in the
    end phase the one who controls it (L794), else the attacking player's opponent (L798)."""
    return int(state.end.get("controller", 1 - state.turn))


def modifiers_in_play(state: SkirmishState, model_id: str) -> dict[Attribute, int]:
    """What markers, cards and terrain auras add to each attribute of a warrior now."""
    added = auras.bonus(state, model_id)
    return {attribute: by + added[attribute] for attribute, by in modifiers(state.models[model_id]).items()}


def cards(state: SkirmishState) -> dict[str, ProfileCard]:
    """Every warrior's card in play, with the items terrain auras give it now (L746)."""
    return {model_id: auras.card_in_play(state, model_id) for model_id in state.models}


def all_modifiers(state: SkirmishState) -> dict[str, dict[Attribute, int]]:
    return {model_id: modifiers_in_play(state, model_id) for model_id in state.models}


def options(state: SkirmishState) -> melee_parts.Options:
    """The match's options that change an attack; the rulebook's reading where a
    match has none (begun before they existed)."""
    return melee_parts.Options(
        follow_up_after_won=state.options.get(FOLLOW_UP, RULEBOOK[FOLLOW_UP]) == "won",
        markers_need_wound=state.options.get(WEAPON_MARKERS, RULEBOOK[WEAPON_MARKERS]) == "wound",
    )


# -- the pending resolution ------------------------------------------------------------------------


def resolution(state: SkirmishState) -> Resolution:
    pending = state.pending
    assert pending is not None
    if pending["kind"] == "melee":
        return melee.Melee.from_data(pending["data"])
    if pending["kind"] == "shot":
        return ranged.Shot.from_data(pending["data"])
    return templates.Blast.from_data(pending["data"])


def need(state: SkirmishState) -> chance.PendingRoll[Any] | melee_parts.Choice | attack.Choice | None:
    found = resolution(state)
    return found.next if isinstance(found, melee.Melee) else found.need


def ap_now(state: SkirmishState) -> dict[str, int]:
    """The AP of the warriors in a melee under way, its spends so far counted (the
    state's entries change when it ends): what the players see on the cards."""
    found = resolution(state) if state.pending is not None and state.pending.get("kind") == "melee" else None
    if not isinstance(found, melee.Melee):
        return {}
    return {fighter_now.ref: fighter_now.ap for fighter_now in found.fighters if not fighter_now.non_player}


def waiting_for_dice(state: SkirmishState) -> bool:
    return state.pending is not None and "offer" not in state.pending and isinstance(need(state), chance.PendingRoll)


def chooser(state: SkirmishState) -> int:
    """The side whose choice the attack under way waits for: first the side its
    moment is offered to (a tactical card, S28)."""
    offered = tactical_phase.offered(state)
    if offered is not None:
        return int(offered["side"])
    choice = need(state)
    if isinstance(choice, melee_parts.Choice):
        return choice.side
    assert isinstance(choice, attack.Choice)
    side = int(state.models[choice.chooser]["side"])
    return controller(state) if side == NON_PLAYER_SIDE else side


def chance_spec(state: SkirmishState) -> ChanceSpec:
    roll = need(state)
    assert isinstance(roll, chance.PendingRoll)
    spec = chance.chance_spec(roll)
    assert spec is not None, "a roll without dice is settled at once"
    return spec


def apply_chance(state: SkirmishState, outcome: tuple[int, ...]) -> Step:
    found = resolution(state)
    joins = bool((state.pending or {}).get("rolled"))
    if isinstance(found, melee.Melee):
        after, events = found.roll(outcome)
        step = Step(_carry_on(state, after, list(events)))
    else:
        rolled = found.rolled(outcome)
        step = Step(_carry_on(state, rolled, list(rolled.events)))
    # one attack's rolls go together in the dice tray, its first roll opening them
    for event in step.events:
        if event.kind == "dice":
            event.data["joins"] = joins
            joins = True
    if state.pending is not None:
        state.pending["rolled"] = True
    return step


def _choose(state: SkirmishState, option: str | int) -> Step:
    found = resolution(state)
    if isinstance(found, melee.Melee):
        after, events = found.choose(option)
        step = Step(_carry_on(state, after, list(events)))
        attacked = after.attacked_anew(found)
        return declared(state, step, "melee_attack_on_friend", *attacked) if attacked else step
    if isinstance(found, templates.Blast):
        raise illegal(N_("The explosion waits for no choice."))
    chosen = found.chose(option)
    return Step(_carry_on(state, chosen, list(chosen.events)))


def _carry_on(state: SkirmishState, found: Resolution, events: list[Event]) -> list[Event]:
    """Keep the resolution while it waits; settle rolls without dice; apply its end."""
    while not isinstance(found, melee.Melee):
        roll = found.need
        if not (isinstance(roll, chance.PendingRoll) and roll.dice == 0):
            break
        found = found.rolled(())
        events += found.events
    if isinstance(found, melee.Melee):
        if found.done:
            return events + _melee_over(state, found)
        state.pending = {**(state.pending or {}), "kind": "melee", "data": found.to_data()}
        return events
    if found.outcome is not None:
        return events + ranged_over(state, found.outcome)
    kind = "shot" if isinstance(found, ranged.Shot) else "blast"
    state.pending = {**(state.pending or {}), "kind": kind, "data": found.to_data()}
    return events


def _melee_over(state: SkirmishState, over: melee.Melee) -> list[Event]:
    path = (state.pending or {}).get("path")
    then = (state.pending or {}).get("then")
    state.pending = None
    outcome = over.outcome
    for fighter_now in outcome.fighters:
        entry = state.models[fighter_now.ref]
        entry["marks"] = list(fighter_now.card.marks)
        entry["markers"] = {marker: fighter_now.marker(marker) for marker in MARKERS}
    for spend in outcome.spends:
        entry = state.models[spend.warrior]
        spend_ap(entry, spend.ap)
        if spend.counts_as is not None:
            limits.record(entry, spend.counts_as)
    players = [state.models[f.ref]["side"] for f in outcome.fighters if not f.non_player]
    events = victory.non_players_killed(state, outcome.out_of_action, players[0] if players else None)
    mover = over.target
    if outcome.may_move and path is not None and mover not in outcome.out_of_action:
        entry = state.models[mover]
        entry["position"] = list(path[-1])
        table_of(state).move_model(mover, tuple(path[-1]))
        weather_play.moved(state, mover)
        message = Message.counted(
            "{name} breaks away; {count} AP left.",
            "{name} breaks away; {count} AP left.",
            entry["ap"],
            {"name": data_name(entry["name"])},
        )
        events.append(Event(message, kind="move", data={"model": mover, "path": [list(p) for p in path]}))
    events += rounds.out_of_action(state, outcome.out_of_action)
    if outcome.may_move and path is not None and mover in state.models:
        # the move that followed ends in hostile terrain: it hurts (S34)
        events += hostile.after_move(state, mover)
    if outcome.may_move and then is not None and mover in state.models:
        # the climb, swim or jump that followed waits for its roll
        state.pending = then
        events += climbing.settle_without_dice(state)
    return events + _end_phase_on(state)


def _end_phase_on(state: SkirmishState) -> list[Event]:
    """A non-player warrior's attack in the end phase is over: the end phase goes on."""
    return rounds.advance_end_phase(state) if state.phase == END and state.pending is None else []


def ranged_over(state: SkirmishState, outcome: attack.Outcome) -> list[Event]:
    """The end of a shot or a template: wounds and markers (a template's markers land on
    everyone under it, wounded or not, whatever S25's option says: L644)."""
    state.pending = None
    before = cards(state)
    events = list(outcome.events(before))
    for model_id, marked in outcome.cards(before).items():
        state.models[model_id]["marks"] = list(marked.marks)
    for given in outcome.markers:
        markers = state.models[given.warrior]["markers"]
        markers[given.marker] = markers[given.marker] + given.count
    out = tuple(model_id for model_id, entry in state.models.items() if card(entry).out_of_action)
    attacker = state.models[state.active]["side"] if state.active in state.models else None
    events += victory.non_players_killed(state, out, attacker)
    return events + rounds.out_of_action(state, out) + _end_phase_on(state)


def start(
    state: SkirmishState,
    found: Resolution,
    events: list[Event],
    path: Corners | None = None,
    then: dict[str, Any] | None = None,
) -> Step:
    """A declared attack's resolution begins (`path`: the move after a break-away;
    `then`: the climb's, swim's or jump's roll after it)."""
    state.pending = {"kind": "", "data": {}, "path": [list(p) for p in path] if path is not None else None}
    if then is not None:
        state.pending["then"] = then
    return Step(_carry_on(state, found, events))


def declared(state: SkirmishState, step: Step, moment: Any, attacker: str, target: str) -> Step:
    """An attack on `target` is declared: before its first roll or choice, the
    target's side may play a card of that moment (S28)."""
    step.events.extend(tactical_phase.offer(state, moment, target, attacker))
    return step


# -- what a tactical card does to the attack under way ---------------------------------------------


def change_attack(state: SkirmishState, model_id: str, changes: Mapping[Attribute, int]) -> None:
    """A card played at the attack's moment changes an attribute of one of its
    warriors for this attack (Deckung: the shooter's KAT), before anything is rolled:
    a shot is aimed again with it, a melee's fighter gets it."""
    found = resolution(state)
    assert state.pending is not None
    if isinstance(found, ranged.Shot):
        mods = all_modifiers(state)
        for attribute, by in changes.items():
            mods[model_id][attribute] += by
        wound_only = options(state).markers_need_wound
        found = ranged.aim(table_of(state), cards(state), found.shooter, found.target.id, found.item, mods, wound_only)
    elif isinstance(found, melee.Melee):
        fighter_now = found.fighter(model_id)
        changed = list(fighter_now.modifiers)
        for attribute, by in changes.items():
            changed[ATTRIBUTES.index(attribute)] += by
        now = replace(fighter_now, modifiers=(changed[0], changed[1], changed[2], changed[3]))
        found = replace(found, fighters=tuple(now if f.ref == model_id else f for f in found.fighters))
    state.pending["data"] = found.to_data()


def free_dodge(state: SkirmishState) -> list[Event]:
    """The warrior attacked in melee dodges without paying its AP (Schutzwall)."""
    found = resolution(state)
    assert isinstance(found, melee.Melee) and (
        found.stage == "reaction" or found.stage == "kat" and found.breaking_away and found.reaction == PASSIVE
    ), "a free dodge answers a melee attack before its rolls"
    after, events = found.dodged_free()
    return _carry_on(state, after, list(events))


# -- the choices -----------------------------------------------------------------------------------


def _check_choice(state: SkirmishState, kinds: tuple[str, ...], option: str | int) -> None:
    if tactical_phase.offered(state) is not None:
        raise illegal(N_("First a tactical card is played before the roll, or none."))
    choice = need(state)
    if not isinstance(choice, melee_parts.Choice | attack.Choice) or choice.kind not in kinds:
        raise illegal(N_("The attack under way does not wait for that."))
    if option not in choice.options:
        written = ", ".join(str(o) for o in choice.options)
        raise illegal(N_("Choose one of: {options}."), options=written)


@REACT.check
def _check_react(rules: object, state: SkirmishState, reaction: Reaction) -> None:
    _check_choice(state, ("reaction",), reaction)


@REACT.apply
def _react(rules: object, state: SkirmishState, reaction: Reaction) -> Step:
    return _choose(state, reaction)


@SHIFT.check
def _check_shift(rules: object, state: SkirmishState, face: int) -> None:
    _check_choice(state, ("effect_shift", "attacker_shift", "shift"), face)


@SHIFT.apply
def _shift(rules: object, state: SkirmishState, face: int) -> Step:
    before = resolution(state)
    rolled = before.face if isinstance(before, melee.Melee | ranged.Shot) else face
    step = _choose(state, face)
    if face != rolled:  # the hit index is read at the new face from now on (the dice tray too)
        moved = Message(N_("The hit roll is shifted from {face} to {moved}."), {"face": rolled, "moved": face})
        step.events.insert(0, Event(moved, data={"face": face}))
    return step


@ANSWER.check
def _check_answer(rules: object, state: SkirmishState, option: str) -> None:
    _check_choice(state, ("follow_up", "punish", "stray"), option)


@ANSWER.apply
def _answer(rules: object, state: SkirmishState, option: str) -> Step:
    return _choose(state, option)


# -- for the log, the help and random play ------------------------------------------------------

KINDS = (ATTACK.kind, CHARGE.kind, SHOOT.kind, THROW.kind, FLAME.kind, REACT.kind, SHIFT.kind, ANSWER.kind)

_REACTIONS = {"passive": N_("Stay passive"), "dodge": N_("Dodge"), "strike_back": N_("Strike back")}


def describe(state: SkirmishState, action: Action) -> Message:
    """The move in words."""
    kind = action.kind
    name = data_name(state.models.get(action.get("model", ""), {}).get("name", "?"))
    other = data_name(state.models.get(action.get("target", ""), {}).get("name", "?"))
    if kind == ATTACK.kind:
        return Message(N_("{name} attacks {other}"), {"name": name, "other": other})
    if kind == CHARGE.kind:
        return Message(N_("{name} charges {other}"), {"name": name, "other": other})
    if kind == SHOOT.kind:
        return Message(N_("{name} shoots at {other}"), {"name": name, "other": other})
    if kind == THROW.kind:
        at = action["at"]
        return Message(N_("{name} throws at {x:.1f}, {y:.1f} cm"), {"name": name, "x": at[0] / 10, "y": at[1] / 10})
    if kind == FLAME.kind:
        return Message(N_("{name} lays the flame at {angle:g} degrees"), {"name": name, "angle": action["angle"]})
    if kind == REACT.kind:
        return Message(_REACTIONS[action["reaction"]])
    if kind == SHIFT.kind:
        return Message(N_("Face {face}"), {"face": action["face"]})
    option = action["option"]
    if option in state.models:
        return Message(N_("The stray shot hits {name}"), {"name": data_name(state.models[option]["name"])})
    return Message(N_("Attack") if option == ATTACK_NOW else N_("Decline"))


def choices(state: SkirmishState) -> list[Action]:
    """Every option of the choice the attack under way waits for (not while its
    moment is offered for a tactical card: play/sampling.py offers the cards)."""
    if tactical_phase.offered(state) is not None:
        return []
    choice = need(state)
    if not isinstance(choice, melee_parts.Choice | attack.Choice):
        return []
    if choice.kind == "reaction":
        return [REACT.action(reaction=option) for option in choice.options]
    if choice.kind in ("effect_shift", "attacker_shift", "shift"):
        return [SHIFT.action(face=option) for option in choice.options]
    return [ANSWER.action(option=option) for option in choice.options]


def check_pending(state: SkirmishState) -> None:
    """The attack under way is whole: its warriors are on the table and it waits for something."""
    found = resolution(state)
    assert need(state) is not None, "a finished attack is still pending"
    if isinstance(found, melee.Melee):
        for fighter_now in found.fighters:
            assert fighter_now.ref in state.models, f"{fighter_now.ref} fights off the table"
            assert fighter_now.ap >= 0, f"{fighter_now.ref} spent AP it has not"
