"""Random full games of the skirmish rules between two built units: the book's
preparation (bid, leaders, terrain in turns, deployment), then round after round to
the end (after round 5, or a round that leaves a side with nobody on the table),
with options on and off. After every step the invariants hold (RULES.check_invariants:
strategy points never below 0, bids within the pool, a side whose leader fell in the
round before never bidding, victory points never below 0, ...); the game ends with a
result and its log replays to the very same state. One game per set of options here;
more with SKIRMISH_FULL_GAMES=N."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.randomplay import play_random
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.unit_files import bundled_unit

#: games per set of options
GAMES = int(os.environ.get("SKIRMISH_FULL_GAMES", "1"))
#: the most player actions one game may take before the test calls it stuck
STEP_LIMIT = 4000

OPTION_SETS = {
    "book": {},
    "terrain rules": {"ruleset": "terrain"},
    "options": {"round_one_bid": "none", "emptied_side": "loses", "terrain_pieces": 2},
    "terrain up to 8": {"ruleset": "terrain", "terrain_spend": "up_to", "weapon_markers": "wound"},
    "weather changing": {"weather": "changing"},
    "three weathers": {"weather": "three", "ruleset": "terrain"},
    "non-player warriors": {"infestation": 4},
}


def new_game(seed: int, options: dict) -> tuple[Match, random.Random]:
    """A game of two bundled units drawn by `seed`, and the random source that plays it."""
    units = ("unit-a", "unit-b", "unit-c")
    rng = random.Random(seed)
    chosen = {
        **RULES.default_options(),
        "start": "empty",
        "unit_1": bundled_unit(rng.choice(units)).to_setup(),
        "unit_2": bundled_unit(rng.choice(units)).to_setup(),
        **options,
    }
    match = Match(RULES, Setup((PlayerInfo("A", "red"), PlayerInfo("B", "blue")), chosen, rng.randrange(2)), seed)
    return match, rng


def full_game(seed: int, options: dict) -> Match:
    match, rng = new_game(seed, options)
    play_random(match, rng, steps=STEP_LIMIT, after=lambda m: RULES.check_invariants(m.state))
    return match


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_random_full_games_end_keep_the_invariants_and_replay(name):
    for game in range(GAMES):
        match = full_game(1000 * game + sorted(OPTION_SETS).index(name), OPTION_SETS[name])
        assert match.over, f"not over after {STEP_LIMIT} actions: {match.state.phase}, round {match.state.round}"
        result = match.result()
        assert result is not None and result.winners and len(result.scores) == 2
        kinds = {entry.action.kind for entry in match.log}
        assert {"bid", "begin", "add_piece", "edge", "add_model", "deployed", "name"} <= kinds
        assert bool(match.state.weather) == (OPTION_SETS[name].get("weather", "off") != "off")
        log = [type(e).from_json(json.loads(json.dumps(e.to_json()))) for e in match.log]
        assert Match.replay(RULES, match.setup, log).hash() == match.hash()


def test_a_side_deploying_beside_terrain_always_has_a_sampled_placement():
    """The free spot nearest to a sampled one touches the terrain in the way; rounded
    to the 0.1 mm grid it overlapped it, and a side whose every sampled spot did so
    had no move while deploying (this game's seat 0, beside a rocky hill and a lake)."""
    match, rng = new_game(17001, OPTION_SETS["non-player warriors"])
    for _step in range(STEP_LIMIT):
        if match.state.round > 0:  # the preparation is over
            break
        play_random(match, rng, steps=1, after=lambda m: RULES.check_invariants(m.state))
    assert match.state.round == 1 and "deployed" in {entry.action.kind for entry in match.log}
