"""Terrain auras under the extended terrain rules (terrain.yaml `aura:`): the energy
field generator's gyromagnetic field against ranged attacks (L746) and the cult
statue, which the Matriarchat may not attack and which gives her sisters PSI +1
(L748, S37)."""

from __future__ import annotations

import pytest

from tabletop.engine.core import CHANCE
from tabletop.engine.data import DataError, load_dataset
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play import combat, destruction
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, END
from tests.skirmish.positions import NAMES, act, refused
from tests.skirmish.test_data import _data_copy, _replace

TERRAIN = {"spacing": "warn", "ruleset": "terrain"}

# the generator is a 30 mm square about (300, 300): its lower side at y = 315


def _generator(target_y: float, ruleset: str = "terrain"):
    """Kessler shoots at Yuri below the generator, Yuri's base `target_y - 15 - 315`
    mm from its outline; Tony touches Yuri."""
    return position(
        terrain=[Piece("energy_field_generator", (300, 300))],
        warriors=[
            Warrior(0, (300, 560), "kessler"),
            Warrior(1, (300, target_y), "yuri"),
            Warrior(0, (330, target_y), "tony"),
        ],
        phase=ACTIVATION,
        active="w1",
        options={**TERRAIN, "ruleset": ruleset},
    )


def _ranged_armour(state) -> tuple[int, ...]:
    """Yuri's armour in the shot Kessler makes at him now, zone by zone."""
    act(state, "shoot", model="w1", item="assault_rifle", target="w2")
    shot = combat.resolution(state)
    return tuple(shot.target.armour_of(zone) for zone in ("head", "arms", "torso", "legs"))


def test_the_generators_field_adds_2_armour_against_a_shot_within_5_cm_not_at_5_1_cm():
    # Yuri has no armour of his own: the field's all +2 is all he has
    assert _ranged_armour(_generator(380.0)) == (2, 2, 2, 2)  # 5 cm from the outline
    assert _ranged_armour(_generator(381.0)) == (0, 0, 0, 0)  # 5.1 cm
    assert _ranged_armour(_generator(345.0)) == (2, 2, 2, 2)  # 1.5 cm
    # the basic rules have no auras
    assert _ranged_armour(_generator(345.0, ruleset="basic")) == (0, 0, 0, 0)


def test_the_field_is_read_when_the_shot_is_made_so_a_shot_at_5_cm_wounds_2_less():
    state = _generator(380.0)
    act(state, "shoot", model="w1", item="assault_rifle", target="w2")
    # the full shot: KAT 4 against GES 5, two successes; hit roll 4 (torso); STR 4 + 2
    # against WID 4: three successes, less the field's 2 = 1 wound
    lines = _rolled(state, 5, 6, 1, 2) + _rolled(state, 4)
    lines += act(state, "shift", face=4)  # Kessler keeps the torso
    lines += _rolled(state, 4, 5, 6, 1, 2, 3)
    assert state.models["w2"]["marks"] == [0, 0, 1, 0], lines
    assert "Yuri's armour takes 2 wounds off." in lines, lines


def _rolled(state, *faces: int) -> list[str]:
    assert RULES.actor(state) == CHANCE
    return [event.message.render(NAMES) for event in RULES.apply_chance(state, faces).events]


def test_the_field_does_not_count_against_a_melee_attack():
    state = _generator(345.0)
    yuri = combat.fighter(state, "w2").card
    assert yuri.armour("torso", ranged=True) == 2  # the item is his while he stands there
    assert yuri.armour("torso") == 0 and yuri.hit("torso", 3).marked("torso") == 3  # melee: no armour


def test_a_destroyed_generator_has_no_field():
    state = _generator(345.0)
    assert combat.cards(state)["w2"].armour("head", ranged=True) == 2  # the field stands
    destruction.hit(state, "t1", "Tony", 3)  # Zerstörung (3): it is a destroyed area now
    assert state.pieces["t1"]["kind"] == "destroyed_area"
    assert _ranged_armour(state) == (0, 0, 0, 0)


