"""Loading game data from YAML: safe loader only, duplicate keys rejected, checked
against pydantic models, every problem reported as `file:line: field.path: message`.

A game declares its files in a `DataSet` (file pattern -> model, plus an optional
cross-reference check) and exposes it as `dataset` on its GameRules subclass;
`load_dataset` loads and checks them all; tabletop/validation.py checks everything bundled.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import json
import math
import os
import re
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Annotated, Any, Union, get_args, get_origin

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, InitErrorDetails

from tabletop import resources
from tabletop.engine.files import DATA_LIMIT, FileRefused, read_bytes_checked
from tabletop.i18n import N_, Message, _, fields

Loc = Sequence[str | int]


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.field}: " if self.field else ""
        return f"{self.file}:{self.line}: {where}{self.message}"


class DataError(ValueError):
    """One or more problems in data files."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


# -- parsing -----------------------------------------------------------------

_MERGE_TAG = "tag:yaml.org,2002:merge"
# Plain data only: anything else (!!python/object, !!binary, !!set, custom tags) is refused.
_PLAIN_TAGS = frozenset(
    "tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null", "seq", "map", "merge")
)
# Aliases may repeat a node, but not blow a small file up into a huge one
# ("billion laughs"): the expanded document may hold at most this many values
# beyond ten times the values written in the file.
_EXPANSION_ALLOWANCE = 10_000


#: what a plain (unquoted) value must look like to be read as a number or a boolean;
#: anything else is text (yes/on/off, 010, 0x1f, 0b101, 1:40, 1_000, .inf, dates),
#: which a field wanting a number or a boolean refuses
_STRICT_SCALARS = {
    "tag:yaml.org,2002:bool": re.compile(r"^(?:true|false)$"),
    "tag:yaml.org,2002:int": re.compile(r"^-?(?:0|[1-9][0-9]*)$"),
    "tag:yaml.org,2002:float": re.compile(r"^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$"),
}
_LOOSE_TAGS = {"tag:yaml.org,2002:" + name for name in ("bool", "int", "float", "timestamp")}


def _strict_resolvers() -> dict[Any, list[tuple[str, re.Pattern[str]]]]:
    table: dict[Any, list[tuple[str, re.Pattern[str]]]] = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in _LOOSE_TAGS]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    for first in "tf-0123456789":
        for tag, regexp in _STRICT_SCALARS.items():  # int before float: 10 is a whole number
            table.setdefault(first, []).append((tag, regexp))
    return table


class _UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that refuses a mapping with the same key twice and reads only
    true/false as booleans and plain decimals as numbers (dates and the rest as text)."""

    yaml_implicit_resolvers = _strict_resolvers()

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _value in node.value:
            if key_node.tag == _MERGE_TAG:
                continue  # `<<: *base` brings in keys that the mapping may override
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r} (first at line {seen[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep)


class _NestingLimitLoader(_UniqueKeyLoader):
    """Stops at data nested deeper than any game needs (PyYAML composes recursively
    and scans deep flow nesting slowly)."""

    max_depth = 64

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        self._depth += 1
        try:
            if self._depth > self.max_depth:
                raise yaml.composer.ComposerError(
                    None,
                    None,
                    _("the data is nested more than {depth} levels deep", depth=self.max_depth),
                    self.peek_event().start_mark,  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
                )
            node = super().compose_node(parent, index)
            assert node is not None  # a node is composed whenever one is asked for
            return node
        finally:
            self._depth -= 1


class _Fault(Exception):
    """A problem found while walking the node tree, with where it is."""

    def __init__(self, node: yaml.Node, path: list[str | int], message: str) -> None:
        super().__init__(message)
        self.node, self.path, self.message = node, path, message


def _dotted(path: Iterable[str | int]) -> str:
    return ".".join(str(part) for part in path)


def _line(node: yaml.Node | None) -> int:
    return node.start_mark.line + 1 if node is not None else 1


def _children(node: yaml.Node) -> list[tuple[str | int | None, yaml.Node]]:
    if isinstance(node, yaml.SequenceNode):
        return list(enumerate(node.value))
    if isinstance(node, yaml.MappingNode):
        out: list[tuple[str | int | None, yaml.Node]] = []
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            out += [(None, key), (name, value)]
        return out
    return []


def _node_kind(node: yaml.Node) -> str:
    """What a node holds, in YAML's words: a list, a mapping, a number, ..."""
    if isinstance(node, yaml.SequenceNode):
        return _("a list")
    if isinstance(node, yaml.MappingNode):
        return _("a mapping")
    kinds = {"int": _("a number"), "float": _("a number"), "bool": _("true or false"), "null": _("null")}
    return kinds.get(node.tag.rpartition(":")[2], _("the value {value}", value=repr(node.value)))


