"""Who begins each round: the strategy-point bid (rulebook L384-390; DECISIONS S8-S10),
and the end of the game after round 5 or a round that empties a side (L364-368, S30)."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.core import CHANCE, Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import rounds
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, CHOOSING, END, NAMING, OVER, SkirmishState

from .positions import NAMES, act, refused, round_begun_by, told


def new_match(**options) -> Match:
    setup = Setup((PlayerInfo("A", "red"), PlayerInfo("B", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def bidding(sp: tuple[int, int] = (11, 7), **options) -> Match:
    """The demo table, both players ready: round 1's bid, the pools as given."""
    match = new_match(**options)
    match.act(Action("ready"))
    match.act(Action("ready"))
    match.state.sp = list(sp)
    return match


def test_a29_a_bid_of_its_own_in_round_1():
    """Given A28 (pools A 11, B 7): A bids 0, B bids 1; B decides who begins; pools 11, 6."""
    match = bidding()
    assert match.state.phase == BIDDING and match.state.round == 1 and match.actor == 0
    match.act(Action("bid", sp=0))
    match.act(Action("bid", sp=1))
    assert match.state.sp == [11, 6]
    assert match.state.phase == CHOOSING and match.actor == 1
    match.act(Action("begin", player=0))  # B lets A begin
    assert match.state.phase == NAMING and match.state.beginner == 0 and match.actor == 0


def test_the_log_gives_the_bids_winner_its_own_colour_though_the_other_made_the_move():
    from tabletop.ui.game_screen import GameLog

    match = bidding()
    match.act(Action("bid", sp=2))
    match.act(Action("bid", sp=0))  # B's move ends the bid: A wins it
    match.act(Action("begin", player=1))  # A lets B begin
    lines = {text: side for side, text in GameLog().entries(match, None)}
    assert match.log[-2].actor == 1 and lines["A wins the bid and says who begins."] == 0
    assert lines["The bids are shown: A 2 SP, B 0 SP; both are spent."] is None  # about both: neutral
    assert match.log[-1].actor == 0 and lines["Round 1 begins; B names first."] == 1


def test_a29_without_a_round_1_bid_the_preparations_beginner_begins():
    match = new_match(round_one_bid="none")
    match.act(Action("ready"))
    sp_before = list(match.state.sp)
    match.act(Action("ready"))
    assert match.state.phase == NAMING and match.state.beginner == match.state.first == 0
    assert match.state.sp != [0, 0] and sp_before == [0, 0]  # the pools are set, nothing was spent


def test_a28_equal_bids_roll_off_until_the_rolls_differ():
    """Both bid 3; A rolls 4, B 4: again; A 2, B 5: B wins and chooses A. Pools 11, 7."""
    match = bidding((14, 10))
    match.act(Action("bid", sp=3))
    match.act(Action("bid", sp=3))
    assert match.state.sp == [11, 7]  # both bids are spent (S8)
    assert match.actor == CHANCE and match.chance_spec().count == 2
    match.roll((4, 4))
    assert match.actor == CHANCE  # the rolls were equal: again
    match.roll((2, 5))
    assert match.state.phase == CHOOSING and match.actor == 1 and match.state.decider == 1
    match.act(Action("begin", player=0))
    assert match.state.beginner == 0 and match.state.phase == NAMING
    public = told(match, None)
    assert "The bids are shown: A 3 SP, B 3 SP; both are spent." in public
    assert "Roll-off: A rolls 4, B rolls 4." in public and "Roll-off: A rolls 2, B rolls 5." in public
    assert "B says A begins the round." in public


def test_a_bid_is_0_or_more_and_at_most_the_pool():
    match = bidding((2, 7))
    assert "0 SP or more" in refused_in(match, Action("bid", sp=-1))
    assert "holds 2 SP" in refused_in(match, Action("bid", sp=3))
    match.act(Action("bid", sp=2))  # the whole pool
    assert match.state.sp == [2, 7] and match.actor == 1  # spent only when both are shown


