"""The engine contract, run generically against every registered game."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine import CHANCE, Action, IllegalAction, Match
from tabletop.engine.core import REVEAL
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import load_match, save_match
from tabletop.engine.views import as_json
from tabletop.games import registry

GAMES = registry.ids(include_hidden=True)
SEEDS = range(6)


def new_match(game_id: str, seed: int, players: int | None = None) -> Match:
    rules = registry.get(game_id)
    return Match(rules, default_setup(rules, players=players), seed)


def player_counts(game_id: str) -> list[int]:
    rules = registry.get(game_id)
    return list(range(rules.min_players, rules.max_players + 1))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_keeps_invariants(game_id, seed):
    counts = player_counts(game_id)
    match = new_match(game_id, seed, players=counts[seed % len(counts)])
    rules = match.rules
    rules.check_invariants(match.state)

    def after(m: Match) -> None:
        rules.check_invariants(m.state)
        holder = rules.turn_holder(m.state)
        assert holder is None or 0 <= holder < len(m.players), f"turn holder {holder}"
        if m.actor is not None and m.actor != CHANCE:
            assert holder is not None, "a seat acts, so some seat holds the turn"
        json.dumps(rules.encode(m.state))
        for seat in [None, *range(len(m.players))]:
            json.dumps(as_json(m.view(seat)))

    play_random(match, random.Random(seed), after=after)
    if match.over:
        result = match.result()
        assert result is not None and result.winners
        assert match.legal_actions() == []


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_replay_and_save_round_trip(game_id, seed, tmp_path):
    match = new_match(game_id, seed)
    play_random(match, random.Random(seed), steps=seed * 40 + 30)
    again = Match.replay(match.rules, match.setup, match.log, match.seed)
    assert again.hash() == match.hash()
    assert match.rules.encode(again.state) == match.rules.encode(match.state)
    path = tmp_path / "game.json"
    save_match(match, path)
    loaded = load_match(path)
    assert loaded.hash() == match.hash()
    assert [e.to_json() for e in loaded.log] == [e.to_json() for e in match.log]
    for seat in [None, *range(len(match.players))]:
        assert loaded.view(seat) == match.view(seat)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_undo_redo_round_trip(game_id, seed):
    match = new_match(game_id, seed)
    rng = random.Random(seed)
    seen_undo = 0
    for _ in range(300):
        if match.over:
            break
        if match.actor == CHANCE:
            match.roll()
            assert not match.can_undo, "a chance step must commit"
            continue
        before = match.hash()
        action = rng.choice(match.legal_actions())
        match.act(action)
        if match.can_undo:
            after = match.hash()
            assert match.undo()
            assert match.hash() == before
            assert match.can_redo
            assert match.redo()
            assert match.hash() == after
            seen_undo += 1
    # Undo as far as allowed, then redo everything: the same game again.
    end = match.hash()
    undone = 0
    while match.undo():
        undone += 1
    while match.redo():
        undone -= 1
    assert undone == 0 and match.hash() == end


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_undo_never_reaches_another_seats_action(game_id, seed):
    match = new_match(game_id, seed)
    rng = random.Random(seed)
    for _ in range(400):
        if match.over:
            break
        if match.actor == CHANCE:
            match.roll()
            continue
        match.act(rng.choice(match.legal_actions()))
        seat, log = match.actor, list(match.log)
        if seat == CHANCE:
            continue  # no seat acts until chance is settled, which commits
        while match.undo():
            pass
        taken_back = log[len(match.log) :]
        assert all(entry.actor == seat for entry in taken_back), (
            f"seat {seat} could undo {[e.action for e in taken_back if e.actor != seat]}"
        )
        while match.redo():
            pass


@pytest.mark.parametrize("game_id", GAMES)
def test_new_action_clears_redo(game_id):
    match = new_match(game_id, 3)
    rng = random.Random(3)
    for _ in range(200):
        match.settle_chance()
        if match.over:
            pytest.skip("no undoable action found")
        match.act(rng.choice(match.legal_actions()))
        if match.can_undo:
            match.undo()
            match.settle_chance()
            match.act(match.legal_actions()[0])
            assert not match.can_redo
            return
    pytest.skip("no undoable action found")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_views_hide_other_seats_secrets(game_id, seed):
    match = new_match(game_id, seed)
    rules = match.rules
    rng = random.Random(seed)
    checked = 0
    # 200 steps, or on until a seat holds a secret (in Catan, a development card)
    for step in range(1000):
        if match.over or (step >= 200 and checked):
            break
        if match.actor != CHANCE:
            for seat in range(len(match.players)):
                other = rules.perturb_secrets(match.state, seat, rng)
                if other is None:
                    continue
                assert rules.encode(other) != rules.encode(match.state), "the perturbation changed nothing"
                for looker in [None, *range(len(match.players))]:
                    if looker == seat:
                        continue
                    assert rules.view(other, looker) == rules.view(match.state, looker), (
                        f"seat {looker} can see a secret of seat {seat}"
                    )
                checked += 1
        if match.actor == CHANCE:
            match.roll()
        else:
            match.act(rng.choice(match.legal_actions()))
    if checked == 0 and not getattr(rules, "has_secrets", True):
        pytest.skip(f"{game_id} has no secrets")
    assert checked > 0, "no secrets were ever checked"


def _public_texts(events) -> list:
    """What the log shows a looker who holds no seat: the public form of each event
    up to a reveal (an event of kind REVEAL shows what was secret on purpose, and
    what follows from it in the same step may depend on it: who won a sealed bid)."""
    shown = []
    for event in events:
        if event.kind == REVEAL:
            break
        shown.append((event.kind, event.for_seat(None)))
    return shown


def _check_public_log(match: Match, rng: random.Random, steps: int = 200) -> int:
    """Play at random; before each step, take the same step where one seat's
    secrets differ (rules.perturb_secrets) and compare the public log texts: a
    public text that names a secret differs. Returns the comparisons made."""
    rules = match.rules
    checked = 0
    for _ in range(steps):
        if match.over:
            break
        if match.actor == CHANCE:
            spec = rules.chance_spec(match.state)
            action = spec.action(spec.draw(rng))
        else:
            action = rng.choice(match.legal_actions())
        for seat in range(len(match.players)):
            other = rules.perturb_secrets(match.state, seat, rng)
            if other is None:
                continue
            try:
                if match.actor == CHANCE:
                    if not rules.chance_spec(other).valid(action["outcome"]):
                        continue
                else:
                    rules.check(other, action)
            except IllegalAction:
                continue  # the action uses the very secret that differs
            mine = rules.apply(rules.copy_state(match.state), action).events
            theirs = rules.apply(other, action).events
            assert _public_texts(theirs) == _public_texts(mine), (
                f"after {action}, the public log shows a secret of seat {seat}"
            )
            checked += 1
        if match.actor == CHANCE:
            match.roll(action["outcome"])
        else:
            match.act(action)
    return checked


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_log_events_keep_other_seats_secrets(game_id, seed):
    match = new_match(game_id, seed)
    checked = _check_public_log(match, random.Random(seed))
    if checked == 0 and not getattr(match.rules, "has_secrets", True):
        pytest.skip(f"{game_id} has no secrets")
    assert checked > 0, "no secrets were ever checked"


def test_a_public_text_naming_a_hand_is_caught():
    """The check finds a leak: Lucky draw, but 'holds' tells the hand to all."""
    from tabletop.engine import Event
    from tabletop.games.testgame.rules import LuckyDrawRules
    from tabletop.i18n import Message

    class Leaky(LuckyDrawRules):
        def apply(self, state, action):
            seat = state.turn
            hand = str(sorted(state.hands[seat])) if action.kind == "hold" else None
            step = super().apply(state, action)
            if hand is not None:
                step.events.append(Event(Message("{player} holds {hand}.", {"player": seat, "hand": hand})))
            return step

    rules = Leaky()
    match = Match(rules, default_setup(rules, players=3), 1)
    with pytest.raises(AssertionError, match="public log shows a secret"):
        _check_public_log(match, random.Random(1))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_an_action_said_to_commit_at_once_does(game_id, seed):
    """Where the rules say an action commits at once (Match keeps no copy for undo
    before it), undo cannot reach back past it, except over the chance step that
    follows at once: else every such undo would replay the log."""
    match = new_match(game_id, seed)
    rules = match.rules
    rng = random.Random(seed)
    for _ in range(600):
        if match.over:
            break
        if match.actor == CHANCE:
            match.roll()
            continue
        action = rng.choice(match.legal_actions())
        hinted = rules.commits_at_once(match.state, action)
        match.act(action)
        if hinted:
            assert not match.can_undo or match.actor == CHANCE, f"{action} did not commit"


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_are_refused(game_id):
    match = new_match(game_id, 0)
    match.settle_chance()
    with pytest.raises(IllegalAction):
        match.act(Action("no-such-action"))
    actor = match.actor
    other = (actor + 1) % len(match.players)
    with pytest.raises(IllegalAction):
        match.act(match.legal_actions()[0], seat=other)


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id):
    a = new_match(game_id, 42)
    b = new_match(game_id, 42)
    play_random(a, random.Random(1), steps=50)
    play_random(b, random.Random(1), steps=50)
    assert a.hash() == b.hash()


@pytest.mark.parametrize("game_id", GAMES)
def test_setup_checks_player_count(game_id):
    rules = registry.get(game_id)
    with pytest.raises(IllegalAction):
        Match(rules, default_setup(rules, players=rules.max_players + 1), 0)
    if rules.min_players > 1:
        with pytest.raises(IllegalAction):
            Match(rules, default_setup(rules, players=rules.min_players - 1), 0)
