"""Saves: JSON files holding the set-up and action log of a match.

See docs/SAVE_FORMAT.md. Writes are atomic (a temporary file, then os.replace), so a
crash at any moment leaves the last good save. A file that cannot be trusted raises
SaveError with a message for the players, and is never written to.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from typing_extensions import TypeAliasType

from tabletop import __version__
from tabletop.engine.core import IllegalAction, PlayerInfo, Setup
from tabletop.engine.files import (
    SAVE_LIMIT,
    FileRefused,
    read_bytes_checked,
    remove_stale_temporaries,
    write_text_atomic,
)
from tabletop.engine.finished import known_finished, record_finished
from tabletop.engine.match import LogEntry, Match, state_hash
from tabletop.engine.rules import GameRules
from tabletop.engine.savedata import difference, files_in_use
from tabletop.i18n import N_, Message
from tabletop.resources import user_dir

FORMAT = "tabletop-save"
#: the version of the file layout this program writes and the newest it reads;
#: format 1 also held the seed of the chance steps, which format 2 drops (nothing in
#: a save may tell what chance decides next): a format 1 file is read without it;
#: format 3 adds `user_data`, the player's own data files the game was played with
VERSION = 3
#: the format of a save made with the bundled data alone: it has no `user_data`, and
#: a tabletop that reads format 2 reads it as it always did (while one that does not
#: know `user_data` refuses a format 3 save instead of replaying it with other data)
VERSION_WITHOUT_USER_DATA = 2


class SaveError(ValueError):
    """A save that cannot be loaded; `message` says why, for the players. `older`:
    the save is sound but was made by an older tabletop whose rules this one no
    longer replays, so it can be listed but not continued (and is kept)."""

    def __init__(self, path: Path | str, message: Message, older: bool = False) -> None:
        self.path = Path(path)
        self.message = message
        self.older = older
        super().__init__(f"{path}: {message.render()}")

    def render(self) -> str:
        return f"{self.path}: {self.message.render()}"


def saves_dir() -> Path:
    return user_dir() / "saves"


def autosave_dir() -> Path:
    return saves_dir() / "autosave"


# -- the layout of a save, checked before anything is read from it ---------------------

#: a value an action may hold: plain data, no mappings (see core.Action)
Plain = TypeAliasType("Plain", "bool | int | float | str | None | list[Plain]")


class _Part(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class SavedPlayer(_Part):
    described: ClassVar[str] = N_("a player with a name and a colour")
    name: str = Field(min_length=1, description=N_("a player's name (text)"))
    colour: str = Field(min_length=1, description=N_("a colour (text)"))


class SavedSetup(_Part):
    players: list[SavedPlayer] = Field(description=N_("a list of players, each with a name and a colour"))
    options: dict[str, Plain] = Field(description=N_("the game's options: names and their values"))
    first: int = Field(ge=0, description=N_("the number of the seat that begins (0 for the first)"))


class SavedEntry(_Part):
    described: ClassVar[str] = N_("a step with an actor and an action")
    actor: Annotated[int, Field(ge=0)] | Literal["chance"] = Field(description=N_('a seat number or "chance"'))
    action: dict[str, Plain] = Field(
        description=N_('an action: a "kind" and values that are numbers, text, true, false or lists')
    )

    @field_validator("action")
    @classmethod
    def _has_kind(cls, action: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(action.get("kind"), str) or not action["kind"]:
            raise ValueError("no kind")
        return action


class SavedDataFile(_Part):
    described: ClassVar[str] = N_("a data file with its checksum")
    file: str = Field(min_length=1, max_length=300, description=N_("a data file's path (text)"))
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$", description=N_("a SHA-256 checksum (64 hexadecimal digits)"))


class SaveFile(BaseModel):
    """The fields of a save (docs/SAVE_FORMAT.md); other top-level fields are ignored."""

    model_config = ConfigDict(strict=True, extra="ignore")

    format: Literal["tabletop-save"] = Field(description=N_('"tabletop-save"'))
    version: int = Field(description=N_("a whole number"))
    app_version: str = Field(description=N_("text"))
    id: str = Field(description=N_("text"))
    game: str = Field(description=N_("the name of a game (text)"))
    game_version: int = Field(description=N_("a whole number"))
    created: str = Field(description=N_("a date and time (text)"))
    updated: str = Field(description=N_("a date and time (text)"))
    setup: SavedSetup = Field(description=N_("the set-up: players, options and who begins"))
    log: list[SavedEntry] = Field(description=N_("a list of steps, each with an actor and an action"))
    over: bool = Field(description=N_("true or false"))
    state_hash: str = Field(description=N_("text"))
    checksum: str = Field(description=N_("text"))
    user_data: list[SavedDataFile] = Field(
        default_factory=list, description=N_("a list of data files, each with its checksum")
    )


def _field_at(loc: tuple[Any, ...]) -> tuple[str, str | None]:
    """The dotted name of the field a pydantic error location points into, and
    that field's description; parts that name no field (union branches, keys of
    a mapping) end the walk."""
    kind: Any = SaveFile
    name, description = "", None
    for part in loc:
        if isinstance(kind, type) and issubclass(kind, BaseModel) and part in kind.model_fields:
            info = kind.model_fields[part]
            name = f"{name}.{part}" if name else str(part)
            description = info.description
            kind = info.annotation
        elif isinstance(part, int) and get_origin(kind) is list:
            name = f"{name}[{part}]"
            kind = get_args(kind)[0]
            description = getattr(kind, "described", description)
        else:
            break
    return name, description


def _structure(path: Path, data: dict[str, Any]) -> SaveFile:
    """The save's fields, checked; SaveError names the first field that is wrong."""
    try:
        return SaveFile.model_validate(data)
    except ValidationError as err:
        error = err.errors(include_url=False)[0]
        name, description = _field_at(tuple(error["loc"]))
        if error["type"] == "missing":
            problem = SaveError(
                path, Message(N_("The save is damaged: the field '{field}' is missing."), {"field": name})
            )
        elif error["type"] == "extra_forbidden":
            parent, _description = _field_at(tuple(error["loc"][:-1]))
            name = f"{parent}.{error['loc'][-1]}" if parent else str(error["loc"][-1])
            said = N_("The save is damaged: the field '{field}' does not belong in a save.")
            problem = SaveError(path, Message(said, {"field": name}))
        else:
            problem = _should_be(path, name, Message(description or N_("something else")))
        raise problem from None


