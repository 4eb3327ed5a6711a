"""What the skirmish bench's figures share (bench.py, bench_table.py; the reach's parts
also scripts/geometry_speed.py): timing a call with or without the garbage collector,
a reach a part at a time, the collections made meanwhile, medians and p95s in ms, and
a match on the demo table in play."""

from __future__ import annotations

import contextlib
import gc
import math
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

#: the screen the frames are timed at
SIZE = (1920, 1080)


def median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 4)


def p95_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)] * 1000, 3)


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def timed_without_collection(fn: Callable[[], Any]) -> float:
    """The time of fn with the garbage collector held off while it runs (as timeit
    does): a full collection of the objects the whole run made (about 50 ms) falls
    between two calls instead of inside the one it happened to land in."""
    gc.disable()
    try:
        return timed(fn)
    finally:
        gc.enable()


def part_times(table: Any, model_id: str, clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """The time (s, by `clock`) of each part of the warrior's reach as `reach.grow`
    works it out, the collector held off while each runs: their sum is the reach's,
    the longest the most a frame spends on it beyond its share."""
    from tabletop.games.skirmish.table.reach import grow

    parts = grow(table, model_id).parts
    took: list[float] = []
    while True:
        gc.disable()
        try:
            began = clock()
            part = next(parts, None)
            ended = clock()
        finally:
            gc.enable()
        if part is None:
            return took
        took.append(ended - began)


@contextlib.contextmanager
def collections_made() -> Iterator[list[float]]:
    """The time of each garbage collection made inside the block (s)."""
    took: list[float] = []
    began = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            took.append(time.perf_counter() - began[0])

    gc.callbacks.append(watch)
    try:
        yield took
    finally:
        gc.callbacks.remove(watch)


def in_play(seed: int, options: dict[str, Any] | None = None) -> Any:
    """A match on the demo table (the book's options but for `options`), both players
    ready, round 1's bid made (Ann 1 SP, Bob none): Ann begins round 1."""
    from tabletop.engine.core import Action, PlayerInfo, Setup
    from tabletop.engine.match import Match
    from tabletop.games.skirmish.play.rules import RULES

    chosen = {**RULES.default_options(), **(options or {})}
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), chosen, 0)
    match = Match(RULES, setup, seed)
    for action in (Action("ready"), Action("ready"), Action("bid", sp=1), Action("bid", sp=0)):
        match.act(action)
    match.act(Action("begin", player=0))
    return match


def showing(app: Any, match: Any) -> Any:
    """The skirmish view of `match` (a match or a table layout) on the app's screen,
    its first frame drawn."""
    from tabletop.games.skirmish.screen import SkirmishView
    from tabletop.ui.game_screen import GameScreen

    screen = GameScreen(app, match)
    app.set_scene(screen)
    app.tick(0.0)
    view = screen.view
    assert isinstance(view, SkirmishView)
    return view
