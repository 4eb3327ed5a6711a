"""Whole games of random legal play through Match, with every invariant checked after
every step; legal_actions and check agree; replays rebuild the game; undo stops at
chance steps and reveals."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import CHANCE, Action, IllegalAction, Match
from tabletop.engine.randomplay import play_random
from tabletop.games.catan import development, robber, trading
from tabletop.games.catan import rules as catan
from tabletop.games.catan.rules import RULES

from .helpers import new_match

VARIANTS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (
        4,
        {
            "numbers": "random",
            "spiral": "counterclockwise",
            "phases": "combined",
            "shortage": "single",
            "special_ties": "holder",
            "progress_cards": "removed",
        },
    ),
    (3, {"start_corner": "bottom", "spiral": "counterclockwise"}),
]


@pytest.mark.parametrize("players, options", VARIANTS)
def test_random_games_keep_every_invariant(players, options):
    match = new_match(players, seed=players * 7 + len(options), **options)
    rng = random.Random(players)
    kinds = set()

    def after(m: Match) -> None:
        RULES.check_invariants(m.state)
        if m.log:
            kinds.add(m.log[-1].action.kind)

    play_random(match, rng, steps=20000, after=after)
    assert match.over
    result = match.result()
    assert RULES.points(match.state, result.winners[0]) >= 10
    json.dumps(RULES.encode(match.state))
    assert {"roll", "end_turn", "build_road", "build_settlement", "move_robber"} <= kinds


def all_fixed_actions() -> list[Action]:
    """Every action legal_actions could list, except sampled trades."""
    fixed = [
        catan.A_ROLL,
        catan.A_END_TURN,
        catan.A_BUY,
        development.A_KNIGHT,
        development.A_ROAD_BUILDING,
        development.A_YEAR_OF_PLENTY,
        trading.A_ACCEPT,
        trading.A_REJECT,
    ]
    t = catan.tables()
    fixed += [
        *t.a_monopoly,
        *t.a_take,
        *t.a_discard,
        *catan.A_ROAD,
        *catan.A_SETTLEMENT,
        *catan.A_CITY,
        *robber.A_ROBBER,
    ]
    fixed += [a for row in t.a_bank for a in row if a["give"] != a["get"]]
    fixed += [a for row in robber.A_ROB for a in row]
    return fixed


def test_check_accepts_exactly_the_legal_actions():
    universe = all_fixed_actions()
    match = new_match(4, seed=3)
    rng = random.Random(3)
    positions = 0
    while not match.over and positions < 900:
        if match.actor == CHANCE:
            match.roll()
            continue
        legal = match.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            RULES.check(match.state, action)
        legal_set = set(legal)
        for action in universe:
            if action in legal_set:
                continue
            with pytest.raises(IllegalAction):
                RULES.check(match.state, action)
        positions += 1
        match.act(legal[rng.randrange(len(legal))])
    assert positions > 300


def test_replay_of_the_log_rebuilds_the_game():
    match = new_match(3, seed=21)
    play_random(match, random.Random(5), steps=600)
    again = Match.replay(RULES, match.setup, match.log, match.seed)
    assert again.hash() == match.hash()
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == match.view(seat)


def test_same_seed_same_game():
    a, b = new_match(4, seed=8), new_match(4, seed=8)
    play_random(a, random.Random(2), steps=400)
    play_random(b, random.Random(2), steps=400)
    assert a.hash() == b.hash()


def test_undo_stops_at_chance_reveals_and_a_change_of_the_seat_to_act():
    match = new_match(2, seed=4)
    rng = random.Random(4)
    undone = {"build_road": 0, "trade_bank": 0}
    committed = set()
    handed_over = set()
    for _ in range(3000):
        if match.over:
            break
        if match.actor == CHANCE:
            match.roll()
            assert not match.can_undo
            continue
        action = rng.choice(match.legal_actions())
        before, actor = match.hash(), match.actor
        match.act(action)
        if action.kind in (
            "buy_development",
            "play_knight",
            "play_monopoly",
            "play_year_of_plenty",
            "play_road_building",
        ):
            assert not match.can_undo, f"{action.kind} must commit"
            committed.add(action.kind)
        elif match.actor not in (actor, CHANCE, None):  # another seat acts now: it cannot undo this
            assert not match.can_undo, f"{action.kind} handed over to seat {match.actor}"
            handed_over.add(action.kind)
        elif action.kind in undone and not match.over and match.actor == actor:  # still the same seat's move
            assert match.can_undo
            match.undo()
            assert match.hash() == before
            match.redo()
            undone[action.kind] += 1
    assert all(undone.values()) and "buy_development" in committed
    assert {"offer", "end_turn"} <= handed_over and {"accept", "reject", "counter"} & handed_over
