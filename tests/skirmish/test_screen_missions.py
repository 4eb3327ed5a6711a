"""The missions on the skirmish screen, read off what is drawn at both window sizes:
step 5's choice behind the curtain (the unit's missions with their words, "Choose"),
the strip of the missions in play (a secret one never named to the other player),
the score in the players' panel and the score sheet at the end of the game."""

from __future__ import annotations

import pygame
from driving import Painted, open_game, press

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import rounds
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import MISSIONS, TERRAIN
from tabletop.games.skirmish.unit_files import bundled_unit
from tabletop.ui.game_screen.screen import GameScreen

from .positions import through_the_bid
from .test_preparation import choose_hands


def at_step_5() -> Match:
    """Ann (unit A) and Bob (unit B) on the empty table; Ann won the preparation's bid."""
    chosen = {
        **RULES.default_options(),
        "start": "empty",
        "unit_1": bundled_unit("unit-a").to_setup(),
        "unit_2": bundled_unit("unit-b").to_setup(),
    }
    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), chosen, 0), 1)
    through_the_bid(match, 0)
    assert match.state.phase == MISSIONS
    return match


def redraw(app, game, painted: Painted) -> None:
    """Read the match again and draw the screen anew, recording only this drawing."""
    game.view.on_events([])
    game.view.panels._panels.clear()
    app.run_until_idle()
    game.view.panels._panels.clear()
    game._chrome_key = None  # the top bar, the players and the log drawn anew too
    painted.texts.clear()
    app.draw()


def curtain_share(surface: pygame.Surface, area: pygame.Rect) -> float:
    """The share of `area` painted in the curtain's dark red velvet."""
    region = surface.subsurface(area.clip(surface.get_rect()))
    points = [(x, y) for x in range(0, region.get_width(), 7) for y in range(0, region.get_height(), 7)]
    red = sum(1 for p in points if (c := region.get_at(p)) and c.r > 70 and c.g < 50 and c.b < 50)
    return red / len(points)


def test_a_mission_is_chosen_behind_the_curtain_and_a_secret_one_stays_hidden(app, monkeypatch):
    painted = Painted(monkeypatch)
    match = at_step_5()
    game = open_game(app, match)
    redraw(app, game, painted)
    panel = game.view.side.rect
    assert game.curtain_closed and curtain_share(app.surface, panel) > 0.6  # the velvet covers the panel
    game.reveal()
    redraw(app, game, painted)
    inside = painted.within(panel)
    assert "Your unit's missions" in inside
    assert {"Annihilation (open)", "Plunder (open)", "Bounty (secret)", "Trap (secret)"} <= set(inside)
    assert "Retreat into the contaminated area (open)" not in inside  # Clan Bamaka's, not Jokergang's
    press(app, game, "mission-bounty")
    redraw(app, game, painted)
    assert "Bounty" in painted.within(panel)  # its words under the list
    press(app, game, "mission")
    assert match.state.missions == ["bounty", None] and match.actor == 1
    redraw(app, game, painted)
    assert game.curtain_closed  # Bob chooses in private in turn
    game.reveal()
    redraw(app, game, painted)
    # Bob never reads Ann's secret: Bounty only as one of his own choices, not selected
    assert [text for text in painted.drawn() if "Bounty" in text] == ["Bounty (secret)"]
    assert "Annihilation (open)" in painted.within(panel) and "Annihilation" in painted.within(panel)


def test_the_missions_in_play_show_beside_the_table_a_secret_one_unnamed(app, monkeypatch):
    painted = Painted(monkeypatch)
    match = at_step_5()
    match.act(Action("mission", mission="trap"))
    match.act(Action("mission", mission="plunder"))
    assert match.state.phase == TERRAIN
    game = open_game(app, match)
    redraw(app, game, painted)
    inside = painted.within(game.view.side.rect)
    assert "Plunder" in inside and "Secret" in inside and "Trap" not in " ".join(painted.drawn())
    strip = next(hit for hit in game.view.hits if hit.name == "missions-1")
    assert strip.rect.colliderect(game.view.side.rect)


