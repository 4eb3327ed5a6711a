"""The game view contract: how a game draws its board inside the app's game screen.

The game screen (tabletop/ui/game_screen/) is the same for every game: top bar
with whose turn it is and the undo/redo/save/menu buttons, the players panel, the
dice tray, the log, the privacy curtain, the dice dialog for real dice, toasts
and the result overlay. A game adds one class, its view, which subclasses
`GameView` and fills the board area. tabletop/games/testgame/view.py is the
worked example.

What a view gets (`self.ctx`, a `ViewContext`):
  - `ctx.view()`: the match as the players at the table may see it now, i.e.
    `match.view(seat)` for the seat behind the curtain, or the public view.
    Views draw from this and never look at secrets any other way.
  - `ctx.seat`: that seat (None while the curtain is closed or nobody holds secrets).
  - `ctx.legal_actions()`, `ctx.describe(action)`, `ctx.check(action)` (why a move
    is not allowed, in words, or None), `ctx.actor`, `ctx.names`,
    `ctx.colour(seat)`, `ctx.over`: reading helpers.
  - `ctx.submit(action)`: play an action. The frame checks it with the rules,
    shows the reason of an illegal one as a toast, rolls chance steps, autosaves,
    and calls `on_events`. Returns True when the action was carried out.
  - `ctx.theme`: sizes (`px`), fonts (`font`) for the current window; tabletop.ui.art
    has the shared artwork (cards, dice, pawns, panels, text).

What a view implements:
  - `layout(rect)`: the board area moved or changed size; place everything and
    set `self.private_area` to the part that shows secrets (a hand), or None if
    the view never shows any. Call super().layout(rect).
  - `draw(surface)`: the public board, inside `self.rect`.
  - `draw_private(surface)`: the revealed seat's secrets inside `self.private_area`;
    only called while `ctx.seat` is not None. Behind a closed curtain the frame
    covers `private_area` (the whole board area when it is None) instead.
  - `handle_event(event) -> bool`: mouse and keys over the board; True when the
    event was used. Keys reach the view only as shortcuts (see `plain_key`): the
    game screen keeps Ctrl/Alt/Meta combinations, and every key while a text field
    has the focus, away from it.
  - `update(dt)` and `is_animating()`: the frame ticks at 60 fps only while some
    view, tray or dialog animates; otherwise the app sleeps. `self.animations`
    with `Tween` does the usual case.
  - `on_events(events)`: called after every change (action, chance step, undo,
    redo, curtain) with the new `Event`s (empty after undo); start animations here.
  - `players_summary()`: one `PlayerSummary` per seat with public scores.
  - `shortcuts()`: [(key, description)] of the view's own keys, for the F1 help.
  - `prompt()`: optional short line telling the player to act what to do.
  - `tooltip_at(pos)`: the `Tooltip` of the control under the pointer (what it does,
    its key, why it is off), or None; the game screen shows it in pygame_gui's
    tooltip once the pointer rests there. By default it comes from `self.hits`.

Controls on the board are `BoardButton`s (its docstring says why they are not
pygame_gui buttons): views that lay their controls out while drawing call
`self.button(...)`, which draws one and records its `Hit` (where a click lands,
its keys, its tooltip) in `self.hits`; `hit_at` finds the one under a point.

Views must not change the match; every user-facing string goes through `_()`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.engine.core import CHANCE, Action, Event, IllegalAction
from tabletop.i18n import _
from tabletop.i18n import marked as marked  # the views translate their N_() texts with it
from tabletop.ui import art
from tabletop.ui import theme as th

if TYPE_CHECKING:
    from tabletop.engine.match import Match


#: the modifiers that make a key another command (Ctrl+A selects a text, AltGr+E types €);
#: Shift is not one of them (Shift+R turns back), nor Caps or Num Lock
COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_MODE


def plain_key(event: pygame.event.Event) -> bool:
    """True for a key press that a one-key shortcut may read: no Ctrl, Alt, Meta or
    AltGr held, so Ctrl+E is never read as E."""
    return event.type == pygame.KEYDOWN and not event.mod & COMMAND_MODS


@dataclass
class PlayerSummary:
    """What the players panel shows for one seat."""

    seat: int
    name: str
    colour: tuple[int, int, int]
    #: the public score as shown, e.g. "12"
    score: str = ""
    #: short public facts, e.g. ["3 cards in hand"]
    details: list[str] = field(default_factory=list)


class ViewContext:
    """What the game screen gives a view: read access to the match, the seat behind
    the curtain, the theme, and `submit` for actions."""

    def __init__(
        self,
        match: Match,
        submit: Callable[[Action], bool],
        seat: Callable[[], int | None],
        theme: Callable[[], th.Theme],
    ) -> None:
        self.match = match
        self.submit = submit
        self._seat = seat
        self._theme = theme

    @property
    def seat(self) -> int | None:
        """The seat whose secrets may be shown now, or None."""
        return self._seat()

    @property
    def theme(self) -> th.Theme:
        return self._theme()

    @property
    def rules(self) -> Any:
        return self.match.rules

    @property
    def actor(self) -> int | None:
        """The seat to act, CHANCE while dice or cards are pending, None when over."""
        return self.match.actor

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def names(self) -> list[str]:
        return self.match.player_names

    def view(self) -> Any:
        """The match as the table may see it now (the revealed seat's view)."""
        return self.match.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (empty behind a closed curtain when
        the actor holds secrets, so nothing private leaks through the choices)."""
        holder = self.match.rules.secret_holder(self.match.state)
        if holder is not None and holder == self.actor and self.seat != holder:
            return []
        return self.match.legal_actions()

    def describe(self, action: Action) -> str:
        return self.match.rules.describe(self.match.state, action).render(self.names)

    def check(self, action: Action) -> str | None:
        """Why `action` of the seat to act is not allowed now, in words, or None
        when it is. Behind a closed curtain the reason could tell a secret (what
        the seat can afford), so only a revealed seat's own moves are judged."""
        holder = self.match.rules.secret_holder(self.match.state)
        if holder is not None and holder == self.actor and self.seat != holder:
            return _("It is not your turn.")
        try:
            self.match.rules.check(self.match.state, action)
        except IllegalAction as err:
            return err.reason.render(self.names)
        return None

    def colour(self, seat: int) -> tuple[int, int, int]:
        """The rgb colour of a seat's player."""
        return seat_colour(self.match, seat)


def seat_colour(match: Match, seat: int | None) -> tuple[int, int, int]:
    """The rgb colour of `seat` from the rules' colour list (grey if unknown)."""
    if seat is None or seat < 0 or seat >= len(match.players):
        return (128, 128, 128)
    key = match.players[seat].colour
    for k, _label, rgb in match.rules.colours():
        if k == key:
            return rgb
    return (128, 128, 128)


def ease_out(t: float) -> float:
    """Fast start, gentle stop (cubic)."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


class Tween:
    """A value going from 0 to 1 over `duration` seconds (eased), for animations."""

    def __init__(self, duration: float, on_done: Callable[[], Any] | None = None, delay: float = 0.0) -> None:
        self.duration = max(0.001, duration)
        self.elapsed = -delay
        self.on_done = on_done

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def t(self) -> float:
        """Eased progress 0..1."""
        return ease_out(self.elapsed / self.duration)

    @property
    def raw(self) -> float:
        return max(0.0, min(1.0, self.elapsed / self.duration))

    def step(self, dt: float) -> None:
        was_done = self.done
        self.elapsed += dt
        if self.done and not was_done and self.on_done:
            self.on_done()


#: the body of a button that is off (every game's buttons share it)
DISABLED = (150, 140, 124)
#: the ink of a button that is off
DISABLED_INK = (96, 88, 76)


@dataclass(frozen=True)
class Tooltip:
    """What a control under the pointer says, and the control's rectangle (the
    tooltip shows beside it)."""

    text: str
    rect: pygame.Rect


@dataclass
class Hit:
    """A control drawn this frame, where a click lands: its name ("end_turn",
    "give-wood", "tool-measure"), its rectangle, what a click does (only while it is
    enabled), its keys, what a right click does, and its tooltip ("" for none)."""

    name: str
    rect: pygame.Rect
    on_click: Callable[[], Any]
    enabled: bool = True
    keys: tuple[int, ...] = ()
    on_right_click: Callable[[], Any] | None = None
    tooltip: str = ""


def with_key(what: str, key: str) -> str:
    """A tooltip's text naming its shortcut key: "End the turn (E)"."""
    return _("{action} ({key})", action=what, key=key) if key else what


