"""Saves: JSON files holding the set-up, seed and action log of a match.

See docs/SAVE_FORMAT.md. Writes are atomic (a temporary file, then os.replace), so a
crash at any moment leaves the last good save. A file that cannot be trusted raises
SaveError with a message for the players, and is never written to.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import __version__
from tabletop.engine.core import IllegalAction, PlayerInfo, Setup
from tabletop.engine.files import write_text_atomic
from tabletop.engine.match import LogEntry, Match, state_hash
from tabletop.i18n import Message, N_

FORMAT = "tabletop-save"
#: the version of the file layout this program writes and the newest it reads
VERSION = 1


class SaveError(Exception):
    """A save that cannot be loaded; `message` says why, for the players."""

    def __init__(self, path: Path | str, message: Message) -> None:
        self.path = Path(path)
        self.message = message
        super().__init__(f"{path}: {message.render()}")

    def render(self) -> str:
        return f"{self.path}: {self.message.render()}"


def user_dir() -> Path:
    """Where saves and settings live: $TABLETOP_HOME, else the platform's user data
    folder (~/.local/share/tabletop on Linux)."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop", appauthor=False))


def saves_dir() -> Path:
    return user_dir() / "saves"


def autosave_dir() -> Path:
    return saves_dir() / "autosave"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that the file is either the old one or the new one, never half."""
    write_text_atomic(path, json.dumps(data, indent=1, ensure_ascii=False))


def _checksum(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def encode_match(match: Match, created: str | None = None, save_id: str | None = None) -> dict[str, Any]:
    """The save file's content for `match`."""
    result = match.result()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "id": save_id or uuid.uuid4().hex,
        "game": match.rules.id,
        "game_version": match.rules.version,
        "created": created or _now(),
        "updated": _now(),
        "seed": match.seed,
        "setup": match.setup.to_json(),
        "log": [entry.to_json() for entry in match.log],
        "over": result is not None,
        "state_hash": match.hash(),
    }
    data["checksum"] = _checksum(data)
    return data


def save_match(match: Match, path: Path, created: str | None = None, save_id: str | None = None) -> None:
    write_json_atomic(path, encode_match(match, created, save_id))


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file's JSON without replaying it."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise SaveError(path, Message(N_("The file cannot be read ({error})."), {"error": err.strerror or str(err)})) from err
    if not raw.strip():
        raise SaveError(path, Message(N_("The file is empty.")))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SaveError(
            path, Message(N_("The file is not a complete save: it is cut short or is not a save at all."))
        ) from err
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, Message(N_("The file is not a tabletop save.")))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, Message(N_("The save has no format version.")))
    if version > VERSION:
        raise SaveError(
            path,
            Message(
                N_("The save was made by a newer tabletop (format {version}); this one reads up to format {supported}. Update tabletop to open it."),
                {"version": version, "supported": VERSION},
            ),
        )
    if data.get("checksum") != _checksum(data):
        raise SaveError(path, Message(N_("The save has been changed outside tabletop or damaged; it cannot be trusted.")))
    return data


def decode_match(path: Path, data: dict[str, Any]) -> Match:
    """Rebuild the match a checked save describes, replaying its log."""
    from tabletop.games import registry

    game_id = data.get("game")
    try:
        rules = registry.get(str(game_id))
    except KeyError:
        raise SaveError(path, Message(N_("The save is of a game this tabletop does not know: {game}."), {"game": str(game_id)})) from None
    if data.get("game_version") != rules.version:
        raise SaveError(
            path,
            Message(
                N_("The save was made with other rules of {game} (version {found}, this tabletop has {expected})."),
                {"game": rules.title, "found": str(data.get("game_version")), "expected": rules.version},
            ),
        )
    try:
        setup_data = data["setup"]
        setup = Setup(
            players=tuple(PlayerInfo(str(p["name"]), str(p["colour"])) for p in setup_data["players"]),
            options=dict(setup_data["options"]),
            first=int(setup_data["first"]),
        )
        seed = data["seed"]
        if not isinstance(seed, int):
            raise TypeError("seed")
        log = [LogEntry.from_json(entry) for entry in data["log"]]
    except (KeyError, TypeError, ValueError) as err:
        raise SaveError(path, Message(N_("The save is damaged: {detail}."), {"detail": str(err)})) from err
    try:
        match = Match.replay(rules, setup, seed, log)
    except IllegalAction as err:
        raise SaveError(path, Message(N_("The save is damaged: {detail}"), {"detail": err.reason.render()})) from err
    if state_hash(rules, match.state) != data.get("state_hash"):
        raise SaveError(path, Message(N_("The save does not replay to the game it recorded; it cannot be trusted.")))
    return match


def load_match(path: Path) -> Match:
    """Load a save; SaveError says what is wrong with it."""
    return decode_match(Path(path), read_save(path))


@dataclass
class SaveInfo:
    """What the launcher lists for a save, read without replaying it."""

    path: Path
    game: str
    players: list[str]
    updated: str
    over: bool
    actions: int
    error: SaveError | None = None


def save_info(path: Path) -> SaveInfo:
    try:
        data = read_save(path)
        return SaveInfo(
            path=Path(path),
            game=str(data.get("game")),
            players=[str(p.get("name")) for p in data["setup"]["players"]],
            updated=str(data.get("updated", "")),
            over=bool(data.get("over")),
            actions=len(data.get("log", [])),
        )
    except SaveError as err:
        return SaveInfo(Path(path), "", [], "", False, 0, error=err)
    except (KeyError, TypeError, AttributeError):
        err = SaveError(path, Message(N_("The save is damaged.")))
        return SaveInfo(Path(path), "", [], "", False, 0, error=err)


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Saves in `folder` (default: the saves folder and its autosaves), newest first."""
    folders = [folder] if folder else [saves_dir(), autosave_dir()]
    paths = [p for f in folders if f.is_dir() for p in f.glob("*.json")]
    paths.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [save_info(p) for p in paths]


def latest_autosave() -> Path | None:
    """The most recently written autosave of a game that is not over."""
    for info in list_saves(autosave_dir()):
        if info.error is None and not info.over:
            return info.path
    return None


class Autosaver:
    """Writes the match to its autosave file after every action, undo and redo."""

    def __init__(self, match: Match, path: Path | None = None, created: str | None = None, save_id: str | None = None) -> None:
        self.match = match
        if path is None:
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = autosave_dir() / f"{match.rules.id}-{stamp}-{uuid.uuid4().hex[:6]}.json"
        self.path = Path(path)
        self.created = created or _now()
        self.save_id = save_id or uuid.uuid4().hex
        match.listeners.append(self._on_change)

    @classmethod
    def resume(cls, path: Path) -> "Autosaver":
        """Load a save and keep autosaving the continued game: into the same file
        when it is an autosave, into a new autosave when it is a named save."""
        path = Path(path)
        data = read_save(path)
        match = decode_match(path, data)
        if path.resolve().parent == autosave_dir().resolve():
            return cls(match, path, created=data.get("created"), save_id=data.get("id"))
        return cls(match)

    def _on_change(self, match: Match) -> None:
        self.save()

    def save(self) -> None:
        save_match(self.match, self.path, self.created, self.save_id)

    def save_as(self, path: Path) -> None:
        save_match(self.match, path, self.created, self.save_id)