def _written_as(value: str, kind: str) -> str:
    """Why a value tagged as a number or boolean is refused."""
    if kind == "bool":
        return _("{value} is not a boolean: write true or false", value=repr(value))
    return _("{value} is not a number as data files write them: plain decimal digits", value=repr(value))


def _check_nodes(loader: yaml.SafeLoader, root: yaml.Node) -> None:
    """Refuse tags that are not plain data, values that do not fit their tag,
    duplicate keys, aliases that refer to themselves or expand too far; raise
    _Fault at the first one."""
    distinct: set[int] = set()
    pending = [root]
    while pending:
        node = pending.pop()
        if id(node) not in distinct:
            distinct.add(id(node))
            pending.extend(child for _name, child in _children(node))
    limit = 10 * len(distinct) + _EXPANSION_ALLOWANCE
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: yaml.Node, path: list[str | int]) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if id(node) in open_nodes:
            raise _Fault(node, path, _("an alias refers to the node that contains it"))
        if node.tag not in _PLAIN_TAGS:
            raise _Fault(node, path, _("tag {tag} is not allowed in data files (plain data only)", tag=repr(node.tag)))
        if isinstance(node, yaml.ScalarNode) and node.tag not in ("tag:yaml.org,2002:str", _MERGE_TAG):
            kind = node.tag.rpartition(":")[2]
            strict = _STRICT_SCALARS.get(node.tag)
            if strict is not None and not strict.match(node.value):  # `!!int 010`, `!!bool yes`
                raise _Fault(node, path, _written_as(node.value, kind))
            try:
                value = loader.construct_object(node)
                # no data needs more than 18 digits; a float can hold no more than 10^308
                too_large = isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18
                if too_large or (isinstance(value, float) and not math.isfinite(value)):
                    raise _Fault(node, path, _("{value} is too large a number", value=_shown_value(node.value)))
            except (ValueError, TypeError, AttributeError, KeyError, OverflowError, yaml.YAMLError):
                raise _Fault(
                    node, path, _("{value} is not a valid {kind}", value=repr(node.value), kind=kind)
                ) from None
        if isinstance(node, yaml.MappingNode):
            seen: dict[str, yaml.ScalarNode] = {}
            for key, _value in node.value:
                if key.tag == _MERGE_TAG:
                    continue
                if not isinstance(key, yaml.ScalarNode) or key.tag != "tag:yaml.org,2002:str":
                    raise _Fault(key, path, _("a key must be a name (text), not {kind}", kind=_node_kind(key)))
                folded = key.value.casefold()
                if folded in seen:
                    first = seen[folded]
                    if first.value == key.value:
                        message = _("duplicate key (first at line {line})", line=_line(first))
                    else:
                        message = _(
                            "the key differs only in upper/lower case from {key} at line {line}",
                            key=repr(first.value),
                            line=_line(first),
                        )
                    raise _Fault(key, [*path, key.value], message)
                seen[folded] = key
        open_nodes.add(id(node))
        total = 1
        for name, child in _children(node):
            total += size(child, path if name is None else [*path, name])
            if total > limit:
                raise _Fault(node, path, _("aliases expand this to more than {limit} values", limit=limit))
        open_nodes.discard(id(node))
        sizes[id(node)] = total
        return total

    size(root, [])


def _child(node: yaml.Node | None, part: str | int) -> tuple[yaml.Node | None, yaml.Node] | None:
    """(key node or None, value node) of `part` inside a mapping or a list."""
    if isinstance(node, yaml.MappingNode):
        for key, value in reversed(node.value):  # the last one wins after a merge
            if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                return key, value
    elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return None, node.value[part]
    return None


@dataclass
class _Document:
    """A parsed YAML file: its data and the node tree, to find lines again."""

    shown: str
    root: yaml.Node | None
    data: Any
    #: SHA-256 of the file's bytes (a save names the player's own files by it)
    digest: str = ""

    def locate(self, loc: Loc, missing: bool = False) -> tuple[int, str]:
        """Line and dotted field path of a pydantic error location.

        Parts that name no node (a union branch) are left out; a missing field
        is named but reported at the line of the mapping that lacks it."""
        node: yaml.Node | None = self.root
        path: list[str | int] = []
        for index, part in enumerate(loc):
            found = _child(node, part)
            if part == "[key]" and found is None and path:  # a bad key of a dict
                return self.key_line(path), _dotted(path)
            if found is not None:
                node = found[1]
                path.append(part)
            elif missing and index == len(loc) - 1:
                path.append(part)
        return _line(node), _dotted(path)

    def key_line(self, loc: Loc) -> int:
        """Line of the key at `loc` (an unknown key), else of its value."""
        owner: yaml.Node | None = self.root
        for part in loc[:-1]:
            found = _child(owner, part)
            owner = found[1] if found else None
        found = _child(owner, loc[-1]) if loc else None
        if found is not None and found[0] is not None:
            return _line(found[0])
        return self.locate(loc)[0]

    def problem(self, loc: Loc, message: str, missing: bool = False) -> Problem:
        line, path = self.locate(loc, missing)
        return Problem(self.shown, line, path, message)


