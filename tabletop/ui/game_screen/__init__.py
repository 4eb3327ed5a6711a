"""The game screen every game shares: the top bar (game, whose turn, undo, redo,
save, menu, help), the board area the game's view fills, the players panel, the
dice tray, the log, the privacy curtain and the chance steps.

The frame carries out what the view submits, rolls the dice (or asks for the faces
of real dice), autosaves through the match's Autosaver, and decides which seat's
secrets the view may show (see `GameScreen.revealed`). It also shows the tooltips
of the board's controls (the view's `tooltip_at`) in pygame_gui's tooltip.

screen.py is the screen itself; each part it draws has its own file: top_bar.py,
players.py, tray.py (and `last_roll`, which views use too), log.py, curtain.py.
"""

from tabletop.ui.game_screen.log import GameLog
from tabletop.ui.game_screen.screen import GameScreen, view_for
from tabletop.ui.game_screen.tray import DiceTray, last_roll

__all__ = ["DiceTray", "GameLog", "GameScreen", "last_roll", "view_for"]
