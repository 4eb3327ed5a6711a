"""Eden's screen: the 7 x 7 board with its coordinates and landscape tiles, the race
to 20 points, the open display of cultivation cards, the conquest's auction, and the
hand of the player behind the curtain with the controls of the turn.

Playing: click an irrigation card to water its field (or click the free field whose
card you hold); choose a cultivation card, turn it with R or the mouse wheel and
slide it over your land: the tiles that would rise and the price show before the
click that cultivates. After an irrigation next to an opponent, click the tiles to
attack (and one of yours to help); the auction then passes the laptop between the
two sides through the curtain, each seeing only their own mana.

The view draws only from `ctx.view()` and plays through `ctx.submit`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.engine.core import Action, Event
from tabletop.games.eden import art as eart
from tabletop.games.eden.board import rotate
from tabletop.games.eden.rules import listed
from tabletop.games.eden.views import AuctionView, PlayerView
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import BoardButton, GameView, PlayerSummary, Tooltip, Tween, ViewContext, button_tooltip

FELT_TEXT = (232, 240, 226)
FELT_SOFT = (196, 218, 200)
TARGET_RED = (226, 62, 42)
PREVIEW_OK = (120, 220, 110)
#: the keys of the buttons (`_key` presses them; the tooltips and the F1 help name them);
#: accepting a bid settles the conquest for good, so only a click on its button does it
BUTTON_KEYS = {
    "pass": "P",
    "end_turn": "E",
    "discard": "D",
    "sell": "S",
    "attack": "A",
    "no_attack": "N",
    "bid": "Enter",
    "accept": "",
}


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


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int, dash: int) -> None:
    """A rectangle outline drawn in dashes."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for start, end in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        steps = max(1, length // (dash * 2))
        for k in range(steps + 1):
            a = min(1.0, k * dash * 2 / max(1, length))
            b = min(1.0, (k * dash * 2 + dash) / max(1, length))
            pygame.draw.line(
                surface,
                colour,
                (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b),
                width,
            )


