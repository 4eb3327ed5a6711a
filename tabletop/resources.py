"""Where the bundled files live, from source and from a PyInstaller build."""

from __future__ import annotations

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
