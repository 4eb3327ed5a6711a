"""The seeded scenes a script runs over (scripts/geometry_check.py, geometry_speed.py,
geometry_answers.py): which of them (`--scenes` from `--first`, or `--seeds`) and on how
many processes (`--jobs`)."""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Callable
from typing import TypeVar

from tests.skirmish.geometry.scenes import SET_SIZE

_Job = TypeVar("_Job")
_Result = TypeVar("_Result")


def add_scene_options(parser: argparse.ArgumentParser, jobs: int, jobs_help: str = "processes") -> None:
    """--scenes, --first, --seeds and --jobs (`jobs` processes unless told)."""
    parser.add_argument("--scenes", type=int, default=SET_SIZE)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seeds", help="a comma-separated list of seeds (in place of --first and --scenes)")
    parser.add_argument("--jobs", type=int, default=jobs, help=jobs_help)


def chosen_seeds(args: argparse.Namespace) -> list[int]:
    """The seeds the options choose."""
    if args.seeds:
        return [int(s) for s in args.seeds.split(",") if s.strip()]
    return list(range(args.first, args.first + args.scenes))


def over_scenes(work: Callable[[_Job], _Result], jobs: list[_Job], processes: int) -> list[_Result]:
    """`work` done for each job, on `processes` processes (in whatever order they finish
    where more than one)."""
    if processes <= 1:
        return [work(job) for job in jobs]
    with multiprocessing.Pool(processes) as pool:
        return list(pool.imap_unordered(work, jobs, chunksize=4))
