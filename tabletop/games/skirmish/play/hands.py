"""Preparation step 8, the tactical hands (rulebook L360; DECISIONS S11, S13): the
preparation's beginner chooses his hand in private, then the other player. A hand
is as many different cards of the unit's deck as its leader's PSI, all of the deck
when it holds fewer (play/tactics.py). A hand is its player's secret: the other
seat's view and the public log tell only its size (views.py, Event.public); each
card shows only when it is played (play/tactical_phase.py).
"""

from __future__ import annotations

from tabletop.games.skirmish.options import DECK_SYMBOLS, RULEBOOK
from tabletop.games.skirmish.play import tactics, units
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.state import SkirmishState
from tabletop.games.skirmish.schema import TACTICS_FILE, bundled
from tabletop.games.skirmish.tactics_schema import TacticalCard


def cards() -> dict[str, TacticalCard]:
    """The tactical cards of tactics.yaml by key, in data order."""
    return {card.key: card for card in bundled()[TACTICS_FILE].cards}


def deck_of(state: SkirmishState, side: int) -> list[TacticalCard]:
    """The cards `side`'s unit may use (S11): none for a side without a built unit;
    with the option of S7 also those of a symbol all its warriors share."""
    if state.units[side] is None:
        return []
    unit = units.Unit.from_setup(state.units[side])
    shared: set[str] = set()
    if state.options.get(DECK_SYMBOLS, RULEBOOK[DECK_SYMBOLS]) == "shared":
        printed = [starter_set().warriors[member.card] for member in unit.warriors]
        shared = tactics.shared_symbols([w.faction for w in printed], [w.stigma for w in printed])
    return tactics.deck(cards().values(), unit.symbol, shared)


def leader_psi(state: SkirmishState, side: int) -> int:
    """The PSI printed on the card of `side`'s leader (0: the side has none)."""
    if state.units[side] is None:
        return 0
    leader = units.Unit.from_setup(state.units[side]).leader()
    return starter_set().warriors[leader.card].white("psi") if leader is not None else 0


def allowed(state: SkirmishState, side: int) -> int:
    """How many cards `side`'s hand holds: its leader's PSI, all of the deck when fewer (S13)."""
    return tactics.hand_size(leader_psi(state, side), len(deck_of(state, side)))


def hand_of(state: SkirmishState, side: int) -> list[str]:
    """The cards left in `side`'s hand (none before it is chosen)."""
    return list(state.hands[side] or [])
