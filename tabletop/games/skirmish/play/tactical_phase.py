"""Each round's tactical phase (rulebook L392-396, L204-218; DECISIONS S10, S28):
after who begins is decided, the round's beginner may play one card of his hand,
paying its SP, or none; then the other player; then the activation phase begins.

- A side plays no card when its hand is empty, its leader was put out of action
  at any time (S10), its pool holds less than a card costs or the opponent's
  card forbids it this round (Störsender): it is passed over, as all of that is
  public. What its hand holds is not: a card it may not play now is refused.
- A card whose name was played this game by either side (a revoked one too) is
  refused (L204, S28), so is Erste Runde outside round 1 and a card without
  Taktische Phase (played when its text says, S28: those moments are not yet in
  the match); outside the tactical phase no card is played.
- The card shows when it is played. Widerruf (X): right after, the opponent may
  pay X SP to revoke it: it is discarded without effect and its SP are not
  returned (L214, S28, A79); a side whose leader fell may still revoke (S10).
- Its effects: AP and markers given to the warriors it reaches (the match applies
  them as it does an ability's, play/abilities.py), Störsender's "no more cards";
  any other effect of the vocabulary (a modifier, a limit, a template) and a card
  without effects are applied by hand from the card's text. Every card lasts
  until the end of the round (L218, L444: step 11 ends `state.effects`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.card_schema import Markers, Target
from tabletop.games.skirmish.play import abilities, hands, rounds, tactics
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.melee_messages import MARKER_NAMES
from tabletop.games.skirmish.play.moves import NO_CARD, PLAY_CARD, REVOKE
from tabletop.games.skirmish.play.state import REVOKING, TACTICS, SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card_warrior
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.tactics_schema import PLAY_COST, TacticalCard
from tabletop.i18n import N_, Message, Nn_

#: the verbs of a card's effects the match applies itself; with any other the card is applied by hand
APPLIED = ("ap", "markers", "no_cards")

NAME_TARGETS = Nn_("Name {count} warrior {card} reaches.", "Name {count} warriors {card} reaches.")
GETS_AP = Nn_("{card}: {name} gets {count} AP.", "{card}: {name} gets {count} AP.")
LOSES_AP = Nn_("{card}: {name} loses {count} AP.", "{card}: {name} loses {count} AP.")
REVOKE_FOR = Nn_(
    "{player} may revoke {card} for {count} SP.",
    "{player} may revoke {card} for {count} SP.",
)
REVOKED = Nn_(
    "{player} pays {count} SP and revokes {card}: it is discarded without effect.",
    "{player} pays {count} SP and revokes {card}: it is discarded without effect.",
)


def card_cost(state: SkirmishState) -> int:
    """What a card costs now: 2 SP (L394; a snowstorm's 3, tactics.SNOWSTORM_COST,
    once the weather is in play)."""
    return PLAY_COST


def jammed(state: SkirmishState, side: int) -> bool:
    """The opponent's card this round forbids `side` more cards (Störsender)."""
    found = hands.cards()
    return any(
        effect.get("card") in found
        and effect["side"] != side
        and any(verb.verb == "no_cards" for verb in found[effect["card"]].effects)
        for effect in state.effects
    )


def occasion(state: SkirmishState, side: int) -> tactics.Occasion:
    """The moment `side` would play a card in the tactical phase under way."""
    return tactics.Occasion(
        round=state.round,
        moment="tactical_phase",
        sp=state.sp[side],
        cost=card_cost(state),
        leader_lost=state.leader_fell[side] > 0,
        played=frozenset(entry["card"] for entry in state.played),
        jammed=jammed(state, side),
    )


def may_play(state: SkirmishState, side: int) -> bool:
    """`side` may play some card, as far as the table knows: a card in hand, its
    leader never put out of action, SP enough, not forbidden (all of it public)."""
    return bool(hands.hand_of(state, side)) and (
        state.leader_fell[side] == 0 and state.sp[side] >= card_cost(state) and not jammed(state, side)
    )


# -- the phase -------------------------------------------------------------------------------


