"""The skirmish game's speed figures for scripts/bench.py, on the full demo table
(20 warriors, 16 terrain pieces); the table's geometry (sight, reach, paths, and the
frames with the reach shown, under both rule sets) in bench_table.py:

- frames: the real screen at 1920x1080 driven by posted mouse motion: the line of
  sight following the pointer (sight_follow), a warrior dragged along its path
  while the sight between two warriors is shown and follows it (sight_drag), a
  warrior dragged along its path (warrior_drag), and a terrain piece dragged over
  the laid-out table (terrain_drag); the time of the app's whole frame (App.tick,
  which also handles the motion) and of the view's draw alone (median, p95).
- rounds: random play through the rules of play from the laid-out demo table
  (naming, activations, moves, attacks and their rolls, end phases): actions and
  rounds per second;
- frames.shot_in_hand: the same at a shot taken in hand in round 1, the pointer
  sweeping the table (legal targets lit, the refusal under the pointer elsewhere);
- targets_ms: the legal targets of one warrior with a shooting or throwing weapon on
  the demo table in play, each enemy with why it may not be shot at (median, worst).

Aims: a frame under 8 ms (p95), a warrior's legal targets under 2 ms (the table's
in bench_table.py).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import Any

# (bench_table imports tabletop.ui before pygame: it keeps pygame's greeting off
# stdout, where scripts/bench.py prints its JSON)
from tabletop.games.skirmish.bench_table import geometry, rule_sets
from tabletop.games.skirmish.bench_timing import SIZE, in_play, median_ms, p95_ms, showing, timed


def frames(quick: bool) -> dict[str, Any]:
    """Drive the real screen with posted mouse motion and time each frame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tabletop.engine.core import Action
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup
    from tabletop.games.skirmish.play.rules import RULES
    from tabletop.settings import Settings
    from tabletop.ui.app import App

    match = Match(RULES, default_setup(RULES), 1)
    match.act(Action("ready"))
    match.act(Action("ready"))
    app = App(size=SIZE, headless=True, settings=Settings())
    result: dict[str, Any] = {"size": f"{SIZE[0]}x{SIZE[1]}"}
    try:
        view = showing(app, match)
        draws: list[float] = []
        original = view.draw

        def timed_draw(surface):
            start = time.perf_counter()
            original(surface)
            draws.append(time.perf_counter() - start)

        # the view's own draw is timed inside the app's frame: the instance's draw
        # attribute stands in for the method
        vars(view)["draw"] = timed_draw

        def send(kind, **fields):
            app.process([pygame.event.Event(kind, **fields)])

        def sweep(points, buttons):
            ticks = []
            draws.clear()
            for p in points:
                # a frame: the motion handled (paths, sight, nearest free spots), then drawn
                ticks.append(
                    timed(lambda p=p: (send(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=buttons), app.tick(1 / 60)))
                )
            return {
                "frame_median_ms": median_ms(ticks),
                "frame_p95_ms": p95_ms(ticks),
                "draw_median_ms": median_ms(draws),
                "draw_p95_ms": p95_ms(draws),
                "frames": len(ticks),
            }

        steps = 40 if quick else 240
        # line of sight from one warrior, the target following the pointer over the table
        view.set_tool("sight")
        viewer = view.to_screen(view.table.models["m10"].position)
        send(pygame.MOUSEMOTION, pos=(int(viewer[0]), int(viewer[1])), rel=(0, 0), buttons=(0, 0, 0))
        send(pygame.MOUSEBUTTONDOWN, pos=(int(viewer[0]), int(viewer[1])), button=1)
        send(pygame.MOUSEBUTTONUP, pos=(int(viewer[0]), int(viewer[1])), button=1)
        app.tick(0.0)
        track = [
            view.to_screen(
                (300 + 260 * math.cos(k / steps * 2 * math.pi), 300 + 260 * math.sin(k / steps * 2 * math.pi))
            )
            for k in range(steps)
        ]
        result["sight_follow"] = sweep([(int(x), int(y)) for x, y in track], (0, 0, 0))

        # the sight between two warriors shown while the viewer is dragged along its path
        def click_on(model_id):
            at = view.to_screen(view.table.models[model_id].position)
            send(pygame.MOUSEMOTION, pos=(int(at[0]), int(at[1])), rel=(0, 0), buttons=(0, 0, 0))
            send(pygame.MOUSEBUTTONDOWN, pos=(int(at[0]), int(at[1])), button=1)
            send(pygame.MOUSEBUTTONUP, pos=(int(at[0]), int(at[1])), button=1)

        def grab_m13():
            """Press on warrior m13; where it stands and a circle of 7 cm round it."""
            start = view.to_screen(view.table.models["m13"].position)
            send(pygame.MOUSEMOTION, pos=(int(start[0]), int(start[1])), rel=(0, 0), buttons=(0, 0, 0))
            send(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)
            x, y = view.table.models["m13"].position
            return start, [
                view.to_screen((x + 70 * math.cos(k / steps * 2 * math.pi), y + 70 * math.sin(k / steps * 2 * math.pi)))
                for k in range(steps)
            ]

        view.cancel()
        click_on("m13")
        click_on("m14")
        app.tick(0.0)
        start, track = grab_m13()
        result["sight_drag"] = sweep([(int(x), int(y)) for x, y in track], (1, 0, 0))
        result["sight_drag"]["sight_shown"] = view.seen is not None and view.drag is not None
        send(pygame.MOUSEBUTTONUP, pos=(int(start[0]), int(start[1])), button=1)  # back where it stands: no move
        # a warrior dragged along its shortest path
        view.set_tool("select")
        start, track = grab_m13()
        result["warrior_drag"] = sweep([(int(x), int(y)) for x, y in track], (1, 0, 0))
        send(pygame.MOUSEBUTTONUP, pos=track[-1], button=1)
        # a shot in hand: the pointer sweeps the table, the legal targets lit and the
        # rules' refusal under the pointer for every other enemy (the busiest combat screen)
        result["shot_in_hand"] = shot_in_hand(app, steps, sweep, timed_draw)
        # a terrain piece dragged while the table is laid out (spacing enforced)
        layout = Match(RULES, default_setup(RULES), 1)
        view = showing(app, layout)
        original = view.draw
        vars(view)["draw"] = timed_draw
        piece = view.table.pieces["dense-forest"]
        start = view.to_screen(piece.position)
        send(pygame.MOUSEMOTION, pos=(int(start[0]), int(start[1])), rel=(0, 0), buttons=(0, 0, 0))
        send(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)
        track = [
            view.to_screen(
                (300 + 220 * math.cos(k / steps * 2 * math.pi), 300 + 220 * math.sin(k / steps * 2 * math.pi))
            )
            for k in range(steps)
        ]
        result["terrain_drag"] = sweep([(int(x), int(y)) for x, y in track], (1, 0, 0))
    finally:
        app.shutdown()
    return result


