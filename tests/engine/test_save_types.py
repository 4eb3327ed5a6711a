"""Every value in a save is checked for its exact type, its text for characters
that are not text, and its `over` against the replay, before the save is trusted:
a message naming the save and the field, never a traceback or a changed meaning."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from tabletop.cli import main
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
)
from tabletop.games import registry


@cache
def saved(game_id: str, steps: int = 40, seed: int = 3) -> str:
    """A save of `game_id` after some random play, as JSON text."""
    rules = registry.get(game_id)
    match = Match(rules, default_setup(rules), seed)
    play_random(match, random.Random(seed), steps=steps)
    return json.dumps(encode_match(match))


def write(path: Path, game_id: str, change, steps: int = 40) -> Path:
    """The save of `game_id` with `change` made to it and the checksum made to fit
    (kept as it was when the changed save has no checksum: text that is not text)."""
    data = json.loads(saved(game_id, steps))
    change(data)
    try:
        data["checksum"] = _checksum(data)
    except UnicodeEncodeError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))  # ASCII: a lone surrogate is written as \ud800, as JSON allows
    return path


def chance_entries(game_id: str, shape: type) -> list[int]:
    """Log positions of the chance steps whose outcome is an int or a list."""
    log = json.loads(saved(game_id))["log"]
    return [i for i, e in enumerate(log) if e["actor"] == "chance" and type(e["action"]["outcome"]) is shape]


def outcome_as(index: int, change):
    def edit(data):
        action = data["log"][index]["action"]
        action["outcome"] = change(action["outcome"])

    return edit


def refused(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_match(path)
    assert caught.value.path == path
    return caught.value.message.render()


# -- point 9: exact types --------------------------------------------------------------

WHOLE = "should be a whole number or a list of whole numbers."


@pytest.mark.parametrize("game_id", ["eden", "catan"])
@pytest.mark.parametrize(
    "change",
    [
        lambda outcome: [float(item) for item in outcome],
        lambda outcome: [True] + outcome[1:],
        lambda outcome: [str(item) for item in outcome],
    ],
    ids=["floats", "a bool", "text"],
)
def test_a_chance_outcome_of_the_wrong_type_is_refused_naming_the_field(tmp_path, game_id, change):
    index = chance_entries(game_id, list)[0]
    path = write(tmp_path / "game.json", game_id, outcome_as(index, change))
    assert refused(path) == f"The save is damaged: the field 'log[{index}].action.outcome' {WHOLE}"


@pytest.mark.parametrize("change", [float, lambda face: True], ids=["a float", "a bool"])
def test_a_single_chance_outcome_of_the_wrong_type_is_refused(tmp_path, change):
    index = chance_entries("catan", int)[0]
    path = write(tmp_path / "game.json", "catan", outcome_as(index, change))
    assert refused(path) == f"The save is damaged: the field 'log[{index}].action.outcome' {WHOLE}"


def test_a_shuffle_that_is_not_a_permutation_is_refused(tmp_path):
    index = chance_entries("catan", list)[0]  # the shuffle of the board's hexes
    path = write(tmp_path / "game.json", "catan", outcome_as(index, lambda outcome: [outcome[0]] * len(outcome)))
    assert refused(path) == f"The save is damaged: Log entry {index + 1}: not a possible chance outcome."


@pytest.mark.parametrize(
    "game_id, key, value, said",
    [
        ("eden", "two_players", 0, "one of false, true"),
        ("eden", "two_players", 1, "one of false, true"),
        ("eden", "two_players", "false", "one of false, true"),
        ("catan", "numbers", 1, 'one of "spiral", "random"'),
        ("skirmish", "table", 600.0, "one of 600, 900, 1200"),
        ("skirmish", "double_cost", 0, "one of false, true"),
    ],
)
def test_an_option_value_must_have_the_options_own_type(tmp_path, game_id, key, value, said):
    path = write(tmp_path / "game.json", game_id, lambda d: d["setup"]["options"].update({key: value}), steps=0)
    message = f"The save is damaged: the field 'setup.options.{key}' should be {said}."
    assert refused(path) == message
    [info] = list_saves(tmp_path)
    assert info.error.message.render() == message


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d["setup"]["players"][0].update(name=7), "setup.players[0].name"),
        (lambda d: d["setup"]["players"][1].update(colour=True), "setup.players[1].colour"),
        (lambda d: d["setup"].update(first=0.0), "setup.first"),
    ],
)
def test_player_names_colours_and_the_first_seat_have_their_type(tmp_path, change, field):
    path = write(tmp_path / "game.json", "eden", change, steps=0)
    assert refused(path).startswith(f"The save is damaged: the field '{field}' should be")


# -- point 10: text that is not text ---------------------------------------------------


@pytest.mark.parametrize(
    "change, field, code",
    [
        (lambda d: d["setup"]["players"][0].update(name="Ann\ud800"), "setup.players[0].name", "D800"),
        (lambda d: d["setup"]["players"][1].update(colour="\udfff"), "setup.players[1].colour", "DFFF"),
        (lambda d: d.update(app_version="1.0\udc80"), "app_version", "DC80"),
        (lambda d: d["setup"]["options"].update({"\ud800": 1}), "setup.options.?", "D800"),
        (lambda d: d["log"][1]["action"].update(kind="pl\udbffay"), "log[1].action.kind", "DBFF"),
    ],
)
def test_a_lone_surrogate_anywhere_is_refused_before_the_checksum(tmp_path, change, field, code):
    path = write(tmp_path / "game.json", "eden", change)
    message = f"The save is damaged: the field '{field}' holds the character U+{code}, which is not allowed in text."
    assert refused(path) == message


@pytest.mark.parametrize("character, code", [("\x00", "0000"), ("\t", "0009"), ("\n", "000A"), ("\x9b", "009B")])
def test_a_control_character_in_a_players_name_is_refused_at_reading(tmp_path, character, code):
    path = write(tmp_path / "game.json", "catan", lambda d: d["setup"]["players"][0].update(name=f"A{character}n"))
    assert refused(path) == (
        f"The save is damaged: the field 'setup.players[0].name' holds the character U+{code},"
        " which is not allowed in text."
    )


@pytest.mark.parametrize("command", ["inspect", "resume"])
@pytest.mark.parametrize("name", ["Ann\ud800", "A\x00n"], ids=["surrogate", "nul"])
def test_inspect_and_resume_answer_a_name_that_is_not_text(tmp_path, capsys, monkeypatch, command, name):
    import tabletop.ui.app

    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: pytest.fail("a window was opened"))
    path = write(tmp_path / "game.json", "eden", lambda d: d["setup"]["players"][0].update(name=name))
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: The save is damaged: the field 'setup.players[0].name' holds the character" in err
    assert "Traceback" not in err


def test_an_autosave_with_a_lone_surrogate_is_listed_and_play_goes_on(tmp_path):
    rules = registry.get("testgame")
    good = Autosaver(Match(rules, default_setup(rules), 1))
    good.save()
    bad = write(autosave_dir() / "zz-bad.json", "eden", lambda d: d["setup"]["players"][0].update(name="\ud800"))
    infos = {info.path: info for info in list_saves()}
    assert infos[good.path].error is None
    assert "U+D800" in infos[bad].error.message.render()
    assert latest_autosave() == good.path


# -- point 11: `over` is checked against the replay --------------------------------------


def test_over_on_an_unfinished_game_is_refused(tmp_path):
    path = write(tmp_path / "game.json", "eden", lambda d: d.update(over=True))
    assert refused(path) == "The save says the game is over, but its moves do not end it; it cannot be trusted."


def test_a_finished_game_saved_as_going_on_is_refused(tmp_path):
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules), 2)
    play_random(match, random.Random(2))
    assert match.result() is not None
    data = encode_match(match)
    assert data["over"] is True
    data["over"] = False
    data["checksum"] = _checksum(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert refused(path) == "The save says the game goes on, but its moves end it; it cannot be trusted."


def test_resume_refuses_an_unfinished_game_saved_as_over(tmp_path, capsys, monkeypatch):
    import tabletop.ui.app

    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: pytest.fail("a window was opened"))
    path = write(tmp_path / "game.json", "catan", lambda d: d.update(over=True))
    assert main(["resume", str(path)]) == 1
    assert "The save says the game is over, but its moves do not end it" in capsys.readouterr().err
