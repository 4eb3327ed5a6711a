"""Everything Eden's rules look up, built once from the data files in data/eden/."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from tabletop import resources
from tabletop.engine.core import OptionSpec
from tabletop.engine.data import DataSet, LoadedData, Problem, load_bundled, load_dataset
from tabletop.engine.gamedata import GameFile, colour_table, option_problems
from tabletop.games.eden.board import Board, Placement
from tabletop.games.eden.schema import BoardData, CultivationData, EconomyData, PlayersData, TilesData
from tabletop.i18n import _, ngettext

MIN_PLAYERS = 3
MAX_PLAYERS = 4
#: the option that allows a game of two
TWO_PLAYERS = "two_players"

GAME_FILE = "eden/game.yaml"
BOARD_FILE = "eden/board.yaml"
TILES_FILE = "eden/tiles.yaml"
CULTIVATION_FILE = "eden/cultivation.yaml"
ECONOMY_FILE = "eden/economy.yaml"
PLAYERS_FILE = "eden/players.yaml"


def _check(loaded: LoadedData) -> list[Problem]:
    """References between the files: enough colours, the two-player option, shapes
    that fit the board, enough cards to deal."""
    problems: list[Problem] = []
    board_data: BoardData = loaded[BOARD_FILE]
    board = Board(board_data.columns, board_data.rows)
    players: PlayersData = loaded[PLAYERS_FILE]
    if len(players.colours) < MAX_PLAYERS:
        problems.append(
            loaded.problem(
                PLAYERS_FILE,
                ("colours",),
                ngettext("Eden needs {count} colour", "Eden needs {count} colours", MAX_PLAYERS),
            )
        )
    problems += option_problems(loaded, PLAYERS_FILE, players.options, {TWO_PLAYERS: (False, True)})
    cultivation: CultivationData = loaded[CULTIVATION_FILE]
    for index, card in enumerate(cultivation.cards):
        if not board.placements(card.cells()):
            where = ("cards", index, "shape")
            problems.append(loaded.problem(CULTIVATION_FILE, where, _("the shape does not fit the board")))
    economy: EconomyData = loaded[ECONOMY_FILE]
    deck = board.size + len(cultivation.cards)
    if economy.hand_start * MAX_PLAYERS > deck:
        message = _("{players} hands of this size need more than {cards} cards", players=MAX_PLAYERS, cards=deck)
        problems.append(loaded.problem(ECONOMY_FILE, ("hand_start",), message))
    return problems


DATASET = DataSet(
    "eden",
    {
        GAME_FILE: GameFile,
        BOARD_FILE: BoardData,
        TILES_FILE: TilesData,
        CULTIVATION_FILE: CultivationData,
        ECONOMY_FILE: EconomyData,
        PLAYERS_FILE: PlayersData,
    },
    _check,
)


@dataclass(frozen=True)
class EdenTables:
    """The game's data in the form the rules use it.

    Cards are numbers: irrigation card f (0 <= f < board.size) waters field f;
    card board.size + i is cultivation card i of cultivation.yaml. Actions and
    logs name them instead (card_name, card_of).
    """

    board: Board
    economy: EconomyData
    colours: tuple[tuple[str, str, tuple[int, int, int]], ...]
    options: tuple[OptionSpec, ...]
    #: tile kind of each value (index 0 unused)
    kind_of: tuple[int, ...]
    #: tiles of each kind per colour
    kind_counts: tuple[int, ...]
    #: the highest value a tile can show
    top_value: int
    #: cultivation card keys, their fields as drawn, their field counts, their placements
    cultivation_keys: tuple[str, ...]
    shapes: tuple[tuple[tuple[int, int], ...], ...]
    shape_sizes: tuple[int, ...]
    placements: tuple[tuple[Placement, ...], ...]

    @property
    def deck_size(self) -> int:
        return self.board.size + len(self.shapes)

    def is_irrigation(self, card: int) -> bool:
        return 0 <= card < self.board.size

    def is_cultivation(self, card: int) -> bool:
        return self.board.size <= card < self.deck_size

    def card_name(self, card: int) -> str:
        """An irrigation card by its field ("D4"), a cultivation card by its key
        ("domino-1")."""
        if self.is_irrigation(card):
            return self.board.name(card)
        return self.cultivation_keys[card - self.board.size]

    def card_of(self, name: str) -> int:
        """The card called `name` (see card_name); KeyError if there is none."""
        return self._cards[name]

    @functools.cached_property
    def _cards(self) -> dict[str, int]:
        # actions name their cards: looked up on every move, so once in a dictionary
        return {self.card_name(card): card for card in range(self.deck_size)}

    def card_size(self, card: int) -> int:
        """The number of fields on a cultivation card."""
        return self.shape_sizes[card - self.board.size]

    def sell_price(self, card: int) -> int:
        return self.economy.sell_per_field * self.card_size(card)

    def buy_price(self, card: int) -> int:
        return self.economy.buy_base + self.economy.buy_per_field * self.card_size(card)


def build(loaded: LoadedData) -> EdenTables:
    """The tables of a loaded Eden data set."""
    board_data: BoardData = loaded[BOARD_FILE]
    tiles: TilesData = loaded[TILES_FILE]
    cultivation: CultivationData = loaded[CULTIVATION_FILE]
    players: PlayersData = loaded[PLAYERS_FILE]
    board = Board(board_data.columns, board_data.rows)
    kind_of = [-1]
    for index, kind in enumerate(tiles.kinds):
        kind_of += [index] * len(kind.sides)
    shapes = tuple(tuple(card.cells()) for card in cultivation.cards)
    return EdenTables(
        board=board,
        economy=loaded[ECONOMY_FILE],
        colours=colour_table(players.colours),
        options=tuple(o.spec() for o in players.options),
        kind_of=tuple(kind_of),
        kind_counts=tuple(kind.count for kind in tiles.kinds),
        top_value=len(kind_of) - 1,
        cultivation_keys=tuple(card.key for card in cultivation.cards),
        shapes=shapes,
        shape_sizes=tuple(len(s) for s in shapes),
        placements=tuple(board.placements(s) for s in shapes),
    )


def load_tables(root: Path | None = None) -> EdenTables:
    """The tables from data/ (or another data folder), loaded and checked once;
    the bundled data is the one the launcher has checked (load_bundled)."""
    return _tables(resources.DATA if root is None else root)


@functools.lru_cache(maxsize=4)
def _tables(root: Path) -> EdenTables:
    return build(load_bundled(DATASET) if root == resources.DATA else load_dataset(DATASET, root))
