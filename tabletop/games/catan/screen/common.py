"""What the parts of Catan's screen share: the match as the screen reads it
(`Reading`), the choices the player is making (`Choices`), the controls drawn
this frame (`Shared.controls`), and small helpers on Catan's data.

Every part of the screen gets a `Shared`; none reaches into another part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.engine.core import CHANCE, Action
from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import tables
from tabletop.games.catan.schema import DEVELOPMENT_KINDS, CatanData
from tabletop.games.catan.views import Hand, PlayerView
from tabletop.i18n import N_
from tabletop.ui.gameview import GameView, ViewContext, marked

#: text on the felt of the table
FELT_TEXT = (232, 240, 226)
#: the captions over the rows of the side column
CAPTION = (222, 208, 184)
#: the colour of the places that light up (unlike any player's colour)
LIT = (255, 218, 96)

DEVELOPMENT_LABELS = {
    "knight": N_("Knight"),
    "road_building": N_("Road building"),
    "year_of_plenty": N_("Year of plenty"),
    "monopoly": N_("Monopoly"),
    "victory_point": N_("Victory point"),
}
DEVELOPMENT_HELP = {
    "knight": N_("Move the robber and rob a neighbour."),
    "road_building": N_("Build two roads for free."),
    "year_of_plenty": N_("Take two resources from the bank."),
    "monopoly": N_("Take every card of one resource."),
    "victory_point": N_("One point, kept secret until you win."),
}
TRADING_OVER = N_("Trading is over once you have built this turn.")
#: what each control does, for its tooltip and the F1 help
HELP = {
    "roll": N_("Roll the dice"),
    "road": N_("Build a road: the free paths light up"),
    "settlement": N_("Build a settlement: the free intersections light up"),
    "city": N_("Build a city on one of your settlements"),
    "development": N_("Buy a development card"),
    "bank": N_("Trade with the bank or a harbour"),
    "players": N_("Offer a trade to another player"),
    "end_turn": N_("End the turn"),
    "no_theft": N_("Move the robber and rob nobody"),
    "accept": N_("Accept the trade offered to you"),
    "counter": N_("Answer with a counter-offer"),
    "reject": N_("Decline the trade offered to you"),
    "discard": N_("Give the chosen cards back to the bank"),
    "discard_again": N_("Take the chosen cards back into your hand"),
    "bank_done": N_("Close the trade with the bank"),
}


def control_help(name: str) -> str:
    """What the control `name` does, translated."""
    return marked(HELP[name])


def catan_data() -> CatanData:
    """The bundled Catan data (loaded on first use, by the rules' cached tables)."""
    return tables().data


def resources() -> tuple[str, ...]:
    """The resource keys, in the data's order (every list of five counts follows it)."""
    return tables().resources


def no_cards() -> list[int]:
    """A count of 0 for each resource."""
    return [0] * len(resources())


def cost(key: str) -> tuple[int, ...]:
    """The cost of a "road", "settlement", "city" or "development" card, per resource."""
    return getattr(catan_data(), f"cost_{key}")


def resource_label(key: str) -> str:
    """A resource's name from the data, translated."""
    return marked(catan_data().resource_labels[resources().index(key)])


def join_wrapped(parts: Sequence[str], joint: str, font: pygame.font.Font, width: int) -> list[str]:
    """`parts` joined by `joint` into lines no wider than `width`, breaking only
    between parts (a part wider than a line stands alone, to be shortened)."""
    lines: list[str] = []
    for part in parts:
        if lines and font.size(lines[-1] + joint + part)[0] <= width:
            lines[-1] += joint + part
        else:
            lines.append(part)
    return lines


def tied(values: Sequence[int], minimum: int) -> bool:
    """True when two or more players share the lead for a special card at or above
    its minimum (with no holder, the card then lies in the supply because of the tie)."""
    top = max(values, default=0)
    return top >= minimum and list(values).count(top) > 1


def cards_of(counts: Sequence[int]) -> list[tuple[str, int]]:
    """(resource, count) for each resource of a list of five counts that is not 0."""
    return [(key, count) for key, count in zip(resources(), counts, strict=False) if count]


def robber_action(hex_index: int, victim: int | None = None) -> Action:
    """The robber's move to land hex `hex_index`, robbing `victim` (None: nobody);
    the hex by name, as moves take it."""
    if victim is None:
        return Action("move_robber", hex=G.hex_name(hex_index))
    return Action("move_robber", hex=G.hex_name(hex_index), victim=victim)


def own_cards(data: PlayerView) -> Hand:
    """The looking seat's own cards; no cards at all for a look with no seat."""
    if data.hand is not None:
        return data.hand
    empty = (0,) * len(resources())
    kinds = (0,) * len(DEVELOPMENT_KINDS)
    return Hand(empty, kinds, kinds, (catan_data().bank_trade_ratio,) * len(empty), empty)


class Reading:
    """The match as the screen reads it: the revealed seat's view and its legal
    actions, cached until the next change."""

    def __init__(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self._key: tuple | None = None
        self._view: PlayerView | None = None
        self._legal: list[Action] | None = None

    def forget(self) -> None:
        """Read the match afresh (something happened)."""
        self._key = None

    def _fresh(self) -> None:
        key = (len(self.ctx.match.log), self.ctx.seat, self.ctx.actor)
        if key != self._key:
            self._key = key
            self._view = None
            self._legal = None

    def data(self) -> PlayerView:
        """The match as the table may see it."""
        self._fresh()
        if self._view is None:
            view = self.ctx.view()
            assert isinstance(view, PlayerView), "Catan's screen draws Catan's player view"
            self._view = view
        return self._view

    def legal(self) -> list[Action]:
        """The legal actions open to the revealed seat."""
        self._fresh()
        if self._legal is None:
            self._legal = self.ctx.legal_actions() if self.live() else []
        return self._legal

    def live(self) -> bool:
        """True when the seat behind the curtain is the one to act."""
        actor = self.ctx.actor
        return actor is not None and actor != CHANCE and self.ctx.seat == actor

    def phase(self) -> str:
        return self.data().phase

    def of_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal() if a.kind == kind]


@dataclass
class Choices:
    """What the player behind the curtain is choosing before an action is played."""

    #: what the player is doing in the main phase: None, "road", "settlement",
    #: "city", "bank", "offer", "counter", "monopoly"
    mode: str | None = None
    #: the hex chosen for the robber while its victim is being chosen
    robber_hex: int | None = None
    #: the cards chosen to give back after a 7, per resource
    discard_pick: list[int] = field(default_factory=no_cards)
    #: the resource offered to the bank
    bank_give: str | None = None
    #: the player a trade is offered to, and the cards given and asked for
    partner: int | None = None
    give: list[int] = field(default_factory=no_cards)
    want: list[int] = field(default_factory=no_cards)

    def choose(self, mode: str | None) -> None:
        """Start doing `mode` with a fresh trade."""
        self.mode = mode
        self.bank_give = None
        self.partner = None
        self.give = no_cards()
        self.want = no_cards()

    def cancel(self) -> bool:
        """Stop what is being chosen (a Cancel button, a right click)."""
        self.mode = None
        self.robber_hex = None
        return True

    def start_afresh(self) -> None:
        """A new phase or another player: nothing is being chosen."""
        self.mode = None
        self.robber_hex = None
        self.discard_pick = no_cards()


@dataclass
class Shared:
    """What every part of the screen gets: the view's context, the match as read,
    the choices in progress, and the view whose controls (`button`, `hits`,
    `pointer`) the parts draw and record."""

    ctx: ViewContext
    read: Reading
    choices: Choices
    controls: GameView
