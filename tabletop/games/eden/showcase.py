"""The README's picture of Eden (docs/screenshots/eden.png), made again the same way:

    python -m tabletop.games.eden.showcase docs/screenshots/eden.png [--size 1920x1080]

Four players play at random (a fixed seed) until the player to move holds a
cultivation card that can raise several tiles; the screen is then drawn with that
player's hand open, the card chosen and held over the board, so that the picture
shows the preview of what would rise and its price, the open display and the piles.
Needs no window (the dummy video driver).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

NAMES = ("Ann", "Bram", "Chloé", "Dirk")
SEED = 2


def _candidate(match, rng: random.Random):
    """Play on until the player to move may cultivate three tiles or more and the
    board is well filled and grown; the cultivation that raises the most."""
    from tabletop.engine.core import CHANCE

    rules = match.rules
    while not match.over:
        if match.actor == CHANCE:
            match.roll()
            continue
        state = match.state
        grown = sum(v - 1 for v in state.value if v)  # red dots on the board
        if state.phase == "play" and sum(o >= 0 for o in state.owner) >= 26 and grown >= 8 and len(state.display) >= 3:
            best = None
            for action in match.legal_actions():
                if action.kind != "cultivate":
                    continue
                fields = rules.shape_fields(action["card"], action["rotation"], action["origin"])
                low = min(state.value[f] for f in fields)
                rising = sum(1 for f in fields if state.value[f] == low)
                if rising >= 3 and (best is None or rising > best[0]):
                    best = (rising, action)
            if best is not None and max(state.points) < rules.tables.economy.target_points - 3:
                return best[1]
        actions = match.legal_actions()
        match.act(actions[rng.randrange(len(actions))])
    raise RuntimeError("no game of this seed reaches a good picture")


def make(out: Path, size: tuple[int, int] = (1920, 1080), seed: int = SEED) -> Path:
    """Draw the picture into `out` (a PNG)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tabletop.engine.core import PlayerInfo, Setup
    from tabletop.engine.match import Match
    from tabletop.games.eden.rules import RULES
    from tabletop.settings import Settings
    from tabletop.ui.app import App

    colours = [key for key, _label, _rgb in RULES.colours()]
    setup = Setup(tuple(PlayerInfo(name, colours[i]) for i, name in enumerate(NAMES)), RULES.default_options(), 0)
    rng = random.Random(seed)
    while True:
        match = Match(RULES, setup, seed)
        try:
            action = _candidate(match, rng)
            break
        except RuntimeError:
            seed += 1
            rng = random.Random(seed)
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
    view = screen.view

    def post(kind, **params) -> None:
        pygame.event.post(pygame.event.Event(kind, **params))
        app.run_until_idle()

    rect = next(r for r, c in view.hand_rects if c == action["card"])
    post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    for _turn in range(action["rotation"]):
        post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    fields = RULES.shape_fields(action["card"], action["rotation"], action["origin"])
    columns = max(f % RULES.tables.board.width for f in fields) - min(f % RULES.tables.board.width for f in fields) + 1
    rows = max(f // RULES.tables.board.width for f in fields) - min(f // RULES.tables.board.width for f in fields) + 1
    origin = action["origin"]
    x = view.grid.x + (origin % RULES.tables.board.width + columns / 2) * view.cell
    y = view.grid.y + (origin // RULES.tables.board.width + rows / 2) * view.cell
    post(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))
    assert view._preview() is not None and view._preview()[2] == origin, "the card is not where it was aimed"
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
