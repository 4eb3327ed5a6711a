"""The table's geometry is a stack of plain layers (the package docstring of
tabletop/games/skirmish/table): a module uses only its own layer and the ones
below, and nothing of a higher layer is handed down to it."""

from __future__ import annotations

import ast
import math
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import tabletop.games.skirmish.table as package
from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import LAYERS, measure, movement
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.sight import sight_pairs
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES
from tests.skirmish.geometry.scenes import MOVER, scene

NAME = package.__name__
ROOT = Path(package.__file__).parent
MODULES = sorted(p.stem for p in ROOT.glob("*.py") if p.stem != "__init__")
#: modules whose public API may not take callbacks: every layer but the top one
BELOW_TOP = [m for m in MODULES if LAYERS.get(m, 0) < max(LAYERS.values())]


def _tree(module: str) -> ast.Module:
    return ast.parse((ROOT / f"{module}.py").read_text(), filename=f"{module}.py")


def _package_module(name: str | None) -> str | None:
    """The module of the package that a dotted name lies in (None outside it)."""
    if name is None or not name.startswith(NAME + "."):
        return None
    return name[len(NAME) + 1 :].split(".")[0]


def _imports(module: str) -> dict[str, str]:
    """Every name the module imports from the package, with the package's module it
    comes from (a module imported whole is its own name); anywhere in the file."""
    found: dict[str, str] = {}
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.ImportFrom):
            source = NAME if node.level == 1 and node.module is None else node.module
            if node.level == 1 and node.module is not None:
                source = f"{NAME}.{node.module}"
            for alias in node.names:
                if source == NAME:
                    found[alias.asname or alias.name] = alias.name
                elif (owner := _package_module(source)) is not None:
                    found[alias.asname or alias.name] = owner
        elif isinstance(node, ast.Import):
            for alias in node.names:
                owner = _package_module(alias.name)
                if owner is not None:
                    found[alias.asname or alias.name] = owner
    return found


def test_every_module_of_the_geometry_has_one_declared_layer():
    assert sorted(LAYERS) == MODULES


@pytest.mark.parametrize("module", MODULES)
def test_a_module_imports_nothing_from_a_higher_layer(module):
    higher = {name: owner for name, owner in _imports(module).items() if LAYERS[owner] > LAYERS[module]}
    assert not higher, f"{module} (layer {LAYERS[module]}) imports from above: {higher}"


def _public_signatures(module: str) -> list[tuple[str, ast.expr]]:
    """(where, annotation) of every parameter of the module's public functions, of
    its public classes' methods and of their fields (a dataclass's parameters)."""
    found: list[tuple[str, ast.expr]] = []

    def function(where: str, node: ast.FunctionDef) -> None:
        args = node.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if arg is not None and arg.annotation is not None:
                found.append((f"{where}({arg.arg})", arg.annotation))

    for node in _tree(module).body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            function(node.name, node)
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and (item.name == "__init__" or not item.name.startswith("_")):
                    function(f"{node.name}.{item.name}", item)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    found.append((f"{node.name}.{item.target.id}", item.annotation))
    return found


def _annotation_sources(annotation: ast.expr, imported: dict[str, str]) -> set[str]:
    """The package's modules an annotation names a type of."""
    found = set()
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name) and node.id in imported:
            found.add(imported[node.id])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found |= _annotation_sources(ast.parse(node.value, mode="eval").body, imported)
    return found


@pytest.mark.parametrize("module", MODULES)
def test_no_public_function_of_a_layer_takes_a_type_of_a_higher_one(module):
    imported = _imports(module)
    wrong = []
    for where, annotation in _public_signatures(module):
        sources = _annotation_sources(annotation, imported)
        if any(LAYERS[s] > LAYERS[module] for s in sources):
            wrong.append((where, sources))
    assert not wrong, f"{module} (layer {LAYERS[module]}) takes types of a higher layer: {wrong}"


