"""Unit files: saved by name in the player's units folder, listed, reused, shared as
files; a broken or illegal file is refused with file:line and the reason. A game's
set-up holds each unit in full, so a unit file edited or deleted changes no game."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tabletop.engine.core import Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.data import DataError, load_dataset
from tabletop.engine.match import Match
from tabletop.engine.saves import decode_match, encode_match
from tabletop.games.skirmish import schema, unit_files
from tabletop.games.skirmish.play import units
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.units import Member, Unit
from tabletop.games.skirmish.unit_files import bundled_unit

PLAYERS = (PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue"))

GOOD = """\
name: Chaos crew
kind: stigma
symbol: chaos
limit: 100
warriors:
  - {card: yuri, name: Yuri}
  - {card: dzala, name: Dzala, leader: true}
  - {card: voss, name: Voss}
  - {card: kira, name: Kira}
"""


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The player's data folder, empty at first."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    return tmp_path / "data" / "units"


def problems(path: Path) -> list[tuple[int, str, str]]:
    with pytest.raises(DataError) as err:
        unit_files.load(path)
    return [(p.line, p.field, p.message) for p in err.value.problems]


def test_a_unit_is_saved_by_its_name_listed_reused_and_deleted(folder):
    built = Unit.from_data(yaml.safe_load(GOOD))
    path = unit_files.save(built)
    assert path == folder / "chaos-crew.yaml"
    assert [(s.path.name, s.unit) for s in unit_files.saved()] == [("chaos-crew.yaml", built)]
    assert unit_files.load(path) == built
    # saved again under a new name: the file moves
    renamed = unit_files.save(Unit("Chaos band", built.kind, built.symbol, built.limit, built.warriors), path)
    assert [s.path.name for s in unit_files.saved()] == ["chaos-band.yaml"]
    # another unit may not take a saved unit's name
    with pytest.raises(ValueError, match="A unit called Chaos band is saved already"):
        unit_files.save(Unit("Chaos band", "faction", "jokergang").added("yuri", "Yuri"))
    unit_files.delete(renamed)
    assert unit_files.saved() == []


def test_an_illegal_unit_is_not_saved(folder):
    over = bundled_unit("unit-a").added("mira", "Mira")
    with pytest.raises(ValueError, match="106 points: over the limit of 100 by 6."):
        unit_files.save(over)
    assert not folder.exists()


def test_a_shared_file_is_imported_and_a_broken_one_refused_with_its_line(folder, tmp_path):
    shared = tmp_path / "from a friend [v2].yaml"
    shared.write_text(GOOD, encoding="utf-8")
    imported = unit_files.import_file(shared)
    assert imported == folder / "chaos-crew.yaml" and unit_files.load(imported).name == "Chaos crew"
    broken = tmp_path / "broken.yaml"
    broken.write_text(GOOD.replace("limit: 100", "limit: lots"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        unit_files.import_file(broken)
    assert str(err.value).startswith(f"{broken}:4: limit: ")


@pytest.mark.parametrize(
    "old, new, line, field, message",
    [
        ("{card: voss,", "{card: vosss,", 8, "warriors.2.card", "There is no warrior card vosss."),
        ("{card: voss,", "{card: mutant,", 8, "warriors.2.card", "mutant is a non-player warrior: it joins no unit."),
        (
            "{card: voss,",
            "{card: tony,",
            8,
            "warriors.2.card",
            "Voss's stigma is Order, not Chaos: a stigma unit holds",
        ),
        ("name: Voss}", "name: yuri}", 8, "warriors.2.name", "Two warriors are called yuri"),
        ("name: Kira}", "name: Kira, leader: true}", 9, "warriors.3.leader", "Kira cannot lead too"),
        ("symbol: chaos", "symbol: greed", 3, "symbol", "There is no stigma greed"),
        ("kind: stigma", "kind: clan", 2, "kind", ""),
        ("limit: 100", "limit: 50", 4, "limit", "A unit is built to 100, 150, or 200 points, not 50."),
        (
            "  - {card: yuri, name: Yuri}\n",
            "  - {card: yuri, name: Yuri, rank: 1}\n",
            6,
            "warriors.0.rank",
            "unknown key",
        ),
    ],
)
def test_a_broken_or_illegal_unit_file_names_its_line_and_the_reason(folder, old, new, line, field, message):
    folder.mkdir(parents=True)
    path = folder / "crew.yaml"
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    found = problems(path)
    assert any(at == line and where == field and message in text for at, where, text in found), found
    listed = unit_files.saved()
    assert [(s.path, s.unit) for s in listed] == [(path, None)] and listed[0].problems


def test_a_bundled_unit_is_checked_with_the_games_data(tmp_path):
    """The bundled units are data: an illegal one stops the data with file:line."""
    import shutil

    from tabletop import resources

    root = tmp_path / "data"
    shutil.copytree(resources.DATA / "skirmish", root / "skirmish")
    path = root / "skirmish" / "units" / "unit-a.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{card: yuri,", "{card: dzala,"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root=root)
    assert [(p.line, p.field) for p in err.value.problems] == [(7, "warriors.0.card")]
    assert "a faction unit holds only warriors of its faction" in err.value.problems[0].message


# -- the set-up holds the unit in full -------------------------------------------------------------


def setup(**options) -> Setup:
    return Setup(PLAYERS, {**RULES.default_options(), "start": "empty", **options}, 0)


def test_a_game_plays_the_unit_its_set_up_holds_even_when_the_file_is_gone(folder, tmp_path):
    """Ann's unit names its warriors; the file is deleted after the game starts,
    and the game's save still opens and replays."""
    crew = Unit("Crew", "faction", "jokergang", 100, (Member("yuri", "Red Yuri", True), Member("mira", "Mira")))
    path = unit_files.save(crew)
    chosen = setup(
        unit_1=unit_files.load(path).to_setup(), unit_2=bundled_unit("unit-b").to_setup(), preparation="free"
    )
    match = Match(RULES, chosen, 1)
    unit_files.delete(path)
    match.act(Action("add_model", base=30.0, at=(100.0, 100.0)))
    assert [m["name"] for m in match.state.models.values()] == ["Red Yuri"]
    again = decode_match(tmp_path / "save.json", encode_match(match))
    assert RULES.encode(again.state) == RULES.encode(match.state)
    assert again.state.units[0] == crew.to_setup()


