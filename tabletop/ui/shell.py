"""What the app and the layers on its screen (a screen, dialogs over it) give each
other: a layer asks the app through `Shell` (open another screen, open or close a
dialog, tell the players something, read the settings, the theme and the clock);
the app asks a layer through `Layer` (build your widgets, draw, take this event).

Screens and dialogs type against `Shell`, never against the app itself, and go to
another screen through it: only the app knows the concrete screens.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th

#: the modifier of the app's own commands (Ctrl+Z, Ctrl+S ...; Cmd on macOS)
COMMAND_KEYS = pygame.KMOD_CTRL | pygame.KMOD_META

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryBox, UITextEntryLine

    from tabletop.engine.core import Setup
    from tabletop.engine.rules import GameRules
    from tabletop.settings import Settings

#: a kind of layer (Shell.push returns what it is given, Shell.find what it looks for)
L = TypeVar("L", bound="Layer")


def fault_text(err: BaseException) -> str:
    """A fault tabletop did not expect: a sentence for the players first, the
    technical detail below it, for a bug report."""
    return "\n".join(
        [
            _("Something went wrong inside tabletop that it did not expect; the launcher keeps working."),
            "",
            _("Details for a bug report: {detail}", detail=f"{type(err).__name__}: {err}"),
        ]
    )


class Shell(Protocol):
    """What a screen or a dialog may ask of the app."""

    settings: Settings
    theme: th.Theme
    #: the launcher also offers test-only games (for the tests)
    include_hidden: bool
    #: each game's new-game form as the players left it, kept while the app runs
    new_game_forms: dict[str, dict[str, Any]]

    @property
    def size(self) -> tuple[int, int]: ...

    # -- the layers ----------------------------------------------------------------

    @property
    def top(self) -> Layer | None: ...

    def push(self, layer: L) -> L:
        """Open `layer` on top (a dialog)."""
        ...

    def pop(self, layer: Layer | None = None) -> None:
        """Close `layer` (default: the top one) and everything above it."""

    def find(self, kind: type[L]) -> L | None:
        """The topmost open layer of class `kind`."""

    def rebuild(self, layer: Layer | None = None) -> None:
        """Rebuild the widgets of `layer`, or of every layer."""

    # -- going to another screen -----------------------------------------------------

    def open_launcher(self) -> None: ...

    def open_new_game(self, game_id: str, rules: GameRules) -> None:
        """The new-game screen of a game (whose data may raise DataError)."""

    def new_game(self, game_id: str, setup: Setup, seed: int) -> bool:
        """Start a match and show it; a problem shows a message (False)."""
        ...

    def resume(self, path: Path) -> bool:
        """Continue a save and show it; a broken save says why (False)."""
        ...

    def quit(self, code: int = 0) -> None: ...

    # -- telling the players ---------------------------------------------------------

    def toast(self, content: str) -> None:
        """A short note that goes away by itself."""

    def message(self, title: str, content: str, on_close: Callable[[], Any] | None = None) -> Layer:
        """A dialog with a message and OK."""
        ...

    def fault(self, title: str, err: BaseException, first_line: str | None = None) -> None:
        """A fault tabletop did not expect, in a dialog."""

    def toggle_help(self) -> None: ...

    def shortcuts(self) -> list[tuple[str, str]]:
        """Every key F1 lists."""
        ...

    def moves_now(self) -> list[str]:
        """What the rules allow now, for F1."""
        ...

    # -- settings ----------------------------------------------------------------------

    @property
    def fullscreen(self) -> bool: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def set_language(self, code: str) -> None: ...

    def settings_changed(self) -> None:
        """The settings dialog closed: every layer hears of it (Layer.settings_changed)."""

    # -- the clock and the input ---------------------------------------------------------

    def defer(self, fn: Callable[[], Any]) -> None:
        """Run `fn` once the current event is handled (safe to change layers)."""

    def after(self, seconds: float, fn: Callable[[], Any]) -> None:
        """Run `fn` after `seconds`."""

    def focused_entry(self) -> UITextEntryLine | UITextEntryBox | None:
        """The top layer's text field that has the focus."""
        ...

    def mouse_pos(self) -> tuple[int, int]:
        """The pointer in surface pixels."""
        ...


