"""Random melees, charges and break-aways from the starter set, driven by random faces
and choices to their end: each ends, keeps AP and attacks from going negative, spends
exactly what the warriors lost, and survives a round trip through plain data at every
step."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabletop.games.skirmish.play import chance
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.melee import Choice, Melee, Options, attack, charge, disengage
from tabletop.games.skirmish.play.reaction import ATTACK, Fighter, attack_refusal, charge_refusal

KEYS = sorted(starter_set().warriors)


@st.composite
def fighters(draw, side: int, ref: str) -> Fighter:
    key = draw(st.sampled_from(KEYS))
    card = starter_set().card(key)
    return Fighter.of(
        ref,
        side,
        card,
        ap=draw(st.integers(0, 3)),
        attacks_left=draw(st.integers(0, 2)),
        markers={"fear": draw(st.integers(0, 1))},
        modifiers={"kat": draw(st.integers(-2, 2)), "ges": draw(st.integers(-2, 2))},
        non_player=starter_set().factions[card.warrior.faction].non_player,
    )


@st.composite
def melees(draw) -> tuple[Melee, tuple[Fighter, ...]]:
    options = Options(draw(st.booleans()), draw(st.booleans()))
    first = draw(fighters(0, "a"))
    kind = draw(st.sampled_from(["attack", "charge", "disengage"]))
    if kind == "disengage":
        assume(first.ap >= 1)
        enemies = tuple(draw(fighters(1, ref)) for ref in draw(st.sampled_from([("b",), ("b", "c")])))
        return disengage(first, enemies, options)[0], (first, *enemies)
    second = draw(fighters(1, "b"))
    if kind == "charge":
        assume(charge_refusal(first, engaged=False) is None)
        return charge(first, second, options)[0], (first, second)
    assume(attack_refusal(first) is None)
    return attack(first, second, options)[0], (first, second)


@settings(max_examples=150, deadline=None)
@given(melees(), st.randoms(use_true_random=False))
def test_every_melee_ends_spends_what_it_says_and_survives_a_round_trip(start, rng):
    melee, before = start
    for _ in range(200):
        assert Melee.from_data(melee.to_data()) == melee
        for fighter in melee.fighters:
            assert fighter.ap >= 0 and fighter.attacks_left >= 0
        pending = melee.next
        if pending is None:
            break
        if isinstance(pending, Choice):
            assert len(pending.options) > 1  # a choice of one is taken at once
            assert pending.side == melee.fighter(pending.warrior).side
            melee, _ = melee.choose(rng.choice(pending.options))
        else:
            assert isinstance(pending, chance.PendingRoll) and pending.dice > 0
            melee, _ = melee.roll(tuple(rng.randint(1, 6) for _ in range(pending.dice)))
    assert melee.done
    outcome = melee.outcome
    for old in before:
        new = melee.fighter(old.ref)
        spent = [s for s in outcome.spends if s.warrior == old.ref]
        assert old.ap - new.ap == sum(s.ap for s in spent)
        assert old.attacks_left - new.attacks_left == sum(1 for s in spent if s.counts_as == ATTACK)
        for zone, mark in zip(("head", "arms", "torso", "legs"), new.card.marks, strict=True):
            assert mark >= old.card.marked(zone)
    assert set(outcome.out_of_action) == {f.ref for f in outcome.fighters if f.card.out_of_action}
    for gift in outcome.given:
        assert melee.fighter(gift.warrior).marker(gift.marker) >= gift.count


@settings(max_examples=100, deadline=None)
@given(fighters(0, "a"), fighters(1, "b"))
def test_only_an_able_warrior_gets_a_reaction_that_costs(attacker, target):
    melee, _ = attack(attacker, target)
    pending = melee.next
    if isinstance(pending, Choice):
        if "dodge" in pending.options:
            assert target.ap >= 1 and not target.non_player
        if "strike_back" in pending.options and not target.non_player:
            assert target.ap >= 1 and target.attacks_left >= 1 and not target.marker("fear")
