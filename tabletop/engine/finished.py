"""The saves known to be finished, for the listing of saves.

The listing reads saves without replaying them (a replay of many saves would make it
slow), so it cannot tell from a file alone that a game said to be over is over. The
checksums of the saves whose end tabletop has seen (it wrote them as the game ended,
or replayed them to their end) are kept in one small file, and a save is listed as
finished only when its checksum is there. The checksum covers every field of a save
and the save reader checks it against the content, so a file edited to say
`over: true` has another checksum: it is listed as "not checked yet" until it is
opened, which replays it (and refuses it). Looking a save up costs nothing per save.
"""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.engine.files import DATA_LIMIT, FileRefused, read_bytes_checked, write_text_atomic
from tabletop.resources import user_dir

#: the most checksums kept (the oldest are dropped: those saves are then checked again)
LIMIT = 2000


def finished_file() -> Path:
    return user_dir() / "finished-saves.json"


def _known() -> list[str]:
    """The checksums kept, oldest first; none when the file is missing or damaged
    (the saves are then "not checked yet", never wrongly finished)."""
    try:
        known = json.loads(read_bytes_checked(finished_file(), DATA_LIMIT).decode("utf-8"))
    except (FileRefused, UnicodeDecodeError, ValueError, RecursionError):
        return []
    return [item for item in known if isinstance(item, str)] if isinstance(known, list) else []


def known_finished() -> set[str]:
    """The checksums of the saves known to be finished."""
    return set(_known())


def record_finished(checksum: str) -> None:
    """Remember that the save with `checksum` is of a finished game."""
    known = _known()
    if checksum in known:
        return
    try:
        write_text_atomic(finished_file(), json.dumps([*known, checksum][-LIMIT:], indent=0))
    except OSError:
        pass  # the save is then listed as not checked yet, and opening it checks it
