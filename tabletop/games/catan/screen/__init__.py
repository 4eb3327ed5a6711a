"""Catan's screen, one part per module; `CatanView` (screen.py) composes them."""

from tabletop.games.catan.screen.screen import CatanView

__all__ = ["CatanView"]
