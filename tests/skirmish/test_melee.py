"""Melee as pure resolution: the target's reaction, the KAT roll against WID, the hit
roll with its shifts, dodging, strike back with its comparison and follow-up, the
weapon's markers, wounds on the card; the charge and breaking away (rulebook 6.A,
L470-546; DECISIONS S16-S21, S25, S36). Warriors are the starter set's."""

from __future__ import annotations

import pytest

from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.play import chance
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.melee import Choice, Given, Melee, Options, Spend, attack, charge, disengage
from tabletop.games.skirmish.play.reaction import Fighter, attack_refusal, charge_refusal, reactions


def fighter(key: str, side: int = 0, ap: int = 3, attacks: int = 2, **kwargs) -> Fighter:
    return Fighter.of(key, side, starter_set().card(key), ap=ap, attacks_left=attacks, **kwargs)


def lines(events) -> list[str]:
    return [event.message.render() for event in events]


class Play:
    """A melee driven step by step, its log collected, its state checked to survive
    a round trip through plain data at every step."""

    def __init__(self, started):
        self.melee, events = started
        self.log = lines(events)
        self._check()

    def _check(self):
        assert Melee.from_data(self.melee.to_data()) == self.melee

    def roll(self, *faces: int) -> Play:
        pending = self.melee.next
        assert isinstance(pending, chance.PendingRoll), pending
        self.melee, events = self.melee.roll(faces)
        self.log += lines(events)
        self._check()
        return self

    def choose(self, option) -> Play:
        self.melee, events = self.melee.choose(option)
        self.log += lines(events)
        self._check()
        return self

    @property
    def choice(self) -> Choice:
        assert isinstance(self.melee.next, Choice), self.melee.next
        return self.melee.next

    @property
    def pending(self) -> chance.PendingRoll:
        assert isinstance(self.melee.next, chance.PendingRoll), self.melee.next
        return self.melee.next


# -- the acceptance scenarios ---------------------------------------------------------


def test_a47_melee_passive_brutus_shifts_to_the_legs_of_voss():
    play = Play(attack(fighter("brutus"), fighter("voss", 1)))
    assert play.choice.kind == "reaction" and play.choice.side == 1
    play.choose("passive")
    spec = chance.chance_spec(play.pending)
    assert (spec.count, play.pending.roll.difficulty) == (5, 3)  # KAT 4 + chain 1 against WID 3
    play.roll(1, 3, 3, 6, 2)
    assert play.melee.successes == 3
    play.roll(5)  # torso
    assert play.choice.kind == "attacker_shift" and play.choice.side == 0
    assert play.choice.options == (3, 4, 5, 6)  # he could not spend all 3 successes
    play.choose(6)
    assert play.melee.done
    voss = play.melee.outcome.card("voss")
    assert voss.marked("legs") == 2 and voss.is_wounded("legs")
    assert voss.attribute("ges") == 2
    assert (
        "Brutus strikes Voss: 5 dice against WID 3, 3 successes, hit roll 5 moved to 6 -> legs, 2 wounds." in play.log
    )
    assert play.melee.outcome.spends == (Spend("brutus", 1, "attack"),)
    assert play.melee.outcome.items_used == (("brutus", "chain"),)


def test_a49_melee_dodge_nia_cancels_one_of_tonys_successes():
    play = Play(attack(fighter("tony"), fighter("nia", 1)))
    play.choose("dodge")
    assert play.melee.fighter("nia").ap == 2
    assert play.pending.roll.dice == 4 and play.pending.roll.difficulty == 3
    play.roll(3, 6, 2, 5).roll(2)  # 3 successes, arms
    play.choose(1)  # one spent: the head, 2 left
    assert play.melee.successes == 2
    dodge = play.pending
    assert (dodge.roll.dice, dodge.roll.difficulty) == (4, 4)  # Nia's GES against Tony's KAT
    play.roll(4, 1, 2, 3)
    assert play.melee.done
    nia = play.melee.outcome.card("nia")
    assert nia.marked("head") == 1 and nia.is_wounded("head")
    assert nia.attribute("psi") == 1
    assert play.log[-1] == (
        "Tony strikes Nia: 4 dice against WID 3, 3 successes, hit roll 2 moved to 1 -> head, 1 dodged, 1 wound."
    )
    assert Spend("nia", 1, None) in play.melee.outcome.spends


def test_a50_no_ap_no_dodge_only_the_passive_reaction():
    nia = fighter("nia", 1, ap=0)
    assert reactions(nia) == ("passive",)
    play = Play(attack(fighter("tony"), nia))
    assert play.log == ["Nia stays passive."]
    assert play.pending.what.params["attribute"] == "KAT"


