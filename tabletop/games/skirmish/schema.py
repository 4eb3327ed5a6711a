"""Data models of the skirmish game's YAML files, and the game's data set.

- `data/skirmish/game.yaml` (`GameFile`): the launcher picture.
- `data/skirmish/table.yaml` (`TableData`): table size, contact tolerance, the
  movement allowance, base sizes, templates, deployment and terrain spacing.
- `data/skirmish/terrain.yaml` (`TerrainData`): the terrain list of the optional
  terrain rules, each kind with its properties, its reading under the basic rules
  and a default footprint polygon, and the terrain points each player may spend.
- `data/skirmish/players.yaml` (`PlayersData`): the player colours and the options
  of the new-game screen.
- `data/skirmish/scenarios/*.yaml` (`Layout`): a table layout: terrain pieces,
  models and mission objectives with their positions.
- `data/skirmish/tactics.yaml` and `missions.yaml`: the tactical cards and the
  missions (tactics_schema.py, mission_schema.py; checked against the cards in
  deck_checks.py); `weather.yaml`: the optional weather table (weather_schema.py).
- `data/skirmish/warriors.yaml` and `equipment.yaml`: the profile cards and the
  equipment, modelled in card_schema.py; their references are checked here.
- `data/skirmish/units/*.yaml` (`UnitFile`, unit_schema.py): the bundled units,
  each checked by the rules of a unit (play/units.py).

All lengths are millimetres; x grows to the right, y downwards; rotations are
degrees, clockwise on the screen. Names are English and go through the
translation layer where they are shown.
"""

from __future__ import annotations

import math
from pathlib import PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from tabletop.engine.core import OptionSpec
from tabletop.engine.data import DataModel, DataSet, LoadedData, Problem, field_faults, load_bundled, unique_by
from tabletop.engine.gamedata import (
    Colour,
    GameFile,
    Identifier,
    Label,
    OptionData,
    Text,
    colour_table,
    option_problems,
)
from tabletop.games.skirmish.aura_schema import Aura, aura_problems
from tabletop.games.skirmish.card_schema import EquipmentData, WarriorsData
from tabletop.games.skirmish.deck_checks import deck_problems
from tabletop.games.skirmish.mission_schema import MissionsData
from tabletop.games.skirmish.options import EMPTY, OPTION_VALUES, START, TABLE
from tabletop.games.skirmish.tactics_schema import TacticsData
from tabletop.games.skirmish.unit_schema import UnitFile
from tabletop.games.skirmish.weather_schema import WeatherData
from tabletop.i18n import _

Coordinate = tuple[float, float]
HexColour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
Length = Annotated[float, Field(gt=0, le=10_000)]
#: The limits of the table and its layouts (docs/DATA.md lists them): a layout at
#: every limit validates and opens in about a second.
MIN_TABLE, MAX_TABLE = 100, 2000  # mm, each side
MIN_BASE, MAX_BASE = 10, 200  # mm, a base's diameter
MAX_BASES = 10  # base sizes in use
MAX_TERRAIN_KINDS = 50
MAX_TERRAIN_PIECES = 60  # in one layout
MAX_MODELS = 40  # in one layout
MAX_OBJECTIVES = 20  # in one layout
TableSide = Annotated[float, Field(ge=MIN_TABLE, le=MAX_TABLE)]
BaseSize = Annotated[float, Field(ge=MIN_BASE, le=MAX_BASE)]
Place = Annotated[float, Field(ge=-10_000, le=10_000)]


def _simple_polygon(points: list[Coordinate]) -> list[Coordinate]:
    """A footprint must be a simple polygon with an area; a repeated corner is
    reported at its line, crossing edges at the corner where the later one starts."""
    from tabletop.games.skirmish.table.planar import segments_cross, signed_area

    n = len(points)
    if n < 3:
        raise ValueError(_("a footprint needs at least 3 corners"))
    if abs(signed_area(points)) < 1.0:
        raise ValueError(_("the footprint has no area"))
    repeats = [
        ((i,), _("corner {corner} repeats the corner before it", corner=i))
        for i in range(n)
        if points[i] == points[i - 1]
    ]
    if repeats:
        raise field_faults(repeats)
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if segments_cross(a, b, points[j], points[(j + 1) % n]):
                raise field_faults([((j,), _("edges {edge} and {other} of the footprint cross", edge=i, other=j))])
    return points


Footprint = Annotated[list[tuple[Place, Place]], Field(min_length=3, max_length=64)]