def shot_in_hand(app: Any, steps: int, sweep: Callable[..., dict[str, Any]], timed_draw: Any) -> dict[str, Any]:
    """Round 1 on the demo table, a warrior with a shooting weapon active and its shot
    taken in hand from the side panel; then the pointer sweeps the table."""
    import pygame

    from tabletop.engine.core import Action
    from tabletop.games.skirmish.play import combat
    from tabletop.games.skirmish.play.state import NAMING

    match = in_play(1)
    cards = combat.cards(match.state)
    shooter, item = next(
        (model_id, item.key)
        for model_id, card in cards.items()
        if match.state.models[model_id]["side"] == match.state.turn
        for item in card.items
        if item.mode("shooting") is not None
    )
    match.act(Action("name", model=shooter))
    while match.state.phase == NAMING:
        match.act(Action("pass"))
    view = showing(app, match)
    vars(view)["draw"] = timed_draw
    button = next((hit for hit in view.hits if hit.name == f"fight-shoot-{item}"), None)
    if button is None or not button.enabled:
        return {"note": f"no shot to take in hand for {shooter}"}
    at = (int(button.rect.centerx), int(button.rect.centery))
    for kind, fields in (
        (pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"button": 1}),
        (pygame.MOUSEBUTTONUP, {"button": 1}),
    ):
        app.process([pygame.event.Event(kind, pos=at, **fields)])
    app.tick(0.0)
    track = [
        view.to_screen((300 + 250 * math.cos(k / steps * 2 * math.pi), 300 + 250 * math.sin(k / steps * 2 * math.pi)))
        for k in range(steps)
    ]
    figures = sweep([(int(x), int(y)) for x, y in track], (0, 0, 0))
    return {"shooter": shooter, "item": item, "shot_in_hand": view.fight.armed is not None, **figures}


