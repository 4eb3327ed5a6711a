"""Data layer: YAML faults and schema faults are reported as `file:line: field: message`.

tests/data_faults/ is laid out as a data folder of broken files; every fixture
names the problems it must produce in `# expect: LINE: FIELD: MESSAGE` comments
(the message is matched as a substring). The models here are test-only, so the
fixtures do not depend on any game's data, except those in data_faults/games/:
GAME/CASE/FILE.yaml is an edited copy of the game's data file FILE.yaml, checked
in its place with the game's other, bundled files (`tabletop validate --game GAME`).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field, NonNegativeInt, ValidationInfo, field_validator

from tabletop import resources, validation
from tabletop.cli import main
from tabletop.engine.data import (
    DataError,
    DataModel,
    DataSet,
    LoadedData,
    Problem,
    SpritePath,
    load_dataset,
    load_model,
    unique_by,
)
from tabletop.engine.yaml_reading import load_yaml
from tabletop.games import registry
from tabletop.validation import validate

FAULTS = Path(__file__).parent / "data_faults"


class Unit(DataModel):
    id: str
    name: str
    kind: Literal["infantry", "cavalry", "artillery"]
    sprite: SpritePath
    cost: int = Field(ge=0, le=20)
    count: NonNegativeInt = 1


class Army(DataModel):
    name: str
    banner: SpritePath
    units: Annotated[list[Unit], Field(min_length=1, max_length=4), unique_by("id")]


class Faction(DataModel):
    id: str
    name: str


class Factions(DataModel):
    factions: list[Faction]


class Card(DataModel):
    name: str
    faction: str
    cost: int = 0


class Cards(DataModel):
    cards: list[Card]


def _check_factions(loaded: LoadedData) -> list[Problem]:
    known = {f.id for f in loaded["crossref/factions.yaml"].factions}
    return [
        loaded.problem("crossref/cards.yaml", ("cards", i, "faction"), f"no faction named {card.faction!r}")
        for i, card in enumerate(loaded["crossref/cards.yaml"].cards)
        if card.faction not in known
    ]


ARMIES = DataSet("armies", {"*.yaml": Army})
CROSSREF = DataSet("crossref", {"crossref/factions.yaml": Factions, "crossref/cards.yaml": Cards}, _check_factions)


@pytest.fixture(autouse=True)
def sprites(tmp_path, monkeypatch):
    """A sprites folder with a few pictures, and a link from it to a folder outside;
    the games' launcher pictures too, so that their data stays valid."""
    folder = tmp_path / "sprites"
    shutil.copytree(resources.SPRITES / "launcher", folder / "launcher")
    (folder / "units").mkdir(parents=True)
    for name in ("flag.png", "archer.png", "units/archer.png"):
        (folder / name).write_bytes(b"png")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(b"png")
    try:
        (folder / "elsewhere").symlink_to(outside, target_is_directory=True)
    except OSError:
        pass  # no symlinks on this system: the symlink fixture is skipped
    monkeypatch.setattr(resources, "SPRITES", folder)
    return folder


@pytest.fixture
def fault_data(monkeypatch):
    """tests/data_faults as the data folder, with the test data sets as the only ones."""
    monkeypatch.setattr(resources, "DATA", FAULTS)
    monkeypatch.setattr(validation, "_datasets", lambda: ({"armies": ARMIES, "crossref": CROSSREF}, []))


def _expected(path: Path) -> list[tuple[int, str, str]]:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return [(int(m[1]), m[2], m[3]) for m in re.finditer(r"^# expect: (\d+): (.*?): (.*)$", text, re.MULTILINE)]


GAME_FAULTS = FAULTS / "games"
FIXTURES = sorted(p for p in FAULTS.rglob("*.yaml") if _expected(p) and not p.is_relative_to(GAME_FAULTS))
GAME_FIXTURES = sorted(p for p in GAME_FAULTS.rglob("*.yaml"))


def _matches(problems: list[Problem], expected: list[tuple[int, str, str]], file: str) -> None:
    assert len(problems) == len(expected), "\n".join(map(str, problems))
    for line, field, message in expected:
        assert any(p.file == file and p.line == line and p.field == field and message in p.message for p in problems), (
            f"no problem {file}:{line}: {field}: ...{message}... among\n" + "\n".join(map(str, problems))
        )


