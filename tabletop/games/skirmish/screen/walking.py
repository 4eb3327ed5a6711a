"""Warriors walking along the path of their move, after the move was made."""

from __future__ import annotations

import math
from collections.abc import Container, Iterator, Sequence

from tabletop.engine.core import Event
from tabletop.games.skirmish.table.planar import Point
from tabletop.ui.gameview import Tween


class Walks:
    """The warriors on their way: id -> (the points of the path, its tween)."""

    def __init__(self) -> None:
        self.paths: dict[str, tuple[tuple[Point, ...], Tween]] = {}

    def __contains__(self, model_id: object) -> bool:
        return model_id in self.paths

    def __iter__(self) -> Iterator[str]:
        return iter(self.paths)

    def __bool__(self) -> bool:
        return bool(self.paths)

    def start(self, events: Sequence[Event], warriors: Container[str]) -> list[Tween]:
        """Set the warriors moved by `events` walking (none after an undo: empty
        events); the new tweens, for the view to run."""
        if not events:
            self.paths.clear()
        tweens = []
        for event in events:
            if event.kind == "move" and event.data.get("model") in warriors:
                points = tuple(tuple(p) for p in event.data["path"])
                length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
                tween = Tween(min(0.9, 0.25 + length / 400))
                self.paths[event.data["model"]] = (points, tween)
                tweens.append(tween)
        return tweens

    def prune(self) -> None:
        """Forget the warriors that have arrived."""
        self.paths = {m: w for m, w in self.paths.items() if not w[1].done}

    def point(self, model_id: str) -> Point:
        """Where a walking warrior is now."""
        points, tween = self.paths[model_id]
        total = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        goal = total * tween.t
        for a, b in zip(points, points[1:], strict=False):
            d = math.dist(a, b)
            if goal <= d and d > 0:
                k = goal / d
                return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            goal -= d
        return points[-1]