def _should_be(path: Path, field: str, expected: Message) -> SaveError:
    """The error for a field of a save whose value is not what it should be."""
    return SaveError(
        path,
        Message(
            N_("The save is damaged: the field '{field}' should be {expected}."), {"field": field, "expected": expected}
        ),
    )


#: characters no text in a save may hold: controls but tab and line breaks, and lone
#: surrogates (halves of a character, which JSON lets through and UTF-8 cannot hold)
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: in a player's name or colour (drawn on one line), no control character at all
_NOT_NAME = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_NAMES = re.compile(r"setup\.players\[\d+\]\.(name|colour)")


def _check_text(path: Path, data: Any) -> None:
    """Refuse a save whose text (keys included) holds a character that is not text,
    naming the field; walked without recursion, as deep as the JSON reader allowed."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        field, value = stack.pop()
        if isinstance(value, str):
            found = (_NOT_NAME if _NAMES.fullmatch(field) else _NOT_TEXT).search(value)
            if found:
                raise SaveError(
                    path,
                    Message(
                        N_(
                            "The save is damaged: the field '{field}' holds the character U+{code}, which is not"
                            " allowed in text."
                        ),
                        {"field": field, "code": f"{ord(found.group()):04X}"},
                    ),
                )
        elif isinstance(value, list):
            stack.extend((f"{field}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, dict):
            for key, item in value.items():
                name = f"{field}.{_NOT_TEXT.sub('?', key[:40])}" if field else _NOT_TEXT.sub("?", key[:40])
                stack.append((name, key))
                stack.append((name, item))


def _whole(value: Any) -> bool:
    return type(value) is int


def _check_chance(path: Path, save: SaveFile) -> None:
    """Each chance outcome is a whole number or a list of them (not true, false or
    2.0), before the rules see it."""
    for index, entry in enumerate(save.log):
        outcome = entry.action.get("outcome")
        if entry.actor == "chance" and not (
            _whole(outcome) or (isinstance(outcome, list) and all(_whole(item) for item in outcome))
        ):
            raise _should_be(
                path, f"log[{index}].action.outcome", Message(N_("a whole number or a list of whole numbers"))
            )


def _check_options(path: Path, save: SaveFile, rules: GameRules) -> None:
    """Each option is one of its values with that value's own type: 0 is not false,
    600.0 is not 600 (unknown options are left to the rules' check of the set-up)."""
    specs = {spec.key: spec for spec in rules.option_specs()}
    for key, value in save.setup.options.items():
        spec = specs.get(key)
        if spec is None:
            continue
        allowed = [choice for choice, _label in spec.choices] or [spec.default]
        if not any(type(choice) is type(value) and choice == value for choice in allowed):
            values = ", ".join(json.dumps(choice) for choice in allowed)
            raise _should_be(path, f"setup.options.{key}", Message(N_("one of {values}"), {"values": values}))


def remove_stale_temporaries_of_saves() -> None:
    """Delete what killed writes left in the saves folders and beside the settings."""
    for folder in (user_dir(), saves_dir(), autosave_dir()):
        remove_stale_temporaries(folder)


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
    mine = files_in_use(match.rules)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION if mine else VERSION_WITHOUT_USER_DATA,
        "app_version": __version__,
        "id": save_id or uuid.uuid4().hex,
        "game": match.rules.id,
        "game_version": match.rules.version,
        "created": created or _now(),
        "updated": _now(),
        "setup": match.setup.to_json(),
        "log": [entry.to_json() for entry in match.log],
        "over": result is not None,
        "state_hash": match.hash(),
    }
    if mine:
        data["user_data"] = [{"file": name, "sha256": digest} for name, digest in sorted(mine.items())]
    data["checksum"] = _checksum(data)
    return data


