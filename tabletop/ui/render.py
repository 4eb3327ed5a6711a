"""Drawing screens offscreen, without a window: for screenshots, selftest and tests.

Works with SDL_VIDEODRIVER=dummy. The match is only read, never changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame


def _app(size: tuple[int, int], include_hidden: bool = False) -> Any:
    from tabletop.settings import Settings
    from tabletop.ui.app import App

    settings, _problem = Settings.load()
    return App(size=size, headless=True, include_hidden=include_hidden, settings=settings)


def render_game(match: Any, size: tuple[int, int], seat: int | None = None) -> pygame.Surface:
    """The whole game screen for `match` drawn at `size`. `seat` None shows the
    secrets of whoever the rules name (rules.secret_holder), as if the curtain were
    open for them; a seat number shows what that seat may see."""
    from tabletop.ui.game_screen import GameScreen

    app = _app(size)
    holder = match.rules.secret_holder(match.state) if seat is None else seat
    screen = GameScreen(app, match, reveal=holder, interactive=False)
    app.set_scene(screen)
    app.tick(0.0)
    surface = app.surface
    app.shutdown()
    return surface


def render_launcher(size: tuple[int, int], include_hidden: bool = False) -> pygame.Surface:
    """The launcher drawn at `size` (with the saves of the current user folder)."""
    app = _app(size, include_hidden)
    app.start(None)
    app.tick(0.0)
    surface = app.surface
    app.shutdown()
    return surface


def save_png(surface: pygame.Surface, path: Path | str) -> None:
    """Write `surface` as a PNG file (folders are created)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
