"""Catan's speed figures for scripts/bench.py: whole 4-player games of uniformly
random legal actions without trades between players (offer, counter, accept and
reject left out), played through tabletop.engine.Match (checks, log, undo points)
and directly through the rules (legal actions and apply only).

Next to them, the same measurement of the catanatron package (PyPI) when it can be
imported: random players for all four colours, its own turn limit. It is never a
dependency of tabletop; to measure it, install it into a folder of its own and name
that folder in TABLETOP_CATANATRON_PATH:

    pip install --target /tmp/catanatron_pkg catanatron
    TABLETOP_CATANATRON_PATH=/tmp/catanatron_pkg python3 scripts/bench.py --only games

The actions are not the same unit in both: catanatron counts its own decisions
(a roll, a build, a discard of several cards at once, ...), tabletop counts player
actions (a discard is one card; dice and stolen cards are chance steps, not counted).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from typing import Any

from tabletop.engine.core import CHANCE, Action
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, games_per_second, play_random
from tabletop.games.catan.rules import RULES

PLAYERS = 4
#: the actions of trading between players, left out of the random games
PLAYER_TRADE = frozenset(("offer", "counter", "accept", "reject"))
SETUP = default_setup(RULES, players=PLAYERS)


def _choose(rng: random.Random) -> Callable[[Any, list[Action]], Action]:
    def choose(_match: Any, actions: list[Action]) -> Action:
        allowed = [a for a in actions if a.kind not in PLAYER_TRADE]
        return allowed[rng.randrange(len(allowed))]

    return choose


def _through_match(seed: int) -> tuple[int, bool]:
    match = Match(RULES, SETUP, seed)
    rng = random.Random(seed)
    actions = play_random(match, rng, choose=_choose(rng))
    return actions, match.over


def _through_rules(seed: int) -> tuple[int, bool]:
    rng = random.Random(seed)
    state = RULES.new_state(SETUP)
    actions = 0
    while actions < RULES.random_play_step_limit:
        actor = RULES.actor(state)
        if actor is None:
            return actions, True
        if actor == CHANCE:
            spec = RULES.chance_spec(state)
            RULES.apply(state, spec.action(spec.draw(rng)))
            continue
        legal = [a for a in RULES.legal_actions(state) if a.kind not in PLAYER_TRADE]
        RULES.apply(state, legal[rng.randrange(len(legal))])
        actions += 1
    return actions, RULES.actor(state) is None


def _catanatron() -> Any:
    """The catanatron module, or None when it cannot be imported."""
    extra = os.environ.get("TABLETOP_CATANATRON_PATH")
    if extra and extra not in sys.path:
        sys.path.append(extra)
    try:
        import catanatron  # type: ignore[import-not-found]  # optional, installed only for the comparison
    except ImportError:
        return None
    return catanatron


def _through_catanatron(catanatron: Any) -> Callable[[int], tuple[int, bool]]:
    colours = list(catanatron.Color)[:PLAYERS]

    def play(seed: int) -> tuple[int, bool]:
        game = catanatron.Game([catanatron.RandomPlayer(colour) for colour in colours], seed=seed + 1)
        winner = game.play()
        return len(game.state.actions), winner is not None

    return play


def bench(quick: bool) -> dict[str, Any]:
    """Random 4-player games per second and actions per second, through the Match,
    through the rules alone and, when importable, through catanatron (20 games
    each when quick, else 200)."""
    games = 20 if quick else 200
    result: dict[str, Any] = {
        "players": PLAYERS,
        "player_trades": False,
        "action_limit": RULES.random_play_step_limit,
        "through_match": games_per_second(_through_match, games),
        "through_rules": games_per_second(_through_rules, games),
    }
    catanatron = _catanatron()
    if catanatron is None:
        result["catanatron"] = None
        result["catanatron_note"] = (
            "catanatron is not installed; pip install --target DIR catanatron and set "
            "TABLETOP_CATANATRON_PATH=DIR to measure it alongside"
        )
    else:
        version = getattr(catanatron, "__version__", None)
        if version is None:
            try:
                from importlib.metadata import version as package_version

                version = package_version("catanatron")
            except Exception:  # a folder on sys.path has no installed metadata
                version = "unknown"
        result["catanatron"] = {"version": version, **games_per_second(_through_catanatron(catanatron), games)}
        result["catanatron_note"] = (
            "random players, catanatron's own turn limit; its actions are its own "
            "decisions, not the same unit as tabletop's"
        )
    return result


if __name__ == "__main__":
    import json

    print(json.dumps(bench(quick="--quick" in sys.argv), indent=2))
