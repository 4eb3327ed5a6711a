"""Eden's speed figures for scripts/bench.py: whole games of uniformly random legal
moves, played through tabletop.engine.Match (checks, log, undo points), directly
through the rules (legal moves and apply only), and through the rules with the
checks of tabletop/games/eden/checks.py after every step (the invariants and the
mana ledger the tests use), so that thousands of games are also a test: a broken
rule stops the benchmark with its AssertionError.

The screen's frame time is measured by scripts/bench.py for every registered game.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.core import CHANCE
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, games_per_second, play_random
from tabletop.games.eden import stalemate
from tabletop.games.eden.checks import check_step
from tabletop.games.eden.rules import RULES


def _through_match(seed: int) -> tuple[int, bool]:
    match = Match(RULES, default_setup(RULES), seed)
    actions = play_random(match, random.Random(seed))
    return actions, match.over


def _through_rules(seed: int, checked: bool = False) -> tuple[int, bool]:
    rng = random.Random(seed)
    state = RULES.new_state(default_setup(RULES))
    actions = 0
    if checked:
        RULES.check_invariants(state)
    while actions < RULES.random_play_step_limit:
        actor = RULES.actor(state)
        if actor is None:
            return actions, True
        if actor == CHANCE:
            spec = RULES.chance_spec(state)
            action = spec.action(spec.draw(rng))
        else:
            legal = RULES.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            actions += 1
        before = RULES.copy_state(state) if checked else None
        RULES.apply(state, action)
        if before is not None:
            check_step(RULES, before, action, state)
    return actions, RULES.actor(state) is None


def _through_rules_checked(seed: int) -> tuple[int, bool]:
    return _through_rules(seed, checked=True)


def data_at_limits() -> dict[str, Any]:
    """Seconds to validate and open Eden's data at its limits (schema.py): a board of
    MAX_COLUMNS x MAX_ROWS and a target of MAX_TARGET_POINTS, the rest bundled."""
    import shutil
    import string
    import tempfile
    import time
    from pathlib import Path

    from tabletop import resources
    from tabletop.engine.core import PlayerInfo, Setup
    from tabletop.engine.data import load_dataset
    from tabletop.games.eden import schema
    from tabletop.games.eden.rules import EdenRules
    from tabletop.games.eden.tables import DATASET

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(resources.DATA / "eden", root / "eden")
        columns = ", ".join(string.ascii_uppercase[: schema.MAX_COLUMNS])
        (root / "eden/board.yaml").write_text(f"columns: [{columns}]\nrows: {schema.MAX_ROWS}\n", encoding="utf-8")
        economy = root / "eden/economy.yaml"
        text = economy.read_text(encoding="utf-8").replace(
            "target_points: 20", f"target_points: {schema.MAX_TARGET_POINTS}"
        )
        economy.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        load_dataset(DATASET, root)
        validated = time.perf_counter() - start
        rules = EdenRules(root)
        colours = [key for key, _label, _rgb in rules.colours()]
        players = tuple(PlayerInfo(f"P{i + 1}", colours[i]) for i in range(4))
        match = Match(rules, Setup(players, rules.default_options(), 0), 0)
        match.settle_chance()
        return {
            "board": f"{schema.MAX_COLUMNS} x {schema.MAX_ROWS}",
            "validate_s": round(validated, 3),
            "validate_and_open_s": round(time.perf_counter() - start, 3),
        }


def bench(quick: bool) -> dict[str, Any]:
    """Random full games per second and actions per second, through the Match, through
    the rules alone, and through the rules with every step checked (200 games each
    when quick, else 2000); how many end without a winner at 20 points because
    nothing can change any more, and the largest end-of-game search."""
    games = 200 if quick else 2000
    searches = {"count": 0, "positions": 0, "largest": 0, "gave_up": 0}
    changes = stalemate.Search.changes

    def counted(search: stalemate.Search) -> bool:
        found = changes(search)
        searches["count"] += 1
        searches["positions"] += search.nodes
        searches["largest"] = max(searches["largest"], search.nodes)
        searches["gave_up"] += search.gave_up
        return found

    stalemate.Search.changes = counted  # type: ignore[method-assign, assignment]  # counting wrapper, put back below
    try:
        checked = games_per_second(_through_rules_checked, games)
    finally:
        stalemate.Search.changes = changes  # type: ignore[method-assign]
    return {
        "players": len(default_setup(RULES).players),
        "through_match": games_per_second(_through_match, games),
        "through_rules": games_per_second(_through_rules, games),
        "through_rules_checked_every_step": checked,
        "end_searches": searches,
        "data_at_limits": data_at_limits(),
    }


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(bench(quick="--quick" in sys.argv), indent=2))