# -- table.yaml -------------------------------------------------------------------


class TableSize(DataModel):
    width: TableSide
    height: TableSide


class FlameTemplate(DataModel):
    """Teardrop template: `length` overall, `narrow` and `wide` the widths of its two
    round ends."""

    length: Length
    narrow: Length
    wide: Length

    @model_validator(mode="after")
    def _fits(self) -> FlameTemplate:
        faults = []
        if self.narrow > self.wide:
            faults.append((("narrow",), _("the narrow end is wider than the wide end")))
        if (self.narrow + self.wide) / 2 >= self.length:
            faults.append((("length",), _("the template is shorter than its two ends")))
        if faults:
            raise field_faults(faults)
        return self


class Templates(DataModel):
    explosion: Length  # diameter of the explosion disc
    flame: FlameTemplate


class Deployment(DataModel):
    open_battle: Length  # least distance of a base from the centre line
    ambush: Length  # least distance of a base from the table centre
    terrain_spacing: Length  # least distance between terrain pieces, table edges and objectives


class TableData(DataModel):
    table: TableSize
    contact: Annotated[float, Field(ge=0, le=10)]  # bases at most this far apart are in contact
    movement: Length  # allowance of one move
    bases: Annotated[list[BaseSize], Field(min_length=1, max_length=MAX_BASES)]  # base diameters in use
    templates: Templates
    deployment: Deployment


# -- terrain.yaml ------------------------------------------------------------------

Value = Annotated[int, Field(ge=1, le=20)]


class TerrainProperties(DataModel):
    """Properties under the optional terrain rules. A kind without sight or crossing
    properties neither hides anything nor can be crossed."""

    sight_obstacle: Value | None = None  # sight obstacle (X): -X, never blocks
    impenetrable: bool = False  # blocks every sight line it meets
    behind_only: bool = False  # its sight effect hides only models behind it
    elevation: bool = False  # a model on it stands on high ground
    climb: Value | None = None
    passable: bool = False  # crossable without cost, a move may end on it
    heavy: Annotated[int, Field(ge=2, le=20)] | None = None  # heavy terrain (X): each mm costs X
    swim: Value | None = None
    jump: Value | None = None
    hostile: Value | None = None
    flammable: bool = False
    destruction: Value | None = None
    hiding: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> TerrainProperties:
        faults = []
        if self.passable and self.heavy:
            faults.append((("heavy",), _("a kind is either passable or heavy terrain, not both")))
        if self.climb and not self.elevation:
            faults.append((("climb",), _("climb needs elevation")))
        if self.behind_only and not (self.sight_obstacle or self.impenetrable):
            faults.append((("behind_only",), _("behind_only needs a sight property")))
        if faults:
            raise field_faults(faults)
        return self


class BasicReading(DataModel):
    """How the basic rules treat a kind: opaque (blocks or hinders sight), low (only
    hinders) or flat (ignored); impassable or crossable."""

    sight: Literal["opaque", "low", "flat"] = "opaque"
    crossing: Literal["impassable", "crossable"] = "impassable"
    behind_only: bool = False  # opaque only for models behind it (a hill)


class TerrainKind(DataModel):
    key: Identifier
    name: Label  # English, translated where shown
    cost: Annotated[int, Field(ge=0, le=20)]  # terrain points (optional terrain rules)
    footprint: Footprint  # default outline about the piece's origin
    properties: TerrainProperties
    basic: BasicReading
    special: Text | None = None  # its effect in words, English; applied by hand unless its aura plays it
    aura: Aura | None = None  # its effects on the warriors about it (terrain rules, aura_schema.py)
    rain_cover: bool = False  # shelters from acid rain (optional weather rule, S35)
    terrain_rules_only: bool = False  # placed only under the terrain rules (a variant that differs only there)

    @field_validator("footprint")
    @classmethod
    def _footprint_simple(cls, value: list[Coordinate]) -> list[Coordinate]:
        return _simple_polygon(value)


class TerrainData(DataModel):
    points_per_player: Annotated[int, Field(ge=1, le=100)]  # terrain points each player may spend (terrain rules)
    kinds: Annotated[list[TerrainKind], Field(min_length=1, max_length=MAX_TERRAIN_KINDS), unique_by("key")]

    def kind(self, key: str) -> TerrainKind:
        for kind in self.kinds:
            if kind.key == key:
                return kind
        raise KeyError(key)


# -- scenarios/*.yaml ----------------------------------------------------------------


