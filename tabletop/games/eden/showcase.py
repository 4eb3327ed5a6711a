"""The README's picture of Eden (docs/screenshots/eden.png), made again the same way:

    python -m tabletop.games.eden.showcase docs/screenshots/eden.png [--size 1920x1080]

Four players play at random (a fixed seed) until the player to move holds a
cultivation card that can raise several tiles; the screen is then drawn with that
player's hand open, the card chosen and held over the board, so that the picture
shows the preview of what would rise and its price, the open display and the piles.
Needs no window (the dummy video driver).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

NAMES = ("Ann", "Bram", "Chloé", "Dirk")
SEED = 2


def _placement(rules, action) -> tuple[int, int, int]:
    """The card, rotation and origin of a cultivation, by number as the screen has them."""
    t = rules.tables
    return t.card_of(action["card"]), action["rotation"], t.board.field(action["origin"])


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
                fields = rules.shape_fields(*_placement(rules, action))
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
    from tabletop.ui import showcase

    with showcase.headless():
        import pygame

        from tabletop.engine.core import PlayerInfo, Setup
        from tabletop.engine.match import Match
        from tabletop.games.eden.rules import RULES

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
        with showcase.game_screen(match, size) as app:
            screen = app.top
            screen.reveal()
            app.run_until_idle()
            view = screen.view
            card, rotation, origin = _placement(RULES, action)
            rect = next(r for r, c in view.hand.rects if c == card)
            showcase.click(app, rect.center)
            for _turn in range(rotation):
                showcase.post(app, pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
            width = RULES.tables.board.width
            fields = RULES.shape_fields(card, rotation, origin)
            assert fields is not None  # a legal cultivation lies on the board
            columns = max(f % width for f in fields) - min(f % width for f in fields) + 1
            rows = max(f // width for f in fields) - min(f // width for f in fields) + 1
            x = view.board.grid.x + (origin % width + columns / 2) * view.board.cell
            y = view.board.grid.y + (origin // width + rows / 2) * view.board.cell
            showcase.post(app, pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))
            placement = view.preview.placement()
            assert placement is not None and placement[2] == origin, "the card is not where it was aimed"
            return showcase.save(app, out)


def main(argv: list[str] | None = None) -> int:
    from tabletop.ui import showcase

    return showcase.main(make, __doc__.splitlines()[0], SEED, argv)


if __name__ == "__main__":
    sys.exit(main())
