"""Unit files: a unit saved as YAML by its name, played again and shared as a file
(the format: unit_schema.py).

The bundled units are data/skirmish/units/*.yaml (part of the game's data); the
player's own are in the units folder of the player's data folder
(`resources.user_data_dir()/units`), one file per unit. A file is read strictly,
like the game's data: a broken file, a card that does not exist or an illegal unit
(play/units.py) is refused with file:line and the reason.
"""

from __future__ import annotations

import glob
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import yaml

from tabletop import resources
from tabletop.engine.data import DataError, DataSet, LoadedData, Problem, load_dataset
from tabletop.engine.files import write_text_atomic
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play import units
from tabletop.games.skirmish.play.cards import StarterSet, starter_set
from tabletop.games.skirmish.play.units import Unit
from tabletop.games.skirmish.unit_schema import UnitFile
from tabletop.i18n import _

SUFFIX = ".yaml"


@dataclass(frozen=True)
class Saved:
    """A unit file found in a folder: its unit, or why it cannot be played."""

    path: Path
    unit: Unit | None
    problems: tuple[Problem, ...] = ()
    bundled: bool = False


def user_folder() -> Path:
    """Where the player's units are saved."""
    return resources.user_data_dir() / "units"


def load(path: Path, cards: StarterSet | None = None) -> Unit:
    """The unit of a unit file; DataError lists each problem with file:line: a
    broken file, a card that does not exist, every rule the unit breaks."""
    found = cards or starter_set()

    def check(loaded: LoadedData) -> list[Problem]:
        unit = Unit.from_data(loaded[path.name].model_dump())
        return [loaded.problem(path.name, where, reason.render()) for where, reason in units.faults(unit, found)]

    # the file's name is a pattern of the data set: [ * ? in it stand for themselves
    loaded = load_dataset(DataSet("unit", {glob.escape(path.name): UnitFile}, check), path.parent)
    unit: Unit = Unit.from_data(loaded[path.name].model_dump())
    return unit


def bundled() -> list[Saved]:
    """The bundled units (data/skirmish/units, checked with the game's data), by file name."""
    loaded = schema.bundled()
    return [
        Saved(loaded.root / name, Unit.from_data(model.model_dump()), bundled=True)
        for name, model in sorted(loaded.matching(schema.UNIT_FILES).items())
    ]


def saved() -> list[Saved]:
    """The player's own units, by file name; broken files with their problems."""
    folder = user_folder()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*" + SUFFIX)):
        if not path.is_file():
            continue
        try:
            found.append(Saved(path, load(path)))
        except DataError as err:
            found.append(Saved(path, None, tuple(err.problems)))
    return found


def bundled_unit(stem: str) -> Unit:
    """A bundled unit by its file's name without ".yaml" ("unit-a"); KeyError if none."""
    for name, model in schema.bundled().matching(schema.UNIT_FILES).items():
        if PurePosixPath(name).stem == stem:
            return Unit.from_data(model.model_dump())
    raise KeyError(stem)


def file_name(name: str) -> str:
    """The file a unit of this name is saved in: its name in lower case, each run of
    other characters than letters and digits a dash."""
    stem = re.sub(r"[^\w]+", "-", name.strip().casefold()).strip("-_") or "unit"
    return stem[:60] + SUFFIX


def text(unit: Unit) -> str:
    """The unit file's text."""
    return yaml.safe_dump(unit.to_data(), sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def save(unit: Unit, replacing: Path | None = None) -> Path:
    """Save a legal unit under its name in the player's units folder; `replacing`
    is the file it was opened from (renaming a unit moves it). ValueError says why
    it cannot be saved: a rule it breaks, or another unit saved under that name."""
    fault = next(iter(units.faults(unit, starter_set())), None)
    if fault is not None:
        raise ValueError(fault[1].render())
    folder = user_folder()
    path = folder / file_name(unit.name)
    if path.exists() and (replacing is None or path.resolve() != replacing.resolve()):
        raise ValueError(_("A unit called {name} is saved already; give this one another name.", name=unit.name))
    folder.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text(unit))
    if replacing is not None and replacing.resolve() != path.resolve() and replacing.parent == folder:
        replacing.unlink(missing_ok=True)
    return path


def delete(path: Path) -> None:
    """Delete one of the player's unit files (bundled units stay)."""
    if path.parent.resolve() != user_folder().resolve():
        raise ValueError(_("Only units of your own can be deleted."))
    path.unlink(missing_ok=True)


def import_file(source: Path) -> Path:
    """Copy a shared unit file into the player's units folder, saved under its
    unit's name; DataError when the file is broken or the unit illegal, ValueError
    when a unit of that name is saved already."""
    unit = load(source)
    return save(unit)
