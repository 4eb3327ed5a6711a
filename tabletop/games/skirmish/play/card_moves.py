"""The moves of the tactical cards (play/hands.py, play/tactical_phase.py): a hand
chosen in private (preparation step 8), a card played or none in the tactical
phase, and the opponent's Widerruf; what a card played does to the table. After
the tactical phase the round's activation phase begins (rounds.begin_activation).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.card_schema import Zone
from tabletop.games.skirmish.play import abilities, card_effects, hands, preparation, rounds, tactics, templates
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.moves import HAND, NO_CARD, OPEN_HAND, PLAY_CARD, REVOKE, Position
from tabletop.games.skirmish.play.state import ACTIVATION, REVOKING, TACTICS, SkirmishState
from tabletop.games.skirmish.play.tactical_phase import (
    REVOKE_FOR,
    REVOKED,
    by_hand,
    card_cost,
    heals,
    moment_open,
    next_turn,
    occasion,
    offered,
    places_template,
    player_now,
    receivers,
    target_refusal,
)
from tabletop.games.skirmish.tactics_schema import Moment, TacticalCard
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


def _player_now(state: SkirmishState) -> tuple[int, Moment]:
    found = player_now(state)
    if found is None:
        raise illegal(N_("An attack is under way: first its rolls and choices."))
    return found


def _placed_refusal(
    state: SkirmishState, played: TacticalCard, at: Position | None, zone: Zone | None
) -> Message | None:
    """Why the point or the zone the move gives does not suit the card (None: they do)."""
    said = {"card": Message(played.name)}
    if places_template(played):
        if at is None:
            return Message(N_("Say where the template of {card} lies."), said)
        if not (0 <= at[0] <= state.width and 0 <= at[1] <= state.height):
            return Message(templates.OFF_TABLE)
    elif at is not None:
        return Message(N_("{card} lays no template."), said)
    if not heals(played):
        return Message(abilities.NO_ZONE, {"ability": Message(played.name)}) if zone is not None else None
    healed = state.active if played.moment == "friend_active" else None
    if healed is None:
        return Message(N_("{card} heals only your active warrior."), said)
    return abilities.zone_refusal(state, healed, zone)


@PLAY_CARD.check
def _check_play(
    rules: object, state: SkirmishState, card: str, targets: tuple[str, ...], at: Position | None, zone: Zone | None
) -> None:
    side, moment = _player_now(state)
    played = _card(card)
    refusal = tactics.play_refusal(played, occasion(state, side, moment), hands.hand_of(state, side))
    if refusal is None:
        refusal = target_refusal(state, side, played, targets)
    if refusal is None:
        refusal = _placed_refusal(state, played, at, zone)
    if refusal is not None:
        raise IllegalAction(refusal)


@PLAY_CARD.apply
def _play(
    rules: object, state: SkirmishState, card: str, targets: tuple[str, ...], at: Position | None, zone: Zone | None
) -> Step:
    side, moment = _player_now(state)
    played = hands.cards()[card]
    state.card_moment = False
    cost = card_cost(state)
    state.sp[side] -= cost
    hand = state.hands[side]
    assert hand is not None
    hand.remove(card)
    entry: dict[str, Any] = {
        "card": card,
        "side": side,
        "round": state.round,
        "targets": list(targets),
        "revoked": None,
        "moment": moment,
        "at": list(at) if at is not None else None,
        "zone": zone,
        "phase": state.phase,  # where play goes on after the card: the activation or the end phase
    }
    offer = offered(state)
    if offer is not None:
        entry.update(friend=offer["friend"], enemy=offer["enemy"])
        _answered(state)
    elif moment == "friend_active":
        entry.update(friend=state.active, enemy=None)
    else:
        state.card_turns.pop(0)
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
        if moment == "tactical_phase":
            state.turn = other
        offer_text = count_message(REVOKE_FOR, played.revoke, {"player": other, "card": Message(played.name)})
        return Step([*events, Event(offer_text, kind="tactics")], commits=True)
    return Step(events + take_effect(state, entry) + _after(state, entry), commits=True)


def _answered(state: SkirmishState) -> None:
    """The moment an attack offered has been answered: the attack goes on."""
    assert state.pending is not None
    del state.pending["offer"]


def _after(state: SkirmishState, entry: dict[str, Any]) -> list[Event]:
    """After a card: the tactical phase goes on, or the moment it was played in."""
    if entry.get("moment", "tactical_phase") == "tactical_phase":
        return _next(state)
    state.phase = entry.get("phase", ACTIVATION)
    return []


@NO_CARD.check
def _check_no_card(rules: object, state: SkirmishState) -> None:
    if state.phase != TACTICS and offered(state) is None and not state.card_moment:
        raise illegal(N_("An attack is under way: first its rolls and choices."))


@NO_CARD.apply
def _no_card(rules: object, state: SkirmishState) -> Step:
    if state.card_moment:
        state.card_moment = False
        return Step([Event(Message(N_("{player} plays no card."), {"player": state.turn}), kind="tactics")])
    offer = offered(state)
    if offer is not None:
        _answered(state)
        return Step([Event(Message(N_("{player} plays no card."), {"player": offer["side"]}), kind="tactics")])
    side = state.card_turns.pop(0)
    events = [Event(Message(N_("{player} plays no card."), {"player": side}), kind="tactics")]
    return Step(events + _next(state))


@OPEN_HAND.check
def _check_open_hand(rules: object, state: SkirmishState) -> None:
    # only what the table shows decides (the deck, SP, leader, Störsender): opening tells nothing of the hand
    if state.active is None or not moment_open(state, state.turn, "friend_active"):
        raise illegal(N_("No tactical card can be played on the active warrior now."))


@OPEN_HAND.apply
def _open_hand(rules: object, state: SkirmishState) -> Step:
    """The active side looks at its hand behind the curtain (a card on its active
    warrior, Erste Hilfe, or none)."""
    state.card_moment = True
    said = {"player": state.turn}
    return Step([Event(Message(N_("{player} looks at the tactical hand for a card."), said), kind="tactics")])


def revoker(state: SkirmishState) -> int:
    """The side that may revoke the card just shown: its player's opponent."""
    return 1 - int(state.played[-1]["side"])


