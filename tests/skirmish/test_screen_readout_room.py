"""The side panel's readout box is drawn only where a line of it fits: a box
squeezed below that (the missions in play on two rows, a large card and the
roster above it) leaves the paper bare rather than show an empty frame; at both
window sizes."""

from __future__ import annotations

import pygame
from driving import Painted, click, key, move, open_game, press

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import NAMING
from tabletop.ui import theme as th

from .positions import play_begins
from .test_screen_bidding import bidding_match


def _drawn(info, height: int) -> bool:
    """Whether the readout box paints anything `height` pixels high."""
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    info.rect = pygame.Rect(10, 10, 300, height)
    info.draw(surface)
    return surface.get_bounding_rect().w > 0


def test_a_readout_box_without_room_for_a_line_is_not_drawn(app):
    game = open_game(app, bidding_match())
    app.run_until_idle()
    t = game.view.theme
    line = t.px(16) + t.font(th.SMALL).get_linesize()
    assert _drawn(game.view.info, line)
    assert not _drawn(game.view.info, line - 1)


def test_a_small_card_under_the_pointer_leaves_the_readout_its_lines(app, monkeypatch):
    """Round 1 on the demo table, Ann names first: she clicks Yuri's small card in the
    roster and the pointer stays on it. The box says first what to do with him (the
    large card above names him); what is under the pointer (Yuri again) gives way
    where both would not fit."""
    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0), 1)
    play_begins(match, 0)
    assert match.state.phase == NAMING and match.actor == 0
    game = open_game(app, match)
    if game.curtain_closed:
        key(app, pygame.K_SPACE)
    app.run_until_idle()
    yuri = next(key for key, model in game.view.reading.warriors.items() if model.name == "Yuri")
    card = game.view.side.roster.cards[yuri]
    move(app, card.center)
    click(app, card.center)
    move(app, (card.centerx + 1, card.centery))
    assert game.view.hand.selected == yuri and game.view.hand.hovered == yuri
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    said = " ".join(painted.within(game.view.info.rect))
    assert "Name it with the button below." in said, said
    # named, Yuri acts: chosen again, the box says how he moves
    press(app, game, "name")
    assert match.state.active == yuri
    game.view.choose(yuri)
    painted.texts.clear()
    game.view.panels._panels.clear()
    game.draw(app.surface)
    said = " ".join(painted.within(game.view.info.rect))
    assert "Drag it, or click where it should go: up to 10 cm." in said, said