def _parse(path: Path, shown: str | None = None) -> _Document:
    """Read and parse one YAML file safely; DataError names file and line of a fault."""
    shown = str(path) if shown is None else shown
    try:
        raw = read_bytes_checked(path, DATA_LIMIT)
    except FileRefused as err:
        raise DataError([Problem(shown, 1, "", err.reason.render())]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise DataError(
            [Problem(shown, line, "", _("not UTF-8 text: byte 0x{byte:02x} cannot be decoded", byte=raw[err.start]))]
        ) from None
    loader = None
    try:
        loader = _NestingLimitLoader(text)
        root = loader.get_single_node()
        digest = hashlib.sha256(raw).hexdigest()
        if root is None:
            return _Document(shown, None, None, digest)
        _check_nodes(loader, root)
        return _Document(shown, root, loader.construct_document(root), digest)
    except _Fault as fault:
        raise DataError([Problem(shown, _line(fault.node), _dotted(fault.path), fault.message)]) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        message = err.problem or err.context or str(err)
        if "'\\t'" in message:
            message += " " + _("(indent with spaces, not tabs)")
        if err.problem and err.context and err.context_mark:
            message += " " + _("({context} at line {line})", context=err.context, line=err.context_mark.line + 1)
        raise DataError([Problem(shown, line, "", message)]) from None
    except yaml.reader.ReaderError as err:
        line = text[: err.position].count("\n") + 1
        code = err.character if isinstance(err.character, int) else ord(err.character)
        raise DataError(
            [Problem(shown, line, "", _("control character U+{code:04X} is not allowed", code=code))]
        ) from None
    except yaml.YAMLError as err:
        raise DataError([Problem(shown, 1, "", str(err))]) from None
    except RecursionError:
        raise DataError([Problem(shown, 1, "", _("the data is nested too deeply"))]) from None
    finally:
        if loader is not None:
            loader.dispose()


def load_yaml(path: Path) -> Any:
    """Parse one YAML file safely; DataError names the file and line of a fault."""
    return _parse(path).data


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


def unique_by(key: str) -> AfterValidator:
    """Validator for a list of models whose `key` must differ:
    `cards: Annotated[list[Card], unique_by("id")]`; a repeat is reported at its line."""

    def check(items: list[Any]) -> list[Any]:
        first: dict[Any, int] = {}
        faults = []
        for index, item in enumerate(items):
            value = getattr(item, key) if not isinstance(item, dict) else item.get(key)
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


def _shown_value(value: Any) -> str:
    """A value as a message quotes it: short, and in YAML's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    values = {key: _shown_value(value) if key == "input" else value for key, value in context.items()}
    values["input"] = _shown_value(error.get("input"))
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


def _validate(doc: _Document, model_cls: type[BaseModel], context: Any = None) -> BaseModel:
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
    return _validate(_parse(path), model_cls, context)


# -- data sets ---------------------------------------------------------------------


@dataclass
class LoadedData:
    """The models of a loaded data set, by file path relative to data/."""

    root: Path
    models: dict[str, BaseModel]
    documents: dict[str, _Document] = field(repr=False)

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
    kept: dict[Path, tuple[_Document, BaseModel]] | None = None,
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
                doc = _parse(source, shown.get(name) or _shown(source))
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
    dataset: DataSet, root: Path | None = None, kept: dict[Path, tuple[_Document, BaseModel]] | None = None
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
        mine = user_files(dataset, key[2])
        report = UserData(key[2])
        loaded = None
        kept: dict[Path, tuple[_Document, BaseModel]] = {}  # the bundled files, read once
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


def forget_loaded() -> None:
    """Drop the data kept for this run: the next lookup reads the files again (after
    the player's own files changed)."""
    _bundled.clear()
    _user_data.clear()


def user_data(dataset: DataSet) -> UserData:
    """What the player's folder did to a data set (loading it first if needed)."""
    load_bundled(dataset)
    return _user_data[_bundled_key(dataset)]
