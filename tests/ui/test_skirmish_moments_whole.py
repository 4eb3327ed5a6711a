"""Moments of the skirmish game the walks of test_text_fits.py never open the curtain
on, drawn whole in every language at both window sizes: the mission choice of a
unit that may play "Retreat into the contaminated area" (its button on two lines),
and the reaction question naming two long warrior names in the top bar (the game's
title gives its room to the question)."""

from __future__ import annotations

import driving
import pytest
import test_text_fits as walks
from skirmish.positions import through_the_bid
from textcheck import TextCheck

from tabletop import i18n
from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, MISSIONS
from tabletop.games.skirmish.unit_files import bundled_unit
from tabletop.settings import Settings

LANGUAGES = ("en", "nl", "fr", "de")


def players() -> tuple[PlayerInfo, PlayerInfo]:
    return PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")


def retreat_offered() -> Match:
    """Step 5 of the preparation: Ann's Clan Bamaka unit (unit C) chooses its mission."""
    units = [bundled_unit("unit-c"), bundled_unit("unit-a")]
    options = {
        **RULES.default_options(),
        "start": "empty",
        "unit_1": units[0].to_setup(),
        "unit_2": units[1].to_setup(),
    }
    match = Match(RULES, Setup(players(), options, 0), 1)
    through_the_bid(match, 0)
    assert match.state.phase == MISSIONS and match.actor == 0
    return match


def ngobo_attacks_abama() -> Match:
    """Ngobo Flitzehand attacks Abama Fettsack in melee: Bob picks Abama's reaction."""
    match = Match(RULES, Setup(players(), RULES.default_options(), 0), 2)
    match.state = position(
        warriors={
            "ngobo": Warrior(0, (100, 300), "ngobo"),
            "abama": Warrior(1, (135, 300), "abama"),
            "kira": Warrior(1, (500, 100), "kira"),
        },
        phase=ACTIVATION,
        active="ngobo",
    )
    match.act(Action("attack", model="ngobo", target="abama"))
    assert match.state.pending is not None and match.actor == 1
    return match


@pytest.fixture(params=LANGUAGES)
def app(request, window_size):
    settings = Settings()
    settings.dice_mode = "physical"
    settings.language = request.param
    with driving.running_app(settings, size=window_size) as application:
        yield application


def drawn_whole(app, window_size, match: Match, moment: str) -> list:
    """Open `match` with the curtain open for the seat to act, check every text whole
    (the roster's small cards may shorten, as walks.kept_short says): the texts drawn."""
    with TextCheck(app, window_size, kept_short=walks.kept_short) as check:
        driving.open_game(app, match)
        walks.reveal(app)
        check.look(moment)
        painted = list(check.painted)  # in the window's coordinates (the panels' layers too)
        check.assert_whole()
    return painted


def test_the_mission_choice_shows_retreat_into_the_contaminated_area_whole(app, window_size):
    painted = drawn_whole(app, window_size, retreat_offered(), "the mission choice")
    button = next(hit for hit in app.top.view.hits if hit.name == "mission-retreat").rect
    label = " ".join(text.content for text in painted if button.contains(text.ink))
    assert label == i18n._(
        "{mission} ({kind})", mission=i18n._("Retreat into the contaminated area"), kind=i18n._("open")
    )


def test_the_reaction_question_with_two_long_names_is_whole_in_the_top_bar(app, window_size):
    painted = drawn_whole(app, window_size, ngobo_attacks_abama(), "the reaction question")
    question = i18n._(
        "{name} is attacked by {other}: stay passive, dodge or strike back?",
        name="Abama Fettsack",
        other="Ngobo Flitzehand",
    )
    assert question in [text.content for text in painted if app.top.bar.contains(text.ink)]
