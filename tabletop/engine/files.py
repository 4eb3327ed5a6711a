"""Writing files so that a crash leaves either the old file or the new one."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

#: the temporary files write_text_atomic makes: ".NAME." + mkstemp's 8 characters + ".tmp"
_TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path`, flush it to disk, then move it
    over `path` (os.replace is atomic), so the file is never half written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)  # see _TEMPORARY
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def remove_stale_temporaries(folder: Path, older_than: float = 60.0) -> list[Path]:
    """Delete the temporary files a killed write_text_atomic left in `folder`
    (only files of its own naming, and only those not written to for
    `older_than` seconds, so a write in progress elsewhere is left alone).
    Returns the files removed."""
    removed: list[Path] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    limit = time.time() - older_than
    for entry in entries:
        if not _TEMPORARY.match(entry.name):
            continue
        try:
            if entry.is_file() and entry.stat().st_mtime < limit:
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue  # gone already, or not ours to delete
    return removed