def test_there_are_enough_kinds_of_fault():
    assert len(FIXTURES) >= 30


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.relative_to(FAULTS).as_posix())
def test_fault_fixture_reports_file_line_and_field(path, fault_data, sprites):
    if path.name == "sprite_symlink.yaml" and not (sprites / "elsewhere").is_symlink():
        pytest.skip("no symlinks on this system")
    problems = validate([path])
    _matches(problems, _expected(path), str(path))


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.parent == FAULTS], ids=lambda p: p.name)
def test_fault_fixture_raises_only_data_error(path):
    with pytest.raises(DataError) as caught:
        load_model(path, Army)
    assert caught.value.problems
    assert all(p.file == str(path) for p in caught.value.problems)


def test_validate_command_prints_every_problem_of_a_folder(fault_data, capsys):
    assert main(["validate", *(str(p) for p in sorted(FAULTS.iterdir()) if p != GAME_FAULTS)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    printed = captured.out.splitlines()
    expected = [(p, e) for p in FIXTURES for e in _expected(p)]
    assert len(printed) == len(expected)
    for path, (line, field, message) in expected:
        where = f"{path}:{line}: {field}: " if field else f"{path}:{line}: "
        assert any(out.startswith(where) and message in out for out in printed), where


def test_every_games_launcher_picture_is_named_in_its_data():
    """GAME/game.yaml names the launcher picture, so `tabletop validate` checks it."""
    from tabletop.engine.gamedata import GameFile

    for rules in registry.games():
        files = [name for name, model in rules.dataset.files.items() if model is GameFile]
        assert files == [f"{rules.id}/game.yaml"], rules.id
        assert rules.picture == load_model(resources.DATA / files[0], GameFile).picture
        assert rules.picture == f"launcher/{rules.id}.png"


def test_there_is_a_game_fault_for_every_check_of_a_whole_model_or_data_set():
    assert len(GAME_FIXTURES) >= 19
    assert sum(len(_expected(p)) for p in GAME_FIXTURES) >= 50


@pytest.mark.parametrize("path", GAME_FIXTURES, ids=lambda p: p.relative_to(GAME_FAULTS).as_posix())
def test_game_fault_fixture_reports_file_line_and_field(path):
    """A check of a whole file, a model or the data set names the field at fault
    and the line it is written on, never just the top of the file."""
    expected = _expected(path)
    assert expected and all(field for _line, field, _message in expected)
    _matches(validate([path], game=path.relative_to(GAME_FAULTS).parts[0]), expected, str(path))


def test_the_games_own_messages_follow_the_language(translated):
    """The games' checks say what is wrong through the translation layer, as the
    engine's templates do."""
    translated(
        {
            "no number token may show 7": "geen fiche mag 7 tonen",
            "option {key} is missing": "optie {key} ontbreekt",
            "the narrow end is wider than the wide end": "het smalle eind is breder dan het brede",
        }
    )
    said = {
        game: [p.message for p in validate([GAME_FAULTS / game / case], game=game)]
        for game, case in (
            ("catan", "island/board.yaml"),
            ("eden", "options/players.yaml"),
            ("skirmish", "table/table.yaml"),
        )
    }
    assert "geen fiche mag 7 tonen" in said["catan"]
    assert "optie 'two_players' ontbreekt" in said["eden"]
    assert "het smalle eind is breder dan het brede" in said["skirmish"]


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


GOOD_ARMY = """\
name: Red army
banner: flag.png
units:
  - {id: archer, name: Archer, kind: infantry, sprite: units/archer.png, cost: 3}
  - id: knight
    name: Knight
    kind: cavalry
    sprite: archer.png
    cost: 7
    count: 2
"""


def test_a_good_file_loads(tmp_path):
    army = load_model(_write(tmp_path, "army.yaml", GOOD_ARMY), Army)
    assert army.name == "Red army"
    assert [u.id for u in army.units] == ["archer", "knight"]
    assert army.units[0].count == 1 and army.units[1].count == 2
    assert army.units[0].sprite == "units/archer.png"


def test_merge_keys_share_values_and_may_override(tmp_path):
    path = _write(
        tmp_path,
        "army.yaml",
        "name: Red army\nbanner: flag.png\nbase: &base {kind: infantry, sprite: archer.png, cost: 3}\n",
    )
    assert load_yaml(path)["base"]["cost"] == 3
    path = _write(
        tmp_path,
        "merged.yaml",
        "units:\n  - &archer {id: archer, name: Archer, kind: infantry, sprite: archer.png, cost: 3}\n"
        "  - <<: *archer\n    id: knight\n    cost: 9\n    cost2: 1\n",
    )
    with pytest.raises(DataError) as caught:
        load_model(path, Army)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:1: name: missing field",
        f"{path}:1: banner: missing field",
        f"{path}:6: units.1.cost2: unknown key (expected one of: id, name, kind, sprite, cost, count)",
    ]


def test_dates_and_numbers_in_quotes_stay_text(tmp_path):
    path = _write(tmp_path, "a.yaml", "when: 2001-12-14\nbad: 2001-13-45\ncount: 3\ntext: '3'\n")
    assert load_yaml(path) == {"when": "2001-12-14", "bad": "2001-13-45", "count": 3, "text": "3"}


def test_context_reaches_validators(tmp_path):
    class Board(BaseModel):
        size: int

        @field_validator("size")
        @classmethod
        def fits(cls, value: int, info: ValidationInfo) -> int:
            if value > info.context["largest"]:
                raise ValueError(f"at most {info.context['largest']}")
            return value

    path = _write(tmp_path, "board.yaml", "# a board\nsize: 9\n")
    assert load_model(path, Board, context={"largest": 9}).size == 9
    with pytest.raises(DataError) as caught:
        load_model(path, Board, context={"largest": 7})
    assert [str(p) for p in caught.value.problems] == [f"{path}:2: size: at most 7"]


def test_sprite_path_must_stay_inside_sprites(sprites):
    class Picture(BaseModel):
        file: SpritePath

    assert Picture(file="units/archer.png").file == "units/archer.png"
    for bad, message in [
        ("", "empty"),
        ("../outside/secret.png", "'..'"),
        ("units/../archer.png", "'..'"),
        (str(sprites / "flag.png"), "relative to sprites/"),
        ("C:/flag.png", "relative to sprites/"),
        ("units", "no sprite file"),
        ("Flag.png", "sprite file"),
    ]:
        with pytest.raises(ValueError, match=re.escape(message)):
            Picture(file=bad)


def test_unique_by_reports_every_repeat():
    class Deck(BaseModel):
        cards: Annotated[list[Card], unique_by("name")]

    cards = [{"name": n, "faction": "elves"} for n in ("a", "b", "a", "b", "a")]
    with pytest.raises(ValueError) as caught:
        Deck(cards=cards)
    assert [e["loc"] for e in caught.value.errors()] == [
        ("cards", 2, "name"),
        ("cards", 3, "name"),
        ("cards", 4, "name"),
    ]


def test_dataset_loads_files_matching_a_pattern(tmp_path):
    root = tmp_path / "data"
    _write(root, "red/armies/one.yaml", GOOD_ARMY)
    _write(root, "red/armies/two.yaml", GOOD_ARMY.replace("Red army", "Second army"))
    _write(root, "red/factions.yaml", "factions:\n  - {id: elves, name: Elves}\n")
    dataset = DataSet("red", {"red/armies/*.yaml": Army, "red/factions.yaml": Factions})
    loaded = load_dataset(dataset, root)
    assert loaded["red/factions.yaml"].factions[0].id == "elves"
    assert sorted(a.name for a in loaded.matching("red/armies/*.yaml").values()) == ["Red army", "Second army"]
    problem = loaded.problem("red/armies/one.yaml", ("units", 1, "cost"), "too dear")
    assert (problem.line, problem.field, problem.message) == (9, "units.1.cost", "too dear")
    assert problem.file.endswith("one.yaml")


def test_dataset_reports_every_bad_file_and_missing_files(tmp_path):
    root = tmp_path / "data"
    one = _write(root, "red/armies/one.yaml", GOOD_ARMY.replace("cost: 7", "cost: -7"))
    two = _write(root, "red/armies/two.yaml", GOOD_ARMY.replace("name: Red army", "name: Red army\nname: again"))
    dataset = DataSet(
        "red",
        {"red/armies/*.yaml": Army, "red/factions.yaml": Factions, "red/cards/*.yaml": Cards},
        check=lambda loaded: pytest.fail("the check needs every file loaded"),
    )
    with pytest.raises(DataError) as caught:
        load_dataset(dataset, root)
    assert [str(p) for p in caught.value.problems] == [
        f"{one}:9: units.1.cost: should be greater than or equal to 0",
        f"{two}:2: name: duplicate key (first at line 1)",
        f"{root / 'red/factions.yaml'}:1: The file cannot be read (No such file or directory).",
        f"{root / 'red/cards/*.yaml'}:1: no data file matches red/cards/*.yaml",
    ]


def test_validate_without_paths_checks_every_data_set(tmp_path, monkeypatch):
    root = tmp_path / "data"
    _write(root, "crossref/factions.yaml", "factions:\n  - {id: elves, name: Elves}\n")
    cards = _write(root, "crossref/cards.yaml", "cards:\n  - {name: Archer, faction: orcs}\n")
    _write(root, "stray/notes.yaml", "anything: at all\n")
    monkeypatch.setattr(resources, "DATA", root)
    monkeypatch.setattr(validation, "_datasets", lambda: ({"crossref": CROSSREF}, []))
    assert [str(p) for p in validate()] == [f"{cards}:2: cards.0.faction: no faction named 'orcs'"]


def test_validate_explains_files_it_cannot_check(tmp_path, fault_data, monkeypatch):
    outside = _write(tmp_path, "elsewhere.yaml", "a: 1\n")
    stray = FAULTS / "crossref" / "factions.yaml"
    missing = tmp_path / "nothing.yaml"
    problems = validate([outside, missing])
    assert [(p.file, p.line) for p in problems] == [(str(missing), 1), (str(outside), 1)]
    assert "no such file" in problems[0].message
    assert "outside the data folder" in problems[1].message
    # good data in a data set, checked with the data set's other files: their problems show
    [problem] = validate([stray])
    assert problem.file.endswith("crossref/cards.yaml") and problem.line == 7

    monkeypatch.setattr(validation, "_datasets", lambda: ({"armies": ARMIES}, []))
    problems = validate([stray])
    assert [str(p) for p in problems] == [
        f"{stray}:1: no registered game's data set names this file, so there is no model to check it against"
    ]


def test_validate_prints_paths_as_given(fault_data, monkeypatch):
    monkeypatch.chdir(FAULTS.parent)
    problems = validate([Path("data_faults/crossref")])
    assert [str(p) for p in problems] == [
        f"{Path('data_faults/crossref/cards.yaml')}:7: cards.1.faction: no faction named 'orcs'"
    ]


def _models(kind: object, seen: set[type]) -> None:
    """Every pydantic model reachable from a type through its fields."""
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        if kind in seen:
            return
        seen.add(kind)
        for info in kind.model_fields.values():
            _models(info.annotation, seen)
    for arg in getattr(kind, "__args__", ()):
        _models(arg, seen)


def test_bundled_data_models_refuse_unknown_keys():
    models: set[type] = set()
    for rules in registry.games():
        dataset = getattr(rules, "dataset", None)
        if dataset is not None:
            for model in dataset.files.values():
                _models(model, models)
    lax = sorted(m.__qualname__ for m in models if m.model_config.get("extra") != "forbid")
    assert lax == []


def test_games_share_the_engines_colour_and_option_models():
    """Every game's player colours and options are the engine's models (one
    definition, one set of checks), and every model is a DataModel."""
    from tabletop.engine import gamedata

    models: set[type] = set()
    for rules in registry.games():
        if rules.dataset is not None:
            for model in rules.dataset.files.values():
                _models(model, models)
    named = {m.__name__: m for m in models if m.__name__ in ("Colour", "OptionChoice", "OptionData")}
    assert named == {
        "Colour": gamedata.Colour,
        "OptionChoice": gamedata.OptionChoice,
        "OptionData": gamedata.OptionData,
    }
    assert all(issubclass(m, DataModel) for m in models)


# -- validate in corner cases -----------------------------------------------------------


def test_validate_says_when_a_folder_holds_no_data(tmp_path, capsys):
    empty = tmp_path / "emptydir"
    empty.mkdir()
    assert main(["validate", str(empty)]) == 1
    captured = capsys.readouterr()
    assert f"{empty}:1: no data files (*.yaml) in this folder" in captured.out
    assert "All data is valid" not in captured.out


def _edited_copy(folder: Path, name: str, old: str, new: str) -> Path:
    text = (resources.DATA / name).read_text(encoding="utf-8")
    assert old in text
    return _write(folder, name, text.replace(old, new, 1))


def test_validate_checks_an_edited_copy_by_its_game_folder(tmp_path, capsys):
    copy = _edited_copy(tmp_path / "copy", "catan/rules.yaml", "points_to_win: 10", "points_to_win: lots")
    assert main(["validate", str(copy)]) == 1
    out = capsys.readouterr().out
    line = copy.read_text().splitlines().index("points_to_win: lots") + 1
    assert out.startswith(f"{copy}:{line}: points_to_win: should be a whole number")
    good = _edited_copy(tmp_path / "good", "catan/rules.yaml", "points_to_win: 10", "points_to_win: 12")
    assert main(["validate", str(good)]) == 0


def test_validate_checks_a_copy_as_a_file_of_the_game_named(tmp_path, capsys):
    text = (resources.DATA / "eden/economy.yaml").read_text(encoding="utf-8")
    copy = _write(tmp_path, "house rules/economy.yaml", text.replace("start_mana: 100", "start_mana: -1"))
    assert main(["validate", "--game", "eden", str(copy)]) == 1
    out = capsys.readouterr().out
    assert f"{copy}:2: start_mana: " in out
    assert "no model" not in out
    assert main(["validate", "--game", "chess", str(copy)]) == 2
    assert main(["validate", str(copy)]) == 1  # without --game the folder name says nothing
    assert "--game names the game" in capsys.readouterr().out


def test_validate_goes_on_when_a_games_rules_stop_at_a_data_fault(tmp_path, monkeypatch, capsys):
    """A game whose rules load their data on import and stop at a fault: its
    problem is reported as file:line, and the other games are still checked."""
    root = tmp_path / "data"
    shutil.copytree(resources.DATA, root)
    economy = root / "eden" / "economy.yaml"
    economy.write_text(
        economy.read_text(encoding="utf-8").replace("start_mana: 100", "start_mana: lots"), encoding="utf-8"
    )
    monkeypatch.setattr(resources, "DATA", root)
    real_get = registry.get

    def catan_broken(game_id):
        if game_id == "catan":
            raise DataError(
                [Problem("data/catan/rules.yaml", 9, "bank_per_resource", "should be greater than or equal to 1")]
            )
        return real_get(game_id)

    monkeypatch.setattr(registry, "get", catan_broken)
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert "data/catan/rules.yaml:9: bank_per_resource: should be greater than or equal to 1" in out
    assert f"{economy}:2: start_mana: should be a whole number" in out.replace(str(Path.cwd()) + "/", "")


def test_data_messages_follow_the_language(tmp_path, translated):
    army = _write(tmp_path, "army.yaml", GOOD_ARMY.replace("cost: 7", "cost: -7").replace("name: Red army\n", ""))
    translated(
        {"should be greater than or equal to {ge}": "moet minstens {ge} zijn", "missing field": "veld ontbreekt"}
    )
    with pytest.raises(DataError) as caught:
        load_model(army, Army)
    assert [p.message for p in caught.value.problems] == ["veld ontbreekt", "moet minstens 0 zijn"]


@pytest.mark.parametrize(
    "kind, value, said",
    [
        (int, "3 gold", "should be a whole number (a valid integer), not '3 gold'"),
        (str, [1], "should be text, not a list"),
        (bool, "maybe", "should be true or false, not 'maybe'"),
        (float, "x", "should be a number, not 'x'"),
        (Literal["a", "b"], "c", "should be 'a' or 'b', not 'c'"),
        (Annotated[int, Field(gt=2)], 1, "should be greater than 2"),
        (Annotated[int, Field(lt=2)], 3, "should be less than 2"),
        (Annotated[int, Field(multiple_of=5)], 3, "should be a multiple of 5"),
        (Annotated[list[int], Field(max_length=1)], [1, 2], "should have at most 1 item, not 2"),
        (Annotated[str, Field(min_length=2)], "x", "should have at least 2 characters"),
        (Annotated[str, Field(pattern="^[a-z]+$")], "X1", "should match the pattern ^[a-z]+$"),
        (list[int], 5, "expected a list"),
    ],
)
def test_pydantic_errors_get_our_own_words(tmp_path, kind, value, said):
    import json

    class One(DataModel):
        value: kind  # type: ignore[valid-type]

    path = _write(tmp_path, "one.yaml", "value: " + json.dumps(value) + "\n")
    with pytest.raises(DataError) as caught:
        load_model(path, One)
    assert [p.message for p in caught.value.problems] == [said]