class Layer:
    """A screen (the bottom layer) or a dialog over it.

    Subclasses create widgets in `build` (from their own attributes, so a rebuild
    keeps what the players entered; `remember` copies widget values back first),
    draw their artwork in `draw`, and react to input in `handle_event`.
    """

    #: a dialog: dims what is below and closes with Esc
    modal = False

    def __init__(self, app: Shell) -> None:
        self.app = app
        #: the manager of this layer's widgets: the app gives each layer a new one
        #: whenever it builds it (Shell.push, Shell.rebuild)
        self.ui: pygame_gui.UIManager
        self.theme: th.Theme = app.theme
        self.rect = pygame.Rect((0, 0), app.size)

    # -- life cycle ---------------------------------------------------------------

    def has_widgets(self) -> bool:
        """False while the layer makes no widgets in `build` (the launcher's first
        frame): it is then built without pygame_gui, and rebuilds itself once it
        has them."""
        return True

    def build(self) -> None:
        """Create the widgets for the current window size and language."""

    def remember(self) -> None:
        """Copy what the players typed or chose from the widgets into attributes,
        before the widgets are rebuilt."""

    def opened(self) -> None:
        """Called once, after the first build."""

    def closed(self) -> None:
        """Called when the layer leaves the stack."""

    def settings_changed(self) -> None:
        """Called (deferred) when the settings dialog closes."""

    # -- frame --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds."""

    def is_animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the artwork below this layer's widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what must lie above this layer's widgets."""

    # -- input --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event pygame_gui did not consume; True when handled."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.escape()
        return False

    def escape(self) -> bool:
        """Esc: a dialog closes; screens decide for themselves."""
        if self.modal:
            self.app.pop(self)
            return True
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        """(key, what it does) pairs this layer adds to the F1 help."""
        return []

    def moves_now(self) -> list[str]:
        """What the rules let the player to act do now, a line each, for the F1
        help (a game's screen answers from the game's declared moves)."""
        return []

    def toast_anchor(self) -> tuple[int, int] | None:
        """Where short notes appear (their bottom centre); None: low in the window."""
        return None

    # -- widget helpers -----------------------------------------------------------

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        command: Callable[[], Any],
        object_id: str | None = None,
        tooltip: str | None = None,
        enabled: bool = True,
    ) -> UIButton:
        """A pygame_gui button whose command runs after the current event."""
        from pygame_gui.elements import UIButton

        widget = UIButton(
            pygame.Rect(rect),
            label,
            self.ui,
            tool_tip_text=html.escape(tooltip) if tooltip else None,
            object_id=object_id,
            command=lambda _data: self.app.defer(command),
        )
        if not enabled:
            widget.disable()
        return widget

    def label(self, rect: pygame.Rect, content: str, object_id: str | None = None) -> UILabel:
        from pygame_gui.elements import UILabel

        return UILabel(pygame.Rect(rect), content, self.ui, object_id=object_id)

    def entry(
        self,
        rect: pygame.Rect,
        content: str = "",
        limit: int | None = None,
        numbers_only: bool = False,
        ghost: bool = False,
    ) -> UITextEntryLine:
        """A one-line text field; a `ghost` field has no background of its own (the
        layer draws it, with a grey hint while the field is empty: see `draw_field`)."""
        from pygame_gui.elements import UITextEntryLine

        widget = UITextEntryLine(
            pygame.Rect(rect), self.ui, initial_text=content or None, object_id="#ghost" if ghost else None
        )
        if limit:
            widget.set_text_length_limit(limit)
        if numbers_only:
            widget.set_allowed_characters("numbers")
        return widget

    def draw_field(self, surface: pygame.Surface, widget: UITextEntryLine, hint: str) -> None:
        """The background of a ghost text field, with `hint` in grey while it is empty."""
        t = self.theme
        rect = widget.rect
        art.rounded_rect(surface, rect, (255, 252, 243), t.px(8))
        if not widget.get_text() and not widget.is_focused:
            art.text(
                surface,
                hint,
                t.font(th.BODY, italic=True),
                (150, 132, 110),
                (rect.x + t.px(12), rect.centery),
                "midleft",
                max_width=rect.w - t.px(20),
            )

    def dropdown(self, rect: pygame.Rect, options: Sequence[tuple[str, str]], selected: str) -> UIDropDownMenu:
        """A drop-down of (label, id) options with the option of id `selected` shown;
        low in the window it opens upwards."""
        from pygame_gui.elements import UIDropDownMenu

        choices: list[str | tuple[str, str]] = list(options)
        start = next((o for o in options if o[1] == selected), options[0])
        rect = pygame.Rect(rect)
        up = rect.centery > self.rect.h * 0.62
        return UIDropDownMenu(choices, start, rect, self.ui, object_id="#up" if up else None)
