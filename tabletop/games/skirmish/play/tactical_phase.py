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
- Its effects (play/card_moves.py, where the moves are): AP and markers given to
  the warriors it reaches (the match applies them as it does an ability's,
  play/abilities.py), Störsender's "no more cards";
  any other effect of the vocabulary (a modifier, a limit, a template) and a card
  without effects are applied by hand from the card's text. Every card lasts
  until the end of the round (L218, L444: step 11 ends `state.effects`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.core import Event
from tabletop.games.skirmish.card_schema import Target
from tabletop.games.skirmish.play import hands, tactics, weather_play
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.state import TACTICS, SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card_warrior
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.tactics_schema import TacticalCard
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
    """What a card costs now: 2 SP (L394), 3 in a snowstorm (L822)."""
    return weather_play.conditions(state).card_cost


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
    """The next side that may play a card; none: `card_turns` is empty and the
    activation phase follows (rounds.begin_activation, which its caller calls)."""
    while state.card_turns and not may_play(state, state.card_turns[0]):
        state.card_turns.pop(0)
    if not state.card_turns:
        return []
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
