"""Driving the real app in tests like a person at the table: posted mouse, wheel
and key events that the app's own loop handles, the game screen opened on a
match, and its controls found and pressed by name.

Shared by the screen tests of tests/ui and of every game; imported as `driving`
(pytest puts tests/, the folder of tests/conftest.py, on sys.path).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from tabletop import i18n
from tabletop.engine.core import CHANCE, Action
from tabletop.settings import Settings
from tabletop.ui.app import App
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.gameview import Hit

#: the two window sizes every screen test runs at: a 1366x768 laptop's usable area
#: (title bar and task bar taken off) and a full-HD screen
SIZES = ((1280, 680), (1920, 1080))


@contextmanager
def running_app(
    settings: Settings | None = None, include_hidden: bool = False, size: tuple[int, int] = SIZES[0]
) -> Iterator[App]:
    """The app in a (dummy) window of `size` with the launcher open
    (`include_hidden`: the test game is offered too); shut down afterwards, and
    the language back to English."""
    application = App(size=size, include_hidden=include_hidden, settings=settings or Settings())
    pygame.event.clear()
    application.start(None)
    application.run_until_idle()
    try:
        yield application
    finally:
        application.shutdown()
        pygame.event.clear()
        i18n.set_language("en")


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def _at(pos) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])


def post_click(pos, button: int = 1) -> None:
    """Post the pointer's move to `pos` and a click there, without handling them."""
    pos = _at(pos)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def click(app, pos, button: int = 1) -> None:
    """Move to `pos`, click there and let the app settle."""
    post_click(pos, button)
    app.run_until_idle()


def move(app, pos, buttons=(0, 0, 0)) -> None:
    """Move the pointer to `pos` (holding `buttons`) and let the app settle."""
    post(pygame.MOUSEMOTION, pos=_at(pos), rel=(0, 0), buttons=buttons)
    app.run_until_idle()


def mouse_down(app, pos, button: int = 1) -> None:
    """Move to `pos` and press `button` there (the start of a drag)."""
    move(app, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=_at(pos), button=button)
    app.run_until_idle()


def mouse_up(app, pos, button: int = 1) -> None:
    post(pygame.MOUSEBUTTONUP, pos=_at(pos), button=button)
    app.run_until_idle()


def key(app, code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
    app.run_until_idle()


def wheel(app, notches: int) -> None:
    post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False)
    app.run_until_idle()


def open_game(app, match) -> GameScreen:
    """The game screen showing `match` (not autosaved)."""
    assert app.open_match(match, None)
    app.run_until_idle()
    assert isinstance(app.top, GameScreen)
    return app.top


def player_actions(match) -> list[Action]:
    """The players' actions in the match's log (no chance steps)."""
    return [entry.action for entry in match.log if entry.actor != CHANCE]


def control(game: GameScreen, name: str) -> Hit:
    """The view's control called `name`, as drawn last."""
    found = [hit for hit in game.view.hits if hit.name == name]
    assert found, f"no control {name!r} in {[hit.name for hit in game.view.hits]}"
    return found[-1]


def press(app, game: GameScreen, name: str) -> None:
    """Click the view's control called `name`, which must be on."""
    hit = control(game, name)
    assert hit.enabled, f"{name} is disabled"
    click(app, hit.rect.center)


class Painted:
    """Records every text the app paints through tabletop.ui.art.text while a test
    runs, with the rectangle it went to (monkeypatched for the test)."""

    def __init__(self, monkeypatch) -> None:
        from tabletop.ui import art

        self.texts: list[tuple[str, pygame.Rect]] = []
        real = art.text

        def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
            rect = real(surface, content, font, colour, pos, anchor, shadow, max_width)
            self.texts.append((content, rect))
            return rect

        monkeypatch.setattr(art, "text", record)

    def drawn(self) -> list[str]:
        """The texts, in the order drawn."""
        return [content for content, _rect in self.texts]

    def within(self, area: pygame.Rect) -> list[str]:
        """The texts drawn wholly inside `area`."""
        return [content for content, rect in self.texts if area.contains(rect)]