def save_match(match: Match, path: Path, created: str | None = None, save_id: str | None = None) -> None:
    data = encode_match(match, created, save_id)
    write_json_atomic(path, data)
    if data["over"]:
        record_finished(data["checksum"])


class _NotANumber(ValueError):
    """NaN or Infinity in a file: JSON has no such numbers."""


def _refuse_constant(name: str) -> Any:
    raise _NotANumber(name)


def _parse(path: Path, raw: bytes) -> Any:
    """The JSON in `raw`; SaveError says in words why it cannot be read."""
    try:
        # "utf-8-sig": a byte order mark, which some editors put before the text, is
        # no part of the save (the checksum is of the fields)
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        message = Message(N_("The file is not a complete save: it is cut short or is not a save at all."))
        raise SaveError(path, message) from err
    except RecursionError as err:
        message = Message(N_("The file is not a save tabletop can read: its data is nested far too deeply."))
        raise SaveError(path, message) from err
    except _NotANumber as err:
        message = Message(
            N_("The file is not a save tabletop can read: it holds {value}, which is not a number."),
            {"value": str(err)},
        )
        raise SaveError(path, message) from err
    except ValueError as err:  # a whole number of more digits than Python converts
        message = Message(N_("The file is not a save tabletop can read: it holds a number far too long."))
        raise SaveError(path, message) from err


def read_save(path: Path) -> dict[str, Any]:
    """Read and check a save file's JSON and the layout of its fields, without
    replaying it. Whatever is wrong raises SaveError, never another error."""
    path = Path(path)
    try:
        raw = read_bytes_checked(path, SAVE_LIMIT)
    except FileRefused as err:
        raise SaveError(path, err.reason) from None
    if not raw.strip():
        raise SaveError(path, Message(N_("The file is empty.")))
    data = _parse(path, raw)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, Message(N_("The file is not a tabletop save.")))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, Message(N_("The save has no format version.")))
    if version > VERSION:
        raise SaveError(
            path,
            Message(
                N_(
                    "The save was made by a newer tabletop (format {version}); this one reads up to format"
                    " {supported}. Update tabletop to open it."
                ),
                {"version": version, "supported": VERSION},
            ),
        )
    _check_text(path, data)  # before the checksum, which cannot encode a lone surrogate
    if data.get("checksum") != _checksum(data):
        raise SaveError(
            path, Message(N_("The save has been changed outside tabletop or damaged; it cannot be trusted."))
        )
    _check_chance(path, _structure(path, data))
    return data


def _rules_of(path: Path, save: SaveFile) -> GameRules:
    """The rules that replay `save`; SaveError when no game of this tabletop does
    (an unknown game, rules older or newer than the save's)."""
    from tabletop.games import registry

    try:
        rules = registry.get(save.game)
    except KeyError:
        raise SaveError(
            path, Message(N_("The save is of a game this tabletop does not know: {game}."), {"game": save.game})
        ) from None
    if save.game_version < rules.version:
        raise SaveError(
            path,
            Message(
                N_(
                    "The save was made by an older tabletop, with rules of {game} this one no longer replays;"
                    " it cannot be continued. The file is kept as it is."
                ),
                {"game": rules.title},
            ),
            older=True,
        )
    if save.game_version != rules.version:
        raise SaveError(
            path,
            Message(
                N_("The save was made with newer rules of {game} (version {found}, this tabletop has {expected})."),
                {"game": rules.title, "found": save.game_version, "expected": rules.version},
            ),
        )
    _check_options(path, save, rules)
    different = difference({item.file: item.sha256 for item in save.user_data}, rules)
    if different is not None:
        raise SaveError(path, different)
    return rules