def full_games(quick: bool) -> dict[str, Any]:
    """Random full games between two bundled units, the book's preparation to the
    end (2 games when quick, else 20): games and actions per second."""
    import random

    from tabletop.engine.core import PlayerInfo, Setup
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import games_per_second, play_random
    from tabletop.games.skirmish.play.rules import RULES
    from tabletop.games.skirmish.unit_files import bundled_unit

    def play(seed: int) -> tuple[int, bool]:
        units = {"unit_1": bundled_unit("unit-a").to_setup(), "unit_2": bundled_unit("unit-c").to_setup()}
        options = {**RULES.default_options(), "start": "empty", **units}
        match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), options, seed % 2), seed)
        made = play_random(match, random.Random(seed), steps=4000)
        return made, match.over

    return games_per_second(play, 2 if quick else 20)


def rounds(quick: bool) -> dict[str, Any]:
    """Random play through the rules of play: actions and rounds per second."""
    import random

    from tabletop.engine.randomplay import play_random

    games = 2 if quick else 10
    actions = 0
    played_rounds = 0
    elapsed = 0.0
    for seed in range(games):
        match = in_play(seed)
        start = time.perf_counter()
        actions += play_random(match, random.Random(seed), steps=400)
        elapsed += time.perf_counter() - start
        played_rounds += match.state.round
    return {
        "games": games,
        "actions_per_s": round(actions / elapsed, 1),
        "rounds_per_s": round(played_rounds / elapsed, 2),
    }


def targets(quick: bool) -> dict[str, Any]:
    """The legal targets of each warrior with a shooting or throwing weapon."""
    from tabletop.games.skirmish.play import combat, ranged
    from tabletop.games.skirmish.play.state import table_of

    match = in_play(0)
    state = match.state
    table = table_of(state)
    cards = combat.cards(state)
    samples: list[float] = []
    for shooter, card in cards.items():
        for item in card.items:
            for kind in ("shooting", "throwable"):
                mode = item.mode(kind)
                if mode is None:
                    continue
                for _ in range(1 if quick else 5):
                    start = time.perf_counter()
                    ranged.target_refusals(table, cards, shooter, item, mode)
                    samples.append(time.perf_counter() - start)
    return {
        "warriors_and_weapons": len(samples) // (1 if quick else 5),
        "median": median_ms(samples),
        "worst": round(max(samples) * 1000, 3),
    }


def layout_at_limits() -> dict[str, Any]:
    """Seconds to validate a layout at the limits of schema.py (MAX_TERRAIN_PIECES
    trees and MAX_MODELS warriors on a table of MAX_TABLE) and set its table up."""
    import tempfile
    import time
    from pathlib import Path

    from tabletop.games.skirmish import schema
    from tabletop.games.skirmish.play.layout import load_layout, table_from_layout
    from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

    side = schema.MAX_TABLE
    pieces = "".join(
        f"  - {{id: t{i}, kind: tree, position: [{100 + (i % 10) * 180}, {100 + (i // 10) * 300}]}}\n"
        for i in range(schema.MAX_TERRAIN_PIECES)
    )
    models = "".join(
        f"  - {{id: m{i}, warrior: yuri, base: 30, side: 0, "
        f"position: [{190 + (i % 10) * 180}, {250 + (i // 10) * 300}]}}\n"
        for i in range(schema.MAX_MODELS)
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "full.yaml"
        text = f"name: Full\ntable: {{width: {side}, height: {side}}}\nterrain:\n{pieces}models:\n{models}"
        path.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        layout = load_layout(path)
        validated = time.perf_counter() - start
        table_from_layout(layout, TERRAIN_RULES)
        return {
            "layout": f"{schema.MAX_TERRAIN_PIECES} pieces, {schema.MAX_MODELS} models, {side} mm",
            "validate_s": round(validated, 3),
            "validate_and_open_s": round(time.perf_counter() - start, 3),
        }


def bench(quick: bool) -> dict[str, Any]:
    return {
        "layout_at_limits": layout_at_limits(),
        "table": "demo: 20 warriors, 16 terrain pieces",
        **geometry(quick),
        "rounds": rounds(quick),
        "full_games": full_games(quick),
        "targets_ms": targets(quick),
        "frames": frames(quick),
        "rule_sets": rule_sets(quick),
    }
