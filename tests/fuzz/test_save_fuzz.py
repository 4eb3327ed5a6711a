"""Random damage to real saves (issue 16, Tests): saves made by playing a few random
steps of each game with its real rules, then cut short, bits flipped, bytes that are
not UTF-8 or a byte order mark put in, values of the wrong type, huge numbers, bad
text, fields dropped or added, the log shortened, repeated or reordered, `over`
changed (with the checksum made to fit, so that the checks behind it are reached
too), and odd entries in a save's place.

The property is the same for every kind: loading (`inspect`, `resume`, the launcher's
listing) ends within a time budget, either with the game or with a SaveError naming
the file, never another exception; the file is left as it was; a save that loads
plays on by its rules with their invariants checked; and the listing calls a save
finished only when its moves end the game.

The CI run tries a fixed few cases; TABLETOP_FUZZ=5000 tries many (see common.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.engine import saves
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import Autosaver, SaveError, list_saves, load_match
from tabletop.games import registry

from .common import cases, unchanged, within_budget

GAMES = registry.ids(include_hidden=True)
#: the random steps played before a game is saved (END: to its end, for the test
#: game, whose games are short), and after it is loaded again
END = -1
PLAYED = (0, 3, 12, END)
STEPS = 6


@cache
def real_save(game: str, steps: int) -> str:
    """A save of `game` after `steps` random actions by its rules, as JSON text."""
    rules = registry.get(game)
    match = Match(rules, default_setup(rules), steps)
    if steps == END:
        play_random(match, random.Random(steps), steps=None if game == "testgame" else 20)
    else:
        play_random(match, random.Random(steps), steps=steps)
    return json.dumps(saves.encode_match(match), indent=1, ensure_ascii=False)


@dataclass
class Case:
    game: str
    how: str
    write: Callable[[Path], None] = field(repr=False)


def _writer(content: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(content)


BAD_BYTES = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf", b"\\", b'"', b"}", b"\x1b"]


@st.composite
def byte_damage(draw: st.DrawFn) -> Case:
    game = draw(st.sampled_from(GAMES))
    raw = real_save(game, draw(st.sampled_from(PLAYED))).encode("utf-8")
    how = draw(st.sampled_from(["cut", "flip", "bytes", "bom", "utf-16", "repeat"]))
    at = draw(st.integers(0, len(raw) - 1))
    if how == "cut":
        out = raw[:at]
    elif how == "flip":
        out = raw[:at] + bytes([raw[at] ^ (1 << draw(st.integers(0, 7)))]) + raw[at + 1 :]
    elif how == "bytes":
        out = raw[:at] + draw(st.sampled_from(BAD_BYTES) | st.binary(min_size=1, max_size=6)) + raw[at:]
    elif how == "bom":
        out = b"\xef\xbb\xbf" + raw
    elif how == "utf-16":
        out = raw.decode("utf-8").encode("utf-16")
    else:
        end = draw(st.integers(at, min(len(raw), at + 200)))
        out = raw[:end] + raw[at:end] * draw(st.integers(1, 50)) + raw[end:]
    return Case(game, f"{how} at byte {at}", _writer(out))


DEEP = "@@deep@@"
#: values of every kind put in place of a value
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([2**63, -(2**63) - 1, 10**30, 10**5000, -1, 0, 1, 2, 99]),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(["", "chance", "x" * 100_000, "\x00", "\ud800", "\udfff", "\x1b[31m", "\u202e", "A\nB", DEEP]),
    st.lists(st.integers(-3, 60), max_size=5),
    st.dictionaries(st.sampled_from(["kind", "outcome", "x", ""]), st.integers(0, 5) | st.text(max_size=5), max_size=3),
)


#: own data files a save may name: one that is not there, and ones of odd shape
USER_DATA = st.sampled_from(
    [
        [{"file": "testgame/game.yaml", "sha256": "0" * 64}],
        [{"file": "catan/rules.yaml", "sha256": "a" * 64}, {"file": "catan/rules.yaml", "sha256": "b" * 64}],
        [{"file": "../../etc/passwd", "sha256": "0" * 64}],
        [{"file": "x", "sha256": "0" * 63}],
        [{"file": "", "sha256": "0" * 64}],
        [],
    ]
)


def _places(value: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _at(value: Any, path: tuple) -> Any:
    for part in path:
        value = value[part]
    return value


@st.composite
def value_damage(draw: st.DrawFn) -> Case:
    game = draw(st.sampled_from(GAMES))
    data = json.loads(real_save(game, draw(st.sampled_from(PLAYED))))
    how = draw(st.sampled_from(["replace", "replace", "drop", "add", "log", "over", "version"]))
    where = "the top"
    if how in ("replace", "drop", "add"):
        path = draw(st.sampled_from([p for p in _places(data) if p and p[-1] != "checksum"]))
        where = ".".join(map(str, path))
        parent = _at(data, path[:-1])
        if how == "replace":
            parent[path[-1]] = draw(VALUES)
        elif how == "drop":
            del parent[path[-1]]
        else:
            target = _at(data, path)
            if isinstance(target, dict):
                key = draw(st.sampled_from(["extra", "kind", "seed", "Over", "user_data"]))
                target[key] = draw(VALUES | USER_DATA if key == "user_data" else VALUES)
            elif isinstance(target, list):
                target.insert(draw(st.integers(0, len(target))), draw(VALUES))
    elif how == "log":
        log = data["log"]
        change = draw(st.sampled_from(["shorten", "repeat", "swap", "empty"]))
        how = f"log: {change}"
        if change == "shorten" and log:
            del log[draw(st.integers(0, len(log) - 1)) :]
        elif change == "repeat" and log:
            at = draw(st.integers(0, len(log) - 1))
            log[at:at] = log[at : at + 1] * draw(st.integers(1, 200))
        elif change == "swap" and len(log) > 1:
            a, b = draw(st.integers(0, len(log) - 1)), draw(st.integers(0, len(log) - 1))
            log[a], log[b] = log[b], log[a]
        elif change == "empty":
            log.clear()
    elif how == "over":
        data["over"] = not data["over"]
    else:
        data["version"] = draw(st.sampled_from([0, 1, 3, 99, -1]))
    if draw(st.integers(0, 9)) > 0:  # mostly made to fit, so that the checks behind it are reached
        try:
            data["checksum"] = saves._checksum(data)
        except (UnicodeEncodeError, TypeError, ValueError, RecursionError):
            pass  # text that UTF-8 cannot hold: the checksum stays as it was
    try:
        text = json.dumps(data)  # ASCII: a lone surrogate is written \ud800, as JSON allows
    except ValueError:  # a number of more digits than Python writes
        text = real_save(game, 0)
        how = "none (unwritable)"
    text = text.replace(json.dumps(DEEP), "[" * 100_000 + "]" * 100_000)
    return Case(game, f"{how} at {where}", _writer(text.encode("utf-8")))


def _too_large(path: Path) -> None:
    with path.open("wb") as out:
        out.truncate(saves.SAVE_LIMIT + 1)  # sparse: nothing is written


ODD = {
    "a folder": lambda path: path.mkdir(),
    "a named pipe": lambda path: os.mkfifo(path),
    "a link to itself": lambda path: path.symlink_to(path.name),
    "a link to nothing": lambda path: path.symlink_to("nowhere.json"),
    "a link to a device": lambda path: path.symlink_to("/dev/zero"),
    "an empty file": lambda path: path.write_bytes(b""),
    "a file too large": _too_large,
    "null": lambda path: path.write_bytes(b"null"),
    "a list": lambda path: path.write_bytes(b"[1, 2]"),
}


@st.composite
def odd_entries(draw: st.DrawFn) -> Case:
    how = draw(st.sampled_from(sorted(ODD)))
    return Case("testgame", how, ODD[how])


# -- the property -----------------------------------------------------------------------


def check_error(err: SaveError, path: Path) -> None:
    assert err.path == path
    said = err.render()
    assert said.startswith(f"{path}: ") and said[len(f"{path}: ") :].strip(), said
    assert "Traceback" not in said


def check_case(case: Case) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "saved.json"
        case.write(path)
        with unchanged(path), within_budget():
            try:
                match = load_match(path)
            except SaveError as err:
                check_error(err, path)
                match = None
            # the launcher's listing: one entry, never an exception
            (info,) = list_saves(Path(tmp))
            assert info.path == path
            if info.error is not None:
                check_error(info.error, path)
                assert match is None, "the listing refuses a save that loads"
            if info.over:
                assert match is not None and match.over, "listed as finished, but its moves do not end it"
            # inspect and resume, as the command line runs them
            out, err_out = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err_out):
                code = main(["inspect", str(path)])
            assert code == (0 if match is not None else 1), err_out.getvalue()
            if code:
                assert err_out.getvalue().startswith(f"{path}: ")
            else:
                json.loads(out.getvalue())
            try:
                saver = Autosaver.resume(path)
            except SaveError as err:
                check_error(err, path)
                assert match is None
            else:
                assert match is not None and saver.match.hash() == match.hash()
                saver.match.listeners.clear()  # played on below without writing an autosave
        if match is not None:
            event("loads and is played on")
            rules = match.rules
            play_random(match, random.Random(1), steps=STEPS, after=lambda m: rules.check_invariants(m.state))
        else:
            event("refused")


pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and links as on Linux and macOS")


@cases(ci=50)
@given(byte_damage())
def test_damaged_bytes_of_a_save_are_refused_with_its_name(case):
    check_case(case)


@cases(ci=80)
@given(value_damage())
def test_damaged_values_of_a_save_are_refused_with_its_name(case):
    check_case(case)


@cases(ci=15)
@given(odd_entries())
def test_odd_entries_in_place_of_a_save_are_refused_with_its_name(case):
    check_case(case)