class PlacedTerrain(DataModel):
    id: Identifier
    kind: Identifier
    position: tuple[Place, Place]
    rotation: Annotated[float, Field(ge=-360, le=360)] = 0.0
    footprint: Footprint | None = None  # replaces the kind's default outline
    burning: bool = False

    @field_validator("footprint")
    @classmethod
    def _footprint_simple(cls, value: list[Coordinate] | None) -> list[Coordinate] | None:
        return None if value is None else _simple_polygon(value)


class PlacedModel(DataModel):
    id: Identifier
    warrior: Identifier  # the profile card's key in warriors.yaml
    base: BaseSize  # base diameter (the card's)
    position: tuple[Place, Place]
    side: Annotated[int, Field(ge=0, le=1)]


class Objective(DataModel):
    id: Identifier
    position: tuple[Place, Place]


class Layout(DataModel):
    """A table layout. Validating with context `(TerrainData, TableData)` also checks
    kinds, base sizes, positions and overlaps (as the data set check does)."""

    name: Label  # English
    table: TableSize
    terrain: Annotated[list[PlacedTerrain], Field(max_length=MAX_TERRAIN_PIECES), unique_by("id")] = []
    models: Annotated[list[PlacedModel], Field(max_length=MAX_MODELS), unique_by("id")] = []
    objectives: Annotated[list[Objective], Field(max_length=MAX_OBJECTIVES), unique_by("id")] = []

    @model_validator(mode="after")
    def _with_context(self, info: ValidationInfo) -> Layout:
        if info.context:
            terrain, table = info.context
            faults = layout_problems(self, terrain, table)
            if faults:
                raise field_faults(faults)
        return self


def layout_problems(layout: Layout, terrain: TerrainData, table: TableData) -> list[tuple[tuple[Any, ...], str]]:
    """(field path, message) for each fault of a layout that its own model cannot
    see: unknown kinds or base sizes, ids used twice, things off the table,
    overlapping models or terrain pieces."""
    from tabletop.games.skirmish.table import planar

    problems: list[tuple[tuple[Any, ...], str]] = []
    kinds = {k.key: k for k in terrain.kinds}
    seen: dict[str, tuple[Any, ...]] = {}
    for group in ("terrain", "models", "objectives"):
        for index, item in enumerate(getattr(layout, group)):
            if item.id in seen:
                where = ".".join(map(str, seen[item.id]))
                problems.append(
                    ((group, index, "id"), _("{id} is already used at {where}", id=repr(item.id), where=where))
                )
            else:
                seen[item.id] = (group, index)
    width, height = layout.table.width, layout.table.height
    outlines: list[tuple[int, tuple[planar.Polygon, ...]]] = []
    for index, piece in enumerate(layout.terrain):
        kind = kinds.get(piece.kind)
        if kind is None:
            problems.append(
                (("terrain", index, "kind"), _("no terrain kind {kind} in terrain.yaml", kind=repr(piece.kind)))
            )
            continue
        outline = planar.transform(planar.orient(piece.footprint or kind.footprint), piece.position, piece.rotation)
        left, top, right, bottom = planar.bounds(outline)
        if left < -planar.EPS or top < -planar.EPS or right > width + planar.EPS or bottom > height + planar.EPS:
            problems.append((("terrain", index, "position"), _("the piece reaches over the table edge")))
        parts = planar.convex_parts(outline)
        for other_index, other_parts in outlines:  # the first piece it overlaps: each fault once
            if any(planar.convex_depth(p, q) > planar.EPS for p in parts for q in other_parts):
                problems.append(
                    (
                        ("terrain", index, "position"),
                        _("overlaps terrain piece {id}", id=repr(layout.terrain[other_index].id)),
                    )
                )
                break
        outlines.append((index, parts))
    bases = set(table.bases)
    for index, model in enumerate(layout.models):
        radius = model.base / 2
        if model.base not in bases:
            problems.append(
                (
                    ("models", index, "base"),
                    _("base {size:g} mm is not one of {sizes}", size=model.base, sizes=sorted(bases)),
                )
            )
        x, y = model.position
        if (
            x - radius < -planar.EPS
            or y - radius < -planar.EPS
            or x + radius > width + planar.EPS
            or y + radius > height + planar.EPS
        ):
            problems.append((("models", index, "position"), _("the base reaches over the table edge")))
        for other in layout.models[:index]:  # the first model it overlaps: each fault once
            if math.dist(model.position, other.position) < radius + other.base / 2 - planar.EPS:
                problems.append((("models", index, "position"), _("overlaps model {id}", id=repr(other.id))))
                break
    for index, objective in enumerate(layout.objectives):
        x, y = objective.position
        if not (0 <= x <= width and 0 <= y <= height):
            problems.append((("objectives", index, "position"), _("the objective lies off the table")))
    return problems