def decode_match(path: Path, data: dict[str, Any]) -> Match:
    """Rebuild the match a checked save describes, replaying its log."""
    save = _structure(path, data)
    rules = _rules_of(path, save)
    setup = Setup(
        players=tuple(PlayerInfo(p.name, p.colour) for p in save.setup.players),
        options=dict(save.setup.options),
        first=save.setup.first,
    )
    log = [LogEntry.from_json(entry.model_dump()) for entry in save.log]
    try:
        match = Match.replay(rules, setup, log)
    except IllegalAction as err:
        raise SaveError(path, Message(N_("The save is damaged: {detail}"), {"detail": err.reason.render()})) from err
    if state_hash(rules, match.state) != data.get("state_hash"):
        raise SaveError(path, Message(N_("The save does not replay to the game it recorded; it cannot be trusted.")))
    if (match.result() is not None) != save.over:
        said = N_("The save says the game is over, but its moves do not end it; it cannot be trusted.")
        if not save.over:
            said = N_("The save says the game goes on, but its moves end it; it cannot be trusted.")
        raise SaveError(path, Message(said))
    if save.over:
        record_finished(save.checksum)
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
    #: the game is over: the save says so and tabletop has seen its end (see finished.py)
    over: bool
    actions: int
    error: SaveError | None = None
    #: the save says the game is over, but that is not checked yet (it is checked,
    #: and the save refused if it is not so, when it is opened)
    over_unchecked: bool = False


def save_info(path: Path, finished: set[str] | None = None) -> SaveInfo:
    """What the listing shows of a save; `finished`: the checksums of the saves known
    to be finished (read from their file when not given)."""
    try:
        data = read_save(path)
        _rules_of(Path(path), _structure(Path(path), data))
    except SaveError as err:
        return SaveInfo(Path(path), "", [], "", False, 0, error=err)
    checked = data["checksum"] in (known_finished() if finished is None else finished)
    return SaveInfo(
        path=Path(path),
        game=data["game"],
        players=[p["name"] for p in data["setup"]["players"]],
        updated=data["updated"],
        over=data["over"] and checked,
        actions=len(data["log"]),
        over_unchecked=data["over"] and not checked,
    )


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Saves in `folder` (default: the saves folder and its autosaves), newest first."""
    folders = [folder] if folder else [saves_dir(), autosave_dir()]
    paths = [p for f in folders if f.is_dir() for p in f.glob("*.json")]
    paths.sort(key=_modified, reverse=True)
    finished = known_finished()
    return [save_info(p, finished) for p in paths]


def _modified(path: Path) -> float:
    """When the save (or, for a link to nothing or to itself, the link) was last
    written; 0 when neither can be asked, so such an entry is listed last."""
    for look in (path.stat, path.lstat):
        try:
            return look().st_mtime
        except OSError:
            continue
    return 0.0


def latest_autosave() -> Path | None:
    """The most recently written autosave of a game that is not over."""
    for info in list_saves(autosave_dir()):
        if info.error is None and not info.over:
            return info.path
    return None


class Autosaver:
    """Writes the match to its autosave file after every action, undo and redo.

    A write that fails (disk full, no permission) does not stop the game: the
    error is kept in `error` for the screen to tell the players, the last good
    autosave stays as it was, and the next change tries again."""

    def __init__(
        self, match: Match, path: Path | None = None, created: str | None = None, save_id: str | None = None
    ) -> None:
        self.match = match
        if path is None:
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = autosave_dir() / f"{match.rules.id}-{stamp}-{uuid.uuid4().hex[:6]}.json"
        self.path = Path(path)
        self.created = created or _now()
        self.save_id = save_id or uuid.uuid4().hex
        #: why the last autosave could not be written; None once one is written
        self.error: OSError | None = None
        match.listeners.append(self._on_change)

    @classmethod
    def resume(cls, path: Path) -> Autosaver:
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

    def save(self) -> bool:
        """Write the autosave; False (and `error` set) when it could not be written."""
        try:
            save_match(self.match, self.path, self.created, self.save_id)
        except OSError as err:
            self.error = err
            return False
        self.error = None
        return True

    def save_as(self, path: Path) -> None:
        save_match(self.match, path, self.created, self.save_id)
