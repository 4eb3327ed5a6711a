"""Values derived from something that changes, kept until it does.

Each layer of the geometry keeps what it derives from the table in a `PerVersion`
of its own, keyed by the table's `version` (bumped by every change); the table
itself keeps nothing for the layers above it.
"""

from __future__ import annotations

import weakref
from typing import Generic, Protocol, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class Versioned(Protocol):
    @property
    def version(self) -> int: ...


class PerVersion(Generic[_K, _V]):
    """Values per owner and key, forgotten when the owner's `version` changes (and
    with the owner); at most `size` per owner, the oldest forgotten first."""

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._kept: weakref.WeakKeyDictionary[object, tuple[int, dict[_K, _V]]] = weakref.WeakKeyDictionary()

    def get(self, owner: Versioned, key: _K) -> _V | None:
        kept = self._kept.get(owner)
        if kept is None or kept[0] != owner.version:
            return None
        return kept[1].get(key)

    def put(self, owner: Versioned, key: _K, value: _V) -> _V:
        kept = self._kept.get(owner)
        if kept is None or kept[0] != owner.version:
            kept = self._kept[owner] = (owner.version, {})
        values = kept[1]
        if key not in values and len(values) >= self.size:
            del values[next(iter(values))]
        values[key] = value
        return value
