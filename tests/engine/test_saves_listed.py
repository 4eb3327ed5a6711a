"""The listing of saves reads them without replaying them, so it calls a save
finished only when tabletop has seen that game end (issue 16, point 11 in the
listing): a save edited to say `over: true` is "not checked yet" until it is opened,
which replays it and refuses it. And a save that an editor gave a byte order mark."""

from __future__ import annotations

import codecs
import json
import random

import pytest

from tabletop.engine import finished, saves
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import (
    Autosaver,
    SaveError,
    _checksum,
    autosave_dir,
    encode_match,
    latest_autosave,
    list_saves,
    load_match,
    write_json_atomic,
)
from tabletop.games import registry


def _match(game: str = "testgame", steps: int | None = 3) -> Match:
    rules = registry.get(game)
    match = Match(rules, default_setup(rules), 2)
    play_random(match, random.Random(2), steps=steps)
    return match


def _forged_over(path) -> None:
    """An unfinished game's save edited to say it is over, its checksum made to fit."""
    data = encode_match(_match("eden", 10))
    data["over"] = True
    data["checksum"] = _checksum(data)
    write_json_atomic(path, data)


def test_a_save_edited_to_say_over_is_not_listed_as_finished():
    path = autosave_dir() / "forged.json"
    _forged_over(path)
    [info] = list_saves()
    assert info.error is None and not info.over and info.over_unchecked
    # Continue offers it, and opening it says what is wrong
    assert latest_autosave() == path
    with pytest.raises(SaveError, match="says the game is over, but its moves do not end it"):
        Autosaver.resume(path)
    [info] = list_saves()
    assert info.over_unchecked and not info.over


def test_a_game_that_ended_in_tabletop_is_listed_as_finished():
    match = _match(steps=0)
    Autosaver(match)
    play_random(match, random.Random(5))
    assert match.over
    [info] = list_saves()
    assert info.over and not info.over_unchecked
    assert latest_autosave() is None


def test_a_finished_save_from_elsewhere_is_checked_when_opened(tmp_path):
    """A finished game's save that this tabletop did not write (another computer's):
    not checked until opened; once opened, listed as finished."""
    match = _match(steps=None)
    assert match.over
    path = saves.saves_dir() / "copied.json"
    write_json_atomic(path, encode_match(match))
    [info] = list_saves()
    assert info.over_unchecked and not info.over
    load_match(path)
    [info] = list_saves()
    assert info.over and not info.over_unchecked


def test_the_listing_replays_no_save(monkeypatch):
    """Listing many saves stays fast: a save is read, never replayed."""
    for index in range(3):
        write_json_atomic(saves.saves_dir() / f"s{index}.json", encode_match(_match(steps=None)))

    def no_replay(*args, **kwargs):
        raise AssertionError("the listing replayed a save")

    monkeypatch.setattr(Match, "replay", no_replay)
    assert [info.over_unchecked for info in list_saves()] == [True, True, True]


@pytest.mark.parametrize("content", [b"[1, 2]", b"\xff", b"not json"])
def test_a_damaged_list_of_finished_saves_only_makes_them_unchecked(content):
    match = _match(steps=0)
    Autosaver(match)
    play_random(match, random.Random(5))
    finished.finished_file().write_bytes(content)
    [info] = list_saves()
    assert info.over_unchecked and info.error is None


def test_a_save_with_a_byte_order_mark_loads(tmp_path):
    """Some editors put a byte order mark before the text they save: it is no part of the save."""
    match = _match()
    path = tmp_path / "game.json"
    path.write_bytes(codecs.BOM_UTF8 + json.dumps(encode_match(match)).encode("utf-8"))
    assert load_match(path).hash() == match.hash()
