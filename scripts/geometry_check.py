#!/usr/bin/env python3
"""The exhaustive geometry check on the seeded scene set, on several processes.

    .venv/bin/python scripts/geometry_check.py                 all 3,000 scenes, 2 processes
    .venv/bin/python scripts/geometry_check.py --scenes 100    the CI's 100
    .venv/bin/python scripts/geometry_check.py --first 533 --scenes 1 --jobs 1
    .venv/bin/python scripts/geometry_check.py --edges 0       every edge of the reach (slow)
    .venv/bin/python scripts/geometry_check.py --lattice 5     a finer lattice over the allowance disc
                                                               (0: none)
    .venv/bin/python scripts/geometry_check.py --seeds 141,619 --group heavy
                                                               only these seeds, only this group

Prints, per check (reach membership, shortest paths, sight) and per group of
scenes (open, heavy terrain, mover leaving terrain): scenes, checks, and for each
kind of disagreement and its cause the points, the worst error and the failing
seeds; then the time taken. --out FILE writes every finding as a JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.skirmish.geometry import check  # noqa: E402  (the repository root is on the path only now)
from tests.skirmish.geometry.runs import add_scene_options, chosen_seeds, over_scenes  # noqa: E402
from tests.skirmish.geometry.scenes import scene  # noqa: E402

CHECKS = ("reach", "paths", "sight")


GROUPS = ("open", "heavy", "leaving")


def _one(job: tuple[int, int | None, str | None, float | None]) -> tuple[int, str, dict[str, check.Tally], float]:
    seed, edges, only, lattice = job
    started = time.process_time()
    sc = scene(seed)
    group = "leaving" if check.starts_in_terrain(sc) else "heavy" if check.has_heavy(sc) else "open"
    if only is not None and group != only:
        return seed, group, {}, time.process_time() - started
    tallies = {
        "reach": check.check_reach(sc, edges=edges, lattice=lattice),
        "paths": check.check_paths(sc),
        "sight": check.check_sight(sc),
    }
    return seed, group, tallies, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scene_options(parser, jobs=2)
    parser.add_argument("--edges", type=int, default=100, help="edges of the reach per scene (0: every edge)")
    parser.add_argument(
        "--lattice",
        type=float,
        default=check.LATTICE,
        help="spacing (mm) of the lattice over the allowance disc judged for holes (0: none)",
    )
    parser.add_argument("--out", type=Path)
    parser.add_argument("--group", choices=GROUPS, help="check only the scenes of this group")
    args = parser.parse_args()
    edges = args.edges or None
    seeds = [(seed, edges, args.group, args.lattice or None) for seed in chosen_seeds(args)]
    started = time.perf_counter()
    results = over_scenes(_one, seeds, args.jobs)
    wall = time.perf_counter() - started
    results = sorted((r for r in results if r[2]), key=lambda r: r[0])
    for name in CHECKS:
        for group in GROUPS:
            if args.group is not None and group != args.group:
                continue
            tallies = [r[2][name] for r in results if r[1] == group]
            print(check.summary(f"{name}, {group}", len(tallies), tallies))
    cpu = [r[3] for r in results] or [0.0]
    print(
        f"{len(results)} scenes in {wall:.1f} s on {args.jobs} processes "
        f"(cpu per scene: median {sorted(cpu)[len(cpu) // 2]:.2f} s, worst {max(cpu):.2f} s)"
    )
    if args.out:
        with args.out.open("w") as out:
            for seed, group, tallies, _ in results:
                for name, tally in tallies.items():
                    for f in tally.findings:
                        out.write(json.dumps({"seed": seed, "group": group, "check": name, **f.__dict__}) + "\n")


if __name__ == "__main__":
    main()
