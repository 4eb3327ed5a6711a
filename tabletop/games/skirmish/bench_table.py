"""The skirmish table's geometry figures for scripts/bench.py (through bench.py),
on the full demo table (20 warriors, 16 terrain pieces):

- sight_ms: one line-of-sight check (median over every pair);
- sight_pairs_ms: every pair of warriors at once (median of runs);
- reach_ms: the area one warrior can reach, on a table that just changed (the
  movement graph is built too: reach_cold) and again on an unchanged table;
  reach_terrain_rules: the same under the terrain rules (heavy terrain), worked out
  a part at a time as the screen does (`reach.grow`: the parts' sum); each with the
  garbage collector held off while it runs (as the shortest paths in rule_sets),
  the longest collection made between them apart
  (reach_collection_worst_ms); reach_longest_part_ms and
  reach_terrain_rules_longest_part_ms: the longest part of a reach worked out at
  once (`reach.grow`), the most a frame spends on it beyond its share (the screen
  works on a reach a share of each frame at a time: screen/measuring.py);
- shortest_path_ms: one shortest path to points 8 cm away in every direction
  (median, worst); shortest_path_round_ms: only those that must bend round
  something (median, p95, worst);
- rule_sets: the same run's figures under the terrain rules beside the basic rules'
  (`{"basic": ..., "terrain_rules": ...}`, so the ratio holds on any machine): one
  sight check (median), all 190 pairs of the 20 warriors (median), the routing graph
  built once per table version (every warrior's way out and the tangent graph for
  each base size: routing_graph_build_ms), the worst shortest path on the table so
  built (the garbage collector held off while each runs, as timeit does; the longest
  collection made between them apart: collection_worst_ms), the frame (p95)
  while the active warrior is dragged with its reach shown at 1920x1080
  (frame_reach_drag_p95_ms), the frame (p95) at which the pointer first rests
  in that drag, when the path dragged is planned exactly (frame_reach_rest_p95_ms),
  and the longest frame from choosing that warrior till its reach shows
  (frame_reach_growing_worst_ms, with how many frames that took:
  frames_reach_growing).

Aims: a sight check under 0.1 ms, all pairs under 10 ms, a reach under 15 ms, a
shortest path under 5 ms, a frame under 8 ms (p95).
"""

from __future__ import annotations

import functools
import math
import os
from typing import Any

from tabletop.games.skirmish.bench_timing import (
    SIZE,
    collections_made,
    in_play,
    median_ms,
    p95_ms,
    part_times,
    showing,
    timed,
    timed_without_collection,
)

# tabletop.ui before pygame: it keeps pygame's greeting off stdout, where scripts/bench.py prints its JSON
from tabletop.ui import caches


