"""Eden's speed figures for scripts/bench.py: whole games of uniformly random legal
moves, played through tabletop.engine.Match (checks, log, undo points) and directly
through the rules (legal moves and apply only).

The screen's frame time is measured by scripts/bench.py for every registered game.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from tabletop.engine.core import CHANCE
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.games.eden.rules import RULES


def _through_match(seed: int) -> tuple[int, bool]:
    match = Match(RULES, default_setup(RULES), seed)
    actions = play_random(match, random.Random(seed))
    return actions, match.over


def _through_rules(seed: int) -> tuple[int, bool]:
    rng = random.Random(seed)
    state = RULES.new_state(default_setup(RULES))
    actions = 0
    while actions < RULES.random_play_step_limit:
        actor = RULES.actor(state)
        if actor is None:
            return actions, True
        if actor == CHANCE:
            spec = RULES.chance_spec(state)
            RULES.apply(state, spec.action(spec.draw(rng)))
            continue
        legal = RULES.legal_actions(state)
        RULES.apply(state, legal[rng.randrange(len(legal))])
        actions += 1
    return actions, RULES.actor(state) is None


def _run(play: Callable[[int], tuple[int, bool]], games: int) -> dict[str, Any]:
    actions = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        made, over = play(seed)
        actions += made
        finished += over
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "actions_per_second": round(actions / seconds),
        "actions_per_game": round(actions / games, 1),
        "finished_share": round(finished / games, 3),
    }


def bench(quick: bool) -> dict[str, Any]:
    """Random full games per second and actions per second, through the Match and
    through the rules alone (200 games each when quick, else 2000)."""
    games = 200 if quick else 2000
    return {
        "players": len(default_setup(RULES).players),
        "through_match": _run(_through_match, games),
        "through_rules": _run(_through_rules, games),
    }


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(bench(quick="--quick" in sys.argv), indent=2))
