"""Loading game data from YAML: safe loader only, duplicate keys rejected, checked
against pydantic models, every problem reported as `file:line: field.path: message`.

A game declares its files in a `DataSet` (file pattern -> model, plus an optional
cross-reference check) and exposes it as `dataset` on its GameRules subclass;
`load_dataset` loads and checks them all; tabletop/validation.py checks everything bundled.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import os
import re
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, InitErrorDetails

from tabletop import resources
from tabletop.engine.yaml_reading import DataError as DataError  # re-exported: the data's faults
from tabletop.engine.yaml_reading import Document, parse_document, shown_value
from tabletop.engine.yaml_reading import Loc as Loc
from tabletop.engine.yaml_reading import Problem as Problem
from tabletop.i18n import N_, Message, _, fields

# -- models ----------------------------------------------------------------------


class DataModel(BaseModel):
    """Base of data models: unknown keys are refused and loaded data is frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


#: the longest sprite path and file or folder name in it, well within what file systems allow
MAX_SPRITE_PATH = 200
MAX_SPRITE_NAME = 100


@functools.lru_cache(maxsize=256)
def _names_in(folder: Path, modified: int) -> frozenset[str]:
    """The names in a folder as written on disk, read once while the folder is
    unchanged (`modified`: its modification time), not once per sprite in it."""
    return frozenset(os.listdir(folder))


def _check_sprite(value: str) -> str:
    if not value:
        raise ValueError(_("empty sprite path"))
    if len(value) > MAX_SPRITE_PATH or any(len(part) > MAX_SPRITE_NAME for part in value.split("/")):
        raise ValueError(
            _(
                "sprite path {path}... is too long: at most {length} characters, {name} in a name",
                path=repr(value[:40]),
                length=MAX_SPRITE_PATH,
                name=MAX_SPRITE_NAME,
            )
        )
    shown = repr(value)
    if "\\" in value:
        raise ValueError(_("sprite path {path} must use / between folders", path=shown))
    if PurePosixPath(value).is_absolute() or PureWindowsPath(value).drive:
        raise ValueError(_("sprite path {path} must be relative to sprites/", path=shown))
    if ".." in PurePosixPath(value).parts:
        raise ValueError(_("sprite path {path} must not use '..'", path=shown))
    base = resources.SPRITES.resolve()
    try:
        target = (base / value).resolve()
        if not target.is_relative_to(base):
            raise ValueError(_("sprite path {path} leads outside sprites/", path=shown))
        is_file = target.is_file()
        found = is_file and target.name in _names_in(target.parent, target.parent.stat().st_mtime_ns)
    except (OSError, RuntimeError) as err:  # a name the file system refuses, a looping link
        raise ValueError(_("sprite path {path} cannot be opened: {error}", path=shown, error=str(err))) from None
    if not is_file:
        raise ValueError(_("no sprite file sprites/{path}", path=value))
    if not found:  # a case-insensitive disk found it
        raise ValueError(_("sprite file name {path} differs in upper/lower case from the file", path=shown))
    return value


#: A model field holding a picture file, relative to sprites/; it must exist and stay inside.
SpritePath = Annotated[str, AfterValidator(_check_sprite)]


def field_faults(faults: Iterable[tuple[Loc, str]]) -> ValidationError:
    """The error a validator raises for faults it finds at fields inside the value
    it checks (a model, a list): each (field path relative to that value, message)
    is reported at that field's line as `file:line: field.path: message`, where a
    plain ValueError would only name the value as a whole:

        if 7 in self.tokens:
            raise field_faults([(("tokens", self.tokens.index(7)), _("no number token may show 7"))])
    """
    errors: list[InitErrorDetails] = [
        {"type": "value_error", "loc": tuple(loc), "input": None, "ctx": {"error": ValueError(message)}}
        for loc, message in faults
    ]
    return ValidationError.from_exception_data("data", errors)


