"""`tabletop validate`: the data of every registered game checked at once, or some
files checked as the data files they stand for.

It sits above the games (it asks the registry for their data sets), where
tabletop/engine/data.py, which the games' rules are built on, cannot.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tabletop import resources
from tabletop.engine.data import DataError, DataSet, Problem, _load_dataset, _matches, _shown, user_files
from tabletop.engine.files import FileRefused, check_regular
from tabletop.engine.yaml_reading import parse_document
from tabletop.games import registry
from tabletop.i18n import _


def _datasets() -> tuple[dict[str, DataSet], list[Problem]]:
    """Every registered game's data set by game id, and the problems of the games
    whose rules stop at a fault in their data while they load (their data set is
    then unknown, and the other games are still checked)."""
    found: dict[str, DataSet] = {}
    problems: list[Problem] = []
    for game_id in registry.ids(include_hidden=True):
        try:
            rules = registry.get(game_id)
        except DataError as err:
            problems += err.problems
            continue
        dataset = getattr(rules, "dataset", None)
        if dataset is not None and dataset not in found.values():
            found[game_id] = dataset
    return found, problems


def _data_name(path: Path, names: Iterable[str], game: str | None) -> str | None:
    """The name (relative to data/) a file outside the data folder stands for:
    the longest tail of its path that a data set names (".../catan/rules.yaml"
    is "catan/rules.yaml"); with `game`, the tail inside that game's folder."""
    parts = path.resolve().parts
    patterns = list(names)
    for start in range(1, len(parts) - (0 if game else 1)):  # at least the game's folder and the name
        tail = "/".join(parts[start:])
        if game is not None and not tail.startswith(f"{game}/"):
            tail = f"{game}/{tail}"
        if any(_matches(tail, pattern) for pattern in patterns):
            return tail
    return None


def validate(paths: list[Path] | None = None, game: str | None = None) -> list[Problem]:
    """Problems in the data: with no paths, every data set of every registered game
    as the games load it (data/ with the player's own folder over it); else the
    given files (folders: their *.yaml) as a whole. A file outside the data folder
    is checked as the data file its path ends in (".../catan/rules.yaml"), or as a
    file of `game`; the files given stand in for the bundled ones together, with
    the game's other, bundled files, and every problem of that combination is
    reported, in whichever file it shows."""
    data = resources.DATA
    datasets, problems = _datasets()
    if paths is None:
        for dataset in datasets.values():
            problems += _load_dataset(dataset, data, {}, replaced=user_files(dataset, resources.user_data_dir()))[1]
        return problems

    if game is not None:
        datasets = {game: datasets[game]} if game in datasets else {}
    files: list[tuple[Path, str]] = []
    for given in paths:
        if given.is_dir():
            in_folder = [(p, str(p)) for p in sorted(given.rglob("*.yaml"))]
            if not in_folder:
                problems.append(Problem(str(given), 1, "", _("no data files (*.yaml) in this folder")))
            files += in_folder
        elif given.exists() or given.is_symlink():
            files.append((given, str(given)))
        else:
            problems.append(Problem(str(given), 1, "", _("no such file or folder")))
    regular: list[tuple[Path, str]] = []
    for path, shown in files:
        try:
            check_regular(path)  # before resolving: a link may lead back to itself
        except FileRefused as err:
            problems.append(Problem(shown, 1, "", err.reason.render()))
            continue
        regular.append((path, shown))
    files = regular
    base = data.resolve()
    patterns = [pattern for dataset in datasets.values() for pattern in dataset.files]
    # data set -> ({file relative to data/: as given}, {file relative to data/: the copy read in its place})
    chosen: dict[DataSet, tuple[dict[str, str], dict[str, Path]]] = {}
    for path, shown in files:
        resolved = path.resolve()
        name = resolved.relative_to(base).as_posix() if resolved.is_relative_to(base) else None
        copy = name is None or (game is not None and not name.startswith(f"{game}/"))
        if copy:
            name = _data_name(path, patterns, game)
        owner = next((d for d in datasets.values() if name and any(_matches(name, p) for p in d.files)), None)
        if owner is None or name is None:
            try:
                parse_document(path, shown)
            except DataError as err:
                problems += err.problems
            if game is not None:
                why = _("no data file of {game} is called like this file", game=game)
            elif resolved.is_relative_to(base):
                why = _("no registered game's data set names this file")
            else:
                why = _(
                    "this file is outside the data folder {folder} and its name is not one of a game's "
                    "data files (e.g. catan/rules.yaml); --game names the game",
                    folder=_shown(data),
                )
            problems.append(Problem(shown, 1, "", _("{why}, so there is no model to check it against", why=why)))
            continue
        shown_as, replaced = chosen.setdefault(owner, ({}, {}))
        if name in shown_as:
            message = _("{other} stands for the same data file {name}", other=shown_as[name], name=name)
            problems.append(Problem(shown, 1, "", message))
            continue
        shown_as[name] = shown
        if copy:
            replaced[name] = path
    # the files given stand in for the bundled ones together, and every problem of
    # that combination counts, in whichever file it shows
    for dataset, (shown_as, replaced) in chosen.items():
        only = set(shown_as) if dataset.check is None else None
        problems += _load_dataset(dataset, data, shown_as, only, replaced)[1]
    return problems
