"""Eden: random full games through Match, checking the invariants, the mana ledger,
the legality of every listed move, hidden information, undo and replay."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import CHANCE, Action, IllegalAction, Match, PlayerInfo, Setup
from tabletop.engine.match import state_hash
from tabletop.games.eden.checks import check_step
from tabletop.games.eden.rules import RULES
from tabletop.games.eden.views import HandView

from .helpers import SIZE, T, new_match

OPTIONS = {**RULES.default_options(), "two_players": True}


def fresh(seed: int) -> Match:
    """A match before the deal with 2, 3 or 4 players, by seed."""
    count = 2 + seed % 3
    colours = [key for key, _label, _rgb in RULES.colours()]
    setup = Setup(tuple(PlayerInfo(f"P{i}", colours[i]) for i in range(count)), OPTIONS, seed % count)
    return Match(RULES, setup, seed)


@pytest.mark.parametrize("seed", range(240))
def test_random_game_keeps_the_rules(seed):
    match = fresh(seed)
    rng = random.Random(seed)
    RULES.check_invariants(match.state)
    steps = 0
    while not match.over:
        assert steps < RULES.random_play_step_limit, "the game did not end"
        before = RULES.copy_state(match.state)
        if match.actor == CHANCE:
            match.roll()
            action = match.log[-1].action
        else:
            actions = match.legal_actions()
            assert actions, "the player to act has no legal move"
            action = actions[rng.randrange(len(actions))]
            match.act(action)
            steps += 1
        check_step(RULES, before, action, match.state)
    result = match.result()
    assert result.winners and match.legal_actions() == []
    assert result.scores == tuple(match.state.points)
    if max(result.scores) < T.economy.target_points:
        assert RULES.frozen(match.state)


@pytest.mark.parametrize("seed", range(6))
def test_every_listed_move_passes_the_check_and_applies(seed):
    match = fresh(seed)
    rng = random.Random(seed)
    while not match.over:
        if match.actor == CHANCE:
            match.roll()
            continue
        actions = match.legal_actions()
        assert len(set(actions)) == len(actions), "a move is listed twice"
        for action in actions:
            RULES.check(match.state, action)
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            trial = RULES.copy_state(match.state)
            RULES.apply(trial, action)
            RULES.check_invariants(trial)
        match.act(rng.choice(actions))


def test_an_illegal_move_is_refused_with_a_reason():
    match = new_match()
    for action in (
        Action("no-such-move"),
        Action("irrigate"),
        Action("irrigate", card=True),
        Action("attack", support=None, targets=(17,)),
        Action("attack", support=None, targets=("D3",)),
        Action("irrigate", card="H8"),
        Action("bid", amount=50),
        Action("accept"),
        Action("cultivate", card="domino-1", rotation=0),
        Action("pass", card=3),
    ):
        with pytest.raises(Exception) as err:
            match.act(action)
        assert type(err.value).__name__ == "IllegalAction"
        assert err.value.reason.render()


KINDS = ["irrigate", "cultivate", "discard_dead", "pass", "end_turn", "sell", "buy"]
KINDS += ["attack", "no_attack", "bid", "accept"]
VALUES = [None, True, -1, 0, 3, 17, 48, 10**6, 2.0, "B4", "b4", "G7", "H1", "", "domino-1", "tee4", "x"]
VALUES += [(), (17,), ("C3",), ("C3", "D4"), ("D4", "D4"), ("x",), ("C3", 18)]


@pytest.mark.parametrize("seed", range(3))
def test_any_malformed_move_is_refused_or_carried_out_cleanly(seed):
    """Moves from a tampered save: every one is refused as illegal or keeps the rules."""
    match = fresh(seed)
    rng = random.Random(seed)
    names = ["card", "rotation", "origin", "support", "targets", "amount"]
    for _ in range(200):
        if match.over:
            break
        if match.actor == CHANCE:
            match.roll()
            continue
        legal = match.legal_actions()
        for _ in range(20):
            if rng.random() < 0.5:  # a listed move with one parameter spoiled
                model = rng.choice(legal)
                params = dict(model.to_json())
                kind = params.pop("kind")
                params[rng.choice(list(params) or names)] = rng.choice(VALUES)
                action = Action(kind, **params)
            else:
                params = {name: rng.choice(VALUES) for name in rng.sample(names, rng.randrange(4))}
                action = Action(rng.choice(KINDS), **params)
            try:
                RULES.check(match.state, action)
            except IllegalAction:
                continue
            trial = RULES.copy_state(match.state)
            RULES.apply(trial, action)
            RULES.check_invariants(trial)
        match.act(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("seed", range(4))
def test_views_show_a_seat_only_its_own_hand_and_mana(seed):
    match = fresh(seed)
    rng = random.Random(seed)
    checked = 0
    while not match.over and checked < 300:
        if match.actor == CHANCE:
            match.roll()
            continue
        state = match.state
        everyone = RULES.view(state, None)
        assert everyone.hand is None
        for seat in range(state.players):
            own = RULES.view(state, seat)
            assert own.hand == HandView(tuple(sorted(state.hands[seat])), state.mana[seat])
            other = RULES.perturb_secrets(state, seat, rng)
            assert RULES.encode(other) != RULES.encode(state)
            for looker in [None, *range(state.players)]:
                if looker != seat:
                    assert RULES.view(other, looker) == RULES.view(state, looker)
            checked += 1
        match.act(rng.choice(match.legal_actions()))
    assert checked


def test_undo_reaches_back_only_to_a_draw_a_settled_conquest_or_the_deal():
    match = new_match()
    assert not match.can_undo  # the deal was a chance step
    state = match.state
    irrigation = next(c for c in sorted(state.hands[0]) if c < SIZE)
    match.act(Action("irrigate", card=T.card_name(irrigation)))
    assert match.can_undo
    match.undo()
    assert irrigation in match.state.hands[0]
    match.redo()
    if match.state.phase == "conquest":
        match.act(Action("no_attack"))
    match.act(Action("end_turn"))
    match.settle_chance()  # draws a card: a reveal
    assert not match.can_undo


@pytest.mark.parametrize("seed", range(3))
def test_a_replayed_log_gives_the_same_game(seed):
    match = fresh(seed)
    rng = random.Random(seed)
    for _ in range(150 + 50 * seed):
        if match.over:
            break
        if match.actor == CHANCE:
            match.roll()
        else:
            match.act(rng.choice(match.legal_actions()))
    again = Match.replay(RULES, match.setup, match.log, match.seed)
    assert state_hash(RULES, again.state) == match.hash()
    assert RULES.encode(again.state) == RULES.encode(match.state)


def test_the_step_check_catches_wrong_mana_and_lost_cards():
    """The checks the random games and the benchmark run after every step do fail."""
    match = new_match()
    before = RULES.copy_state(match.state)
    action = next(a for a in match.legal_actions() if a.kind == "pass")
    match.act(action)
    check_step(RULES, before, action, match.state)
    wrong = RULES.copy_state(match.state)
    wrong.mana[1] += 5
    with pytest.raises(AssertionError, match="mana after"):
        check_step(RULES, before, action, wrong)
    lost = RULES.copy_state(match.state)
    lost.deck.pop()
    with pytest.raises(AssertionError, match="cards are not conserved"):
        check_step(RULES, before, action, lost)
