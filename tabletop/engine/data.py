"""Loading game data from YAML: safe loader only, duplicate keys rejected, every
problem reported as `file:line: field.path: message`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml


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


class _UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that refuses a mapping with the same key twice."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r} (first at line {seen[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep)


def load_yaml(path: Path) -> Any:
    """Parse one YAML file safely; DataError names the file and line of a fault."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DataError([Problem(str(path), 1, "", f"cannot read the file: {err}")]) from err
    try:
        loader = _UniqueKeyLoader(text)
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        raise DataError([Problem(str(path), line, "", f"{err.problem or err}")]) from err
    except yaml.YAMLError as err:
        raise DataError([Problem(str(path), 1, "", str(err))]) from err


def load_string_map(path: Path) -> dict[str, str]:
    """A YAML mapping of strings to strings (a translation catalog)."""
    data = load_yaml(path)
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise DataError([Problem(str(path), 1, "", "expected a mapping of text to text")])
    return data
