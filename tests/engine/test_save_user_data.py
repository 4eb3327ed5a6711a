"""A save made with the player's own data files names them with a checksum, and
replays only with them (issue 16, point 8 in saves): a file gone, changed or broken
since, or one that now takes part and did not, is said with the file's name by
`inspect`, `resume` and the launcher, instead of a replay with other data. A save
made with the bundled data alone is as before."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tabletop import resources
from tabletop.cli import main
from tabletop.engine.data import forget_loaded
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import (
    VERSION_WITHOUT_USER_DATA,
    Autosaver,
    SaveError,
    latest_autosave,
    list_saves,
    load_match,
    read_save,
    save_match,
)
from tabletop.games import registry

BUNDLED = resources.data_path("testgame", "game.yaml")
#: the player's own copy of the test game's data file (its launcher picture)
MINE = "testgame/game.yaml"


@pytest.fixture
def mine(tmp_path, monkeypatch):
    """The player's data folder (TABLETOP_DATA), read again for each test."""
    folder = tmp_path / "mydata"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    forget_loaded()
    yield folder
    forget_loaded()


def _write_mine(folder, text: str):
    path = folder / MINE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    forget_loaded()  # as when tabletop starts again
    return path


def _played(tmp_path, steps: int = 3):
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules), 1)
    play_random(match, random.Random(1), steps=steps)
    path = tmp_path / "game.json"
    save_match(match, path)
    return match, path


def _refused(path) -> str:
    with pytest.raises(SaveError) as caught:
        load_match(path)
    return caught.value.message.render()


def test_a_save_names_the_players_own_files_with_their_checksum(tmp_path, mine):
    text = BUNDLED.read_text() + "# my copy\n"
    _write_mine(mine, text)
    match, path = _played(tmp_path)
    data = read_save(path)
    assert data["version"] == 3
    assert data["user_data"] == [{"file": MINE, "sha256": hashlib.sha256(text.encode()).hexdigest()}]
    assert load_match(path).hash() == match.hash()


def test_a_save_with_the_bundled_data_alone_is_as_before(tmp_path, mine):
    _match, path = _played(tmp_path)
    data = read_save(path)
    assert data["version"] == VERSION_WITHOUT_USER_DATA and "user_data" not in data
    load_match(path)


@pytest.mark.parametrize(
    "change, said",
    [
        (lambda path: path.write_text(path.read_text() + "# changed\n"), "which has changed since"),
        (lambda path: path.unlink(), "which is no longer there; put it back to continue this save."),
        (lambda path: path.write_text("picture: [\n"), "which now has a fault"),
    ],
    ids=["changed", "gone", "broken"],
)
def test_a_file_changed_gone_or_broken_since_is_named(tmp_path, mine, capsys, change, said):
    file = _write_mine(mine, BUNDLED.read_text() + "# my copy\n")
    _match, path = _played(tmp_path)
    change(file)
    forget_loaded()
    message = _refused(path)
    assert message.startswith(f"The save was played with your own data file {file}, ") and said in message
    assert main(["inspect", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}: The save was played with your own data file {file}")


def test_a_file_that_takes_part_now_and_did_not_then_is_named(tmp_path, mine):
    _match, path = _played(tmp_path)
    file = _write_mine(mine, BUNDLED.read_text() + "# added later\n")
    assert _refused(path) == (
        f"The save was played without your own data file {file}, which now changes the game's data;"
        " move that file away to continue this save."
    )
    file.unlink()
    forget_loaded()
    load_match(path)


def test_the_launcher_says_it_on_the_saves_line_and_does_not_offer_it(mine):
    file = _write_mine(mine, BUNDLED.read_text() + "# my copy\n")
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules), 1)
    saver = Autosaver(match)
    saver.save()
    assert latest_autosave() == saver.path
    file.write_text(BUNDLED.read_text() + "# changed\n")
    forget_loaded()
    [info] = list_saves()
    assert info.error is not None and str(file) in info.error.message.render()
    assert latest_autosave() is None
    with pytest.raises(SaveError, match="has changed since"):
        Autosaver.resume(saver.path)
    assert json.loads(saver.path.read_text())["user_data"][0]["file"] == MINE  # the save is kept as it was
