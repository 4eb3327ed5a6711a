"""`tabletop validate` checks a folder as a whole and a file within its game's folder
(issue 16, point 4): every problem of the combination is reported, in whichever file
it shows."""

from __future__ import annotations

from pathlib import Path

from tabletop import resources
from tabletop.cli import main
from tabletop.validation import validate


def _copy(folder: Path, name: str, old: str = "", new: str = "") -> Path:
    text = (resources.DATA / name).read_text(encoding="utf-8")
    assert old in text
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_an_eden_board_too_small_for_the_cards_is_refused_as_a_file(tmp_path: Path) -> None:
    board = _copy(tmp_path, "eden/board.yaml", "columns: [A, B, C, D, E, F, G]", "columns: [A, B]")
    board.write_text(board.read_text(encoding="utf-8").replace("rows: 7", "rows: 2"), encoding="utf-8")
    problems = validate([board])
    assert problems, "a 2 x 2 board validated"
    assert any("does not fit the board" in p.message for p in problems)
    assert any(p.file.endswith("eden/cultivation.yaml") for p in problems)


def test_an_eden_folder_is_validated_as_a_whole(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "mine"
    for name in ("game", "board", "tiles", "cultivation", "economy", "players"):
        _copy(folder, f"eden/{name}.yaml")
    assert main(["validate", str(folder)]) == 0
    board = folder / "eden/board.yaml"
    text = board.read_text(encoding="utf-8").replace("[A, B, C, D, E, F, G]", "[A, B]").replace("rows: 7", "rows: 2")
    board.write_text(text, encoding="utf-8")
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    # the problem shows in the folder's own cultivation.yaml, checked against its board
    assert f"{folder / 'eden/cultivation.yaml'}:" in out
    assert "the shape does not fit the board" in out


def test_a_skirmish_table_with_bases_no_warrior_stands_on_is_refused(tmp_path: Path) -> None:
    table = _copy(tmp_path, "skirmish/table.yaml", "bases: [30, 40]", "bases: [0.001]")
    assert [(p.file, p.field) for p in validate([table])] == [(str(table), "bases.0")]  # below the limit
    table.write_text(table.read_text(encoding="utf-8").replace("bases: [0.001]", "bases: [12]"), encoding="utf-8")
    problems = validate([table])
    assert problems, "bases: [12] validated"
    assert any(p.file.endswith("skirmish/warriors.yaml") and "base" in p.message for p in problems)


def test_the_files_of_a_folder_are_checked_against_each_other(tmp_path: Path) -> None:
    """A folder's warrior on a 25 mm base agrees with its table offering 25 mm, though
    the bundled table does not; the bundled scenario that places him on his old base
    is reported too, as part of the combination."""
    table = _copy(tmp_path, "skirmish/table.yaml", "bases: [30, 40]", "bases: [25, 30, 40]")
    warriors = _copy(tmp_path, "skirmish/warriors.yaml")
    text = warriors.read_text(encoding="utf-8")
    assert "base: 30" in text
    warriors.write_text(text.replace("base: 30", "base: 25", 1), encoding="utf-8")
    problems = validate([tmp_path])
    assert not [p for p in problems if p.file.startswith(str(tmp_path))]
    assert [p.file for p in problems] and all(p.file.endswith("skirmish/scenarios/demo.yaml") for p in problems)
    alone = validate([warriors])  # against the bundled table
    assert any(p.file == str(warriors) and "base" in p.message for p in alone)
    assert validate([table]) == []
