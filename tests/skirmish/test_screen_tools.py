"""The skirmish table's tools as players use them: the sight tool says how to pick
another viewer, and Esc puts down the tool in hand before it opens the menu."""

from __future__ import annotations

import driving
import pygame
from driving import click, key, open_game, press

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.ui import art
from tabletop.ui.dialogs import MenuDialog


def new_match() -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    return Match(RULES, setup, 1)


def spot(game, model_id):
    return game.view.to_screen(game.view.table.models[model_id].position)


def readout_texts(app, game, monkeypatch) -> str:
    """The texts (wrapped lines joined) the readout under the side panel shows, drawn afresh."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = art.text

    def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        rect = real(surface, content, font, colour, pos, anchor, shadow, max_width)
        drawn.append((content, rect))
        return rect

    monkeypatch.setattr(art, "text", record)
    game.view.panels._panels.clear()
    game.view.refresh()
    app.dirty = True
    app.run_until_idle()
    if not drawn:  # nothing asked for a frame: draw one
        app.top.draw(app.surface)
    monkeypatch.setattr(art, "text", real)
    return " ".join(content for content, rect in drawn if game.view.info.rect.contains(rect))


def test_the_sight_tool_says_how_to_pick_another_viewer(app, monkeypatch):
    game = open_game(app, new_match())
    view = game.view
    press(app, game, "tool-sight")
    click(app, spot(game, "m13"))
    assert view.viewer == "m13"
    name = view.reading.label("m13")
    hint = f"To pick another viewer: click {name} again (or right-click)."
    assert hint in readout_texts(app, game, monkeypatch)
    click(app, spot(game, "m11"))  # the target
    assert hint in readout_texts(app, game, monkeypatch)
    # as it says: the viewer again, then the new one
    click(app, spot(game, "m13"))
    assert "Click the warrior who looks." in readout_texts(app, game, monkeypatch)
    click(app, spot(game, "m11"))
    assert view.viewer == "m11"


def test_escape_puts_down_the_tool_in_hand_then_opens_the_menu(app):
    game = open_game(app, new_match())
    view = game.view
    press(app, game, "tool-sight")
    click(app, spot(game, "m13"))
    assert view.tool == "sight" and view.viewer == "m13"
    key(app, pygame.K_ESCAPE)
    assert app.top is game and view.tool == "select" and view.viewer is None
    # the select tool's button is lit again
    assert control_lit(app, game, "tool-select") and not control_lit(app, game, "tool-sight")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuDialog)


def control_lit(app, game, name) -> bool:
    """Whether a tool bar button shows pressed (its fill lighter than an idle one's)."""
    hit = driving.control(game, name)
    r, g, b = app.surface.get_at((hit.rect.left + 4, hit.rect.centery))[:3]
    return r + g + b > 450
