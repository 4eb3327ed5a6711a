"""Sleeping until the next event without polling.

pygame.event.wait() checks the queue every millisecond (SDL_Delay(1) in a loop),
which keeps a laptop's processor awake: about 3 % of a core while nothing happens.
SDL itself (2.0.16 and later) can block until the window system has an event, so
the app asks SDL directly, through the very SDL library pygame loaded, and then
takes the events with pygame.event.get() as usual. Where that library cannot be
found, or the video driver cannot block (the headless "dummy" driver), `wait`
looks at the queue at a calm, growing interval instead (at most 20 times a
second once nothing has happened for a while).
"""

from __future__ import annotations

import ctypes
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

_wait_timeout: Callable[[int], int] | None = None
_looked = False


def _candidates() -> list[Path]:
    """Where the SDL2 library pygame uses may be, most certain first."""
    found: list[Path] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8") as maps:
                for line in maps:
                    path = Path(line.split()[-1]) if "/" in line else None
                    if path and path.name.startswith("libSDL2") and not path.name.startswith("libSDL2_"):
                        found.append(path)
                        break
        except OSError:
            pass
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs", package.parent / "pygame.libs"):
        if folder.is_dir():
            for pattern in ("SDL2.dll", "libSDL2-2*.dylib", "libSDL2.dylib", "libSDL2-2*.so*"):
                found.extend(sorted(folder.glob(pattern)))
    return found


#: SDL_WasInit's flag of the video subsystem
_SDL_INIT_VIDEO = 0x20
_library: ctypes.CDLL | None = None


def library() -> ctypes.CDLL | None:
    """The SDL2 library pygame loaded, once pygame's display is open (None when
    it cannot be found: a library that has not opened the display is another
    copy of SDL, not pygame's)."""
    global _library
    if _library is None:
        for path in _candidates():
            try:
                candidate = ctypes.CDLL(str(path))
                if candidate.SDL_WasInit(_SDL_INIT_VIDEO):
                    _library = candidate
                    break
            except (OSError, AttributeError):
                continue
    return _library


def _load() -> Callable[[int], int] | None:
    if pygame.get_sdl_version() < (2, 0, 16):
        return None  # older SDL polls inside its own wait as well
    sdl = library()
    if sdl is None:
        return None
    try:
        function = sdl.SDL_WaitEventTimeout
    except AttributeError:
        return None
    function.argtypes = [ctypes.c_void_p, ctypes.c_int]
    function.restype = ctypes.c_int
    # a NULL event only waits: the event stays queued for pygame
    return lambda milliseconds: function(None, milliseconds)


#: video drivers that cannot wait for events (SDL polls them)
_POLLED_DRIVERS = {"dummy", "offscreen", "evdev"}


def _sdl_wait() -> Callable[[int], int] | None:
    """SDL's own wait (milliseconds, -1: no limit), when the video driver can block."""
    global _wait_timeout, _looked
    if not _looked:
        _looked = True
        _wait_timeout = None if pygame.display.get_driver() in _POLLED_DRIVERS else _load()
    return _wait_timeout


def available() -> bool:
    """True when waiting goes straight to SDL (no polling)."""
    return _sdl_wait() is not None


def wait(timeout: float | None) -> list[pygame.event.Event]:
    """Sleep until an event arrives (or `timeout` seconds pass) and return the
    queued events, oldest first."""
    sdl_wait = _sdl_wait()
    if sdl_wait is not None:
        sdl_wait(-1 if timeout is None else max(1, int(timeout * 1000)))
        return pygame.event.get()
    deadline = None if timeout is None else time.monotonic() + timeout
    pause = 0.004
    while True:
        events = pygame.event.get()
        if events:
            return events
        now = time.monotonic()
        if deadline is not None and now >= deadline:
            return []
        time.sleep(pause if deadline is None else min(pause, deadline - now))
        pause = min(0.05, pause * 1.5)
