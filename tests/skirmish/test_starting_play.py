"""Play begins only with every warrior where it may start (preparation step 7, L348-358):
wholly inside its side's zone with a deployment option, and none in contact with an
enemy; `ready` names the warriors at fault. Every bundled table can start play, and the
log of laying out names terrain in the language it is read in."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.engine.core import Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, LAYOUT, scenarios, table_of, zone_edge
from tabletop.i18n import format_list

NAMES = ["Ann", "Bob"]


def new_match(**options) -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def refused(match: Match, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        match.act(action)
    return caught.value.reason.render(NAMES)


def names(match: Match, ids) -> list[str]:
    return [match.state.models[m]["name"] for m in ids]


def into_zone(match: Match, model_id: str) -> None:
    """Put a warrior of the seat to act somewhere free in its zone (the rules judge)."""
    for y in (25.0, 60.0):
        for x in range(25, 600, 12):
            action = Action("place_model", model=model_id, at=(float(x), y))
            try:
                RULES.check(match.state, action)
            except IllegalAction:
                continue
            match.act(action)
            return
    raise AssertionError(f"no room for {model_id} in the zone")


def test_ready_is_refused_while_warriors_stand_outside_their_zone_and_taken_once_they_are_in():
    match = new_match(deployment="open_battle")  # the demo's warriors stand all over the table
    table = table_of(match.state)
    outside = deployment.outside_zone(table, 0, "top", "open_battle")
    assert outside and zone_edge(match.state.options, 0) == "top"
    reason = refused(match, Action("ready"))
    assert reason == (
        f"{format_list(names(match, outside))} stand outside your deployment zone; warriors start wholly inside it."
    )
    for model_id in outside[:-1]:
        into_zone(match, model_id)
    last = names(match, outside[-1:])[0]
    assert refused(match, Action("ready")) == (
        f"{last} stands outside your deployment zone; warriors start wholly inside it."
    )
    into_zone(match, outside[-1])
    match.act(Action("ready"))
    assert match.state.ready == [True, False] and match.actor == 1
    # Bob's warriors are checked when he says he is ready
    assert "stand outside your deployment zone" in refused(match, Action("ready"))
    assert match.state.phase == LAYOUT


def test_ready_is_refused_while_enemies_touch_and_taken_once_they_part():
    match = new_match(start="empty")
    match.act(Action("add_model", base=30.0, at=(200.0, 200.0)))
    match.act(Action("end_turn"))
    match.act(Action("add_model", base=30.0, at=(230.5, 200.0)))  # 0.5 mm apart: in contact
    ann, bob = match.state.models
    pair = " – ".join(names(match, (ann, bob)))
    assert refused(match, Action("ready")) == f"No warrior may start in contact with an enemy: {pair}."
    match.act(Action("end_turn"))
    # either side may part them; until then neither is ready
    assert refused(match, Action("ready")) == f"No warrior may start in contact with an enemy: {pair}."
    match.act(Action("place_model", model=ann, at=(150.0, 200.0)))
    match.act(Action("ready"))
    match.act(Action("ready"))
    assert match.state.phase == BIDDING  # play begins with round 1's bid


def test_friends_may_start_in_contact():
    match = new_match(start="empty")
    match.act(Action("add_model", base=30.0, at=(200.0, 200.0)))
    match.act(Action("add_model", base=30.0, at=(230.5, 200.0)))
    match.act(Action("end_turn"))
    match.act(Action("add_model", base=30.0, at=(400.0, 400.0)))
    match.act(Action("ready"))
    match.act(Action("ready"))
    assert match.state.phase == BIDDING  # play begins with round 1's bid


@pytest.mark.parametrize("ruleset", ["basic", "terrain"])
@pytest.mark.parametrize("name", sorted(scenarios()))
def test_every_bundled_table_starts_play_cleanly(name, ruleset):
    match = new_match(start=name, ruleset=ruleset)
    table = table_of(match.state)
    assert deployment.enemy_contacts(table) == []
    assert all(table.model_fits(m.radius, m.position, (m.id,)) for m in table.models.values())
    if table.models:
        match.act(Action("ready"))
        match.act(Action("ready"))
        assert match.state.phase == BIDDING  # play begins with round 1's bid


def test_the_log_names_terrain_in_the_language_it_is_read_in():
    match = new_match(start="empty")
    placed = match.act(Action("add_piece", terrain="tree", at=(300.0, 300.0), rotation=0.0))
    piece = next(iter(match.state.pieces))
    moved = match.act(Action("place_piece", piece=piece, at=(200.0, 200.0), rotation=0.0))
    removed = match.act(Action("remove_piece", piece=piece))
    lines = [events[0].message for events in (placed, moved, removed)]
    assert [line.render(NAMES) for line in lines] == ["Ann places Tree.", "Ann moves Tree.", "Ann removes Tree."]
    try:
        i18n.set_language("nl")
        assert [line.render(NAMES) for line in lines] == [
            "Ann plaatst Boom.",
            "Ann verplaatst Boom.",
            "Ann haalt Boom weg.",
        ]
        i18n.set_language("de")
        assert lines[2].render(NAMES) == "Ann entfernt Baum."
        i18n.set_language("fr")
        assert "Arbre" in lines[0].render(NAMES)
    finally:
        i18n.set_language("en")
