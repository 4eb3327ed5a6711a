"""Babel's extractor for the names players see in data/*.yaml (babel.cfg names it):
the text of every `title`, `label`, `name`, `description`, `help`, `text` and `empty`. The code
translates them where it shows them (`marked(...)`), so the template must hold them.

Used by `pybabel extract` only; the program never imports it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

#: the keys whose text a player sees ("empty": the skirmish's label of the empty table)
SHOWN_KEYS = frozenset({"title", "label", "name", "description", "help", "text", "empty"})

_STRING = "tag:yaml.org,2002:str"


def extract_yaml(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """(line, None, text, []) for each shown text of one YAML file."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    pending = [root] if root is not None else []
    found = []
    while pending:
        node = pending.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if (
                    isinstance(key, yaml.ScalarNode)
                    and key.value in SHOWN_KEYS
                    and isinstance(value, yaml.ScalarNode)
                    and value.tag == _STRING
                    and value.value.strip()
                ):
                    found.append((value.start_mark.line + 1, value.value))
                else:
                    pending.append(value)
        elif isinstance(node, yaml.SequenceNode):
            pending.extend(node.value)
    for line, text in sorted(found):
        yield line, None, text, []
