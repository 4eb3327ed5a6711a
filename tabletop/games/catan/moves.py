"""Catan's moves, declared once: each kind with its parameters, the phases that
allow it and a line of help (see tabletop.engine.moves).

Resources are named by key ("wood", "brick", "wool", "grain", "ore"); a card list
`give`/`want` is a tuple of five counts in the data's resource order. Players are
seats (0 for the first).

Places are named as geometry.py names them: a land hex "A1".."E3" ("C3" the
centre), an intersection as a corner of a land hex ("C2.se"), a path as a side of
one ("C2.s"). An intersection or path between two or three land hexes has a name
for each of them, but a move takes one only: the corner or side of the first of its
hexes (geometry.intersection_name, path_name; the legal actions name them so). One
move is then one action: the log of a save reads the same for the same move, and an
action can be compared with the legal ones. Another name of the same place is
refused with the name to use. The rules keep their indexes inside: the checks and
changes turn names into them (hex_named, intersection_named, path_named).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.engine.core import IllegalAction
from tabletop.engine.moves import Move, Moves
from tabletop.games.catan import geometry as G
from tabletop.games.catan import messages as M
from tabletop.games.catan.state import (
    BOARD,
    DEVELOP,
    DICE,
    DISCARD,
    FIRST,
    FOUND_ROAD,
    FOUND_SETTLEMENT,
    FREE_ROADS,
    MAIN,
    NEGOTIATE,
    OVER,
    PLENTY,
    ROBBER,
    ROLL,
    STEAL,
    CatanState,
)
from tabletop.i18n import N_, Message

#: a card list: one count per resource
Cards = tuple[int, int, int, int, int]

# A place shared by several land hexes is named in a move by one of its names only
# (see the module docstring): one move, one action, in the legal actions and the log.

# the roll commits nothing itself: it may be taken back until real dice are typed in
ROLL_DICE = Move("roll", N_("Roll the dice for production."), phases=(ROLL,))
END_TURN = Move("end_turn", N_("End your turn: the next player rolls."), phases=(MAIN,), commits=True)
BUILD_ROAD = Move(
    "build_road",
    N_("Build a road on a free path next to your road, settlement or city."),
    phases=(MAIN, FREE_ROADS, FOUND_ROAD),
    path=str,
)
BUILD_SETTLEMENT = Move(
    "build_settlement",
    N_("Build a settlement on a free intersection whose neighbours are free too."),
    phases=(MAIN, FOUND_SETTLEMENT),
    intersection=str,
)
BUILD_CITY = Move(
    "build_city",
    N_("Turn one of your settlements into a city."),
    phases=(MAIN,),
    intersection=str,
)
BUY_DEVELOPMENT = Move(
    "buy_development", N_("Buy a development card: drawn from the pile."), phases=(MAIN,), commits=True
)
TRADE_BANK = Move(
    "trade_bank", N_("Trade with the bank: 4:1, or better at your harbours."), phases=(MAIN,), give=str, get=str
)
OFFER = Move(
    "offer",
    N_("Offer another player a trade: cards you give for cards you want."),
    phases=(MAIN,),
    commits=True,
    partner=int,
    give=Cards,
    want=Cards,
)
COUNTER = Move(
    "counter",
    N_("Answer a trade offer with an offer of your own."),
    phases=(NEGOTIATE,),
    commits=True,
    give=Cards,
    want=Cards,
)
ACCEPT = Move("accept", N_("Accept the trade offered to you."), phases=(NEGOTIATE,))
REJECT = Move("reject", N_("Decline the trade offered to you."), phases=(NEGOTIATE,))
DISCARD_CARD = Move("discard", N_("Discard a card of this resource (after a 7)."), phases=(DISCARD,), resource=str)


MOVE_ROBBER = Move(
    "move_robber",
    N_("Move the robber to another land hex (A1 to E3) and rob a player there."),
    phases=(ROBBER,),
    hex=str,
    victim=int | None,
)
PLAY_KNIGHT = Move("play_knight", N_("Play a knight: move the robber and rob."), phases=(ROLL, MAIN), commits=True)
PLAY_ROAD_BUILDING = Move(
    "play_road_building", N_("Play road building: build two roads for free."), phases=(ROLL, MAIN), commits=True
)
PLAY_YEAR_OF_PLENTY = Move(
    "play_year_of_plenty",
    N_("Play year of plenty: take two resources from the bank."),
    phases=(ROLL, MAIN),
    commits=True,
)
PLAY_MONOPOLY = Move(
    "play_monopoly",
    N_("Play monopoly: every other player gives you all their cards of a resource."),
    phases=(ROLL, MAIN),
    commits=True,
    resource=str,
)
TAKE_RESOURCE = Move(
    "take_resource", N_("Take a resource from the bank (year of plenty)."), phases=(PLENTY,), resource=str
)


def _named(
    name: str,
    names: dict[str, int],
    any_name: Callable[[str], int | None],
    shown: tuple[str, ...],
    unknown: str,
    other_name: str,
) -> int:
    found = names.get(name)
    if found is not None:
        return found
    place = any_name(name)
    if place is None:
        raise IllegalAction(Message(unknown, {"name": name}))
    raise IllegalAction(Message(other_name, {"name": name, "canonical": shown[place]}))


def hex_named(name: str) -> int:
    """The land hex a move calls `name` ("C3"); IllegalAction, saying why, for
    a name of no land hex or not as moves write it."""
    return _named(name, G.HEX_BY_NAME, G.hex_of, G.HEX_NAMES, M.NO_HEX, M.OTHER_HEX_NAME)


def intersection_named(name: str) -> int:
    """The intersection a move calls `name` (see the module docstring);
    IllegalAction, saying why, for a name of no intersection or another name of one."""
    return _named(
        name, G.INTERSECTION_BY_NAME, G.intersection_of, G.INTERSECTION_NAMES, M.NO_CORNER, M.OTHER_CORNER_NAME
    )


def path_named(name: str) -> int:
    """The path a move calls `name` (see the module docstring); IllegalAction,
    saying why, for a name of no path or another name of one."""
    return _named(name, G.PATH_BY_NAME, G.path_of, G.PATH_NAMES, M.NO_SIDE, M.OTHER_SIDE_NAME)


def _phase_of(state: CatanState) -> str:
    return state.phase


MOVES = Moves(
    ROLL_DICE,
    END_TURN,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUILD_CITY,
    BUY_DEVELOPMENT,
    TRADE_BANK,
    OFFER,
    COUNTER,
    ACCEPT,
    REJECT,
    DISCARD_CARD,
    MOVE_ROBBER,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    PLAY_YEAR_OF_PLENTY,
    PLAY_MONOPOLY,
    TAKE_RESOURCE,
    phase_of=_phase_of,
    not_now={
        phase: M.NOT_NOW
        for phase in (
            BOARD,
            FIRST,
            FOUND_SETTLEMENT,
            FOUND_ROAD,
            ROLL,
            DICE,
            DISCARD,
            ROBBER,
            STEAL,
            MAIN,
            NEGOTIATE,
            FREE_ROADS,
            PLENTY,
            DEVELOP,
            OVER,
        )
    },
)
