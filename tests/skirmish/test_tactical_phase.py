"""The tactical hands (preparation step 8, rulebook L360; DECISIONS S11, S13) and each
round's tactical phase (L392-396, L204-218; S10, S28): play/hands.py and
play/tactical_phase.py in a game between two built units."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.core import CHANCE, Action, IllegalAction
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import rounds, tactical_phase
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    CHOOSING,
    END,
    HANDS,
    NAMING,
    REVOKING,
    TACTICS,
)

from .positions import NAMES, through_the_bid
from .test_preparation import BOTTOM_SPOTS, TOP_SPOTS, at_deployment, deploy, refused, told

HAND_A = ("adrenaline", "cover", "first_aid", "caltrops", "battle_cry")  # unit A's whole deck
HAND_B = ("adrenaline", "cover", "caltrops", "holy_fear")  # 4 of unit B's 5
CARD_NAMES = ("Adrenaline", "Cover", "First aid", "Caltrops", "Battle cry", "Holy fear", "Contaminated area")


def at_hands(**options) -> Match:
    """Unit A (led by Tony, PSI 5) against unit B (led by Elenia, PSI 4), deployed; A
    began the preparation and chooses his hand first."""
    match = at_deployment(**options)
    match.act(Action("edge", edge="top"))
    deploy(match, TOP_SPOTS)
    match.act(Action("deployed"))
    deploy(match, BOTTOM_SPOTS)
    match.act(Action("deployed"))
    assert match.state.phase == HANDS and match.actor == 0
    return match


def in_tactical_phase(hand_a=HAND_A, hand_b=HAND_B, **options) -> Match:
    """Both hands chosen; round 1's bid (0 each) goes to A, who begins: A may play a card."""
    match = at_hands(**options)
    match.act(Action("hand", cards=hand_a))
    match.act(Action("hand", cards=hand_b))
    through_the_bid(match, 0)
    assert match.state.phase == TACTICS and match.actor == 0
    return match


def model(match: Match, name: str) -> str:
    return next(model_id for model_id, entry in match.state.models.items() if entry["name"] == name)


def finish_round(match: Match) -> None:
    """The round under way played out: each activation ended at once, every pass
    taken, rage kept, dice rolled; until the next round's bid (or its choice)."""
    number = match.state.round
    while match.state.round == number or match.state.phase not in (BIDDING, CHOOSING):
        state = match.state
        if match.actor == CHANCE:
            match.roll()
        elif state.phase == TACTICS:
            match.act(Action("no_card"))
        elif state.phase == ACTIVATION:
            match.act(Action("done"))
        elif state.phase == NAMING:
            try:
                match.act(Action("pass"))
            except IllegalAction:  # the round's first naming is not a pass
                match.act(Action("name", model=rounds.to_activate(state, state.turn)[0]))
        else:
            assert state.phase == END, state.phase
            match.act(Action("rage", model=state.end["queue"][0], remove=False))