def geometry(quick: bool) -> dict[str, Any]:
    from tabletop.games.skirmish.play.layout import demo_table
    from tabletop.games.skirmish.table import movement
    from tabletop.games.skirmish.table.reach import reach
    from tabletop.games.skirmish.table.sight import sight, sight_pairs
    from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

    table = demo_table()
    ids = list(table.models)
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    rounds = 3 if quick else 20
    single = [timed(functools.partial(sight, table, a, b)) for _ in range(rounds) for a, b in pairs]
    every = [timed(lambda: sight_pairs(table)) for _ in range(rounds)]
    movers = ids if not quick else ids[:5]
    cold = []
    # each reach with the collector held off, as the paths are timed (rule_sets): a full
    # collection of everything the run made falls between two reaches, timed apart
    with collections_made() as collections:
        for model_id in movers:
            fresh = demo_table()
            cold.append(timed_without_collection(functools.partial(reach, fresh, model_id)))
        warm = [timed_without_collection(functools.partial(reach, table, m)) for m in movers]
        terrain = demo_table(TERRAIN_RULES)
        # under the terrain rules a part at a time (as the screen works it out): the
        # parts' sum is the reach's time, the longest what a frame spends beyond its share
        parts = [part_times(table, m) for m in movers]
        heavy_parts = [part_times(terrain, m) for m in movers]
        heavy = [sum(took) for took in heavy_parts]
    paths = []
    round_paths = []
    for model_id in movers:
        x, y = table.models[model_id].position
        for angle in range(0, 360, 30 if not quick else 90):
            goal = (x + 80 * math.cos(math.radians(angle)), y + 80 * math.sin(math.radians(angle)))
            took = timed(functools.partial(movement.shortest_path, table, model_id, goal))
            paths.append(took)
            found = movement.shortest_path(table, model_id, goal)
            if found is not None and len(found.points) > 2:
                round_paths.append(took)
    return {
        "sight_ms": median_ms(single),
        "sight_pairs_ms": median_ms(every),
        "pairs": len(pairs),
        "reach_cold_ms": median_ms(cold),
        "reach_cold_worst_ms": round(max(cold) * 1000, 3),
        "reach_ms": median_ms(warm),
        "reach_worst_ms": round(max(warm) * 1000, 3),
        "reach_terrain_rules_ms": median_ms(heavy),
        "reach_terrain_rules_worst_ms": round(max(heavy) * 1000, 3),
        "reach_collection_worst_ms": round(max(collections, default=0.0) * 1000, 3),
        "reach_longest_part_ms": round(max(max(took) for took in parts) * 1000, 3),
        "reach_terrain_rules_longest_part_ms": round(max(max(took) for took in heavy_parts) * 1000, 3),
        "shortest_path_ms": median_ms(paths),
        "shortest_path_worst_ms": round(max(paths) * 1000, 3),
        "shortest_path_round_ms": median_ms(round_paths) if round_paths else None,
        "shortest_path_round_p95_ms": p95_ms(round_paths) if round_paths else None,
        "paths_round": len(round_paths),
    }


def rule_sets(quick: bool) -> dict[str, Any]:
    """Sight, all pairs, the worst shortest path and the frame while dragging with the
    reach shown, under the basic rules and the terrain rules in one run."""
    from tabletop.games.skirmish.play.layout import demo_table
    from tabletop.games.skirmish.table import movement
    from tabletop.games.skirmish.table.sight import sight, sight_pairs
    from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES

    rounds = 3 if quick else 20
    found: dict[str, Any] = {
        "sight_ms": {},
        "sight_pairs_ms": {},
        "routing_graph_build_ms": {},
        "shortest_path_worst_ms": {},
        "collection_worst_ms": {},
        "frame_reach_drag_p95_ms": {},
        "frame_reach_rest_p95_ms": {},
        "frame_reach_growing_worst_ms": {},
        "frames_reach_growing": {},
    }
    for name, ruleset in (("basic", BASIC), ("terrain_rules", TERRAIN_RULES)):
        table = demo_table(ruleset)
        ids = list(table.models)
        pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
        single = [timed(functools.partial(sight, table, a, b)) for _ in range(rounds) for a, b in pairs]
        every = [timed(functools.partial(sight_pairs, table)) for _ in range(rounds)]
        # built at the first path after each change of the table, not at every path
        found["routing_graph_build_ms"][name] = round(timed(functools.partial(_routing_graph, table)) * 1000, 3)
        paths = []
        # what is loaded is left out of the collector's passes, as the app does once a game is open
        caches.settle_after_loading()
        with collections_made() as collections:
            for model_id in ids if not quick else ids[:5]:
                x, y = table.models[model_id].position
                for angle in range(0, 360, 30 if not quick else 90):
                    goal = (x + 80 * math.cos(math.radians(angle)), y + 80 * math.sin(math.radians(angle)))
                    paths.append(
                        timed_without_collection(functools.partial(movement.shortest_path, table, model_id, goal))
                    )
        found["collection_worst_ms"][name] = round(max(collections, default=0.0) * 1000, 3)
        found["sight_ms"][name] = median_ms(single)
        found["sight_pairs_ms"][name] = median_ms(every)
        found["shortest_path_worst_ms"][name] = round(max(paths) * 1000, 3)
        drag, rest, growing, frames = _reach_frames(name == "terrain_rules", quick)
        found["frame_reach_drag_p95_ms"][name] = drag
        found["frame_reach_rest_p95_ms"][name] = rest
        found["frame_reach_growing_worst_ms"][name] = growing
        found["frames_reach_growing"][name] = frames
    found["pairs"] = len(pairs)
    return found


