"""Random damage to every bundled data file (issue 16, Tests): its bytes (cut short,
bits flipped, bytes that are not UTF-8, byte order marks, UTF-16, lines dropped,
repeated or swapped, keys repeated in another case, odd YAML put in), its structure
(a value of another type, a huge number, bad text, a key renamed or dropped, a list
made long) and odd entries in its place (a folder, a named pipe, links to nothing, to
itself or to a device, an empty or too large file).

Each damaged file is put in the player's own data folder, where the game reads it
over the bundled data, and the property is the same for every kind: `validate` and
the game's loading end within a time budget with problems that name a file of the
game (and a line within the file), never an exception; the damaged file and the
bundled data are left as they were; and data that validates is played a few random
steps by the game's rules with their invariants checked.

The CI run tries a fixed few cases; TABLETOP_FUZZ=5000 tries many (see common.py).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import event, given
from hypothesis import strategies as st

from tabletop import resources
from tabletop.engine import data as engine_data
from tabletop.engine.data import Problem, user_data
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.rules import GameRules
from tabletop.games import registry
from tabletop.validation import validate

from .common import cases, unchanged, within_budget

DATA = resources.DATA
#: every bundled data file, relative to data/
BUNDLED = sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*.yaml"))
#: the random steps played with data that validates
STEPS = 12


@dataclass
class Case:
    """One damaged data file: which, how (for hypothesis' report), and how it is made."""

    name: str
    how: str
    write: Callable[[Path], None] = field(repr=False)


# -- the damage ------------------------------------------------------------------------

#: lines of odd YAML put into a file
SNIPPETS = [
    b"? [a, b]: 1\n",
    b"? {a: 1}: 2\n",
    b"x: &a [*a]\n",
    b"x: !!python/object/apply:os.system ['true']\n",
    b"x: !!binary aGVsbG8=\n",
    b"x: !!set {a, b}\n",
    b"x: 1e400\n",
    b"x: 123456789012345678901234567890\n",
    b"<<: *nowhere\n",
    b"\tx: 1\n",
    b"x: {\n",
    b"---\n",
    b"x: yes\n",
    b"x: 0x1f\n",
    b"x: !!int 010\n",
    b"x: 1:40\n",
    b"x: " + b"[" * 300 + b"\n",
    b"x: " + b"a" * 5000 + b"\n",
    b"%YAML 1.1\n",
    b'x: "\\0\\x1b\\ud800"\n',
    b"a: &x [1, 2]\nb: [*x, *x, *x, *x, *x, *x, *x, *x]\n",
]

BAD_BYTES = [
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\x00",
    b"\xef\xbb\xbf",
    b"\t",
    b"\r",
    b"\x1b",
    b"\x85",
    b"\xe2\x80\xa8",
]


def _raw(name: str) -> bytes:
    return (DATA / name).read_bytes()


def _writer(content: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(content)


@st.composite
def byte_damage(draw: st.DrawFn) -> Case:
    name = draw(st.sampled_from(BUNDLED))
    raw = _raw(name)
    lines = raw.splitlines(keepends=True)
    how = draw(
        st.sampled_from(
            ["cut", "flip", "bytes", "bom", "utf-16", "drop line", "repeat line", "swap lines", "key case", "insert"]
        )
    )
    line = draw(st.integers(0, len(lines) - 1))
    at = draw(st.integers(0, len(raw) - 1))
    if how == "cut":
        out = raw[:at]
    elif how == "flip":
        out = raw[:at] + bytes([raw[at] ^ (1 << draw(st.integers(0, 7)))]) + raw[at + 1 :]
    elif how == "bytes":
        junk = draw(st.sampled_from(BAD_BYTES) | st.binary(min_size=1, max_size=6))
        out = raw[:at] + junk + raw[at:]
    elif how == "bom":
        out = b"\xef\xbb\xbf" + raw
    elif how == "utf-16":
        out = raw.decode("utf-8").encode("utf-16")
    elif how == "drop line":
        out = b"".join(lines[:line] + lines[line + 1 :])
    elif how == "repeat line":
        out = b"".join(lines[: line + 1] + lines[line:])
    elif how == "swap lines":
        other = draw(st.integers(0, len(lines) - 1))
        swapped = list(lines)
        swapped[line], swapped[other] = swapped[other], swapped[line]
        out = b"".join(swapped)
    elif how == "key case":
        # the same key again in another case, just below: `name:` and `Name:`
        keyed = [i for i, text in enumerate(lines) if b":" in text and not text.lstrip().startswith(b"#")]
        line = draw(st.sampled_from(keyed))
        text = lines[line]
        indent = len(text) - len(text.lstrip(b" -"))
        key, _colon, rest = text[indent:].partition(b":")
        out = b"".join([*lines[: line + 1], b" " * indent + key.swapcase() + b":" + rest, *lines[line + 1 :]])
    else:
        snippet = draw(st.sampled_from(SNIPPETS) | st.text(max_size=30).map(lambda t: (t + "\n").encode()))
        indent = draw(st.sampled_from([b"", b"  ", b"    "]))
        out = b"".join([*lines[:line], indent + snippet, *lines[line:]])
    return Case(name, f"{how} at line {line + 1} / byte {at}", _writer(out))


#: values of every kind put in place of a value
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([10**18, -(10**18), 2**63, 10**40, 0, -1, 1, 1000000]),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(["", "x" * 5000, "\x00", "\x1b[31m", "\u202e", "yes", "010", "1:40", "../x.png", "/x.png", "a\\b"]),
    st.lists(st.integers(-3, 30), max_size=4),
    st.dictionaries(st.sampled_from(["a", "key", "name", "A"]), st.integers(), max_size=3),
)


def _places(doc: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path of every value in a parsed document."""
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _places(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _places(value, (*path, index))


def _at(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


@st.composite
def structure_damage(draw: st.DrawFn) -> Case:
    name = draw(st.sampled_from(BUNDLED))
    doc = yaml.safe_load(_raw(name))
    path = draw(st.sampled_from(list(_places(doc))))
    how = draw(
        st.sampled_from(["replace", "replace", "nudge", "nudge", "drop", "repeat", "wrap", "rename key", "add key"])
    )
    if not path and how in ("drop", "rename key"):
        how = "replace"
    parent, last = (_at(doc, path[:-1]), path[-1]) if path else (None, None)
    value = _at(doc, path)
    if how == "replace":
        value = draw(VALUES)
    elif how == "nudge":  # a value of the same kind, near or at an edge: data that may still validate
        how = "replace"
        if isinstance(value, bool):
            value = not value
        elif isinstance(value, int | float):
            value = draw(st.sampled_from([0, 1, 2, -1, value - 1, value + 1, value * 2, value * 10, value // 2]))
        elif isinstance(value, list) and value:
            index = draw(st.integers(0, len(value) - 1))
            value = value[:index] + value[index + 1 :] if draw(st.booleans()) else [*value, value[index]]
        elif isinstance(value, str):
            value = draw(st.sampled_from([value.upper(), value + "x", value[:1], value * 3]))
    elif how == "drop":
        del parent[last]
    elif how == "repeat":
        times = draw(st.sampled_from([2, 30, 300]))
        value = value * times if isinstance(value, list | str) else [value] * times
    elif how == "wrap":
        value = draw(st.sampled_from([lambda v: [v], lambda v: {"x": v}, lambda v: {str(v)[:20]: v}]))(value)
    elif how == "rename key" and isinstance(parent, dict):
        new = draw(st.sampled_from([str(last).upper(), str(last).capitalize(), f"{last}_", "", "1"]))
        parent[new] = parent.pop(last)
    elif how == "add key":
        target = value if isinstance(value, dict) else parent if isinstance(parent, dict) else None
        if target is not None:
            target[draw(st.sampled_from(["extra", "Name", "KEY"]))] = draw(VALUES)
    if how in ("replace", "repeat", "wrap"):
        if path:
            parent[last] = value
        else:
            doc = value
    text = yaml.dump(doc, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True, width=100)
    return Case(name, f"{how} at {'.'.join(map(str, path)) or 'the top'}", _writer(text.encode("utf-8")))


def _fifo(path: Path) -> None:
    os.mkfifo(path)


ODD = {
    "a folder": lambda path: path.mkdir(),
    "a named pipe": _fifo,
    "a link to itself": lambda path: path.symlink_to(path.name),
    "a link to nothing": lambda path: path.symlink_to("nowhere.yaml"),
    "a link to a device": lambda path: path.symlink_to("/dev/zero"),
    "a link to a folder": lambda path: path.symlink_to(path.parent),
    "an empty file": lambda path: path.write_bytes(b""),
    "a file too large": lambda path: path.write_bytes(b"# " + b"x" * 1_000_000 + b"\n"),
    "only a comment": lambda path: path.write_bytes(b"# nothing here\n"),
    "only null": lambda path: path.write_bytes(b"null\n"),
}


@st.composite
def odd_entries(draw: st.DrawFn) -> Case:
    name = draw(st.sampled_from(BUNDLED))
    how = draw(st.sampled_from(sorted(ODD)))
    return Case(name, how, ODD[how])


# -- the property -----------------------------------------------------------------------


@contextlib.contextmanager
def players_folder(folder: Path) -> Iterator[None]:
    """The game's data read with `folder` as the player's own data folder, every
    kept copy of the data dropped before and after."""
    old = os.environ.get("TABLETOP_DATA")
    os.environ["TABLETOP_DATA"] = str(folder)
    _forget_data()
    try:
        yield
    finally:
        if old is None:
            del os.environ["TABLETOP_DATA"]
        else:
            os.environ["TABLETOP_DATA"] = old
        _forget_data()


def _forget_data() -> None:
    from tabletop.games.catan import tables as catan_tables
    from tabletop.games.eden import tables as eden_tables
    from tabletop.games.skirmish.play import cards

    engine_data.forget_loaded()
    catan_tables.tables.cache_clear()
    eden_tables._tables.cache_clear()
    cards.starter_set.cache_clear()


#: what YAML counts as the end of a line (a lone CR, NEL and the Unicode separators too)
LINE_BREAKS = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def _lines(path: Path) -> int:
    """The lines of a file as YAML counts them."""
    try:
        text = path.read_bytes().decode("utf-8", "replace") if path.is_file() and not path.is_symlink() else ""
    except OSError:
        return 1
    return len(LINE_BREAKS.findall(text)) + 1


def check_problems(problems: list[Problem], path: Path, game: str) -> None:
    """Each problem says what, in a file of the game, at a line it has."""
    bundled = list((DATA / game).rglob("*.yaml"))
    ours = {str(path)} | {str(p) for p in bundled} | {engine_data._shown(p) for p in bundled}
    for problem in problems:
        assert isinstance(problem, Problem)
        inside = problem.file.startswith(f"{path}{os.sep}")  # a folder in the file's place is searched
        assert problem.file in ours or inside, f"{problem} names no file of {game}"
        assert problem.message.strip() and "Traceback" not in problem.message, problem
        assert problem.line >= 1
        if problem.file == str(path):
            assert problem.line <= _lines(path), f"{problem}: the file has {_lines(path)} lines"


def play(rules_class: type[GameRules]) -> None:
    """Rules made afresh over the data as the game reads it now, a few random steps
    with their invariants checked."""
    rules = rules_class()
    assert user_data(rules.dataset).problems == []
    match = Match(rules, default_setup(rules), 5)
    rules.check_invariants(match.state)
    play_random(match, random.Random(5), steps=STEPS, after=lambda m: rules.check_invariants(m.state))


def check_case(case: Case) -> None:
    game = case.name.split("/")[0]
    # the game's rules, over the bundled data: the registry keeps them, so they are
    # made before the player's folder is read (the damaged data makes its own below)
    rules_class = type(registry.get(game))
    with tempfile.TemporaryDirectory() as tmp:
        mine = Path(tmp) / "mine"
        path = mine / case.name
        path.parent.mkdir(parents=True)
        case.write(path)
        with unchanged(path, DATA / game), within_budget():
            problems = validate([path])
            check_problems(problems, path, game)
            with players_folder(mine):
                loaded = user_data(rules_class.dataset)  # the game's own loading: never an exception
                check_problems(loaded.problems, path, game)
                assert bool(loaded.problems) == bool(problems), (loaded.problems, problems)
                if not problems:
                    event("validates and is played")
                    play(rules_class)
                else:
                    event("refused")


pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and links as on Linux and macOS")


@cases(ci=50)
@given(byte_damage())
def test_damaged_bytes_are_reported_or_played(case):
    check_case(case)


@cases(ci=50)
@given(structure_damage())
def test_damaged_structure_is_reported_or_played(case):
    check_case(case)


@cases(ci=20)
@given(odd_entries())
def test_odd_entries_in_place_of_a_data_file_are_reported(case):
    check_case(case)
