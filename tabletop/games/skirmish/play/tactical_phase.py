"""Each round's tactical phase (rulebook L392-396, L204-218; DECISIONS S10, S28):
after who begins is decided, the round's beginner may play one card of his hand,
paying its SP, or none; then the other player; then the activation phase begins.

- A side plays no card when its hand is empty, its leader was put out of action
  at any time (S10), its pool holds less than a card costs or the opponent's
  card forbids it this round (Störsender): it is passed over, as all of that is
  public. What its hand holds is not: a card it may not play now is refused.
- A card whose name was played this game by either side (a revoked one too; the
  option: by this side) is refused (L204, S28), so is Erste Runde outside round 1.
  A card without Taktische Phase is played at the moment its text says (S28): when
  a ranged or a melee attack on one of the side's warriors is declared, before it
  is rolled (the match pauses the attack and offers the moment to that side behind
  the curtain whenever its unit's deck holds such a card not yet played, whatever
  its hand holds: the deck is public, the hand is not), or during the side's own
  activation on its active warrior. In a melee a follow-up and a punishment are
  attacks too, each offered (melee.Melee.attacked_anew); a strike back is the
  attacked warrior's reaction within the attack offered, and the loser of its
  comparison may not dodge, so Schutzwall's text does not reach it.
- The card shows when it is played. Widerruf (X): right after, the opponent may
  pay X SP to revoke it: it is discarded without effect and its SP are not
  returned (L214, S28, A79); a side whose leader fell may still revoke (S10), so
  may a side the opponent's Störsender silenced (revoking plays no card).
- Its effects (play/card_effects.py; the moves in play/card_moves.py): every verb
  of the vocabulary; a card without effects is applied by hand from its text.
  Every card lasts until the end of the round (L218, L444: step 11 ends
  `state.effects` and what the cards did to the warriors), one played at an
  attack's moment for that attack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.core import Event
from tabletop.games.skirmish.card_schema import Target
from tabletop.games.skirmish.options import CARD_NAMES, RULEBOOK
from tabletop.games.skirmish.play import hands, limits, tactics, weather_play
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.state import ACTIVATION, TACTICS, SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import CARD_MODIFIERS, card_warrior
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.tactics_schema import Moment, TacticalCard
from tabletop.i18n import N_, Message, Nn_, data_name

#: the verbs of a card's effects the match applies itself; with any other the card is applied by hand
APPLIED = ("ap", "markers", "no_cards", "modify", "limit", "template", "heal", "dodge")
#: the moments of an attack on one of the side's warriors
ATTACK_MOMENTS: tuple[Moment, ...] = ("ranged_attack_on_friend", "melee_attack_on_friend")

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


def played_names(state: SkirmishState, side: int) -> frozenset[str]:
    """The cards `side` may no longer play: every name played this game, by either
    side (L204, S28), or with the option only its own."""
    per_player = state.options.get(CARD_NAMES, RULEBOOK[CARD_NAMES]) == "player"
    return frozenset(entry["card"] for entry in state.played if not per_player or entry["side"] == side)


def occasion(state: SkirmishState, side: int, moment: Moment = "tactical_phase") -> tactics.Occasion:
    """The moment `side` would play a card: the tactical phase under way, or `moment`."""
    return tactics.Occasion(
        round=state.round,
        moment=moment,
        sp=state.sp[side],
        cost=card_cost(state),
        leader_lost=state.leader_fell[side] > 0,
        played=played_names(state, side),
        jammed=jammed(state, side),
    )


def may_play(state: SkirmishState, side: int) -> bool:
    """`side` may play some card, as far as the table knows: a card in hand, its
    leader never put out of action, SP enough, not forbidden (all of it public)."""
    return bool(hands.hand_of(state, side)) and (
        state.leader_fell[side] == 0 and state.sp[side] >= card_cost(state) and not jammed(state, side)
    )


def moment_open(state: SkirmishState, side: int, moment: Moment) -> bool:
    """`side` could play a card at `moment`, as far as the table knows: it may play
    some card and its unit's deck (public, as the unit is) holds a card of that
    moment it may still play. Its hand is not asked: the offer tells nothing of it."""
    if side not in (0, 1) or not may_play(state, side):
        return False
    gone = played_names(state, side)
    return any(card.moment == moment and card.key not in gone for card in hands.deck_of(state, side))


def offer(state: SkirmishState, moment: Moment, friend: str, enemy: str) -> list[Event]:
    """An attack of `enemy` on `friend` has been declared and waits for its first roll
    or choice: its moment is offered to the friend's side when it could play a card
    then (`state.pending["offer"]`, answered with a card or none)."""
    side = state.models[friend]["side"]
    if state.pending is None or not moment_open(state, side, moment):
        return []
    state.pending["offer"] = {"side": side, "moment": moment, "friend": friend, "enemy": enemy}
    said = {
        "player": side,
        "name": data_name(state.models[enemy]["name"]),
        "other": data_name(state.models[friend]["name"]),
    }
    message = Message(N_("{name} attacks {other}: {player} may play a tactical card before the roll."), said)
    return [Event(message, kind="tactics")]


def offered(state: SkirmishState) -> dict[str, Any] | None:
    """The moment the attack under way offers a side (None: none)."""
    return state.pending.get("offer") if state.pending is not None else None


def player_now(state: SkirmishState) -> tuple[int, Moment] | None:
    """Who may play a card now and at what moment: the side the tactical phase
    turns to, the side an attack's moment is offered to, or in an activation with
    no attack under way the active warrior's side (on it). None: no one."""
    moment = offered(state)
    if moment is not None:
        return moment["side"], moment["moment"]
    if state.pending is not None:
        return None
    if state.phase == TACTICS:
        return state.turn, "tactical_phase"
    if state.phase == ACTIVATION:
        return state.turn, "friend_active"
    return None