# -- players.yaml ----------------------------------------------------------------------


class StartOption(DataModel):
    """The first option, the table to start from: each scenario, then an empty table."""

    label: Label
    help: Text = ""
    default: Identifier  # a scenario's file name without ".yaml", or EMPTY
    empty: Label  # the label of the empty table


class PlayersData(DataModel):
    """players.yaml: the player colours and the options."""

    colours: Annotated[list[Colour], Field(min_length=2), unique_by("key")]
    start: StartOption
    options: Annotated[list[OptionData], unique_by("key")]


def _option_problems(loaded: LoadedData) -> list[Problem]:
    """The options of players.yaml against what the rules understand, the table
    sizes against table.yaml and the first table against the scenarios."""
    players: PlayersData = loaded[PLAYERS_FILE]
    table: TableData = loaded[TABLE_FILE]
    problems = []
    names = {PurePosixPath(name).stem for name in loaded.matching(SCENARIOS)}
    if players.start.default != EMPTY and players.start.default not in names:
        problems.append(
            loaded.problem(
                PLAYERS_FILE,
                ("start", "default"),
                _(
                    "no scenario {name} in {folder} (nor {empty})",
                    name=repr(players.start.default),
                    folder=SCENARIOS,
                    empty=repr(EMPTY),
                ),
            )
        )
    if EMPTY in names:
        problems.append(
            loaded.problem(
                PLAYERS_FILE,
                ("start", "empty"),
                _("a scenario is named {name}, as the empty table is", name=repr(EMPTY)),
            )
        )
    problems += option_problems(
        loaded,
        PLAYERS_FILE,
        players.options,
        OPTION_VALUES,
        elsewhere={START: _("the first option is written under start")},
    )
    for index, option in enumerate(players.options):
        if option.key != TABLE:
            continue
        for number, choice in enumerate(option.choices):  # table sizes
            if not isinstance(choice.value, int) or isinstance(choice.value, bool):
                message = _("a table size is a whole number of millimetres")
            elif choice.value < max(table.table.width, table.table.height) or choice.value > 10_000:
                message = _(
                    "a table is at least the standard {width:g} x {height:g} mm of {file}",
                    width=table.table.width,
                    height=table.table.height,
                    file=TABLE_FILE,
                )
            else:
                continue
            problems.append(loaded.problem(PLAYERS_FILE, ("options", index, "choices", number, "value"), message))
    return problems


def option_specs(loaded: LoadedData) -> tuple[OptionSpec, ...]:
    """The options of the new-game screen from a loaded data set: the table to
    start from (the scenarios, then an empty table), then players.yaml's options."""
    players: PlayersData = loaded[PLAYERS_FILE]
    start = players.start
    scenarios = tuple(
        (PurePosixPath(name).stem, layout.name) for name, layout in sorted(loaded.matching(SCENARIOS).items())
    )
    first = OptionSpec(START, start.label, start.default, (*scenarios, (EMPTY, start.empty)), start.help)
    return (first, *(o.spec() for o in players.options))


def colours(loaded: LoadedData) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
    """The player colours (key, label, rgb) from a loaded data set."""
    players: PlayersData = loaded[PLAYERS_FILE]
    return colour_table(players.colours)


# -- the data set ------------------------------------------------------------------

GAME_FILE = "skirmish/game.yaml"
TERRAIN_FILE = "skirmish/terrain.yaml"
TABLE_FILE = "skirmish/table.yaml"
PLAYERS_FILE = "skirmish/players.yaml"
SCENARIOS = "skirmish/scenarios/*.yaml"
WARRIORS_FILE = "skirmish/warriors.yaml"
EQUIPMENT_FILE = "skirmish/equipment.yaml"
TACTICS_FILE = "skirmish/tactics.yaml"
MISSIONS_FILE = "skirmish/missions.yaml"
WEATHER_FILE = "skirmish/weather.yaml"
UNIT_FILES = "skirmish/units/*.yaml"


