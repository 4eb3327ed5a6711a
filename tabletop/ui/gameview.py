"""The game view contract: how a game draws its board inside the app's game screen.

The game screen (tabletop/ui/game_screen.py) is the same for every game: top bar
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
    event was used.
  - `update(dt)` and `is_animating()`: the frame ticks at 60 fps only while some
    view, tray or dialog animates; otherwise the app sleeps. `self.animations`
    with `Tween` does the usual case.
  - `on_events(events)`: called after every change (action, chance step, undo,
    redo, curtain) with the new `Event`s (empty after undo); start animations here.
  - `players_summary()`: one `PlayerSummary` per seat with public scores.
  - `shortcuts()`: [(key, description)] of the view's own keys, for the F1 help.
  - `prompt()`: optional short line telling the player to act what to do.

Views must not change the match; every user-facing string goes through `_()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from tabletop.engine.core import CHANCE, Action, Event, IllegalAction
from tabletop.i18n import Message, _
from tabletop.ui import art
from tabletop.ui import theme as th

if TYPE_CHECKING:
    from tabletop.engine.match import Match


def marked(text: str) -> str:
    """Translate a text marked with N_() where it was defined (a game's title,
    colour and option labels), now that it is shown."""
    return Message(text).render()


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

    def __init__(self, match: "Match", submit: Callable[[Action], bool], seat: Callable[[], int | None],
                 theme: Callable[[], th.Theme]) -> None:
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

    def view(self) -> dict[str, Any]:
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

    def colour_name(self, seat: int) -> str:
        key = self.match.players[seat].colour
        for k, label, _rgb in self.match.rules.colours():
            if k == key:
                return marked(label)
        return key


def seat_colour(match: "Match", seat: int) -> tuple[int, int, int]:
    """The rgb colour of `seat` from the rules' colour list (grey if unknown)."""
    if seat is None or seat < 0 or seat >= len(match.players):
        return (128, 128, 128)
    key = match.players[seat].colour
    for k, _label, rgb in match.rules.colours():
        if k == key:
            return tuple(rgb)  # type: ignore[return-value]
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


class BoardButton:
    """A button drawn on the board (a view's own control, such as Hold)."""

    def __init__(self, label: str, key: str = "") -> None:
        self.label = label
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.hovered = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def hover(self, pos: tuple[int, int]) -> bool:
        """Update the hover state; True when it changed (redraw)."""
        now = self.hit(pos)
        changed = now != self.hovered
        self.hovered = now
        return changed

    def draw(self, surface: pygame.Surface, theme: th.Theme, colour: tuple[int, int, int] = th.GOLD) -> None:
        r = self.rect
        if r.w <= 0:
            return
        radius = r.h // 4
        body = colour if self.enabled else (150, 140, 124)
        if self.hovered:
            body = art.shade(body, 1.15)
        art.drop_shadow(surface, r, radius, theme.px(10), (0, theme.px(4)))
        art.rounded_rect(surface, r.move(0, theme.px(4)), art.shade(body, 0.6), radius)
        art.rounded_rect(surface, r, body, radius)
        pygame.draw.rect(surface, art.shade(body, 0.5), r, max(1, theme.px(2)), border_radius=radius)
        font = theme.font(th.LARGE, bold=True)
        ink = art.ink_on(body)
        label_y = r.centery - (theme.fs(th.SMALL) // 2 if self.key else 0)
        art.text(surface, self.label, font, ink, (r.centerx, label_y), "center", max_width=r.w - theme.px(16))
        if self.key:
            art.text(surface, self.key, theme.font(th.SMALL), art.shade(ink, 0.9) if ink == th.INK else ink,
                     (r.centerx, label_y + font.get_height() // 2 + theme.px(4)), "midtop")


class GameView:
    """Base class of a game's view; see the module docstring for the contract."""

    def __init__(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: where the revealed seat's secrets are drawn (covered by the curtain)
        self.private_area: pygame.Rect | None = None
        #: running animations; `update` advances them and drops finished ones
        self.animations: list[Tween] = []

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
        return []

    def prompt(self) -> str | None:
        return None

    # helpers for subclasses

    def my_turn(self) -> bool:
        """True when the revealed seat is the one to act (its controls are live)."""
        actor = self.ctx.actor
        return actor is not None and actor != CHANCE and self.ctx.legal_actions() != []
