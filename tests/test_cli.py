"""The command line, run in-process."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.cli import main
from tabletop.engine import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import save_match
from tabletop.engine.views import as_json
from tabletop.games import registry


@pytest.fixture
def save_file(tmp_path):
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules, names=["Ann", "Bob"]), 5)
    play_random(match, random.Random(5), steps=1)
    match.settle_chance()
    path = tmp_path / "game.json"
    save_match(match, path)
    return path, match


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "resume", "selftest", "validate", "inspect", "screenshot"):
        assert command in out


def test_inspect_prints_the_game(save_file, capsys):
    path, match = save_file
    assert main(["inspect", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "testgame"
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]
    assert data["turn"]["player"] == match.player_names[match.actor]
    assert data["public"] == as_json(match.view(None))
    assert data["private"]["Ann"] == as_json(match.view(0))
    assert len(data["legal_actions"]) == len(match.legal_actions())
    assert all(a["text"] for a in data["legal_actions"])
    assert data["phase"] == "act"
    assert [(m["kind"], m["takes"]) for m in data["moves_now"]] == [("play", ["card"]), ("hold", [])]
    assert all(m["help"] for m in data["moves_now"])


def test_inspect_reports_a_broken_save(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tabletop-save", "vers')
    assert main(["inspect", str(path)]) == 1
    err = capsys.readouterr().err
    assert str(path) in err and "cut short" in err
    assert "Traceback" not in err


def test_resume_without_autosave_says_so(capsys):
    assert main(["resume"]) == 2
    assert "no autosaved game" in capsys.readouterr().err


def test_resume_reports_a_newer_save(save_file, capsys):
    path, _match = save_file
    data = json.loads(path.read_text())
    from tabletop.engine.saves import _checksum

    data["version"] = 99
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))
    assert main(["resume", str(path)]) == 1
    assert "newer tabletop" in capsys.readouterr().err


def test_play_rejects_unknown_game(capsys):
    assert main(["play", "chess"]) == 2
    assert "No game called chess" in capsys.readouterr().err


def test_play_rejects_wrong_player_count(capsys):
    assert main(["play", "testgame", "--players", "Ann"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_play_rejects_unknown_option(capsys):
    assert main(["play", "testgame", "--players", "Ann,Bob", "--option", "speed=fast"]) == 2
    assert "unknown option speed=fast" in capsys.readouterr().err


def test_play_rejects_duplicate_names(capsys):
    assert main(["play", "testgame", "--players", "Ann,Ann"]) == 2
    assert "different" in capsys.readouterr().err


def test_validate_bundled_data_passes(capsys):
    assert main(["validate"]) == 0


def test_validate_reports_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: 1\na: 2\n")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:2:" in out


def test_selftest_passes(capsys):
    assert main(["selftest", "--steps", "60"]) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert lines[-1] == f"{len(registry.ids())} passed, 0 failed"
    assert all(line.startswith("ok") for line in lines[:-1])


def test_screenshot_writes_a_png(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["screenshot", "testgame", "--out", str(out), "--steps", "4", "--size", "1280x720"]) == 0
    import pygame

    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_screenshot_rejects_bad_size(tmp_path, capsys):
    assert main(["screenshot", "testgame", "--out", str(tmp_path / "x.png"), "--size", "big"]) == 2
    assert "1920x1080" in capsys.readouterr().err


def test_broken_game_data_is_reported_without_a_traceback(monkeypatch, capsys):
    from tabletop.engine.data import DataError, Problem

    def broken(game_id):
        raise DataError([Problem("data/eden/economy.yaml", 4, "income_per_red_dot", "must be at least 0")])

    monkeypatch.setattr(registry, "get", broken)
    assert main(["play", "eden"]) == 2
    err = capsys.readouterr().err
    assert "data/eden/economy.yaml:4: income_per_red_dot: must be at least 0" in err
    assert "Traceback" not in err


# -- resume and inspect check everything before a window opens -------------------------


def _rewrite(path, change):
    from tabletop.engine.saves import _checksum

    data = json.loads(path.read_text())
    change(data)
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))


@pytest.fixture
def no_window(monkeypatch):
    import tabletop.ui.app

    def refuse(start=None):
        raise AssertionError("a window was opened for a save that cannot be played")

    monkeypatch.setattr(tabletop.ui.app, "run", refuse)


def _tamper_action(data):
    # a legal-looking but different action, with the checksum made to fit
    entry = next(e for e in data["log"] if e["actor"] != "chance")
    entry["action"] = {"kind": "play", "card": 99}


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda d: d.update(game="chess"), "does not know: chess"),
        (lambda d: d.update(game_version=99), "newer rules of Lucky draw"),
        (_tamper_action, "Log entry"),
        (lambda d: d["setup"].update(first="x"), "the field 'setup.first' should be"),
    ],
)
def test_resume_replays_the_save_before_opening_a_window(save_file, no_window, capsys, change, said):
    path, _match = save_file
    _rewrite(path, change)
    assert main(["resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert str(path) in err and said in err and "Traceback" not in err


@pytest.mark.parametrize(
    "content, said",
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested far too deeply"),
        (b'{"format": "tabletop-save", "seed": ' + b"7" * 5000 + b"}", "number far too long"),
    ],
)
@pytest.mark.parametrize("command", ["resume", "inspect"])
def test_unreadable_saves_give_a_message_on_the_command_line(tmp_path, no_window, capsys, content, said, command):
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_resume_opens_the_loaded_save(save_file, monkeypatch):
    import tabletop.ui.app

    path, match = save_file
    started = []
    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: started.append(start) or 0)
    assert main(["resume", str(path)]) == 0
    [(kind, saver)] = started
    assert kind == "open" and saver.match.hash() == match.hash()


# -- screenshot: clear messages for bad input -----------------------------------------


def exit_code(argv):
    """main's exit code, whether it returns it or argparse exits."""
    try:
        return main(argv)
    except SystemExit as exit_:
        return exit_.code


