"""Drawing screens offscreen, without a window: for screenshots, selftest and tests.

Works with SDL_VIDEODRIVER=dummy. The match is only read, never changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from tabletop.engine.match import Match
    from tabletop.ui.app import App


def _app(size: tuple[int, int], include_hidden: bool = False) -> App:
    from tabletop import i18n
    from tabletop.settings import Settings
    from tabletop.ui.app import App

    settings, _problem = Settings.load()
    # drawn in the language of the moment (the command line's), as the text printed with it
    return App(size=size, headless=True, include_hidden=include_hidden, settings=settings, language=i18n.language())


class WriteError(ValueError):
    """A picture that could not be written; `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def render_game(match: Match, size: tuple[int, int], seat: int | None = None, curtain: bool = False) -> pygame.Surface:
    """The whole game screen for `match` drawn at `size`. `seat` None shows the
    secrets of whoever the rules name (rules.secret_holder), as if the curtain were
    open for them; a seat number shows what that seat may see; `curtain` draws it
    closed in front of the secrets' holder."""
    from tabletop.ui.game_screen import GameScreen

    app = _app(size)
    holder = match.rules.secret_holder(match.state) if seat is None else seat
    screen = GameScreen(app, match, reveal=holder, interactive=False, closed=curtain)
    app.set_scene(screen)
    app.tick(0.0)
    surface = app.surface
    app.shutdown()
    return surface


def render_launcher(size: tuple[int, int], include_hidden: bool = False) -> pygame.Surface:
    """The launcher drawn at `size` (with the saves of the current user folder)."""
    app = _app(size, include_hidden)
    app.start(None)
    app.run_until_idle()  # the frames after the first add the widgets and what the games' data says
    surface = app.surface
    app.shutdown()
    return surface


def save_png(surface: pygame.Surface, path: Path | str) -> None:
    """Write `surface` as a PNG file (folders are created); WriteError says why
    it could not be written."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    except OSError as err:
        raise WriteError(err.strerror or str(err)) from err
    except pygame.error as err:
        raise WriteError(str(err)) from err