def test_a52_strike_back_elenia_wins_the_comparison_and_whips_tony():
    play = Play(attack(fighter("tony"), fighter("elenia", 1)))
    play.choose("strike_back")
    compare = play.pending
    assert compare.roll.first == 4 and compare.roll.second == 5  # Elenia's whip counts
    play.roll(2, 4)  # 6 against 9
    assert (play.melee.striker, play.melee.struck) == ("elenia", "tony")
    assert (play.pending.roll.dice, play.pending.roll.difficulty) == (5, 3)
    play.roll(3, 5, 1, 2, 2).roll(3)
    assert play.choice.options == (2, 3, 4)
    play.choose(3)
    assert play.melee.done  # she won: no further attack of hers
    outcome = play.melee.outcome
    tony = outcome.card("tony")
    assert tony.marked("arms") == 2 and tony.attribute("kat") == 3
    assert outcome.given == (Given("tony", "fear", 1, "whip"),)
    assert outcome.fighters[0].marker("fear") == 1
    assert Spend("tony", 1, "attack") in outcome.spends and Spend("elenia", 1, "attack") in outcome.spends
    assert "Tony gets 1 fear marker (Whip)." in play.log


def test_a52_under_the_option_she_may_attack_after_a_won_comparison_and_feared_tony_cannot_strike_back():
    options = Options(follow_up_after_won=True)
    play = Play(attack(fighter("tony"), fighter("elenia", 1), options))
    play.choose("strike_back").roll(2, 4).roll(3, 5, 1, 2, 2).roll(3).choose(3)
    assert play.choice.kind == "follow_up" and play.choice.warrior == "elenia"
    play.choose("attack")
    assert play.choice.kind == "reaction" and play.choice.warrior == "tony"
    assert play.choice.options == ("passive", "dodge")
    elenia = play.melee.fighter("elenia")
    assert (elenia.ap, elenia.attacks_left) == (1, 0)


def test_a53_strike_back_is_not_offered_with_fear_without_ap_or_without_an_attack():
    assert reactions(fighter("nia", markers={"fear": 1})) == ("passive", "dodge")
    assert reactions(fighter("nia", ap=0)) == ("passive",)
    assert reactions(fighter("nia", attacks=0)) == ("passive", "dodge")
    assert reactions(fighter("nia")) == ("passive", "dodge", "strike_back")


def test_a43_charge_two_ap_then_an_attack_at_no_ap_that_counts():
    vladd = fighter("vladd")
    assert charge_refusal(vladd, engaged=False) is None
    play = Play(charge(vladd, fighter("kira", 1)))
    assert play.melee.outcome.spends == (Spend("vladd", 2, "charge"), Spend("vladd", 0, "attack"))
    after = play.melee.fighter("vladd")
    assert (after.ap, after.attacks_left) == (1, 1)
    assert play.choice.kind == "reaction" and play.choice.warrior == "kira"


def test_a43_a_charge_without_contact_is_a_plain_move():
    melee, events = charge(fighter("vladd"), None)
    assert melee.done and events == ()
    assert melee.outcome.spends == (Spend("vladd", 1, "move"),)


def test_a43_a_charge_is_refused_in_contact_or_with_both_attacks_used():
    assert charge_refusal(fighter("vladd"), engaged=True).render() == (
        "Vladd is in contact with an enemy: a charge starts free."
    )
    assert charge_refusal(fighter("vladd", attacks=0), engaged=False).render() == "Vladd has no attack left this round."
    assert charge_refusal(fighter("vladd", ap=1), engaged=False).render() == "Vladd needs 2 AP."
    assert charge_refusal(fighter("vladd", markers={"fear": 1}), engaged=False) is not None


def test_a44_disengaging_success_tony_breaks_away_and_moves():
    play = Play(disengage(fighter("tony"), (fighter("nia", 1), fighter("elenia", 1))))
    assert (play.pending.roll.dice, play.pending.roll.difficulty) == (4, 5)
    play.roll(5, 1, 2, 3)
    assert play.melee.done and play.melee.outcome.may_move is True
    assert play.melee.outcome.spends == (Spend("tony", 1, "move"),)
    assert play.log[-1] == "Tony breaks away from the melee."


def test_a46_disengaging_from_ges_7_is_two_dice_at_difficulty_6():
    enraged = fighter("elenia", 1, markers={"rage": 2}, modifiers={"ges": 2, "kat": 2, "wid": -2, "psi": -2})
    play = Play(disengage(fighter("brutus"), (enraged,)))
    assert (play.pending.roll.dice, play.pending.roll.difficulty) == (2, 6)


# -- the rules ---------------------------------------------------------------------------