@pytest.mark.parametrize(
    "extra, said",
    [
        (["--seat", "9"], "--seat 9: this game has seats 1 to 3"),
        (["--seat", "0"], "0 is not a seat"),
        (["--seat", "two"], "two is not a seat"),
        (["--steps", "-5"], "-5 is not a whole number of 0 or more"),
    ],
)
def test_screenshot_refuses_bad_input(tmp_path, capsys, extra, said):
    out = tmp_path / "shot.png"
    assert exit_code(["screenshot", "testgame", "--out", str(out), "--size", "1280x720", *extra]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not out.exists()


def test_screenshot_says_when_the_picture_cannot_be_written(tmp_path, capsys):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    out = blocker / "shot.png"
    assert exit_code(["screenshot", "testgame", "--out", str(out), "--size", "1280x720"]) == 1
    err = capsys.readouterr().err
    assert f"could not be written to {out}" in err and "Traceback" not in err


def test_screenshot_as_a_given_seat(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["screenshot", "testgame", "--out", str(out), "--size", "1280x720", "--seat", "3", "--steps", "2"]) == 0
    assert out.exists()


# -- play ---------------------------------------------------------------------------


def test_play_refuses_first_for_a_game_that_decides_who_begins(capsys):
    assert main(["play", "catan", "--players", "Ann,Bob,Cas", "--first", "2"]) == 2
    assert "Catan decides who begins by its own rules; leave out --first." in capsys.readouterr().err


def test_play_takes_first_where_the_players_choose(monkeypatch):
    import tabletop.ui.app

    started = []
    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: started.append(start) or 0)
    assert main(["play", "testgame", "--players", "Ann,Bob", "--first", "2", "--seed", "3"]) == 0
    [(_kind, game, setup, seed)] = started
    assert (game, setup.first, seed) == ("testgame", 1, 3)


