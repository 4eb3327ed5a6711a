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

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

NAMES = ("Ann", "Bram", "Chloé", "Dirk")
SEED = 2
#: random actions a game may take before another seed is tried
LONGEST = 3000


def _well_under_way(match) -> bool:
    state = match.state
    return (len(match.log) > 500 and state.phase == "main" and state.largest != -1
            and sum(state.devs[state.turn]) >= 2 and sum(state.hands[state.turn]) >= 4 and max(state.vp) >= 5
            and any(action.kind == "build_road" for action in match.legal_actions()))


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
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-showcase-"))
    import pygame

    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup
    from tabletop.games import registry
    from tabletop.settings import Settings
    from tabletop.ui.app import App

    rules = registry.get("catan")
    while True:
        match = Match(rules, default_setup(rules, names=list(NAMES)), seed)
        if _play(match, random.Random(seed)):
            break
        seed += 1
    app = App(size=size, settings=Settings())
    pygame.event.clear()
    app.start(None)
    app.resize(size)
    app.run_until_idle()
    app.open_match(match, None)
    app.run_until_idle()
    screen = app.top
    screen.reveal()
    app.run_until_idle()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    app.run_until_idle()
    assert screen.view.mode == "road", "the road button did not take"
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(out))
    app.shutdown()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    print(make(args.out, (width, height), args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
