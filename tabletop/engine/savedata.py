"""Which of the player's own data files a game was played with, as a save names
them (`user_data`: each file's path relative to the data folder and the SHA-256 of
its bytes), and whether the data read now is that data: a save replays only with
the own files it names, unchanged, and no other."""

from __future__ import annotations

import os
from collections.abc import Mapping

from tabletop.engine.data import DataError, UserData, user_data
from tabletop.engine.rules import GameRules
from tabletop.i18n import N_, Message
from tabletop.resources import user_data_dir


def _report(rules: GameRules) -> UserData | None:
    """What the player's folder does to the game's data; None for a game without
    data, or whose bundled data has a fault (it is not played then, and the
    launcher's card says why)."""
    dataset = getattr(rules, "dataset", None)
    if dataset is None:
        return None
    try:
        return user_data(dataset)
    except DataError:
        return None


def files_in_use(rules: GameRules) -> dict[str, str]:
    """The player's own data files the game's data is read with now (see
    data.load_bundled), by path relative to data/, with the SHA-256 of each."""
    report = _report(rules)
    return {} if report is None or report.problems else dict(report.digests)


def difference(made: Mapping[str, str], rules: GameRules) -> Message | None:
    """Why a game played with the own files `made` (none: the bundled data alone)
    cannot be replayed with the data read now, naming the first file that differs;
    None when the data is the same."""
    now = files_in_use(rules)
    if dict(made) == now:
        return None
    report = _report(rules)
    folder = report.folder if report is not None else user_data_dir()
    for name in sorted(made.keys() | now.keys()):
        if name not in made:
            said = N_(
                "The save was played without your own data file {file}, which now changes the game's data; move"
                " that file away to continue this save."
            )
        elif name not in now and report is not None and report.problems and os.path.lexists(folder / name):
            said = N_(
                "The save was played with your own data file {file}, which now has a fault (see the game's card"
                " in the launcher or `tabletop validate`); it cannot be replayed without it."
            )
        elif name not in now:
            said = N_(
                "The save was played with your own data file {file}, which is no longer there; put it back to"
                " continue this save."
            )
        elif made[name] != now[name]:
            said = N_(
                "The save was played with your own data file {file}, which has changed since; the game cannot be"
                " replayed with the changed file."
            )
        else:
            continue
        return Message(said, {"file": str(folder / name)})
    return None  # not reached: the two differ in some file
