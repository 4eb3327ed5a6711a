"""The skirmish game's rolls (rulebook 2.A, L224-256; DECISIONS S1-S6): the
attribute roll, the comparison roll, the hit roll and its shifts, the strength,
Explosiv and fire rolls, dodging and armour. Each is a pure value: dice in, outcome out."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.skirmish.play.dice import (
    ComparisonRoll,
    FireRoll,
    HitRoll,
    after_dodge,
    attacker_shifts,
    attribute_roll,
    disengage_roll,
    dodge_roll,
    effect_shifts,
    explosion_roll,
    explosion_wounds,
    fear_roll,
    roll_off,
    strength_roll,
    successes_after_shift,
)
from tabletop.games.skirmish.play.profile import through_armour

#: the hit index of every starter warrior (S3; skirmish-acceptance.md's fixtures)
HIT_INDEX = ("head", "arms", "arms", "torso", "torso", "legs")

faces_of = st.integers(min_value=1, max_value=6)


# -- the attribute roll ------------------------------------------------------------------


def test_a7_yuris_psi_roll_at_difficulty_5_has_two_successes():
    roll = attribute_roll(4, 5)  # Yuri's PSI 4
    assert (roll.dice, roll.difficulty) == (4, 5)
    result = roll.outcome((1, 4, 5, 6))
    assert result.successes == 2
    assert result.succeeded


def test_a8_difficulty_7_becomes_6_and_takes_a_die_away():
    roll = attribute_roll(4, 7)  # Abama Fettsack's KAT 4
    assert (roll.dice, roll.difficulty) == (3, 6)
    assert roll.outcome((6, 4, 3)).successes == 1


def test_a46_disengaging_from_ges_7_is_two_dice_at_difficulty_6():
    # Brutus (GES 3) in contact with Elenia, GES 5 + 2 Wut markers = 7
    roll = disengage_roll(3, [7])
    assert (roll.dice, roll.difficulty) == (2, 6)


def test_a73_an_attribute_at_0_fails_without_dice():
    # Gorm's PSI 1 with a Gift marker is 0: his fear roll has no dice and fails
    roll = fear_roll(1 - 1)
    assert roll.dice == 0
    result = roll.outcome(())
    assert result.successes == 0
    assert not result.succeeded
    assert attribute_roll(-2, 3).dice == 0


def test_a74_a_difficulty_below_1_makes_every_die_a_success():
    # Kira's WID 3 with 3 Wut markers is 0; Vladd strikes with KAT 6 + machete 1
    roll = attribute_roll(7, 0)
    assert (roll.dice, roll.difficulty) == (7, 1)
    assert roll.outcome((1, 1, 2, 3, 1, 5, 6)).successes == 7
    assert attribute_roll(4, -3).outcome((1, 1, 1, 1)).successes == 4


def test_a_die_at_the_difficulty_is_a_success():
    assert attribute_roll(6, 4).outcome((4, 3, 6, 1, 4, 5)).successes == 4


def test_difficulty_far_above_6_can_leave_no_dice():
    assert attribute_roll(2, 8).dice == 0
    assert attribute_roll(3, 8).dice == 1


def test_a_roll_wants_exactly_its_dice_as_faces():
    roll = attribute_roll(3, 4)
    with pytest.raises(ValueError):
        roll.outcome((1, 2))
    with pytest.raises(ValueError):
        roll.outcome((1, 2, 7))
    with pytest.raises(ValueError):
        roll.outcome((1, 2, True))


@given(st.integers(-3, 14), st.integers(-3, 14), st.data())
def test_successes_never_exceed_the_dice(attribute, difficulty, data):
    roll = attribute_roll(attribute, difficulty)
    assert 0 <= roll.dice <= max(0, attribute)
    assert 1 <= roll.difficulty <= 6
    faces = tuple(data.draw(st.lists(faces_of, min_size=roll.dice, max_size=roll.dice)))
    result = roll.outcome(faces)
    assert 0 <= result.successes <= roll.dice
    if difficulty < 1:
        assert result.successes == roll.dice


def test_a_fear_roll_is_psi_at_difficulty_5():
    # A67: Tony (PSI 5) with 3 Furcht markers: 2 successes take 2 away
    roll = fear_roll(5)
    assert (roll.dice, roll.difficulty) == (5, 5)
    assert roll.outcome((5, 6, 1, 2, 3)).successes == 2


# -- the comparison roll --------------------------------------------------------------------


def test_a9_ngobo_wins_the_kat_comparison_with_vladd():
    # Vladd KAT 6, Ngobo Flitzehand with wounded arms KAT 4; Vladd rolls 1, Ngobo 4
    result = ComparisonRoll(6, 4).outcome((1, 4))
    assert result.totals == (7, 8)
    assert result.winner == 1


def test_equal_totals_go_to_the_higher_attribute():
    assert ComparisonRoll(5, 3).outcome((1, 3)).winner == 0
    assert ComparisonRoll(3, 5).outcome((3, 1)).winner == 1


def test_equal_totals_and_equal_attributes_roll_again():
    assert ComparisonRoll(4, 4).outcome((2, 2)).winner is None


def test_a_roll_off_is_won_by_the_higher_die_and_ties_roll_again():
    roll = roll_off()
    assert roll.dice == 2
    assert roll.outcome((4, 4)).winner is None
    assert roll.outcome((2, 5)).winner == 1


@given(st.integers(-2, 10), st.integers(-2, 10), faces_of, faces_of)
def test_the_comparison_does_not_depend_on_who_is_first(first, second, a, b):
    ours = ComparisonRoll(first, second).outcome((a, b)).winner
    theirs = ComparisonRoll(second, first).outcome((b, a)).winner
    assert theirs == (None if ours is None else 1 - ours)


# -- the hit roll -----------------------------------------------------------------------------


def test_the_hit_roll_reads_the_targets_hit_index():
    roll = HitRoll(HIT_INDEX)
    assert roll.dice == 1
    assert [roll.outcome((face,)).zone for face in range(1, 7)] == list(HIT_INDEX)
    assert roll.outcome((1,)).face == 1


def test_a_hit_index_has_six_faces():
    with pytest.raises(ValueError):
        HitRoll(("head", "arms", "torso", "legs"))


def test_a10_geschmeidig_offers_leaving_5_or_4_or_6_and_6_hits_the_legs():
    # Tony's KAT roll on Elenia kept exactly 1 success; the hit roll shows 5 (torso)
    hit = HitRoll(HIT_INDEX).outcome((5,))
    assert hit.zone == "torso"
    offered = effect_shifts(hit.face, 1)
    assert offered == (4, 5, 6)  # never 7, never 3 (a shift of 2)
    chosen = 6  # Elenia's player chooses 6
    # the effect comes before the attacker's shifts; with 1 success he can shift nothing
    assert attacker_shifts(chosen, 1) == (chosen,)
    wounds = successes_after_shift(1, chosen, chosen)
    assert HitRoll(HIT_INDEX).zone(chosen).zone == "legs"
    assert wounds == 1


def test_an_effect_shift_stays_on_the_die():
    assert effect_shifts(6, 1) == (5, 6)
    assert effect_shifts(1, 1) == (1, 2)
    assert effect_shifts(3, 0) == (3,)


def test_the_attacker_spends_a_success_per_point_and_keeps_one():
    # A47: Brutus's hit roll 5 with 3 successes: he may spend 1 or 2, never all 3
    assert attacker_shifts(5, 3) == (3, 4, 5, 6)
    assert successes_after_shift(3, 5, 6) == 2
    assert successes_after_shift(3, 5, 3) == 1
    with pytest.raises(ValueError):
        successes_after_shift(3, 5, 2)
    with pytest.raises(ValueError):
        successes_after_shift(1, 5, 6)


def test_without_a_success_there_is_no_hit_roll_to_shift():
    assert attacker_shifts(4, 0) == ()


@given(faces_of, st.integers(0, 8))
def test_an_effect_shift_keeps_1_to_6_and_never_goes_further_than_its_value(face, by):
    offered = effect_shifts(face, by)
    assert face in offered
    assert all(1 <= f <= 6 and abs(f - face) <= by for f in offered)


@given(faces_of, st.integers(1, 12))
def test_the_attackers_shifts_keep_1_to_6_and_a_success(face, successes):
    for chosen in attacker_shifts(face, successes):
        assert 1 <= chosen <= 6
        assert successes_after_shift(successes, face, chosen) >= 1


# -- strength, Explosiv, dodging ---------------------------------------------------------------


def test_the_strength_roll_is_the_weapons_strength_plus_the_successes_against_wid():
    # A55: throwing knives (STÄ 2) and 2 successes kept against Kira's WID 3
    roll = strength_roll(2, 2, 3)
    assert (roll.dice, roll.difficulty) == (4, 3)
    assert roll.outcome((3, 1, 4, 2)).successes == 2


def test_the_strength_roll_follows_the_difficulty_above_6_rule():
    roll = strength_roll(3, 1, 7)
    assert (roll.dice, roll.difficulty) == (3, 6)


def test_explosiv_rolls_x_dice_against_wid_and_wounds_every_zone_once():
    # A61: the molotov (Explosiv 1): Kira rolls 2, Elenia 5, both against WID 3
    roll = explosion_roll(1, 3)
    assert explosion_wounds(roll.outcome((2,))) == 0
    assert explosion_wounds(roll.outcome((5,))) == 1
    # however many successes: one wound a zone
    assert explosion_wounds(explosion_roll(3, 2).outcome((6, 6, 6))) == 1
    # S1: a WID of 7 takes a die of the hand grenade's three away
    assert (explosion_roll(3, 7).dice, explosion_roll(3, 7).difficulty) == (2, 6)


def test_the_dodge_roll_is_ges_against_the_initiators_kat_and_cancels_successes():
    # A49: Nia (GES 4) dodges Tony (KAT 4), who kept 2 successes after his shift
    roll = dodge_roll(4, 4)
    assert (roll.dice, roll.difficulty) == (4, 4)
    dodged = roll.outcome((4, 1, 2, 3)).successes
    assert after_dodge(2, dodged) == 1
    assert after_dodge(2, 5) == 0
    # S20: against a KAT above 6 the dodge roll loses dice
    assert dodge_roll(4, 8).dice == 2


# -- fire and armour ---------------------------------------------------------------------------


def test_fire_rolls_three_dice_and_wounds_for_each_above_wid():
    # A64: Yuri (WID 4) with 2 Brand markers: 5 and 6 wound, 4 does not
    roll = FireRoll(4)
    assert roll.dice == 3
    assert roll.outcome((5, 4, 6)).wounds == 2


def test_fire_does_not_hurt_wid_6_or_more():
    assert FireRoll(6).outcome((6, 6, 6)).wounds == 0


def test_armour_takes_its_value_off_the_wounds():
    # A15: Reyes's helmet (head +1): 2 wounds -> 1; 1 wound -> none
    assert through_armour(2, 1) == 1
    assert through_armour(1, 1) == 0
    # A65: fire on Reyes [6, 6, 2], hit in the head: 2 - 1 = 1
    assert through_armour(FireRoll(4).outcome((6, 6, 2)).wounds, 1) == 1


def test_armour_of_several_items_adds_up():
    # S5: a leather jacket (torso +1) and the gyromagnetic field (all +2)
    # (the sum over a card's items: test_profile.py::test_armour_of_all_items_adds_up_and_all_protects_every_zone)
    assert through_armour(4, 1 + 2) == 1


@given(st.integers(0, 12), st.integers(0, 6))
def test_armour_never_leaves_negative_wounds(wounds, armour):
    assert 0 <= through_armour(wounds, armour) <= wounds


@given(st.integers(-2, 8), st.tuples(faces_of, faces_of, faces_of))
def test_fire_wounds_are_at_most_three(wid, faces):
    assert 0 <= FireRoll(wid).outcome(faces).wounds <= 3
