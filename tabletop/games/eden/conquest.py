"""Eden's conquest: after an irrigation the player may attack an opponent's tiles
next to the tile just placed, and attacker and defender then bid mana per point of
the other side until one accepts (see docs/rules/eden.md). The moves of the
conquest and the auction, their checks and their changes; EdenRules lists them in
its table of moves.
"""

from __future__ import annotations

from tabletop.engine.core import Action, Event, IllegalAction, Step
from tabletop.games.eden.base import EdenBase, reserve, side_points
from tabletop.games.eden.moves import ACCEPT, ATTACK, BID, NO_ATTACK
from tabletop.games.eden.state import AUCTION, PLAY, EdenState
from tabletop.i18n import N_, Message

__all__ = ["attacks", "bid_range", "bids", "reserve", "side_points"]


def attacks(rules: EdenBase, state: EdenState) -> list[Action]:
    """Every affordable attack from the tile just placed: a support tile or none,
    and a non-empty set of one opponent's tiles next to the placed tile."""
    seat = state.turn
    placed = state.placed
    owner, value = state.owner, state.value
    minimum = rules.tables.economy.opening_bid_min
    board = rules.tables.board
    neighbours = board.neighbours[placed]
    supports: list[str | None] = [None] + [board.name(f) for f in neighbours if owner[f] == seat]
    by_opponent: dict[int, list[int]] = {}
    for f in neighbours:
        if owner[f] >= 0 and owner[f] != seat:
            by_opponent.setdefault(owner[f], []).append(f)
    actions = []
    for fields in by_opponent.values():
        for subset in range(1, 1 << len(fields)):
            targets = [f for i, f in enumerate(fields) if subset >> i & 1]
            if minimum * sum(value[f] for f in targets) <= state.mana[seat]:
                names = tuple(board.name(f) for f in targets)
                actions += [ATTACK.action(support=s, targets=names) for s in supports]
    return actions


def bid_range(rules: EdenBase, state: EdenState) -> tuple[int, int]:
    """The lowest and highest bid per point the bidder may make now."""
    e = rules.tables.economy
    low = e.opening_bid_min if state.bid == 0 else state.bid + e.raise_min
    return low, state.mana[state.bidder] // side_points(state, state.bidder)


def bids(rules: EdenBase, state: EdenState) -> list[Action]:
    """Accept (once there is a bid), a sample of bids (the lowest, a few steps up,
    all in) and, for the attacker, selling and buying."""
    actions = [rules.action_cache.accept] if state.bid else []
    low, high = bid_range(rules, state)
    step = rules.tables.economy.raise_min
    amounts = sorted({a for a in (low, low + step, low + 2 * step, low + 4 * step, high) if low <= a <= high})
    actions += [BID.action(amount=a) for a in amounts]
    if state.bidder == state.turn:
        actions += rules.trades(state)
    return actions


@ATTACK.check
def check_attack(rules: EdenBase, state: EdenState, support: str | None, targets: tuple[str, ...]) -> None:
    t = rules.tables
    seat, placed = state.turn, state.placed
    owner = state.owner
    neighbours = t.board.neighbours[placed]
    helper = None if support is None else rules.field_called(support)
    attacked = [rules.field_called(name) for name in targets]
    if helper is not None and (helper not in neighbours or owner[helper] != seat):
        raise IllegalAction(Message(N_("The supporting tile must be one of yours next to the tile just placed.")))
    if not attacked:
        raise IllegalAction(Message(N_("Choose at least one tile to attack.")))
    if len(set(attacked)) != len(attacked) or any(
        f not in neighbours or owner[f] < 0 or owner[f] == seat for f in attacked
    ):
        raise IllegalAction(Message(N_("Only an opponent's tiles next to the tile just placed can be attacked.")))
    if len({owner[f] for f in attacked}) > 1:
        raise IllegalAction(Message(N_("A conquest attacks one opponent only.")))
    cost = t.economy.opening_bid_min * sum(state.value[f] for f in attacked)
    if cost > state.mana[seat]:
        raise IllegalAction(Message(N_("The lowest opening bid would cost {cost} mana."), {"cost": cost}))