def refused_in(match: Match, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        match.act(action)
    return caught.value.reason.render(NAMES)


def test_a_bid_stays_its_players_secret_until_both_are_made():
    """Hidden on the shared screen and in the public log; the pools do not give it away."""
    match = bidding()
    match.act(Action("bid", sp=4))
    state = match.state
    assert RULES.secret_holder(state) == 1 and RULES.holds_secret(state, 1)  # B bids behind the curtain
    assert RULES.view(state, 0).seats[0].bid == 4
    assert RULES.view(state, 1).seats[0].bid is None and RULES.view(state, 1).seats[0].has_bid
    assert RULES.view(state, None).seats[0].bid is None
    assert RULES.view(state, 1).sp == (11, 7)
    assert "A has bid in private." in told(match, 1) and "A has bid in private." in told(match, None)
    assert not any("4 SP" in line for line in told(match, 1) + told(match, None))
    assert "A bids 4 SP in private." in told(match, 0)
    other = RULES.perturb_secrets(state, 0, random.Random(3))
    assert other is not None and other.bids[0] != 4
    assert RULES.view(other, 1) == RULES.view(state, 1) and RULES.view(other, None) == RULES.view(state, None)
    match.act(Action("bid", sp=2))
    assert RULES.view(match.state, 1).seats[0].bid == 4 == RULES.view(match.state, None).seats[0].bid
    assert RULES.secret_holder(match.state) is None
    assert "You have bid already" in refused(_bid_again(), "bid", sp=0)


def _bid_again() -> SkirmishState:
    state = position(warriors=[Warrior(0, (100, 100)), Warrior(1, (500, 100))], phase=END)
    act(state, "bid", sp=0)
    state.turn = 0  # A tries a second bid
    return state


def test_s10_a_side_whose_leader_fell_skips_only_its_next_bid():
    """A's leader Yuri falls in round 2: in round 3 B says who begins without a bid;
    round 4 has its bid again. When both leaders fell in the same round, both bid."""
    state = position(
        warriors=[
            Warrior(0, (100, 300), "yuri", marks=(1, 0, 0, 0), markers={"fire": 1}),
            Warrior(0, (100, 100), "tony"),
            Warrior(1, (500, 300)),
        ],
        phase=END,
        round=2,
    )
    state.leaders = ["Yuri", "Brutus"]
    RULES.apply_chance(state, (6, 6, 6))  # the fire: 3 wounds
    lines = [e.message.render(NAMES) for e in RULES.apply_chance(state, (1,)).events]  # to the head
    assert state.leader_fell == [2, 0] and state.round == 3
    assert state.phase == CHOOSING and state.decider == 1 and state.turn == 1
    assert any("no bid, the leader of A fell last round; B says who begins" in line for line in lines)
    act(state, "begin", player=1)
    assert state.phase == NAMING and state.beginner == 1
    both = position(warriors=[Warrior(0, (100, 300)), Warrior(1, (500, 300))], phase=END, round=2)
    both.leader_fell = [2, 2]
    rounds.open_round(both, 3)
    assert both.phase == BIDDING


def test_a83_the_game_ends_after_round_5_and_more_victory_points_win():
    for sig, winners in (([7, 5], (0,)), ([6, 6], (0, 1)), ([0, 3], (1,))):
        ended = position(warriors=[Warrior(0, (100, 300)), Warrior(1, (500, 300))], phase=NAMING, round=5, opened=True)
        ended.sig = list(sig)
        act(ended, "name", model="w1")
        act(ended, "done")
        act(ended, "name", model="w2")
        lines = act(ended, "done")
        assert ended.phase == OVER and "Round 5 is over: the game ends." in lines
        assert RULES.actor(ended) is None and RULES.legal_actions(ended) == []
        result = RULES.result(ended)
        assert result is not None and result.winners == winners and result.scores == tuple(sig)
        assert "The game is over." in refused(ended, "name", model="w1")


def test_round_4_ends_and_round_5_begins():
    state = position(warriors=[Warrior(0, (100, 300)), Warrior(1, (500, 300))], phase=NAMING, round=4, opened=True)
    act(state, "name", model="w1")
    act(state, "done")
    act(state, "name", model="w2")
    act(state, "done")
    assert state.phase == BIDDING and state.round == 5 and RULES.result(state) is None
    round_begun_by(state, 1)
    assert state.phase == NAMING and state.turn == 1


def test_s30_a_side_wiped_out_ends_the_game_and_may_lose_by_the_option():
    for option, winners in (("points", (0, 1)), ("loses", (0,))):
        state = position(
            warriors=[Warrior(0, (100, 300)), Warrior(1, (500, 300), "nia", marks=(1, 0, 0, 0), markers={"fire": 1})],
            phase=END,
            round=2,
        )
        state.options["emptied_side"] = option
        RULES.apply_chance(state, (6, 6, 6))
        RULES.apply_chance(state, (1,))
        assert state.phase == OVER and state.round == 2
        result = RULES.result(state)
        assert result is not None and result.winners == winners
