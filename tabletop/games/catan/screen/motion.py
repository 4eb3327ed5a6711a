"""What moves on Catan's board: production cards flying from a hex to a building,
a piece just placed dropping onto its place, the robber sliding to its new hex."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.engine.core import Event
from tabletop.games.catan import geometry as G
from tabletop.games.catan.views import PlayerView
from tabletop.ui.gameview import Tween

Point = tuple[float, float]


@dataclass
class Flight:
    """A resource card flying from a hex to a building (production)."""

    resource: str
    start: Point
    end: Point
    tween: Tween


class Motion:
    """The animations under way on the board; `start` runs a tween (the view
    advances it)."""

    def __init__(self, start: Callable[[Tween], object]) -> None:
        self.start = start
        self.flights: list[Flight] = []
        #: (piece, place) of a piece just placed, and its drop
        self.placed: dict[tuple[str, int], Tween] = {}
        #: the hex the robber slides from, and its slide
        self.robber_from: tuple[int, Tween] | None = None
        #: where the robber stood when the view last looked (it slides from there)
        self.robber_seen: int | None = None

    def stop(self) -> None:
        """Nothing moves (after an undo)."""
        self.flights = []
        self.placed = {}
        self.robber_from = None

    def _start(self, tween: Tween) -> Tween:
        self.start(tween)
        return tween

    def animate(
        self, events: Sequence[Event], data: PlayerView, hex_px: Sequence[Point], point_px: Sequence[Point]
    ) -> None:
        """Start the animations of what just happened (`hex_px`, `point_px`: where
        the hexes and intersections are drawn)."""
        board = data.board
        total = None
        for event in events:
            if event.kind == "dice" and "total" in event.message.params and data.dice:
                total = int(event.message.params["total"])
            elif event.kind in ("road", "settlement", "city"):
                spot = event.data.get("path", event.data.get("intersection"))
                if isinstance(spot, int):
                    self.placed[(event.kind, spot)] = self._start(Tween(0.35))
            elif event.kind == "robber":
                old = self.robber_seen
                if old is not None and 0 <= old < G.HEX_COUNT and old != board.robber:
                    self.robber_from = (old, self._start(Tween(0.5)))
        produced = {(e.message.params.get("player"), e.data.get("resource")) for e in events if e.kind == "produce"}
        if not produced:
            return
        flights = []
        if total is not None:
            for h, number in enumerate(board.numbers):
                resource = board.produce[h]
                if number != total or h == board.robber or resource is None:
                    continue
                for i in G.HEX_CORNERS[h]:
                    building = data.buildings[i]
                    if (building.owner, resource) in produced:
                        for k in range(building.level):
                            flights.append((resource, hex_px[h], point_px[i], 0.12 * k))
        else:
            for event in events:
                if event.kind == "settlement":
                    i = event.data["intersection"]
                    for h in G.INTERSECTION_HEXES[i]:
                        resource = board.produce[h]
                        if resource:
                            flights.append((resource, hex_px[h], point_px[i], 0.0))
        for n, (resource, start, end, delay) in enumerate(flights[:24]):
            self.flights.append(Flight(resource, start, end, self._start(Tween(0.8, delay=delay + 0.05 * n))))

    def update(self) -> None:
        """Drop what has finished moving."""
        self.flights = [f for f in self.flights if not f.tween.done]
        self.placed = {key: tween for key, tween in self.placed.items() if not tween.done}
        if self.robber_from is not None and self.robber_from[1].done:
            self.robber_from = None

    def drop(self, kind: str, spot: int, size: float) -> float:
        """How far above its place a piece just placed still hangs (pixels; `size`:
        the hex size)."""
        tween = self.placed.get((kind, spot))
        return 0.0 if tween is None else (1 - tween.t) * size * 0.7
