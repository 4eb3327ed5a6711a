"""The command line, run in-process."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.cli import main
from tabletop.engine import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import save_match
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
    assert data["public"] == match.view(None)
    assert data["private"]["Ann"] == match.view(0)
    assert len(data["legal_actions"]) == len(match.legal_actions())
    assert all(a["text"] for a in data["legal_actions"])


def test_inspect_reports_a_broken_save(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tabletop-save", "vers')
    assert main(["inspect", str(path)]) == 2
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
    assert main(["resume", str(path)]) == 2
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