def unique_by(key: str, whatever_case: bool = False) -> AfterValidator:
    """Validator for a list of models whose `key` must differ:
    `cards: Annotated[list[Card], unique_by("id")]`; a repeat is reported at its line.
    `whatever_case`: texts differing only in case are the same (names players read)."""

    def check(items: list[Any]) -> list[Any]:
        first: dict[Any, int] = {}
        faults = []
        for index, item in enumerate(items):
            value = getattr(item, key) if not isinstance(item, dict) else item.get(key)
            if whatever_case and isinstance(value, str):
                value = value.casefold()
            if value in first:
                faults.append(
                    (
                        (index, key),
                        _("{value} is used twice (first at item {index})", value=repr(value), index=first[value]),
                    )
                )
            else:
                first[value] = index
        if faults:
            raise field_faults(faults)
        return items

    return AfterValidator(check)


def _is_optional(kind: Any) -> bool:
    args = get_args(kind)
    return get_origin(kind) in (Union, types.UnionType) and len(args) == 2 and type(None) in args


def _model_at(model_cls: Any, loc: Loc) -> type[BaseModel] | None:
    """The model class found at `loc` inside `model_cls`, following field types."""
    kind = model_cls
    for part in [*loc, None]:
        while get_origin(kind) is Annotated or _is_optional(kind):
            kind = next(a for a in get_args(kind) if a is not type(None))
        if part is None:
            break
        if (
            isinstance(kind, type)
            and issubclass(kind, BaseModel)
            and isinstance(part, str)
            and part in kind.model_fields
        ):
            kind = kind.model_fields[part].annotation
        elif get_origin(kind) in (list, tuple, set, frozenset) and isinstance(part, int) and get_args(kind):
            kind = get_args(kind)[0]
        elif get_origin(kind) is dict and len(get_args(kind)) == 2:
            kind = get_args(kind)[1]
        else:
            return None
    return kind if isinstance(kind, type) and issubclass(kind, BaseModel) else None


#: our own words for pydantic's error types; {input} and the error's context
#: values (ge, le, expected, min_length, ...) are filled in
_TEMPLATES: dict[str, str] = {
    "missing": N_("missing field"),
    "model_type": N_("expected a mapping"),
    "model_attributes_type": N_("expected a mapping"),
    "dict_type": N_("expected a mapping"),
    "list_type": N_("expected a list"),
    "tuple_type": N_("expected a list"),
    "set_type": N_("expected a list"),
    "frozen_set_type": N_("expected a list"),
    "string_type": N_("should be text, not {input}"),
    "int_type": N_("should be a whole number (a valid integer), not {input}"),
    "int_parsing": N_("should be a whole number (a valid integer), not {input}"),
    "int_from_float": N_("should be a whole number (a valid integer), not {input}"),
    "float_type": N_("should be a number, not {input}"),
    "float_parsing": N_("should be a number, not {input}"),
    "finite_number": N_("should be a finite number"),
    "bool_type": N_("should be true or false, not {input}"),
    "bool_parsing": N_("should be true or false, not {input}"),
    "enum": N_("should be one of {expected}, not {input}"),
    "literal_error": N_("should be {expected}, not {input}"),
    "greater_than": N_("should be greater than {gt}"),
    "greater_than_equal": N_("should be greater than or equal to {ge}"),
    "less_than": N_("should be less than {lt}"),
    "less_than_equal": N_("should be less than or equal to {le}"),
    "multiple_of": N_("should be a multiple of {multiple_of}"),
    "string_pattern_mismatch": N_("should match the pattern {pattern}"),
}

