"""The player's own data folder over the bundled data (issue 16, point 8): a file at
the same path replaces the bundled one, a new file adds to a pattern, a broken
file is reported with file:line and the game keeps its bundled data."""

import os
import shutil

import pytest

from tabletop import resources
from tabletop.cli import main
from tabletop.engine.data import load_bundled, user_data
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play import state

DEMO = resources.data_path("skirmish", "scenarios", "demo.yaml")


@pytest.fixture
def mine(tmp_path, monkeypatch):
    """The player's data folder, given by TABLETOP_DATA."""
    folder = tmp_path / "mydata"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    return folder


def _write(folder, name, text):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_default_folder_is_data_in_the_user_folder(monkeypatch, _user_home):
    monkeypatch.delenv("TABLETOP_DATA", raising=False)
    assert resources.user_data_dir() == _user_home / "data"


def test_an_added_scenario_appears(mine):
    _write(mine, "skirmish/scenarios/ridge.yaml", DEMO.read_text().replace("name: Demo table", "name: Ridge"))
    loaded = load_bundled(schema.DATASET)
    assert loaded["skirmish/scenarios/ridge.yaml"].name == "Ridge"
    assert "demo" in state.scenarios() and state.scenarios()["ridge"].name == "Ridge"
    assert user_data(schema.DATASET).added == ["skirmish/scenarios/ridge.yaml"]


def test_a_replaced_file_is_used(mine):
    _write(mine, "skirmish/scenarios/demo.yaml", DEMO.read_text().replace("name: Demo table", "name: My demo"))
    assert load_bundled(schema.DATASET)["skirmish/scenarios/demo.yaml"].name == "My demo"
    assert user_data(schema.DATASET).replaced == ["skirmish/scenarios/demo.yaml"]


def test_a_broken_file_is_reported_with_its_line_and_the_bundled_data_is_used(mine):
    text = DEMO.read_text().replace("name: Demo table", "name: Ridge")
    line = text.splitlines().index("table: {width: 600, height: 600}") + 1
    path = _write(mine, "skirmish/scenarios/ridge.yaml", text.replace("width: 600", "width: wide"))
    loaded = load_bundled(schema.DATASET)
    assert "skirmish/scenarios/ridge.yaml" not in loaded.models
    assert loaded["skirmish/scenarios/demo.yaml"].name == "Demo table"
    (problem,) = user_data(schema.DATASET).problems
    assert (problem.file, problem.line) == (str(path), line)


def test_files_of_other_games_and_an_empty_folder_change_nothing(mine):
    bundled = load_bundled(schema.DATASET)
    _write(mine, "catan/notes.txt", "not data")
    assert load_bundled(schema.DATASET) is bundled
    assert user_data(schema.DATASET).added == user_data(schema.DATASET).problems == []


@pytest.mark.parametrize("how", ["option", "environment"])
def test_validate_checks_the_folder_given_by_data_or_tabletop_data(how, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "given"
    shutil.copytree(resources.data_path("catan"), folder / "catan")
    path = _write(folder, "catan/board.yaml", "red_numbers: [6, 8\n")
    # set through monkeypatch so that what --data sets is undone after the test
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "other") if how == "option" else str(folder))
    assert main(["--data", str(folder), "validate"] if how == "option" else ["validate"]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{path}:2: ")


def test_a_name_given_by_two_files_is_an_error_naming_both(mine):
    path = _write(mine, "skirmish/scenarios/ridge.yaml", DEMO.read_text())
    assert "skirmish/scenarios/ridge.yaml" not in load_bundled(schema.DATASET).models
    (problem,) = user_data(schema.DATASET).problems
    assert problem.file == str(path) and problem.field == "name"
    assert problem.line == DEMO.read_text().splitlines().index("name: Demo table") + 1
    assert "'Demo table'" in problem.message and "demo.yaml" in problem.message


@pytest.mark.parametrize(
    "make, said",
    [
        (lambda path: path.mkdir(), "This is a folder, not a file."),
        (lambda path: os.mkfifo(path), "This is a named pipe, not a regular file."),
        (lambda path: path.symlink_to("nowhere.yaml"), "This is a link to a file that does not exist."),
        (lambda path: path.symlink_to(path.name), "This is a link that leads back to itself, not to a file."),
    ],
    ids=["folder", "named pipe", "link to nothing", "link to itself"],
)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and links as on Linux and macOS")
def test_an_odd_entry_in_place_of_a_data_file_is_reported_not_passed_over(mine, make, said, within):
    """Found by the fuzz suite: anything but a regular file at a data file's place in
    the player's folder was passed over in silence (the game used the bundled file,
    and the launcher named no fault); it is reported like a broken file."""
    path = mine / "skirmish" / "warriors.yaml"
    path.parent.mkdir(parents=True)
    make(path)
    with within(10):
        loaded = load_bundled(schema.DATASET)
        (problem,) = user_data(schema.DATASET).problems
    assert (problem.file, problem.line, problem.message) == (str(path), 1, said)
    assert loaded["skirmish/warriors.yaml"].warriors  # the bundled warriors are played


def test_a_broken_file_of_the_player_reads_each_bundled_file_once(mine, monkeypatch):
    """The bundled data the game falls back on is not read a second time."""
    from tabletop.engine import data

    _write(mine, "skirmish/scenarios/ridge.yaml", "name: [\n")
    read: list[str] = []
    parse = data.parse_document

    def counted(path, shown=None):
        read.append(str(path))
        return parse(path, shown)

    monkeypatch.setattr(data, "parse_document", counted)
    load_bundled(schema.DATASET)
    assert user_data(schema.DATASET).problems
    assert sorted(read) == sorted(set(read)), "a file was read twice"


def test_the_sprite_check_lists_a_folder_once(monkeypatch):
    """Every launcher picture is in one folder: it is listed once, not once per picture."""
    from tabletop.engine import data
    from tabletop.validation import validate

    data._names_in.cache_clear()
    listed: list[str] = []
    listdir = os.listdir

    def counted(path="."):
        listed.append(str(path))
        return listdir(path)

    monkeypatch.setattr(os, "listdir", counted)
    assert validate() == []
    launcher = str(resources.sprite_path("launcher").resolve())
    assert listed.count(launcher) == 1


def test_data_read_for_another_folder_is_not_kept(tmp_path, monkeypatch):
    """A run that changes the player's folder (and each test, with a folder of its own)
    keeps the data of the folder in use only: the data of the old one is let go."""
    from tabletop.engine import data

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "first"))
    first = load_bundled(schema.DATASET)
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "second"))
    second = load_bundled(schema.DATASET)
    assert second is not first
    kept = list(data._bundled.values())
    assert second in kept and first not in kept
    assert {key[2] for key in data._bundled} == {tmp_path / "second"}
