"""Saves: round trip, atomic writes, and every kind of bad file."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop.engine import Match
from tabletop.engine import saves
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import (
    Autosaver,
    SaveError,
    _checksum,
    latest_autosave,
    list_saves,
    load_match,
    read_save,
    save_match,
)
from tabletop.games import registry


def played_match(steps: int = 20, seed: int = 7) -> Match:
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules, players=3), seed)
    play_random(match, random.Random(seed), steps=steps)
    return match


@pytest.fixture
def save_file(tmp_path):
    path = tmp_path / "game.json"
    save_match(played_match(), path)
    return path


def rewrite(path, change):
    data = json.loads(path.read_text())
    change(data)
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))


def test_round_trip(save_file):
    match = load_match(save_file)
    assert match.hash() == played_match().hash()


def test_truncated_save_is_refused(save_file):
    text = save_file.read_bytes()
    save_file.write_bytes(text[: len(text) // 2])
    with pytest.raises(SaveError, match="cut short"):
        load_match(save_file)


def test_empty_save_is_refused(save_file):
    save_file.write_bytes(b"")
    with pytest.raises(SaveError, match="empty"):
        load_match(save_file)


def test_not_json_is_refused(save_file):
    save_file.write_bytes(b"\x89PNG\r\n\x1a\n not a save")
    with pytest.raises(SaveError, match="not a complete save"):
        load_match(save_file)


def test_other_json_is_refused(save_file):
    save_file.write_text(json.dumps({"hello": "world"}))
    with pytest.raises(SaveError, match="not a tabletop save"):
        load_match(save_file)


def test_edited_action_is_detected_by_checksum(save_file):
    data = json.loads(save_file.read_text())
    entry = next(e for e in data["log"] if e["actor"] != "chance")
    entry["action"] = {"kind": "hold"} if entry["action"]["kind"] != "hold" else {"kind": "play", "card": 99}
    save_file.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="changed outside tabletop"):
        load_match(save_file)


def test_tampered_illegal_action_is_refused_on_replay(save_file):
    def change(data):
        entry = next(e for e in data["log"] if e["actor"] != "chance")
        entry["action"] = {"kind": "play", "card": 99}

    rewrite(save_file, change)
    with pytest.raises(SaveError, match="Log entry"):
        load_match(save_file)


def test_tampered_legal_action_fails_the_state_hash(save_file):
    def change(data):
        # a different but legal choice: hold instead of the first card played
        for entry in data["log"]:
            if entry["actor"] != "chance" and entry["action"]["kind"] == "play":
                entry["action"] = {"kind": "hold"}
                del data["log"][data["log"].index(entry) + 1:]
                return
        raise AssertionError("no card was played")

    rewrite(save_file, change)
    with pytest.raises(SaveError, match="does not replay"):
        load_match(save_file)


def test_unknown_game_is_refused(save_file):
    rewrite(save_file, lambda d: d.update(game="chess"))
    with pytest.raises(SaveError, match="does not know: chess"):
        load_match(save_file)


def test_newer_version_is_refused(save_file):
    rewrite(save_file, lambda d: d.update(version=saves.VERSION + 1))
    with pytest.raises(SaveError, match="newer tabletop"):
        load_match(save_file)


def test_other_rules_version_is_refused(save_file):
    rewrite(save_file, lambda d: d.update(game_version=99))
    with pytest.raises(SaveError, match="other rules"):
        load_match(save_file)


def test_damaged_structure_is_refused(save_file):
    rewrite(save_file, lambda d: d.update(log="nonsense"))
    with pytest.raises(SaveError, match="damaged"):
        load_match(save_file)


def test_missing_file_is_reported(tmp_path):
    with pytest.raises(SaveError, match="cannot be read"):
        load_match(tmp_path / "nope.json")


def test_crash_during_write_keeps_the_last_good_save(save_file, monkeypatch):
    good = save_file.read_bytes()

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_match(played_match(steps=40), save_file)
    assert save_file.read_bytes() == good
    assert [p.name for p in save_file.parent.iterdir()] == [save_file.name], "temporary file left behind"


def test_autosave_after_every_action_and_resume():
    match = played_match(steps=0)
    autosaver = Autosaver(match)
    play_random(match, random.Random(1), steps=5)
    assert latest_autosave() == autosaver.path
    assert load_match(autosaver.path).hash() == match.hash()
    match.settle_chance()
    match.act(match.legal_actions()[0])
    resumed = Autosaver.resume(autosaver.path)
    assert resumed.path == autosaver.path
    assert resumed.match.hash() == match.hash()


def test_corrupt_autosave_is_never_overwritten():
    match = played_match(steps=0)
    autosaver = Autosaver(match)
    play_random(match, random.Random(1), steps=5)
    autosaver.path.write_bytes(b'{"format": "tabletop-save", "version": 1, "log": [')
    broken = autosaver.path.read_bytes()
    with pytest.raises(SaveError):
        Autosaver.resume(autosaver.path)
    assert autosaver.path.read_bytes() == broken
    assert latest_autosave() is None
    infos = list_saves()
    assert len(infos) == 1 and infos[0].error is not None


def test_named_save_is_kept_when_resumed(tmp_path):
    match = played_match(steps=5)
    named = saves.saves_dir() / "evening.json"
    save_match(match, named)
    before = named.read_bytes()
    resumed = Autosaver.resume(named)
    assert resumed.path != named
    resumed.match.settle_chance()
    resumed.match.act(resumed.match.legal_actions()[0])
    assert named.read_bytes() == before


def test_latest_autosave_skips_finished_games():
    match = played_match(steps=0)
    autosaver = Autosaver(match)
    play_random(match, random.Random(2))
    assert match.over
    assert latest_autosave() is None
    assert read_save(autosaver.path)["over"] is True
