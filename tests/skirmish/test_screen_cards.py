"""The skirmish screen shows the profile card of the selected (or active) warrior
beside the table: its name, the attributes in force (the red value once its zone is
wounded), its body zones' points ticked off as wounds come, its markers with their
counts, drawn in the faction's colour; read off what is drawn, at both window sizes."""

from __future__ import annotations

import os

import pygame
from driving import Painted, click, open_game

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import NAMING
from tabletop.games.skirmish.screen.overlay import rgb
from tabletop.games.skirmish.screen.profile_card import card_of, faces, gear_lines

from .positions import play_begins


def in_play() -> Match:
    """Ann and Bob on the demo table, in round 1's naming."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, 1)
    play_begins(match)
    assert match.state.phase == NAMING
    return match


def own_warrior(match: Match, key: str | None = None) -> str:
    """A warrior of the seat to act (the one of card `key` when given)."""
    seat = match.state.turn
    return next(
        model_id
        for model_id, entry in match.state.models.items()
        if entry["side"] == seat and (key is None or entry["warrior"] == key)
    )


def show(app, game, match: Match, model_id: str, monkeypatch) -> tuple[Painted, pygame.Rect]:
    """Select `model_id` from the roster; the texts of the side panel as drawn."""
    game.view.reading.read()
    game.view.panels._panels.clear()
    painted = Painted(monkeypatch)
    click(app, game.view.side.rect.center)  # (nothing there: the panel is drawn again)
    hit = next(hit for hit in game.view.hits if hit.name == f"roster-{model_id}")
    click(app, hit.rect.center)
    app.run_until_idle()
    painted.texts.clear()
    game.view.panels._panels.clear()
    app.run_until_idle()
    if os.environ.get("CARD_PICTURES"):
        pygame.image.save(app.surface, os.path.join(os.environ["CARD_PICTURES"], f"card-{app.surface.get_width()}.png"))
    return painted, game.view.side.rect


def test_the_selected_warriors_card_shows_its_name_attributes_and_no_markers(app, monkeypatch):
    match = in_play()
    game = open_game(app, match)
    yuri = own_warrior(match, "yuri")
    painted, panel = show(app, game, match, yuri, monkeypatch)
    texts = painted.within(panel)
    assert "Yuri" in texts
    for label, value in (("PSI", "4"), ("KAT", "4"), ("WID", "4"), ("GES", "5")):
        assert label in texts and value in texts
    assert "No markers" in texts
    assert "3 AP" in texts
    # the hit index: the faces 2-3 hit the arms
    assert faces(card_of(game.view.reading.warriors[yuri]), "arms") == "2–3"
    assert "2–3" in texts
    # equipment by name
    assert any("Throwing knives" in text or "throwing knives" in text.lower() for text in texts)


def test_a_wound_shows_the_red_value_and_ticks_the_points_and_markers_their_counts(app, monkeypatch):
    match = in_play()
    yuri = own_warrior(match, "yuri")
    entry = match.state.models[yuri]
    entry["marks"] = [0, 0, 0, 2]  # both white points of the legs: GES 5 -> 4 (red)
    entry["markers"]["fire"] = 2
    entry["markers"]["poison"] = 1  # poison takes 1 from every attribute
    game = open_game(app, match)
    painted, panel = show(app, game, match, yuri, monkeypatch)
    texts = painted.within(panel)
    view = dict(game.view.reading.warriors[yuri].attributes)
    assert view["ges"] == 3  # red 4, poison -1
    assert "3" in texts and "fire" in texts and "poison" in texts
    assert "2" in texts and "1" in texts
    # the value in force is drawn in the red of a wounded attribute: GES's
    ges = next(rect for content, rect in painted.texts if content == "GES" and panel.contains(rect))
    value = next(rect for content, rect in painted.texts if content == "3" and abs(rect.centerx - ges.centerx) < ges.w)
    region = app.surface.subsurface(value)
    reds = sum(
        1
        for x in range(region.get_width())
        for y in range(region.get_height())
        if _near(region.get_at((x, y))[:3], card_art.RED_POINT, 40)
    )
    assert reds > 4
    # the legs' two white points are crossed out: ink (the tick) inside the white boxes
    legs = next(rect for content, rect in painted.texts if content == "legs" and panel.contains(rect))
    row = app.surface.subsurface(pygame.Rect(legs.right, legs.y, panel.right - legs.right - 4, legs.h))
    ticks = sum(
        1
        for x in range(row.get_width())
        for y in range(row.get_height())
        if _near(row.get_at((x, y))[:3], card_art.TICK, 30)
    )
    unmarked_row = next(rect for content, rect in painted.texts if content == "torso" and panel.contains(rect))
    plain = app.surface.subsurface(pygame.Rect(unmarked_row.right, unmarked_row.y, row.get_width(), legs.h))
    plain_ticks = sum(
        1
        for x in range(plain.get_width())
        for y in range(plain.get_height())
        if _near(plain.get_at((x, y))[:3], card_art.TICK, 30)
    )
    assert ticks > plain_ticks + 10  # both have 2 white + 1 red points; the legs' whites are crossed


def test_the_card_frame_is_in_the_factions_colour(app, monkeypatch):
    match = in_play()
    game = open_game(app, match)
    warrior = own_warrior(match)
    painted, panel = show(app, game, match, warrior, monkeypatch)
    colour = rgb(game.view.reading.warriors[warrior].colour)
    name = next(rect for content, rect in painted.texts if content == game.view.reading.label(warrior))
    band = app.surface.subsurface(pygame.Rect(name.right + 2, name.y, 6, name.h))
    assert any(
        _near(band.get_at((x, y))[:3], colour, 12) for x in range(band.get_width()) for y in range(band.get_height())
    )


def _near(a, b, tolerance: int) -> bool:
    return all(abs(int(p) - int(q)) <= tolerance for p, q in zip(a, b, strict=True))


def test_every_text_of_the_card_is_whole_with_every_marker_and_the_most_gear(app, window_size, monkeypatch):
    from ui.textcheck import TextCheck

    match = in_play()
    seat = match.state.turn
    own = [model_id for model_id, entry in match.state.models.items() if entry["side"] == seat]
    fullest = max(own, key=lambda model_id: len(gear_lines(card_of_entry(match, model_id))))
    entry = match.state.models[fullest]
    entry["marks"] = [1, 1, 1, 1]
    entry["markers"] = {"fire": 3, "fear": 1, "poison": 1, "rage": 2, "slow": 1}
    with TextCheck(app, window_size) as check:
        game = open_game(app, match)
        show(app, game, match, fullest, monkeypatch)
        check.look("the skirmish screen: a wounded warrior's card with every marker")
        check.assert_whole()


def card_of_entry(match: Match, model_id: str):
    from tabletop.games.skirmish.play.warriors import card

    return card(match.state.models[model_id])
