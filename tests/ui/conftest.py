"""UI tests: a real App on SDL's dummy video driver, driven by posted events."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import driving  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.engine.match import Match  # noqa: E402
from tabletop.engine.randomplay import default_setup  # noqa: E402
from tabletop.games import registry  # noqa: E402
from tabletop.settings import Settings  # noqa: E402


@pytest.fixture
def settings():
    """Default settings (saved into the test's own TABLETOP_HOME)."""
    return Settings()


@pytest.fixture
def app(settings, window_size):
    """The app in a (dummy) window at 1280x680, the launcher open, hidden games
    offered so the test game can be played."""
    with driving.running_app(settings, include_hidden=True, size=window_size) as application:
        yield application


@pytest.fixture
def match():
    """A Lucky draw match of Ann and Bob, dealt and rolled, waiting for the first
    player (so no single card can end it)."""
    rules = registry.get("testgame")
    played = Match(rules, default_setup(rules, names=["Ann", "Bob"]), 5)
    played.settle_chance()
    return played


class Driver:
    """Plays the app like a person at the table: posts mouse, key and text events
    and lets the app's own loop handle them."""

    def __init__(self, app):
        self.app = app

    post_click = staticmethod(driving.post_click)

    def widgets(self, kind=None):
        """The pygame_gui elements of the top layer (of class `kind`)."""
        return [w for w in self.app.top.ui.get_sprite_group().sprites() if kind is None or isinstance(w, kind)]

    def button(self, label):
        """The top layer's visible button with this text."""
        from pygame_gui.elements import UIButton

        found = [b for b in self.widgets(UIButton) if b.text == label and b.visible]
        assert found, f"no button {label!r} in {[b.text for b in self.widgets(UIButton)]}"
        return found[0]

    def labels(self):
        """The texts of the top layer's buttons."""
        from pygame_gui.elements import UIButton

        return [b.text for b in self.widgets(UIButton) if b.visible]

    def press(self, label):
        """Click the button with this text and let the app settle."""
        self.click(self.button(label).rect.center)

    def click(self, pos):
        driving.click(self.app, pos)

    def move(self, pos):
        driving.move(self.app, pos)

    def tooltips(self):
        """The texts of the tooltips shown on the top layer (lines joined by <br>)."""
        from pygame_gui.elements import UITooltip

        return [w.text_block.html_text for w in self.widgets(UITooltip) if w.alive()]

    def key(self, key, mod=0):
        driving.key(self.app, key, mod)

    def type_into(self, entry, text):
        """Focus a text field by clicking it and type `text`."""
        self.post_click(entry.rect.center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.app.run_until_idle()

    def choose(self, dropdown, option_id):
        """Open a drop-down and click the option with this id."""
        self.click(dropdown.rect.center)
        items = dropdown.menu_states["expanded"].options_selection_list.item_list
        index = [o[1] for o in dropdown.options_list].index(option_id)
        self.click(items[index]["button_element"].rect.center)


@pytest.fixture
def ui(app):
    return Driver(app)
