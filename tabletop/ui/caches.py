"""The drawing code's caches, each with a bound, listed in one place.

Pictures drawn by code are cached per size (and colour, zoom ...). A window
resized many times, or a table zoomed in and out, would otherwise fill them with
pictures of sizes no longer shown. So every cache of the drawing code is one of
these: `drawn(maxsize)` (functools.lru_cache, for a function) or `Bounded` (a
dictionary that forgets its oldest entry), both listed by `bounded_caches()`.
`window_resized()` empties the caches whose keys hold sizes in pixels (the old
window's pictures); `map_large_pictures()` (once, at start) and `release_memory()`
(after a resize) give freed memory back to the system; `settle_after_loading()` (once
a game's screen is open) keeps the collector's full passes short.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import sys
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")
_T = TypeVar("_T")


@dataclass(frozen=True)
class CacheSize:
    """One cache: its name (module.function), how many entries it holds and its bound."""

    name: str
    size: int
    maxsize: int


@dataclass(frozen=True)
class _Listed:
    name: str
    size: Callable[[], int]
    maxsize: int
    clear: Callable[[], None]
    #: its keys hold sizes in pixels: emptied when the window is resized
    sized: bool


_LISTED: list[_Listed] = []

#: mallopt's parameter for the size from which blocks get their own mapping
_M_MMAP_THRESHOLD = -3


def drawn(maxsize: int, sized: bool = True) -> Callable[[Callable[..., _T]], functools._lru_cache_wrapper[_T]]:
    """functools.lru_cache(maxsize) for a drawing function, listed by bounded_caches();
    `sized`: its pictures are made for the window's size or zoom (False: a file or
    a fixed size), so a resize empties it."""

    def wrap(function: Callable[..., _T]) -> functools._lru_cache_wrapper[_T]:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        name = f"{function.__module__}.{function.__qualname__}"
        _LISTED.append(_Listed(name, lambda: cached.cache_info().currsize, maxsize, cached.cache_clear, sized))
        return cached

    return wrap


class Bounded(Generic[_K, _V]):
    """A dictionary of at most `maxsize` entries that forgets the least recently used
    one; listed by bounded_caches() under `name` (so make it once, at module level)."""

    def __init__(self, name: str, maxsize: int, sized: bool = True) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[_K, _V] = OrderedDict()
        _LISTED.append(_Listed(name, self.__len__, maxsize, self.clear, sized))

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: _K) -> _V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: _K, value: _V) -> _V:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.maxsize:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        self._items.clear()


def bounded_caches() -> list[CacheSize]:
    """Every cache of the drawing code with its size now and its bound."""
    return [CacheSize(c.name, c.size(), c.maxsize) for c in _LISTED]


def window_resized() -> None:
    """Forget the pictures made for the old window size."""
    for listed in _LISTED:
        if listed.sized:
            listed.clear()


def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        # the C library the program already runs with: no search (find_library runs ldconfig)
        libc = ctypes.CDLL(None)
    except OSError:
        return None
    # musl has neither
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


def map_large_pictures() -> None:
    """Let glibc give every block of a megabyte or more (a picture of the table or
    the window) its own mapping, returned to the system when it is freed. By
    default glibc raises that threshold once large blocks have been freed, and then
    keeps them in a heap that only grows."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, 1 << 20)


def release_memory() -> None:
    """Free what is garbage and give the freed memory back to the system. Old
    widgets (pygame_gui managers with their fonts and pictures) sit in reference
    cycles that only a collection frees; and glibc keeps the freed blocks of large
    pictures in its heap, so the process would stay as large as at its largest:
    malloc_trim returns them (nothing to do on other systems)."""
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


def settle_after_loading() -> None:
    """Collect the garbage, then leave everything alive now out of the collector's
    passes (gc.freeze): the rules, data and screen just loaded live as long as the
    game, and a full pass over them (30 ms and more, most of it the data's models)
    would otherwise land on a frame while a warrior is dragged. What an earlier call
    left out is let in again first, so the screen of a game closed since is freed."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
