"""Limits of actions and items (rulebook L456-466, L650-652, L876-878; S16): an
action or item of type "X / Runde" may be used X times a round, one of type
"X / Spiel" X times a game, and one with both types is held to both. Uses count
per warrior. A warrior's entry keeps two counters, `round_uses` (cleared when a
round ends) and `game_uses`, each by the name of the action or item.

The limits of the book's actions (S16): Move 3 a round (climbing, swimming and
jumping count as moves), Charge once, Attack twice; dodging and putting out fire
are unlimited. An item's or ability's limit is its card's `limit` (card_schema.Uses).

A `Cost` says what an action costs, for melee, ranged attacks, moves and action
abilities alike: its AP, the SP it takes from its side's pool (an ability's, L594),
and the uses it counts against (the book's action, an item's or an ability's own
limit). The resolutions name the costs they spend; the match checks them
(`Cost.refusal`) and counts them (`record`) once.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from tabletop.games.skirmish.card_schema import Uses
from tabletop.i18n import Message, Nn_, data_name

#: the book's actions and their limits (L470-480, S16)
MOVE = "move"
CHARGE = "charge"
ATTACK = "attack"
ACTION_LIMITS: dict[str, Uses] = {
    MOVE: Uses(round=3),
    CHARGE: Uses(round=1),
    ATTACK: Uses(round=2),
}

#: a limit reached, by what counts (a book's action, "item", "ability") and its span:
#: one whole sentence each, the verb or noun being the language's own
SPENT = {
    (MOVE, "round"): Nn_(
        "{name} has moved {count} time this round, its limit.", "{name} has moved {count} times this round, its limit."
    ),
    (CHARGE, "round"): Nn_(
        "{name} has charged {count} time this round, its limit.",
        "{name} has charged {count} times this round, its limit.",
    ),
    (ATTACK, "round"): Nn_(
        "{name} has attacked {count} time this round, its limit.",
        "{name} has attacked {count} times this round, its limit.",
    ),
    ("item", "round"): Nn_(
        "{name} has used the item {what} {count} time this round, its limit.",
        "{name} has used the item {what} {count} times this round, its limit.",
    ),
    ("item", "game"): Nn_(
        "{name} has used the item {what} {count} time this game, its limit.",
        "{name} has used the item {what} {count} times this game, its limit.",
    ),
    ("ability", "round"): Nn_(
        "{name} has used the ability {what} {count} time this round, its limit.",
        "{name} has used the ability {what} {count} times this round, its limit.",
    ),
    ("ability", "game"): Nn_(
        "{name} has used the ability {what} {count} time this game, its limit.",
        "{name} has used the ability {what} {count} times this game, its limit.",
    ),
}


NO_AP = Nn_("{name} needs {count} AP.", "{name} needs {count} AP.")
NO_SP = Nn_("{name} needs {count} SP of its side's pool.", "{name} needs {count} SP of its side's pool.")


@dataclass(frozen=True)
class Use:
    """One use an action counts against: the warrior's counter (`key`: "attack",
    "charge", "move", "item:KEY" for an item's own uses, "ability:KEY"), its limit,
    and the item's or ability's name for a refusal (a translatable text; none for
    the book's actions)."""

    key: str
    limit: Uses
    what: str = ""


def action_use(action: str) -> Use:
    """A use of one of the book's actions (S16)."""
    return Use(action, ACTION_LIMITS[action])


@dataclass(frozen=True)
class Cost:
    """What an action costs: its AP, the uses it counts against (none: unlimited,
    as dodging) and the SP it takes from its side's pool."""

    ap: int
    uses: tuple[Use, ...] = ()
    sp: int = 0

    @property
    def counts_as(self) -> str | None:
        """The book's action whose limit it counts against (None: none)."""
        return next((use.key for use in self.uses if use.key in ACTION_LIMITS), None)

    @property
    def counters(self) -> tuple[str, ...]:
        """The counts the match adds one to when the action is made."""
        return tuple(use.key for use in self.uses)

    def refusal(
        self,
        name: str,
        ap: int,
        this_round: Mapping[str, int],
        this_game: Mapping[str, int],
        pool: int = 0,
        raised: Mapping[str, int] | None = None,
    ) -> Message | None:
        """Why a warrior called `name` cannot pay for the action now (a limit reached,
        too few AP or SP), or None: `ap` its AP left, `this_round`/`this_game` its
        counts, `pool` its side's SP, `raised` the uses a round a card allows it."""
        for use in self.uses:
            entry = {"name": name, "round_uses": this_round, "game_uses": this_game, CARD_LIMITS: raised or {}}
            found = refusal(entry, use.key, limit_of(entry, use), use.what)
            if found is not None:
                return found
        if ap < self.ap:
            return Message(NO_AP[0], {"name": data_name(name), "count": self.ap}, NO_AP[1])
        if pool < self.sp:
            return Message(NO_SP[0], {"name": data_name(name), "count": self.sp}, NO_SP[1])
        return None

    def refusal_of(self, entry: Mapping[str, Any], pool: int = 0) -> Message | None:
        """`refusal` for a warrior's entry in the match (`pool`: its side's SP)."""
        raised = entry.get(CARD_LIMITS)
        return self.refusal(entry["name"], entry["ap"], entry["round_uses"], entry["game_uses"], pool, raised)

    def record(self, entry: MutableMapping[str, Any]) -> None:
        """Count the action's uses (its AP are paid by the match: play/warriors.spend_ap)."""
        for key in self.counters:
            record(entry, key)


#: a warrior's entry: the uses a round a tactical card allows it this round, by action
#: (Zerstörungswut: attack 3 times; play/card_effects.py), in place of the book's
CARD_LIMITS = "card_limits"


def limit_of(entry: Mapping[str, Any], use: Use) -> Uses:
    """The limit a warrior is held to for `use`: a card's for this round, else the use's own."""
    raised = entry.get(CARD_LIMITS, {}).get(use.key)
    return use.limit if raised is None else Uses(round=raised, game=use.limit.game)


def action_limit(entry: Mapping[str, Any], action: str) -> Uses:
    """The limit a warrior is held to for one of the book's actions this round."""
    return limit_of(entry, action_use(action))


def cost(ap: int, *actions: str) -> Cost:
    """The cost of `ap` AP counting against the book's `actions`."""
    return Cost(ap, tuple(action_use(action) for action in actions))


def item_use(key: str, name: str, limit: Uses) -> Use:
    """A use of an item with its own limit (X / Runde, X / Spiel, L650-652)."""
    return Use(f"item:{key}", limit, name)


def ability_use(key: str, name: str, limit: Uses) -> Use:
    """A use of a special ability with its own limit (X / Runde, X / Spiel, L594)."""
    return Use(f"ability:{key}", limit, name)


def ability_cost(key: str, name: str, ap: int, sp: int, limit: Uses) -> Cost:
    """The cost of using an action ability: its card's AP and SP, counted against
    its own limit (none when the card gives none)."""
    uses = (ability_use(key, name, limit),) if limit.round is not None or limit.game is not None else ()
    return Cost(ap, uses, sp)


#: the costs of the book's actions (L470-480, L522, L532; S16-S19)
MOVE_COST = cost(1, MOVE)
ATTACK_COST = cost(1, ATTACK)
CHARGE_COST = cost(2, CHARGE)
CHARGE_ATTACK_COST = cost(0, ATTACK)  # the attack a charge ends in (L478)
MISSED_CHARGE_COST = cost(1, MOVE)  # a charge that made no contact is a plain move (L476, S17)
DODGE_COST = cost(1)
STRIKE_BACK_COST = cost(1, ATTACK)
FOLLOW_UP_COST = cost(1, ATTACK)
PUNISH_COST = cost(1, ATTACK)
EXTINGUISH_COST = cost(1)  # a fire marker put out: unlimited, in the warrior's own activation (L658, S16)


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
    reached), or None. `what` names the item or ability in the refusal (a
    translatable text)."""
    this_round, this_game = used(entry, key)
    kind = key.partition(":")[0]
    params = {"name": data_name(entry["name"]), "what": Message(what)}
    if limit.game is not None and this_game >= limit.game:
        span, count = "game", this_game
    elif limit.round is not None and this_round >= limit.round:
        span, count = "round", this_round
    else:
        return None
    singular, plural = SPENT[kind, span]
    return Message(singular, {**params, "count": count}, plural)


def record(entry: MutableMapping[str, Any], key: str) -> None:
    """Count one use of `key` this round and this game."""
    entry["round_uses"][key] = entry["round_uses"].get(key, 0) + 1
    entry["game_uses"][key] = entry["game_uses"].get(key, 0) + 1


def new_round(entry: MutableMapping[str, Any]) -> None:
    """A new round: the round's counters start again; the game's stay."""
    entry["round_uses"] = {}