@BID.check
def check_bid(rules: EdenBase, state: EdenState, amount: int) -> None:
    low, _high = bid_range(rules, state)
    if amount < low:
        if state.bid == 0:
            raise IllegalAction(Message(N_("The opening bid is at least {amount} per point."), {"amount": low}))
        raise IllegalAction(Message(N_("A raise must reach at least {amount} per point."), {"amount": low}))
    total = amount * side_points(state, state.bidder)
    if total > state.mana[state.bidder]:
        raise IllegalAction(Message(N_("Winning at that bid would cost {cost} mana."), {"cost": total}))


@ACCEPT.check
def check_accept(rules: EdenBase, state: EdenState) -> None:
    if state.bid == 0:
        raise IllegalAction(Message(N_("There is no bid to accept yet.")))


@NO_ATTACK.apply
def apply_no_attack(rules: EdenBase, state: EdenState) -> Step:
    state.phase = PLAY
    state.placed = -1
    return Step([Event(Message(N_("{player} does not attack."), {"player": state.turn}))])


@ATTACK.apply
def apply_attack(rules: EdenBase, state: EdenState, support: str | None, targets: tuple[str, ...]) -> Step:
    seat = state.turn
    field = rules.tables.board.field
    state.group = [state.placed] + ([field(support)] if support is not None else [])
    state.targets = sorted(field(name) for name in targets)
    state.defender = state.owner[state.targets[0]]
    state.bid = 0
    state.bidder = seat
    state.phase = AUCTION
    message = Message(
        N_(
            "{player} attacks {targets} of {defender_player} with {group} "
            "(attack {attack_points}, defence {defence_points})."
        ),
        {
            "player": seat,
            "targets": rules.names(state.targets),
            "defender_player": state.defender,
            "group": rules.names(state.group),
            "attack_points": side_points(state, state.defender),
            "defence_points": side_points(state, seat),
        },
    )
    return Step([Event(message, kind="attack", data={"group": list(state.group), "targets": list(state.targets)})])


@BID.apply
def apply_bid(rules: EdenBase, state: EdenState, amount: int) -> Step:
    seat = state.bidder
    opening = state.bid == 0
    state.bid = amount
    state.bidder = state.defender if seat == state.turn else state.turn
    if opening:
        text = N_("{player} opens with {bid} mana per point.")
    else:
        text = N_("{player} raises to {bid} mana per point.")
    message = Message(text, {"player": seat, "bid": amount})
    # a bid is made to the other side, who may answer it at once: it stands
    return Step([Event(message, kind="bid", data={"seat": seat, "bid": amount})], commits=True)


@ACCEPT.apply
def apply_accept(rules: EdenBase, state: EdenState) -> Step:
    loser = state.bidder
    attacker, defender = state.turn, state.defender
    winner = defender if loser == attacker else attacker
    taken = state.group if loser == attacker else state.targets
    price = state.bid * sum(state.value[f] for f in taken)
    state.mana[winner] -= price
    state.mana[loser] += price
    accepted = Message(N_("{player} accepts {bid} mana per point."), {"player": loser, "bid": state.bid})
    events = [Event(accepted, kind="accept")]
    moved, kept = [], []
    kind_of = rules.tables.kind_of
    for f in sorted(taken, key=lambda f: (-state.value[f], f)):
        value = state.value[f]
        if state.free[winner][kind_of[value]] > 0:
            rules.remove(state, f)
            rules.place(state, winner, f, value)
            moved.append(f)
        else:
            kept.append(f)
    events.append(
        Event(
            Message(
                N_("{player} pays {amount} mana to {other_player} and takes {fields}."),
                {"player": winner, "amount": price, "other_player": loser, "fields": rules.names(moved)},
            ),
            kind="conquest",
            data={"winner": winner, "loser": loser, "fields": sorted(moved), "amount": price},
        )
    )
    if kept:
        events.append(
            Event(
                Message(
                    N_("{player} has no free tile for {fields}; those tiles stay."),
                    {"player": winner, "fields": rules.names(kept)},
                )
            )
        )
    state.defender, state.group, state.targets = -1, [], []
    state.bid, state.bidder, state.placed = 0, -1, -1
    state.phase = PLAY
    rules.won(state, winner, events)
    return Step(events, commits=True)
