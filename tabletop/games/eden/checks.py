"""Checks of Eden's rules after every step, for the tests and the benchmark: the
invariants of the state (EdenRules.check_invariants: tiles and cards conserved,
points the sum of one's tiles, no negative mana, no field broken, nobody past the
target while the game runs) and the mana ledger (mana changes only by income,
selling, buying, cultivating and settled conquests, by exactly the prices of the
data). No pygame.
"""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.games.eden.rules import EdenRules
from tabletop.games.eden.state import DEAL, EdenState


def red_dots(state: EdenState, seat: int) -> int:
    """The red dots on `seat`'s tiles: a tile of value v shows v - 1."""
    return sum(v - 1 for o, v in zip(state.owner, state.value, strict=False) if o == seat)


def expected_mana(rules: EdenRules, before: EdenState, action: Action, after: EdenState) -> list[int]:
    """Each seat's mana after `action` (a move or a chance outcome), worked out from
    the prices in the data rather than by the rules' own code."""
    t = rules.tables
    e = t.economy
    mana = list(before.mana)
    seat = before.turn
    kind = action.kind
    if kind == "sell":
        mana[seat] += e.sell_per_field * t.card_size(t.card_of(action["card"]))
    elif kind == "buy":
        mana[seat] -= e.buy_base + e.buy_per_field * t.card_size(t.card_of(action["card"]))
    elif kind == "cultivate":
        raised = sum(1 for b, a in zip(before.value, after.value, strict=False) if a != b)
        mana[seat] -= e.cultivation_cost_per_tile * raised
    elif kind == "accept":
        loser = before.bidder
        winner = before.defender if loser == before.turn else before.turn
        loser_fields = before.group if loser == before.turn else before.targets
        price = before.bid * sum(before.value[f] for f in loser_fields)
        mana[winner] -= price
        mana[loser] += price
    if after.turn != before.turn or (before.phase == DEAL and after.phase != DEAL):
        mana[after.turn] += e.income_per_red_dot * red_dots(after, after.turn)
    return mana


def check_step(rules: EdenRules, before: EdenState, action: Action, after: EdenState) -> None:
    """Raise AssertionError when the step from `before` by `action` to `after` broke
    an invariant or the mana ledger."""
    rules.check_invariants(after)
    expected = expected_mana(rules, before, action, after)
    assert after.mana == expected, f"mana after {action}: {after.mana}, expected {expected}"
