"""The layers stay apart: the engine and every game's rules run without pygame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import tabletop
from tabletop.games import registry

PACKAGE = Path(tabletop.__file__).parent


def _modules_without_a_screen() -> list[str]:
    engine = sorted(f"tabletop.engine.{p.stem}" for p in (PACKAGE / "engine").glob("*.py") if p.stem != "__init__")
    rules = [entry.rules.partition(":")[0] for entry in registry.ENTRIES]
    return ["tabletop.engine", *engine, "tabletop.games.registry", *rules]


def test_engine_and_rules_import_no_pygame():
    """Imported in a fresh interpreter, none of them brings pygame or pygame_gui
    in (a view or the app would: they are not imported here)."""
    script = (
        "import importlib, json, sys\n"
        f"for name in {_modules_without_a_screen()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []


def test_the_check_would_see_pygame():
    """The same check, given a module that does import pygame, finds it."""
    script = "import sys, tabletop.ui.art\nprint('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"
