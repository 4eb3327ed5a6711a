"""Eden's screen, as panels (see screen.py)."""

from tabletop.games.eden.screen.screen import EdenView

__all__ = ["EdenView"]
