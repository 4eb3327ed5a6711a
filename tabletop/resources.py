"""Where the bundled files live, from source and from a PyInstaller build, and
where the player's own files go (saves, settings, their own game data)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def root() -> Path:
    """The folder that holds data/ and sprites/ (the build folder when frozen)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


DATA = root() / "data"
SPRITES = root() / "sprites"


def data_path(*parts: str) -> Path:
    return DATA.joinpath(*parts)


def sprite_path(*parts: str) -> Path:
    return SPRITES.joinpath(*parts)


def user_dir() -> Path:
    """Where saves and settings live: $TABLETOP_HOME, else the platform's user data
    folder (~/.local/share/tabletop on Linux)."""
    override = os.environ.get("TABLETOP_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop", appauthor=False))


def user_data_dir() -> Path:
    """The player's own game data, laid out like data/ (e.g. skirmish/warriors.yaml):
    $TABLETOP_DATA (set by `--data DIR`), else data/ in the user folder."""
    override = os.environ.get("TABLETOP_DATA")
    if override:
        return Path(override)
    return user_dir() / "data"
