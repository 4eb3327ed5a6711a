"""The skirmish game's screen, one part per module; `SkirmishView` (screen.py) composes them."""

from tabletop.games.skirmish.screen.screen import SkirmishView

__all__ = ["SkirmishView"]
