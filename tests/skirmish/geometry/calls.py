"""How often a function of the table's code is called while a test runs."""

from __future__ import annotations

from typing import Any


def counting(monkeypatch: Any, module: Any, name: str) -> list[int]:
    """Counts the calls of module.name (e.g. the segment costs asked,
    spans.heavy_spans) in its one element, until the test's monkeypatch is undone."""
    asked = [0]
    function = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        asked[0] += 1
        return function(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return asked