def test_no_success_ends_the_attack_before_the_hit_roll_and_gives_no_marker():
    play = Play(attack(fighter("elenia"), fighter("tony", 1))).choose("passive")
    play.roll(1, 2, 1, 2, 2)
    assert play.melee.done
    assert play.melee.outcome.card("tony").marks == (0, 0, 0, 0)
    assert play.melee.outcome.given == ()
    assert play.log[-1] == "Elenia strikes Tony: 5 dice against WID 3, no success; the attack fails."


def test_the_effect_owner_shifts_first_then_the_attacker():
    play = Play(attack(fighter("tony"), fighter("elenia", 1))).choose("passive")
    play.roll(6, 6, 1, 1).roll(5)  # 2 successes, torso
    assert play.choice.kind == "effect_shift" and play.choice.side == 1
    assert play.choice.options == (4, 5, 6)
    play.choose(6)
    assert play.choice.kind == "attacker_shift" and play.choice.options == (5, 6)
    play.choose(6)
    assert play.melee.outcome.card("elenia").marked("legs") == 2


def test_a_dodge_that_cancels_every_success_wounds_nothing_and_gives_no_marker():
    play = Play(attack(fighter("elenia"), fighter("tony", 1))).choose("dodge")
    play.roll(6, 1, 1, 1, 1).roll(4)  # 1 success, torso
    assert (play.pending.roll.dice, play.pending.roll.difficulty) == (4, 5)  # her KAT with the whip (S20)
    play.roll(5, 1, 1, 1)
    assert play.melee.done
    assert play.melee.outcome.card("tony").marks == (0, 0, 0, 0) and play.melee.outcome.given == ()


def test_a_surviving_success_gives_the_whips_fear_even_without_a_wound_unless_the_option_asks_for_one():
    def whipped(options):
        play = Play(attack(fighter("elenia"), fighter("reyes", 1), options)).choose("passive")
        return play.roll(6, 1, 1, 1, 1).roll(1).melee.outcome  # 1 success on the head: the helmet takes it

    plain = whipped(Options())
    assert plain.card("reyes").marks == (0, 0, 0, 0)
    assert plain.given == (Given("reyes", "fear", 1, "whip"),)
    assert whipped(Options(markers_need_wound=True)).given == ()


def test_armour_takes_its_share_and_says_so():
    play = Play(attack(fighter("vladd"), fighter("brutus", 1))).choose("passive")
    play.roll(6, 6, 6, 1, 1, 1, 1).roll(4)  # KAT 6 + machete 1 = 7 dice against WID 6; torso
    play.choose(4)
    assert play.melee.outcome.card("brutus").marked("torso") == 2  # 3 successes, leather jacket 1
    assert "Brutus's armour takes 1 wound off." in play.log


def test_a_card_that_holds_no_fear_takes_no_fear_marker():
    play = Play(attack(fighter("elenia"), fighter("k7", 1))).choose("passive")
    play.roll(6, 6, 6, 6, 6).roll(4).choose(4)
    assert play.melee.outcome.given == ()


def test_an_attack_without_dice_fails_at_once():
    weak = fighter("nia", modifiers={"kat": -3})
    play = Play(attack(weak, fighter("tony", 1))).choose("passive")
    assert play.melee.done
    assert play.log[-2:] == [
        "Nia's KAT roll fails without dice.",
        "Nia strikes Tony: 0 dice against WID 3, no success; the attack fails.",
    ]


def test_equal_totals_and_equal_kat_roll_the_comparison_again():
    play = Play(attack(fighter("tony"), fighter("nia", 1, modifiers={"kat": 1}))).choose("strike_back")
    play.roll(3, 3)
    assert play.melee.stage == "compare"
    play.roll(1, 2)
    assert play.melee.striker == "nia"


def test_the_target_that_lost_the_comparison_may_attack_at_once_and_the_initiator_may_strike_back():
    play = Play(attack(fighter("vladd"), fighter("nia", 1))).choose("strike_back")
    play.roll(6, 1)  # Vladd 13 against Nia 4: Vladd strikes
    play.roll(1, 1, 1, 1, 1, 1, 6).roll(6)  # 1 success to the legs
    assert play.choice.kind == "follow_up" and play.choice.warrior == "nia"
    play.choose("attack")
    assert play.choice.warrior == "vladd" and play.choice.options == ("passive", "dodge", "strike_back")
    nia = play.melee.fighter("nia")
    assert (nia.ap, nia.attacks_left) == (1, 0)
    play.choose("strike_back").roll(6, 1)  # Nia 9, Vladd 8: Nia strikes
    play.roll(6, 6, 1).roll(2).choose(2)
    assert play.melee.done  # Vladd lost, but his two attacks are used: the chain ends
    assert play.melee.outcome.card("vladd").marked("arms") == 2


