"""The app on screen (pygame-ce and pygame_gui): launcher, new game, settings,
the game screen every game shares, dialogs, artwork and offscreen rendering.

Entry points: `tabletop.ui.app.run(start)` opens the window;
`tabletop.ui.render` draws screens without one. A game's view subclasses
`tabletop.ui.gameview.GameView`.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
