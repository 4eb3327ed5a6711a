"""Random legal play: for selftest, screenshots, tests and the benchmark."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from tabletop.engine.core import CHANCE, Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.rules import GameRules
from tabletop.i18n import _


def default_setup(
    rules: GameRules, players: int | None = None, names: list[str] | None = None, first: int = 0
) -> Setup:
    """A set-up with the game's default options, its first colours and given (or
    numbered) player names."""
    if names:
        count = len(names)
    else:
        count = players or min(rules.max_players, max(rules.min_players, 3))
        names = [_("P{number}", number=i + 1) for i in range(count)]
    colours = [key for key, _label, _rgb in rules.colours()]
    return Setup(
        players=tuple(PlayerInfo(name, colours[i % len(colours)]) for i, name in enumerate(names)),
        options=rules.default_options(),
        first=first,
    )


def play_random(
    match: Match,
    rng: random.Random,
    steps: int | None = None,
    choose: Callable[[Match, list[Action]], Action] | None = None,
    after: Callable[[Match], None] | None = None,
) -> int:
    """Play chance steps and uniformly random legal actions until the game ends or
    `steps` player actions were made. `choose` may pick among the legal actions
    instead; `after` is called after every applied step. Returns the actions made."""
    limit = match.rules.random_play_step_limit if steps is None else steps
    made = 0
    while made < limit:
        actor = match.actor
        if actor is None:
            break
        if actor == CHANCE:
            match.roll()
        else:
            actions = match.legal_actions()
            if not actions:
                raise AssertionError(f"{match.rules.id}: seat {actor} has no legal action")
            action = choose(match, actions) if choose else actions[rng.randrange(len(actions))]
            match.act(action)
            made += 1
        if after:
            after(match)
    return made


def games_per_second(play: Callable[[int], tuple[int, bool]], games: int) -> dict[str, Any]:
    """Figures of `games` random games, `play(seed)` playing one and answering
    (actions made, whether it finished), for the games' benchmarks."""
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
        "games_per_second": round(games / seconds, 2),
        "actions_per_second": round(actions / seconds),
        "actions_per_game": round(actions / games, 1),
        "finished_share": round(finished / games, 3),
    }
