"""The layer stack and the event-driven loop that draws it.

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
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pygame

from tabletop.ui import art, caches
from tabletop.ui import theme as th
from tabletop.ui.shell import L, Layer

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.elements import UITextEntryBox, UITextEntryLine

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


class _NoWidgets:
    """The widget manager of a layer that has no widgets yet (Layer.has_widgets):
    what the loop asks of a pygame_gui.UIManager, without importing pygame_gui
    (the launcher's first frame comes before it)."""

    def __init__(self) -> None:
        self._sprites: pygame.sprite.LayeredUpdates[Any] = pygame.sprite.LayeredUpdates()

    def process_events(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, time_delta: float) -> None:
        pass

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        pass

    def get_hovering_any_element(self) -> bool:
        return False

    def get_sprite_group(self) -> pygame.sprite.LayeredUpdates[Any]:
        return self._sprites


class Loop:
    """The window's surface, the layers on it (a screen and the dialogs over it),
    timers, and the loop that hands them events and draws them."""

    def __init__(self, surface: pygame.Surface, window: pygame.Window | None = None) -> None:
        self.window = window
        self.surface = surface
        #: drawable pixels per window unit: 2 on a HiDPI screen that measures
        #: windows in points (macOS, Wayland), else 1
        self.pixel_ratio = 1.0
        self._measure_pixels()
        self.theme = th.Theme(self.surface.get_size())
        self._gui_theme: dict[str, Any] | None = None
        self.layers: list[Layer] = []
        self._deferred: list[Callable[[], Any]] = []
        self._timers: list[tuple[float, Callable[[], Any]]] = []
        self._after_frame: list[Callable[[], Any]] = []
        self.running = True
        self.exit_code = 0
        self.settle_until = 0.0
        self.toast_text: str | None = None
        self._toast_until = 0.0
        self.frames = 0
        self._resize_pending = False
        #: memory is returned to the system a moment after a resize
        self._release_due = False
        #: when the last frame began: frames are paced FPS a second start to start, so
        #: that a frame's own work (a reach worked out a share a frame) takes nothing
        #: from the rate
        self._frame_began = 0.0
        #: the last frame up to the top layer's widgets, while a text field has
        #: the focus: a cursor blink redraws the field over it (see `blink`)
        self._under: pygame.Surface | None = None
        self._under_kept = False
        #: cursor blinks drawn (each redraws only the field)
        self.blinks = 0

    # -- the surface ---------------------------------------------------------------

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

    # -- the layers ----------------------------------------------------------------

    def gui_theme(self) -> dict[str, Any]:
        if self._gui_theme is None:
            self._gui_theme = self.theme.gui_theme()
        return self._gui_theme

    def _build(self, layer: Layer, first: bool = False) -> None:
        if not first:
            layer.remember()
        layer.theme = self.theme
        layer.rect = pygame.Rect((0, 0), self.size)
        if layer.has_widgets():
            import pygame_gui

            layer.ui = pygame_gui.UIManager(self.size, self.gui_theme(), enable_live_theme_updates=False)
            layer.ui.mouse_pos_scale_factor = [self.pixel_ratio, self.pixel_ratio]
        else:
            layer.ui = cast("pygame_gui.UIManager", _NoWidgets())
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

    # -- scheduling and notes ----------------------------------------------------------

    def defer(self, fn: Callable[[], Any]) -> None:
        """Run `fn` once the current event is handled (safe to change layers)."""
        self._deferred.append(fn)

    def after(self, seconds: float, fn: Callable[[], Any]) -> None:
        """Run `fn` after `seconds` (the loop wakes for it)."""
        self._timers.append((time.monotonic() + seconds, fn))

    def after_frame(self, fn: Callable[[], Any]) -> None:
        """Run `fn` at the start of the loop turn after the next frame is drawn (what
        that frame does not need waits for it)."""
        self._after_frame.append(fn)

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

    def toast(self, content: str) -> None:
        """A short note at the bottom of the window that goes away by itself."""
        self.toast_text = content
        self._toast_until = time.monotonic() + TOAST_SECONDS
        self.after(TOAST_SECONDS, self._expire_toast)

    def _expire_toast(self) -> None:
        if time.monotonic() >= self._toast_until - 0.01:
            self.toast_text = None

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def shortcut(self, event: pygame.event.Event) -> bool:
        """A key the whole program answers (before any layer); True when used."""
        return False

    def shutdown(self) -> int:
        """Close every layer (and the window: see App); returns the exit code."""
        for layer in list(self.layers):
            layer.closed()
        self.layers.clear()
        return self.exit_code

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
        if kind == pygame.KEYDOWN and self.shortcut(event):
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
        top = self.top
        elements = top.ui.get_sprite_group().sprites() if top is not None else []
        if not elements:
            return None
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        # a field focused by code (focus()) is not in the manager's focus set
        for element in elements:
            if isinstance(element, (UITextEntryLine, UITextEntryBox)) and element.is_focused and element.visible:
                return element
        return None

    def wait_timeout(self) -> float | None:
        """Seconds the loop may sleep before it must wake (None: until an event)."""
        now = time.monotonic()
        waits = []
        if self.animating():
            waits.append(max(0.0, 1 / FPS - (now - self._frame_began)))
        if self.settle_until > now and self.top is not None and self.top.ui.get_hovering_any_element():
            waits.append(1 / 20)
        if self.focused_entry() is not None:
            waits.append(BLINK_SECONDS)
        if self._timers:
            waits.append(max(0.0, min(t[0] for t in self._timers) - now))
        return min(waits) if waits else None

    def tick(self, dt: float) -> None:
        """Advance time by `dt` seconds, then draw a frame."""
        self._frame_began = time.monotonic()
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
        for fn in self._after_frame:
            self.after(0, fn)
        self._after_frame.clear()

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
        self._frame_began = time.monotonic()
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
            spare = 1 / FPS - (time.monotonic() - self._frame_began)
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
        queued, deferred, due (a timer whose time has come, as what runs after a
        frame) or animating. Returns the steps taken (for tests)."""
        for step in range(1, max_steps + 1):
            self.process(pygame.event.get())
            self.tick(dt)
            due = any(deadline <= time.monotonic() for deadline, _fn in self._timers)
            if not pygame.event.peek() and not self.animating() and not self._deferred and not due:
                return step
        raise RuntimeError("the app kept animating or receiving events")
