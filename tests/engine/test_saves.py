"""Saves: round trip, atomic writes, and every kind of bad file."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop.engine import Action, Match, saves
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
                del data["log"][data["log"].index(entry) + 1 :]
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


def test_newer_rules_version_is_refused(save_file):
    rewrite(save_file, lambda d: d.update(game_version=99))
    with pytest.raises(SaveError, match="newer rules") as caught:
        load_match(save_file)
    assert not caught.value.older


def _older_rules(monkeypatch, game_id: str = "testgame") -> None:
    """The rules of `game_id` one version on from those the saves were made with."""
    rules = registry.get(game_id)
    monkeypatch.setattr(type(rules), "version", rules.version + 1)


def test_a_save_of_older_rules_is_listed_as_older_and_kept(save_file, monkeypatch):
    before = save_file.read_bytes()
    _older_rules(monkeypatch)
    with pytest.raises(SaveError, match="made by an older tabletop") as caught:
        load_match(save_file)
    assert caught.value.older and "cannot be continued" in caught.value.message.render()
    [info] = list_saves(save_file.parent)
    assert info.error is not None and info.error.older
    assert save_file.read_bytes() == before


def test_a_format_1_save_resumes_without_its_seed(save_file):
    """Format 1 also held the seed of the chance steps: such a save is read without
    it (its log holds every outcome), and the game goes on with fresh chance."""

    def as_format_1(data):
        data.update(version=1, seed=12345)

    rewrite(save_file, as_format_1)
    match = load_match(save_file)
    assert match.seed is None and match.hash() == played_match().hash()
    match.settle_chance()


def test_a_save_holds_nothing_from_which_chance_follows(tmp_path):
    path = tmp_path / "game.json"
    save_match(played_match(), path)
    data = json.loads(path.read_text())
    assert "seed" not in data and data["version"] == 2
    assert set(data) == {
        "format", "version", "app_version", "id", "game", "game_version", "created", "updated",
        "setup", "log", "over", "state_hash", "checksum",
    }  # fmt: skip


def test_two_loads_of_one_autosave_roll_different_dice(tmp_path):
    """Nothing in the save tells the coming outcomes: each load draws afresh."""
    save_file = tmp_path / "game.json"
    save_match(played_match(steps=2), save_file)
    rolls = []
    for _ in range(2):
        match = load_match(save_file)
        faces = []
        while len(faces) < 40 and not match.over:
            if match.chance_spec() is not None:
                match.roll()
                faces.append(match.log[-1].action["outcome"])
            else:
                match.act(Action("hold"))
        assert len(faces) >= 10
        rolls.append(faces)
    assert rolls[0] != rolls[1]


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
    # (home/ beside it is the test's user folder, where finished games are noted)
    left = [p.name for p in save_file.parent.iterdir() if p.name != "home"]
    assert left == [save_file.name], "temporary file left behind"


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


# -- save faults: whatever is in the file, a message in words, never another error -----


def _unreadable_files():
    """(file name, content, what the message says), after the fixtures the audit
    found in the wild: each would once end the launcher with a traceback."""
    return [
        ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested far too deeply"),
        ("deep_object.json", b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested far too deeply"),
        ("bigint.json", b'{"format": "tabletop-save", "seed": ' + b"9" * 5000 + b"}", "number far too long"),
        ("nan.json", b'{"format": "tabletop-save", "version": NaN}', "NaN, which is not a number"),
        ("infinity.json", b'{"format": "tabletop-save", "seed": -Infinity}', "-Infinity, which is not a number"),
    ]


@pytest.mark.parametrize("name, content, said", _unreadable_files())
def test_unreadable_files_give_a_message(tmp_path, name, content, said):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(SaveError, match=said):
        load_match(path)
    info = saves.save_info(path)
    assert info.error is not None and said in info.error.message.render()


@pytest.mark.parametrize("name, content, said", _unreadable_files())
def test_unreadable_autosaves_are_listed_not_fatal(name, content, said):
    folder = saves.autosave_dir()
    folder.mkdir(parents=True)
    (folder / name).write_bytes(content)
    assert latest_autosave() is None
    [info] = list_saves()
    assert said in info.error.message.render()


# what to change in a good save, and the field the message must name
BAD_FIELDS = [
    (
        lambda d: d["setup"].update(players=[1, 2]),
        "the field 'setup.players[0]' should be a player with a name and a colour",
    ),
    (lambda d: d["setup"].update(players="Ann"), "the field 'setup.players' should be a list of players"),
    (lambda d: d["setup"]["players"][1].update(name=7), "the field 'setup.players[1].name' should be a player's name"),
    (lambda d: d["setup"]["players"][0].pop("colour"), "the field 'setup.players[0].colour' is missing"),
    (lambda d: d["setup"].update(first=None), "the field 'setup.first' should be the number of the seat"),
    (lambda d: d["setup"].update(first="a"), "the field 'setup.first' should be the number of the seat"),
    (lambda d: d["setup"].update(options=[["a", 1]]), "the field 'setup.options' should be the game's options"),
    (lambda d: d.update(setup="everyone"), "the field 'setup' should be the set-up"),
    (lambda d: d.update(game_version=1.5), "the field 'game_version' should be a whole number"),
    (lambda d: d.pop("game_version"), "the field 'game_version' is missing"),
    (lambda d: d.update(log="nonsense"), "the field 'log' should be a list of steps"),
    (lambda d: d["log"].insert(0, 3), "the field 'log[0]' should be a step with an actor and an action"),
    (lambda d: d["log"][0].update(actor=True), "the field 'log[0].actor' should be a seat number or \"chance\""),
    (lambda d: d["log"][0].update(actor=-2), "the field 'log[0].actor' should be a seat number or \"chance\""),
    (
        lambda d: d["log"][0].update(action={"kind": "chance", "outcome": {"a": 1}}),
        "the field 'log[0].action' should be an action",
    ),
    (lambda d: d["log"][0].update(action={"outcome": 1}), "the field 'log[0].action' should be an action"),
    (lambda d: d["log"][0].update(when="now"), "the field 'log[0].when' does not belong in a save"),
    (lambda d: d.update(over="no"), "the field 'over' should be true or false"),
]


@pytest.mark.parametrize("change, said", BAD_FIELDS)
def test_a_damaged_save_names_the_field_in_words(save_file, change, said):
    rewrite(save_file, change)
    with pytest.raises(SaveError) as caught:
        load_match(save_file)
    text = caught.value.message.render()
    assert text.startswith("The save is damaged: ") and said in text
    for internal in ("object", "subscriptable", "sequence", "int()", "literal", "NoneType", "Input should"):
        assert internal not in text


def test_the_field_message_is_translated(save_file, translated):
    rewrite(save_file, lambda d: d.update(game_version="x"))
    translated(
        {
            "The save is damaged: the field '{field}' should be {expected}.": (
                "De opslag is beschadigd: '{field}' moet {expected} zijn."
            ),
            "a whole number": "een geheel getal",
        }
    )
    with pytest.raises(SaveError) as caught:
        load_match(save_file)
    assert caught.value.message.render() == "De opslag is beschadigd: 'game_version' moet een geheel getal zijn."


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda d: d["setup"]["players"][1].update(name=d["setup"]["players"][0]["name"]), "different name"),
        (lambda d: d["setup"]["players"][1].update(name=" "), "needs a name"),
        (lambda d: d["setup"]["players"][1].update(colour="purple"), "purple is not a colour of Lucky draw"),
        (lambda d: d["setup"]["players"][1].update(colour=d["setup"]["players"][0]["colour"]), "different colour"),
    ],
)
def test_a_save_with_a_bad_setup_is_refused(save_file, change, said):
    rewrite(save_file, change)
    with pytest.raises(SaveError, match=said):
        load_match(save_file)


def test_an_action_the_rules_cannot_read_is_reported(save_file):
    def change(data):
        entry = next(e for e in data["log"] if e["actor"] != "chance")
        entry["action"] = {"kind": "play", "card": [[1]]}

    rewrite(save_file, change)
    with pytest.raises(SaveError, match=r"Log entry \d+: "):
        load_match(save_file)


def test_a_failed_autosave_keeps_the_last_good_one_and_tries_again(monkeypatch):
    import errno

    match = played_match(steps=0)
    autosaver = Autosaver(match)
    assert autosaver.save() and autosaver.error is None
    good = autosaver.path.read_bytes()

    def denied(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", denied)
    play_random(match, random.Random(1), steps=3)  # each change tries to autosave
    assert isinstance(autosaver.error, PermissionError)
    assert autosaver.path.read_bytes() == good
    assert [p.name for p in autosaver.path.parent.iterdir()] == [autosaver.path.name]
    monkeypatch.undo()
    match.settle_chance()
    match.act(match.legal_actions()[0])
    assert autosaver.error is None
    assert load_match(autosaver.path).hash() == match.hash()


def test_stale_temporary_files_of_killed_writes_are_removed(tmp_path, monkeypatch):
    import time

    from tabletop.engine.files import _TEMPORARY, remove_stale_temporaries, write_text_atomic

    folder = saves.autosave_dir()
    folder.mkdir(parents=True)
    old = time.time() - 3600
    stale = folder / ".eden-20240101-120000-abcdef.json.x8_k2qzp.tmp"
    fresh = folder / ".eden-20240101-120000-abcdef.json.a1b2c3d4.tmp"  # a write in progress
    others = [folder / "notes.tmp", folder / ".hidden.tmp", folder / "game.json"]
    for path in [stale, fresh, *others]:
        path.write_text("{")
    for path in [stale, *others]:
        os.utime(path, (old, old))
    assert remove_stale_temporaries(folder) == [stale]
    assert not stale.exists() and fresh.exists() and all(p.exists() for p in others)
    # the naming matched is the one write_text_atomic really uses
    made = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst: made.append(os.path.basename(src)) or real(src, dst))
    write_text_atomic(tmp_path / "x.json", "{}")
    assert _TEMPORARY.match(made[0])