def hit_at(hits: Sequence[Hit], pos: tuple[int, int]) -> Hit | None:
    """The control under `pos` drawn last (on top of the others), enabled or not."""
    for hit in reversed(hits):
        if hit.rect.collidepoint(pos):
            return hit
    return None


class BoardButton:
    """A button on the board: enabled or off, lit while the pointer is over it,
    pressed in while `selected`, with its shortcut key in a corner (when there is
    room) and a tooltip saying what it does, its key, and why it is off.

    Drawn by hand on purpose, not a pygame_gui UIButton. The view contract has each
    view draw the board onto a surface and handle its own events: a view lays its
    buttons out while it draws (which ones show depends on the moment of the game),
    draws them on its own panels in the board's style, with its own artwork inside
    (Catan's resource costs, a player's colour), and draws the private ones in
    `draw_private`, under the curtain the frame draws over them. A UIButton lives
    in the screen's UIManager instead: it is drawn after and above everything the
    view draws (over the closed curtain too), takes the events before the view,
    and would have to be created, moved and killed whenever the view lays itself
    out again. So every game draws its buttons with this one class; only the
    tooltip is pygame_gui's: a view answers `GameView.tooltip_at` and the game
    screen shows the text in pygame_gui's tooltip, as for its own buttons.

    The state (`rect`, `enabled`, `selected`, `reason`, `hovered`) is set by the
    view before drawing; `label`, `tip` and `reason` are translated texts.
    """

    def __init__(
        self,
        label: str = "",
        key: str = "",
        *,
        tip: str = "",
        colour: tuple[int, int, int] = th.PARCHMENT,
        font_size: float = th.BODY,
        shadow: bool = False,
        icons: Sequence[pygame.Surface] = (),
        note: str = "",
    ) -> None:
        self.label = label
        #: the shortcut as the players read it ("H", "Space"), or ""
        self.key = key
        #: what the button does, for its tooltip ("" uses the label)
        self.tip = tip
        self.colour = colour
        self.font_size = font_size
        #: a soft shadow under the button (for the large buttons standing alone)
        self.shadow = shadow
        #: a row of small pictures under the label (see `icon_size`), or a note
        self.icons = list(icons)
        self.note = note
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.selected = False
        self.hovered = False
        #: why the button is off, in words ("" when the game gives no reason)
        self.reason = ""

    @staticmethod
    def icon_size(theme: th.Theme) -> int:
        """The size of the pictures under the label."""
        return theme.font(th.SMALL).get_height() + theme.px(2)

    @staticmethod
    def label_lines(theme: th.Theme, label: str, width: int, font_size: float = th.BODY) -> list[str]:
        """The label on a face `width` wide: one line, or two where one line (drawn
        a little smaller first) would still cut it and two lines, split where they
        are most even, are whole (a face gets the height of two lines from `height`)."""
        font = theme.font(font_size, bold=True)
        room = width - theme.px(16)
        if art.shrunk(label, font, room).size(label)[0] <= room:
            return [label]
        words = label.split(" ")
        splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
        if not splits:
            return [label]
        even = min(splits, key=lambda lines: max(font.size(line)[0] for line in lines))
        widest = max(even, key=lambda line: font.size(line)[0])
        return even if art.shrunk(widest, font, room).size(widest)[0] <= room else [label]

    @staticmethod
    def height(theme: th.Theme, lines: int, font_size: float = th.BODY) -> int:
        """The height of a face that shows `lines` lines of its label (one: none asked)."""
        return theme.font(font_size, bold=True).get_linesize() * lines + theme.px(16)

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when a click at `pos` presses the button (it is on and under it)."""
        return self.enabled and self.rect.collidepoint(pos)

    def hover(self, pos: tuple[int, int]) -> bool:
        """Follow the pointer; True when the hover state changed (redraw)."""
        now = bool(self.rect.collidepoint(pos))
        changed = now != self.hovered
        self.hovered = now
        return changed

    def tooltip(self) -> str:
        """What the button does, with its key; on a second line why it is off."""
        what = with_key(self.tip or self.label, self.key)
        if not self.enabled and self.reason:
            return f"{what}\n{self.reason}"
        return what

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        t = theme
        rect = self.rect
        if rect.w <= 0 or rect.h <= 0:
            return
        radius = min(rect.h // 3, t.px(14))
        depth = t.px(4) if rect.h >= t.px(48) else t.px(3)
        body = self.colour if self.enabled else DISABLED
        if self.hovered and self.enabled:
            body = art.shade(body, 1.15)
        # a chosen button keeps its colour (a darker face reads as off): it is
        # pressed in and ringed in gold
        if self.selected:  # pressed in: the face sits on its base
            face = rect.move(0, depth)
        else:
            if self.shadow:
                art.drop_shadow(surface, rect, radius, t.px(10), (0, t.px(4)))
            art.rounded_rect(surface, rect.move(0, depth), art.shade(body, 0.6), radius)
            face = rect
        if self.selected:
            ring = t.px(3)
            pygame.draw.rect(
                surface, th.GOLD, face.inflate(ring * 2, ring * 2), max(2, ring), border_radius=radius + ring
            )
        art.rounded_rect(surface, face, body, radius)
        pygame.draw.rect(
            surface,
            th.GOLD if self.selected else art.shade(body, 0.5),
            face,
            max(2, t.px(3)) if self.selected else max(1, t.px(2)),
            border_radius=radius,
        )
        ink = art.ink_on(body) if self.enabled else DISABLED_INK
        font = t.font(self.font_size, bold=True)
        small = t.font(th.SMALL)
        second = bool(self.icons or self.note)
        # a long label takes two lines where the face has their height
        label = self.label_lines(t, self.label, face.w, self.font_size) if not second else [self.label]
        if face.h < self.height(t, len(label), self.font_size):
            label = [self.label]
        lines_h = font.get_linesize() * (len(label) - 1) + font.get_height()
        lines_h += small.get_height() + t.px(2) if second else 0
        top = face.centery - lines_h // 2
        text_w = face.w - t.px(16)
        if self.key:
            key_font = t.font(th.SMALL, bold=True)
            kw = key_font.size(self.key)[0] + t.px(10)
            # the key only where the label still fits whole beside it
            if font.size(self.label)[0] <= text_w - kw * 2:
                key_rect = pygame.Rect(face.right - kw - t.px(6), face.y + t.px(5), kw, key_font.get_height())
                art.rounded_rect(surface, key_rect, (*art.shade(body, 0.75), 255), t.px(5))
                art.text(surface, self.key, key_font, ink, key_rect.center, "center")
                text_w -= kw * 2
        # two lines at one size: the wider one's
        shown = art.shrunk(max(label, key=lambda line: font.size(line)[0]), font, text_w) if len(label) > 1 else font
        for number, line in enumerate(label):
            at = (face.centerx, top + number * font.get_linesize())
            art.text(surface, line, shown, ink, at, "midtop", max_width=text_w)
        below = top + lines_h - (small.get_height() + t.px(2) if second else 0)
        if self.icons:
            size = self.icons[0].get_width()
            step = min(size + t.px(2), (face.w - t.px(16)) // len(self.icons))
            x = face.centerx - (step * len(self.icons)) // 2
            for icon in self.icons:
                surface.blit(icon, (x, below))
                x += step
        elif self.note:
            art.text(
                surface, self.note, small, ink, (face.centerx, below + t.px(2)), "midtop", max_width=face.w - t.px(12)
            )


def button_tooltip(buttons: Iterable[BoardButton], pos: tuple[int, int]) -> Tooltip | None:
    """The tooltip of the button under `pos` among `buttons`, or None."""
    for button in buttons:
        if button.rect.collidepoint(pos):
            return Tooltip(button.tooltip(), pygame.Rect(button.rect))
    return None


class GameView:
    """Base class of a game's view; see the module docstring for the contract."""

    #: the colour of a `button` unless told otherwise
    button_colour: tuple[int, int, int] = th.PARCHMENT
    #: the rolls the dice tray shows at once (a game whose rolls come in groups,
    #: as one attack's, asks for more: the tray grows, the log gives way)
    dice_rows: int = 1

    def __init__(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: where the revealed seat's secrets are drawn (covered by the curtain)
        self.private_area: pygame.Rect | None = None
        #: running animations; `update` advances them and drops finished ones
        self.animations: list[Tween] = []
        #: where the pointer is, as the view last saw it (views update it)
        self.pointer: tuple[int, int] = (-1, -1)
        #: the controls drawn this frame, in drawing order (views that lay their
        #: controls out while drawing empty it first and add to it: `button`)
        self.hits: list[Hit] = []

    @property
    def theme(self) -> th.Theme:
        return self.ctx.theme

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_private(self, surface: pygame.Surface) -> None:
        """Draw the revealed seat's secrets; views without secrets keep this empty."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        for tween in list(self.animations):
            tween.step(dt)
        self.animations = [a for a in self.animations if not a.done]

    def is_animating(self) -> bool:
        return bool(self.animations)

    def on_events(self, events: Sequence[Event]) -> None:
        """React to what just happened (start animations)."""

    def players_summary(self) -> list[PlayerSummary]:
        """Names and colours; games add their public scores."""
        return [PlayerSummary(seat, name, self.ctx.colour(seat)) for seat, name in enumerate(self.ctx.names)]

    def shortcuts(self) -> list[tuple[str, str]]:
        """The keys this game's screen handles: (key, what it does), translated."""
        return []

    def put_down(self) -> bool:
        """Esc: put down the tool or thing in hand (False: nothing is, so Esc opens
        the menu)."""
        return False

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The markers a new player sees on this game's board, for the help (F1): a
        small picture drawn with the game's own art and its translated label."""
        return []

    def prompt(self) -> str | None:
        return None

    def tooltip_at(self, pos: tuple[int, int]) -> Tooltip | None:
        """The tooltip of the control under `pos`, or None (by default from `hits`)."""
        hit = hit_at(self.hits, pos)
        if hit is None or not hit.tooltip:
            return None
        return Tooltip(hit.tooltip, pygame.Rect(hit.rect))

    # helpers for subclasses

    def button(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], Any],
        *,
        enabled: bool = True,
        selected: bool = False,
        keys: tuple[int, ...] = (),
        key: str = "",
        tip: str = "",
        reason: str = "",
        **style: Any,
    ) -> Hit:
        """Draw a `BoardButton` (lit when `pointer` is over it; `style`: its colour,
        font_size, shadow, icons, note) and add its control to `hits`: a click runs
        `on_click` while it is `enabled`, so do the `keys`; `key` names them in the
        corner and the tooltip; `reason` says why it is off."""
        style.setdefault("colour", self.button_colour)
        button = BoardButton(label, key, tip=tip, **style)
        button.rect = pygame.Rect(rect)
        button.enabled = enabled
        button.selected = selected
        button.reason = reason
        button.hover(self.pointer)
        button.draw(surface, self.theme)
        hit = Hit(name, button.rect, on_click, enabled, keys, tooltip=button.tooltip())
        self.hits.append(hit)
        return hit

    def my_turn(self) -> bool:
        """True when the revealed seat is the one to act (its controls are live)."""
        actor = self.ctx.actor
        return actor is not None and actor != CHANCE and self.ctx.legal_actions() != []
