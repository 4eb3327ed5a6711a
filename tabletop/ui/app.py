"""The app: one window, a stack of layers (screen + dialogs) and an event-driven loop.

Nothing is drawn while nothing changes: the loop blocks in pygame.event.wait()
and redraws only after input, a resize, a timer (a message that expires) or
while something animates. While a text field has the focus it wakes twice a
second so the cursor blinks, and then redraws only the field (over a copy of the
frame kept for it); for a moment after the pointer rests on a button it keeps
updating so the tooltip can appear.

Tests drive the same code without a real window: `App(headless=True)` draws on a
plain surface, `process(events)` handles events and `run_until_idle()` steps the
loop until nothing is queued or animating.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

if sys.platform == "win32":
    # draw at the screen's real resolution on HiDPI laptops instead of blurry upscaling;
    # elsewhere the window asks for it (allow_high_dpi, see App._open_window)
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
# the window class the Linux desktop entry names (StartupWMClass), so the dock
# shows tabletop's icon whether it runs from source or from the build
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "tabletop")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "tabletop")

import pygame  # noqa: E402

from tabletop import i18n  # noqa: E402
from tabletop.i18n import N_, _  # noqa: E402
from tabletop.settings import Settings  # noqa: E402
from tabletop.ui import art, caches  # noqa: E402
from tabletop.ui import theme as th  # noqa: E402
from tabletop.ui.gameview import marked  # noqa: E402

if TYPE_CHECKING:
    from pygame_gui.elements import UITextEntryBox, UITextEntryLine

    from tabletop.engine.core import Setup
    from tabletop.engine.match import Match
    from tabletop.engine.saves import Autosaver
    from tabletop.ui.layers import Layer, MessageDialog

#: a kind of layer (App.push returns what it is given, App.find what it looks for)
L = TypeVar("L", bound="Layer")

#: what the window opens with besides the launcher: a new game ("new", game id,
#: Setup, seed), a save to resume ("resume", path) or a save the command line
#: has loaded ("open", Autosaver); None: the launcher alone
Start: TypeAlias = (
    "tuple[Literal['new'], str, Setup, int] | tuple[Literal['resume'], str | Path] "
    "| tuple[Literal['open'], Autosaver] | None"
)

MIN_SIZE = (1280, 680)
#: at most this many frames per second, also while animating
FPS = 60
#: after the pointer stops on a widget, keep updating this long (tooltips)
SETTLE_SECONDS = 1.4
#: a focused text field wakes the loop this often (cursor blink)
BLINK_SECONDS = 0.45
TOAST_SECONDS = 4.0
#: after a resize, free the old size's widgets and pictures this much later (one
#: collection for a whole drag of the window's edge)
RELEASE_SECONDS = 1.0

_GLOBAL_SHORTCUTS = (
    ("F1", N_("Show or hide this help")),
    ("F11", N_("Full screen on or off")),
    ("Esc", N_("Menu, back, or close a dialog")),
)


_format_window: pygame.Window | None = None


def _pixel_format_window() -> None:
    """Drawing without a window still needs a pixel format (pygame_gui converts its
    images): one hidden 1x1 window provides it."""
    global _format_window
    if _format_window is None:
        _format_window = pygame.Window("tabletop", (1, 1), hidden=True)
        _format_window.get_surface()


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


class App:
    """The running program: window, layers, settings, and the loop."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        headless: bool = False,
        include_hidden: bool = False,
        settings: Settings | None = None,
    ) -> None:
        if settings is None:
            settings, problem = Settings.load()
        else:
            problem = None
        self.settings = settings
        if settings.language != i18n.language():
            i18n.set_language(settings.language)
        self.headless = headless
        #: the launcher also offers test-only games (for the tests)
        self.include_hidden = include_hidden
        caches.map_large_pictures()
        pygame.display.init()
        pygame.font.init()
        self.window: pygame.Window | None = None
        #: drawable pixels per window unit: 2 on a HiDPI screen that measures
        #: windows in points (macOS, Wayland), else 1
        self.pixel_ratio = 1.0
        if headless:
            _pixel_format_window()
            self.surface = pygame.Surface(size or MIN_SIZE)
        else:
            self._open_window(size)
        self.theme = th.Theme(self.surface.get_size())
        self._gui_theme: dict[str, Any] | None = None
        self.layers: list[Layer] = []
        self._deferred: list[Callable[[], Any]] = []
        self._timers: list[tuple[float, Callable[[], Any]]] = []
        self.running = True
        self.exit_code = 0
        self.settle_until = 0.0
        self.toast_text: str | None = None
        self._toast_until = 0.0
        self.frames = 0
        self._resize_pending = False
        #: memory is returned to the system a moment after a resize
        self._release_due = False
        self._last_draw = 0.0
        #: the last frame up to the top layer's widgets, while a text field has
        #: the focus: a cursor blink redraws the field over it (see `blink`)
        self._under: pygame.Surface | None = None
        self._under_kept = False
        #: cursor blinks drawn (each redraws only the field)
        self.blinks = 0
        if problem:
            self.after(
                0,
                lambda: self.message(
                    _("Settings"),
                    _("The settings file could not be read; the defaults are used.\n{problem}", problem=problem),
                ),
            )

    # -- window ------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int] | None) -> None:
        desktop = pygame.display.get_desktop_sizes()[0] if pygame.display.get_num_displays() else (1920, 1080)
        if size is None:
            if Settings.path().exists():
                size = self.settings.window
            else:
                size = (int(desktop[0] * 0.86), int(desktop[1] * 0.86))
            size = (max(MIN_SIZE[0], min(size[0], desktop[0])), max(MIN_SIZE[1], min(size[1], desktop[1])))
        # allow_high_dpi: on macOS and Wayland the window surface then has the
        # screen's real pixels (SDL 2.26+ sizes it by SDL_GetWindowSizeInPixels)
        # while the window size and the mouse stay in points
        self.window = pygame.Window(_("tabletop"), size, resizable=True, allow_high_dpi=True)
        self.window.minimum_size = MIN_SIZE
        icon = art.sprite("icon.png")
        if icon is not None:
            self.window.set_icon(icon)
        if self.settings.fullscreen:
            self.window.set_fullscreen(desktop=True)
        self.surface = self.window.get_surface()
        self._measure_pixels()

    def _measure_pixels(self) -> None:
        """How many surface pixels one window unit (and mouse unit) holds."""
        if self.window is not None and self.window.size[0] > 0:
            self.pixel_ratio = self.surface.get_width() / self.window.size[0]

    def mouse_pos(self) -> tuple[int, int]:
        """The pointer in surface pixels (what layers draw and hit-test in)."""
        x, y = pygame.mouse.get_pos()
        return int(x * self.pixel_ratio), int(y * self.pixel_ratio)

    def _in_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position in surface pixels, for the layers
        (pygame_gui scales by itself: mouse_pos_scale_factor)."""
        if self.pixel_ratio == 1.0 or not hasattr(event, "pos"):
            return event
        ratio = self.pixel_ratio
        attributes = dict(event.dict)
        attributes["pos"] = (int(event.pos[0] * ratio), int(event.pos[1] * ratio))
        if "rel" in attributes:
            attributes["rel"] = (int(event.rel[0] * ratio), int(event.rel[1] * ratio))
        return pygame.event.Event(event.type, attributes)

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    @property
    def fullscreen(self) -> bool:
        return self.settings.fullscreen

    def set_fullscreen(self, on: bool) -> None:
        """Full screen on or off (remembered in the settings)."""
        if on == self.settings.fullscreen:
            return
        if self.window is not None:
            if on:
                self.settings.window = self.window.size
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                self.window.size = self.settings.window
        self.settings.fullscreen = on
        self.settings.save()
        self._resized()

    def _resized(self) -> None:
        ratio = self.pixel_ratio
        if self.window is not None:
            self.surface = self.window.get_surface()
            self._measure_pixels()
        if self.theme.size == self.size and ratio == self.pixel_ratio:
            return
        # the pictures of the old size are not shown again: drop them before drawing the new ones
        caches.window_resized()
        self.theme = th.Theme(self.size)
        self._gui_theme = None
        self.rebuild()
        if not self._release_due:
            # once the window stops changing: the old widgets are garbage in cycles by now
            self._release_due = True
            self.after(RELEASE_SECONDS, self._release_memory)

    def _release_memory(self) -> None:
        self._release_due = False
        caches.release_memory()

    def resize(self, size: tuple[int, int]) -> None:
        """Change the window (or offscreen surface) size."""
        if self.window is not None:
            self.window.size = size
        else:
            self.surface = pygame.Surface(size)
        self._resized()

    # -- layers ------------------------------------------------------------------

    def gui_theme(self) -> dict[str, Any]:
        if self._gui_theme is None:
            self._gui_theme = self.theme.gui_theme()
        return self._gui_theme

    def _build(self, layer: Layer, first: bool = False) -> None:
        import pygame_gui

        if not first:
            layer.remember()
        layer.theme = self.theme
        layer.rect = pygame.Rect((0, 0), self.size)
        layer.ui = pygame_gui.UIManager(self.size, self.gui_theme(), enable_live_theme_updates=False)
        layer.ui.mouse_pos_scale_factor = [self.pixel_ratio, self.pixel_ratio]
        layer.build()

    def rebuild(self, layer: Layer | None = None) -> None:
        """Rebuild the widgets of `layer`, or of every layer (new size or language)."""
        for each in [layer] if layer is not None else list(self.layers):
            self._build(each)

    def push(self, layer: L) -> L:
        """Open `layer` on top (a dialog)."""
        self.layers.append(layer)
        self._build(layer, first=True)
        layer.opened()
        return layer

    def pop(self, layer: Layer | None = None) -> None:
        """Close `layer` (default: the top one) and everything above it."""
        if not self.layers:
            return
        if layer is None:
            layer = self.layers[-1]
        if layer not in self.layers:
            return
        while self.layers:
            top = self.layers.pop()
            top.closed()
            if top is layer:
                break

    def set_scene(self, layer: L) -> L:
        """Replace every layer by the screen `layer`."""
        while self.layers:
            self.layers.pop().closed()
        return self.push(layer)

    @property
    def top(self) -> Layer | None:
        return self.layers[-1] if self.layers else None

    def find(self, kind: type[L]) -> L | None:
        """The topmost open layer of class `kind`."""
        return next((layer for layer in reversed(self.layers) if isinstance(layer, kind)), None)

    # -- scheduling ----------------------------------------------------------------

    def defer(self, fn: Callable[[], Any]) -> None:
        """Run `fn` once the current event is handled (safe to change layers)."""
        self._deferred.append(fn)

    def after(self, seconds: float, fn: Callable[[], Any]) -> None:
        """Run `fn` after `seconds` (the loop wakes for it)."""
        self._timers.append((time.monotonic() + seconds, fn))

    def _run_deferred(self) -> None:
        while self._deferred:
            fn = self._deferred.pop(0)
            fn()

    def _fire_timers(self) -> None:
        now = time.monotonic()
        due = [t for t in self._timers if t[0] <= now]
        if not due:
            return
        self._timers = [t for t in self._timers if t[0] > now]
        for _deadline, fn in due:
            fn()
        self._run_deferred()

    # -- messages ----------------------------------------------------------------

    def toast(self, content: str) -> None:
        """A short note at the bottom of the window that goes away by itself."""
        self.toast_text = content
        self._toast_until = time.monotonic() + TOAST_SECONDS
        self.after(TOAST_SECONDS, self._expire_toast)

    def _expire_toast(self) -> None:
        if time.monotonic() >= self._toast_until - 0.01:
            self.toast_text = None

    def message(self, title: str, content: str, on_close: Callable[[], Any] | None = None) -> MessageDialog:
        """A dialog with a message and OK."""
        from tabletop.ui.layers import MessageDialog

        return self.push(MessageDialog(self, title, content, on_close))

    def set_language(self, code: str) -> None:
        """Switch the language and rebuild every text on screen."""
        i18n.set_language(code)
        self.settings.language = i18n.language()
        self.settings.save()
        if self.window is not None:
            self.window.title = _("tabletop")
        self.rebuild()

    def shortcuts(self) -> list[tuple[str, str]]:
        """Everything F1 lists: global keys, then the screen's and the dialog's own."""
        items = [(key, marked(what)) for key, what in _GLOBAL_SHORTCUTS]
        seen = set()
        for layer in self.layers:
            for key, what in layer.shortcuts():
                if key not in seen:
                    items.append((key, what))
                    seen.add(key)
        return items

    def moves_now(self) -> list[str]:
        """What the rules allow now, for F1: from the topmost layer that says."""
        for layer in reversed(self.layers):
            moves = layer.moves_now()
            if moves:
                return moves
        return []

    def toggle_help(self) -> None:
        from tabletop.ui.help import HelpDialog

        help_layer = self.find(HelpDialog)
        if help_layer is not None:
            self.pop(help_layer)
        else:
            self.push(HelpDialog(self))

    # -- starting ----------------------------------------------------------------

    def start(self, start: Start = None) -> None:
        """Open the first screen: the launcher, a new game or a resumed save."""
        from tabletop.engine.saves import remove_stale_temporaries_of_saves
        from tabletop.ui.launcher import Launcher

        remove_stale_temporaries_of_saves()
        self.set_scene(Launcher(self))
        if start is None:
            return
        if start[0] == "new":
            _kind, game_id, setup, seed = start
            self.new_game(game_id, setup, seed)
        elif start[0] == "resume":
            self.resume(Path(start[1]))
        elif start[0] == "open":  # a save the command line has loaded and checked
            saver = start[1]
            self.open_match(saver.match, saver)
        else:
            raise ValueError(f"unknown start {start[0]!r}")

    def new_game(self, game_id: str, setup: Setup, seed: int) -> bool:
        """Start a new match and autosave it at once; a problem shows a message."""
        from tabletop.engine.core import IllegalAction
        from tabletop.engine.data import DataError
        from tabletop.engine.match import Match
        from tabletop.engine.saves import Autosaver
        from tabletop.games import registry

        try:
            rules = registry.get(game_id)
            match = Match(rules, setup, seed)
            saver = Autosaver(match)
            saver.save()
        except IllegalAction as err:
            self.message(_("The game cannot start"), err.reason.render())
            return False
        except DataError as err:
            self.message(_("The game's data has a problem"), str(err))
            return False
        except Exception as err:  # any other fault: say so instead of closing
            self.fault(_("The game cannot start"), err)
            return False
        return self.open_match(match, saver)

    def resume(self, path: Path) -> bool:
        """Continue a save (autosaving from now on); a broken save shows why."""
        from tabletop.engine.data import DataError
        from tabletop.engine.saves import Autosaver, SaveError

        try:
            saver = Autosaver.resume(path)
        except SaveError as err:
            self.message(_("This save cannot be opened"), f"{Path(path).name}\n{err.message.render()}")
            return False
        except DataError as err:
            self.message(_("The game's data has a problem"), str(err))
            return False
        except Exception as err:  # any other fault: say so instead of closing
            self.fault(_("This save cannot be opened"), err, Path(path).name)
            return False
        return self.open_match(saver.match, saver)

    def open_match(self, match: Match, saver: Autosaver | None) -> bool:
        from tabletop.ui.game_screen import GameScreen

        try:
            self.set_scene(GameScreen(self, match, saver))
        except LookupError as err:
            self.to_launcher()
            self.message(_("The game cannot be shown"), str(err.args[0]))
            return False
        except Exception as err:  # a view that fails to open leaves the launcher usable
            self.to_launcher()
            self.fault(_("The game cannot be shown"), err)
            return False
        return True

    def fault(self, title: str, err: BaseException, first_line: str | None = None) -> None:
        """A fault tabletop did not expect, in a dialog (and its traceback on stderr)."""
        traceback.print_exception(err)
        self.message(title, "\n".join([first_line, fault_text(err)] if first_line else [fault_text(err)]))

    def to_launcher(self) -> None:
        from tabletop.ui.launcher import Launcher

        self.set_scene(Launcher(self))

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # -- the loop ----------------------------------------------------------------

    def process(self, events: list[pygame.event.Event]) -> None:
        """Handle a batch of events (the real loop and the tests call this)."""
        for event in events:
            self._dispatch(event)
            self._run_deferred()
        if self._resize_pending:
            # a window being dragged sends many sizes: rebuild once for the last
            self._resize_pending = False
            self._resized()

    def _dispatch(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()
            return
        if kind == pygame.WINDOWSIZECHANGED:
            self._resize_pending = True
            return
        if kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.settle_until = time.monotonic() + SETTLE_SECONDS
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.fullscreen)
                return
            if event.key == pygame.K_F1:
                self.toggle_help()
                return
        if not self.layers:
            return
        owner = getattr(event, "ui_element", None)
        if owner is not None:
            # a pygame_gui event goes back to the manager (and layer) of its widget
            for layer in self.layers:
                if layer.ui is getattr(owner, "ui_manager", None):
                    layer.ui.process_events(event)
                    layer.handle_event(event)
                    break
            return
        top = self.layers[-1]
        if not top.ui.process_events(event):
            top.handle_event(self._in_pixels(event))

    def animating(self) -> bool:
        return any(layer.is_animating() for layer in self.layers)

    def focused_entry(self) -> UITextEntryLine | UITextEntryBox | None:
        """The top layer's text field that has the focus (its cursor blinks)."""
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        top = self.top
        if top is None:
            return None
        # a field focused by code (focus()) is not in the manager's focus set
        for element in top.ui.get_sprite_group().sprites():
            if isinstance(element, (UITextEntryLine, UITextEntryBox)) and element.is_focused and element.visible:
                return element
        return None

    def wait_timeout(self) -> float | None:
        """Seconds the loop may sleep before it must wake (None: until an event)."""
        now = time.monotonic()
        waits = []
        if self.animating():
            waits.append(1 / FPS)
        if self.settle_until > now and self.top is not None and self.top.ui.get_hovering_any_element():
            waits.append(1 / 20)
        if self.focused_entry() is not None:
            waits.append(BLINK_SECONDS)
        if self._timers:
            waits.append(max(0.0, min(t[0] for t in self._timers) - now))
        return min(waits) if waits else None

    def tick(self, dt: float) -> None:
        """Advance time by `dt` seconds, then draw a frame."""
        self._fire_timers()
        top = self.top
        if top is not None:
            top.ui.update(dt)
        for layer in list(self.layers):
            layer.update(dt)
        self._run_deferred()
        self.draw()

    def draw(self) -> None:
        surface = self.surface
        keep = self.layers[-1] if self.layers and self.focused_entry() is not None else None
        self._under_kept = False
        for layer in self.layers:
            layer.draw(surface)
            if layer is keep:
                if self._under is None or self._under.get_size() != surface.get_size():
                    self._under = pygame.Surface(surface.get_size())
                self._under.blit(surface, (0, 0))
                self._under_kept = True
            layer.ui.draw_ui(surface)
            layer.draw_over(surface)
        if self.toast_text:
            self._draw_toast(surface)
        if self.window is not None:
            self.window.flip()
        self.frames += 1
        self._last_draw = time.monotonic()

    def blink_only(self) -> bool:
        """True when the loop woke only for a text cursor's blink: nothing else
        animates, is due or is hovered, and the frame under the field is kept."""
        now = time.monotonic()
        top = self.top
        return (
            self._under_kept
            and self._under is not None
            and self._under.get_size() == self.size
            and top is not None
            and self.focused_entry() is not None
            and not self.animating()
            and not self._deferred
            and not any(t[0] <= now for t in self._timers)
            and not (self.settle_until > now and top.ui.get_hovering_any_element())
        )

    def blink(self, dt: float) -> None:
        """Advance the widgets by `dt` and redraw only the focused text field, over
        the frame kept under the top layer's widgets (only when `blink_only`)."""
        top, entry, under = self.top, self.focused_entry(), self._under
        assert top is not None and entry is not None and under is not None, "blink() only when blink_only()"
        top.ui.update(dt)
        surface = self.surface
        area = pygame.Rect(entry.rect).clip(surface.get_rect())
        surface.blit(under, area, area)
        surface.set_clip(area)
        top.ui.draw_ui(surface)
        top.draw_over(surface)
        if self.toast_text:
            self._draw_toast(surface)
        surface.set_clip(None)
        if self.window is not None:
            self.window.flip()
        self.blinks += 1
        self._last_draw = time.monotonic()

    def _draw_toast(self, surface: pygame.Surface) -> None:
        t = self.theme
        font = t.font(th.BODY, bold=True)
        lines = art.wrap(self.toast_text or "", font, int(self.size[0] * 0.5))
        width = max(font.size(line)[0] for line in lines) + t.px(64)
        height = len(lines) * font.get_linesize() + t.px(36)
        rect = pygame.Rect(0, 0, width, height)
        anchor = self.layers[0].toast_anchor() if self.layers else None
        rect.midbottom = anchor or (self.size[0] // 2, self.size[1] - t.px(120))
        art.draw_panel(surface, rect, "dark", radius=min(height // 2, t.px(30)), shadow=t.px(14))
        y = rect.y + t.px(18)
        for line in lines:
            art.text(surface, line, font, th.CREAM, (rect.centerx, y), "midtop")
            y += font.get_linesize()

    def _wait(self, timeout: float | None) -> list[pygame.event.Event]:
        from tabletop.ui import sdlwait

        return sdlwait.wait(timeout)

    def run(self) -> int:
        """The real loop; returns the exit code."""
        bench = os.environ.get("TABLETOP_BENCH_FIRST_FRAME") == "1"
        self.tick(0.0)
        if bench:
            return self.shutdown()
        last = time.monotonic()
        while self.running:
            events = self._wait(self.wait_timeout())
            # gather what arrives within one frame so a fast mouse costs one draw
            spare = 1 / FPS - (time.monotonic() - self._last_draw)
            if spare > 0.002:
                pygame.time.wait(int(spare * 1000))
                events += pygame.event.get()
            self.process(events)
            if not self.running:
                break
            now = time.monotonic()
            if not events and self.blink_only():
                self.blink(min(now - last, 0.1))
            else:
                self.tick(min(now - last, 0.1))
            last = now
        return self.shutdown()

    def run_until_idle(self, max_steps: int = 400, dt: float = 1 / 30) -> int:
        """Handle queued events and animate with a fixed time step until nothing is
        queued, deferred or animating. Returns the steps taken (for tests)."""
        for step in range(1, max_steps + 1):
            self.process(pygame.event.get())
            self.tick(dt)
            if not pygame.event.peek() and not self.animating() and not self._deferred:
                return step
        raise RuntimeError("the app kept animating or receiving events")

    def shutdown(self) -> int:
        """Close the window and keep the window size for next time."""
        for layer in list(self.layers):
            layer.closed()
        self.layers.clear()
        if self.window is not None:
            if not self.settings.fullscreen and self.window.size != self.settings.window:
                self.settings.window = self.window.size
                try:
                    self.settings.save()
                except OSError:
                    pass
            self.window.destroy()
            self.window = None
        return self.exit_code


#: video drivers that show nothing: the tests' (chosen on purpose with
#: SDL_VIDEODRIVER), or what SDL falls back to when there is no screen
_INVISIBLE_DRIVERS = ("dummy", "offscreen")


def display_problem() -> str | None:
    """Why no window can be shown here, or None. On Linux and the BSDs a window
    needs an X11 or Wayland display; without one SDL would fall back to an
    invisible window (after an unrelated complaint about XDG_RUNTIME_DIR) and the
    program would wait for ever for a player who cannot see it."""
    chosen = os.environ.get("SDL_VIDEODRIVER", "")
    if chosen:
        return None  # the caller knows what it asked for (the tests, a kiosk's kmsdrm)
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            return _("There is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).")
    pygame.display.init()
    if pygame.display.get_driver() in _INVISIBLE_DRIVERS:
        return _("There is no display to open a window on (SDL found only an invisible one).")
    return None


def run(start: Start = None) -> int:
    """Open the window: the launcher (`start` None), a new game
    (("new", game_id, Setup, seed)), a save (("resume", path)) or a loaded save
    (("open", Autosaver)). Returns the exit code: 1, with the reason on stderr,
    when there is no display to open it on."""
    problem = display_problem()
    if problem is not None:
        print(_("tabletop: {problem} Start it from a desktop session.", problem=problem), file=sys.stderr)
        return 1
    app = App()
    app.start(start)
    return app.run()
