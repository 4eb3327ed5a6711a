"""The options of the new-game screen that change combat (DECISIONS S19, S25): a
follow-up also after a won comparison, and weapon markers only with a wound. Each is
played through a real match started with it, on and off; a match begun without them
(an older save) plays by the rulebook and replays as it was."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import driving
import pygame
import pytest

from tabletop.engine.core import CHANCE, Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.saves import decode_match, encode_match
from tabletop.games.skirmish.options import FOLLOW_UP, WEAPON_MARKERS
from tabletop.games.skirmish.play import combat, melee_parts
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.unit_files import bundled_unit

from .positions import through_the_bid

PLAYERS = (PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue"))
#: where each side's unit stands: Yuri, Vladd, Tony, Brutus (A) and Elenia, Kira, Gorm, Nia (B)
FAR = {"w1": (100.0, 100.0), "w3": (100.0, 500.0), "w6": (500.0, 100.0), "w8": (500.0, 500.0)}
BASES = {"w1": 30.0, "w2": 30.0, "w3": 30.0, "w4": 40.0, "w5": 30.0, "w6": 30.0, "w7": 40.0, "w8": 30.0}


def started(at: dict[str, tuple[float, float]], **options: Any) -> Match:
    """Units A and B on an empty table, each warrior where `at` (or FAR) puts it; play begun."""
    chosen = {
        "start": "empty",
        "unit_1": bundled_unit("unit-a").to_setup(),
        "unit_2": bundled_unit("unit-b").to_setup(),
        "preparation": "free",
        **options,
    }
    match = Match(RULES, Setup(PLAYERS, chosen, 0), seed=1)
    spots = {**FAR, **at}
    for seat, ids in enumerate((("w1", "w2", "w3", "w4"), ("w5", "w6", "w7", "w8"))):
        for model in ids:
            match.act(Action("add_model", base=BASES[model], at=spots[model]))
        match.act(Action("end_turn") if seat == 0 else Action("ready"))
    match.act(Action("ready"))
    through_the_bid(match, 0)
    assert match.state.phase == "naming"
    return match


#: Elenia charges Brutus from 2.5 cm away (no warrior starts in contact with an enemy)
CHARGE_BRUTUS = Action("charge", model="w5", target="w4", path=((360.0, 300.0), (335.5, 300.0)))


def said(match: Match, action: Action) -> list[str]:
    return [event.message.render(match.player_names) for event in match.act(action)]


def rolled(match: Match, rolls: Iterator[tuple[int, ...]]) -> list[str]:
    """Roll while the attack under way asks for dice; the rolls' faces in order."""
    lines: list[str] = []
    while match.actor == CHANCE:
        faces = next(rolls)
        assert len(faces) == match.chance_spec().count
        lines += [event.message.render(match.player_names) for event in match.roll(faces)]
    return lines


# -- S19: the follow-up --------------------------------------------------------------------------


def elenia_wins_a_strike_back(**options: str) -> Match:
    """Vladd charges Elenia, who strikes back, wins the comparison and misses."""
    match = started({"w2": (100.0, 300.0), "w5": (150.0, 300.0), "w4": (300.0, 300.0), "w7": (300.0, 400.0)}, **options)
    said(match, Action("name", model="w2"))
    said(match, Action("pass"))
    said(match, Action("charge", model="w2", target="w5", path=((100.0, 300.0), (119.5, 300.0))))
    said(match, Action("react", reaction="strike_back"))
    lines = rolled(match, iter([(1, 6), (1, 1, 1, 1, 1)]))
    assert "Vladd and Elenia compare KAT: Vladd 8, Elenia 11; Elenia wins." in lines
    return match


def test_a_follow_up_only_after_a_lost_comparison_by_default():
    match = elenia_wins_a_strike_back()
    assert match.state.options.get(FOLLOW_UP, "lost") == "lost"
    assert match.state.pending is None and match.actor == 0  # the attack is over: Vladd acts on


def test_the_option_allows_a_follow_up_also_after_a_won_comparison():
    match = elenia_wins_a_strike_back(follow_up="won")
    assert match.state.options[FOLLOW_UP] == "won"
    assert combat.options(match.state).follow_up_after_won
    assert match.actor == 1
    assert match.legal_actions() == [Action("answer", option="attack"), Action("answer", option="decline")]


# -- S25: weapon markers ------------------------------------------------------------------------


def elenia_whips_brutus(**options: str) -> Match:
    """Elenia charges Brutus; her whip (Furcht (1)) lands 1 success on his torso,
    which his leather jacket takes off: a success, no wound."""
    match = started({"w4": (300.0, 300.0), "w5": (360.0, 300.0), "w2": (100.0, 300.0), "w7": (500.0, 300.0)}, **options)
    said(match, Action("name", model="w4"))
    said(match, Action("name", model="w5"))
    said(match, CHARGE_BRUTUS)
    said(match, Action("react", reaction="passive"))
    lines = rolled(match, iter([(6, 1, 1, 1, 1), (4,)]))
    assert "Elenia strikes Brutus: 5 dice against WID 6, 1 success, hit roll 4 -> torso, 0 wounds." in lines
    assert match.state.pending is None
    return match


