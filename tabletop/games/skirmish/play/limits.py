"""Limits of actions and items (rulebook L456-466, L650-652, L876-878; S16): an
action or item of type "X / Runde" may be used X times a round, one of type
"X / Spiel" X times a game, and one with both types is held to both. Uses count
per warrior. A warrior's entry keeps two counters, `round_uses` (cleared when a
round ends) and `game_uses`, each by the name of the action or item.

The limits of the book's actions (S16): Move 3 a round (climbing, swimming and
jumping count as moves), Charge once, Attack twice; dodging and putting out fire
are unlimited. An item's or ability's limit is its card's `limit` (card_schema.Uses).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from tabletop.games.skirmish.card_schema import Uses
from tabletop.i18n import N_, Message, Nn_

#: the book's actions and their limits (L470-480, S16)
MOVE = "move"
CHARGE = "charge"
ATTACK = "attack"
ACTION_LIMITS: dict[str, Uses] = {
    MOVE: Uses(round=3),
    CHARGE: Uses(round=1),
    ATTACK: Uses(round=2),
}

#: the names of the book's actions as the refusals say them
ACTION_NAMES = {MOVE: N_("moves"), CHARGE: N_("charges"), ATTACK: N_("attacks")}

ROUND_SPENT = Nn_(
    "{name} has used {what} {count} time this round, its limit.",
    "{name} has used {what} {count} times this round, its limit.",
)
GAME_SPENT = Nn_(
    "{name} has used {what} {count} time this game, its limit.",
    "{name} has used {what} {count} times this game, its limit.",
)


def used(entry: Mapping[str, Any], key: str) -> tuple[int, int]:
    """How often the warrior used `key` this round and this game."""
    return entry["round_uses"].get(key, 0), entry["game_uses"].get(key, 0)


def left(entry: Mapping[str, Any], key: str, limit: Uses) -> int | None:
    """Uses of `key` the warrior has left now (None: no limit)."""
    this_round, this_game = used(entry, key)
    room = [cap - n for cap, n in ((limit.round, this_round), (limit.game, this_game)) if cap is not None]
    return max(0, min(room)) if room else None


def refusal(entry: Mapping[str, Any], key: str, limit: Uses, what: str) -> Message | None:
    """Why the warrior may not use `key` once more (its round or game limit is
    reached), or None. `what` names it in the refusal (a translatable text)."""
    this_round, this_game = used(entry, key)
    params = {"name": entry["name"], "what": Message(what)}
    if limit.game is not None and this_game >= limit.game:
        return Message(GAME_SPENT[0], {**params, "count": this_game}, GAME_SPENT[1])
    if limit.round is not None and this_round >= limit.round:
        return Message(ROUND_SPENT[0], {**params, "count": this_round}, ROUND_SPENT[1])
    return None


def record(entry: MutableMapping[str, Any], key: str) -> None:
    """Count one use of `key` this round and this game."""
    entry["round_uses"][key] = entry["round_uses"].get(key, 0) + 1
    entry["game_uses"][key] = entry["game_uses"].get(key, 0) + 1


def new_round(entry: MutableMapping[str, Any]) -> None:
    """A new round: the round's counters start again; the game's stay."""
    entry["round_uses"] = {}
