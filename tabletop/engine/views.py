"""Player views as plain data.

A game's player view is a typed structure next to its rules (dataclasses, nested,
holding lists, tuples, dicts and plain values), so that screens read fields and a
renamed field is found by a check, not at run time. `as_json` turns one into the JSON
data that `tabletop inspect` prints and the generic tests compare.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Hand:
...     cards: tuple[str, ...]
>>> as_json({"hand": Hand(("C3", "D4")), "seat": 1})
{'hand': {'cards': ['C3', 'D4']}, 'seat': 1}
"""

from __future__ import annotations

import dataclasses
from typing import Any


def as_json(view: Any) -> Any:
    """`view` as JSON data: dataclasses become objects, tuples lists."""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return {f.name: as_json(getattr(view, f.name)) for f in dataclasses.fields(view)}
    if isinstance(view, dict):
        return {str(key): as_json(value) for key, value in view.items()}
    if isinstance(view, list | tuple):
        return [as_json(item) for item in view]
    if view is None or isinstance(view, bool | int | float | str):
        return view
    raise TypeError(f"a view holds {type(view).__name__}, which is not plain data")
