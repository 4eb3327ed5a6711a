"""Reading a YAML data file strictly: the safe loader only, duplicate keys and keys
differing only in case refused, only true/false booleans and plain decimal numbers,
nesting and size bounded, and every fault a `Problem` with its file and line
(`parse_document` -> `Document`, which also finds the line of a field for later
checks; `load_yaml` for the data alone). data.py checks the parsed data against
its models.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tabletop.engine.files import DATA_LIMIT, FileRefused, read_bytes_checked
from tabletop.i18n import _

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
                    raise _Fault(node, path, _("{value} is too large a number", value=shown_value(node.value)))
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
class Document:
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


def parse_document(path: Path, shown: str | None = None) -> Document:
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
            return Document(shown, None, None, digest)
        _check_nodes(loader, root)
        return Document(shown, root, loader.construct_document(root), digest)
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


def shown_value(value: Any) -> str:
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


def load_yaml(path: Path) -> Any:
    """Parse one YAML file safely; DataError names the file and line of a fault."""
    return parse_document(path).data
