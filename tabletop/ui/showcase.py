"""What the games' README pictures (tabletop/games/*/showcase.py) share: the game
screen of a match opened in an app without a window, events posted to it as a
player's would be, the PNG written, and the command line that makes a picture."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.engine.match import Match
    from tabletop.ui.app import App


@contextmanager
def headless() -> Iterator[None]:
    """The dummy video and audio drivers and, unless TABLETOP_HOME is set, an
    empty user folder for the time being (the player's saves stay untouched)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "TABLETOP_HOME" in os.environ:
        yield
        return
    with tempfile.TemporaryDirectory(prefix="tabletop-showcase-") as home:
        os.environ["TABLETOP_HOME"] = home
        try:
            yield
        finally:
            del os.environ["TABLETOP_HOME"]


@contextmanager
def game_screen(match: Match, size: tuple[int, int]) -> Iterator[Any]:
    """The App at `size` with `match` open on its game screen (call inside
    `headless`); shut down afterwards. Typed Any: each game's showcase reaches
    into its own screen and view (app.top.view)."""
    import pygame

    from tabletop import i18n
    from tabletop.settings import Settings
    from tabletop.ui.app import App  # before pygame: keeps its greeting off the output

    # the language `main` chose (English unless --language), never the system's
    app = App(size=size, settings=Settings(), language=i18n.language())
    try:
        pygame.event.clear()
        app.start(None)
        app.resize(size)
        app.run_until_idle()
        assert app.open_match(match, None), "the match did not open"
        app.run_until_idle()
        yield app
    finally:
        app.shutdown()


def post(app: App, kind: int, **params: Any) -> None:
    """One event, as a player's hand would make it, and everything it sets off."""
    import pygame

    pygame.event.post(pygame.event.Event(kind, **params))
    app.run_until_idle()


def click(app: App, at: tuple[float, float]) -> None:
    """The pointer moved to `at`, pressed and let go."""
    import pygame

    pos = (int(at[0]), int(at[1]))
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def save(app: App, out: Path) -> Path:
    """The app's screen as it stands, written to `out` (a PNG)."""
    from tabletop.ui.render import save_png

    save_png(app.surface, out)
    return out


def main(
    make: Callable[[Path, tuple[int, int], int], Path], description: str, seed: int, argv: list[str] | None = None
) -> int:
    """The command line of a game's showcase: OUT [--size WxH] [--seed N] [--language CODE]."""
    from tabletop import i18n

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--language", default="en", choices=list(i18n.available_languages()))
    args = parser.parse_args(argv)
    i18n.set_language(args.language)
    width, height = (int(v) for v in args.size.lower().split("x"))
    print(make(args.out, (width, height), args.seed))
    return 0
