"""Match: chance steps, physical dice, undo limits, crash safety."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tabletop.engine import CHANCE, Action, ChanceSpec, Event, GameRules, IllegalAction, Match, Step
from tabletop.engine.moves import Move, Moves
from tabletop.engine.randomplay import default_setup
from tabletop.engine.saves import latest_autosave, load_match
from tabletop.games import registry
from tabletop.i18n import Message


def new_match(seed: int = 1) -> Match:
    rules = registry.get("testgame")
    return Match(rules, default_setup(rules, players=2), seed)


def test_action_round_trips_through_json():
    action = Action("cultivate", card=3, cells=[[1, 2], [2, 2]], rotate=True)
    assert Action.from_json(action.to_json()) == action
    assert hash(Action.from_json(action.to_json())) == hash(action)
    with pytest.raises(TypeError):
        Action("bad", where={"x": 1})


@pytest.mark.parametrize(
    "spec, good, bad",
    [
        (ChanceSpec("dice", count=2, sides=6), [(1, 6), (3, 3)], [(0, 6), (7, 1), (1,), (1, 2, 3), [1, 2], "12"]),
        (ChanceSpec("shuffle", size=3), [(2, 0, 1)], [(0, 0, 1), (0, 1), (1, 2, 3)]),
        (ChanceSpec("pick", size=4), [0, 3], [4, -1, True, 1.5]),
    ],
)
def test_chance_outcomes_are_checked(spec, good, bad):
    for outcome in good:
        assert spec.valid(outcome)
    for outcome in bad:
        assert not spec.valid(outcome)


def test_chance_draws_are_valid():
    import random

    rng = random.Random(3)
    for spec in (ChanceSpec("dice", count=3, sides=6), ChanceSpec("shuffle", size=12), ChanceSpec("pick", size=5)):
        for _ in range(50):
            assert spec.valid(spec.draw(rng))


def test_physical_dice_are_typed_in():
    match = new_match()
    match.settle_chance(physical_dice=True)  # the shuffle is the app's
    assert match.actor == CHANCE and match.chance_spec().physical
    with pytest.raises(IllegalAction):
        match.roll((7,))
    events = match.roll([4])
    assert events[0].data["faces"] == [4]
    assert match.state.die == 4


def test_chance_outcome_depends_only_on_seed_and_position():
    a, b = new_match(9), new_match(9)
    a.settle_chance()
    b.settle_chance()
    assert a.log == b.log
    c = new_match(10)
    c.settle_chance()
    assert c.log != a.log


def test_undo_stops_at_a_chance_step():
    match = new_match()
    match.settle_chance()
    assert not match.can_undo
    hold = Action("hold")
    match.act(hold)  # hand full, nothing drawn: undoable
    assert match.can_undo
    match.undo()
    assert not match.can_undo and match.actor == 0


def test_undo_stops_at_a_reveal():
    match = new_match()
    match.settle_chance()
    card = match.legal_actions()[0]
    assert card.kind == "play"
    match.act(card)  # shows the card and draws one: commits
    assert not match.can_undo


STEP = Move("step", "Take a step and act again.", phases=("walk",))
PASS = Move("pass", "Hand over to the other seat.", phases=("walk",))


class Relay(GameRules):
    """Two seats, no chance and no secrets: a seat 'step's (and acts again) or
    'pass'es (the other seat acts); six steps in all end the game."""

    id = "relay"
    has_secrets = False
    moves = Moves(STEP, PASS, phase_of=lambda state: "walk")

    def colours(self):
        return (("red", "red", (200, 40, 40)), ("blue", "blue", (40, 90, 200)))

    def new_state(self, setup):
        return {"turn": setup.first, "steps": 0}

    def actor(self, state):
        return None if state["steps"] >= 6 else state["turn"]

    def legal_actions(self, state):
        return [STEP.action(), PASS.action()]

    @STEP.apply
    def _step(self, state):
        state["steps"] += 1
        return Step([Event(Message("step"))])

    @PASS.apply
    def _pass(self, state):
        state["turn"] = 1 - state["turn"]
        return Step([Event(Message("pass"))])

    def result(self, state):
        return None

    def encode(self, state):
        return dict(state)

    def view(self, state, seat):
        return dict(state)


def relay() -> Match:
    rules = Relay()
    return Match(rules, default_setup(rules, names=["Ann", "Bob"]), 1)


def test_undo_takes_back_only_the_acting_seats_own_actions():
    match = relay()
    match.act(Action("step"))
    match.act(Action("step"))
    assert match.can_undo  # Ann's own two steps
    match.act(Action("pass"))
    assert match.actor == 1
    assert not match.can_undo  # Bob may not take back Ann's decisions
    match.act(Action("step"))
    assert match.undo() and not match.undo()  # only Bob's step
    match.act(Action("pass"))
    assert match.actor == 0 and not match.can_undo  # nor Ann Bob's


class HintedRelay(Relay):
    """Relay whose rules call every step one that commits at once, which a step
    does not (a hint that is wrong, as a roll's is when real dice are still to
    come): Match keeps no copy before it and must rebuild by replaying the log."""

    def __init__(self):
        self.copies = 0

    def commits_at_once(self, state, action):
        return True

    def copy_state(self, state):
        self.copies += 1
        return super().copy_state(state)


def test_undo_without_a_copy_replays_the_log():
    rules = HintedRelay()
    match = Match(rules, default_setup(rules, names=["Ann", "Bob"]), 1)
    plain = relay()
    for m in (match, plain):
        m.act(Action("pass"))
        m.act(Action("step"))
        m.act(Action("step"))
    assert rules.copies == 0 and match.state == plain.state
    for m in (match, plain):
        assert m.undo() and m.undo() and not m.can_undo
    assert match.state == plain.state == {"turn": 1, "steps": 0}
    for m in (match, plain):
        assert m.redo() and m.redo()
    assert match.state == plain.state == {"turn": 1, "steps": 2}
    assert match.log == plain.log and match.can_undo


def test_a_seeded_roll_is_a_function_of_the_seed_and_the_log_position():
    """With a seed (tests, --seed) each outcome follows from the seed and the log
    position alone, whatever was undone before."""
    import random

    rules = registry.get("catan")
    match = Match(rules, default_setup(rules, players=3), 7)
    rng = random.Random(7)
    rolled = 0
    while rolled < 40:
        if match.actor == CHANCE:
            spec = match.chance_spec()
            expected = spec.draw(random.Random(7 * 2**32 + len(match.log)))
            match.roll()
            assert match.log[-1].action["outcome"] == expected
            rolled += 1
        else:
            match.act(rng.choice(match.legal_actions()))


def test_without_a_seed_chance_comes_from_the_operating_system():
    import random

    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules, players=2))
    assert match.seed is None and isinstance(match._chance(), random.SystemRandom)
    deals = set()
    for _ in range(5):
        fresh = Match(rules, default_setup(rules, players=4))
        fresh.settle_chance()
        deals.add(fresh.log[0].action["outcome"])
    assert len(deals) > 1


def test_a_draw_takes_different_items_of_the_pile():
    spec = ChanceSpec("draw", count=3, size=5)
    assert spec.valid((4, 0, 2)) and not spec.valid((1, 1, 2)) and not spec.valid((0, 1, 5))
    assert not spec.valid((0, 1)) and not spec.valid([0, 1, 2]) and not spec.valid((0, 1, True))
    import random

    rng = random.Random(3)
    for _ in range(50):
        assert spec.valid(spec.draw(rng))


def test_chance_outcomes_have_exact_types():
    dice = ChanceSpec("dice", count=2, sides=6)
    assert dice.valid((1, 6)) and not dice.valid((True, 6)) and not dice.valid((1.0, 6))
    assert not ChanceSpec("pick", size=3).valid(True) and ChanceSpec("pick", size=3).valid(2)
    assert not ChanceSpec("shuffle", size=3).valid((0.0, 1, 2))


def test_actions_keep_their_values_and_equality():
    from collections import namedtuple

    Pair = namedtuple("Pair", "a b")
    faces = (3, 4)
    assert Action("chance", outcome=faces)["outcome"] is faces  # plain: kept as it is
    assert Action("x", p=Pair(1, 2))["p"] == (1, 2) and type(Action("x", p=Pair(1, 2))["p"]) is tuple
    assert Action("x", p=(1, [2, 3]))["p"] == (1, (2, 3))
    assert Action("x", p=[True, 1.5, None, "a"])["p"] == (True, 1.5, None, "a")
    assert Action("x", b=1, a=2) == Action("x", a=2, b=1) and list(Action("x", b=1, a=2)) == ["a", "b"]
    assert Action("x", a=(1, 2)) == Action("x", a=[1, 2]) and hash(Action("x", a=(1, 2))) == hash(Action("x", a=[1, 2]))
    assert Action("roll").to_json() == {"kind": "roll"} and len(Action("roll")) == 0
    with pytest.raises(TypeError):
        Action("bad", p=(1, {"x": 2}))


def test_redo_and_replay_keep_the_seat_change_as_a_limit():
    match = relay()
    match.act(Action("step"))
    match.act(Action("pass"))
    match.act(Action("step"))
    match.undo()
    match.redo()
    assert match.undo() and not match.can_undo
    again = Match.replay(match.rules, match.setup, match.log, match.seed)
    assert not again.can_undo


def test_acting_out_of_turn_or_during_chance_is_refused():
    match = new_match()
    with pytest.raises(IllegalAction):
        match.act(Action("hold"))  # the shuffle comes first
    match.settle_chance()
    with pytest.raises(IllegalAction):
        match.act(Action("hold"), seat=1)
    with pytest.raises(IllegalAction):
        match.roll()


def test_killing_the_program_loses_at_most_the_action_in_progress(tmp_path):
    """A separate process plays and autosaves, reporting each action once its save
    is written; it is killed mid-game; the autosave it leaves loads, holds every
    reported action, and the game continues from there."""
    script = textwrap.dedent(
        """
        import random
        from tabletop.engine import Match
        from tabletop.engine.randomplay import default_setup, play_random
        from tabletop.engine.saves import Autosaver
        from tabletop.games import registry
        rules = registry.get("eden")
        match = Match(rules, default_setup(rules, players=4), 1)
        Autosaver(match).save()
        match.listeners.append(lambda m: print(len(m.log), flush=True))
        play_random(match, random.Random(1))
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", script], env=dict(os.environ), stdout=subprocess.PIPE)
    reported = 0
    while reported < 40:
        reported = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    path = latest_autosave()
    assert path is not None
    match = load_match(path)
    assert len(match.log) >= reported
    match.settle_chance()
    match.act(match.legal_actions()[0])
    leftovers = [p for p in path.parent.iterdir() if p.suffix != ".json"]
    assert len(leftovers) <= 1, "only the write in progress may leave a temporary file"