def hand_open(state: SkirmishState, seat: int) -> bool:
    """An attack's moment is offered to `seat`, or in its own activation it opened
    its hand for a card on its active warrior (play/card_moves.py): it decides from
    its hand, which the screen shows behind the curtain."""
    found = offered(state)
    if found is not None:
        return bool(found["side"] == seat)
    return state.card_moment and state.phase == ACTIVATION and state.turn == seat


def end_of_round(state: SkirmishState) -> None:
    """End phase step 11 (L444): the cards played this round and what they did to
    the warriors end (play/card_effects.py)."""
    state.effects = []
    for entry in state.models.values():
        entry.pop(CARD_MODIFIERS, None)
        entry.pop(limits.CARD_LIMITS, None)


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
    return card.by_hand or any(
        effect.verb not in APPLIED or getattr(effect, "marker", None) is not None and effect.verb == "limit"
        for effect in card.effects
    )


def places_template(card: TacticalCard) -> bool:
    """The move says where its template lies."""
    return not by_hand(card) and any(effect.verb == "template" for effect in card.effects)


def heals(card: TacticalCard) -> bool:
    """The move names the zone it heals (S4)."""
    return not by_hand(card) and any(effect.verb == "heal" for effect in card.effects)


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
    the table), none for a card on all of them, on none, applied by hand, or played
    at a moment (which says whom it reaches)."""
    target = reach(card)
    if by_hand(card) or target is None or target.warriors == "all" or card.moment != "tactical_phase":
        return 0
    return min(target.warriors, len(eligible(state, side, target)))


def target_refusal(state: SkirmishState, side: int, card: TacticalCard, targets: Sequence[str]) -> Message | None:
    """Why `card` cannot be played on `targets` (None: it can)."""
    said = {"card": Message(card.name)}
    target = reach(card)
    if card.moment != "tactical_phase":
        return Message(N_("{card} names no warrior."), said) if targets else None
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
            return Message(
                N_("{card} cannot reach {name}."), {**said, "name": data_name(state.models[model_id]["name"])}
            )
    needed = min(target.warriors, len(reachable))
    if len(targets) != needed:
        return count_message(NAME_TARGETS, needed, said)
    return None


def receivers(state: SkirmishState, side: int, card: TacticalCard, entry: Mapping[str, Any]) -> list[str]:
    """The warriors a card played reaches: those its move named, all it may reach,
    or at a moment the warrior of that side it is about (the one attacked or
    active; an attack's moment: the attacker for an effect on an enemy)."""
    target = reach(card)
    if card.moment != "tactical_phase":
        found = entry.get("enemy") if target is not None and target.who == "enemy" else entry.get("friend")
        return [found] if found in state.models else []
    targets = entry["targets"]
    if target is not None and target.warriors == "all":
        return eligible(state, side, target)
    return [model_id for model_id in targets if model_id in state.models]
