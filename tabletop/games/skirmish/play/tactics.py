"""Tactical cards in play (rulebook L200-218, L360, L392-396; DECISIONS.md S7, S10, S11,
S13, S28): which cards a unit may use, the hand, and whether a card may be played or
revoked now, each refusal with its reason. Plain functions; no pygame here.

- The deck is every card the unit may use (S11): the neutral cards and those of the
  unit's chosen symbol (its faction, or its stigma for a stigma unit; S7); with the
  option, also those of a symbol all its warriors share.
- The hand is as many different cards of the deck as the leader's PSI, chosen by its
  player; all of them when the deck holds fewer (L360, S13).
- Playing costs 2 SP (3 in a snowstorm, L822). In the tactical phase each player
  plays at most one card (L394); a card without "Taktische Phase" is played at the
  moment its text says instead (S28). A name is played once a game, by either side,
  a revoked card included (L204, S28; option: once per player). A player whose
  leader was put out of action plays no more cards, but may still revoke (L394, S10).
- Widerruf (X): the opponent pays X SP right after the card shows; it is discarded
  without effect and its SP are not returned (L214, S28).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.tactics_schema import PLAY_COST, Moment, TacticalCard
from tabletop.i18n import N_, Message, Nn_

HAND_SIZE = Nn_("The hand holds {count} card, not {chosen}.", "The hand holds {count} cards, not {chosen}.")


def deck(cards: Iterable[TacticalCard], symbol: str | None, shared: Collection[str] = ()) -> list[TacticalCard]:
    """The cards a unit may use: the neutral ones, those of its chosen `symbol`, and
    (with the option) those of a symbol in `shared`, in the data's order."""
    return [card for card in cards if card.symbol is None or card.symbol == symbol or card.symbol in shared]


def shared_symbols(factions: Collection[str], stigmas: Collection[str | None]) -> set[str]:
    """The symbols all of a unit's warriors share (for the option of S7): its faction
    when they are all of one, its stigma when they all bear one."""
    shared = set()
    if len(set(factions)) == 1:
        shared |= set(factions)
    if len(set(stigmas)) == 1 and None not in stigmas:
        shared |= {s for s in stigmas if s is not None}
    return shared


def hand_size(leader_psi: int, deck_size: int) -> int:
    """As many cards as the leader's PSI, all of the deck when it holds fewer (S13)."""
    return max(0, min(leader_psi, deck_size))


def hand_refusal(chosen: Sequence[str], cards: Sequence[TacticalCard], size: int) -> Message | None:
    """Why a chosen hand of `cards` (the deck) cannot be taken, or None: its cards
    come from the deck, all different, exactly `size` of them (L360)."""
    deck_keys = {card.key for card in cards}
    outside = [key for key in chosen if key not in deck_keys]
    if outside:
        return Message(N_("A chosen card is not in this unit's deck."))
    if len(set(chosen)) != len(chosen):
        return Message(N_("A hand holds different cards only."))
    if len(chosen) != size:
        return count_message(HAND_SIZE, size, {"chosen": len(chosen)})
    return None


@dataclass(frozen=True)
class Occasion:
    """When a player would play a card: the round, whether it is the tactical phase
    (else `moment` says what is happening), the player's SP, what a card costs now,
    whether the player's leader was ever put out of action, the cards played this
    game (by both sides, or by this player with the option), whether the opponent's
    card forbids cards this round, and whether the player already played one in this
    tactical phase."""

    round: int
    moment: Moment
    sp: int
    cost: int = PLAY_COST
    leader_lost: bool = False
    played: frozenset[str] = frozenset()
    jammed: bool = False
    played_this_phase: bool = False


def play_refusal(card: TacticalCard, now: Occasion, hand: Collection[str]) -> Message | None:
    """Why `card` cannot be played now, or None."""
    if card.key not in hand:
        return Message(N_("The card {card} is not in the hand."), {"card": Message(card.name)})
    if now.leader_lost:
        return Message(N_("A side whose leader was put out of action plays no more cards."))
    if now.jammed:
        return Message(N_("No more cards may be played this round."))
    if card.key in now.played:
        return Message(N_("The card {card} has already been played in this game."), {"card": Message(card.name)})
    if card.first_round and now.round != 1:
        return Message(N_("The card {card} may only be played in the first round."), {"card": Message(card.name)})
    if now.moment != card.moment:
        if card.moment == "tactical_phase":
            return Message(
                N_("The card {card} may only be played in the tactical phase."), {"card": Message(card.name)}
            )
        return Message(N_("The card {card} is played when its text says, not now."), {"card": Message(card.name)})
    if now.moment == "tactical_phase" and now.played_this_phase:
        return Message(N_("Each player plays at most one card in the tactical phase."))
    if now.sp < now.cost:
        return Message(N_("A card costs {cost} SP; the pool holds {sp}."), {"cost": now.cost, "sp": now.sp})
    return None


def revoke_refusal(card: TacticalCard, opponent_sp: int) -> Message | None:
    """Why the opponent cannot revoke `card` (Widerruf X), or None. Revoking is open
    to a side without its leader too (S10)."""
    if card.revoke is None:
        return Message(N_("The card {card} cannot be revoked."), {"card": Message(card.name)})
    if opponent_sp < card.revoke:
        return Message(
            N_("Revoking {card} costs {cost} SP; the pool holds {sp}."),
            {"card": Message(card.name), "cost": card.revoke, "sp": opponent_sp},
        )
    return None
