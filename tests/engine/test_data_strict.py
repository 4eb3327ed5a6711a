"""Data files are read strictly (issue 16, points 3 and 7): numbers are plain decimals,
booleans true/false, keys are names, and anything else is a problem with file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine.data import DataError, DataModel, load_model


class Sample(DataModel):
    count: int = 0
    share: float = 0.0
    flag: bool = False
    rgb: tuple[int, int, int] = (0, 0, 0)
    name: str = ""


def _problems(tmp_path: Path, text: str) -> list[tuple[int, str, str]]:
    path = tmp_path / "sample.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_model(path, Sample)
    assert all(p.file == str(path) for p in caught.value.problems)
    return [(p.line, p.field, p.message) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("text", "line", "field", "said"),
    [
        ("name: x\n? [a, b]\n: 1\n", 2, "", "a key must be a name (text), not a list"),
        ("name: x\n? {a: 1}\n: 2\n", 2, "", "a key must be a name (text), not a mapping"),
        ("name: x\n1: 2\n", 2, "", "a key must be a name (text), not a number"),
        ("name: x\nnull: 2\n", 2, "", "a key must be a name (text), not null"),
        ("name: !!set {a, b}\n", 1, "name", "tag 'tag:yaml.org,2002:set' is not allowed"),
        ("name: !!binary aGVsbG8=\n", 1, "name", "tag 'tag:yaml.org,2002:binary' is not allowed"),
        ("name: !!timestamp 2001-12-14\n", 1, "name", "tag 'tag:yaml.org,2002:timestamp' is not allowed"),
    ],
)
def test_constructs_no_schema_expects_are_problems_with_file_and_line(
    tmp_path: Path, text: str, line: int, field: str, said: str
) -> None:
    [(at, where, message)] = _problems(tmp_path, text)
    assert (at, where) == (line, field) and said in message


@pytest.mark.parametrize(
    ("text", "field", "said"),
    [
        ("flag: yes", "flag", "should be true or false, not 'yes': booleans are written true or false"),
        ("flag: on", "flag", "should be true or false, not 'on'"),
        ("flag: off", "flag", "should be true or false, not 'off'"),
        ("flag: no", "flag", "should be true or false, not 'no'"),
        ("flag: 1", "flag", "should be true or false, not 1"),
        ("count: 010", "count", "not '010': numbers are written as plain decimal digits"),
        ("count: 0b101", "count", "not '0b101': numbers are written as plain decimal digits"),
        ("count: 0x1f", "count", "not '0x1f': numbers are written as plain decimal digits"),
        ("count: 1:40", "count", "not '1:40': numbers are written as plain decimal digits"),
        ("count: 1_000", "count", "not '1_000'"),
        ('count: "10"', "count", "not '10': numbers are written as plain decimal digits, without quotes"),
        ("count: !!str 405", "count", "not '405'"),
        ("count: 2.0", "count", "should be a whole number (a valid integer), not 2.0"),
        ("count: true", "count", "should be a whole number (a valid integer), not true"),
        ("share: .inf", "share", "should be a number, not '.inf'"),
        ("share: '0.5'", "share", "should be a number, not '0.5'"),
        ("rgb: [true, 0, 0]", "rgb.0", "should be a whole number (a valid integer), not true"),
        ("count: !!int 010", "count", "'010' is not a number as data files write them"),
        ("flag: !!bool yes", "flag", "'yes' is not a boolean: write true or false"),
        ("name: 3", "name", "should be text, not 3"),
    ],
)
def test_numbers_and_booleans_are_written_strictly(tmp_path: Path, text: str, field: str, said: str) -> None:
    before = "count: 1\n" if field == "share" else "share: 1\n"
    [(line, where, message)] = _problems(tmp_path, before + text + "\n")
    assert (line, where) == (2, field) and said in message, message


def test_keys_differing_only_in_case_are_an_error(tmp_path: Path) -> None:
    [(line, where, message)] = _problems(tmp_path, "name: x\ncount: 1\nCount: 2\n")
    assert (line, where) == (3, "Count")
    assert message == "the key differs only in upper/lower case from 'count' at line 2"


def test_plain_numbers_booleans_and_dates_as_text_still_read(tmp_path: Path) -> None:
    path = tmp_path / "sample.yaml"
    path.write_text("count: -3\nshare: 2\nflag: false\nrgb: [1, 2, 255]\nname: 2001-12-14\n", encoding="utf-8")
    loaded = load_model(path, Sample)
    assert (loaded.count, loaded.share, loaded.flag, loaded.rgb, loaded.name) == (
        -3,
        2.0,
        False,
        (1, 2, 255),
        "2001-12-14",
    )
    path.write_text("share: 1.5e3\nname: 'yes'\n", encoding="utf-8")
    assert (load_model(path, Sample).share, load_model(path, Sample).name) == (1500.0, "yes")


@pytest.mark.parametrize("text", ["share: 1e400", "share: -1e999", "count: 1" + "0" * 400, "share: 1" + "0" * 30])
def test_numbers_too_large_for_any_data_are_refused(tmp_path: Path, text: str) -> None:
    [(line, where, message)] = _problems(tmp_path, "name: x\n" + text + "\n")
    assert (line, where) == (2, text.split(":")[0]) and "is too large a number" in message
