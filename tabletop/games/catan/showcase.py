"""The README's picture of Catan (docs/screenshots/catan.png), made again the same way:

    python -m tabletop.games.catan.showcase docs/screenshots/catan.png [--size 1920x1080]

Four players play at random (a fixed seed) until a game is well under way: the
player to move is in the main phase with cards and development cards in hand,
may build a road, and the Largest Army has a holder. The screen is then drawn with
that player's hand open and the road button pressed (R), so that the picture shows
the island, the pieces, the lit paths, the hand, the bank's open piles and the
special cards. Needs no window (the dummy video driver).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

NAMES = ("Ann", "Bram", "Chloé", "Dirk")
SEED = 2
#: random actions a game may take before another seed is tried
LONGEST = 3000


def _well_under_way(match) -> bool:
    state = match.state
    return (
        len(match.log) > 500
        and state.phase == "main"
        and state.largest != -1
        and sum(state.devs[state.turn]) >= 2
        and sum(state.hands[state.turn]) >= 4
        and max(state.vp) >= 5
        and any(action.kind == "build_road" for action in match.legal_actions())
    )


def _play(match, rng: random.Random) -> bool:
    """Random legal play until the game is well under way (True) or over (False)."""
    from tabletop.engine.core import CHANCE

    for _step in range(LONGEST):
        if match.over:
            return False
        if match.actor == CHANCE:
            match.roll()
            continue
        if _well_under_way(match):
            return True
        actions = match.legal_actions()
        match.act(actions[rng.randrange(len(actions))])
    return False


def make(out: Path, size: tuple[int, int] = (1920, 1080), seed: int = SEED) -> Path:
    """Draw the picture into `out` (a PNG)."""
    from tabletop.ui import showcase

    with showcase.headless():
        import pygame

        from tabletop.engine.match import Match
        from tabletop.engine.randomplay import default_setup
        from tabletop.games import registry

        rules = registry.get("catan")
        while True:
            match = Match(rules, default_setup(rules, names=list(NAMES)), seed)
            if _play(match, random.Random(seed)):
                break
            seed += 1
        with showcase.game_screen(match, size) as app:
            screen = app.top
            screen.reveal()
            app.run_until_idle()
            showcase.post(app, pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
            assert screen.view.choices.mode == "road", "the road button did not take"
            return showcase.save(app, out)


def main(argv: list[str] | None = None) -> int:
    from tabletop.ui import showcase

    return showcase.main(make, __doc__.splitlines()[0], SEED, argv)


if __name__ == "__main__":
    sys.exit(main())