@REVOKE.check
def _check_revoke(rules: object, state: SkirmishState, revoke: bool) -> None:
    played = hands.cards()[state.played[-1]["card"]]
    refusal = tactics.revoke_refusal(played, state.sp[revoker(state)]) if revoke else None
    if refusal is not None:
        raise IllegalAction(refusal)


@REVOKE.apply
def _revoke(rules: object, state: SkirmishState, revoke: bool) -> Step:
    entry = state.played[-1]
    played = hands.cards()[entry["card"]]
    side = revoker(state)
    said = {"player": side, "card": Message(played.name)}
    if revoke:
        assert played.revoke is not None
        state.sp[side] -= played.revoke
        entry["revoked"] = True
        events = [Event(count_message(REVOKED, played.revoke, said), kind="tactics")]
    else:
        events = [Event(Message(N_("{player} lets {card} stand."), said), kind="tactics")]
        events += take_effect(state, entry)
    return Step(events + _after(state, entry))


def take_effect(state: SkirmishState, entry: dict[str, Any]) -> list[Event]:
    """The card played takes effect until the end of the round (L218; one played at
    an attack's moment: on that attack): the effects the match applies
    (play/card_effects.py), or its text for the players to apply by hand."""
    key, side = entry["card"], entry["side"]
    played = hands.cards()[key]
    entry["revoked"] = False
    state.effects.append({"card": key, "side": side, "round": state.round})
    if by_hand(played):
        name = Message(played.name)
        text = Message(N_("{card} is applied by hand: {text}"), {"card": name, "text": Message(played.text)})
        return [Event(text, kind="tactics")]
    return card_effects.apply(state, played, entry, receivers(state, side, played, entry))
