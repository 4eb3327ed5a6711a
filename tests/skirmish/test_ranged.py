"""Shots with shooting and throwing weapons as a pure resolution (rulebook L548-574;
DECISIONS S5, S6, S23-S25): who may shoot whom, the KAT roll with the sight's obstacles,
shots into a melee, the hit roll and its shifts, the strength roll, wounds, markers,
what a shot costs and the plain data a pending shot is kept as."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.play import limits, ranged
from tabletop.games.skirmish.play.attack import Choice, Outcome, attack_cost, weapon
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.chance import PendingRoll
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

from .scenes import new_table, piece


def warriors(table: Table, *placed: tuple[str, tuple[float, float], int]) -> dict[str, ProfileCard]:
    """Starter-set warriors on the table: (key, centre, side); the model id is the key."""
    cards = {}
    for key, position, side in placed:
        card = starter_set().card(key)
        table.add_model(Model(key, card.warrior.base, position, side, name=card.warrior.name))
        cards[key] = card
    return cards


def run(shot: ranged.Shot, *steps) -> ranged.Shot:
    """Feed the shot its faces (tuples) and choices (ints or ids) in order."""
    for step in steps:
        shot = shot.rolled(step) if isinstance(step, tuple) else shot.chose(step)
    return shot


def a55():
    table = new_table()
    cards = warriors(table, ("yuri", (100, 300), 0), ("kira", (250, 300), 1), ("tony", (175, 325), 0))
    return table, cards


# -- the acceptance scenarios -----------------------------------------------------------


def test_a55_a_shot_past_an_obstacle():
    table, cards = a55()
    shot = ranged.aim(table, cards, "yuri", "kira", "throwing_knives")
    roll = shot.need
    assert isinstance(roll, PendingRoll)
    assert (roll.roll.dice, roll.roll.difficulty) == (3, 5)  # KAT 4 - 1 obstacle (Tony), Kira's GES 5
    assert shot.chance_spec().reason.render() == "Yuri's KAT roll, difficulty 5: 3 dice"
    shot = shot.rolled((5, 6, 2))
    assert shot.successes == 2
    hit = shot.need
    assert isinstance(hit, PendingRoll) and hit.dice == 1
    shot = shot.rolled((2,))
    choice = shot.need
    assert isinstance(choice, Choice) and choice.kind == "shift" and choice.chooser == "yuri"
    assert choice.options == (1, 2, 3)
    shot = shot.chose(2)  # no shift
    strength = shot.need
    assert (strength.roll.dice, strength.roll.difficulty) == (4, 3)  # STÄ 2 + 2 successes, Kira's WID 3
    shot = shot.rolled((3, 1, 4, 2))
    outcome = shot.outcome
    assert outcome is not None and outcome.succeeded
    kira = outcome.cards(cards)["kira"]
    assert kira.marked("arms") == 2 and kira.is_wounded("arms")
    assert kira.attribute("kat") == 3
    assert outcome.line.render() == (
        "Yuri shoots Kira (Throwing knives): 3 dice against GES 5 (1 obstacle: -1 KAT), 2 successes,"
        " hit roll 2 -> arms, strength 4 against WID 3, 2 wounds."
    )
    # no reaction is offered to a shot (S23): nothing waited for was Kira's
    # had Yuri shifted to the head, the strength roll would have had 3 dice
    shifted = run(ranged.aim(table, cards, "yuri", "kira", "throwing_knives"), (5, 6, 2), (2,), 1)
    assert shifted.need.roll.dice == 3


def test_a55_kira_is_never_asked_to_choose():
    table, cards = a55()
    shot = ranged.aim(table, cards, "yuri", "kira", "throwing_knives")
    choosers = []
    for step in ((5, 6, 2), (2,), 2, (3, 1, 4, 2)):
        if isinstance(shot.need, Choice):
            choosers.append(shot.need.chooser)
        shot = shot.rolled(step) if isinstance(step, tuple) else shot.chose(step)
    assert choosers == ["yuri"]


def test_a56_a_shot_without_a_success_fails_at_once():
    table, cards = a55()
    shot = ranged.aim(table, cards, "yuri", "kira", "throwing_knives").rolled((1, 2, 4))
    assert shot.need is None
    assert shot.outcome == Outcome(False, (), (), shot.outcome.line)
    assert shot.outcome.line.render() == (
        "Yuri shoots at Kira (Throwing knives): 3 dice against GES 5 (1 obstacle: -1 KAT), no success: the shot misses."
    )
    # the attack is spent all the same: its cost is 1 AP and one of the round's 2 attacks
    item, mode = weapon(cards["yuri"], "throwing_knives", "shooting")
    cost = attack_cost(item, mode)
    assert cost.ap == 1 and cost.counters == ("attack",)


def test_a58_free_means_no_enemy_in_contact():
    table, cards = a55()
    warriors(table, ("vladd", (100, 331), 0))  # a friend touching Yuri
    assert table.in_contact("yuri", "vladd")
    ranged.aim(table, cards | {"vladd": starter_set().card("vladd")}, "yuri", "kira", "throwing_knives")
    cards |= warriors(table, ("nia", (69, 300), 1))  # an enemy touching Yuri
    cards["vladd"] = starter_set().card("vladd")
    with pytest.raises(IllegalAction) as refused:
        ranged.aim(table, cards, "yuri", "kira", "throwing_knives")
    assert refused.value.reason.render() == "Yuri is in contact with an enemy: only a free warrior attacks from afar."


def test_a59_range_and_the_nearest_target():
    table = new_table()
    cards = warriors(table, ("kessler", (100, 100), 0), ("yuri", (100 + 15 + 310 + 15, 100), 1))
    refusals = ranged.target_refusals(table, cards, "kessler", *weapon(cards["kessler"], "assault_rifle", "shooting"))
    assert refusals["yuri"].render() == "Yuri is 31.0 cm away; the Assault rifle reaches 30.0 cm."
    with pytest.raises(IllegalAction):
        ranged.aim(table, cards, "kessler", "yuri", "assault_rifle")

    table = new_table()
    cards = warriors(
        table,
        ("kessler", (100, 300), 0),
        ("kira", (100 + 30 + 200, 300), 1),  # 20 cm, free
        ("nia", (100, 300 + 30 + 250), 1),  # 25 cm, free
    )
    rifle = weapon(cards["kessler"], "assault_rifle", "shooting")
    refusals = ranged.target_refusals(table, cards, "kessler", *rifle)
    assert refusals["kira"] is None
    assert refusals["nia"].render() == "Kira is nearer: a shot goes to a nearest enemy in range and sight."
    with pytest.raises(IllegalAction):
        ranged.aim(table, cards, "kessler", "nia", "assault_rifle")
    # an enemy engaged in melee at 15 cm may be skipped or chosen
    cards |= warriors(table, ("elenia", (100, 300 - 30 - 150), 1), ("vladd", (100, 300 - 30 - 150 - 31), 0))
    assert table.engaged("elenia")
    refusals = ranged.target_refusals(table, cards, "kessler", *rifle)
    assert refusals["elenia"] is None and refusals["kira"] is None
    assert refusals["nia"].render().startswith("Kira is nearer")  # not Elenia, who may be skipped
    ranged.aim(table, cards, "kessler", "elenia", "assault_rifle")
    ranged.aim(table, cards, "kessler", "kira", "assault_rifle")


# -- who may be shot ----------------------------------------------------------------------


def test_a_target_out_of_sight_says_what_is_in_the_way():
    table = new_table()
    cards = warriors(table, ("yuri", (100, 300), 0), ("kira", (220, 300), 1))
    piece(table, "wall", "wall", (160, 300), 90)
    refusals = ranged.target_refusals(table, cards, "yuri", *weapon(cards["yuri"], "throwing_knives", "shooting"))
    assert refusals["kira"].render().startswith("Yuri cannot see Kira: ")
    with pytest.raises(IllegalAction):
        ranged.aim(table, cards, "yuri", "kira", "throwing_knives")


def test_only_an_enemy_with_a_shooting_weapon_the_shooter_carries():
    table, cards = a55()
    with pytest.raises(IllegalAction, match="Tony is not an enemy of Yuri"):
        ranged.aim(table, cards, "yuri", "tony", "throwing_knives")
    with pytest.raises(IllegalAction, match="does not carry the item Pistol"):
        ranged.aim(table, cards, "yuri", "kira", "pistol")
    with pytest.raises(IllegalAction, match="cannot be used that way"):
        ranged.aim(table, cards, "yuri", "kira", "molotov_cocktail")


def test_the_weapons_bonus_counts_in_the_kat_roll():
    table = new_table()
    cards = warriors(table, ("voss", (100, 300), 0), ("yuri", (400, 300), 1))
    shot = ranged.aim(table, cards, "voss", "yuri", "sniper_rifle")
    assert shot.need.roll.dice == 6  # KAT 5 + 1 (sniper rifle)


def test_modifiers_in_force_count_for_kat_ges_and_wid():
    table, cards = a55()
    shot = ranged.aim(table, cards, "yuri", "kira", "throwing_knives", {"yuri": {"kat": -2}, "kira": {"ges": 1}})
    assert (shot.need.roll.dice, shot.need.roll.difficulty) == (1, 6)


def test_a_shot_whose_obstacles_leave_no_dice_fails_without_dice():
    table, cards = a55()
    shot = ranged.aim(table, cards, "yuri", "kira", "throwing_knives", {"yuri": {"kat": -3}})
    assert shot.chance_spec() is None and shot.need.dice == 0
    shot = shot.rolled(())
    assert shot.outcome is not None and not shot.outcome.succeeded


def test_high_ground_adds_range_and_kat_under_the_terrain_rules():
    table = new_table(TERRAIN_RULES)
    piece(table, "hill", "small_hill", (100, 300))
    cards = warriors(table, ("kessler", (100, 300), 0), ("yuri", (100 + 15 + 330 + 15, 300), 1))
    shot = ranged.aim(table, cards, "kessler", "yuri", "assault_rifle")  # 33 cm: within 30 + 5
    assert shot.need.roll.dice == 6  # KAT 4 + 2 against a target below
    level = new_table(TERRAIN_RULES)
    cards = warriors(level, ("kessler", (100, 300), 0), ("yuri", (100 + 15 + 330 + 15, 300), 1))
    with pytest.raises(IllegalAction):
        ranged.aim(level, cards, "kessler", "yuri", "assault_rifle")


# -- shots into a melee (S24) ---------------------------------------------------------------


def melee_at_range():
    """Tony shoots at Kira, who is engaged by Vladd (Tony's friend) and touched by Nia
    (her friend); Vladd stands nearer to Tony than Nia does."""
    table = new_table()
    cards = warriors(
        table,
        ("tony", (100, 300), 0),
        ("kira", (250, 300), 1),
        ("vladd", (250, 269), 0),
        ("nia", (281, 300), 1),
    )
    return table, cards


def test_odd_successes_on_an_engaged_target_stray_to_the_nearest_warrior_touching_it():
    table, cards = melee_at_range()
    shot = ranged.aim(table, cards, "tony", "kira", "pistol")
    assert shot.need.roll.dice == 4
    shot = shot.rolled((6, 1, 1, 1))  # one success
    assert shot.target.id == "vladd"  # Tony's own friend, the nearest to him touching Kira
    assert [e.message.render() for e in shot.events][-1] == (
        "Kira is engaged and the successes are odd: the shot strays to Vladd."
    )
    shot = run(shot, (1,), (6, 6, 6, 6))  # hit roll 1: Vladd's head, strength 3 + 1 against WID 4
    assert shot.outcome.wounds[0].warrior == "vladd"


def test_even_successes_or_a_free_target_do_not_stray():
    table, cards = melee_at_range()
    shot = ranged.aim(table, cards, "tony", "kira", "pistol")
    two = (6, 6) + (1,) * (shot.need.roll.dice - 2)
    assert shot.rolled(two).target.id == "kira"
    table, cards = a55()
    shot = ranged.aim(table, cards, "yuri", "kira", "throwing_knives").rolled((6, 1, 1))
    assert shot.target.id == "kira" and not shot.strays


def test_equally_near_strays_are_the_shooters_choice():
    table = new_table()
    cards = warriors(
        table,
        ("tony", (100, 300), 0),
        ("kira", (250, 300), 1),
        ("vladd", (250, 269), 0),
        ("nia", (250, 331), 1),
    )
    shot = ranged.aim(table, cards, "tony", "kira", "pistol")
    shot = shot.rolled((6,) + (1,) * (shot.need.roll.dice - 1))
    choice = shot.need
    assert isinstance(choice, Choice) and choice.kind == "stray" and choice.chooser == "tony"
    assert set(choice.options) == {"vladd", "nia"}
    assert shot.chose("nia").target.id == "nia"
    with pytest.raises(IllegalAction):
        shot.chose("kira")


# -- the hit roll, the strength roll, wounds and markers ----------------------------------


def test_the_targets_own_shift_comes_first_and_its_player_chooses():
    table = new_table()
    cards = warriors(table, ("tony", (100, 300), 0), ("elenia", (250, 300), 1))
    shot = ranged.aim(table, cards, "tony", "elenia", "pistol")
    shot = shot.rolled((6, 6, 1, 1)).rolled((5,))
    choice = shot.need
    assert isinstance(choice, Choice) and (choice.kind, choice.chooser) == ("effect_shift", "elenia")
    assert choice.options == (4, 5, 6)
    shot = shot.chose(6)
    choice = shot.need
    assert (choice.kind, choice.chooser, choice.options) == ("shift", "tony", (5, 6))
    shot = run(shot, 6, (6, 6, 6, 6, 6))
    assert shot.outcome.wounds[0].zone == "legs"


def test_a15_a_helmet_takes_one_wound_off_a_head_shot():
    table = new_table()
    cards = warriors(table, ("tony", (100, 300), 0), ("reyes", (250, 300), 1))
    shot = ranged.aim(table, cards, "tony", "reyes", "pistol")
    one = run(shot, (6, 1, 1, 1), (1,), (4, 1, 1, 1))  # strength 3 + 1 against WID 4: 1 success
    assert not one.outcome.succeeded and one.outcome.wounds == ()
    two = run(shot, (6, 1, 1, 1), (1,), (4, 4, 1, 1))
    assert one.outcome.line.render().endswith("0 wounds.")
    assert two.outcome.succeeded and two.outcome.cards(cards)["reyes"].marked("head") == 1


def test_the_shot_that_puts_a_warrior_out_of_action_leaves_saying_so_to_the_table():
    table, cards = a55()
    shot = run(ranged.aim(table, cards, "yuri", "kira", "throwing_knives"), (6, 6, 6), (1,), 1, (6, 6, 6, 6, 6))
    events = [event.message.render() for event in shot.outcome.events(cards)]
    assert shot.outcome.cards(cards)["kira"].out_of_action
    # the one line saying so comes as the warrior leaves the table (rounds.remove)
    assert not any("out of action" in line for line in events)


def shooting_weapon_with_markers(table, cards):
    """Kira's bow as if it were a fire bow with Brand (1) and Furcht (2)."""
    shot = ranged.aim(table, cards, "kira", "yuri", "bow")
    return shot.__class__(**{**shot.__dict__, "fire": 1, "fear": 2})


def test_a_weapons_markers_follow_a_success_wound_or_not():
    table = new_table()
    cards = warriors(table, ("kira", (100, 300), 0), ("yuri", (250, 300), 1))
    shot = shooting_weapon_with_markers(table, cards)
    unhurt = run(shot, (6, 1, 1, 1), (4,), (1, 1, 1, 1))
    assert not unhurt.outcome.succeeded
    assert {(g.warrior, g.marker, g.count) for g in unhurt.outcome.markers} == {
        ("yuri", "fire", 1),
        ("yuri", "fear", 2),
    }
    missed = shot.rolled((1, 1, 1, 1))
    assert missed.outcome.markers == ()
    # the option "only with a wound"
    strict = shot.__class__(**{**shot.__dict__, "markers_need_wound": True})
    assert run(strict, (6, 1, 1, 1), (4,), (1, 1, 1, 1)).outcome.markers == ()
    assert run(strict, (6, 1, 1, 1), (4,), (6, 1, 1, 1)).outcome.markers


# -- what a shot costs ----------------------------------------------------------------------


def test_a_shot_costs_1_ap_and_counts_against_2_attacks_a_round():
    cards = {key: starter_set().card(key) for key in ("yuri", "voss", "ngobo")}
    cost = attack_cost(*weapon(cards["yuri"], "throwing_knives", "shooting"))
    assert cost.refusal("Yuri", 3, {"attack": 1}, {}) is None
    assert cost.refusal("Yuri", 1, {"attack": 2}, {}).render() == "Yuri has attacked 2 times this round, its limit."
    assert cost.refusal("Yuri", 0, {}, {}).render() == "Yuri needs 1 AP."
    assert limits.ACTION_LIMITS["attack"].round == 2


def test_items_with_their_own_uses_count_against_them_too():
    voss = starter_set().card("voss")
    cost = attack_cost(*weapon(voss, "sniper_rifle", "shooting"))
    assert cost.counters == ("attack", "item:sniper_rifle")
    refused = cost.refusal("Voss", 2, {"attack": 1, "item:sniper_rifle": 1}, {})
    assert refused.render() == "Voss has used the item Sniper rifle 1 time this round, its limit."
    assert cost.refusal("Voss", 2, {"attack": 0}, {"item:sniper_rifle": 9}) is None
    javelins = attack_cost(*weapon(starter_set().card("ngobo"), "javelins", "shooting"))
    assert javelins.refusal("Ngobo", 3, {}, {"item:javelins": 1}) is None
    refused = javelins.refusal("Ngobo", 3, {}, {"item:javelins": 2})
    assert refused.render() == "Ngobo has used the item Javelins 2 times this game, its limit."


# -- plain data ---------------------------------------------------------------------------------


def test_a_pending_shot_is_plain_data_and_comes_back_the_same():
    table, cards = melee_at_range()
    shot = ranged.aim(table, cards, "tony", "kira", "pistol")
    for step in ((6, 6, 6, 1), (3,)):
        data = json.loads(json.dumps(shot.to_data()))
        assert ranged.Shot.from_data(data) == shot
        shot = shot.rolled(step)
    assert ranged.Shot.from_data(json.loads(json.dumps(shot.to_data()))) == shot


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_faces_and_choices_end_in_an_outcome_within_the_cards(data):
    table, cards = melee_at_range()
    shot = ranged.aim(table, cards, "tony", "kira", "pistol")
    for _ in range(8):
        need = shot.need
        if need is None:
            break
        if isinstance(need, Choice):
            shot = shot.chose(data.draw(st.sampled_from(need.options)))
        else:
            shot = shot.rolled(tuple(data.draw(st.lists(st.integers(1, 6), min_size=need.dice, max_size=need.dice))))
    outcome = shot.outcome
    assert outcome is not None
    assert outcome.succeeded == bool(outcome.wounds)
    assert all(w.warrior in ("kira", "vladd", "nia") and 1 <= w.wounds for w in outcome.wounds)
    assert len(outcome.wounds) <= 1
    changed = outcome.cards(cards)
    assert all(
        card.marked(zone) <= sum(card.warrior.points_of(zone))
        for card in changed.values()
        for zone in ("head", "arms", "torso", "legs")
    )
    assert outcome.line.render()