def open_phase(state: SkirmishState) -> list[Event]:
    """Who begins is decided: the tactical phase, the beginner first (L394)."""
    state.card_turns = [state.beginner, 1 - state.beginner]
    return next_turn(state)


def next_turn(state: SkirmishState) -> list[Event]:
    """The next side that may play a card; none: the activation phase begins."""
    while state.card_turns and not may_play(state, state.card_turns[0]):
        state.card_turns.pop(0)
    if not state.card_turns:
        return rounds.begin_activation(state)
    state.phase = TACTICS
    state.turn = state.card_turns[0]
    message = Message(N_("Tactical phase: {player} may play a card."), {"player": state.turn})
    return [Event(message, kind="tactics")]


# -- whom a card reaches -----------------------------------------------------------------------


def by_hand(card: TacticalCard) -> bool:
    """The players apply it from its text: some effect is not one the match applies."""
    return card.by_hand or any(effect.verb not in APPLIED for effect in card.effects)


def reach(card: TacticalCard) -> Target | None:
    """Whom the card's effects reach (the same warriors for all of them); None: no warrior."""
    targets: list[Target] = [effect.target for effect in card.effects if hasattr(effect, "target")]
    return targets[0] if targets else None


def eligible(state: SkirmishState, side: int, target: Target) -> list[str]:
    """The warriors on the table a card of `side` may reach: friends or enemies, of a
    type, within a distance (edge to edge) of one of the side's `near` warriors (its
    leader, or a warrior of that type)."""
    wanted_side = 1 - side if target.who == "enemy" else side
    found = [
        model_id
        for model_id, entry in state.models.items()
        if entry["side"] == wanted_side and (target.type is None or target.type in card_warrior(entry["warrior"]).types)
    ]
    if target.near is None or target.within is None:
        return found
    near = [
        model_id
        for model_id, entry in state.models.items()
        if entry["side"] == side
        and (
            entry["name"] == state.leaders[side]
            if target.near == "leader"
            else target.near in card_warrior(entry["warrior"]).types
        )
    ]
    table = table_of(state)
    return [
        model_id
        for model_id in found
        if any(measure.edge_distance(table, other, model_id) <= target.within + EPS for other in near)
    ]


def wanted(state: SkirmishState, side: int, card: TacticalCard) -> int:
    """How many warriors the move names: the card's number (fewer when fewer are on
    the table), none for a card on all of them, on none, or applied by hand."""
    target = reach(card)
    if by_hand(card) or target is None or target.warriors == "all":
        return 0
    return min(target.warriors, len(eligible(state, side, target)))


def target_refusal(state: SkirmishState, side: int, card: TacticalCard, targets: Sequence[str]) -> Message | None:
    """Why `card` cannot be played on `targets` (None: it can)."""
    said = {"card": Message(card.name)}
    target = reach(card)
    if by_hand(card) or target is None or target.warriors == "all":
        if targets:
            return Message(N_("{card} names no warrior."), said)
        if target is not None and not by_hand(card) and not eligible(state, side, target):
            return Message(N_("{card} reaches no warrior now."), said)
        return None
    reachable = eligible(state, side, target)
    if not reachable:
        return Message(N_("{card} reaches no warrior now."), said)
    if len(set(targets)) != len(targets):
        return Message(N_("Each warrior is named once."))
    for model_id in targets:
        if model_id not in state.models:
            return Message(N_("There is no such warrior."))
        if model_id not in reachable:
            return Message(N_("{card} cannot reach {name}."), {**said, "name": state.models[model_id]["name"]})
    needed = min(target.warriors, len(reachable))
    if len(targets) != needed:
        return count_message(NAME_TARGETS, needed, said)
    return None


def receivers(state: SkirmishState, side: int, card: TacticalCard, targets: Sequence[str]) -> list[str]:
    target = reach(card)
    if target is not None and target.warriors == "all":
        return eligible(state, side, target)
    return [model_id for model_id in targets if model_id in state.models]


# -- the moves -------------------------------------------------------------------------------


def _card(key: str) -> TacticalCard:
    found = hands.cards().get(key)
    if found is None:
        raise illegal(N_("There is no such tactical card."))
    return found


