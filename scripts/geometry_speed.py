#!/usr/bin/env python3
"""The table's geometry timed on the seeded scene set (the scenes of geometry_check.py).

    .venv/bin/python scripts/geometry_speed.py                all 3,000 scenes, 1 process
    .venv/bin/python scripts/geometry_speed.py --scenes 100   the CI's 100
    .venv/bin/python scripts/geometry_speed.py --seeds 3,21   only these seeds

Per scene, once its warrior's way out and routing graph are built (as the first path
after a change of the table builds them): the mover's reachable area, its shortest
paths to the points the exhaustive check tries, and sight from it to every other
base. The reach is timed a part at a time as the screen works it out (`reach.grow`):
its time is the parts' sum; the longest part is the most a frame spends on it beyond
its share. Prints, per rule set of the scenes (basic, basic with double cost, the terrain
rules: the same run's basic figures beside the others), the median and the worst of
each in milliseconds and the slowest scenes; --out FILE writes one JSON line per
scene. Each call runs with the garbage collector held off, as scripts/bench.py times
them; run it on an otherwise quiet machine.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.games.skirmish.bench_timing import part_times  # noqa: E402  (the repository root is on the path only now)
from tabletop.games.skirmish.table.graph import router  # noqa: E402
from tabletop.games.skirmish.table.movement import shortest_path  # noqa: E402
from tabletop.games.skirmish.table.passage import passage  # noqa: E402
from tabletop.games.skirmish.table.sight import sight  # noqa: E402
from tests.skirmish.geometry.runs import add_scene_options, chosen_seeds, over_scenes  # noqa: E402
from tests.skirmish.geometry.scenes import MOVER, RULESETS, goals, scene  # noqa: E402

#: the shortest paths tried per scene (check.check_paths draws the same goals)
PATHS = 12


#: the clock the calls are timed by: wall time as scripts/bench.py, or the process's CPU
#: time (--cpu) to compare two versions on a busy machine
CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}


def _ms(function: Callable[[], Any], clock: Callable[[], float]) -> float:
    gc.disable()
    try:
        started = clock()
        function()
        return (clock() - started) * 1000
    finally:
        gc.enable()


def _one(job: tuple[int, str]) -> dict[str, Any]:
    seed, clock_name = job
    clock = CLOCK[clock_name]
    sc = scene(seed)
    table = sc.table
    for model_id in table.models:
        router(passage(table, model_id).board)
    took = [t * 1000 for t in part_times(table, MOVER, clock)]
    paths = [_ms(functools.partial(shortest_path, table, MOVER, goal), clock) for goal in goals(sc, PATHS)]
    seen = [_ms(functools.partial(sight, table, MOVER, other), clock) for other in table.models if other != MOVER]
    return {
        "seed": seed,
        "rules": sc.rules,
        "reach_ms": sum(took),
        "reach_part_ms": max(took),
        "paths_ms": paths,
        "sight_ms": seen,
    }


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def _figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    reaches = [r["reach_ms"] for r in rows]
    paths = [t for r in rows for t in r["paths_ms"]]
    seen = [t for r in rows for t in r["sight_ms"]]
    slowest = sorted(rows, key=lambda r: -r["reach_ms"])[:5]
    return {
        "scenes": len(rows),
        "reach_ms": round(_median(reaches), 3),
        "reach_worst_ms": round(max(reaches, default=0.0), 3),
        "reach_part_worst_ms": round(max((r["reach_part_ms"] for r in rows), default=0.0), 3),
        "shortest_path_ms": round(_median(paths), 3),
        "shortest_path_worst_ms": round(max(paths, default=0.0), 3),
        "sight_ms": round(_median(seen), 4),
        "slowest_reach": [(r["seed"], round(r["reach_ms"], 1)) for r in slowest],
        "longest_part": [
            (r["seed"], round(r["reach_part_ms"], 1)) for r in sorted(rows, key=lambda r: -r["reach_part_ms"])[:5]
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scene_options(parser, jobs=1, jobs_help="processes (more than 1 only on an idle machine)")
    parser.add_argument("--cpu", action="store_true", help="time by the process's CPU time, not the wall clock")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    jobs = [(seed, "cpu" if args.cpu else "wall") for seed in chosen_seeds(args)]
    started = time.perf_counter()
    rows = sorted(over_scenes(_one, jobs, args.jobs), key=lambda r: r["seed"])
    wall = time.perf_counter() - started
    figures = {rules: _figures([r for r in rows if r["rules"] == rules]) for rules in RULESETS}
    print("ms, " + ("CPU" if args.cpu else "wall clock") + " | " + " | ".join(f"{rules:>17}" for rules in figures))
    for key in (
        "scenes",
        "reach_ms",
        "reach_worst_ms",
        "reach_part_worst_ms",
        "shortest_path_ms",
        "shortest_path_worst_ms",
        "sight_ms",
    ):
        print(f"{key:>22} | " + " | ".join(f"{f[key]:>17}" for f in figures.values()))
    for rules, f in figures.items():
        print(f"slowest reach, {rules}: " + ", ".join(f"seed {seed} {ms} ms" for seed, ms in f["slowest_reach"]))
        print(f"longest reach part, {rules}: " + ", ".join(f"seed {seed} {ms} ms" for seed, ms in f["longest_part"]))
    print(f"{len(rows)} scenes in {wall:.1f} s on {args.jobs} process(es)")
    if args.out:
        with args.out.open("w") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