@pytest.mark.parametrize("names, said", [("Ann,ann", "different name"), ("Ann,,Bob", "needs a name")])
def test_play_refuses_names_that_repeat_or_are_empty(capsys, names, said):
    assert main(["play", "testgame", "--players", names]) == 2
    assert said in capsys.readouterr().err


# -- help -----------------------------------------------------------------------------


def test_help_shows_every_commands_synopsis(capsys):
    assert exit_code(["--help"]) == 0
    out = capsys.readouterr().out
    for synopsis in (
        "tabletop play [-h] [--players NAMES] [--first N] [--seed N]",
        "tabletop resume [-h] [SAVE]",
        "tabletop selftest [-h] [--seed N] [--steps K]",
        "tabletop validate [-h] [--game GAME] [PATH ...]",
        "tabletop inspect [-h] SAVE",
        "tabletop screenshot [-h] --out FILE.png",
    ):
        assert "\n  " + synopsis in out, synopsis
    assert exit_code(["validate", "--help"]) == 0
    assert "--game" in capsys.readouterr().out


# -- selftest -------------------------------------------------------------------------


def test_selftest_lines_go_through_the_translation_layer(translated, monkeypatch, capsys):
    from tabletop import cli

    def fake(rules, seed, steps, tmp):
        if rules.id == "catan":
            raise RuntimeError("boom")
        return rules.id

    monkeypatch.setattr(cli, "selftest_game", fake)
    translated(
        {"ok": "goed", "FAIL": "FOUT", "{passed} passed, {failed} failed": "{passed} geslaagd, {failed} mislukt"}
    )
    monkeypatch.setenv("LANGUAGE", "nl")  # the command line speaks the system's language
    assert main(["selftest"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "goed eden" in lines and "FOUT catan: RuntimeError: boom" in lines
    assert lines[-1] == f"{len(registry.ids()) - 1} geslaagd, 1 mislukt"


def test_play_names_a_bad_option_value_in_words(capsys):
    spec = registry.get("eden").option_specs()[0]
    assert main(["play", "eden", "--option", f"{spec.key}=maybe"]) == 2
    allowed = ", ".join(str(v) for v, _label in spec.choices)
    assert f"Option {spec.key} cannot be maybe; it is one of {allowed}." in capsys.readouterr().err


def test_play_without_names_numbers_the_players_in_the_language(translated, monkeypatch):
    import tabletop.ui.app

    started = []
    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: started.append(start) or 0)
    translated({"P{number}": "S{number}"})
    monkeypatch.setenv("LANGUAGE", "nl")  # the command line speaks the system's language
    assert main(["play", "testgame"]) == 0
    [(_kind, _game, setup, _seed)] = started
    assert [p.name for p in setup.players] == ["S1", "S2", "S3"]


# -- what players may name, and a machine without a display -----------------------------------


def test_the_test_game_is_not_offered_to_players(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    listed = capsys.readouterr().out
    assert "eden" in listed and "catan" in listed and "testgame" not in listed
    assert main(["play", "chess"]) == 2
    said = capsys.readouterr().err
    assert "No game called chess" in said and "eden" in said and "testgame" not in said


@pytest.mark.parametrize("display", [None, ":99"])
def test_without_a_display_the_program_says_so_and_ends(tmp_path, display):
    """No X11 or Wayland display (an unset DISPLAY, or one nobody serves): SDL would
    open an invisible window and the program would wait for ever; it says why it
    cannot open a window and ends with 1 instead, from the launcher and from play."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["TABLETOP_HOME"] = str(tmp_path)
    if display is not None:
        env["DISPLAY"] = display
    for command in ([], ["play", "eden", "--players", "Ann,Bob,Cas"]):
        done = subprocess.run(
            [sys.executable, "-m", "tabletop", *command], env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 1
        assert "There is no display to open a window on" in done.stderr and "Traceback" not in done.stderr