def test_a_stigma_units_pool_is_halved_when_play_begins():
    """The Chaos unit of A26 begins play with 7 SP whatever is placed (L332-334)."""
    chaos = Unit(
        "Chaos",
        "stigma",
        "chaos",
        100,
        tuple(Member(c, c.title(), c == "yuri") for c in ("yuri", "dzala", "voss", "kira")),
    )
    match = Match(RULES, setup(unit_1=chaos.to_setup(), unit_2=bundled_unit("unit-b").to_setup()), 1)
    assert match.state.sp == [7, 10]  # counted as the book's preparation begins
    free = Match(RULES, setup(unit_1=chaos.to_setup(), unit_2=bundled_unit("unit-b").to_setup(), preparation="free"), 1)
    free.act(Action("add_model", base=30.0, at=(100.0, 100.0)))
    free.act(Action("end_turn"))
    free.act(Action("add_model", base=30.0, at=(100.0, 500.0)))
    free.act(Action("ready"))
    free.act(Action("ready"))
    assert free.state.sp == [7, 10]


def test_the_set_up_refuses_an_illegal_unit_or_one_over_the_games_points():
    over = bundled_unit("unit-a").added("mira", "Mira")
    with pytest.raises(IllegalAction, match="Unit A: Jokergang: 106 points: over the limit of 100 by 6."):
        RULES.check_setup(setup(unit_1=over.to_setup()))
    big = Unit(over.name, over.kind, over.symbol, 150, over.warriors)
    RULES.check_setup(setup(unit_1=big.to_setup(), points=150))
    with pytest.raises(IllegalAction, match="Unit A: Jokergang has 106 points; this game allows 100."):
        RULES.check_setup(setup(unit_1=big.to_setup()))
    with pytest.raises(IllegalAction, match="not one the game can read"):
        RULES.check_setup(setup(unit_2="unit_a"))
    assert units.within(big, starter_set(), 150) is None