def test_the_view_shows_the_field_with_its_piece():
    state = _generator(345.0)
    yuri = next(w for w in RULES.view(state, 0).warriors if w.id == "w2")
    assert [m.render() for m in yuri.auras] == [
        "Energy field generator: Gyromagnetic field, armour +2 against ranged attacks"
    ]
    far = next(w for w in RULES.view(_generator(381.0), 0).warriors if w.id == "w2")
    assert far.auras == ()


# -- the cult statue -------------------------------------------------------------------------
# a hexagon about (300, 300): its lower side at y = 313.9


def _statue(*warriors: Warrior, phase: str = ACTIVATION, weather=()):
    return position(
        terrain=[Piece("cult_statue", (300, 300))],
        warriors=warriors,
        phase=phase,
        active="w1" if phase == ACTIVATION else None,
        options=TERRAIN,
        weather=weather,
    )


@pytest.mark.parametrize(
    "warrior, kind", [("elenia", "attack_piece"), ("gorm", "attack_piece"), ("nia", "shoot_piece")]
)
def test_the_matriarchat_and_her_slaves_may_not_attack_the_statue(warrior, kind):
    # Elenia a sister, Gorm and Nia her slaves, touching the statue
    state = _statue(Warrior(0, (300, 313.9 + 20 if warrior == "gorm" else 313.9 + 15), warrior), Warrior(1, (550, 550)))
    params = {"model": "w1", "piece": "t1"} | ({"item": "throwing_knives"} if kind == "shoot_piece" else {})
    said = refused(state, kind, **params)
    assert "may not attack Feminist cult statue" in said, said
    assert state.pieces["t1"].get("damage", 0) == 0


def test_another_faction_may_attack_the_statue():
    state = _statue(Warrior(0, (300, 328.9), "yuri"), Warrior(1, (550, 550), "elenia"))
    lines = act(state, "attack_piece", model="w1", piece="t1")
    assert lines[-1] == "Yuri attacks Feminist cult statue: 1 of 2 attacks counted."


def _fear_dice(state) -> str:
    return RULES.chance_spec(state).reason.render(NAMES)


def test_a_sister_within_10_cm_of_the_statue_rolls_her_psi_with_1_more():
    # Elenia PSI 4, afraid: the end phase's PSI roll (step 4, L428); 10 cm from the statue
    near = _statue(Warrior(0, (300, 428.9), "elenia", markers={"fear": 1}), Warrior(1, (550, 550)), phase=END)
    assert _fear_dice(near) == "Elenia's PSI roll, difficulty 5: 5 dice"
    far = _statue(Warrior(0, (300, 429.9), "elenia", markers={"fear": 1}), Warrior(1, (550, 550)), phase=END)
    assert _fear_dice(far) == "Elenia's PSI roll, difficulty 5: 4 dice"
    # a storm shortens moves, not this distance (S37)
    storm = _statue(
        Warrior(0, (300, 428.9), "elenia", markers={"fear": 1}), Warrior(1, (550, 550)), phase=END, weather=["storm"]
    )
    assert _fear_dice(storm) == "Elenia's PSI roll, difficulty 5: 5 dice"
    # a slave is no sister: Gorm keeps PSI 1
    gorm = _statue(Warrior(0, (300, 340), "gorm", markers={"fear": 1}), Warrior(1, (550, 550)), phase=END)
    assert _fear_dice(gorm) == "Gorm's PSI roll, difficulty 5: 1 die"


def test_the_card_shows_her_psi_with_the_statue_as_its_reason():
    state = _statue(Warrior(0, (300, 340), "elenia"), Warrior(1, (550, 550), "kira"))
    elenia = next(w for w in RULES.view(state, 0).warriors if w.id == "w1")
    assert dict(elenia.attributes)["psi"] == 5
    assert [m.render() for m in elenia.auras] == ["Feminist cult statue: PSI +1"]


