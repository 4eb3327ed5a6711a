"""A bound on the time a block of a test may take, for code that could hang."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


@contextlib.contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Fail the block with TimeoutError, instead of hanging, when it takes longer
    than `seconds` (opening a named pipe without a writer waits for ever). Main
    thread only (SIGALRM)."""

    def expire(_signum, _frame):
        raise TimeoutError(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
