#!/usr/bin/env python3
"""Each seeded scene's answers (the scenes of geometry_check.py) as one fingerprint:
the mover's reachable area, its shortest paths to the goals the exhaustive check tries
and sight from it to every other base. A change meant to leave every answer as it was
(one that makes the geometry faster) is shown to do so in a minute, where the
exhaustive check takes twenty: fingerprint the scenes before the change, then compare
after it; only the scenes whose answers differ need the exhaustive check.

    .venv/bin/python scripts/geometry_answers.py --out before.jsonl
    .venv/bin/python scripts/geometry_answers.py --against before.jsonl
    .venv/bin/python scripts/geometry_answers.py --seeds 3,21 --against before.jsonl

--against prints how many scenes differ and in what, then their seeds as
geometry_check.py's --seeds takes them; it exits with 1 when any differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# (imported once the repository root is on the path)
from tabletop.games.skirmish.table.movement import shortest_path  # noqa: E402
from tabletop.games.skirmish.table.reach import reach  # noqa: E402
from tabletop.games.skirmish.table.sight import sight  # noqa: E402
from tests.skirmish.geometry.runs import add_scene_options, chosen_seeds, over_scenes  # noqa: E402
from tests.skirmish.geometry.scenes import MOVER, goals, scene  # noqa: E402

#: what is fingerprinted per scene
ANSWERS = ("reach", "paths", "sight")


def _fingerprint(value: Any) -> str:
    # repr writes floats exactly (the shortest text that reads back as the same float)
    return hashlib.sha1(repr(value).encode()).hexdigest()


def answers(seed: int) -> dict[str, Any]:
    """The scene's answers, each fingerprinted."""
    sc = scene(seed)
    table = sc.table
    area = reach(table, MOVER)
    paths = [shortest_path(table, MOVER, goal) for goal in goals(sc)]
    seen = [sight(table, MOVER, other) for other in sorted(table.models) if other != MOVER]
    return {
        "seed": seed,
        "reach": _fingerprint((area.origin, area.allowance, area.polygons)),
        "paths": _fingerprint([None if p is None else (p.points, p.length, p.cost) for p in paths]),
        "sight": _fingerprint(seen),
    }


def differences(before: dict[int, dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Per answer, the seeds whose fingerprint differs from `before` (a seed missing
    there counts as differing in every answer)."""
    found: dict[str, list[int]] = {name: [] for name in ANSWERS}
    for row in after:
        old = before.get(row["seed"], {})
        for name in ANSWERS:
            if old.get(name) != row[name]:
                found[name].append(row["seed"])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scene_options(parser, jobs=2)
    parser.add_argument("--out", type=Path, help="write each scene's fingerprints as a JSON line")
    parser.add_argument("--against", type=Path, help="compare with the fingerprints a run wrote with --out")
    args = parser.parse_args()
    if args.out is None and args.against is None:
        parser.error("give --out, --against or both")
    before: dict[int, dict[str, Any]] = {}
    if args.against is not None:
        try:
            lines = args.against.read_text(encoding="utf-8").splitlines()
            before = {row["seed"]: row for row in map(json.loads, filter(None, lines))}
        except (OSError, ValueError, KeyError, TypeError) as error:
            sys.exit(f"geometry_answers: {args.against} cannot be read as fingerprints ({error})")
    started = time.perf_counter()
    rows = sorted(over_scenes(answers, chosen_seeds(args), args.jobs), key=lambda r: r["seed"])
    print(f"{len(rows)} scenes in {time.perf_counter() - started:.1f} s on {args.jobs} process(es)")
    if args.out is not None:
        with args.out.open("w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    if args.against is not None:
        found = differences(before, rows)
        for name, seeds in found.items():
            print(f"{name}: {len(seeds)} of {len(rows)} scenes differ")
        differing = sorted({seed for seeds in found.values() for seed in seeds})
        if differing:
            print("seeds: " + ",".join(map(str, differing)))
            sys.exit(1)


if __name__ == "__main__":
    main()