# -- the data ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "{verb: item, item: gyromagnetic_field, within: 50}",
            "{verb: item, item: helmet, within: 0}",
            "greater than 0",
        ),
        ("{verb: item, item: gyromagnetic_field, within: 50}", "{verb: item, item: whip, within: 50}", "only armour"),
        ("{verb: item, item: gyromagnetic_field, within: 50}", "{verb: glow, within: 50}", "verb"),
        ("who: {factions: [matriarchat]}}", "who: {factions: [amazons]}}", "no faction 'amazons'"),
        ("types: [sister]}}", "types: [sisters]}}", "no warrior has the type 'sisters'"),
        ("attribute: psi, by: 1,", "attribute: psi, by: 0,", "a modifier of 0 changes nothing"),
    ],
)
def test_a_broken_aura_names_its_file_and_line(tmp_path, old, new, message):
    root = _data_copy(tmp_path)
    line = _replace(root / "skirmish" / "terrain.yaml", old, new)
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root=root)
    found = [(p.file, p.line, p.message) for p in err.value.problems]
    assert any(name.endswith("skirmish/terrain.yaml") and at == line and message in text for name, at, text in found), (
        found
    )


def test_a_fire_template_of_the_matriarchat_does_not_set_the_statue_burning_anothers_does():
    from tabletop.games.skirmish.play import burning
    from tabletop.games.skirmish.play.state import table_of
    from tabletop.games.skirmish.table import measure

    state = _statue(Warrior(0, (300, 340), "elenia"), Warrior(1, (550, 550), "yuri"))
    blast = measure.explosion(table_of(state), (300.0, 300.0))
    assert burning.template_reaches(state, blast, 1, "Elenia", "w1") == []
    assert not state.pieces["t1"].get("burning")
    lines = [event.message.render(NAMES) for event in burning.template_reaches(state, blast, 1, "Yuri", "w2")]
    assert "Feminist cult statue is burning." in lines and state.pieces["t1"]["burning"]


def test_the_pieces_description_says_what_its_aura_does_under_the_terrain_rules():
    from tabletop.games.skirmish.play.state import kinds
    from tabletop.games.skirmish.screen.reading import terrain_words
    from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES, effect

    statue, generator = kinds()["cult_statue"], kinds()["energy_field_generator"]
    words = terrain_words(statue, effect(statue, TERRAIN_RULES), True)
    assert words[-2:] == ["Matriarchat may not attack it", "PSI +1 within 10 cm for sisters of Matriarchat"]
    assert terrain_words(generator, effect(generator, TERRAIN_RULES), True)[-1] == "Gyromagnetic field within 5 cm"
    assert not any("within" in word for word in terrain_words(generator, effect(generator, BASIC), False))


def _climb_dice(monkeypatch, ges_bonus: int) -> int:
    """The dice of Yuri's climb onto a rocky hill, with an aura giving GES `ges_bonus`."""
    from tabletop.games.skirmish.play import auras, climbing

    bonus = auras.bonus
    monkeypatch.setattr(auras, "bonus", lambda state, model_id: {**bonus(state, model_id), "ges": ges_bonus})
    state = position(
        terrain=[Piece("rocky_hill", (300, 300))],
        warriors={"yuri": Warrior(0, (300, 250), "yuri"), "kira": Warrior(1, (550, 550), "kira")},
        phase=ACTIVATION,
        active="yuri",
        options={"spacing": "warn", "ruleset": "terrain"},
    )
    piece = next(iter(state.pieces))
    move = climbing.plan(state, "climb", "yuri", piece)
    assert move is not None and move.may_start
    act(state, "climb", model="yuri", piece=piece, at=climbing.ends_of(move)[0])
    return RULES.chance_spec(state).count


def test_an_aura_on_ges_counts_in_a_climbs_roll_as_in_every_other_roll(monkeypatch):
    """The climb's, swim's and jump's rolls read the attribute in force as the other
    rolls do (auras.attribute_in_force): a modder's piece giving GES +1 adds a die."""
    assert _climb_dice(monkeypatch, 1) == _climb_dice(monkeypatch, 0) + 1
