"""The memory a long session takes: the three games' screens open in one headless
app, random moves with a redraw after each, and the window resized and the
skirmish table zoomed now and then. scripts/bench.py shows it as its "memory"
section; the figures are the process's resident memory before and after.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import time
from pathlib import Path
from typing import Any

GAMES = ("eden", "catan", "skirmish")
#: moves of one game before the next one's screen is shown
BLOCK = 25
SIZES = ((1280, 720), (1920, 1080), (1024, 768), (1600, 900), (1366, 768), (2560, 1440), (800, 600), (1440, 900))


def resident_mb() -> float:
    """The process's resident memory now, in megabytes (VmRSS; the peak where
    /proc is missing)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return peak_mb()


def peak_mb() -> float:
    """The process's peak resident memory so far, in megabytes."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def memory(quick: bool = False, actions: int = 2000, changes: int = 200, seed: int = 1) -> dict[str, Any]:
    """Play `actions` random moves spread over Eden, Catan and the skirmish game,
    each screen redrawn after every move, with `changes` window resizes and zooms
    in between; the resident memory before (the app and its first screen open) and
    after, and the largest size each bounded cache reached (when they are listed)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup
    from tabletop.games import registry
    from tabletop.settings import Settings
    from tabletop.ui.app import App
    from tabletop.ui.game_screen import GameScreen

    if quick:
        actions, changes = actions // 10, changes // 10
    rng = random.Random(seed)
    app = App(size=SIZES[0], headless=True, include_hidden=True, settings=Settings())
    matches: dict[str, Match] = {}
    screens: dict[str, GameScreen] = {}

    def screen(game_id: str) -> GameScreen:
        """The game's screen on top, on a new match when there is none or it ended."""
        match = matches.get(game_id)
        if match is None or match.over:
            rules = registry.get(game_id)
            match = matches[game_id] = Match(rules, default_setup(rules), rng.randrange(1 << 30))
            match.settle_chance()
            screens.pop(game_id, None)
        shown = screens.get(game_id)
        if shown is None:
            shown = screens[game_id] = GameScreen(app, match, interactive=False)
        if app.top is not shown:
            app.set_scene(shown)
        return shown

    start = time.perf_counter()
    try:
        for game_id in GAMES:
            screen(game_id)
            app.tick(1 / 60)
        gc.collect()
        before = resident_mb()
        # the resizes and zooms fall at random moments among the moves
        change_at = set(rng.sample(range(actions), min(changes, actions)))
        resizes = zooms = 0
        for step in range(actions):
            # a few dozen moves of one game, then the next (as players switching games)
            game_id = GAMES[step // BLOCK % len(GAMES)]
            shown = screen(game_id)
            match = shown.match
            legal = match.legal_actions()
            if legal:
                events = match.act(legal[rng.randrange(len(legal))])
                if match.over:
                    shown = screen(game_id)
                else:
                    shown.after_change(events)
            if step in change_at:
                # the skirmish table zooms (about the middle of its view); the others do not
                zoom = getattr(shown.view, "zoom", None)
                area = getattr(shown.view, "viewport", None)
                if zoom is not None and area is not None and rng.random() < 0.5:
                    zoom(rng.choice((1.15, 1 / 1.15, 1.15**3, 1.15**-3)), area.center)
                    zooms += 1
                else:
                    app.resize(rng.choice([s for s in SIZES if s != app.size]))
                    resizes += 1
            app.tick(1 / 60)
        # an idle moment, as when the players stop: the app's timers (the memory
        # released after a resize) run
        time.sleep(max(0.0, max((t[0] for t in app._timers), default=0.0) - time.monotonic()))
        app.tick(1 / 60)
        gc.collect()
        after = resident_mb()
        result: dict[str, Any] = {
            "actions": actions,
            "resizes": resizes,
            "zooms": zooms,
            "rss_before_mb": before,
            "rss_after_mb": after,
            "peak_mb": peak_mb(),
            "seconds": round(time.perf_counter() - start, 1),
        }
        try:
            from tabletop.ui.caches import bounded_caches
        except ImportError:
            return result
        result["caches"] = {c.name: f"{c.size}/{c.maxsize}" for c in bounded_caches() if c.size}
        return result
    finally:
        app.shutdown()


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(memory(quick="--quick" in sys.argv), indent=2))