#: the same for the error types with a count: the message for the error's context values
_COUNTED_TEMPLATES: dict[str, Callable[[dict[str, Any]], Message]] = {
    "too_short": lambda values: Message.counted(
        "should have at least {count} item, not {actual_length}",
        "should have at least {count} items, not {actual_length}",
        values["min_length"],
        values,
    ),
    "too_long": lambda values: Message.counted(
        "should have at most {count} item, not {actual_length}",
        "should have at most {count} items, not {actual_length}",
        values["max_length"],
        values,
    ),
    "string_too_short": lambda values: Message.counted(
        "should have at least {count} character",
        "should have at least {count} characters",
        values["min_length"],
        values,
    ),
    "string_too_long": lambda values: Message.counted(
        "should have at most {count} character", "should have at most {count} characters", values["max_length"], values
    ),
}


def _message(error: ErrorDetails, model_cls: type[BaseModel]) -> str:
    """The message for one pydantic error: a validator's own words, else our
    template for its type, else (an unknown type) pydantic's text."""
    kind, loc = error["type"], error["loc"]
    context = error.get("ctx", {})
    if kind in ("value_error", "assertion_error") and "error" in context:
        return str(context["error"])
    if kind == "extra_forbidden":
        owner = _model_at(model_cls, loc[:-1])
        if owner is not None:
            return _("unknown key (expected one of: {keys})", keys=", ".join(owner.model_fields))
        return _("unknown key")
    values = {key: shown_value(value) if key == "input" else value for key, value in context.items()}
    values["input"] = shown_value(error.get("input"))
    if kind in _COUNTED_TEMPLATES:
        try:
            return _COUNTED_TEMPLATES[kind](values).render()
        except KeyError:  # a context without the count
            return error["msg"]
    template = _TEMPLATES.get(kind)
    if template is None or not fields(template) <= {"input", *context}:
        return error["msg"]
    return _why_text(kind, error.get("input"), Message(template, values).render())


#: text that a reader may take for a number (010, 0x1f, 1:40, "10") or a boolean (yes, off, True)
_NUMBER_LIKE = re.compile(r"^[-+]?\.?[0-9][0-9a-zA-Z_:.+-]*$")
_BOOLEAN_LIKE = frozenset({"yes", "no", "on", "off", "y", "n", "true", "false"})


def _why_text(kind: str, given: Any, message: str) -> str:
    """`message`, with why text that looks like a number or a boolean is refused where one is wanted."""
    if not isinstance(given, str):
        return message
    if kind in ("int_type", "int_parsing", "float_type", "float_parsing") and _NUMBER_LIKE.match(given.strip()):
        return _("{message}: numbers are written as plain decimal digits, without quotes", message=message)
    if kind in ("bool_type", "bool_parsing") and given.strip().lower() in _BOOLEAN_LIKE:
        return _("{message}: booleans are written true or false, without quotes", message=message)
    return message


def _validate(doc: Document, model_cls: type[BaseModel], context: Any = None) -> BaseModel:
    if doc.root is None:
        raise DataError([Problem(doc.shown, 1, "", _("the file is empty"))])
    try:
        # strict, as JSON: a number must be a number and a boolean true/false ("10",
        # "yes" and true are not 10, true and 1), while a list may stand for a tuple
        return model_cls.model_validate_json(json.dumps(doc.data), strict=True, context=context)
    except ValidationError as err:
        problems = []
        for error in err.errors(include_url=False):
            problem = doc.problem(error["loc"], _message(error, model_cls), error["type"] == "missing")
            if error["type"] == "extra_forbidden":
                problem = Problem(problem.file, doc.key_line(error["loc"]), problem.field, problem.message)
            problems.append(problem)
        raise DataError(problems) from None


def load_model(path: Path, model_cls: type[BaseModel], context: Any = None) -> Any:
    """Load one YAML file into `model_cls`; DataError lists every problem.

    `context` is handed to pydantic for validators that need it."""
    return _validate(parse_document(path), model_cls, context)


# -- data sets ---------------------------------------------------------------------