def test_weapon_markers_come_with_a_success_wound_or_not_by_default():
    match = elenia_whips_brutus()
    assert match.state.models["w4"]["markers"]["fear"] == 1


def test_the_option_gives_weapon_markers_only_with_a_wound():
    match = elenia_whips_brutus(weapon_markers="wound")
    assert match.state.options[WEAPON_MARKERS] == "wound"
    assert match.state.models["w4"]["markers"]["fear"] == 0


def test_with_the_option_a_wound_through_the_armour_brings_the_markers():
    match = started(
        {"w4": (300.0, 300.0), "w5": (360.0, 300.0), "w2": (100.0, 300.0), "w7": (500.0, 300.0)},
        weapon_markers="wound",
    )
    match.state.models["w4"]["marks"] = [0, 0, 4, 0]  # Brutus's white torso points all gone
    said(match, Action("name", model="w4"))
    said(match, Action("name", model="w5"))
    said(match, CHARGE_BRUTUS)
    said(match, Action("react", reaction="passive"))
    rolled(match, iter([(6, 6, 1, 1, 1), (4,)]))  # 2 successes against his wounded WID 5
    said(match, Action("shift", face=4))  # both kept: 1 through the jacket
    assert match.state.pending is None
    assert match.state.models["w4"]["marks"] == [0, 0, 5, 0]
    assert match.state.models["w4"]["markers"]["fear"] == 1


def yuri_throws_the_molotov_on_gorm(**options: str) -> Match:
    """Yuri's molotov cocktail (Explosiv (1), Brand (1)) lands on Gorm, whose roll
    shows no success: no wound."""
    match = started({"w7": (200.0, 100.0), "w2": (100.0, 300.0), "w4": (300.0, 300.0), "w5": (400.0, 400.0)}, **options)
    said(match, Action("name", model="w1"))
    assert match.state.active == "w1"
    said(match, Action("throw", model="w1", item="molotov_cocktail", at=(200.0, 100.0)))
    rolled(match, iter([(1,)]))
    assert match.state.pending is None and match.state.models["w7"]["marks"] == [0, 0, 0, 0]
    return match


@pytest.mark.parametrize("option", ["success", "wound"])
def test_the_option_leaves_the_explosion_template_alone_wounded_or_not_all_under_it_burn(option):
    # L644: the item's other effects reach every figure under the template, wounded or not
    match = yuri_throws_the_molotov_on_gorm(weapon_markers=option)
    assert match.state.models["w7"]["markers"]["fire"] == 1


# -- saves --------------------------------------------------------------------------------------


def test_the_options_are_saved_and_a_match_without_them_plays_by_the_rulebook(tmp_path):
    match = elenia_whips_brutus(weapon_markers="wound", follow_up="won")
    again = decode_match(tmp_path / "save.json", encode_match(match))
    assert again.state.options[WEAPON_MARKERS] == "wound" and again.state.options[FOLLOW_UP] == "won"
    older = Match(RULES, Setup(PLAYERS, {"start": "empty"}, 0), seed=1)
    assert FOLLOW_UP not in older.state.options and WEAPON_MARKERS not in older.state.options
    rulebook = combat.options(older.state)
    assert not rulebook.follow_up_after_won and not rulebook.markers_need_wound


# -- the new-game screen -------------------------------------------------------------------------


def test_the_options_are_chosen_on_the_new_game_screen_and_reach_the_match(app):
    from tabletop.ui.game_screen import GameScreen
    from tabletop.ui.newgame import NewGame

    rect = next(r for r, info in app.top.cards if info.id == "skirmish")
    driving.click(app, (rect.centerx, rect.y + rect.h // 4))
    screen = app.top
    assert isinstance(screen, NewGame)
    for key, value in ((FOLLOW_UP, "won"), (WEAPON_MARKERS, "wound")):
        spec = next(s for s in screen.specs if s.key == key)
        chip = screen.option_chips[key][[v for v, _label in spec.choices].index(value)]
        for _ in range(30):  # the options scroll: the wheel brings the chip into sight
            if screen.options_view.contains(chip.rect):
                break
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
            )
            app.run_until_idle()
        driving.click(app, chip.rect.center)
        assert screen.options[key] == value
    start = next(b for b in screen.ui.get_sprite_group().sprites() if getattr(b, "text", "") == "Start the game")
    driving.click(app, start.rect.center)
    assert isinstance(app.top, GameScreen)
    options = app.top.match.state.options
    assert options[FOLLOW_UP] == "won" and options[WEAPON_MARKERS] == "wound"
    assert combat.options(app.top.match.state) == melee_parts.Options(follow_up_after_won=True, markers_need_wound=True)
