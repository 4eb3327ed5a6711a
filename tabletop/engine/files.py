"""Reading the files a user can touch, and writing files so that a crash leaves
either the old file or the new one."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from tabletop.i18n import N_, Message

#: the most tabletop reads of a data file or the settings, and of a save
DATA_LIMIT = 1_000_000
SAVE_LIMIT = 10_000_000

#: the temporary files write_text_atomic makes: ".NAME." + mkstemp's 8 characters + ".tmp"
_TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")


class FileRefused(OSError):
    """A file that is not read: not a regular file, too large, or not readable.
    `reason` says why, for the user; `missing`: there is nothing at the path."""

    def __init__(self, path: Path | str, reason: Message, missing: bool = False) -> None:
        super().__init__(reason.render())
        self.path = Path(path)
        self.reason = reason
        self.missing = missing

    def __str__(self) -> str:
        return f"{self.path}: {self.reason.render()}"


_NOT_REGULAR = (
    (stat.S_ISDIR, N_("This is a folder, not a file.")),
    (stat.S_ISFIFO, N_("This is a named pipe, not a regular file.")),
    (stat.S_ISCHR, N_("This is a device, not a regular file.")),
    (stat.S_ISBLK, N_("This is a device, not a regular file.")),
    (stat.S_ISSOCK, N_("This is a socket, not a regular file.")),
)


def _not_regular(path: Path, mode: int) -> FileRefused:
    reason = next((text for test, text in _NOT_REGULAR if test(mode)), N_("This is not a regular file."))
    return FileRefused(path, Message(reason))


def _cannot_open(path: Path, err: OSError) -> FileRefused:
    """The reason `err` (from stat or open) gives, in words."""
    if err.errno == errno.ELOOP:
        return FileRefused(path, Message(N_("This is a link that leads back to itself, not to a file.")))
    missing = isinstance(err, FileNotFoundError)
    if missing and os.path.islink(path):
        return FileRefused(path, Message(N_("This is a link to a file that does not exist.")))
    reason = Message(N_("The file cannot be read ({error})."), {"error": err.strerror or str(err)})
    return FileRefused(path, reason, missing=missing)


def check_regular(path: Path | str) -> None:
    """FileRefused unless `path` is a regular file or a link to one (a folder, a
    named pipe, a device, a link to nothing or to itself are refused)."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as err:
        raise _cannot_open(path, err) from None
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)


def read_bytes_checked(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at `path` (a link to one is followed), at most
    `limit` of them. Anything else (a folder, a named pipe, a device, a socket, a
    link to nothing or to itself, a larger file, one that cannot be read) raises
    FileRefused with the reason; nothing here waits for a writer or reads without end."""
    path = Path(path)
    check_regular(path)
    try:
        # non-blocking: should the file be swapped for a named pipe after the stat,
        # opening it does not wait for a writer (the fstat below then refuses it)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as err:
        raise _cannot_open(path, err) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except FileRefused:
        raise
    except OSError as err:
        raise _cannot_open(path, err) from None
    finally:
        os.close(fd)
    if left <= 0:
        raise FileRefused(
            path,
            Message(
                N_("The file is larger than {megabytes} MB, the most tabletop reads."), {"megabytes": limit // 10**6}
            ),
        )
    return b"".join(chunks)


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
