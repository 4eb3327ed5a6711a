"""The program's window: where it opens, how big, and in which pixels.

The window must fit the screen's usable area (the desktop less the task bar or
dock, less the window's own title bar and frame): at the first start it takes a
good share of it, and a size or position kept from a larger screen is shrunk or
moved back onto this one. pygame tells only the whole desktop's size, so the
usable area and the frame come from SDL itself (the library pygame loaded, see
`sdlwait.library`); where SDL cannot say, a margin is left instead. The
arithmetic is `fit_window`, a pure function.
"""

from __future__ import annotations

import ctypes
import os
import sys
from dataclasses import dataclass

if sys.platform == "win32":
    # draw at the screen's real resolution on HiDPI laptops instead of blurry upscaling;
    # elsewhere the window asks for it (allow_high_dpi, see open_window)
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
# the window class the Linux desktop entry names (StartupWMClass), so the dock
# shows tabletop's icon whether it runs from source or from the build
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "tabletop")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "tabletop")

import pygame  # noqa: E402

from tabletop.i18n import _  # noqa: E402
from tabletop.settings import Settings  # noqa: E402
from tabletop.ui import art, sdlwait  # noqa: E402

#: the smallest window every screen is laid out for (a 1366x768 laptop's usable
#: area); a smaller screen gets a smaller minimum, the window must fit
MIN_SIZE = (1280, 680)
#: (top, left, bottom, right) of a window's frame before the system says: a
#: title bar and thin edges, on the generous side so the window surely fits
FRAME_GUESS = (40, 4, 4, 4)
#: where SDL cannot tell the usable area: the desktop less room for a task bar
TASK_BAR_GUESS = 48
#: the share of the usable area a window takes at the first start
FIRST_SHARE = 0.9


@dataclass(frozen=True)
class Placement:
    """Where the window goes: its inside (what tabletop draws on) and that inside's
    top left on the desktop, and the smallest size it may be dragged to."""

    size: tuple[int, int]
    position: tuple[int, int]
    minimum: tuple[int, int]


def fit_window(
    usable: tuple[int, int, int, int],
    frame: tuple[int, int, int, int] = FRAME_GUESS,
    size: tuple[int, int] | None = None,
    position: tuple[int, int] | None = None,
    minimum: tuple[int, int] = MIN_SIZE,
) -> Placement:
    """Fit a window into the `usable` area (x, y, width, height) with its `frame`
    (top, left, bottom, right) around it: `size` shrunk to fit (None: a good
    share of the room), `position` moved so the whole frame is inside (None:
    centred), and a `minimum` no larger than the room."""
    x, y, width, height = usable
    top, left, bottom, right = frame
    room = (max(1, width - left - right), max(1, height - top - bottom))
    least = (min(minimum[0], room[0]), min(minimum[1], room[1]))
    if size is None:
        size = (int(room[0] * FIRST_SHARE), int(room[1] * FIRST_SHARE))
    fitted = (max(least[0], min(size[0], room[0])), max(least[1], min(size[1], room[1])))
    inside = (x + left, y + top)
    if position is None:
        place = (inside[0] + (room[0] - fitted[0]) // 2, inside[1] + (room[1] - fitted[1]) // 2)
    else:
        place = (
            max(inside[0], min(position[0], inside[0] + room[0] - fitted[0])),
            max(inside[1], min(position[1], inside[1] + room[1] - fitted[1])),
        )
    return Placement(fitted, place, least)


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _display_rects(usable: bool) -> list[tuple[int, int, int, int]]:
    """Each display's bounds (or usable area) as SDL reports it; empty when SDL
    cannot be reached."""
    sdl = sdlwait.library()
    if sdl is None:
        return []
    get = sdl.SDL_GetDisplayUsableBounds if usable else sdl.SDL_GetDisplayBounds
    rects = []
    for index in range(max(0, sdl.SDL_GetNumVideoDisplays())):
        rect = _Rect()
        if get(index, ctypes.byref(rect)) != 0 or rect.w <= 0 or rect.h <= 0:
            return []
        rects.append((rect.x, rect.y, rect.w, rect.h))
    return rects


def usable_area(near: tuple[int, int] | None = None) -> tuple[int, int, int, int]:
    """The usable area (x, y, width, height) of the display that holds `near` (a
    point on the desktop), else of the first display."""
    usable, bounds = _display_rects(usable=True), _display_rects(usable=False)
    if usable and len(bounds) == len(usable):
        if near is not None:
            for whole, area in zip(bounds, usable, strict=True):
                bx, by, bw, bh = whole
                if bx <= near[0] < bx + bw and by <= near[1] < by + bh:
                    return area
        return usable[0]
    sizes = pygame.display.get_desktop_sizes() if pygame.display.get_num_displays() else [(1920, 1080)]
    width, height = sizes[0]
    return (0, 0, width, max(1, height - TASK_BAR_GUESS))


def frame_of(window: pygame.Window) -> tuple[int, int, int, int] | None:
    """The window's frame (top, left, bottom, right) as the system drew it, or
    None when SDL cannot say (before it is shown, or without a window manager)."""
    sdl = sdlwait.library()
    if sdl is None:
        return None
    try:
        sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        handle = sdl.SDL_GetWindowFromID(window.id)
        sizes = [ctypes.c_int() for _side in range(4)]
        sdl.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 4
        if not handle or sdl.SDL_GetWindowBordersSize(handle, *[ctypes.byref(s) for s in sizes]) != 0:
            return None
    except AttributeError:
        return None
    frame = (sizes[0].value, sizes[1].value, sizes[2].value, sizes[3].value)
    return frame if any(frame) else None


def open_window(settings: Settings, size: tuple[int, int] | None = None) -> pygame.Window:
    """The program's window: of `size` when asked (the tests), else the size and
    place kept in the settings (none at the first start) fitted to the screen."""
    if size is None:
        kept = Settings.path().exists()
        wanted = settings.window if kept else None
        position = settings.position if kept else None
        placement = fit_window(usable_area(position), size=wanted, position=position)
    else:
        placement = fit_window(usable_area(), size=size)
        placement = Placement(size, placement.position, (min(size[0], MIN_SIZE[0]), min(size[1], MIN_SIZE[1])))
    # allow_high_dpi: on macOS and Wayland the window surface then has the
    # screen's real pixels (SDL 2.26+ sizes it by SDL_GetWindowSizeInPixels)
    # while the window size and the mouse stay in points
    window = pygame.Window(
        _("tabletop"), placement.size, position=placement.position, resizable=True, allow_high_dpi=True
    )
    window.minimum_size = placement.minimum
    if size is None:
        frame = frame_of(window)
        if frame is not None and frame != FRAME_GUESS:
            # the real frame is known once the window is shown: fit again with it
            again = fit_window(usable_area(window.position), frame, window.size, window.position)
            window.minimum_size = again.minimum
            window.size, window.position = again.size, again.position
    icon = art.sprite("icon.png")
    if icon is not None:
        window.set_icon(icon)
    if settings.fullscreen:
        window.set_fullscreen(desktop=True)
    return window


_format_window: pygame.Window | None = None


def pixel_format_window() -> None:
    """Drawing without a window still needs a pixel format (pygame_gui converts its
    images): one hidden 1x1 window provides it."""
    global _format_window
    if _format_window is None:
        _format_window = pygame.Window("tabletop", (1, 1), hidden=True)
        _format_window.get_surface()


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
