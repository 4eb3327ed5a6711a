"""Naming on the shared screen: the round's beginner must name a warrior before
anyone may pass, so the Pass button is off then and says why (found at the table:
it looked on, and a click was only refused afterwards)."""

from __future__ import annotations

from driving import click, control, open_game

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.state import NAMING

from .test_screen_bidding import bidding_match


def test_the_beginner_cannot_pass_before_naming_and_the_button_says_so(app):
    match = bidding_match()
    match.act(Action("bid", sp=1))
    match.act(Action("bid", sp=0))
    match.act(Action("begin", player=0))
    assert match.state.phase == NAMING and match.actor == 0
    game = open_game(app, match)
    app.run_until_idle()
    passing = control(game, "pass")
    assert not passing.enabled  # Ann begins: she names first
    assert "names a warrior first" in passing.tooltip
    click(app, passing.rect.center)
    app.run_until_idle()
    assert match.state.phase == NAMING and match.actor == 0 and not match.state.named
