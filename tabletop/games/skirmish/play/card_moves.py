"""The moves of the tactical cards (play/hands.py, play/tactical_phase.py): a hand
chosen in private (preparation step 8), a card played or none in the tactical
phase, and the opponent's Widerruf; what a card played does to the table. After
the tactical phase the round's activation phase begins (rounds.begin_activation).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.card_schema import Markers
from tabletop.games.skirmish.play import abilities, hands, preparation, rounds, tactics
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.melee_messages import MARKER_NAMES
from tabletop.games.skirmish.play.moves import HAND, NO_CARD, PLAY_CARD, REVOKE
from tabletop.games.skirmish.play.state import REVOKING, SkirmishState
from tabletop.games.skirmish.play.tactical_phase import (
    GETS_AP,
    LOSES_AP,
    REVOKE_FOR,
    REVOKED,
    by_hand,
    card_cost,
    next_turn,
    occasion,
    receivers,
    target_refusal,
)
from tabletop.games.skirmish.tactics_schema import TacticalCard
from tabletop.i18n import N_, Message, Nn_

CHOSEN = Nn_("{player} chooses a tactical hand of {count} card.", "{player} chooses a tactical hand of {count} cards.")


def _next(state: SkirmishState) -> list[Event]:
    """The next side that may play a card, or the activation phase."""
    events = next_turn(state)
    return events if state.card_turns else events + rounds.begin_activation(state)


@HAND.check
def _check_hand(rules: object, state: SkirmishState, cards: tuple[str, ...]) -> None:
    seat = state.turn
    if state.hands[seat] is not None:
        raise illegal(N_("You have chosen your hand already."))
    refusal = tactics.hand_refusal(cards, hands.deck_of(state, seat), hands.allowed(state, seat))
    if refusal is not None:
        raise IllegalAction(refusal)


@HAND.apply
def _hand(rules: object, state: SkirmishState, cards: tuple[str, ...]) -> Step:
    seat = state.turn
    state.hands[seat] = list(cards)
    made = Event(count_message(CHOSEN, len(cards), {"player": seat}), kind="hand")  # never its cards
    other = 1 - seat
    if state.hands[other] is None:
        state.turn = other
        return Step([made])
    return Step([made, *preparation.step_done(state)])


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
    return Step(events + take_effect(state, entry) + _next(state), commits=True)


@NO_CARD.apply
def _no_card(rules: object, state: SkirmishState) -> Step:
    side = state.card_turns.pop(0)
    events = [Event(Message(N_("{player} plays no card."), {"player": side}), kind="tactics")]
    return Step(events + _next(state))


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
    return Step(events + _next(state))


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