@pytest.mark.parametrize("module", BELOW_TOP)
def test_no_public_function_below_the_top_layer_takes_a_callback(module):
    """A higher layer hands down plain data or objects of a lower layer, never a
    function to call back (routing takes the mover's Passage, not its `clear`)."""
    wrong = [
        where
        for where, annotation in _public_signatures(module)
        if any(isinstance(n, ast.Name) and n.id == "Callable" for n in ast.walk(annotation))
        or (isinstance(annotation, ast.Constant) and "Callable" in str(annotation.value))
    ]
    assert not wrong, f"{module} takes callbacks: {wrong}"


def test_the_table_keeps_no_generic_cache_for_the_layers_above():
    """The Table runs no builders of higher layers: no `cached(key, build)`, no
    public method taking a function, and after paths, reaches and sight what it
    holds is all of its own layer or below."""
    assert not hasattr(Table, "cached")
    public = [
        name
        for node in _tree("table").body
        if isinstance(node, ast.ClassDef) and node.name == "Table"
        for item in node.body
        if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
        for name, annotation in [(item.name, a.annotation) for a in item.args.args if a.annotation is not None]
        if any(isinstance(n, ast.Name) and n.id == "Callable" for n in ast.walk(annotation))
    ]
    assert not public
    table = demo_table(TERRAIN_RULES)
    reach(table, "m01")
    movement.shortest_path(table, "m01", (300.0, 300.0))
    sight_pairs(table)
    table.nearest_model_position(15.0, (300.0, 300.0))

    def layers_held(value: Any, depth: int = 0) -> set[tuple[str, int]]:
        owner = _package_module(type(value).__module__)
        found = {(type(value).__qualname__, LAYERS[owner])} if owner is not None else set()
        if depth < 2 and isinstance(value, dict):
            for item in value.values():
                found |= layers_held(item, depth + 1)
        elif depth < 2 and isinstance(value, (list, tuple)):
            for item in value:
                found |= layers_held(item, depth + 1)
        return found

    held = set().union(*(layers_held(v) for v in vars(table).values()))
    assert held and all(layer <= LAYERS["table"] for _name, layer in held), held


def _calls_upward(work: Any) -> set[tuple[str, str, str, str]]:
    """Every call made while `work` runs from a function of the package to one of a
    higher layer: (caller module, caller, callee module, callee)."""
    found: set[tuple[str, str, str, str]] = set()

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event != "call" or frame.f_back is None:
            return
        callee = _package_module(frame.f_globals.get("__name__"))
        caller = _package_module(frame.f_back.f_globals.get("__name__"))
        if callee is not None and caller is not None and LAYERS[caller] < LAYERS[callee]:
            found.add((caller, frame.f_back.f_code.co_name, callee, frame.f_code.co_name))

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return found


@pytest.mark.parametrize("ruleset", [BASIC, TERRAIN_RULES], ids=["basic", "terrain"])
def test_no_lower_layer_calls_a_higher_one_at_run_time(ruleset):
    """Paths, charges, checks, reaches, sight and measuring on the demo table (heavy
    terrain under the terrain rules): no call goes up a layer."""
    table = demo_table(ruleset)

    def work() -> None:
        for model_id in ("m01", "m02", "m05"):
            x, y = table.models[model_id].position
            reach(table, model_id)
            for angle in range(0, 360, 45):
                goal = (x + 90 * math.cos(math.radians(angle)), y + 90 * math.sin(math.radians(angle)))
                path = movement.shortest_path(table, model_id, goal)
                if path is not None:
                    movement.check_path(table, model_id, path.points)
            for target in table.models:
                if table.models[target].side != table.models[model_id].side:
                    movement.path_to_contact(table, model_id, target)
        sight_pairs(table)
        measure.targets(table, "m01", 300.0)
        measure.tape(table, (100.0, 100.0), (400.0, 300.0))
        measure.models_under(table, measure.flame(table, "m01", 0.5))

    assert not _calls_upward(work)


@pytest.mark.parametrize("seed", [76, 186])
def test_no_lower_layer_calls_a_higher_one_at_run_time_on_seeded_scenes(seed):
    """Scenes of the exhaustive check whose reach runs what the demo table does not
    (a way leaving an arc anywhere along the walk it came on: node_costs minimises
    over where it leaves): no call goes up a layer there either."""
    sc = scene(seed)
    assert not _calls_upward(lambda: reach(sc.table, MOVER))