def tag(
    surface: pygame.Surface,
    content: str,
    font: pygame.font.Font,
    pos: tuple[int, int],
    anchor: str,
    body: tuple[int, int, int] | tuple[int, int, int, int],
    ink: tuple[int, int, int],
    theme: th.Theme,
    bounds: pygame.Rect | None = None,
) -> pygame.Rect:
    """A rounded label (a price or a reason) with its `anchor` point at `pos`, kept
    inside `bounds`; a text too wide for them wraps onto more lines."""
    pad = theme.px(28)
    width = font.size(content)[0] + pad
    if bounds is not None:
        width = min(width, bounds.w)
    lines = art.wrap(content, font, width - pad)
    step = font.get_linesize()
    rect = pygame.Rect(0, 0, width, step * (len(lines) - 1) + font.get_height() + theme.px(12))
    setattr(rect, anchor, pos)
    if bounds is not None:
        rect.clamp_ip(bounds)
    radius = min(rect.h // 2, font.get_height() // 2 + theme.px(6))
    art.drop_shadow(surface, rect, radius, theme.px(8), (0, theme.px(3)))
    art.rounded_rect(surface, rect, body, radius)
    y = rect.y + theme.px(6)
    for line in lines:
        art.text(surface, line, font, ink, (rect.centerx, y), "midtop")
        y += step
    return rect


class EdenView(GameView):
    """Eden on the table."""

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        rules = ctx.rules
        self.tables = rules.tables
        self.board = self.tables.board
        self.economy = self.tables.economy
        colours = [key for key, _label, _rgb in rules.colours()]
        #: each seat's emblem, from the index of its colour
        self.emblems = [
            eart.emblem_for(colours.index(p.colour) if p.colour in colours else seat)
            for seat, p in enumerate(ctx.match.players)
        ]
        # geometry (set by layout)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.column = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell = 0
        self.fields: list[pygame.Rect] = []
        self.public_rect = pygame.Rect(0, 0, 0, 0)
        self.track_rect = pygame.Rect(0, 0, 0, 0)
        self.lower_rect = pygame.Rect(0, 0, 0, 0)
        self.tray = pygame.Rect(0, 0, 0, 0)
        self.hand_area = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.bid_area = pygame.Rect(0, 0, 0, 0)
        self.amount_rect = pygame.Rect(0, 0, 0, 0)
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
        self.display_rects: list[tuple[pygame.Rect, int]] = []
        self.pile_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rect = pygame.Rect(0, 0, 0, 0)
        #: the pile under the pointer ("pile", "discard" or None) and whether the
        #: discard pile lies open over the board
        self.hover_piles: str | None = None
        self.showing_discard = False
        #: where the open discard pile shows each field's irrigation card, and its
        #: cultivation cards (set when drawn)
        self.discard_cells: dict[int, pygame.Rect] = {}
        self.discard_shelf: list[tuple[pygame.Rect, int]] = []
        self.card_size = (0, 0)
        self._board_bg: pygame.Surface | None = None
        # the player's choices in progress
        self.hover_field: int | None = None
        self.hover_card: int | None = None
        self.hover_display: int | None = None
        self.selected: int | None = None
        self.rotation = 0
        self.support: int | None = None
        self.targets: set[int] = set()
        self.amount: int | None = None
        self.typed = ""
        # controls
        # labels and tooltips are set when drawn (they name prices and follow the language)
        self.buttons = {
            key: BoardButton(key=BUTTON_KEYS[key], font_size=th.LARGE, shadow=True)
            for key in ("pass", "end_turn", "discard", "sell", "attack", "no_attack", "bid", "accept")
        }
        self.quick = {key: BoardButton() for key in ("min", "raise", "raise_twice", "all_in")}
        self.shown: list[str] = []
        #: fields animating: field -> (kind, tween)
        self._pops: dict[int, tuple[str, Tween]] = {}
        self._cache_key: tuple | None = None
        self._view: PlayerView  # set by _refresh, before anything reads it
        self._actions: list[Action] = []
        self._legal = Legal.of(rules, [])
        self._reason_key: tuple | None = None
        self._reason = ""

    # -- what the table may see, cached per change ------------------------------------------

    def _refresh(self) -> None:
        """Read the view and the legal moves again when the match or the seat changed."""
        match = self.ctx.match
        key = (match.state, len(match.log), self.ctx.seat)
        if self._cache_key is not None and all(a is b or a == b for a, b in zip(key, self._cache_key, strict=False)):
            return
        self._cache_key = key
        view = self.ctx.view()
        assert isinstance(view, PlayerView), "Eden's screen draws Eden's player view"
        self._view = view
        self._actions = self.ctx.legal_actions()
        self._legal = Legal.of(self.ctx.rules, self._actions)

    @property
    def data(self) -> PlayerView:
        self._refresh()
        return self._view

    @property
    def legal(self) -> Legal:
        self._refresh()
        return self._legal

    def my_turn(self) -> bool:
        """True when the revealed seat is the one to act (its controls are live)."""
        self._refresh()
        actor = self.ctx.actor
        return actor is not None and actor >= 0 and bool(self._actions)

    def hand(self) -> list[int]:
        """The revealed seat's hand (empty while nobody's secrets show)."""
        hand = self.data.hand
        return list(hand.cards) if hand is not None else []

    def is_irrigation(self, card: int) -> bool:
        return self.tables.is_irrigation(card)

    def _field_list(self, fields: Sequence[int]) -> str:
        """Fields by name, in order, joined as the language joins a list."""
        return listed([self.board.name(f) for f in sorted(fields)]).render()

    # -- layout ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(18)
        inner = rect.inflate(-pad * 2, -pad * 2)
        # the column beside the board is wide enough for a few words a line
        side_w = max(int(inner.w * 0.37), t.fs(th.BODY) * 21)
        side = min(inner.h, inner.w - side_w - pad)
        self.board_rect = pygame.Rect(inner.x, inner.y + (inner.h - side) // 2, side, side)
        margin = max(int(t.fs(th.BODY) * 1.5), int(side * 0.055))
        columns, rows = self.board.width, self.board.height
        self.cell = min((side - margin * 2) // columns, (side - margin * 2) // rows)
        self.grid = pygame.Rect(0, 0, self.cell * columns, self.cell * rows)
        self.grid.center = self.board_rect.center
        gap = max(1, self.cell // 28)
        self.fields = [
            pygame.Rect(
                self.grid.x + (f % columns) * self.cell + gap,
                self.grid.y + (f // columns) * self.cell + gap,
                self.cell - gap * 2,
                self.cell - gap * 2,
            )
            for f in range(self.board.size)
        ]
        column = pygame.Rect(self.board_rect.right + pad, inner.y, inner.right - self.board_rect.right - pad, inner.h)
        row_h = int(t.fs(th.SMALL) * 1.55)
        self.track_rect = pygame.Rect(column.x, column.y, column.w, row_h * len(self.ctx.names) + t.px(16))
        self.column = column
        self._board_bg = None
        self._arrange()

    def _display_heading_h(self) -> int:
        return int(self.theme.font(th.BODY, bold=True).get_linesize() * 1.35)

    def _display_card_h(self) -> int:
        """The height of a card of the open display: an eighth of the column, so that
        two rows of them leave the hand its room."""
        return max(self.theme.px(60), self.column.h // 8)

    def _arrange(self) -> None:
        """Place the open display (or the auction), the hand, the piles and the
        controls for the present moment: the display takes the rows its cards need,
        the status text the lines it needs, and the hand the rest."""
        t = self.theme
        data = self.data
        column = self.column
        gap = t.px(8)
        if data.auction is not None:
            small_line = t.font(th.SMALL).get_linesize()
            lower_h = (
                int(t.fs(th.BODY) * 1.5) + small_line * 5 + t.font(th.HEADING, bold=True).get_linesize() + t.px(40)
            )
        else:
            n = len(self.display_stacks())
            h = self._display_card_h()
            w = int(h * 0.7)
            rows = 1 if n * w + (n - 1) * gap <= column.w else 2
            lower_h = self._display_heading_h() + rows * h + (rows - 1) * gap + t.px(8)
        self.lower_rect = pygame.Rect(column.x, self.track_rect.bottom + t.px(12), column.w, lower_h)
        self.public_rect = pygame.Rect(column.x, column.y, column.w, self.lower_rect.bottom - column.y)
        pad = t.px(18)
        private_top = self.public_rect.bottom + t.px(8)
        self.private_area = pygame.Rect(
            column.x - pad // 2, private_top, column.w + pad, self.rect.bottom - private_top
        )
        self.tray = self.private_area.inflate(-t.px(8), -t.px(16)).move(0, t.px(4))
        tray = self.tray
        inset = t.px(16)
        header_h = int(t.fs(th.LARGE) * 1.6)
        button_h = max(t.px(58), int(t.fs(th.LARGE) * 1.55))
        body = pygame.Rect(tray.x + inset, tray.y + header_h, tray.w - inset * 2, tray.h - header_h - inset)
        buttons_row = pygame.Rect(body.x, body.bottom - button_h, body.w, button_h)
        font = t.font(th.BODY)
        step = int(font.get_linesize() * 1.15)
        lines = len(art.wrap(self._status(data), font, body.w)) if self.ctx.seat is not None else 1
        if self._cultivating():
            lines = max(lines, 3)  # the preview's words change as the card moves
        lines = max(2, lines)
        status_h = step * (lines - 1) + font.get_height() + t.px(4)
        self.status_rect = pygame.Rect(body.x, buttons_row.y - status_h - t.px(6), body.w, status_h)
        top = body.y
        self.bid_area = pygame.Rect(0, 0, 0, 0)
        auction = data.auction is not None and self.my_turn()
        if auction:
            quick_h = int(t.fs(th.BODY) * 2.0)
            box_h = int(t.fs(th.LARGE) * 2.0)
            bid_h = quick_h + t.px(8) + box_h
            self.bid_area = pygame.Rect(body.x, self.status_rect.y - bid_h - t.px(8), body.w, bid_h)
            labels = self._quick_labels()
            quick_font = t.font(th.BODY, bold=True)
            gap = t.px(8)
            natural = [quick_font.size(labels[k])[0] + t.px(24) for k in self.quick]
            scale = (body.w - gap * 3) / sum(natural)
            x: float = body.x
            for name, width in zip(self.quick, natural, strict=False):
                self.quick[name].rect = pygame.Rect(int(x), self.bid_area.y, int(width * scale), quick_h)
                x += width * scale + gap
            self.amount_rect = pygame.Rect(body.x, self.bid_area.y + quick_h + t.px(8), body.w, box_h)
            hand_bottom = self.bid_area.y - t.px(8)
        else:
            for button in self.quick.values():
                button.rect = pygame.Rect(0, 0, 0, 0)
            self.amount_rect = pygame.Rect(0, 0, 0, 0)
            hand_bottom = self.status_rect.y - t.px(4)
        self.hand_area = pygame.Rect(body.x, top, body.w, max(0, hand_bottom - top))
        self._layout_hand()
        self._layout_buttons(buttons_row)
        self._layout_display()

    def shown_hand(self) -> list[int]:
        """The cards of the hand laid out now: all of them, except during a conquest's
        auction, when only the cards the bidder may use show (the attacker may sell
        cultivation cards; the defender uses none), so the bid has the room."""
        hand = self.hand()
        if self.data.auction is not None and self.my_turn():
            return [card for card in hand if card in self.legal.sell]
        return hand

    def _layout_hand(self) -> None:
        """The hand in one or two rows, as large as the area allows; when the cards do
        not fit side by side they overlap, each still showing its top left corner."""
        t = self.theme
        hand = self.shown_hand()
        area = self.hand_area
        lift = t.px(14)
        gap = t.px(10)
        n = len(hand)
        best: tuple[float, float, int, int] | None = None
        for rows in (1, 2):
            per_row = -(-max(1, n) // rows)
            h = min((area.h - gap * (rows - 1)) / rows - lift, t.px(230))
            tallest = h * 0.7
            side_by_side = min(tallest, (area.w - gap * (per_row - 1)) / per_row)
            overlapping = min(tallest, area.w / (1 + 0.56 * (per_row - 1))) if per_row > 1 else tallest
            step = (area.w - overlapping) / max(1, per_row - 1)
            # what counts: how much of each card shows (whole cards side by side are
            # worth a little more than larger ones overlapping), then their size
            # (and one row a little more than two, which split the hand's order)
            tidy = 1.0 if rows == 1 else 0.9
            for w, visible in (
                (side_by_side, side_by_side * 1.15 * tidy),
                (overlapping, min(overlapping, step) * tidy),
            ):
                score = (visible, w, rows, per_row)
                if best is None or score[:2] > best[:2]:
                    best = score
        assert best is not None  # one and two rows were both tried
        _visible, w, rows, per_row = best
        w = int(max(10, w))
        h = int(w / 0.7)
        self.card_size = (w, h)
        self.hand_rects = []
        if not n:
            return
        block = rows * (h + lift) + (rows - 1) * gap
        top = area.y + lift + max(0, (area.h - block) // 2)
        for row in range(rows):
            cards = hand[row * per_row : (row + 1) * per_row]
            count = len(cards)
            step = w + gap if count * w + (count - 1) * gap <= area.w else (area.w - w) / max(1, count - 1)
            used = int(step * (count - 1) + w)
            x0 = area.x + (area.w - used) // 2
            y = top + row * (h + lift + gap)
            self.hand_rects += [(pygame.Rect(int(x0 + i * step), y, w, h), card) for i, card in enumerate(cards)]

    def _layout_buttons(self, row: pygame.Rect) -> None:
        """The buttons of the moment, right aligned in `row`."""
        t = self.theme
        legal = self.legal
        data = self.data
        shown: list[str] = []
        if self.my_turn():
            if data.auction is not None:
                shown = ["accept", "bid"] if legal.accept else ["bid"]
            elif data.phase == "conquest":
                shown = ["no_attack", "attack"]
            else:
                shown = ["end_turn"] if legal.end_turn else ["pass"] if legal.pass_ else []
                if self.selected is not None and self.selected in legal.discard:
                    shown.insert(0, "discard")
            if self.selected is not None and self.selected in legal.sell:
                shown.insert(0, "sell")
        font = t.font(th.LARGE, bold=True)
        gap = t.px(12)
        widths = [max(t.px(120), font.size(self._button_label(k))[0] + t.px(40)) for k in shown]
        total = sum(widths) + gap * max(0, len(widths) - 1)
        if total > row.w and shown:
            widths = [int((row.w - gap * (len(shown) - 1)) / len(shown))] * len(shown)
            total = row.w
        x = row.right - total
        for button in self.buttons.values():
            button.rect = pygame.Rect(0, 0, 0, 0)
        for key, width in zip(shown, widths, strict=False):
            self.buttons[key].rect = pygame.Rect(x, row.y, width, row.h)
            x += width + gap
        self.shown = shown

    def display_stacks(self) -> list[tuple[int, int]]:
        """The open display as (card, count): cards of the same shape lie in one
        stack (they are the same card to the rules), shown by its first card."""
        stacks: dict[int, list[int]] = {}
        for card in sorted(self.data.display):
            stacks.setdefault(self.ctx.rules.card_kind(card), []).append(card)
        return [(cards[0], len(cards)) for _kind, cards in sorted(stacks.items())]

    def _layout_display(self) -> None:
        """One card per shape in a grid of at most two rows, as large as the area
        allows; no card covers another, so every shape and price shows. The piles sit
        at the right of the heading."""
        t = self.theme
        area = self.lower_rect
        heading = self._display_heading_h()
        font = t.font(th.SMALL, bold=True)
        # the piles: a small card back (the draw pile) and the discard pile, with counts
        icon_h = max(8, heading - t.px(6))
        icon_w = int(icon_h * 0.72)
        count_w = font.size("00")[0] + t.px(6)
        y = area.y + (heading - icon_h) // 2 - t.px(2)
        self.discard_rect = pygame.Rect(area.right - icon_w - count_w, y, icon_w + count_w, icon_h)
        self.pile_rect = pygame.Rect(self.discard_rect.x - t.px(10) - icon_w - count_w, y, icon_w + count_w, icon_h)
        stacks = self.display_stacks()
        self.display_rects = []
        if not stacks:
            return
        n = len(stacks)
        gap = t.px(8)
        space = pygame.Rect(area.x, area.y + heading, area.w, area.h - heading)
        h = self._display_card_h()
        w = int(h * 0.7)
        per_row = max(1, min(n, (space.w + gap) // (w + gap)))
        if -(-n // per_row) > 2:  # never more than two rows: smaller cards then
            per_row = -(-n // 2)
            w = int((space.w - gap * (per_row - 1)) / per_row)
            h = int(w / 0.7)
        for i, (card, _count) in enumerate(stacks):
            r, c = divmod(i, per_row)
            self.display_rects.append((pygame.Rect(space.x + c * (w + gap), space.y + r * (h + gap), w, h), card))

    # -- drawing: the board ---------------------------------------------------------------

    def _board_background(self) -> pygame.Surface:
        """The wooden board with its coordinates and dry fields (drawn once per size)."""
        if self._board_bg is not None and self._board_bg.get_size() == self.board_rect.size:
            return self._board_bg
        t = self.theme
        rect = self.board_rect
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        surface.blit(art.panel(rect.size, "wood", radius=t.px(18), border=max(1, t.px(3))), (0, 0))
        grid = self.grid.move(-rect.x, -rect.y)
        frame = grid.inflate(t.px(12), t.px(12))
        art.rounded_rect(surface, frame, (58, 36, 20, 255), t.px(8))
        for f, field_rect in enumerate(self.fields):
            r = field_rect.move(-rect.x, -rect.y)
            surface.blit(art.clip_rounded(eart.landscape(0, r.w, eart.variant_of(f)), max(2, r.w // 14)), r.topleft)
        self._board_bg = art.ready(surface)
        return self._board_bg

    def _draw_coordinates(self, surface: pygame.Surface) -> None:
        t = self.theme
        font = t.font(th.BODY, bold=True)
        hover = self.hover_field
        hc = hover % self.board.width if hover is not None else -1
        hr = hover // self.board.width if hover is not None else -1
        gap = (self.grid.top - self.board_rect.top) // 2
        for c, name in enumerate(self.board.columns):
            x = self.grid.x + c * self.cell + self.cell // 2
            colour = th.GOLD if c == hc else th.CREAM
            for y in (self.board_rect.top + gap, self.board_rect.bottom - gap):
                art.text(surface, name, font, colour, (x, y), "center", shadow=(20, 10, 4))
        for r in range(self.board.height):
            y = self.grid.y + r * self.cell + self.cell // 2
            colour = th.GOLD if r == hr else th.CREAM
            for x in (self.board_rect.left + gap, self.board_rect.right - gap):
                art.text(surface, str(r + 1), font, colour, (x, y), "center", shadow=(20, 10, 4))

    def draw(self, surface: pygame.Surface) -> None:
        data = self.data
        t = self.theme
        art.drop_shadow(surface, self.board_rect, t.px(18), t.px(16), (0, t.px(6)))
        surface.blit(self._board_background(), self.board_rect.topleft)
        self._draw_coordinates(surface)
        owner, value = data.board.owner, data.board.value
        for f, rect in enumerate(self.fields):
            if owner[f] >= 0:
                self._draw_tile(surface, f, owner[f], value[f], rect)
        self._draw_marks(surface, data)
        self._draw_track(surface, data)
        if data.auction is not None:
            self._draw_auction(surface, data, data.auction)
        else:
            self._draw_display(surface, data)
        self._draw_pile_tip(surface, data)
        if self.showing_discard:
            self._draw_discard_pile(surface, data)

    def _draw_tile(self, surface: pygame.Surface, f: int, seat: int, value: int, rect: pygame.Rect) -> None:
        t = self.theme
        image = eart.tile(value, rect.w, self.ctx.colour(seat), self.emblems[seat], eart.variant_of(f))
        pop = self._pops.get(f)
        if pop is None:
            art.drop_shadow(surface, rect, rect.w // 9, t.px(5), (t.px(2), t.px(3)), alpha=90)
            surface.blit(image, rect)
            return
        kind, tween = pop
        k = tween.t
        if kind == "flip":
            width = max(1, int(rect.w * abs(1 - 2 * tween.raw)))
            scaled = pygame.transform.smoothscale(image, (width, rect.h))
            surface.blit(scaled, scaled.get_rect(center=rect.center))
            return
        scale = 1.35 - 0.35 * k if kind == "drop" else 1.0 + 0.12 * (1 - abs(2 * tween.raw - 1))
        size = max(1, int(rect.w * scale))
        scaled = pygame.transform.smoothscale(image, (size, size))
        shadow_offset = int(t.px(14) * (1 - k)) if kind == "drop" else t.px(4)
        art.drop_shadow(
            surface, scaled.get_rect(center=rect.center), size // 9, t.px(8), (shadow_offset, shadow_offset), alpha=100
        )
        surface.blit(scaled, scaled.get_rect(center=rect.center))
        if kind == "rise":
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((255, 240, 160, int(120 * (1 - tween.raw))))
            surface.blit(glow, rect.topleft, special_flags=pygame.BLEND_RGBA_ADD)

    def _ring(self, surface: pygame.Surface, f: int, colour: tuple[int, ...], width: int, dashed: bool = False) -> None:
        """A frame around field `f`, dark-edged so it shows on any tile."""
        rect = self.fields[f].inflate(width, width)
        if dashed:
            dashed_rect(surface, rect, colour, width, max(4, self.cell // 10))
            return
        radius = max(2, self.cell // 10)
        edge = max(1, width // 3)
        pygame.draw.rect(
            surface, (24, 14, 6), rect.inflate(edge * 2, edge * 2), width + edge * 2, border_radius=radius + edge
        )
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)

    def _draw_marks(self, surface: pygame.Surface, data: PlayerView) -> None:
        """What the player is about to do or what is going on, over the board."""
        t = self.theme
        thick = max(3, t.px(6))
        thin = max(2, t.px(4))
        auction = data.auction
        hand = self.hand()
        if auction is not None:
            for f in auction.group:
                self._ring(surface, f, th.GOLD, thick)
            for f in auction.targets:
                self._ring(surface, f, TARGET_RED, thick)
                self._crosshair(surface, f)
        elif data.phase == "conquest" and data.placed >= 0:
            placed = data.placed
            self._ring(surface, placed, th.GOLD, thick)
            if self.my_turn():
                seat = data.turn
                for f in self.board.neighbours[placed]:
                    o = data.board.owner[f]
                    if o >= 0 and o != seat:
                        chosen = f in self.targets
                        self._tint(surface, f, TARGET_RED, 70 if chosen else 40)
                        self._ring(surface, f, TARGET_RED, thick, dashed=not chosen)
                        self._crosshair(surface, f, filled=chosen)
                    elif o == seat:
                        chosen = f == self.support
                        self._tint(surface, f, th.GOLD, 70 if chosen else 35)
                        self._ring(surface, f, th.GOLD, thick, dashed=not chosen)
        # the field of the irrigation card under the pointer (or chosen)
        focus = self.hover_card if self.hover_card in hand else self.selected if self.selected in hand else None
        if focus is not None and self.is_irrigation(focus):
            self._field_glow(surface, focus, data)
        elif (
            self.hover_field is not None
            and self.my_turn()
            and self.hover_field in self.legal.irrigate
            and self.hover_field in hand
            and self._preview() is None
        ):
            self._field_glow(surface, self.hover_field, data)
        preview = self._preview()
        if preview is not None:
            self._draw_preview(surface, data, *preview)
        elif self.hover_field is not None:
            rect = self.fields[self.hover_field].inflate(thin, thin)
            pygame.draw.rect(surface, (*th.CREAM, 255), rect, max(1, t.px(2)), border_radius=max(2, self.cell // 10))

    def _tint(self, surface: pygame.Surface, f: int, colour: tuple[int, int, int], alpha: int) -> None:
        """Wash field `f` with a colour (a tile that can be chosen)."""
        rect = self.fields[f]
        wash = pygame.Surface(rect.size, pygame.SRCALPHA)
        wash.fill((*colour, alpha))
        surface.blit(wash, rect.topleft)

    def _crosshair(self, surface: pygame.Surface, f: int, filled: bool = True) -> None:
        """The target mark in the top right corner of field `f` (hollow while not chosen)."""
        rect = self.fields[f]
        r = max(6, rect.w // 7)
        centre = (rect.right - r - rect.w // 12, rect.y + r + rect.w // 12)
        pygame.draw.circle(surface, (255, 255, 255), centre, r + max(1, r // 4))
        pygame.draw.circle(surface, TARGET_RED, centre, r, max(2, r // 3))
        if filled:
            pygame.draw.circle(surface, TARGET_RED, centre, max(2, r // 3))

    def _field_glow(self, surface: pygame.Surface, f: int, data: PlayerView) -> None:
        """Light up field `f`: water on a free field, a warning on a taken one."""
        t = self.theme
        rect = self.fields[f]
        free = data.board.owner[f] < 0
        colour = eart.WATER_LIGHT if free else TARGET_RED
        if free:
            ghost = eart.landscape(1, rect.w, eart.variant_of(f)).copy()
            ghost.set_alpha(150)
            surface.blit(ghost, rect.topleft)
        pygame.draw.rect(
            surface, colour, rect.inflate(t.px(10), t.px(10)), max(3, t.px(6)), border_radius=max(2, self.cell // 8)
        )
        font = t.font(th.BODY, bold=True)
        label = self.board.name(f) if free else _("{field} is taken", field=self.board.name(f))
        tag(
            surface,
            label,
            font,
            (rect.centerx, rect.y - t.px(6)),
            "midbottom",
            (*th.WOOD_DARK, 235),
            th.CREAM,
            t,
            self.grid,
        )

    # -- cultivation preview ------------------------------------------------------------------

    def _cultivating(self) -> bool:
        """True when the chosen card is a cultivation card the player may lay now."""
        card = self.selected
        return (
            card is not None
            and self.my_turn()
            and not self.is_irrigation(card)
            and card in self.hand()
            and self.data.phase == "play"
            and not self.data.played
        )

    def _rotated(self, card: int) -> tuple[tuple[int, int], ...]:
        return rotate(self.tables.shapes[card - self.board.size], self.rotation)

    def _preview(self) -> tuple[int, int, int, tuple[int, ...]] | None:
        """(card, rotation, origin, fields) of the chosen cultivation card under the
        pointer, slid so that it lies on the board; None when it is not over the board."""
        if not self._cultivating() or not self.grid.collidepoint(self.pointer):
            return None
        card = self.selected
        assert card is not None  # _cultivating() says a card is chosen
        cells = self._rotated(card)
        cols = max(c for c, _r in cells) + 1
        rows = max(r for _c, r in cells) + 1
        fx = (self.pointer[0] - self.grid.x) / self.cell
        fy = (self.pointer[1] - self.grid.y) / self.cell
        col = min(max(0, round(fx - cols / 2)), self.board.width - cols)
        row = min(max(0, round(fy - rows / 2)), self.board.height - rows)
        origin = row * self.board.width + col
        fields = self.ctx.rules.shape_fields(card, self.rotation, origin)
        if fields is None:
            return None
        return card, self.rotation, origin, fields

    def _rising(self, data: PlayerView, fields: Sequence[int]) -> list[int]:
        """The tiles under the card that would rise: the lowest of the player's own."""
        seat = self.ctx.seat
        own = [f for f in fields if data.board.owner[f] == seat]
        if len(own) != len(fields):
            return []
        low = min(data.board.value[f] for f in own)
        if low >= self.tables.top_value:
            return []
        return [f for f in own if data.board.value[f] == low]

    def _why_not(self, action: Action) -> str:
        """The rules' reason against a move of the revealed seat to act (its own
        move, so the reason tells nothing the seat does not know)."""
        key = (self._cache_key, action)
        if key != self._reason_key:
            self._reason_key = key
            self._reason = self.ctx.check(action) or ""
        return self._reason

    def _preview_verdict(self, card: int, rotation: int, origin: int, fields: tuple[int, ...]) -> tuple[bool, str]:
        """(valid, what the placement does or why it cannot be made)."""
        data = self.data
        if frozenset(fields) in self.legal.cultivate.get(card, set()):
            rising = self._rising(data, fields)
            low = data.board.value[rising[0]]
            cost = self.economy.cultivation_cost_per_tile * len(rising)
            names = self._field_list(rising)
            return True, _("+1 on {fields} (to {value}): {cost} mana", fields=names, value=low + 1, cost=cost)
        return False, self._why_not(self._cultivate_action(card, rotation, origin))

    def _cultivate_action(self, card: int, rotation: int, origin: int) -> Action:
        return Action("cultivate", card=self.tables.card_name(card), rotation=rotation, origin=self.board.name(origin))

    def _draw_preview(
        self,
        surface: pygame.Surface,
        data: PlayerView,
        card: int,
        rotation: int,
        origin: int,
        fields: tuple[int, ...],
    ) -> None:
        t = self.theme
        valid, text = self._preview_verdict(card, rotation, origin, fields)
        rising = set(self._rising(data, fields)) if valid else set()
        seat = self.ctx.seat
        layer = pygame.Surface(self.board_rect.size, pygame.SRCALPHA)
        offset = (-self.board_rect.x, -self.board_rect.y)
        for f in fields:
            rect = self.fields[f].move(offset)
            if not valid and data.board.owner[f] != seat:
                layer.fill((*TARGET_RED, 120), rect)
            elif f in rising:
                layer.fill((*PREVIEW_OK, 110), rect)
            else:
                layer.fill((255, 255, 255, 50), rect)
        surface.blit(layer, self.board_rect.topleft)
        edge = PREVIEW_OK if valid else TARGET_RED
        width = max(3, t.px(6))
        cover = set(fields)
        w = self.board.width
        for f in fields:
            r = self.fields[f].inflate(self.cell - self.fields[f].w, self.cell - self.fields[f].h)
            c, row = f % w, f // w
            if row == 0 or f - w not in cover:
                pygame.draw.line(surface, edge, r.topleft, r.topright, width)
            if row == self.board.height - 1 or f + w not in cover:
                pygame.draw.line(surface, edge, r.bottomleft, r.bottomright, width)
            if c == 0 or f - 1 not in cover:
                pygame.draw.line(surface, edge, r.topleft, r.bottomleft, width)
            if c == w - 1 or f + 1 not in cover:
                pygame.draw.line(surface, edge, r.topright, r.bottomright, width)
        arrow_font = t.font(th.LARGE, bold=True)
        for f in rising:
            rect = self.fields[f]
            art.text(
                surface,
                "+1",
                arrow_font,
                th.CREAM,
                (rect.centerx, rect.centery - rect.h // 8),
                "center",
                shadow=(20, 40, 10),
            )
        top = min(self.fields[f].top for f in fields)
        bottom = max(self.fields[f].bottom for f in fields)
        xs = [self.fields[f].centerx for f in fields]
        body = (30, 70, 30, 235) if valid else (110, 20, 12, 235)
        font = t.font(th.BODY, bold=True)
        # above the card, or below it when it lies along the top row
        above = top - t.px(8) - font.get_height() - t.px(12) >= self.grid.top
        anchor, y = ("midbottom", top - t.px(8)) if above else ("midtop", bottom + t.px(8))
        tag(surface, text, font, ((min(xs) + max(xs)) // 2, y), anchor, body, th.CREAM, t, self.grid)

    # -- drawing: the public column --------------------------------------------------------------

    def _draw_track(self, surface: pygame.Surface, data: PlayerView) -> None:
        """Every player's points on the way to the target, with their emblem."""
        t = self.theme
        rect = self.track_rect
        art.draw_panel(surface, rect, "dark", radius=t.px(12), shadow=t.px(8))
        target = self.economy.target_points
        font = t.font(th.SMALL, bold=True)
        n = len(self.ctx.names)
        row_h = (rect.h - t.px(16)) // max(1, n)
        name_w = min(rect.w // 3, max(font.size(name)[0] for name in self.ctx.names) + t.px(8))
        for seat, name in enumerate(self.ctx.names):
            y = rect.y + t.px(8) + seat * row_h
            cy = y + row_h // 2
            colour = self.ctx.colour(seat)
            mark = eart.badge(max(6, int(row_h * 0.4)), colour, self.emblems[seat])
            surface.blit(mark, mark.get_rect(midleft=(rect.x + t.px(10), cy)))
            x = rect.x + t.px(16) + mark.get_width()
            art.text(surface, name, font, th.CREAM, (x, cy), "midleft", max_width=name_w)
            points = data.seats[seat].points
            label = _("{points}/{target}", points=points, target=target)
            label_w = font.size(_("{points}/{target}", points=target, target=target))[0]
            bar = pygame.Rect(
                x + name_w + t.px(8),
                cy - row_h // 4,
                rect.right - t.px(14) - label_w - t.px(10) - (x + name_w + t.px(8)),
                row_h // 2,
            )
            seg = bar.w / target
            for k in range(target):
                cell = pygame.Rect(int(bar.x + k * seg) + 1, bar.y, max(1, int(seg) - 2), bar.h)
                filled = k < points
                body = colour if filled else (74, 56, 40)
                pygame.draw.rect(surface, body, cell, border_radius=max(1, bar.h // 4))
            art.text(
                surface, label, font, th.GOLD if points >= target else th.CREAM, (rect.right - t.px(14), cy), "midright"
            )

    def _draw_display(self, surface: pygame.Surface, data: PlayerView) -> None:
        t = self.theme
        area = self.lower_rect
        font = t.font(th.BODY, bold=True)
        heading = _("Open display")
        art.text(surface, heading, font, FELT_TEXT, (area.x, area.y), max_width=self.pile_rect.x - area.x - t.px(8))
        self._draw_piles(surface, data)
        if not self.display_rects:
            note = _("Sold cultivation cards lie here; anyone may buy them in their turn.")
            art.text_block(
                surface,
                note,
                t.font(th.SMALL, italic=True),
                FELT_SOFT,
                pygame.Rect(area.x, area.y + self._display_heading_h(), area.w, area.h),
            )
            return
        mana = data.hand.mana if data.hand is not None else None
        live = self.my_turn()
        counts = dict(self.display_stacks())
        for rect, card in self.display_rects:
            hovered = card == self.hover_display
            lifted = rect.move(0, -t.px(3)) if hovered else rect
            art.drop_shadow(surface, lifted, t.px(8), t.px(8 if hovered else 5), (0, t.px(3)))
            count = counts.get(card, 1)
            if count > 1:  # the cards under the first one of the stack
                for k in range(min(count - 1, 2), 0, -1):
                    back = lifted.move(k * t.px(3), -k * t.px(3))
                    art.rounded_rect(surface, back, (222, 214, 190), max(4, rect.w // 11))
                    pygame.draw.rect(surface, (150, 130, 90), back, 1, border_radius=max(4, rect.w // 11))
            surface.blit(self._card_face(card, rect.size), lifted)
            price = self.tables.buy_price(card)
            affordable = mana is None or price <= mana
            if live and card not in self.legal.buy:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((20, 10, 4, 110))
                surface.blit(shade, lifted)
            if hovered and (not live or card in self.legal.buy):
                pygame.draw.rect(
                    surface, th.GOLD, lifted.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(10)
                )
            self._price_pill(surface, lifted, price, affordable)
            if count > 1:
                self._count_badge(surface, lifted, count)

    def _count_badge(self, surface: pygame.Surface, card: pygame.Rect, count: int) -> None:
        """How many cards of this shape lie in the display, at the card's top right."""
        t = self.theme
        font = t.font(th.SMALL, bold=True)
        label = _("×{count}", count=count)
        badge = pygame.Rect(0, 0, font.size(label)[0] + t.px(10), font.get_height() + t.px(2))
        badge.topright = (card.right + t.px(4), card.y - t.px(4))
        art.rounded_rect(surface, badge, th.WOOD_DARK, badge.h // 2)
        art.text(surface, label, font, th.GOLD, badge.center, "center")

    def _draw_piles(self, surface: pygame.Surface, data: PlayerView) -> None:
        """The draw pile (a card back) and the discard pile (its top card), each with
        its count; the discard pile opens when clicked."""
        t = self.theme
        font = t.font(th.SMALL, bold=True)
        for rect, count, top in (
            (self.pile_rect, data.deck_size, None),
            (self.discard_rect, len(data.discard), data.discard[-1] if data.discard else None),
        ):
            icon = pygame.Rect(rect.x, rect.y, int(rect.h * 0.72), rect.h)
            if top is not None:
                surface.blit(self._card_face(top, icon.size), icon)
            elif rect is self.pile_rect and count:
                surface.blit(art.card_back(icon.size, (44, 92, 60)), icon)
            else:
                pygame.draw.rect(surface, FELT_SOFT, icon, 1, border_radius=max(2, icon.w // 6))
            if rect is self.discard_rect and (self.hover_piles == "discard" or self.showing_discard):
                pygame.draw.rect(
                    surface, th.GOLD, icon.inflate(t.px(4), t.px(4)), max(1, t.px(2)), border_radius=max(2, icon.w // 5)
                )
            art.text(surface, str(count), font, FELT_TEXT, (icon.right + t.px(4), icon.centery), "midleft")

    def _draw_pile_tip(self, surface: pygame.Surface, data: PlayerView) -> None:
        """What the pile under the pointer is, below it, over the display."""
        if self.hover_piles is None or self.showing_discard or data.auction is not None:
            return
        t = self.theme
        if self.hover_piles == "pile":
            words = ngettext("Draw pile: {count} card.", "Draw pile: {count} cards.", data.deck_size)
        else:
            words = ngettext(
                "Discard pile: {count} card. Click to look through it.",
                "Discard pile: {count} cards. Click to look through it.",
                len(data.discard),
            )
        rect = self.pile_rect if self.hover_piles == "pile" else self.discard_rect
        tag(
            surface,
            words,
            t.font(th.SMALL, bold=True),
            (rect.right, rect.bottom + t.px(6)),
            "topright",
            (*th.WOOD_DARK, 240),
            th.CREAM,
            t,
            self.lower_rect.inflate(t.px(8), 0),
        )

    def _draw_discard_pile(self, surface: pygame.Surface, data: PlayerView) -> None:
        """The discard pile laid open over the board: the irrigation cards on a map of
        the board (the field of each card in the pile marked, the last one discarded
        ringed), then the cultivation cards."""
        t = self.theme
        panel = self.board_rect.inflate(-t.px(16), -t.px(16))
        art.drop_shadow(surface, panel, t.px(16), t.px(16), (0, t.px(6)))
        art.draw_panel(surface, panel, "parchment", radius=t.px(16))
        inner = panel.inflate(-t.px(32), -t.px(28))
        pile = data.discard
        title = t.font(th.LARGE, bold=True)
        art.text(
            surface,
            ngettext("Discard pile: {count} card", "Discard pile: {count} cards", len(pile)),
            title,
            th.INK,
            (inner.x, inner.y),
            max_width=inner.w,
        )
        small = t.font(th.SMALL)
        y = inner.y + title.get_linesize()
        art.text(
            surface,
            _("The card on top is ringed. Click anywhere to close."),
            small,
            th.INK_SOFT,
            (inner.x, y),
            max_width=inner.w,
        )
        y += small.get_linesize() + t.px(8)
        irrigation = {c for c in pile if self.is_irrigation(c)}
        cultivation = [c for c in pile if not self.is_irrigation(c)]
        last = pile[-1] if pile else None
        bold = t.font(th.SMALL, bold=True)
        art.text(surface, _("Irrigation cards: {count}", count=len(irrigation)), bold, th.INK, (inner.x, y))
        y += bold.get_linesize() + t.px(4)
        shelf_h = int(inner.w / 5 / 0.7) if cultivation else 0
        map_h = inner.bottom - y - (shelf_h + bold.get_linesize() + t.px(12) if cultivation else 0)
        cols, rows = self.board.width, self.board.height
        cell = max(6, min(inner.w // cols, map_h // rows))
        grid = pygame.Rect(inner.x + (inner.w - cell * cols) // 2, y, cell * cols, cell * rows)
        name_font = t.font(th.SMALL, bold=True)
        self.discard_cells = {}
        self.discard_shelf = []
        for f in range(self.board.size):
            rect = pygame.Rect(grid.x + (f % cols) * cell, grid.y + (f // cols) * cell, cell, cell).inflate(-2, -2)
            self.discard_cells[f] = rect
            if f in irrigation:
                art.rounded_rect(surface, rect, eart.WATER, max(2, cell // 8))
                art.text(surface, self.board.name(f), name_font, (255, 255, 255), rect.center, "center")
                if f == last:
                    pygame.draw.rect(
                        surface,
                        th.GOLD,
                        rect.inflate(t.px(4), t.px(4)),
                        max(2, t.px(3)),
                        border_radius=max(2, cell // 6),
                    )
            else:
                pygame.draw.rect(surface, th.PARCHMENT_DARK, rect, 1, border_radius=max(2, cell // 8))
                art.text(surface, self.board.name(f), small, th.PARCHMENT_DARK, rect.center, "center")
        if cultivation:
            y = grid.bottom + t.px(12)
            art.text(surface, _("Cultivation cards: {count}", count=len(cultivation)), bold, th.INK, (inner.x, y))
            y += bold.get_linesize() + t.px(4)
            gap = t.px(8)
            w = min(int((inner.w - gap * (len(cultivation) - 1)) / len(cultivation)), int((inner.bottom - y) * 0.7))
            h = int(w / 0.7)
            for i, card in enumerate(cultivation):
                rect = pygame.Rect(inner.x + i * (w + gap), y, w, h)
                self.discard_shelf.append((rect, card))
                surface.blit(self._card_face(card, rect.size), rect)
                if card == last:
                    pygame.draw.rect(
                        surface, th.GOLD, rect.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(8)
                    )

    def price_rect(self, card: pygame.Rect, price: int) -> pygame.Rect:
        """Where the buying price of a card of the display lies: at the foot of the card."""
        t = self.theme
        font = t.font(th.SMALL, bold=True)
        pill = pygame.Rect(0, 0, font.get_height() + font.size(str(price))[0] + t.px(14), font.get_height() + t.px(4))
        pill.midbottom = (card.centerx, card.bottom - t.px(3))
        return pill

    def _price_pill(self, surface: pygame.Surface, card: pygame.Rect, price: int, affordable: bool) -> None:
        """The buying price on a card of the display."""
        t = self.theme
        font = t.font(th.SMALL, bold=True)
        coin = eart.mana(font.get_height())
        pill = self.price_rect(card, price)
        art.rounded_rect(surface, pill, (34, 20, 10, 225), pill.h // 2)
        surface.blit(coin, coin.get_rect(midleft=(pill.x + t.px(3), pill.centery)))
        art.text(
            surface,
            str(price),
            font,
            th.CREAM if affordable else (236, 150, 130),
            (pill.x + coin.get_width() + t.px(6), pill.centery),
            "midleft",
        )

    def _side_points(self, data: PlayerView, fields: Sequence[int]) -> int:
        return sum(data.board.value[f] for f in fields)

    def _draw_auction(self, surface: pygame.Surface, data: PlayerView, auction: AuctionView) -> None:
        """The conquest's auction, for everyone: both sides and their points, the
        standing bid and what its bidder pays if the other side accepts."""
        t = self.theme
        area = self.lower_rect
        attacker, defender = data.turn, auction.defender
        names = self.ctx.names
        group, targets = auction.group, auction.targets
        points = {attacker: self._side_points(data, group), defender: self._side_points(data, targets)}
        art.draw_panel(surface, area, "parchment", radius=t.px(14), shadow=t.px(8))
        inner = area.inflate(-t.px(24), -t.px(16))
        heading = t.font(th.BODY, bold=True)
        art.text(surface, _("Conquest"), heading, th.INK, (inner.centerx, inner.y), "midtop", max_width=inner.w)
        y = inner.y + int(t.fs(th.BODY) * 1.45)
        half = (inner.w - t.px(16)) // 2
        small = t.font(th.SMALL)
        bold = t.font(th.SMALL, bold=True)
        big = t.font(th.HEADING, bold=True)
        for k, (seat, fields) in enumerate(((attacker, group), (defender, targets))):
            x = inner.x + k * (half + t.px(16))
            mark = eart.badge(max(6, small.get_linesize() // 2), self.ctx.colour(seat), self.emblems[seat])
            surface.blit(mark, mark.get_rect(midleft=(x, y + small.get_linesize() // 2)))
            role = _("attacker") if seat == attacker else _("defender")
            art.text(
                surface,
                _("{player} · {role}", player=names[seat], role=role),
                bold,
                th.INK,
                (x + mark.get_width() + t.px(6), y),
                max_width=half - mark.get_width() - t.px(6),
            )
            line = _("{fields} · worth {points}", fields=self._field_list(fields), points=points[seat])
            art.text(surface, line, small, th.INK_SOFT, (x, y + small.get_linesize()), max_width=half)
            # each side's bids are multiplied by the other side's points
            factor = points[defender if seat == attacker else attacker]
            art.text(
                surface,
                _("pays bid × {factor}", factor=factor),
                small,
                th.INK_SOFT,
                (x, y + small.get_linesize() * 2),
                max_width=half,
            )
        pygame.draw.line(
            surface,
            th.PARCHMENT_DARK,
            (inner.centerx, y),
            (inner.centerx, y + small.get_linesize() * 3),
            max(1, t.px(2)),
        )
        y += small.get_linesize() * 3 + t.px(8)
        bid = auction.bid
        bidder = auction.bidder
        if bid:
            last = defender if bidder == attacker else attacker
            taken = group if bidder == attacker else targets
            art.text(surface, str(bid), big, th.RED, (inner.x, y), "topleft")
            bx = inner.x + big.size(str(bid))[0] + t.px(12)
            art.text(
                surface,
                _("mana per point, bid by {player}", player=names[last]),
                bold,
                th.INK,
                (bx, y + big.get_height() // 2),
                "midleft",
                max_width=inner.right - bx,
            )
            y += big.get_linesize()
            outcome = _(
                "If {player} accepts, {other_player} pays {bid} × {points} = {amount} mana and takes {fields}.",
                player=names[bidder],
                other_player=names[last],
                bid=bid,
                points=points[bidder],
                amount=bid * points[bidder],
                fields=self._field_list(taken),
            )
            art.text_block(surface, outcome, small, th.INK, pygame.Rect(inner.x, y, inner.w, inner.bottom - y))
        else:
            opening = self.economy.opening_bid_min
            text = _(
                "{player} opens the bidding: at least {amount} mana per point of the defence, {cost} mana in all.",
                player=names[attacker],
                amount=opening,
                cost=opening * points[defender],
            )
            art.text_block(surface, text, bold, th.INK, pygame.Rect(inner.x, y + t.px(6), inner.w, inner.bottom - y))

    # -- drawing: the hand ---------------------------------------------------------------------

    def _card_face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        if self.is_irrigation(card):
            w = self.board.width
            return eart.irrigation_card(self.board.name(card), card % w, card // w, w, self.board.height, size)
        cells = self.tables.shapes[card - self.board.size]
        if card == self.selected and self._cultivating():
            cells = self._rotated(card)
        return eart.cultivation_card(tuple(cells), size)

    def draw_private(self, surface: pygame.Surface) -> None:
        seat = self.ctx.seat
        if seat is None:
            return
        t = self.theme
        data = self.data
        hand = data.hand
        if hand is None:  # (never: a seat sees its own hand)
            return
        tray = self.tray
        art.draw_panel(surface, tray, "dark", radius=t.px(18), shadow=t.px(12))
        heading = t.font(th.LARGE, bold=True)
        header_y = tray.y + int(t.fs(th.LARGE) * 0.8)
        mark = eart.badge(t.fs(th.LARGE) // 2 + t.px(2), self.ctx.colour(seat), self.emblems[seat])
        surface.blit(mark, mark.get_rect(midleft=(tray.x + t.px(16), header_y)))
        coin = eart.mana(t.fs(th.LARGE))
        mana_text = str(hand.mana)
        mana_w = heading.size(mana_text)[0]
        art.text(surface, mana_text, heading, th.GOLD, (tray.right - t.px(16), header_y), "midright")
        surface.blit(coin, coin.get_rect(midright=(tray.right - t.px(22) - mana_w, header_y)))
        name_x = tray.x + t.px(26) + mark.get_width()
        art.text(
            surface,
            _("{player}'s hand", player=self.ctx.names[seat]),
            heading,
            th.CREAM,
            (name_x, header_y),
            "midleft",
            max_width=tray.right - t.px(40) - mana_w - coin.get_width() - name_x,
        )
        self._draw_hand(surface, data)
        if self.bid_area.w:
            self._draw_bidding(surface, data)
        self._draw_status(surface, data)
        for key in self.shown:
            button = self.buttons[key]
            button.label = self._button_label(key)
            button.tip = self._button_tip(key)
            button.enabled = self._button_enabled(key)
            button.reason = "" if button.enabled else self._button_reason(key)
            button.colour = th.GOLD if key in ("bid", "attack", "end_turn") else th.PARCHMENT
            if key == "sell":
                button.colour = (180, 210, 150)
            button.draw(surface, t)

    def _draw_hand(self, surface: pygame.Surface, data: PlayerView) -> None:
        t = self.theme
        live = self.my_turn()
        legal = self.legal
        owner = data.board.owner
        small = t.font(th.SMALL, bold=True)
        if not self.hand_rects:
            if data.auction is not None and self.hand() and self.my_turn():
                note = _("Your cards wait until the conquest is settled.")
            else:
                note = _("No cards in hand.")
            font = t.font(th.BODY, italic=True)
            lines = len(art.wrap(note, font, self.hand_area.w))
            height = font.get_linesize() * lines
            area = pygame.Rect(
                self.hand_area.x, self.hand_area.centery - height // 2, self.hand_area.w, height + t.px(4)
            )
            art.text_block(surface, note, font, FELT_SOFT, area.clip(self.hand_area), align="center")
            return
        front = self.hover_card if self.hover_card in self.shown_hand() else None
        # the chosen card, then the one under the pointer, lie on top of the others
        order = sorted(self.hand_rects, key=lambda item: (item[1] == front, item[1] == self.selected))
        for rect, card in order:
            raised = card == self.selected or (live and card == front)
            shown = rect.move(0, -t.px(14)) if raised else rect
            art.drop_shadow(surface, shown, t.px(10), t.px(12 if raised else 7), (0, t.px(5)))
            surface.blit(self._card_face(card, rect.size), shown)
            dead = self.is_irrigation(card) and owner[card] >= 0
            usable = card in legal.irrigate or card in legal.discard or card in legal.cultivate or card in legal.sell
            if dead or (live and not usable):
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((30, 20, 12, 120))
                shade.blit(
                    art.rounded_mask(rect.size, max(4, rect.w // 11)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN
                )
                surface.blit(shade, shown)
            if dead:
                mark = eart.badge(max(6, rect.w // 6), self.ctx.colour(owner[card]), self.emblems[owner[card]])
                surface.blit(mark, mark.get_rect(center=(shown.right - rect.w // 5, shown.y + int(rect.h * 0.32))))
            taken = _("taken")
            if dead and (card == front or not self._covered(rect)) and small.size(taken)[0] <= rect.w - t.px(4):
                # (on a card too small for the word, its owner's badge and the shade say it)
                art.text(
                    surface,
                    taken,
                    small,
                    (255, 210, 200),
                    (shown.centerx, shown.bottom - t.px(6)),
                    "midbottom",
                    shadow=(0, 0, 0),
                )
            if card == self.selected:
                pygame.draw.rect(
                    surface, th.GOLD, shown.inflate(t.px(8), t.px(8)), max(2, t.px(4)), border_radius=t.px(12)
                )
            elif live and card == front and usable:
                pygame.draw.rect(
                    surface, th.CREAM, shown.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=t.px(12)
                )

    def _covered(self, rect: pygame.Rect) -> bool:
        """True when the next card of the hand lies over part of `rect`."""
        return any(other.x > rect.x and other.colliderect(rect) for other, _card in self.hand_rects)

    def _draw_status(self, surface: pygame.Surface, data: PlayerView) -> None:
        t = self.theme
        text = self._status(data)
        if text:
            art.text_block(surface, text, t.font(th.BODY), FELT_TEXT, self.status_rect)

    def _status(self, data: PlayerView) -> str:
        """What the player to act may do now, in the hand's own words."""
        if not self.my_turn():
            actor = self.ctx.actor
            return _("Waiting for {player}.", player=self.ctx.names[actor]) if actor is not None and actor >= 0 else ""
        legal = self.legal
        card = self.selected if self.selected in self.hand() else None
        auction = data.auction
        if auction is not None:
            return self._bid_status(data, auction)
        if data.phase == "conquest":
            return self._attack_status(data)
        if card is not None and self.is_irrigation(card) and card in legal.discard:
            return _("{field} is taken: discard this dead card as your play?", field=self.board.name(card))
        if card is not None and not self.is_irrigation(card):
            price = self.tables.sell_price(card)
            if self._cultivating():
                preview = self._preview()
                if preview is not None:
                    valid, text = self._preview_verdict(*preview)
                    if valid:
                        return _("Click to cultivate: {what}.", what=text)
                    return text
                if card not in legal.cultivate:
                    return _("This card fits nowhere on your land now; you may sell it for {price}.", price=price)
                return _("Slide the card over your land; R or the mouse wheel turns it.")
            return _("You may sell this card for {price} mana.", price=price)
        if not data.played:
            return _("Click an irrigation card to water its field, or choose a cultivation card for your land.")
        if legal.irrigate:
            return _("You may water a second field, or end the turn.")
        return _("End the turn when you are done; you may still sell or buy.")

    def _attack_status(self, data: PlayerView) -> str:
        placed = data.placed
        if not self.targets:
            return _(
                "Attack from {field}? Click the opponent's tiles to attack, and one of yours to help.",
                field=self.board.name(placed),
            )
        group = [placed] + ([self.support] if self.support is not None else [])
        a_points = self._side_points(data, group)
        d_points = self._side_points(data, list(self.targets))
        choice = (self.support, frozenset(self.targets))
        if choice in self.legal.attacks:
            return _(
                "Your side is worth {attack}, the targets {defence}: opening costs at least {cost} mana.",
                attack=a_points,
                defence=d_points,
                cost=self.economy.opening_bid_min * d_points,
            )
        return self._why_not(self._attack_action()) or ""

    def _attack_action(self) -> Action:
        name = self.board.name
        support = None if self.support is None else name(self.support)
        return Action("attack", support=support, targets=tuple(name(f) for f in sorted(self.targets)))

    # -- bidding ------------------------------------------------------------------------------------

    def _bid_sides(self, data: PlayerView, auction: AuctionView) -> tuple[int, int, tuple[int, ...]]:
        """(the bidder's points factor, the other seat, the fields the bidder would take)."""
        seat = auction.bidder
        if seat == data.turn:
            return self._side_points(data, auction.targets), auction.defender, auction.targets
        return self._side_points(data, auction.group), data.turn, auction.group

    def _amount(self) -> int | None:
        """The bid in the amount box (typed or chosen)."""
        if self.typed:
            return int(self.typed)
        if self.amount is not None:
            return self.amount
        span = self.legal.bid_range
        return span[0] if span else None

    def _bid_problem(self, amount: int | None) -> str:
        span = self.legal.bid_range
        if span is None:
            return _("You cannot afford to raise: accept the bid.")
        if amount is None:
            return _("Type a bid.")
        low, high = span
        if amount < low:
            return _("At least {amount} per point.", amount=low)
        if amount > high:
            return _("Your mana allows at most {amount} per point.", amount=high)
        return ""

    def _bid_status(self, data: PlayerView, auction: AuctionView) -> str:
        amount = self._amount()
        problem = self._bid_problem(amount)
        factor, other, taken = self._bid_sides(data, auction)
        names = self.ctx.names
        if problem or amount is None:
            return problem
        return _(
            "If {player} accepts, you pay {bid} × {points} = {cost} mana and take {fields}.",
            player=names[other],
            bid=amount,
            points=factor,
            cost=amount * factor,
            fields=self._field_list(taken),
        )

    def _quick_labels(self) -> dict[str, str]:
        span = self.legal.bid_range
        return {
            "min": _("Min {amount}", amount=span[0]) if span else _("Min"),
            "raise": _("+{amount}", amount=self.economy.raise_min),
            "raise_twice": _("+{amount}", amount=2 * self.economy.raise_min),
            "all_in": _("All in {amount}", amount=span[1]) if span else _("All in"),
        }

    def _quick_tips(self) -> dict[str, str]:
        raise_min = self.economy.raise_min
        return {
            "min": _("Set the bid to the lowest allowed"),
            "raise": _("Raise the bid by {amount}", amount=raise_min),
            "raise_twice": _("Raise the bid by {amount}", amount=2 * raise_min),
            "all_in": _("Set the bid to the most your mana allows"),
        }

    def _draw_bidding(self, surface: pygame.Surface, data: PlayerView) -> None:
        t = self.theme
        span = self.legal.bid_range
        amount = self._amount()
        labels = self._quick_labels()
        tips = self._quick_tips()
        for key, button in self.quick.items():
            button.label = labels[key]
            button.tip = tips[key]
            button.enabled = span is not None
            button.reason = "" if button.enabled else self._bid_problem(None)
            button.draw(surface, t)
        box = self.amount_rect
        art.rounded_rect(surface, box, (252, 246, 232, 255), t.px(10))
        valid = not self._bid_problem(amount)
        pygame.draw.rect(surface, th.GOLD if valid else TARGET_RED, box, max(2, t.px(3)), border_radius=t.px(10))
        big = t.font(th.HEADING, bold=True)
        text = str(amount) if amount is not None else ""
        label = t.font(th.SMALL)
        art.text(surface, _("your bid per point"), label, th.INK_SOFT, (box.x + t.px(14), box.centery), "midleft")
        art.text(surface, text, big, th.INK, (box.right - t.px(16), box.centery), "midright")
        if self.typed:
            x = box.right - t.px(12)
            pygame.draw.line(surface, th.INK, (x, box.y + box.h // 5), (x, box.bottom - box.h // 5), max(1, t.px(2)))

    # -- buttons ------------------------------------------------------------------------------------

    def _button_label(self, key: str) -> str:
        data = self.data
        card = self.selected
        if key == "sell" and card is not None and not self.is_irrigation(card):
            return _("Sell for {price}", price=self.tables.sell_price(card))
        if key == "discard" and card is not None and self.is_irrigation(card):
            return _("Discard {field}", field=self.board.name(card))
        if key == "bid":
            amount = self._amount()
            return _("Bid {amount}", amount=amount) if amount is not None else _("Bid")
        if key == "accept" and data.auction is not None:
            return _("Accept {bid}", bid=data.auction.bid)
        return {
            "pass": _("Pass"),
            "end_turn": _("End the turn"),
            "discard": _("Discard"),
            "sell": _("Sell"),
            "attack": _("Attack"),
            "no_attack": _("Do not attack"),
            "bid": _("Bid"),
            "accept": _("Accept"),
        }[key]

    def _button_tip(self, key: str) -> str:
        """What the button `key` does, for its tooltip (and the F1 help)."""
        return {
            "pass": _("Pass: end the turn without a play"),
            "end_turn": _("End the turn"),
            "discard": _("Discard the chosen dead irrigation card"),
            "sell": _("Sell the chosen cultivation card"),
            "attack": _("Attack the chosen tiles"),
            "no_attack": _("Do not attack"),
            "bid": _("Make the bid in the box"),
            "accept": _("Accept the bid"),
        }[key]

    def _button_reason(self, key: str) -> str:
        """Why the button `key` is off, in words ("" when there is nothing to say)."""
        if key == "attack":
            if not self.targets:
                return _("Click the opponent's tiles to attack first.")
            return self._why_not(self._attack_action())
        if key == "bid":
            return self._bid_problem(self._amount())
        return ""

    def _button_enabled(self, key: str) -> bool:
        legal = self.legal
        if key == "pass":
            return legal.pass_
        if key == "end_turn":
            return legal.end_turn
        if key == "discard":
            return self.selected in legal.discard
        if key == "sell":
            return self.selected in legal.sell
        if key == "attack":
            return (self.support, frozenset(self.targets)) in legal.attacks
        if key == "no_attack":
            return legal.no_attack
        if key == "bid":
            return not self._bid_problem(self._amount())
        if key == "accept":
            return legal.accept
        return False

    def _press(self, key: str) -> bool:
        """Carry out the button `key` (also its keyboard key)."""
        if key not in self.shown or not self._button_enabled(key):
            return False
        if key == "pass":
            return self.ctx.submit(Action("pass"))
        if key == "end_turn":
            return self.ctx.submit(Action("end_turn"))
        if key == "discard":
            return self.ctx.submit(Action("discard_dead", card=self.tables.card_name(self.selected)))
        if key == "sell":
            return self.ctx.submit(Action("sell", card=self.tables.card_name(self.selected)))
        if key == "attack":
            return self.ctx.submit(self._attack_action())
        if key == "no_attack":
            return self.ctx.submit(Action("no_attack"))
        if key == "bid":
            return self.ctx.submit(Action("bid", amount=self._amount()))
        if key == "accept":
            return self.ctx.submit(Action("accept"))
        return False

    # -- input --------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and self.showing_discard:
            self.showing_discard = False  # any click closes the open discard pile
            return True
        if (
            kind == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.discard_rect.collidepoint(event.pos)
            and self.data.auction is None
        ):
            self.showing_discard = True  # public: anyone may look, in any turn
            return True
        if kind == pygame.MOUSEMOTION:
            return self._hover(event.pos)
        if kind == pygame.MOUSEWHEEL:
            if self._cultivating() and event.y:
                self.rotation = (self.rotation + (1 if event.y < 0 else -1)) % 4
                return True
            return False
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.selected is not None:
                self.selected = None
                self._arrange()
                return True
            return False
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._hover(event.pos)
            if not self.my_turn():
                return False
            return self._click(event.pos)
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _hover(self, pos: tuple[int, int]) -> bool:
        self.pointer = pos
        field_ = None
        if self.grid.collidepoint(pos):
            c = (pos[0] - self.grid.x) // self.cell
            r = (pos[1] - self.grid.y) // self.cell
            if 0 <= c < self.board.width and 0 <= r < self.board.height:
                field_ = r * self.board.width + c
        card = self._card_at(pos) if self.ctx.seat is not None else None
        shown = next((value for rect, value in self.display_rects if rect.collidepoint(pos)), None)
        for button in list(self.buttons.values()) + list(self.quick.values()):
            button.hover(pos)
        piles = (
            "pile" if self.pile_rect.collidepoint(pos) else "discard" if self.discard_rect.collidepoint(pos) else None
        )
        if self.data.auction is not None:
            piles = shown = None  # the auction covers the display and the piles
        changed = (field_, card, shown, piles) != (
            self.hover_field,
            self.hover_card,
            self.hover_display,
            self.hover_piles,
        )
        self.hover_field, self.hover_card, self.hover_display, self.hover_piles = field_, card, shown, piles
        return changed or self._cultivating()

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the hand under `pos`, in the order they are drawn: the one under
        the pointer and the chosen one lie on top (raised)."""
        lift = self.theme.px(14)
        on_top = [self.hover_card, self.selected]
        for card in on_top:
            for rect, value in self.hand_rects:
                if value == card and rect.union(rect.move(0, -lift)).collidepoint(pos):
                    return card
        for rect, card in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                return card
        return None

    def _click(self, pos: tuple[int, int]) -> bool:
        for key in self.shown:
            if self.buttons[key].hit(pos):
                return self._press(key)
        for key, button in self.quick.items():
            if button.hit(pos):
                return self._quick(key)
        card = self._card_at(pos)
        if card is not None:
            return self._choose(card)
        if self.data.auction is None:
            for rect, shown in self.display_rects:
                if rect.collidepoint(pos):
                    return self.ctx.submit(Action("buy", card=self.tables.card_name(shown)))
        if self.grid.collidepoint(pos) and self.hover_field is not None:
            return self._click_field(self.hover_field)
        return False

    def _choose(self, card: int) -> bool:
        """A card of the hand was clicked."""
        legal = self.legal
        if self.is_irrigation(card):
            if card in legal.irrigate:
                self.selected = None
                return self.ctx.submit(Action("irrigate", card=self.tables.card_name(card)))
            if card in legal.discard:
                self.selected = None if self.selected == card else card
                self._arrange()
                return True
            # not playable now: let the rules say why
            return self.ctx.submit(Action("irrigate", card=self.tables.card_name(card)))
        self.selected = None if self.selected == card else card
        self.rotation = 0
        self._arrange()
        return True

    def _click_field(self, f: int) -> bool:
        data = self.data
        preview = self._preview()
        if preview is not None:
            card, rotation, origin, fields = preview
            valid, _text = self._preview_verdict(*preview)
            if not valid:
                return True  # shown as invalid with its reason; never submitted
            self.selected = None
            return self.ctx.submit(self._cultivate_action(card, rotation, origin))
        if data.phase == "conquest" and data.auction is None:
            return self._toggle_conquest(f, data)
        if f in self.legal.irrigate:
            self.selected = None
            return self.ctx.submit(Action("irrigate", card=self.tables.card_name(f)))
        return False

    def _toggle_conquest(self, f: int, data: PlayerView) -> bool:
        placed = data.placed
        if f not in self.board.neighbours[placed]:
            return False
        seat = data.turn
        o = data.board.owner[f]
        if o == seat:
            self.support = None if self.support == f else f
        elif o >= 0:
            if any(data.board.owner[g] != o for g in self.targets):
                self.targets = set()
            self.targets ^= {f}
        else:
            return False
        self._arrange()
        return True

    def _quick(self, key: str) -> bool:
        span = self.legal.bid_range
        if span is None:
            return False
        low, high = span
        current = self._amount() or low
        if key == "min":
            self.amount = low
        elif key == "raise":
            self.amount = min(high, max(low, current + self.economy.raise_min))
        elif key == "raise_twice":
            self.amount = min(high, max(low, current + 2 * self.economy.raise_min))
        else:
            self.amount = high
        self.typed = ""
        self._arrange()
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if not self.my_turn():
            return False
        data = self.data
        if data.auction is not None:
            digits = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
            digits.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})
            if key in digits:
                self.typed = (self.typed + digits[key])[:6].lstrip("0")
                self._arrange()
                return True
            if key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                self._arrange()
                return True
            if key in (pygame.K_UP, pygame.K_DOWN):
                span = self.legal.bid_range
                if span:
                    self.amount = min(
                        span[1], max(span[0], (self._amount() or span[0]) + (1 if key == pygame.K_UP else -1))
                    )
                    self.typed = ""
                    self._arrange()
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._press("bid")
            return False  # the bid box takes digits: no letter decides the auction
        if key == pygame.K_r and self._cultivating():
            self.rotation = (self.rotation + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % 4
            return True
        presses = {
            pygame.K_p: "pass",
            pygame.K_e: "end_turn",
            pygame.K_d: "discard",
            pygame.K_s: "sell",
            pygame.K_a: "attack",
            pygame.K_n: "no_attack",
        }
        if key in presses:
            return self._press(presses[key])
        if pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            hand = self.hand()
            if index < len(hand):
                return self._choose(self.hand_rects[index][1])
        return False

    # -- what happened ----------------------------------------------------------------------------

    def on_events(self, events: Sequence[Event]) -> None:
        self._refresh()
        data = self._view
        hand = self.hand()
        if self.selected not in hand:
            self.selected = None
        if data.phase != "conquest":
            self.support, self.targets = None, set()
        self.amount, self.typed = None, ""
        if self.ctx.seat is None:
            self.hover_card = None
        if not events:
            self._pops.clear()
        for event in events:
            fields: list[int] = []
            kind = ""
            if event.kind == "irrigate":
                fields, kind = [event.data["field"]], "drop"
            elif event.kind == "cultivate":
                fields, kind = list(event.data["raised"]), "rise"
            elif event.kind == "conquest":
                fields, kind = list(event.data["fields"]), "flip"
            for f in fields:
                tween = Tween(0.5 if kind == "flip" else 0.4)
                self._pops[f] = (kind, tween)
                self.animations.append(tween)
        self._arrange()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._pops = {f: p for f, p in self._pops.items() if not p[1].done}

    # -- side panel, help and prompt ------------------------------------------------------------------

    def players_summary(self) -> list[PlayerSummary]:
        data = self.data
        target = self.economy.target_points
        out = []
        for seat, name in enumerate(self.ctx.names):
            points = data.seats[seat].points
            own = data.hand if seat == self.ctx.seat else None  # only the seat looking sees its mana
            details = [
                _("{count} to win", count=max(0, target - points)),
                _("{count} in hand", count=data.seats[seat].hand_size),
                _("{amount} mana", amount=own.mana) if own is not None else _("mana hidden"),
            ]
            out.append(PlayerSummary(seat, name, self.ctx.colour(seat), str(points), details))
        return out

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("1 … 9", _("Choose a card of the hand")),
            (_("R / wheel"), _("Turn the chosen cultivation card (Shift+R back)")),
            (_("Right click"), _("Put the chosen card back")),
            ("P", self._button_tip("pass")),
            ("E", self._button_tip("end_turn")),
            ("S", self._button_tip("sell")),
            ("D", self._button_tip("discard")),
            ("A", self._button_tip("attack")),
            ("N", self._button_tip("no_attack")),
            (_("0-9, Enter"), _("Type a bid and make it")),
        ]

    def tooltip_at(self, pos: tuple[int, int]) -> Tooltip | None:
        if self.ctx.seat is None:
            return None
        return button_tooltip([self.buttons[key] for key in self.shown] + list(self.quick.values()), pos)

    def prompt(self) -> str | None:
        if not self.my_turn():
            return None
        data = self.data
        if data.auction is not None:
            if data.auction.bid:
                return _("Raise the bid or accept it.")
            return _("Open the bidding for the conquest.")
        if data.phase == "conquest":
            return _("Attack from the new tile, or do not attack.")
        if self._cultivating():
            return _("Slide the card over your land; R or the mouse wheel turns it; a click cultivates.")
        if not data.played:
            return _("Irrigate one or two fields, cultivate, or pass; trade cultivation cards at any time.")
        if self.legal.irrigate:
            return _("Water a second field or end the turn.")
        return _("End the turn.")
