"""Thrown and area weapons through their templates (rulebook L576-590, L638-644; DECISIONS
S5, S25, S26): where a throwable may land, who is under the explosion, the Explosiv
rolls, the flame laid over the nearest enemy, wounds in every zone with armour ignored,
fire markers for everyone under the template, and the items' own limits."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.card_schema import ZONES
from tabletop.games.skirmish.play import templates
from tabletop.games.skirmish.play.attack import attack_cost, weapon
from tabletop.games.skirmish.play.cards import starter_set

from .scenes import new_table, piece
from .test_ranged import warriors


def markers(outcome):
    return {(given.warrior, given.marker, given.count) for given in outcome.markers}


def a61():
    table = new_table()
    cards = warriors(
        table,
        ("yuri", (100, 300), 0),
        ("kira", (200, 270), 1),
        ("elenia", (230, 300), 1),
    )
    return table, cards


def test_a61_molotov_markers_for_everyone_under_it():
    table, cards = a61()
    blast = templates.throw(table, cards, "yuri", "molotov_cocktail", (200, 300))
    assert [victim.id for victim in blast.under] == ["kira", "elenia"]
    first = blast.need
    assert (first.roll.dice, first.roll.difficulty) == (1, 3)  # Explosiv (1) against Kira's WID 3
    assert blast.chance_spec().reason.render() == "Explosion on Kira, difficulty 3: 1 die"
    blast = blast.rolled((2,))
    assert [event.message.render() for event in blast.events][-1] == "Kira comes through the explosion unhurt."
    blast = blast.rolled((5,))
    outcome = blast.outcome
    assert blast.need is None and outcome is not None and outcome.succeeded
    cards_after = outcome.cards(cards)
    assert "kira" not in cards_after
    elenia = cards_after["elenia"]
    assert all(elenia.marked(zone) == 1 for zone in ZONES)
    assert markers(outcome) == {("kira", "fire", 1), ("elenia", "fire", 1)}
    lines = [event.message.render() for event in outcome.events(cards)]
    assert lines == [
        "Yuri throws the Molotov cocktail: 2 warriors under the template.",
        "Kira gets 1 fire marker.",
        "Elenia gets 1 fire marker.",
    ]


def test_a13_the_molotov_is_thrown_once_a_game():
    yuri = starter_set().card("yuri")
    cost = attack_cost(*weapon(yuri, "molotov_cocktail", "throwable"))
    assert cost.counters == ("attack", "item:molotov_cocktail")
    assert cost.refusal("Yuri", 3, {}, {}) is None
    refused = cost.refusal("Yuri", 3, {}, {"item:molotov_cocktail": 1})  # thrown in round 1, now round 3
    assert refused.render() == "Yuri has used the item Molotov cocktail 1 time this game, its limit."


def test_a62_flamethrower():
    table = new_table()
    cards = warriors(
        table,
        ("mira", (100, 100), 0),
        ("sabra", (180, 100), 1),
        ("gorm", (250, 120), 1),
        ("brutus", (200, 170), 0),
    )
    assert templates.flame_refusal(table, cards, "mira", "flamethrower", 0) is None
    outcome = templates.flame(table, cards, "mira", "flamethrower", 0)
    hurt = outcome.cards(cards)
    assert set(hurt) == {"sabra", "gorm"}  # Brutus is not covered
    for card in hurt.values():
        assert all(card.marked(zone) == 1 for zone in ZONES)  # armour ignored
    assert hurt["gorm"].is_wounded("head")
    assert markers(outcome) == {("sabra", "fire", 1), ("gorm", "fire", 1)}
    assert outcome.line.render() == (
        "Mira turns the Flamethrower on the enemy: 2 warriors under the flame, a wound in each zone."
    )
    refused = templates.flame_refusal(table, cards, "mira", "flamethrower", 90)
    assert refused.render() == "The flame must cover Sabra, the nearest enemy."
    with pytest.raises(IllegalAction):
        templates.flame(table, cards, "mira", "flamethrower", 90)
    cost = attack_cost(*weapon(cards["mira"], "flamethrower", "area"))
    assert cost.refusal("Mira", 2, {"attack": 1, "item:flamethrower": 1}, {}) is not None


# -- throwables ---------------------------------------------------------------------------


def test_the_explosion_hits_friends_and_the_thrower_too():
    table = new_table()
    cards = warriors(table, ("kessler", (100, 300), 0), ("reyes", (150, 300), 0), ("nia", (180, 330), 1))
    blast = templates.throw(table, cards, "kessler", "hand_grenade", (150, 300))
    assert {victim.id for victim in blast.under} == {"kessler", "reyes", "nia"}
    assert blast.need.roll.dice == 3  # Explosiv (3)
    for _ in blast.under:
        blast = blast.rolled((6, 6, 6))
    hurt = blast.outcome.cards(cards)
    assert hurt["reyes"].marked("head") == 1  # his helmet does not count
    assert blast.outcome.markers == ()  # a hand grenade sets nothing on fire


def test_a_throwable_lands_within_range_of_the_base_edge_and_in_sight():
    table, cards = a61()
    with pytest.raises(IllegalAction) as refused:
        templates.throw(table, cards, "yuri", "molotov_cocktail", (100, 300 + 15 + 151))
    assert refused.value.reason.render() == "The point is 15.1 cm from Yuri; the Molotov cocktail reaches 15.0 cm."
    templates.throw(table, cards, "yuri", "molotov_cocktail", (100, 300 + 15 + 150))
    with pytest.raises(IllegalAction, match="Elenia is in the way"):  # she hides the point behind her
        templates.throw(table, cards, "yuri", "molotov_cocktail", (265, 300))
    with pytest.raises(IllegalAction, match="off the table"):
        templates.throw(table, cards, "yuri", "molotov_cocktail", (-5, 300))
    piece(table, "wall", "wall", (140, 300), 90)
    with pytest.raises(IllegalAction, match="Yuri cannot see that point: Wall is in the way"):
        templates.throw(table, cards, "yuri", "molotov_cocktail", (175, 300))


def test_a_throwable_need_not_go_to_the_nearest_enemy():
    table, cards = a61()
    cards |= warriors(table, ("tony", (40, 300), 1))  # nearer to Yuri than Kira and Elenia
    blast = templates.throw(table, cards, "yuri", "molotov_cocktail", (200, 300))
    assert [victim.id for victim in blast.under] == ["kira", "elenia"]


def test_only_a_free_warrior_throws():
    table, cards = a61()
    cards |= warriors(table, ("nia", (100, 331), 1))
    with pytest.raises(IllegalAction, match="only a free warrior"):
        templates.throw(table, cards, "yuri", "molotov_cocktail", (200, 300))


def test_a_throw_on_an_empty_spot_ends_at_once():
    table, cards = a61()
    blast = templates.throw(table, cards, "yuri", "molotov_cocktail", (100, 200))
    assert blast.need is None and blast.outcome is not None and not blast.outcome.succeeded


def test_a_pending_blast_is_plain_data_and_comes_back_the_same():
    table, cards = a61()
    blast = templates.throw(table, cards, "yuri", "molotov_cocktail", (200, 300))
    data = json.loads(json.dumps(blast.to_data()))
    assert templates.Blast.from_data(data) == blast
    blast = blast.rolled((4,))
    assert templates.Blast.from_data(json.loads(json.dumps(blast.to_data()))) == blast


# -- area weapons -----------------------------------------------------------------------------


def test_the_flame_ignores_sight_and_reaches_engaged_enemies():
    table = new_table()
    cards = warriors(table, ("mira", (100, 100), 0), ("sabra", (180, 100), 1), ("vladd", (180, 131), 0))
    piece(table, "bush", "bushes", (140, 70))  # a bush in the way does not matter
    outcome = templates.flame(table, cards, "mira", "flamethrower", 0)
    assert "sabra" in outcome.cards(cards)


def test_a_flame_needs_an_enemy_and_a_free_attacker():
    table = new_table()
    cards = warriors(table, ("mira", (100, 100), 0), ("brutus", (200, 170), 0))
    assert templates.flame_refusal(table, cards, "mira", "flamethrower", 0).render() == (
        "Mira has no enemy to turn the Flamethrower on."
    )
    cards |= warriors(table, ("nia", (131, 100), 1))
    assert "only a free warrior" in templates.flame_refusal(table, cards, "mira", "flamethrower", 0).render()
    with pytest.raises(IllegalAction, match="does not carry the item Flamethrower"):
        templates.flame(table, cards, "brutus", "flamethrower", 0)