def test_the_score_sheet_at_the_end_of_the_game(app, monkeypatch):
    """Round 5 ends: Ann's Vernichtung scores Nia and the leader Elenia (3 SIG), Bob's
    secret Kopfgeld is revealed and scores 5 for Ann's fallen leader Tony: Bob wins
    5 to 3; the sheet shows both missions and how each point was earned."""
    painted = Painted(monkeypatch)
    state = position(
        warriors={
            "tony": Warrior(0, (100, 100), "tony"),
            "vladd": Warrior(0, (200, 100), "vladd"),
            "elenia": Warrior(1, (100, 500), "elenia"),
            "nia": Warrior(1, (200, 500), "nia"),
            "gorm": Warrior(1, (300, 500), "gorm"),
        },
        phase="naming",
        round=5,
    )
    state.leaders = ["Tony", "Elenia"]
    state.missions = ["annihilation", "bounty"]
    for fallen in ("tony", "nia", "elenia"):
        rounds.remove(state, fallen)
    rounds.begin_end_phase(state)
    assert state.sig == [3, 5]
    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0), 1)
    match.state = state
    assert app.open_match(match, None)
    app.run_until_idle()
    game = app.find(GameScreen)
    assert game is not None and app.top is not game
    assert "Bob wins!" in " ".join(painted.drawn())  # the result dialog
    app.pop(app.top)  # "Look at the table"
    redraw(app, game, painted)
    inside = painted.within(game.view.side.rect)
    assert "Bob wins" in inside
    assert "Ann: 3 SIG" in inside and "Bob: 5 SIG" in inside
    sheet = " ".join(inside)  # the lines as wrapped
    assert "Round 5: 2 enemy warriors removed: 3 SIG." in sheet
    assert "End: The enemy leader is out of action: 5 SIG." in sheet
    assert "Mission: Bounty (secret)" in sheet and "Mission: Annihilation (open)" in sheet
    players = [text for text in painted.drawn() if text in ("3", "5")]
    assert players == ["3", "5"]  # the players' panel shows the score


def test_the_owner_reads_a_secret_mission_behind_the_curtain_only(app, monkeypatch):
    """Round 1's bid: behind the curtain Ann's strip names her secret Hinterhalt; before
    the curtain opens, and for Bob, it is only "Secret"."""
    painted = Painted(monkeypatch)
    match = at_step_5()
    match.act(Action("mission", mission="trap"))
    match.act(Action("mission", mission="annihilation"))
    for x in (100.0, 230.0, 360.0, 490.0):  # in turns: Ann's in the top half, Bob's in the bottom one
        match.act(Action("add_piece", terrain="tree", at=(x, 150.0), rotation=0.0))
        match.act(Action("add_piece", terrain="tree", at=(x, 450.0), rotation=0.0))
    match.act(Action("edge", edge="top"))
    for x in (100.0, 200.0, 300.0):
        match.act(Action("add_model", base=30.0, at=(x, 40.0)))
    match.act(Action("add_model", base=40.0, at=(400.0, 40.0)))
    match.act(Action("deployed"))
    for x in (100.0, 200.0, 300.0):
        match.act(Action("add_model", base=30.0, at=(x, 560.0)))
    match.act(Action("add_model", base=40.0, at=(400.0, 560.0)))
    match.act(Action("deployed"))
    choose_hands(match)
    assert match.actor == 0 and RULES.secret_holder(match.state) == 0  # Ann bids in private
    game = open_game(app, match)
    redraw(app, game, painted)
    assert game.curtain_closed and "Trap" not in painted.drawn()
    game.reveal()
    redraw(app, game, painted)
    strip = next(hit for hit in game.view.hits if hit.name == "missions-0")
    assert "Trap" in painted.within(strip.rect)
    assert game.view.ctx.submit(Action("bid", sp=0))  # Bob bids next, behind the curtain
    redraw(app, game, painted)
    assert game.curtain_closed and "Trap" not in painted.drawn()
    game.reveal()
    redraw(app, game, painted)
    strip = next(hit for hit in game.view.hits if hit.name == "missions-0")
    assert painted.within(strip.rect) == ["Secret"] and "Trap" not in painted.drawn()
