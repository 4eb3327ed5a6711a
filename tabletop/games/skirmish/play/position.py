"""A skirmish position stated in a few lines: the table's size, its terrain and
warriors (starter warriors with their AP, wounds and markers), the phase, the round
and who acts, as a `SkirmishState` the rules play on (for tests, examples and bug
reports).

    >>> from tabletop.games.skirmish.play.position import Piece, Warrior, position
    >>> state = position(
    ...     terrain={"wall": Piece("wall", (300, 300))},
    ...     warriors={"yuri": Warrior(0, (100, 300), "yuri", ap=2, markers={"fire": 1}),
    ...               "gorm": Warrior(1, (500, 300), "gorm")},
    ...     phase="activation",
    ...     active="yuri",
    ...     options={"spacing": "warn"},
    ... )
    >>> state.phase, state.turn, state.round, state.models["gorm"]["base"], state.models["yuri"]["ap"]
    ('activation', 0, 1, 40.0, 2)
    >>> position(warriors=[Warrior(0, (100, 300)), Warrior(1, (110, 300))])
    Traceback (most recent call last):
    ...
    tabletop.games.skirmish.play.position.PositionError: warrior w2 would overlap warrior w1

Positions are millimetres from the top left corner, given to 0.1 mm (whole
numbers are taken as they are); rotations are degrees, clockwise. A warrior is a
starter warrior of warriors.yaml (by default Yuri on a 30 mm base, Brutus on a
40 mm one); its base is its card's. What no play could reach is refused with a
`PositionError` (a ValueError) that says why: an unknown terrain kind, warrior or
base size, a piece or a base over the table edge or over another, a base inside
terrain it may not stand on, or outside its deployment zone while the table is
laid out, marks a zone cannot hold or that put the warrior out of action,
negative AP or markers, an active warrior that is not on the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tabletop.games.skirmish.card_schema import MARKERS
from tabletop.games.skirmish.options import DEPLOYMENT, DOUBLE_COST, RULESET, SPACING, WEATHER
from tabletop.games.skirmish.play import deployment, limits, rounds, weather_play
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    END,
    LAYOUT,
    NAMING,
    NON_PLAYER_COLOUR,
    NON_PLAYER_SIDE,
    PLAY_PHASES,
    SkirmishState,
    build_table,
    clearance,
    hex_colour,
    kinds,
    new_model,
    new_piece,
    snap,
    terrain_budget,
    terrain_points,
    zone_edge,
)
from tabletop.games.skirmish.play.warriors import may_be_activated, new_entry, sp_pool
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table

#: the options a position may set (the others only choose the table to start from)
OPTIONS = (RULESET, DOUBLE_COST, DEPLOYMENT, SPACING)
#: options a position keeps only when given (as a match keeps the book's reading)
GIVEN_ONLY = (WEATHER,)

T = TypeVar("T")


class PositionError(ValueError):
    """A position no play could reach; the message says why."""


@dataclass(frozen=True)
class Piece:
    """A terrain piece: its kind (a key of terrain.yaml) and where it lies.
    `owner`: the seat that placed it (its terrain points count), None for
    scenario terrain."""

    kind: str
    at: Sequence[float]
    rotation: float = 0.0
    owner: int | None = None


#: the warrior a position stands on a base of a size when none is named
DEFAULT_WARRIORS = {30.0: "yuri", 40.0: "brutus"}


@dataclass(frozen=True)
class Warrior:
    """A warrior: its side (seat), where its base stands, its card's key in
    warriors.yaml (default: Yuri, or Brutus on a 40 mm `base`), its AP, the points
    marked per zone (head, arms, torso, legs), its markers (fire, fear, poison,
    rage, slow), whether it has been activated this round, and its uses of limited
    actions this round and this game (e.g. {"move": 2})."""

    side: int
    at: Sequence[float]
    warrior: str = ""
    base: float | None = None
    ap: int = 3
    marks: tuple[int, int, int, int] = (0, 0, 0, 0)
    markers: Mapping[str, int] = field(default_factory=dict)
    activated: bool = False
    round_uses: Mapping[str, int] = field(default_factory=dict)
    game_uses: Mapping[str, int] = field(default_factory=dict)


def position(
    *,
    size: float | tuple[float, float] = 600.0,
    terrain: Mapping[str, Piece] | Iterable[Piece] = (),
    warriors: Mapping[str, Warrior] | Iterable[Warrior] = (),
    objectives: Mapping[str, Sequence[float]] | None = None,
    phase: str = LAYOUT,
    turn: int = 0,
    first: int | None = None,
    ready: tuple[bool, bool] = (False, False),
    round: int = 1,
    beginner: int | None = None,
    active: str | None = None,
    named: Sequence[str] = (),
    opened: bool = False,
    options: Mapping[str, Any] | None = None,
    colours: tuple[str, str] = ("red", "blue"),
    weather: Sequence[str] = (),
) -> SkirmishState:
    """The state of this table. `size`: the side of a square table, or (width,
    height), in mm. `terrain` and `warriors`: by id, or in a list (ids t1, t2 ...
    and w1, w2 ... as the moves would make them). `phase`: "layout", or in play
    "naming" (the side `turn` names or counters), "activation" (the warrior
    `active` acts) or "end" (the round's end phase, begun as the activation phase
    ended: it runs on to its first roll or choice); `turn`: the seat to act;
    `first`: the seat that began (default `turn`); `ready`: who said the laid-out
    table suits them. In play: `round`, its `beginner` (default `first`), the
    warriors `named` so far in the naming under way, `opened`: the round's first
    naming was made. `options`: ruleset, double_cost, deployment and spacing as on
    the new-game screen (default: the data's). `colours`: the players' colour keys
    (players.yaml). `weather`: the weathers in force, by key in weather.yaml
    (optional rule 3). Each side's unit is the warriors it has on the table."""
    if phase not in (LAYOUT, *PLAY_PHASES):
        raise PositionError(f"there is no phase {phase!r}: it is {LAYOUT!r} or one of {PLAY_PHASES}")
    for name, seat in (("turn", turn), ("first", first if first is not None else turn)):
        if seat not in (0, 1):
            raise PositionError(f"{name} is a seat, 0 or 1, not {seat!r}")
    width, height = (size, size) if isinstance(size, int | float) else size
    if not (width > 0 and height > 0):
        raise PositionError(f"a table of {width} x {height} mm cannot be played on")
    state = SkirmishState(
        width=float(width),
        height=float(height),
        options=_options(options or {}),
        colours=_colours(colours),
        first=turn if first is None else first,
        turn=turn,
        phase=phase,
    )
    empty: dict[str, dict[str, Any]] = {"pieces": {}, "models": {}, "objectives": {}}
    table = state.table = build_table({"width": state.width, "height": state.height, "options": state.options, **empty})
    known = weather_play.catalogue()
    if not set(weather) <= set(known):
        raise PositionError(f"there is no weather {sorted(set(weather) - set(known))}: it is one of {sorted(known)}")
    state.weather = list(weather)
    weather_play.conditions(state).limit(table)
    for objective_id, spot in (objectives or {}).items():
        at = _at(spot, f"objective {objective_id}")
        if not (0 <= at[0] <= width and 0 <= at[1] <= height):
            raise PositionError(f"objective {objective_id} lies off the table")
        state.objectives[objective_id] = list(at)
        table.objectives[objective_id] = at
    for piece_id, piece in _by_id(terrain, "t"):
        _place_piece(state, table, piece_id, piece)
    for model_id, warrior in _by_id(warriors, "w"):
        _place_warrior(state, table, model_id, warrior)
    state.serial = len(state.pieces) + len(state.models)
    for side in (0, 1):
        state.rosters[side] = [
            {"warrior": m["warrior"], "name": m["name"]} for m in state.models.values() if m["side"] == side
        ]
    _turn(state, ready, round, first if first is not None else turn, beginner, active, list(named), opened)
    if phase in (NAMING, ACTIVATION):
        weather_play.activation_begins(state)  # who stands under rain cover as the phase began (S35)
    if phase == END:
        rounds.begin_end_phase(state)
    RULES.check_invariants(state)
    return state


def _options(given: Mapping[str, Any]) -> dict[str, Any]:
    specs = {spec.key: spec for spec in RULES.option_specs() if spec.key in OPTIONS + GIVEN_ONLY}
    chosen = {key: specs[key].default for key in OPTIONS}
    for key, value in given.items():
        if key not in specs:
            raise PositionError(f"a position has no option {key!r}; it has {', '.join(OPTIONS + GIVEN_ONLY)}")
        allowed = [v for v, _label in specs[key].choices]
        if value not in allowed or type(value) is not type(specs[key].default):
            raise PositionError(f"option {key} cannot be {value!r}; it is one of {allowed}")
        chosen[key] = value
    return chosen


def _colours(keys: tuple[str, str]) -> list[str]:
    rgb = {key: value for key, _label, value in RULES.colours()}
    unknown = [key for key in keys if key not in rgb]
    if unknown or len(keys) != 2:
        raise PositionError(f"two players' colours of {', '.join(rgb)}, not {keys!r}")
    return [hex_colour(rgb[key]) for key in keys]


def _by_id(items: Mapping[str, T] | Iterable[T], prefix: str) -> list[tuple[str, T]]:
    if isinstance(items, Mapping):
        return list(items.items())
    return [(f"{prefix}{number}", item) for number, item in enumerate(items, start=1)]


def _new_id(state: SkirmishState, item_id: str, what: str) -> None:
    if item_id in state.pieces or item_id in state.models or item_id in state.objectives:
        raise PositionError(f"{what}: the id {item_id!r} is taken already")


def _at(spot: Sequence[float], what: str) -> Point:
    """A position as the log holds it: two floats on the 0.1 mm grid."""
    if len(spot) != 2 or any(isinstance(v, bool) or not isinstance(v, int | float) for v in spot):
        raise PositionError(f"{what} stands at x, y in mm, not at {spot!r}")
    x, y = float(spot[0]), float(spot[1])
    if snap(x) != x or snap(y) != y:
        raise PositionError(f"{what} is placed to a tenth of a millimetre, not at {spot!r}")
    return (x, y)


def _what(table: Table, owner: str) -> str:
    if owner == "edge":
        return "the table edge"
    if owner in table.models:
        return f"warrior {owner}"
    if owner in table.pieces:
        return f"terrain piece {owner}"
    return f"objective {owner}"


def _place_piece(state: SkirmishState, table: Table, piece_id: str, piece: Piece) -> None:
    what = f"terrain piece {piece_id}"
    _new_id(state, piece_id, what)
    if piece.kind not in kinds():
        raise PositionError(f"{what}: there is no terrain kind {piece.kind!r}")
    if piece.owner not in (None, 0, 1):
        raise PositionError(f"{what}: its owner is a seat, 0 or 1, or None for scenario terrain")
    at = _at(piece.at, what)
    rotation = float(piece.rotation)
    if not 0 <= rotation < 360 or snap(rotation) != rotation:
        raise PositionError(f"{what}: a rotation is 0 to 359.9 degrees to a tenth, not {piece.rotation!r}")
    entry = {
        "kind": piece.kind,
        "position": list(at),
        "rotation": rotation,
        "footprint": None,
        "burning": False,
        "owner": piece.owner,
    }
    placed = new_piece(piece_id, entry)
    overlaps = table.piece_overlaps(placed, at, rotation)
    if overlaps:
        raise PositionError(f"{what} would overlap {_what(table, overlaps[0])}")
    spacing = clearance(state, table)
    if spacing and table.piece_overlaps(placed, at, rotation, spacing):
        raise PositionError(f"{what} comes closer than {spacing:g} mm to other terrain, an edge or an objective")
    state.pieces[piece_id] = entry
    table.add_piece(placed)
    budget = terrain_budget(state.options)
    if budget is not None and piece.owner is not None and terrain_points(state, piece.owner) > budget:
        raise PositionError(f"{what}: seat {piece.owner}'s terrain costs more than {budget} points")


def _place_warrior(state: SkirmishState, table: Table, model_id: str, warrior: Warrior) -> None:
    what = f"warrior {model_id}"
    _new_id(state, model_id, what)
    if warrior.side not in (0, 1, NON_PLAYER_SIDE):
        raise PositionError(f"{what}: its side is 0, 1 or {NON_PLAYER_SIDE} (non-player), not {warrior.side!r}")
    key = warrior.warrior or DEFAULT_WARRIORS.get(float(warrior.base or 30.0), "")
    non_player = warrior.side == NON_PLAYER_SIDE
    if key not in starter_set().warriors or (starter_set().warriors[key].points is None) != non_player:
        kind = "non-player" if non_player else "player's"
        raise PositionError(f"{what}: there is no {kind} warrior {key or warrior.base!r} in warriors.yaml")
    base = float(starter_set().warriors[key].base)
    if warrior.base is not None and float(warrior.base) != base:
        raise PositionError(f"{what}: {key} stands on a {base:g} mm base, not {warrior.base!r} mm")
    if base not in table.spec.bases:
        raise PositionError(f"{what}: there are no bases of {base!r} mm (only {table.spec.bases})")
    at = _at(warrior.at, what)
    overlaps = table.model_overlaps(base / 2, at)
    if overlaps:
        raise PositionError(f"{what} would overlap {_what(table, overlaps[0])}")
    edge = zone_edge(state.options, warrior.side) if not non_player else None
    if (
        state.phase == LAYOUT
        and edge is not None
        and not deployment.in_zone(table, edge, state.options[DEPLOYMENT], at, base / 2)
    ):
        raise PositionError(f"{what} stands outside its side's deployment zone while the table is laid out")
    number = 1 + max((m["number"] for m in state.models.values() if m["side"] == warrior.side), default=0)
    colour = NON_PLAYER_COLOUR if non_player else state.colours[warrior.side]
    entry = new_entry(key, warrior.side, at, colour, number)
    try:
        played = ProfileCard(starter_set().warriors[key], (), warrior.marks)
    except ValueError as fault:
        raise PositionError(f"{what}: {fault}") from None
    if played.out_of_action:
        raise PositionError(f"{what}: marks {warrior.marks} put {key} out of action: it would be off the table")
    entry["marks"] = list(warrior.marks)
    if warrior.ap < 0:
        raise PositionError(f"{what}: AP cannot be negative ({warrior.ap})")
    entry["ap"] = warrior.ap
    for marker, count in warrior.markers.items():
        if marker not in MARKERS or count < 0:
            raise PositionError(f"{what}: markers are counts of {', '.join(MARKERS)}, not {marker}={count!r}")
        entry["markers"][marker] = count
    entry["activated"] = warrior.activated or warrior.ap == 0
    for key_, used in warrior.round_uses.items():
        cap = limits.ACTION_LIMITS.get(key_)
        if cap is not None and cap.round is not None and used > cap.round:
            raise PositionError(f"{what}: {key_} is used at most {cap.round} times a round, not {used}")
    entry["round_uses"] = dict(warrior.round_uses)
    entry["game_uses"] = {k: max(v, warrior.round_uses.get(k, 0)) for k, v in warrior.game_uses.items()}
    for key_, used in warrior.round_uses.items():
        entry["game_uses"].setdefault(key_, used)
    state.models[model_id] = entry
    table.add_model(new_model(model_id, entry))


def _turn(
    state: SkirmishState,
    ready: tuple[bool, bool],
    round: int,
    first: int,
    beginner: int | None,
    active: str | None,
    named: list[str],
    opened: bool,
) -> None:
    """Whose turn it is and what happened in the round so far."""
    if state.phase == LAYOUT:
        if active or named:
            raise PositionError("warriors are named and activated once play has begun, not while laying out")
        if all(ready):
            raise PositionError("both players are ready: play has begun")
        for seat, said in enumerate(ready):
            if said and not any(m["side"] == seat for m in state.models.values()):
                raise PositionError(f"seat {seat} is ready without a warrior on the table")
        state.ready = list(ready)
        return
    state.ready = [True, True]
    if round < 1:
        raise PositionError(f"rounds count from 1, not {round}")
    state.round = round
    state.beginner = first if beginner is None else beginner
    if state.beginner not in (0, 1):
        raise PositionError(f"the round's beginner is a seat, 0 or 1, not {state.beginner!r}")
    for side in (0, 1):
        state.sp[side] = sp_pool(member["warrior"] for member in state.rosters[side])
    state.opened = opened or bool(named) or state.phase != NAMING
    if state.phase == ACTIVATION:
        if active not in state.models:
            raise PositionError(f"the active warrior {active!r} is not on the table")
        if named:
            raise PositionError("while a warrior acts nobody is being named")
        entry = state.models[active]
        entry["activated"] = True
        state.active = active
        state.turn = state.last = entry["side"]
        return
    if active is not None:
        raise PositionError(f"a warrior is active only in the phase {ACTIVATION!r}")
    for number, model_id in enumerate(named):
        if model_id not in state.models:
            raise PositionError(f"named warrior {model_id} is not on the table")
        if not may_be_activated(state.models[model_id]):
            raise PositionError(f"named warrior {model_id} cannot be activated")
        if number and rounds.ges(state, model_id) <= rounds.ges(state, named[number - 1]):
            raise PositionError(f"{model_id} counters without a higher GES")
    state.named = named
    if named:
        state.turn = 1 - state.models[named[-1]]["side"]
