"""What a player picks from the palette to place (a terrain piece, a base) is his
and lasts only its step: once the turn passes to the other player, or the step is
over, it is put down, so that the next click does what the new step asks (found
at the table: a tree picked for the last terrain turn rode on into the non-player
warriors' step, where every click tried to place the tree and was refused)."""

from __future__ import annotations

import pygame
from driving import Painted, click, control, key, move, open_game, press

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.state import INFESTATION

from .test_preparation import TOP_SPOTS, at_deployment, prepared_to_terrain


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


def test_a_base_picked_is_put_down_once_no_warrior_waits_on_it(app):
    """Deploying, the base button stays picked only while a warrior of the unit waits
    on that base: after the last one is placed it is put down and greyed out."""
    match = at_deployment()
    match.act(Action("edge", edge="top"))
    game = open_game(app, match)
    opened(app, game)
    press(app, game, "warrior-30")
    for index, spot in enumerate(TOP_SPOTS[:3]):
        assert game.view.placing.base == 30.0, index
        click(app, game.view.to_screen(spot))
    assert len(match.state.models) == 3
    game.draw(app.surface)
    assert game.view.placing.base is None  # the last 30 mm warrior is on the table
    assert not control(game, "warrior-30").enabled and control(game, "warrior-40").enabled
    press(app, game, "warrior-40")
    click(app, game.view.to_screen(TOP_SPOTS[3]))
    assert len(match.state.models) == 4
    game.draw(app.surface)
    assert game.view.placing.base is None
    assert not control(game, "warrior-40").enabled and not control(game, "warrior-30").enabled


def test_the_header_asks_the_first_deployer_for_the_edge_before_the_warriors(app, monkeypatch):
    match = at_deployment()
    game = open_game(app, match)
    opened(app, game)
    painted = Painted(monkeypatch)
    game._chrome_key = None  # the top bar drawn anew (kept while it shows the same)
    game.draw(app.surface)
    header = game.view.prompt()
    assert header == "Choose the edge you deploy along."
    assert header in painted.drawn()
    assert not any("Deploy your warriors" in text for text in painted.drawn())
    match.act(Action("edge", edge="top"))
    game.view.refresh()
    painted = Painted(monkeypatch)
    game.draw(app.surface)
    assert any("Deploy your warriors wholly inside your zone" in text for text in painted.drawn())


def test_the_terrain_help_box_is_whole_at_1366x768_with_the_ghost_on_the_table(app, monkeypatch):
    """Found at 1366x768: the box said the kind, what to do, and again where the ghost
    lands, and ended in "…"; where it lands is said beside the ghost only."""
    app.resize((1366, 768))
    app.run_until_idle()
    match = prepared_to_terrain(start="demo", ruleset="terrain")
    game = open_game(app, match)
    opened(app, game)
    press(app, game, "terrain-tree")
    piece = next(iter(match.state.pieces.values()))
    move(app, game.view.to_screen(tuple(piece["position"])))
    assert game.view.placing.note  # the ghost slid or is refused: said beside it
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    box = game.view.info.rect
    inside = [text for text, rect in painted.texts if box.colliderect(rect)]
    assert any(text.rstrip().endswith("puts it back.") for text in inside), inside  # to its end
    assert not any(text.rstrip().endswith("…") for text in inside), inside
    assert any(game.view.placing.note in text for text, _rect in painted.texts)  # the pill by the ghost
