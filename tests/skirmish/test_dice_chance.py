"""The skirmish game's rolls as chance steps: the engine asks for each roll's dice with a
reason in words, the faces drawn or typed come back as the roll's outcome, each roll
has its log line, and a pool of dice can be typed in one go ("35146")."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.play import chance
from tabletop.games.skirmish.play.dice import (
    ComparisonRoll,
    FireRoll,
    HitRoll,
    attribute_roll,
    explosion_roll,
    fear_roll,
    strength_roll,
)

HIT_INDEX = ("head", "arms", "arms", "torso", "torso", "legs")


def test_a7_the_psi_roll_asks_for_four_dice_with_its_reason():
    pending = chance.attribute("Yuri", "PSI", attribute_roll(4, 5))
    spec = chance.chance_spec(pending)
    assert (spec.kind, spec.count, spec.sides) == ("dice", 4, 6)
    assert spec.physical
    assert spec.reason.render() == "Yuri's PSI roll, difficulty 5: 4 dice"
    result = chance.settle(pending, (1, 4, 5, 6))
    assert result.successes == 2
    event = chance.rolled(pending, result)
    assert event.kind == "dice" and event.data["faces"] == [1, 4, 5, 6]
    assert event.message.render() == "Yuri's PSI roll at difficulty 5: 1 4 5 6, 2 successes."


def test_a8_the_reason_names_the_dice_left_after_the_difficulty_above_6():
    pending = chance.attribute("Abama Fettsack", "KAT", attribute_roll(4, 7))
    spec = chance.chance_spec(pending)
    assert spec.count == 3
    assert spec.reason.render() == "Abama Fettsack's KAT roll, difficulty 6: 3 dice"


def test_a73_a_roll_without_dice_asks_for_none_and_fails():
    pending = chance.attribute("Gorm", "PSI", fear_roll(0))
    assert chance.chance_spec(pending) is None
    result = chance.settle(pending, ())
    assert not result.succeeded
    event = chance.rolled(pending, result)
    assert event.kind == "log"
    assert event.message.render() == "Gorm's PSI roll fails without dice."


def test_one_die_is_one_die_in_the_reason_and_the_log():
    pending = chance.explosion("Kira", explosion_roll(1, 3))
    assert chance.chance_spec(pending).reason.render() == "Explosion on Kira, difficulty 3: 1 die"
    line = chance.rolled(pending, chance.settle(pending, (5,))).message.render()
    assert line == "Explosion on Kira at difficulty 3: 5, 1 success."


def test_a9_the_comparison_asks_for_one_die_each_first_warrior_first():
    pending = chance.comparison("Vladd", "Ngobo Flitzehand", "KAT", ComparisonRoll(6, 4))
    spec = chance.chance_spec(pending)
    assert spec.count == 2
    assert spec.reason.render() == "Vladd and Ngobo Flitzehand compare KAT: one die each, Vladd's first"
    result = chance.settle(pending, (1, 4))
    assert result.winner == 1
    line = chance.rolled(pending, result).message.render()
    assert line == "Vladd and Ngobo Flitzehand compare KAT: Vladd 7, Ngobo Flitzehand 8; Ngobo Flitzehand wins."


def test_a_tied_comparison_says_roll_again():
    pending = chance.comparison("Tony", "Elenia", "KAT", ComparisonRoll(4, 4))
    line = chance.rolled(pending, chance.settle(pending, (3, 3))).message.render()
    assert line == "Tony and Elenia compare KAT: 7 each and equal KAT; roll again."


def test_a10_the_hit_roll_asks_for_one_die():
    pending = chance.hit("Elenia", HitRoll(HIT_INDEX))
    spec = chance.chance_spec(pending)
    assert spec.count == 1
    assert spec.reason.render() == "Hit roll on Elenia: one die"
    hit = chance.settle(pending, (5,))
    assert hit.zone == "torso"
    assert chance.rolled(pending, hit).message.render() == "Hit roll on Elenia: 5."


def test_the_strength_roll_asks_for_strength_plus_successes():
    pending = chance.strength("Kira", strength_roll(2, 2, 3))
    assert chance.chance_spec(pending).reason.render() == "Strength roll against Kira, difficulty 3: 4 dice"


def test_the_fire_roll_asks_for_three_dice():
    pending = chance.fire("Yuri", FireRoll(4))
    spec = chance.chance_spec(pending)
    assert spec.count == 3
    assert spec.reason.render() == "Fire on Yuri: 3 dice, a wound for each above WID 4"
    burn = chance.settle(pending, (5, 4, 6))
    assert burn.wounds == 2
    assert chance.rolled(pending, burn).message.render() == "Fire on Yuri: 5 4 6, 2 wounds."


@pytest.mark.parametrize(
    "pending",
    [
        chance.attribute("Yuri", "GES", attribute_roll(5, 4)),
        chance.comparison("Vladd", "Kira", "KAT", ComparisonRoll(6, 4)),
        chance.hit("Kira", HitRoll(HIT_INDEX)),
        chance.fire("Yuri", FireRoll(4)),
        chance.strength("Kira", strength_roll(4, 3, 3)),
    ],
)
def test_the_dice_the_engine_draws_settle_the_roll(pending):
    spec = chance.chance_spec(pending)
    rng = random.Random(7)
    for _ in range(50):
        faces = spec.draw(rng)
        assert spec.valid(faces)
        outcome = chance.settle(pending, faces)
        assert chance.rolled(pending, outcome).data["faces"] == list(faces)


# -- typing the faces ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["35146", "3 5 1 4 6", "3,5,1,4,6", " 35 146 ", "3, 5, 1, 4, 6"])
def test_five_dice_typed_in_one_go(text):
    assert chance.parse_faces(text, 5) == (3, 5, 1, 4, 6)


def test_typed_faces_fit_the_engines_chance_step():
    spec = chance.chance_spec(chance.attribute("Tony", "KAT", attribute_roll(5, 3)))
    assert spec.valid(chance.parse_faces("35146", spec.count))


def refusal(text, count, sides=6):
    with pytest.raises(IllegalAction) as refused:
        chance.parse_faces(text, count, sides)
    return refused.value.reason.render()


def test_too_few_or_too_many_faces_are_refused():
    assert refusal("3514", 5) == "Type 5 faces, one for each die (you typed 4)."
    assert refusal("351462", 5) == "Type 5 faces, one for each die (you typed 6)."
    assert refusal("12", 1) == "Type 1 face, one for each die (you typed 2)."


def test_a_face_the_die_does_not_have_is_refused():
    assert refusal("35147", 5) == "7 is not a face of a die with 6 sides: type 1 to 6."
    assert refusal("30146", 5) == "0 is not a face of a die with 6 sides: type 1 to 6."


def test_anything_but_faces_is_refused():
    assert refusal("35x46", 5) == '"x" is not a face: type the faces as numbers from 1 to 6.'
    assert refusal("3-5", 2) == '"-" is not a face: type the faces as numbers from 1 to 6.'
    assert refusal("", 5) == "Type the faces of the 5 dice, for example 35146."
    assert refusal("  ", 1) == "Type the face of the die."


def test_dice_with_ten_or_more_sides_need_spaces():
    assert chance.parse_faces("10 3 12", 3, sides=12) == (10, 3, 12)
    assert refusal("10 3 13", 3, sides=12) == "13 is not a face of a die with 12 sides: type 1 to 12."


@given(st.lists(st.integers(1, 6), min_size=1, max_size=12))
def test_typed_faces_read_back_as_they_were_rolled(faces):
    assert chance.parse_faces("".join(map(str, faces)), len(faces)) == tuple(faces)
    assert chance.parse_faces(" ".join(map(str, faces)), len(faces)) == tuple(faces)
