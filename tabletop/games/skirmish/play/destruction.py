"""Destroying terrain (Zerstörung X, rulebook L690; DECISIONS S31; acceptance A89):
under the extended terrain rules a piece with Zerstörung (X) may be the target of an
attack. The active warrior touching it attacks it (`attack_piece`), or, free, shoots at
it in range and sight (`shoot_piece`; no nearest-target rule); a throwable whose point
lies on it counts too (`landed`). Each is an Attack (1 AP, one of its 2 a round; a
shot's item its own uses), with no roll: it succeeds. A shot with Brand (X) at a
flammable piece also gives it X fire markers, each a further attack (S31,
play/burning.py). Each attack counts on the piece (its entry's "damage", kept the
whole game, whoever made it); after the X-th the piece is destroyed: it is replaced by
a Zerstörtes Gebiet (destroyed area) of the same outline, and the table's geometry is
built again from the state. A warrior hidden in it is hidden no longer.
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.games.skirmish.play import auras, hiding
from tabletop.games.skirmish.play.state import SkirmishState, kinds, table_of
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message

#: the kind a destroyed piece becomes (terrain.yaml)
DESTROYED = "destroyed_area"


def strength_of(table: Table, piece_id: str) -> int:
    """The piece's X of Zerstörung under the table's rules (0: it cannot be destroyed)."""
    if not table.ruleset.terrain_rules:
        return 0
    return table.pieces[piece_id].kind.properties.destruction or 0


def strength(state: SkirmishState, piece_id: str) -> int:
    return strength_of(table_of(state), piece_id)


def touches(table: Table, model: str, piece_id: str) -> bool:
    """The warrior's base touches the piece (edges at most the contact distance apart)."""
    warrior = table.models[model]
    return table.pieces[piece_id].distance_to_point(warrior.position) <= warrior.radius + table.contact + EPS


def targets(table: Table, model: str) -> list[str]:
    """The pieces the warrior could attack where it stands."""
    return [piece for piece in table.pieces if strength_of(table, piece) and touches(table, model, piece)]


def aim_point(table: Table, model: str, piece_id: str) -> planar.Point:
    """The point of the piece nearest to the warrior: where a shot at it is measured to."""
    at = table.models[model].position
    points = [planar.closest_on_convex_boundary(at, part) for part in table.pieces[piece_id].parts]
    return min(points, key=lambda p: planar.dist(at, p))


def landed(state: SkirmishState, at: planar.Point, by: str, thrower: str | None = None) -> list[Event]:
    """A throwable's point lies on destructible pieces: an attack on each (S31) that
    the `thrower` (its model id) may attack."""
    table = table_of(state)
    found = [
        piece
        for piece in state.pieces
        if strength(state, piece)
        and table.pieces[piece].contains(at)
        and (thrower is None or auras.attack_refusal(state, thrower, piece) is None)
    ]
    events: list[Event] = []
    for piece in found:
        if piece in state.pieces and strength(state, piece):
            events += hit(state, piece, by)
    return events


def hit(state: SkirmishState, piece_id: str, by: str | Message, count: int = 1) -> list[Event]:
    """`count` attacks on the piece (by the warrior or cause named `by`); the X-th
    destroys it."""
    data = state.pieces[piece_id]
    x = strength(state, piece_id)
    data["damage"] = min(x, data.get("damage", 0) + count)
    name = Message(kinds()[data["kind"]].name)
    said = Message.counted(
        "{name} attacks {piece}: {done} of {count} attack counted.",
        "{name} attacks {piece}: {done} of {count} attacks counted.",
        x,
        {"name": by, "piece": name, "done": data["damage"]},
    )
    events = [Event(said, kind="attack", data={"piece": piece_id})]
    if data["damage"] >= x:
        events += destroy(state, piece_id)
    return events


def destroy(state: SkirmishState, piece_id: str) -> list[Event]:
    """The piece leaves the table; a destroyed area of its outline takes its place."""
    table = table_of(state)
    old = state.pieces[piece_id]
    outline = table.pieces[piece_id].footprint
    events: list[Event] = []
    for model, entry in state.models.items():
        if entry.get("hidden") == piece_id:
            events += hiding.ends(state, model)
    state.pieces[piece_id] = {
        "kind": DESTROYED,
        "position": list(old["position"]),
        "rotation": old["rotation"],
        "footprint": [list(corner) for corner in outline],
        "burning": False,
        "owner": old.get("owner"),
    }
    # the geometry is built again from the state (the piece keeps its place in the order)
    state.table = None
    said = Message(
        N_("{piece} is destroyed: a destroyed area of its outline takes its place."),
        {"piece": Message(kinds()[old["kind"]].name)},
    )
    return [*events, Event(said, kind="destroyed", data={"piece": piece_id})]