def _card_problems(loaded: LoadedData) -> list[Problem]:
    """The profile cards against the equipment and the table: every item a card
    lists or an ability needs is in equipment.yaml (an ability's item on the card
    too), and every base is one of table.yaml's sizes."""
    warriors: WarriorsData = loaded[WARRIORS_FILE]
    equipment: EquipmentData = loaded[EQUIPMENT_FILE]
    table: TableData = loaded[TABLE_FILE]
    items = {item.key for item in equipment.items}
    problems = []
    for index, warrior in enumerate(warriors.warriors):
        if warrior.base not in table.bases:
            problems.append(
                loaded.problem(
                    WARRIORS_FILE,
                    ("warriors", index, "base"),
                    _(
                        "base {size} mm is not one of {sizes} mm",
                        size=warrior.base,
                        sizes=", ".join(f"{s:g}" for s in sorted(table.bases)),
                    ),
                )
            )
        for number, key in enumerate(warrior.equipment):
            if key not in items:
                problems.append(
                    loaded.problem(
                        WARRIORS_FILE,
                        ("warriors", index, "equipment", number),
                        _("no item {key} in {file}", key=repr(key), file=EQUIPMENT_FILE),
                    )
                )
        for number, ability in enumerate(warrior.abilities):
            for place, key in enumerate(ability.needs):
                if key not in items:
                    message = _("no item {key} in {file}", key=repr(key), file=EQUIPMENT_FILE)
                elif key not in warrior.equipment:
                    message = _("the ability needs {key}, which the card does not list", key=repr(key))
                else:
                    continue
                problems.append(
                    loaded.problem(WARRIORS_FILE, ("warriors", index, "abilities", number, "needs", place), message)
                )
    return problems


def _check(loaded: LoadedData) -> list[Problem]:
    terrain: TerrainData = loaded[TERRAIN_FILE]
    table: TableData = loaded[TABLE_FILE]
    problems = []
    warriors: WarriorsData = loaded[WARRIORS_FILE]
    cards = {warrior.key: warrior for warrior in warriors.warriors if warrior.points is not None}
    for name, layout in loaded.matching(SCENARIOS).items():
        for loc, message in layout_problems(layout, terrain, table):
            problems.append(loaded.problem(name, loc, message))
        for index, model in enumerate(layout.models):  # a layout's warriors are player's warriors on their bases
            card = cards.get(model.warrior)
            if card is None:
                message = _("no player's warrior {key} in {file}", key=repr(model.warrior), file=WARRIORS_FILE)
                problems.append(loaded.problem(name, ("models", index, "warrior"), message))
            elif card.base != model.base:
                message = _("{key} stands on a {size:g} mm base", key=card.name, size=card.base)
                problems.append(loaded.problem(name, ("models", index, "base"), message))
    decks = deck_problems(loaded, WARRIORS_FILE, TACTICS_FILE, MISSIONS_FILE)
    auras = [(index, kind.aura) for index, kind in enumerate(terrain.kinds) if kind.aura]
    decks += aura_problems(loaded, TERRAIN_FILE, auras, warriors, loaded[EQUIPMENT_FILE])
    return problems + _option_problems(loaded) + _card_problems(loaded) + decks + _unit_problems(loaded)


def _unit_problems(loaded: LoadedData) -> list[Problem]:
    """Each bundled unit by the rules of a unit, against the cards loaded with it."""
    from tabletop.games.skirmish.play import units  # the rules of a unit, on the cards this module models

    cards = units.CardIndex.from_data(loaded[WARRIORS_FILE])
    problems = []
    for name, model in loaded.matching(UNIT_FILES).items():
        unit = units.Unit.from_data(model.model_dump())
        problems += [loaded.problem(name, where, reason.render()) for where, reason in units.faults(unit, cards)]
    return problems


DATASET = DataSet(
    "skirmish",
    files={
        GAME_FILE: GameFile,
        TERRAIN_FILE: TerrainData,
        TABLE_FILE: TableData,
        PLAYERS_FILE: PlayersData,
        SCENARIOS: Layout,
        WARRIORS_FILE: WarriorsData,
        EQUIPMENT_FILE: EquipmentData,
        TACTICS_FILE: TacticsData,
        MISSIONS_FILE: MissionsData,
        WEATHER_FILE: WeatherData,
        UNIT_FILES: UnitFile,
    },
    check=_check,
)


def bundled() -> LoadedData:
    """The bundled skirmish data, loaded and checked once."""
    return load_bundled(DATASET)


def terrain_data() -> TerrainData:
    terrain: TerrainData = bundled()[TERRAIN_FILE]
    return terrain


def table_data() -> TableData:
    table: TableData = bundled()[TABLE_FILE]
    return table