@PLAY_CARD.check
def _check_play(rules: object, state: SkirmishState, card: str, targets: tuple[str, ...]) -> None:
    side = state.turn
    played = _card(card)
    refusal = tactics.play_refusal(played, occasion(state, side), hands.hand_of(state, side))
    if refusal is None:
        refusal = target_refusal(state, side, played, targets)
    if refusal is not None:
        raise IllegalAction(refusal)


@PLAY_CARD.apply
def _play(rules: object, state: SkirmishState, card: str, targets: tuple[str, ...]) -> Step:
    side = state.turn
    played = hands.cards()[card]
    cost = card_cost(state)
    state.sp[side] -= cost
    hand = state.hands[side]
    assert hand is not None
    hand.remove(card)
    state.card_turns.pop(0)
    entry = {"card": card, "side": side, "round": state.round, "targets": list(targets), "revoked": None}
    state.played.append(entry)
    shown = Message(
        N_("{player} plays {card} ({cost} SP): {text}"),
        {"player": side, "card": Message(played.name), "cost": cost, "text": Message(played.text)},
    )
    events = [Event(shown, kind="card", data={"card": card, "side": side})]
    other = 1 - side
    if tactics.revoke_refusal(played, state.sp[other]) is None:
        assert played.revoke is not None
        state.phase = REVOKING
        state.turn = other
        offer = count_message(REVOKE_FOR, played.revoke, {"player": other, "card": Message(played.name)})
        return Step([*events, Event(offer, kind="tactics")], commits=True)
    return Step(events + take_effect(state, entry) + next_turn(state), commits=True)


@NO_CARD.apply
def _no_card(rules: object, state: SkirmishState) -> Step:
    side = state.card_turns.pop(0)
    events = [Event(Message(N_("{player} plays no card."), {"player": side}), kind="tactics")]
    return Step(events + next_turn(state))


@REVOKE.check
def _check_revoke(rules: object, state: SkirmishState, revoke: bool) -> None:
    played = hands.cards()[state.played[-1]["card"]]
    refusal = tactics.revoke_refusal(played, state.sp[state.turn]) if revoke else None
    if refusal is not None:
        raise IllegalAction(refusal)


@REVOKE.apply
def _revoke(rules: object, state: SkirmishState, revoke: bool) -> Step:
    entry = state.played[-1]
    played = hands.cards()[entry["card"]]
    said = {"player": state.turn, "card": Message(played.name)}
    if revoke:
        assert played.revoke is not None
        state.sp[state.turn] -= played.revoke
        entry["revoked"] = True
        events = [Event(count_message(REVOKED, played.revoke, said), kind="tactics")]
    else:
        events = [Event(Message(N_("{player} lets {card} stand."), said), kind="tactics")]
        events += take_effect(state, entry)
    return Step(events + next_turn(state))


def take_effect(state: SkirmishState, entry: dict[str, Any]) -> list[Event]:
    """The card played takes effect until the end of the round (L218): the effects
    the match applies, or its text for the players to apply by hand."""
    key, side = entry["card"], entry["side"]
    played = hands.cards()[key]
    targets = entry["targets"]
    entry["revoked"] = False
    state.effects.append({"card": key, "side": side, "round": state.round})
    name = Message(played.name)
    if by_hand(played):
        text = Message(N_("{card} is applied by hand: {text}"), {"card": name, "text": Message(played.text)})
        return [Event(text, kind="tactics")]
    events = []
    reached = receivers(state, side, played, targets)
    for effect in played.effects:
        if effect.verb == "no_cards":
            message = Message(N_("{player} plays no more cards this round."), {"player": 1 - side})
            events.append(Event(message, kind="tactics"))
            continue
        for model_id in reached:
            done = abilities.give(state, effect, model_id)
            said = {"card": name, "name": state.models[model_id]["name"]}
            if isinstance(effect, Markers):
                given = count_message(MARKER_NAMES[effect.marker], done)
                events.append(Event(Message(N_("{card}: {name} gets {markers}."), {**said, "markers": given})))
            elif done >= 0:
                events.append(Event(count_message(GETS_AP, done, said)))
            else:
                events.append(Event(count_message(LOSES_AP, -done, said)))
    return events