@dataclass
class LoadedData:
    """The models of a loaded data set, by file path relative to data/."""

    root: Path
    models: dict[str, BaseModel]
    documents: dict[str, Document] = field(repr=False)

    def __getitem__(self, file: str) -> Any:
        return self.models[file]

    def matching(self, pattern: str) -> dict[str, Any]:
        """The models of the files that match a pattern such as "skirmish/factions/*.yaml"."""
        return {name: model for name, model in self.models.items() if _matches(name, pattern)}

    def problem(self, file: str, path: Loc, message: str) -> Problem:
        """A problem at a field of a loaded file, with the line it was written on:
        `loaded.problem("eden/cards.yaml", ("cards", 3, "shape"), "no shape named 'T9'")`."""
        return self.documents[file].problem(path, message)


@dataclass(eq=False)
class DataSet:
    """A game's data files: path relative to data/ (glob patterns allowed) -> model,
    and an optional check of references between them. Data sets are told apart by
    identity (one object per game)."""

    name: str
    files: dict[str, type[BaseModel]]
    check: Callable[[LoadedData], list[Problem]] | None = None


def _matches(name: str, pattern: str) -> bool:
    parts, wanted = PurePosixPath(name).parts, PurePosixPath(pattern).parts
    return len(parts) == len(wanted) and all(fnmatch.fnmatchcase(p, w) for p, w in zip(parts, wanted, strict=False))


def _is_pattern(pattern: str) -> bool:
    return any(c in pattern for c in "*?[")


