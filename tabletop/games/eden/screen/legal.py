"""The moves open to the revealed seat, grouped the way Eden's screen asks for them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.core import Action


@dataclass
class Legal:
    """The moves open to the revealed seat now, grouped the way the screen asks for them."""

    irrigate: set[int]
    discard: set[int]
    #: cultivation card -> the sets of fields it may be laid on
    cultivate: dict[int, set[frozenset[int]]]
    sell: set[int]
    buy: set[int]
    #: (support or None, targets) of every affordable attack
    attacks: set[tuple[int | None, frozenset[int]]]
    no_attack: bool
    pass_: bool
    end_turn: bool
    accept: bool
    #: lowest and highest bid per point (None: no bid possible)
    bid_range: tuple[int, int] | None

    @classmethod
    def of(cls, rules: Any, actions: Sequence[Action]) -> Legal:
        """The moves `actions` list, their cards and fields by number (actions name
        them; the screen works with the numbers of its geometry)."""
        legal = cls(set(), set(), {}, set(), set(), set(), False, False, False, False, None)
        card_of, field = rules.tables.card_of, rules.tables.board.field
        amounts = []
        for action in actions:
            kind = action.kind
            if kind == "irrigate":
                legal.irrigate.add(card_of(action["card"]))
            elif kind == "discard_dead":
                legal.discard.add(card_of(action["card"]))
            elif kind == "cultivate":
                card = card_of(action["card"])
                fields = rules.shape_fields(card, action["rotation"], field(action["origin"]))
                legal.cultivate.setdefault(card, set()).add(frozenset(fields))
            elif kind == "sell":
                legal.sell.add(card_of(action["card"]))
            elif kind == "buy":
                legal.buy.add(card_of(action["card"]))
            elif kind == "attack":
                support = None if action["support"] is None else field(action["support"])
                legal.attacks.add((support, frozenset(field(f) for f in action["targets"])))
            elif kind == "no_attack":
                legal.no_attack = True
            elif kind == "pass":
                legal.pass_ = True
            elif kind == "end_turn":
                legal.end_turn = True
            elif kind == "accept":
                legal.accept = True
            elif kind == "bid":
                amounts.append(action["amount"])
        if amounts:
            legal.bid_range = (min(amounts), max(amounts))
        return legal

    def attackable(self) -> set[int]:
        """The opponent's tiles that some affordable attack takes aim at."""
        return {f for _support, targets in self.attacks for f in targets}

    def supports(self) -> set[int]:
        """The player's own tiles that may help some affordable attack."""
        return {support for support, _targets in self.attacks if support is not None}
