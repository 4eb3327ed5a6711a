"""What a player picks from the palette to place (a terrain piece, a base) is his
and lasts only its step: once the turn passes to the other player, or the step is
over, it is put down, so that the next click does what the new step asks (found
at the table: a tree picked for the last terrain turn rode on into the non-player
warriors' step, where every click tried to place the tree and was refused)."""

from __future__ import annotations

import pygame
from driving import Painted, click, key, open_game, press

from tabletop.games.skirmish.play.state import INFESTATION

from .test_preparation import prepared_to_terrain


def opened(app, game) -> None:
    """The player to act takes the laptop when the curtain is closed."""
    if game.curtain_closed:
        key(app, pygame.K_SPACE)
        app.run_until_idle()


def test_a_piece_picked_is_put_down_when_the_turn_passes_and_when_the_terrain_step_ends(app, monkeypatch):
    match = prepared_to_terrain(terrain_pieces=2, infestation=3)
    game = open_game(app, match)
    for index, x in enumerate((100.0, 230.0, 360.0, 490.0)):
        opened(app, game)
        assert match.actor == index % 2
        assert not game.view.placing.active  # the other player's pick is not in this player's hand
        press(app, game, "terrain-tree")
        click(app, game.view.to_screen((x, 80.0)))
        app.run_until_idle()
    assert match.state.phase == INFESTATION and match.actor == 0
    opened(app, game)
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    assert not any("to place Tree" in text for text in painted.drawn())  # no tree in hand, nor its help
    press(app, game, "nsk-plunderer")
    click(app, game.view.to_screen((300.0, 250.0)))
    app.run_until_idle()
    assert match.state.pools == [1, 3]  # the click placed the non-player warrior
