"""The starter set's profile cards and equipment (DECISIONS.md S38-S40) and the checks
that refuse a broken warriors.yaml or equipment.yaml at the line of the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import resources
from tabletop.games.skirmish.card_schema import ATTRIBUTES, EFFECT_VERBS, ZONES
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.validation import validate

# S39, S40: faction, stigma, base, points (contamination for the non-player warriors),
# PSI KAT WID GES, equipment, abilities
STARTER = {
    "yuri": ("jokergang", "chaos", 30, 20, (4, 4, 4, 5), ["throwing_knives", "molotov_cocktail"], []),
    "vladd": ("jokergang", "destruction", 30, 24, (3, 6, 4, 4), ["machete"], []),
    "tony": ("jokergang", "order", 30, 20, (5, 4, 3, 4), ["pistol"], []),
    "brutus": ("jokergang", "protection", 40, 24, (2, 4, 6, 3), ["chain", "leather_jacket"], []),
    "mira": ("jokergang", "change", 30, 18, (3, 3, 3, 5), ["flamethrower"], []),
    "abama": ("clan_bamaka", "protection", 40, 24, (3, 4, 5, 2), ["club", "leather_jacket"], []),
    "ngobo": ("clan_bamaka", "change", 30, 22, (3, 5, 3, 5), ["javelins"], []),
    "mbeki": ("clan_bamaka", "order", 30, 18, (6, 3, 3, 3), [], ["healer"]),
    "kuma": ("clan_bamaka", "destruction", 30, 20, (2, 5, 4, 4), ["machete"], []),
    "dzala": ("clan_bamaka", "chaos", 30, 18, (3, 4, 3, 5), ["bow"], []),
    "reyes": ("isc", "order", 30, 26, (5, 4, 4, 4), ["pistol", "helmet", "radio"], ["radio_order"]),
    "kessler": ("isc", "destruction", 30, 22, (3, 4, 4, 3), ["assault_rifle", "hand_grenade"], []),
    "hale": ("isc", "protection", 30, 18, (4, 3, 3, 4), ["pistol", "medikit"], ["medic"]),
    "voss": ("isc", "chaos", 30, 22, (3, 5, 3, 3), ["sniper_rifle"], []),
    "k7": ("isc", "change", 40, 26, (2, 4, 6, 3), ["shock_fist", "combat_armour"], ["machine"]),
    "elenia": ("matriarchat", "order", 30, 22, (4, 4, 3, 5), ["whip"], ["supple"]),
    "sabra": ("matriarchat", "destruction", 30, 26, (6, 4, 3, 4), ["whip"], ["command"]),
    "kira": ("matriarchat", "chaos", 30, 20, (3, 4, 3, 5), ["bow"], []),
    "gorm": ("matriarchat", "protection", 40, 20, (1, 4, 5, 3), ["club"], []),
    "nia": ("matriarchat", "change", 30, 14, (2, 3, 3, 4), ["throwing_knives"], []),
    "marauder": ("marauders", None, 30, 1, (2, 3, 3, 4), ["machete"], []),
    "plunderer": ("marauders", None, 30, 2, (2, 4, 4, 4), ["pistol"], []),
    "mutant": ("marauders", None, 40, 3, (1, 5, 5, 3), ["claws"], []),
}
#: KP white+red (head, arms, torso, legs) by base, and the cards that differ (S39)
POINTS_BY_BASE = {30: ((1, 1), (2, 1), (2, 1), (2, 1)), 40: ((1, 1), (2, 2), (4, 2), (2, 2))}
OTHER_POINTS = {
    "yuri": {"head": (2, 2)},
    "mbeki": {"head": (2, 2)},
    "sabra": {"head": (2, 2)},
    "abama": {"torso": (4, 3)},
}


def test_the_four_factions_and_the_non_player_warriors():
    factions = starter_set().factions
    assert [f.name for f in factions.values()] == ["Jokergang", "Clan Bamaka", "I.S.C.", "Matriarchat", "Marauders"]
    assert [key for key, f in factions.items() if f.non_player] == ["marauders"]
    assert [w.key for w in starter_set().of_faction("marauders")] == ["marauder", "plunderer", "mutant"]


def test_every_warrior_of_the_starter_set_as_listed():
    warriors = starter_set().warriors
    assert set(warriors) == set(STARTER)
    for key, (faction, stigma, base, value, numbers, gear, abilities) in STARTER.items():
        warrior = warriors[key]
        assert (warrior.faction, warrior.stigma, warrior.base) == (faction, stigma, base), key
        if faction == "marauders":
            assert (warrior.points, warrior.contamination) == (None, value), key
        else:
            assert (warrior.points, warrior.contamination) == (value, None), key
        assert tuple(warrior.white(a) for a in ATTRIBUTES) == numbers, key
        assert warrior.equipment == gear, key
        assert [ability.key for ability in warrior.abilities] == abilities, key


def test_red_values_constitution_points_and_hit_index_of_the_fixtures():
    """Red = white - 1 (at least 1); KP by base unless noted; hit index 1 head,
    2-3 arms, 4-5 torso, 6 legs (skirmish-acceptance.md, fixtures)."""
    for warrior in starter_set().warriors.values():
        for attribute in ATTRIBUTES:
            assert warrior.red(attribute) == max(1, warrior.white(attribute) - 1), (warrior.key, attribute)
        expected = dict(zip(ZONES, POINTS_BY_BASE[warrior.base], strict=True)) | OTHER_POINTS.get(warrior.key, {})
        assert {zone: warrior.points_of(zone) for zone in ZONES} == expected, warrior.key
        assert warrior.hit_index == ["head", "arms", "arms", "torso", "torso", "legs"], warrior.key


def test_types():
    warriors = starter_set().warriors
    assert warriors["k7"].types == ["cyborg"]
    assert [k for k, w in warriors.items() if "sister" in w.types] == ["elenia", "sabra", "kira"]
    assert [k for k, w in warriors.items() if "slave" in w.types] == ["gorm", "nia"]
    assert warriors["yuri"].types == ["human"]


def test_the_rulebooks_numbers_for_named_warriors():
    warriors = starter_set().warriors
    yuri = warriors["yuri"]  # L102-170
    assert (yuri.attributes.psi, yuri.white("kat"), yuri.white("wid"), yuri.white("ges")) == ((4, 3), 4, 4, 5)
    assert (yuri.points_of("head"), yuri.hit_index[0], yuri.points, yuri.stigma) == ((2, 2), "head", 20, "chaos")
    assert (warriors["vladd"].white("kat"), warriors["vladd"].white("psi")) == (6, 3)  # L246, L306
    assert warriors["ngobo"].red("kat") == 4  # L246
    assert warriors["abama"].white("kat") == 4  # L238
    elenia = warriors["elenia"]  # L256
    assert elenia.hit_index[4:] == ["torso", "legs"]
    shift = elenia.abilities[0].effects[0]
    assert (shift.verb, shift.by, elenia.abilities[0].kind) == ("hit_shift", 1, "permanent")


def test_equipment_as_s40():
    items = starter_set().items
    shooting = {
        "throwing_knives": (150, 2, {}, None, None),
        "javelins": (150, 3, {}, None, 2),
        "bow": (250, 3, {}, None, None),
        "pistol": (200, 3, {}, None, None),
        "assault_rifle": (300, 4, {}, None, None),
        "sniper_rifle": (450, 4, {"kat": 1}, 1, None),
    }
    for key, (reach, strength, bonus, per_round, per_game) in shooting.items():
        mode = items[key].mode("shooting")
        assert (mode.range, mode.strength, mode.bonus, mode.per_round, mode.per_game) == (
            reach,
            strength,
            bonus,
            per_round,
            per_game,
        ), key
    molotov, grenade = items["molotov_cocktail"].mode("throwable"), items["hand_grenade"].mode("throwable")
    assert (molotov.range, molotov.explosive, molotov.fire, molotov.per_game) == (150, 1, 1, 1)
    assert (grenade.range, grenade.explosive, grenade.fire, grenade.per_game) == (150, 3, None, 1)
    flame = items["flamethrower"]
    assert (flame.mode("area").fire, flame.mode("area").per_round, flame.mode("tech") is not None) == (1, 1, True)
    for key in ("machete", "chain", "club", "whip", "claws"):
        assert items[key].mode("melee").bonus == {"kat": 1}, key
    assert (items["whip"].mode("melee").fear, items["claws"].mode("melee").fear) == (1, 1)
    assert items["shock_fist"].mode("melee").bonus == {"kat": 2} and items["shock_fist"].mode("tech")
    assert items["helmet"].mode("armour").armour.of("head") == 1
    assert items["leather_jacket"].mode("armour").armour.of("torso") == 1
    armour = items["combat_armour"]
    assert [armour.mode("armour").armour.of(zone) for zone in ZONES] == [1, 1, 1, 1]
    assert armour.mode("armour").full_protection and armour.mode("tech")
    assert [m.category for m in items["medikit"].modes] == [m.category for m in items["radio"].modes] == ["tech"]


def test_abilities_are_data_in_the_vocabulary():
    warriors = starter_set().warriors

    def ability(warrior, key):
        return next(a for a in warriors[warrior].abilities if a.key == key)

    healer = ability("mbeki", "healer")
    assert (healer.cost.ap, healer.limit.round, healer.effects[0].wounds) == (1, 1, 1)
    assert healer.effects[0].target.who == "self_or_friend" and healer.effects[0].target.touching
    medic = ability("hale", "medic")
    assert (medic.cost.ap, medic.limit.round, medic.needs) == (1, 2, ["medikit"])
    assert medic.effects[0].target.who == "friend" and medic.effects[0].target.touching
    order = ability("reyes", "radio_order")
    assert (order.cost.ap, order.limit.game, order.effects[0].verb, order.effects[0].by) == (1, 1, "ap", 1)
    command = ability("sabra", "command")
    assert (command.cost.sp, command.limit.round) == (1, 1)
    rage = command.effects[0]
    assert (rage.verb, rage.marker, rage.count, rage.target.within, rage.target.type) == (
        "markers",
        "rage",
        1,
        100,
        "slave",
    )
    machine = ability("k7", "machine")
    assert (machine.kind, machine.effects[0].verb, machine.effects[0].marker, machine.effects[0].at_most) == (
        "permanent",
        "limit",
        "fear",
        0,
    )
    for warrior in warriors.values():
        for each in warrior.abilities:
            assert each.text and not each.by_hand
            assert all(effect.verb in EFFECT_VERBS for effect in each.effects)


# -- checks: a broken file is refused at the line of its fault --------------------------

WARRIORS = resources.DATA / "skirmish" / "warriors.yaml"
EQUIPMENT = resources.DATA / "skirmish" / "equipment.yaml"


def broken(tmp_path: Path, source: Path, old: str, new: str, after: str = "") -> tuple[Path, int]:
    """A copy of a data file with the first `old` after the text `after` replaced by
    `new`, and the line `old` was on."""
    text = source.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    at = text.index(old, start)
    path = tmp_path / source.name
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    return path, text.count("\n", 0, at) + 1


def problems(path: Path) -> list[tuple[int, str, str]]:
    """The problems of the edited file; validate also reports those its edit causes
    in the other, bundled files (a scenario's model on a base the card no longer has)."""
    found = validate([path], game="skirmish")
    return [(p.line, p.field, p.message) for p in found if p.file == str(path)]


def only(path: Path, line: int, field: str, words: str) -> None:
    found = problems(path)
    assert len(found) == 1 and found[0][:2] == (line, field) and words in found[0][2], found


def test_the_bundled_cards_have_no_fault():
    assert problems(WARRIORS) == [] and problems(EQUIPMENT) == []


def test_a_card_with_unknown_equipment_is_refused(tmp_path):
    path, line = broken(tmp_path, WARRIORS, "equipment: [machete]", "equipment: [machete, laser]", "key: vladd")
    only(path, line, "warriors.1.equipment.1", "no item 'laser' in skirmish/equipment.yaml")


def test_an_ability_outside_the_vocabulary_with_no_text_is_refused(tmp_path):
    path, line = broken(tmp_path, WARRIORS, "{verb: hit_shift, by: 1}", "{verb: dance, by: 1}")
    only(path, line, "warriors.15.abilities.0.effects.0.verb", "'dance' is not an effect of the vocabulary")
    said = "        effects:\n          - {verb: hit_shift, by: 1}\n"
    text = "        text: Her player may shift a hit roll on her by 1, up or down.\n"
    path, line = broken(tmp_path, WARRIORS, said + text, "")
    only(path, line - 3, "warriors.15.abilities.0", "needs its text, to apply by hand")


def test_an_ability_the_vocabulary_cannot_express_is_kept_as_text(tmp_path):
    path, _line = broken(tmp_path, WARRIORS, "        effects:\n          - {verb: hit_shift, by: 1}\n", "")
    assert problems(path) == []


@pytest.mark.parametrize(
    "new, field, words",
    [
        ("[head, arms, arms, torso, torso]", "hit_index", "six zones, not 5"),
        ("[head, arms, arms, torso, torso, legs, legs]", "hit_index", "six zones, not 7"),
        ("[head, arms, arms, torso, tail, legs]", "hit_index.4", "should be 'head', 'arms', 'torso' or 'legs'"),
        ("[head, arms, arms, torso, torso, torso]", "hit_index", "no face of the hit index hits the legs"),
    ],
)
def test_a_hit_index_that_is_not_six_faces_of_known_zones_is_refused(tmp_path, new, field, words):
    path, line = broken(tmp_path, WARRIORS, "[head, arms, arms, torso, torso, legs]", new, "key: tony")
    only(path, line, f"warriors.2.{field}", words)


@pytest.mark.parametrize(
    "old, new, field, words",
    [
        ("ges: [4, 3]}", "ges: [4, -1]}", "attributes.ges.1", "greater than or equal to 0"),
        ("ges: [4, 3]}", "}", "attributes.ges", "missing field"),
        ("legs: [2, 1]}", "legs: [-2, 1]}", "zones.legs.0", "greater than or equal to 0"),
        ("legs: [2, 1]}", "legs: [0, 0]}", "zones.legs", "a body zone has at least one point"),
        ("points: 20", "points: -5", "points", "greater than or equal to 0"),
        ("points: 20", "contamination: 2", "", "a player's warrior has points, not contamination"),
        ("base: 30", "base: 35", "base", "base 35 mm is not one of 30, 40 mm"),
        ("stigma: order", "stigma: greed", "stigma", "should be"),
        ("faction: jokergang", "faction: pirates", "faction", "no faction 'pirates'"),
        ("equipment: [pistol]", "equipment: [pistol, pistol]", "equipment.1", "'pistol' is listed twice"),
    ],
)
def test_missing_negative_and_unknown_values_are_refused(tmp_path, old, new, field, words):
    path, line = broken(tmp_path, WARRIORS, old, new, "key: tony")
    found = problems(path)
    if field:
        only(path, line, f"warriors.2.{field}", words)
    else:  # reported at the card's own line
        assert len(found) == 1 and found[0][1] == "warriors.2" and words in found[0][2], found


def test_a_missing_value_is_reported_at_the_line_of_the_card_that_lacks_it(tmp_path):
    path, _line = broken(tmp_path, WARRIORS, "    hit_index: [head, arms, arms, torso, torso, legs]\n", "", "key: tony")
    card = WARRIORS.read_text(encoding="utf-8").splitlines().index("  - key: tony") + 1
    only(path, card, "warriors.2.hit_index", "missing field")


def test_an_ability_needing_an_item_the_card_lacks_is_refused(tmp_path):
    path, line = broken(tmp_path, WARRIORS, "equipment: [pistol, medikit]", "equipment: [pistol]", "key: hale")
    only(path, line + 7, "warriors.12.abilities.0.needs.0", "needs 'medikit', which the card does not list")


def test_an_effect_for_a_type_no_warrior_has_is_refused(tmp_path):
    path, line = broken(tmp_path, WARRIORS, "type: slave}", "type: robot}")
    only(path, line, "warriors.16.abilities.0.effects.0.target.type", "no warrior has the type 'robot'")


def test_a_non_player_warrior_has_contamination(tmp_path):
    path, line = broken(tmp_path, WARRIORS, "contamination: 1", "points: 10", "key: marauder")
    found = problems(path)
    assert len(found) == 1 and found[0][1] == "warriors.20" and "a non-player warrior has contamination" in found[0][2]


@pytest.mark.parametrize(
    "old, new, field, words",
    [
        (
            "{category: shooting, range: 200, strength: 3}",
            "{category: shooting, strength: 3}",
            "modes.0",
            "needs range",
        ),
        ("{category: melee, bonus: {kat: 1}}", "{category: melee, bonus: {kat: 1}, range: 10}", "range", "belongs to"),
        ("{category: armour, armour: {head: 1}}", "{category: armour}", "modes.0", "needs armour"),
        ("{category: armour, armour: {head: 1}}", "{category: armour, armour: {}}", "armour", "at least one zone"),
        ("{category: armour, armour: {head: 1}}", "{category: armour, armour: {head: -1}}", "armour.head", "greater"),
        ("{category: melee, bonus: {kat: 1}}", "{category: sword, bonus: {kat: 1}}", "category", "should be"),
        ("{category: melee, bonus: {kat: 1}}", "{category: melee, bonus: {luck: 1}}", "bonus.luck", "should be"),
    ],
)
def test_a_broken_item_is_refused(tmp_path, old, new, field, words):
    path, line = broken(tmp_path, EQUIPMENT, old, new)
    found = problems(path)
    assert len(found) == 1, found
    assert found[0][0] == line and found[0][1].startswith("items.") and found[0][1].endswith(field), found
    assert words in found[0][2], found
