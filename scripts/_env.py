"""Shared by scripts/play and scripts/test: make sure .venv exists with tabletop
installed, using nothing but the Python that runs this file (3.10 or newer)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
#: the oldest Python tabletop runs on (requires-python in pyproject.toml). This file
#: runs on whatever python3 the user has, before .venv exists, so it checks it.
MINIMUM_PYTHON = (3, 10)


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure(extras: str = "") -> Path:
    """Create the environment when missing and install tabletop (with `extras`, e.g.
    "test") when pyproject.toml changed or those extras are not there yet. Returns
    the environment's python."""
    if sys.version_info < MINIMUM_PYTHON:
        wanted = ".".join(map(str, MINIMUM_PYTHON))
        sys.exit(f"tabletop needs Python {wanted} or newer; this is " + sys.version.split()[0])
    python = venv_python()
    if not python.exists():
        print("Creating the environment in .venv ...", flush=True)
        subprocess.check_call([sys.executable, "-m", "venv", str(VENV)])
    stamp = VENV / ".installed.json"
    project = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    try:
        done = json.loads(stamp.read_text())
    except (OSError, ValueError):
        done = {}
    wanted = {e for e in extras.split(",") if e}
    have = set(done.get("extras", [])) if done.get("project") == project else None
    if have is None or not wanted <= have:
        wanted |= have or set()
        print("Installing tabletop and its dependencies ...", flush=True)
        target = f"{ROOT}[{','.join(sorted(wanted))}]" if wanted else str(ROOT)
        subprocess.check_call([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", target])
        stamp.write_text(json.dumps({"project": project, "extras": sorted(wanted)}))
    return python