def refusal(state, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        RULES.check(state, action)
    return caught.value.reason.render(NAMES)


# -- the hands -------------------------------------------------------------------------------


def test_the_hands_are_chosen_after_deployment_the_beginner_first_as_many_as_the_leaders_psi():
    match = at_hands()
    assert "Tactical hands: each player chooses his hand in private, A first." in told(match)
    seats = match.view(None).seats
    assert [seat.hand_allowed for seat in seats] == [5, 4]  # Tony PSI 5 (a deck of 5), Elenia PSI 4
    assert refused(match, Action("hand", cards=HAND_A[:4])) == "The hand holds 5 cards, not 4."
    match.act(Action("hand", cards=HAND_A))
    assert match.actor == 1 and match.state.phase == HANDS
    not_b = ("adrenaline", "cover", "caltrops", "battle_cry")  # Battle cry is the Jokergang's
    assert refused(match, Action("hand", cards=not_b)) == "A chosen card is not in this unit's deck."
    assert refused(match, Action("hand", cards=("adrenaline", "adrenaline", "cover", "caltrops"))) == (
        "A hand holds different cards only."
    )
    assert refused(match, Action("hand", cards=(*HAND_B, "first_aid"))) == "The hand holds 4 cards, not 5."
    match.act(Action("hand", cards=HAND_B))
    # step 9 and round 1's own bid follow (S9)
    assert match.state.phase == BIDDING and match.state.round == 1
    assert match.state.hands == [list(HAND_A), list(HAND_B)]


def test_fewer_eligible_cards_than_the_leaders_psi_all_of_them():
    """Unit C is led by Mbeki, PSI 6; its deck holds 5 cards (S13)."""
    from tabletop.games.skirmish.unit_files import bundled_unit

    match = at_hands(unit_1=bundled_unit("unit-c").to_setup())
    assert match.view(None).seats[0].hand_allowed == 5
    deck = ("adrenaline", "cover", "first_aid", "caltrops", "contaminated_area")
    assert refused(match, Action("hand", cards=deck[:4])) == "The hand holds 5 cards, not 4."
    match.act(Action("hand", cards=deck))
    assert match.state.hands[0] == list(deck)


def test_a_hand_is_hidden_from_the_other_seat_its_size_public():
    match = at_hands()
    match.act(Action("hand", cards=HAND_A))
    state = match.state
    assert RULES.secret_holder(state) == 1 and RULES.holds_secret(state, 1)  # B chooses behind the curtain
    assert match.view(0).seats[0].hand == HAND_A
    for looker in (None, 1):
        assert match.view(looker).seats[0].hand is None
        assert match.view(looker).seats[0].hand_size == 5
    match.act(Action("hand", cards=HAND_B))
    through_the_bid(match, 0)
    # the seat's own hand differs: no other view changes
    for seat in (0, 1):
        other = RULES.perturb_secrets(match.state, seat, random.Random(seat))
        if seat == 0:
            assert other is None  # A's hand is his whole deck: nothing of it is secret
            continue
        assert other is not None and other.hands[seat] != match.state.hands[seat]
        assert len(other.hands[seat]) == len(match.state.hands[seat])
        assert RULES.view(other, seat) != RULES.view(match.state, seat)
        for looker in (None, 1 - seat):
            assert RULES.view(other, looker) == RULES.view(match.state, looker)


def test_the_public_log_never_names_a_card_in_a_hand():
    match = in_tactical_phase()
    lines = [event.for_seat(None).render(NAMES) for step in match.history for event in step if event.for_seat(None)]
    assert "A chooses a tactical hand of 5 cards." in lines and "B chooses a tactical hand of 4 cards." in lines
    assert not [line for line in lines if any(name in line for name in CARD_NAMES)]
    # a card shows when it is played
    match.act(Action("play_card", card="adrenaline", targets=(model(match, "Tony"),)))
    assert any(line.startswith("A plays Adrenaline (2 SP)") for line in told(match))


# -- the tactical phase ----------------------------------------------------------------------


def test_the_tactical_phase_comes_before_the_activation_the_beginner_first():
    match = in_tactical_phase()
    assert RULES.secret_holder(match.state) == 0  # A plays from his hand behind the curtain
    assert refused(match, Action("name", model=model(match, "Tony"))).startswith("Now is the tactical phase")
    match.act(Action("no_card"))
    assert match.state.phase == TACTICS and match.actor == 1
    match.act(Action("no_card"))
    assert match.state.phase == NAMING and match.actor == 0
    assert told(match)[-1] == "Round 1 begins; A names first."


def test_a6_restrictions_taktische_phase_and_erste_runde():
    """Unit C's player holds Kontaminierter Bereich (Taktische Phase, Erste Runde), his
    leader alive, 5 SP: in the tactical phase of round 1 accepted, 5 -> 3; in the
    activation phase of round 1 refused; in the tactical phase of round 2 refused."""
    from tabletop.games.skirmish.unit_files import bundled_unit

    deck = ("adrenaline", "cover", "first_aid", "caltrops", "contaminated_area")
    match = in_tactical_phase(hand_a=deck, unit_1=bundled_unit("unit-c").to_setup())
    match.state.sp[0] = 5
    later = RULES.copy_state(match.state)
    play = Action("play_card", card="contaminated_area", targets=(), at=(300.0, 300.0))
    match.act(play)
    assert match.state.sp[0] == 3
    assert "Contaminated area: the explosion template lies at 30.0, 30.0 cm; 0 warriors are under it." in told(match)
    # round 1's activation phase, the card still in hand
    RULES.apply(later, Action("no_card"))
    RULES.apply(later, Action("no_card"))
    assert later.phase == NAMING and later.turn == 0
    assert refusal(later, play) == "First a warrior is named and activated."  # not the tactical phase
    assert refusal(later, Action("no_card")) == "First a warrior is named and activated."
    # round 2's tactical phase
    later.phase, later.round, later.card_turns = TACTICS, 2, [0, 1]
    assert refusal(later, play) == "The card Contaminated area may only be played in the first round."


def test_a79_paying_for_and_revoking_a_card():
    """A begins round 2 with 4 SP, B has 5: A plays Fußangeln (Widerruf 2) on Kira,
    paying 2 (A: 2); B pays 2 to revoke (B: 3); it is discarded without effect, A's SP
    are not returned; then B may play a card. A player with 1 SP cannot play one."""
    match = in_tactical_phase()
    match.act(Action("no_card"))
    match.act(Action("no_card"))
    finish_round(match)
    through_the_bid(match, 0)
    state = match.state
    assert state.round == 2 and state.phase == TACTICS and match.actor == 0
    state.sp[:] = [4, 5]
    kira = model(match, "Kira")
    match.act(Action("play_card", card="caltrops", targets=(kira,)))
    assert state.sp == [2, 5] and state.phase == REVOKING and match.actor == 1
    assert told(match)[-1] == "B may revoke Caltrops for 2 SP."
    match.act(Action("revoke", revoke=True))
    assert state.sp == [2, 3]
    assert state.models[kira]["markers"]["slow"] == 0  # without effect
    assert "caltrops" not in state.hands[0] and state.played[-1]["revoked"] is True
    assert match.view(None).cards_played[-1].revoked is True
    assert state.phase == TACTICS and match.actor == 1  # then B may play one card
    poor = RULES.copy_state(state)
    poor.sp[1] = 1
    assert refusal(poor, Action("play_card", card="adrenaline", targets=(model(match, "Elenia"),))) == (
        "A card costs 2 SP; the pool holds 1."
    )


def test_a_card_let_stand_takes_effect_and_a_poor_opponent_is_not_asked():
    match = in_tactical_phase()
    kira = model(match, "Kira")
    match.act(Action("play_card", card="caltrops", targets=(kira,)))
    match.act(Action("revoke", revoke=False))
    assert match.state.models[kira]["markers"]["slow"] == 1
    assert told(match)[-3:-1] == ["B lets Caltrops stand.", "Caltrops: Kira gets 1 slow marker."]
    # B cannot pay the Widerruf (2): the card takes effect at once
    again = in_tactical_phase()
    again.state.sp[1] = 1
    again.act(Action("play_card", card="caltrops", targets=(kira,)))
    assert again.state.models[kira]["markers"]["slow"] == 1 and again.state.phase == NAMING  # B cannot play either
    assert refused(again, Action("revoke", revoke=True)).startswith("First a warrior is named")


def test_a24_tactical_cards_end_with_the_round():
    """A plays Adrenalin on Tony in round 2 (Tony has 4 AP); at step 11 of round 2 the
    card is discarded and its effect over: Tony starts round 3 with 3 AP."""
    match = in_tactical_phase()
    match.act(Action("no_card"))
    match.act(Action("no_card"))
    finish_round(match)
    through_the_bid(match, 0)
    tony = model(match, "Tony")
    match.act(Action("play_card", card="adrenaline", targets=(tony,)))
    assert match.state.models[tony]["ap"] == 4
    assert match.state.effects == [{"card": "adrenaline", "side": 0, "round": 2}]
    assert "A plays Adrenaline (2 SP): One of your warriors gains 1 AP." in told(match)
    finish_round(match)
    assert match.state.round == 3
    assert match.state.effects == [] and "adrenaline" not in match.state.hands[0]
    assert match.state.models[tony]["ap"] == 3


def test_a_cards_targets_are_checked():
    match = in_tactical_phase()
    tony, kira = model(match, "Tony"), model(match, "Kira")
    assert refused(match, Action("play_card", card="adrenaline", targets=(kira,))) == "Adrenaline cannot reach Kira."
    assert refused(match, Action("play_card", card="adrenaline", targets=())) == "Name 1 warrior Adrenaline reaches."
    assert refused(match, Action("play_card", card="battle_cry", targets=(tony, tony))) == (
        "Each warrior is named once."
    )
    assert refused(match, Action("play_card", card="battle_cry", targets=(tony,))) == (
        "Name 2 warriors Battle cry reaches."
    )
    refusal = refused(match, Action("play_card", card="holy_fear", targets=(kira,)))
    assert refusal == "The card Holy fear is not in the hand."
    match.act(Action("play_card", card="battle_cry", targets=(tony, model(match, "Yuri"))))
    assert match.state.models[tony]["markers"]["rage"] == 1


def test_holy_fear_reaches_only_an_enemy_near_a_sister():
    """Heilige Furcht: an enemy within 20 cm of one of the player's Sisters (Elenia)."""
    match = in_tactical_phase()
    match.act(Action("no_card"))
    assert match.actor == 1
    tony = model(match, "Tony")  # the table is 60 cm deep: the sides stand 52 cm apart
    assert refused(match, Action("play_card", card="holy_fear", targets=(tony,))) == "Holy fear reaches no warrior now."
    elenia = model(match, "Elenia")
    match.state.models[tony]["position"] = [100.0, 300.0]
    match.state.models[elenia]["position"] = [100.0, 400.0]
    match.state.table = None  # the geometry rebuilt from the moved warriors
    match.act(Action("play_card", card="holy_fear", targets=(tony,)))
    match.act(Action("revoke", revoke=False))
    assert match.state.models[tony]["markers"]["fear"] == 1


def test_a_name_is_played_once_a_game_by_either_side():
    """S28: A played Adrenaline; B holds one too and may not play it, not even later."""
    match = in_tactical_phase()
    match.act(Action("play_card", card="adrenaline", targets=(model(match, "Tony"),)))
    assert match.actor == 1
    assert refused(match, Action("play_card", card="adrenaline", targets=(model(match, "Kira"),))) == (
        "The card Adrenaline has already been played in this game."
    )


def test_a_revoked_card_counts_as_played():
    match = in_tactical_phase()
    match.act(Action("play_card", card="caltrops", targets=(model(match, "Kira"),)))
    match.act(Action("revoke", revoke=True))
    assert refused(match, Action("play_card", card="caltrops", targets=(model(match, "Tony"),))) == (
        "The card Caltrops has already been played in this game."
    )


def test_a_side_whose_leader_fell_plays_no_more_cards_but_may_revoke():
    """S10: Tony (A's leader) is put out of action in round 1: in round 2 A has no bid,
    no tactical card (passed over), and may still revoke B's card."""
    match = in_tactical_phase()
    match.act(Action("no_card"))
    match.act(Action("no_card"))
    rounds.remove(match.state, model(match, "Tony"))
    finish_round(match)
    state = match.state
    assert state.phase == CHOOSING and match.actor == 1  # B says who begins (S10)
    match.act(Action("begin", player=0))
    assert state.phase == TACTICS and match.actor == 1  # A, beginning, is passed over
    assert "Tactical phase: B may play a card." in told(match)[-1]
    refused_a = RULES.copy_state(state)
    refused_a.turn, refused_a.card_turns = 0, [0]
    assert refusal(refused_a, Action("play_card", card="adrenaline", targets=(model(match, "Yuri"),))) == (
        "A side whose leader was put out of action plays no more cards."
    )
    match.act(Action("play_card", card="caltrops", targets=(model(match, "Yuri"),)))
    assert state.phase == REVOKING and match.actor == 0
    match.act(Action("revoke", revoke=True))
    assert state.played[-1]["revoked"] is True and state.phase == NAMING


def test_random_games_between_built_units_keep_every_rule():
    """Random legal moves from the preparation to the end: hands never larger than
    allowed, SP never below 0, a side without its leader plays no card (the invariants)."""
    for seed in range(2):
        match = at_hands()
        rng = random.Random(seed)
        for _ in range(600):
            if match.over:
                break
            if match.actor == CHANCE:
                match.roll()
            else:
                match.act(rng.choice(match.legal_actions()))
            RULES.check_invariants(match.state)
        assert match.state.round >= 2 and match.state.played


def test_no_view_and_no_public_line_shows_a_hand_in_random_play():
    """In random games from the hands on: while hands are chosen, cards played and
    revoked, a copy where a seat's hand differs (perturb_secrets) changes no other
    seat's view, and the same move logs the same public lines."""
    checked = 0
    for seed in range(3):
        match = at_hands()
        rng = random.Random(seed)
        for _ in range(300):
            if match.over or match.state.round > 3:
                break
            state = match.state
            if match.actor == CHANCE:
                match.roll()
                continue
            action = rng.choice(match.legal_actions())
            if state.phase in (HANDS, TACTICS, REVOKING) or tactical_phase.offered(state) is not None:
                for seat in (0, 1):
                    other = RULES.perturb_secrets(state, seat, rng)
                    if other is None or other.bids != state.bids:
                        continue  # (a bid differs: not this test's secret)
                    for looker in (None, 1 - seat):
                        assert RULES.view(other, looker) == RULES.view(state, looker)
                    try:
                        RULES.check(other, action)
                    except IllegalAction:
                        continue  # the move plays the very card that differs
                    mine = RULES.apply(RULES.copy_state(state), action).events
                    theirs = RULES.apply(other, action).events
                    assert [e.for_seat(None) for e in theirs] == [e.for_seat(None) for e in mine], action
                    checked += 1
            match.act(action)
    assert checked > 10  # (A's hand is his whole deck: only B's may differ)


def test_the_jammer_lets_the_opponent_play_no_more_cards_this_round():
    """Störsender (I.S.C., Widerruf 3): let stand, the opponent is passed over this
    round; revoked, he may play."""
    from tabletop.games.skirmish.play.units import Member, Unit

    isc = Unit(
        "I.S.C.",
        "faction",
        "isc",
        100,
        (
            Member("reyes", "Reyes", True),
            Member("kessler", "Kessler"),
            Member("hale", "Hale"),
            Member("k7", "K-7"),
        ),
    )
    deck = ("adrenaline", "cover", "first_aid", "caltrops", "jammer")
    for revoke in (False, True):
        match = in_tactical_phase(hand_a=deck, unit_1=isc.to_setup())
        match.act(Action("play_card", card="jammer", targets=()))
        assert match.state.phase == REVOKING and told(match)[-1] == "B may revoke Jammer for 3 SP."
        match.act(Action("revoke", revoke=revoke))
        if revoke:
            assert match.state.phase == TACTICS and match.actor == 1
        else:
            assert "B plays no more cards this round." in told(match)
            assert match.state.phase == NAMING  # B is passed over