def _shown(path: Path) -> str:
    """A path as printed: relative to the working folder when it is inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _load_dataset(
    dataset: DataSet,
    root: Path,
    shown: dict[str, str],
    only: set[str] | None = None,
    replaced: dict[str, Path] | None = None,
    kept: dict[Path, tuple[Document, BaseModel]] | None = None,
) -> tuple[LoadedData | None, list[Problem]]:
    """Load a data set; `only` limits it to some files when there is no check
    across files; `shown` gives how to print some files' names; `replaced` reads
    some files (relative to data/) from elsewhere (an edited copy); `kept` holds
    the files read and checked by an earlier call (by path, printed alike), which
    are not read again, and gets the ones this call reads."""
    problems: list[Problem] = []
    replaced = replaced or {}
    loaded = LoadedData(root, {}, {})
    for pattern, model_cls in dataset.files.items():
        if _is_pattern(pattern):
            found = {p.relative_to(root).as_posix() for p in root.glob(pattern) if p.is_file()}
            names = sorted(found | {name for name in replaced if _matches(name, pattern)})
            if not names:
                problems.append(
                    Problem(_shown(root / pattern), 1, "", _("no data file matches {pattern}", pattern=pattern))
                )
        else:
            names = [pattern]
        if only is not None:
            names = [name for name in names if name in only]
        for name in names:
            source = replaced.get(name, root / name)
            if kept is not None and source in kept and name not in shown:
                loaded.documents[name], loaded.models[name] = kept[source]
                continue
            try:
                doc = parse_document(source, shown.get(name) or _shown(source))
                loaded.documents[name] = doc
                loaded.models[name] = _validate(doc, model_cls)
            except DataError as err:
                problems += err.problems
                continue
            if kept is not None and name not in shown:
                kept[source] = (doc, loaded.models[name])
        if _is_pattern(pattern):
            problems += _names_given_twice(loaded, [name for name in names if name in loaded.models])
    if problems:
        return None, problems  # the cross-reference check needs every file
    if dataset.check is not None:
        problems += dataset.check(loaded)
    return loaded, problems


def _names_given_twice(loaded: LoadedData, files: list[str]) -> list[Problem]:
    """The files of one pattern (a scenario each) are told apart by the name they
    give: a name given by two files is a problem of the second, naming the first."""
    problems: list[Problem] = []
    first: dict[str, str] = {}
    for file in files:
        name = getattr(loaded.models[file], "name", None)
        if not isinstance(name, str):
            continue
        if name in first:
            other = loaded.documents[first[name]].shown
            message = _("the name {name} is also given in {other}", name=repr(name), other=other)
            problems.append(loaded.problem(file, ("name",), message))
        else:
            first[name] = file
    return problems


def load_dataset(
    dataset: DataSet, root: Path | None = None, kept: dict[Path, tuple[Document, BaseModel]] | None = None
) -> LoadedData:
    """Load every file of a data set from `root` (default data/) and run its check;
    DataError lists every problem of every file. `kept`: as for _load_dataset."""
    loaded, problems = _load_dataset(dataset, resources.DATA if root is None else root, {}, kept=kept)
    if problems or loaded is None:
        raise DataError(problems)
    return loaded


@dataclass
class UserData:
    """What the player's own data folder did to a data set: the files read from it
    (`added`: new files, `replaced`: ones that take a bundled file's place) and the
    problems that made the game use its bundled data instead."""

    folder: Path
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: the files in use (none when there are problems): name -> SHA-256 of its bytes
    digests: dict[str, str] = field(default_factory=dict)


def user_files(dataset: DataSet, folder: Path) -> dict[str, Path]:
    """The player's files that belong to a data set, by path relative to data/."""
    if not folder.is_dir():
        return {}
    found: dict[str, Path] = {}
    for pattern in dataset.files:
        for path in folder.glob(pattern) if _is_pattern(pattern) else [folder / pattern]:
            # whatever stands at a data file's place is read, so that a folder, a named
            # pipe or a link to nothing there is reported, not passed over in silence
            if os.path.lexists(path):
                found[path.relative_to(folder).as_posix()] = path
    return found


#: kept by data set, data/ and the player's folder (read once a run: a lookup that
#: finds its data kept scans no folder)
_Key = tuple[DataSet, Path, Path]
_bundled: dict[_Key, LoadedData] = {}
_user_data: dict[_Key, UserData] = {}


def _bundled_key(dataset: DataSet) -> _Key:
    return (dataset, resources.DATA, resources.user_data_dir())


def load_bundled(dataset: DataSet) -> LoadedData:
    """The game's data: data/ overlaid with the player's own folder
    (resources.user_data_dir(): a file at the same path replaces the bundled one, a
    new file matching a pattern adds to it), loaded and checked once and kept for
    the program's run: the launcher's check and the game's rules share it. When the
    player's files have a fault, the bundled data alone is used and user_data()
    says why. A fault in the bundled data raises DataError each time it is asked
    for (nothing is kept then)."""
    key = _bundled_key(dataset)
    if key not in _bundled:
        _forget_other_folders(key)
        mine = user_files(dataset, key[2])
        report = UserData(key[2])
        loaded = None
        kept: dict[Path, tuple[Document, BaseModel]] = {}  # the bundled files, read once
        if mine:
            loaded, report.problems = _load_dataset(dataset, resources.DATA, {}, replaced=mine, kept=kept)
            for name in sorted(mine):
                (report.replaced if (resources.DATA / name).is_file() else report.added).append(name)
            if report.problems:
                loaded = None
            else:
                report.digests = {name: loaded.documents[name].digest for name in sorted(mine)} if loaded else {}
        _bundled[key] = loaded if loaded is not None else load_dataset(dataset, kept=kept)
        _user_data[key] = report
    return _bundled[key]


def _forget_other_folders(key: _Key) -> None:
    """Keep the data of one pair of folders only: once data/ or the player's folder
    is another, what was read from the old ones is not asked for again (each data set
    with its documents is megabytes)."""
    for old in [kept for kept in _bundled if kept[1:] != key[1:]]:
        del _bundled[old]
        _user_data.pop(old, None)


def forget_loaded() -> None:
    """Drop the data kept for this run: the next lookup reads the files again (after
    the player's own files changed)."""
    _bundled.clear()
    _user_data.clear()


def user_data(dataset: DataSet) -> UserData:
    """What the player's folder did to a data set (loading it first if needed)."""
    load_bundled(dataset)
    return _user_data[_bundled_key(dataset)]
