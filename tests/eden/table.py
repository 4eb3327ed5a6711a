"""Eden's screen driven like a person at the table (the `table` fixture of
tests/eden/conftest.py), and the board position its tests start from."""

from __future__ import annotations

import driving

from tabletop.games.eden.screen import EdenView
from tabletop.ui.game_screen import GameScreen

from .helpers import F, new_match, place


class Table:
    """Posts clicks, moves, wheel turns and keys, and lets the app handle them."""

    def __init__(self, app):
        self.app = app

    @property
    def screen(self) -> GameScreen:
        return self.app.top

    @property
    def view(self) -> EdenView:
        return self.screen.view

    def move(self, pos):
        driving.move(self.app, pos)

    def click(self, pos, button=1):
        driving.click(self.app, pos, button)

    def wheel(self, y):
        driving.wheel(self.app, y)

    def key(self, key, mod=0):
        driving.key(self.app, key, mod)

    def reveal(self):
        """The seat to act takes the laptop and opens the curtain."""
        assert self.screen.curtain_closed
        self.click(self.screen.curtain_rect().center)
        assert not self.screen.curtain_closed

    def card(self, card):
        rects = [rect for rect, c in self.view.hand.rects if c == card]
        assert rects, f"card {card} is not in the hand shown"
        return rects[0]

    def field(self, name):
        return self.view.board.fields[F(name)]

    def press(self, key):
        button = self.view.bar.buttons[key]
        assert key in self.view.bar.shown and button.enabled, f"{key} is not offered: {self.view.bar.shown}"
        self.click(button.rect.center)


#: the land of board_position: (field, seat, value)
LAND = (("C3", 0, 1), ("C4", 0, 1), ("C5", 0, 1), ("D4", 0, 3), ("E4", 1, 1), ("E5", 1, 2), ("B6", 2, 2))


def board_position(seed=3):
    """Ann (0), Bob (1) and Cy (2) with some land; Ann to play."""
    match = new_match(3, seed=seed)
    state = match.state
    for name, seat, value in LAND:
        place(state, name, seat, value)
    return match