def _routing_graph(table: Any) -> None:
    """What the first path on a table version builds: each warrior's way out
    (passage.py) and the tangent graph for each base size (graph.py)."""
    from tabletop.games.skirmish.table.graph import router
    from tabletop.games.skirmish.table.passage import passage

    for model_id in table.models:
        router(passage(table, model_id).board)


def _reach_frames(terrain_rules: bool, quick: bool) -> tuple[float | None, float | None, float, int]:
    """The frames (p95, ms) at 1920x1080 while the active warrior of round 1 on the
    demo table is dragged round a circle of 7 cm with its reach shown, and those at
    which the pointer first rests (the path dragged, found on the routing graph
    while it moved, planned exactly: screen/moving.py), at points between those of
    the drag round the same circle, each None when the reach did not show; and the
    longest frame (ms) from choosing the warrior till its reach shows, with how
    many frames that took."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tabletop.engine.core import Action
    from tabletop.games.skirmish.play.state import NAMING
    from tabletop.settings import Settings
    from tabletop.ui.app import App

    match = in_play(1, {"ruleset": "terrain" if terrain_rules else "basic"})
    mover = next(m for m, entry in match.state.models.items() if entry["side"] == match.state.turn)
    match.act(Action("name", model=mover))
    while match.state.phase == NAMING:
        match.act(Action("pass"))
    app = App(size=SIZE, headless=True, settings=Settings())
    try:
        view = showing(app, match)
        view.set_tool("select")
        view.choose(mover)
        # the frames from choosing the warrior till its reach shows
        growing = [timed(functools.partial(app.tick, 1 / 60))]
        while view.reach.working():
            growing.append(timed(functools.partial(app.tick, 1 / 60)))

        def send(kind: int, **fields: Any) -> None:
            app.process([pygame.event.Event(kind, **fields)])

        x, y = view.table.models[mover].position
        start = view.to_screen((x, y))
        send(pygame.MOUSEMOTION, pos=(int(start[0]), int(start[1])), rel=(0, 0), buttons=(0, 0, 0))
        send(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)

        def frame(at: tuple[int, int]) -> None:
            # the motion handled (the path to the pointer), then drawn
            send(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            app.tick(1 / 60)

        def on_circle(turn: float) -> tuple[int, int]:
            p = view.to_screen((x + 70 * math.cos(turn * 2 * math.pi), y + 70 * math.sin(turn * 2 * math.pi)))
            return (int(p[0]), int(p[1]))

        steps = 40 if quick else 240
        ticks = [timed(functools.partial(frame, on_circle(k / steps))) for k in range(steps)]
        shown = view.reach.cache is not None and bool(view.reach.cache[1])
        rests = []
        for k in range(0, steps, 4 if quick else 8):
            # the pointer stops halfway between two points of the drag: one frame with
            # the motion, then the first frame without
            frame(on_circle((k + 0.5) / steps))
            rests.append(timed(functools.partial(app.tick, 1 / 60)))
        shown = shown and view.reach.cache is not None and bool(view.reach.cache[1])
        send(pygame.MOUSEBUTTONUP, pos=(int(start[0]), int(start[1])), button=1)
    finally:
        app.shutdown()
    worst = round(max(growing) * 1000, 3)
    if not shown:
        return None, None, worst, len(growing)
    return p95_ms(ticks), p95_ms(rests), worst, len(growing)