def test_the_follow_up_may_be_declined_and_needs_the_target_on_the_table():
    play = Play(attack(fighter("vladd"), fighter("nia", 1))).choose("strike_back")
    play.roll(6, 1).roll(1, 1, 1, 1, 1, 1, 6).roll(6)
    play.choose("decline")
    assert play.melee.done and play.log[-1] == "Nia lets the exchange end."
    knocked = Play(attack(fighter("vladd"), fighter("nia", 1))).choose("strike_back")
    knocked.roll(6, 1).roll(6, 6, 6, 6, 1, 1, 1).roll(1).choose(1)
    assert knocked.melee.done and knocked.melee.outcome.out_of_action == ("nia",)
    # the warrior put out of action says so once, as it leaves the table (rounds.remove)
    assert not any("out of action" in line for line in knocked.log)


def test_a_feared_warrior_may_not_attack_but_may_dodge():
    feared = fighter("tony", markers={"fear": 1})
    assert attack_refusal(feared).render() == "Tony has a fear marker: it may only move and dodge."
    assert attack_refusal(fighter("tony", ap=0)).render() == "Tony needs 1 AP."
    assert attack_refusal(fighter("tony")) is None


def test_breaking_away_fails_each_enemy_may_strike_and_the_warrior_stays_passive():
    enemies = (fighter("nia", 1), fighter("elenia", 1, ap=0), fighter("kira", 1))
    play = Play(disengage(fighter("tony"), enemies))
    play.roll(1, 1, 1, 1)
    assert play.choice.kind == "punish" and play.choice.warrior == "nia"
    play.choose("attack")
    assert str(play.pending.what.params["warrior"]) == "Nia"  # no reaction: Tony stays passive
    play.roll(1, 1, 1)
    assert play.choice.warrior == "kira"  # Elenia has no AP: not asked
    play.choose("decline")
    assert play.melee.done and play.melee.outcome.may_move is True
    assert Spend("nia", 1, "attack") in play.melee.outcome.spends
    assert play.log[-1] == "Kira lets Tony go."


def test_a_warrior_put_out_of_action_while_breaking_away_does_not_move():
    play = Play(disengage(fighter("nia"), (fighter("vladd", 1), fighter("kira", 1))))
    play.roll(1, 1, 1, 1).choose("attack")
    play.roll(6, 6, 6, 6, 1, 1, 1).roll(1).choose(1)
    assert play.melee.done and play.melee.outcome.may_move is False
    assert play.melee.outcome.out_of_action == ("nia",)


def test_a_non_player_warrior_strikes_back_for_free_and_never_follows_up():
    mutant = fighter("mutant", 1, ap=0, attacks=0, non_player=True)
    play = Play(attack(fighter("vladd"), mutant))
    assert play.log == ["Mutant strikes back."] and play.melee.stage == "compare"
    play.roll(6, 1).roll(1, 1, 1, 1, 1, 1, 6).roll(6)
    assert play.melee.done
    assert [s.warrior for s in play.melee.outcome.spends] == ["vladd"]


def test_a_choice_not_offered_and_a_roll_out_of_turn_are_refused():
    melee, _ = attack(fighter("tony"), fighter("nia", 1, ap=0, attacks=0, markers={"fear": 1}))
    with pytest.raises(IllegalAction):
        melee.choose("dodge")  # afraid and without AP: passive at once, the roll waits
    melee, _ = attack(fighter("tony"), fighter("nia", 1))
    with pytest.raises(IllegalAction):
        melee.choose("strike back")
    with pytest.raises(IllegalAction):
        melee.roll((1, 2, 3, 4))


def test_each_choice_says_whose_it_is_and_what_it_asks():
    play = Play(attack(fighter("tony"), fighter("elenia", 1)))
    assert play.choice.prompt.render() == "Elenia is attacked by Tony: stay passive, dodge or strike back?"
    play.choose("passive").roll(6, 6, 1, 1).roll(5)
    assert play.choice.prompt.render() == "The hit roll on Elenia shows 5: Elenia's player may shift it. Which face?"
    play.choose(5)
    assert play.choice.prompt.render() == "Tony may spend successes to shift the hit roll on Elenia: which face?"


def test_a_non_player_warriors_own_attack_and_charge_cost_nothing():
    marauder = fighter("marauder", 1, ap=0, attacks=0, non_player=True)
    play = Play(charge(marauder, fighter("nia", 0)))
    assert play.melee.outcome.spends == ()
    assert play.choice.warrior == "nia"
