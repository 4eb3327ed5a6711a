"""The starter set's tactical cards (DECISIONS.md S42, rulebook L200-218) and missions
(S41, L174-196) as data, and the checks that refuse a broken tactics.yaml or
missions.yaml at the line of the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import resources
from tabletop.games.skirmish.schema import MISSIONS_FILE, TACTICS_FILE, bundled
from tests.skirmish.test_cards_data import WARRIORS, broken, only, problems

TACTICS = Path(resources.DATA) / TACTICS_FILE
MISSIONS = Path(resources.DATA) / MISSIONS_FILE

# S42: symbol, Taktische Phase, Erste Runde, Widerruf, when else, (verb, what, target who, how many)
CARDS = {
    "adrenaline": (None, True, False, None, "tactical_phase", [("ap", 1, "friend", 1)]),
    "cover": (None, False, False, 1, "ranged_attack_on_friend", [("modify", ("kat", -2), "enemy", 1)]),
    "first_aid": (None, False, False, 2, "friend_active", [("heal", 1, "friend", 1)]),
    "caltrops": (None, True, False, 2, "tactical_phase", [("markers", ("slow", 1), "enemy", 1)]),
    "contaminated_area": (
        "clan_bamaka",
        True,
        True,
        None,
        "tactical_phase",
        [("template", ("explosion", "poison"), None, None)],
    ),
    "battle_cry": ("jokergang", True, False, None, "tactical_phase", [("markers", ("rage", 1), "friend", 2)]),
    "jammer": ("isc", True, False, 3, "tactical_phase", [("no_cards", None, None, None)]),
    "holy_fear": ("matriarchat", True, False, 2, "tactical_phase", [("markers", ("fear", 1), "enemy", 1)]),
    "destructive_rage": ("destruction", True, False, None, "tactical_phase", [("limit", ("attack", 3), "friend", 1)]),
    "discipline": ("order", True, False, None, "tactical_phase", [("modify", ("ges", 1), "friend", "all")]),
    "protective_wall": ("protection", False, False, None, "melee_attack_on_friend", [("dodge", None, "friend", 1)]),
    "mutation": (
        "change",
        True,
        False,
        None,
        "tactical_phase",
        [("modify", ("kat", 1), "friend", 1), ("modify", ("wid", 1), "friend", 1)],
    ),
    "panic": ("chaos", True, False, 2, "tactical_phase", [("markers", ("fear", 1), "enemy", 1)]),
}


def _what(effect):
    verb = effect.verb
    if verb == "ap":
        return effect.by
    if verb == "heal":
        return effect.wounds
    if verb == "modify":
        return (effect.attribute, effect.by)
    if verb == "markers":
        return (effect.marker, effect.count)
    if verb == "template":
        return (effect.shape, effect.marker)
    if verb == "limit":
        return (effect.action, effect.at_most)
    return None


def test_the_tactical_cards_as_s42():
    cards = {card.key: card for card in bundled()[TACTICS_FILE].cards}
    assert list(cards) == list(CARDS)
    for key, (symbol, phase, first, revoke, moment, effects) in CARDS.items():
        card = cards[key]
        target = [getattr(e, "target", None) for e in card.effects]
        seen = [
            (e.verb, _what(e), t.who if t else None, t.warriors if t else None)
            for e, t in zip(card.effects, target, strict=True)
        ]
        assert (card.symbol, card.tactical_phase, card.first_round, card.revoke, card.moment, seen) == (
            symbol,
            phase,
            first,
            revoke,
            moment,
            effects,
        ), key
        assert card.by_hand == (not effects)


def test_the_fear_cards_measure_from_a_sister_and_from_the_leader():
    cards = {card.key: card for card in bundled()[TACTICS_FILE].cards}
    holy, panic = cards["holy_fear"].effects[0].target, cards["panic"].effects[0].target
    assert (holy.within, holy.near) == (200, "sister")
    assert (panic.within, panic.near) == (200, "leader")


# S41: symbol, secret, deployment, scores, objectives, goals
MISSIONS_S41 = {
    "retreat": ("clan_bamaka", False, "open_battle", "each_end_phase", [], [("warriors_near", 150, True, 1)]),
    "annihilation": (None, False, "open_battle", "each_end_phase", [], [("removed", 1, 2)]),
    "plunder": (
        None,
        False,
        "open_battle",
        "each_end_phase",
        [("centre", None, None)],
        [("objective_held", 50, None, True, 2)],
    ),
    "bounty": (None, True, "ambush", "end", [], [("leader_out", 5)]),
    "trap": (None, True, "ambush", "end", [], [("points_out", 10, 1)]),
    "data_recovery": (
        "isc",
        False,
        "open_battle",
        "each_end_phase",
        [("centre_line", 150, 1), ("centre_line", 150, 2)],
        [("objective_held", 50, "tech", True, 1)],
    ),
}


def _goal(goal):
    if goal.goal == "warriors_near":
        return (goal.goal, goal.within, goal.wholly, goal.each)
    if goal.goal == "removed":
        return (goal.goal, goal.each, goal.leader)
    if goal.goal == "objective_held":
        return (goal.goal, goal.within, goal.carrying, goal.alone, goal.each)
    if goal.goal == "points_out":
        return (goal.goal, goal.per, goal.each)
    return (goal.goal, goal.each)


def test_the_missions_as_s41():
    missions = {mission.key: mission for mission in bundled()[MISSIONS_FILE].missions}
    assert list(missions) == list(MISSIONS_S41)
    for key, (symbol, secret, deployment, scores, objectives, goals) in MISSIONS_S41.items():
        m = missions[key]
        placed = [(o.place, o.from_side_edge, o.side) for o in m.objectives]
        assert (m.symbol, m.secret, m.deployment, m.scores, placed, [_goal(g) for g in m.goals]) == (
            symbol,
            secret,
            deployment,
            scores,
            objectives,
            goals,
        ), key


def test_the_bundled_cards_and_missions_have_no_fault():
    assert problems(TACTICS) == [] and problems(MISSIONS) == []


def test_a_card_outside_the_vocabulary_is_refused_and_one_by_hand_needs_its_text(tmp_path):
    path, line = broken(tmp_path, TACTICS, "{verb: ap, by: 1, target: {who: friend}}", "{verb: dance}")
    only(path, line, "cards.0.effects.0.verb", "'dance' is not an effect of the vocabulary")
    # Schutzwall without its effect is applied by hand: its text is needed
    path, _line = broken(tmp_path, TACTICS, "    effects:\n      - {verb: dodge, target: {who: friend}}\n", "")
    path, line = broken(tmp_path, path, "Your warrior attacked in melee dodges once without paying its AP.", "' '")
    only(path, line, "cards.10.text", "needs its text")


@pytest.mark.parametrize(
    ("old", "new", "after", "field", "words"),
    [
        (
            "symbol: isc",
            "symbol: marauders",
            "key: jammer",
            "cards.6.symbol",
            "'marauders' is neither a faction nor a stigma",
        ),
        ("near: sister", "near: priest", "", "cards.7.effects.0.target.near", "'priest' is neither leader nor a type"),
        ("within: 200, near: leader", "near: leader", "", "cards.12.effects.0.target.near", "give within"),
        ("revoke: 3", "revoke: 0", "", "cards.6.revoke", "greater than or equal to 1"),
        ("name: Panic", "name: adrenaline", "", "cards.12.name", "'adrenaline' is used twice"),
        (
            "moment: ranged_attack_on_friend",
            "moment: ranged_attack_on_friend\n    tactical_phase: true",
            "",
            "cards.1.moment",
            "played in the tactical phase",
        ),
    ],
)
def test_a_broken_tactical_card_is_refused_at_its_line(tmp_path, old, new, after, field, words):
    path, line = broken(tmp_path, TACTICS, old, new, after)
    found = problems(path)
    assert len(found) == 1 and found[0][1] == field and words in found[0][2], found
    assert found[0][0] in (line, line - 1, line - 2, line - 3), found


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("symbol: clan_bamaka", "symbol: bamaka", "missions.0.symbol", "'bamaka' is neither a faction nor a stigma"),
        ("name: Plunder", "name: annihilation", "missions.2.name", "'annihilation' is used twice"),
        ("deployment: ambush", "deployment: raid", "missions.3.deployment", "'open_battle' or 'ambush'"),
        ("    objectives:\n      - {place: centre}\n", "", "missions.2", "needs markers on the table"),
        (
            "{place: centre_line, from_side_edge: 150, side: 1}",
            "{place: centre_line, side: 1}",
            "missions.5.objectives.0",
            "from_side_edge and side",
        ),
        (
            "{goal: leader_out, each: 5}",
            "{goal: leader_out, each: 50}",
            "missions.3.goals.0.each",
            "less than or equal to 20",
        ),
    ],
)
def test_a_broken_mission_is_refused_at_its_line(tmp_path, old, new, field, words):
    path, _line = broken(tmp_path, MISSIONS, old, new)
    found = problems(path)
    assert len(found) == 1 and found[0][1].startswith(field) and words in found[0][2], found


def test_only_a_tactical_card_reaches_several_warriors(tmp_path):
    path, line = broken(
        tmp_path,
        WARRIORS,
        "{verb: ap, by: 1, target: {who: friend}}",
        "{verb: ap, by: 1, target: {who: friend, warriors: 2}}",
    )
    only(path, line, "warriors.10.abilities.0.effects.0.target", "only a tactical card reaches several warriors")
