"""A warrior's profile card in play: wounds per zone, the attributes in force, the
hit index, armour, healing, rounding, and the card's state for saves."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from tabletop.games.skirmish.card_schema import ZONE_OF, Warrior
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.profile import ProfileCard, halved, rounded_up, through_armour


def card(key: str) -> ProfileCard:
    return starter_set().card(key)


def attributes(profile: ProfileCard) -> tuple[int, int, int, int]:
    return (
        profile.attribute("psi"),
        profile.attribute("kat"),
        profile.attribute("wid"),
        profile.attribute("ges"),
    )


# -- the acceptance scenarios ---------------------------------------------------------


def test_a1_yuris_profile_card():
    yuri = card("yuri")
    warrior = yuri.warrior
    assert warrior.name == "Yuri"
    assert starter_set().factions[warrior.faction].name == "Jokergang"
    assert warrior.types == ["human"]
    assert warrior.stigma == "chaos"
    assert warrior.points == 20
    assert warrior.attributes.psi == (4, 3)
    assert attributes(yuri) == (4, 4, 4, 5)
    assert warrior.points_of("head") == (2, 2)
    assert yuri.hit_zone(1) == "head"
    assert [item.name for item in yuri.items] == ["Throwing knives", "Molotov cocktail"]


def test_a2_one_head_wound_keeps_the_zone_normal():
    yuri = card("yuri").wound("head")
    assert yuri.marked("head") == 1
    assert yuri.unmarked("head") == (1, 2)
    assert yuri.status("head") == "normal"
    assert yuri.attribute("psi") == 4


def test_a3_the_last_white_point_makes_the_zone_wounded():
    yuri = card("yuri").wound("head").wound("head")
    assert yuri.unmarked("head") == (0, 2)
    assert yuri.status("head") == "wounded"
    assert attributes(yuri) == (3, 4, 4, 5)
    assert not yuri.out_of_action


def test_a4_hit_index_face_1_on_yuri_hits_the_head():
    assert card("yuri").hit_zone(1) == "head"


def test_a11_halving_rounds_up():
    vladd = card("vladd")
    assert vladd.attribute("psi") == 3
    assert halved(vladd.attribute("psi")) == 2


def test_a15_a_helmet_takes_one_wound_off_a_head_hit():
    reyes = card("reyes")
    assert reyes.armour("head") == 1
    hit = reyes.hit("head", 2, ranged=True)  # the strength roll's 2 successes
    assert hit.marked("head") == 1
    missed = reyes.hit("head", 1, ranged=True)
    assert missed.marks == reyes.marks  # no point lost: the attack failed (L574)


def test_a16_an_items_kat_bonus_while_it_is_used():
    k7 = card("k7")
    fist = starter_set().items["shock_fist"].mode("melee")
    assert k7.attribute("kat") == 4
    assert k7.attribute("kat", using=fist) == 6  # the KAT roll's dice


def test_a76_excess_wounds_are_lost_and_healing_removes_the_last_mark():
    kira = card("kira").wound("torso", 5)
    assert kira.out_of_action
    assert kira.marks == (0, 0, 3, 0)  # torso 2+1; nothing spills to other zones
    ngobo = card("ngobo").wound("arms", 2)
    assert ngobo.is_wounded("arms") and ngobo.attribute("kat") == 4
    healed = ngobo.heal("arms")
    assert healed.marked("arms") == 1
    assert healed.status("arms") == "normal"
    assert healed.attribute("kat") == 5
    healer = starter_set().warriors["mbeki"].abilities[0]
    assert (healer.kind, healer.cost.ap, healer.limit.round) == ("action", 1, 1)
    assert healer.effects[0].verb == "heal" and healer.effects[0].target.touching


# -- wounds and the attributes in force ------------------------------------------------


@pytest.mark.parametrize("attribute, zone", sorted(ZONE_OF.items()))
def test_each_attribute_follows_its_own_zone(attribute, zone):
    """PSI the head, KAT the arms, WID the torso, GES the legs (L139): wounding one
    zone switches its attribute to the red value and no other."""
    tony = card("tony")
    white, _red = tony.warrior.points_of(zone)
    wounded = tony.wound(zone, white)
    for other in ZONE_OF:
        expected = tony.warrior.red(other) if other == attribute else tony.warrior.white(other)
        assert wounded.attribute(other) == expected, other


def test_wounds_mark_white_points_first_then_red():
    brutus = card("brutus")  # torso 4+2
    assert [brutus.wound("torso", n).unmarked("torso") for n in range(7)] == [
        (4, 2),
        (3, 2),
        (2, 2),
        (1, 2),
        (0, 2),
        (0, 1),
        (0, 0),
    ]
    assert [brutus.wound("torso", n).status("torso") for n in (3, 4)] == ["normal", "wounded"]


def test_out_of_action_when_any_zone_is_full():
    vladd = card("vladd")  # head 1+1
    assert not vladd.wound("head").out_of_action
    assert vladd.wound("head", 2).out_of_action
    assert not vladd.wound("arms", 2).wound("torso", 2).wound("legs", 2).out_of_action


def test_a_zone_without_red_points_puts_out_of_action_at_its_last_white_point():
    data = starter_set().warriors["tony"].model_dump()
    data["zones"]["legs"] = (2, 0)
    tony = ProfileCard(Warrior.model_validate(data))
    assert not tony.wound("legs").out_of_action
    assert tony.wound("legs", 2).out_of_action


def test_healing_needs_a_mark_and_a_warrior_still_in_play():
    yuri = card("yuri")
    with pytest.raises(ValueError):
        yuri.heal("head")
    assert yuri.wound("arms").healable() == ("arms",)
    out = yuri.wound("legs", 3)
    assert out.out_of_action and out.healable() == ()
    with pytest.raises(ValueError):
        out.heal("legs")


def test_healing_more_than_the_marks_leaves_the_zone_clean():
    assert card("yuri").wound("head", 2).heal("head", 3).marked("head") == 0


def test_the_hit_index_gives_a_zone_for_each_face():
    assert [card("elenia").hit_zone(face) for face in range(1, 7)] == [
        "head",
        "arms",
        "arms",
        "torso",
        "torso",
        "legs",
    ]
    for face in (0, 7):
        with pytest.raises(ValueError):
            card("elenia").hit_zone(face)


def test_modifiers_add_to_the_value_in_force_and_round_up():
    ngobo = card("ngobo").wound("arms", 2)  # KAT red 4
    machete = starter_set().items["machete"].mode("melee")
    assert ngobo.attribute("kat", using=machete) == 5
    assert ngobo.attribute("kat", modifiers=(-1,)) == 3
    assert ngobo.attribute("kat", modifiers=(Fraction(1, 2),)) == 5
    assert ngobo.attribute("psi", using=machete) == 3  # the bonus is to KAT only
    assert card("gorm").attribute("psi", modifiers=(-1,)) == 0  # may reach 0 (L240)


def test_an_items_bonus_counts_only_in_the_mode_used():
    rifle = starter_set().items["sniper_rifle"]
    voss = card("voss")
    assert voss.attribute("kat", using=rifle.mode("shooting")) == 6
    fist = starter_set().items["shock_fist"]
    assert card("k7").attribute("kat", using=fist.mode("tech")) == 4


def test_rounding_up():
    assert [halved(n) for n in range(7)] == [0, 1, 1, 2, 2, 3, 3]
    assert rounded_up(Fraction(13, 2)) == 7
    assert rounded_up(4) == 4


# -- armour -------------------------------------------------------------------------


def test_armour_protects_its_zone_only():
    brutus = card("brutus")  # leather jacket: torso +1
    assert [brutus.armour(zone) for zone in ("head", "arms", "torso", "legs")] == [0, 0, 1, 0]
    assert brutus.hit("torso", 3).marked("torso") == 2
    assert brutus.hit("arms", 3).marked("arms") == 3


def test_armour_of_all_items_adds_up_and_all_protects_every_zone():
    k7 = card("k7")  # combat armour: all +1, full protection
    assert [k7.armour(zone) for zone in ("head", "arms", "torso", "legs")] == [1, 1, 1, 1]
    assert k7.full_protection and not card("reyes").full_protection
    items = starter_set().items
    both = dataclasses.replace(k7, items=(items["combat_armour"], items["helmet"]))
    assert both.armour("head") == 2 and both.armour("legs") == 1


def test_armour_for_ranged_attacks_only():
    from tabletop.games.skirmish.card_schema import Item

    field = Item.model_validate(
        {
            "key": "gyromagnetic_field",
            "name": "Gyromagnetic field",
            "modes": [{"category": "armour", "armour": {"all": 2}, "ranged_only": True}],
        }
    )
    reyes = dataclasses.replace(card("reyes"), items=(*card("reyes").items, field))
    assert reyes.armour("head") == 1
    assert reyes.armour("head", ranged=True) == 3


def test_armour_can_be_ignored_and_never_heals():
    reyes = card("reyes")
    assert reyes.hit("head", 2, armour_ignored=True).marked("head") == 2
    assert through_armour(1, 3) == 0
    assert card("k7").wound_every_zone().marks == (1, 1, 1, 1)


# -- the card's state ----------------------------------------------------------------


def test_a_card_is_immutable_and_each_change_gives_a_new_one():
    yuri = card("yuri")
    wounded = yuri.wound("head")
    assert yuri.marks == (0, 0, 0, 0) and wounded.marks == (1, 0, 0, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        yuri.marks = (1, 0, 0, 0)  # type: ignore[misc]


def test_the_state_is_plain_data_and_restores_the_same_card():
    abama = card("abama").wound("torso", 5).wound("legs")
    data = json.loads(json.dumps(abama.to_data()))
    assert data == {"warrior": "abama", "marks": [0, 0, 5, 1]}
    restored = starter_set().restore(data)
    assert restored == abama
    assert restored.attribute("wid") == 4 and restored.armour("torso") == 1


@pytest.mark.parametrize(
    "data",
    [
        {"warrior": "nobody", "marks": [0, 0, 0, 0]},
        {"warrior": "yuri", "marks": [0, 0, 0]},
        {"warrior": "yuri", "marks": [5, 0, 0, 0]},
        {"warrior": "yuri", "marks": [-1, 0, 0, 0]},
        {"warrior": "yuri", "marks": [True, 0, 0, 0]},
        {"warrior": "yuri"},
    ],
)
def test_a_state_that_does_not_fit_the_card_is_refused(data):
    with pytest.raises(ValueError):
        starter_set().restore(data)
