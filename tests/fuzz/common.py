"""What the fuzz tests share: how many cases they try, the time each may take,
and the check that a file was left as it was.

The suite runs a fixed, small number of cases (the same ones on every run: the
examples are derandomized), so that it takes well under a minute in CI. A longer
run is a flag away: TABLETOP_FUZZ=5000 tries 5000 random cases per test (a
different draw each run; hypothesis prints how to repeat a failure):

    TABLETOP_FUZZ=5000 .venv/bin/python -m pytest -q -n 2 tests/fuzz
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from bounds import bounded
from hypothesis import HealthCheck, settings

#: the number of cases per test of a long run (0: the CI run)
LONG_RUN = int(os.environ.get("TABLETOP_FUZZ", "0") or 0)

#: the most one case may take: anything slower counts as a hang
BUDGET = 30.0


def cases(ci: int) -> settings:
    """Hypothesis settings for `ci` cases (derandomized), or a long run's."""
    if LONG_RUN:
        return settings(max_examples=LONG_RUN, derandomize=False, database=None)
    return settings(
        max_examples=ci,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


def within_budget() -> contextlib.AbstractContextManager[None]:
    return bounded(BUDGET)


def fingerprint(path: Path) -> tuple[str, str]:
    """What is at `path`, without following a link or opening a named pipe: the
    kind of entry and, for a regular file, the hash of its bytes."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return ("missing", "")
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(mode):
        return ("file", hashlib.sha256(path.read_bytes()).hexdigest())
    return (oct(stat.S_IFMT(mode)), "")


def folder_fingerprint(folder: Path) -> dict[str, tuple[str, str]]:
    return {p.relative_to(folder).as_posix(): fingerprint(p) for p in sorted(folder.rglob("*"))}


@contextlib.contextmanager
def unchanged(*paths: Path) -> Iterator[None]:
    """Fail unless each of `paths` (a file, or a folder and what it holds) is as
    it was before the block."""
    before = [folder_fingerprint(p) if p.is_dir() and not p.is_symlink() else fingerprint(p) for p in paths]
    yield
    after = [folder_fingerprint(p) if p.is_dir() and not p.is_symlink() else fingerprint(p) for p in paths]
    for path, old, new in zip(paths, before, after, strict=True):
        assert old == new, f"{path} was changed"
