"""The schema of Catan's data files (data/catan/*.yaml) and the plain tables the
rules build from them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field, model_validator

from tabletop.engine.data import DataModel, DataSet, LoadedData, Loc, Problem, field_faults, load_bundled, unique_by
from tabletop.engine.gamedata import Colour, GameFile, OptionData, colour_table, option_problems
from tabletop.games.catan import geometry
from tabletop.i18n import _, ngettext

#: a resource or terrain key: the rules' messages and actions name resources by it
Key = Annotated[str, Field(min_length=1, pattern=r"^[a-z_]+$")]

#: the resource keys the rules' messages are written for
RESOURCE_KEYS = ("wood", "brick", "wool", "grain", "ore")

#: development card kinds, in the order every list of five counts uses; what each
#: does is rules code, how many there are is data
DEVELOPMENT_KINDS = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")

#: the options the rules understand: key -> the values they handle; the first is the
#: default: the rulebook's rule, or where the rulebook leaves the players a free choice
#: (the spiral's starting corner) the choice by lot (docs/rules/catan.md says why)
OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "numbers": ("spiral", "random"),
    "spiral": ("clockwise", "counterclockwise"),
    "start_corner": ("random", *geometry.CORNER_NAMES),
    "phases": ("separate", "combined"),
    "shortage": ("nobody", "single"),
    "special_ties": ("supply", "holder"),
    "progress_cards": ("under_deck", "removed"),
    "theft": ("compulsory", "optional"),
}


#: The limits of the data (docs/DATA.md lists them). Tokens with a red number may not
#: lie side by side and are re-dealt until they do not: with at most MAX_RED_TOKENS of
#: them one deal in about 70 succeeds whatever the land, so MAX_TOKEN_DEALS deals
#: (the bound of the re-deal) fail together less often than once in 10^12 games.
MAX_RED_TOKENS = 5
MAX_TOKEN_DEALS = 2000
#: the founding rounds: each player places a settlement and a road in each
FOUNDING_ROUNDS = 2
MAX_PIECES = 100  # of each kind, per player
MAX_AMOUNT = 1000  # a bank's cards of one resource, the cards of a development kind
MAX_SMALL = 100  # points, ratios, costs, thresholds
MAX_COLOURS = 12
MAX_OPTIONS = 20
#: a label or help text shown to the players
Text = Annotated[str, Field(min_length=1, max_length=200)]
Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
Small = Annotated[int, Field(ge=1, le=MAX_SMALL)]


class Terrain(DataModel):
    key: Key
    label: Text
    resource: Key | None  # None: produces nothing (desert)
    count: Small


class Harbour(DataModel):
    resource: Key | None  # None: any resource
    ratio: Small
    count: Small


class BoardData(DataModel):
    """board.yaml: land hexes, number tokens A-R, red numbers, harbours."""

    terrains: Annotated[list[Terrain], Field(min_length=1, max_length=geometry.HEX_COUNT), unique_by("key")]
    tokens: Annotated[list[Annotated[int, Field(ge=2, le=12)]], Field(max_length=geometry.HEX_COUNT)]
    red_numbers: Annotated[list[Annotated[int, Field(ge=2, le=12)]], Field(max_length=11)]
    harbours: list[Harbour] = Field(min_length=1, max_length=len(geometry.HARBOUR_PLACES))

    @model_validator(mode="after")
    def _fits_the_island(self) -> BoardData:
        faults: list[tuple[Loc, str]] = []
        land = sum(t.count for t in self.terrains)
        if land != geometry.HEX_COUNT:
            faults.append(
                (
                    ("terrains",),
                    _("the terrains make {land} hexes; the island has {hexes}", land=land, hexes=geometry.HEX_COUNT),
                )
            )
        producing = land - sum(t.count for t in self.terrains if t.resource is None)
        if len(self.tokens) != producing:
            faults.append(
                (
                    ("tokens",),
                    _("{tokens} number tokens for {hexes} producing hexes", tokens=len(self.tokens), hexes=producing),
                )
            )
        faults += [
            (("tokens", index), _("no number token may show 7"))
            for index, number in enumerate(self.tokens)
            if number == 7
        ]
        red = [index for index, number in enumerate(self.tokens) if number in self.red_numbers]
        if len(red) > MAX_RED_TOKENS:
            # more could not be dealt apart on every island, and the deal is repeated until they are
            message = ngettext(
                "at most {count} token may show a red number, so that they can lie apart; {red} do",
                "at most {count} tokens may show a red number, so that they can lie apart; {red} do",
                MAX_RED_TOKENS,
                red=len(red),
            )
            faults.append((("red_numbers",), message))
        # the harbours lie on the harbour places of the coast, one each
        places = len(geometry.HARBOUR_PLACES)
        if sum(h.count for h in self.harbours) != places:
            faults.append((("harbours",), _("the harbours must fill the {places} harbour places", places=places)))
        if faults:
            raise field_faults(faults)
        return self


class ResourceData(DataModel):
    key: Key
    label: Text


#: pieces of one kind a player has
Piece = Annotated[int, Field(ge=0, le=MAX_PIECES)]


class Pieces(DataModel):
    roads: Piece
    settlements: Piece
    cities: Piece

    @model_validator(mode="after")
    def _enough_to_found(self) -> Pieces:
        faults: list[tuple[Loc, str]] = []
        if self.roads < FOUNDING_ROUNDS:
            message = ngettext(
                "the founding rounds need {count} road per player",
                "the founding rounds need {count} roads per player",
                FOUNDING_ROUNDS,
            )
            faults.append((("roads",), message))
        if self.settlements < FOUNDING_ROUNDS:
            message = ngettext(
                "the founding rounds need {count} settlement per player",
                "the founding rounds need {count} settlements per player",
                FOUNDING_ROUNDS,
            )
            faults.append((("settlements",), message))
        if faults:
            raise field_faults(faults)
        return self


Cost = dict[Key, Annotated[int, Field(ge=1, le=MAX_SMALL)]]


class Costs(DataModel):
    road: Cost
    settlement: Cost
    city: Cost
    development: Cost


class DevelopmentCards(DataModel):
    knight: Amount
    road_building: Amount
    year_of_plenty: Amount
    monopoly: Amount
    victory_point: Amount


class RulesData(DataModel):
    """rules.yaml: resources, costs, piece limits, the development deck, thresholds."""

    resources: Annotated[list[ResourceData], Field(min_length=2, max_length=len(RESOURCE_KEYS)), unique_by("key")]
    bank_per_resource: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
    costs: Costs
    pieces: Pieces
    development_cards: DevelopmentCards
    points_to_win: Small
    bank_trade_ratio: Small
    longest_road_minimum: Small
    largest_army_minimum: Small
    special_card_points: Annotated[int, Field(ge=0, le=MAX_SMALL)]
    discard_above: Annotated[int, Field(ge=0, le=MAX_SMALL)]
    free_roads: Small
    year_of_plenty_cards: Small

    @model_validator(mode="after")
    def _known_resources(self) -> RulesData:
        keys = [r.key for r in self.resources]
        names = ", ".join(RESOURCE_KEYS)
        faults: list[tuple[Loc, str]] = [
            (
                ("resources", index, "key"),
                _("the rules know no resource {key}; the resources are {names}", key=repr(key), names=names),
            )
            for index, key in enumerate(keys)
            if key not in RESOURCE_KEYS
        ]
        faults += [
            (("resources",), _("the resource {key} is missing; the resources are {names}", key=repr(key), names=names))
            for key in RESOURCE_KEYS
            if key not in keys
        ]
        for piece in Costs.model_fields:
            faults += [
                (("costs", piece, key), _("the cost names an unknown resource {key}", key=repr(key)))
                for key in getattr(self.costs, piece)
                if key not in keys
            ]
        if faults:
            raise field_faults(faults)
        return self


class PlayersData(DataModel):
    """players.yaml: the player colours and the options."""

    colours: Annotated[list[Colour], Field(min_length=4, max_length=MAX_COLOURS), unique_by("key")]
    options: Annotated[list[OptionData], Field(max_length=MAX_OPTIONS), unique_by("key")]


def _check(loaded: LoadedData) -> list[Problem]:
    """References between the files: resources named on the board exist, every
    resource has a terrain, and the options are the ones the rules understand."""
    board: BoardData = loaded["catan/board.yaml"]
    rules: RulesData = loaded["catan/rules.yaml"]
    players: PlayersData = loaded["catan/players.yaml"]
    problems = []
    keys = [r.key for r in rules.resources]
    named: list[tuple[str, int, str | None]] = [("terrains", i, t.resource) for i, t in enumerate(board.terrains)]
    named += [("harbours", i, h.resource) for i, h in enumerate(board.harbours)]
    problems += [
        loaded.problem(
            "catan/board.yaml",
            (group, index, "resource"),
            _("no resource {resource} in rules.yaml", resource=repr(resource)),
        )
        for group, index, resource in named
        if resource is not None and resource not in keys
    ]
    problems += [
        loaded.problem("catan/board.yaml", ("terrains",), _("no terrain produces {resource}", resource=key))
        for key in keys
        if not any(t.resource == key for t in board.terrains)
    ]
    return problems + option_problems(
        loaded, "catan/players.yaml", players.options, OPTION_VALUES, first_is_default=True
    )


DATASET = DataSet(
    "catan",
    files={
        "catan/game.yaml": GameFile,
        "catan/board.yaml": BoardData,
        "catan/rules.yaml": RulesData,
        "catan/players.yaml": PlayersData,
    },
    check=_check,
)


@dataclass(frozen=True)
class CatanData:
    """The data as the rules use it: indexes and tuples. Resources are numbered in
    the order of rules.yaml; development cards in DEVELOPMENT_KINDS order."""

    resources: tuple[str, ...]
    resource_labels: tuple[str, ...]
    #: the 19 terrains before shuffling: (terrain key, resource index or -1)
    land: tuple[tuple[str, int], ...]
    terrain_labels: dict[str, str]
    tokens: tuple[int, ...]
    red_numbers: frozenset[int]
    #: the 9 harbours before shuffling: (resource index or -1 for any, ratio)
    harbours: tuple[tuple[int, int], ...]
    bank_per_resource: int
    cost_road: tuple[int, ...]
    cost_settlement: tuple[int, ...]
    cost_city: tuple[int, ...]
    cost_development: tuple[int, ...]
    max_roads: int
    max_settlements: int
    max_cities: int
    #: the 25 cards before shuffling, as kind indexes
    deck: tuple[int, ...]
    deck_counts: tuple[int, ...]
    points_to_win: int
    bank_trade_ratio: int
    longest_road_minimum: int
    largest_army_minimum: int
    special_card_points: int
    discard_above: int
    free_roads: int
    year_of_plenty_cards: int
    colours: tuple[tuple[str, str, tuple[int, int, int]], ...]
    options: tuple[OptionData, ...]


def build(loaded: LoadedData) -> CatanData:
    """The rules' tables from a loaded data set."""
    board: BoardData = loaded["catan/board.yaml"]
    rules: RulesData = loaded["catan/rules.yaml"]
    players: PlayersData = loaded["catan/players.yaml"]
    keys = tuple(r.key for r in rules.resources)

    def index(key: str | None) -> int:
        return -1 if key is None else keys.index(key)

    def cost(amounts: dict[str, int]) -> tuple[int, ...]:
        return tuple(amounts.get(key, 0) for key in keys)

    counts = tuple(getattr(rules.development_cards, kind) for kind in DEVELOPMENT_KINDS)
    return CatanData(
        resources=keys,
        resource_labels=tuple(r.label for r in rules.resources),
        land=tuple((t.key, index(t.resource)) for t in board.terrains for _ in range(t.count)),
        terrain_labels={t.key: t.label for t in board.terrains},
        tokens=tuple(board.tokens),
        red_numbers=frozenset(board.red_numbers),
        harbours=tuple((index(h.resource), h.ratio) for h in board.harbours for _ in range(h.count)),
        bank_per_resource=rules.bank_per_resource,
        cost_road=cost(rules.costs.road),
        cost_settlement=cost(rules.costs.settlement),
        cost_city=cost(rules.costs.city),
        cost_development=cost(rules.costs.development),
        max_roads=rules.pieces.roads,
        max_settlements=rules.pieces.settlements,
        max_cities=rules.pieces.cities,
        deck=tuple(kind for kind, count in enumerate(counts) for _ in range(count)),
        deck_counts=counts,
        points_to_win=rules.points_to_win,
        bank_trade_ratio=rules.bank_trade_ratio,
        longest_road_minimum=rules.longest_road_minimum,
        largest_army_minimum=rules.largest_army_minimum,
        special_card_points=rules.special_card_points,
        discard_above=rules.discard_above,
        free_roads=rules.free_roads,
        year_of_plenty_cards=rules.year_of_plenty_cards,
        colours=colour_table(players.colours),
        options=tuple(players.options),
    )


def load() -> CatanData:
    """Load and check data/catan/ (DataError lists every problem)."""
    return build(load_bundled(DATASET))
