"""The skirmish table's speed figures for scripts/bench.py, on the full demo table
(20 warriors, 16 terrain pieces):

- sight_ms: one line-of-sight check (median over every pair);
- sight_pairs_ms: every pair of warriors at once (median of runs);
- reach_ms: the area one warrior can reach, on a table that just changed (the
  movement graph is built too: reach_cold) and again on an unchanged table;
  reach_terrain_rules: the same under the terrain rules (heavy terrain); each
  with the garbage collector held off while it runs (as the shortest paths in
  rule_sets), the longest collection made between them apart
  (reach_collection_worst_ms);
- shortest_path_ms: one shortest path to points 8 cm away in every direction
  (median, worst); shortest_path_round_ms: only those that must bend round
  something (median, p95, worst);
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
- rule_sets: the same run's figures under the terrain rules beside the basic rules'
  (`{"basic": ..., "terrain_rules": ...}`, so the ratio holds on any machine): one
  sight check (median), all 190 pairs of the 20 warriors (median), the routing graph
  built once per table version (every warrior's way out and the tangent graph for
  each base size: routing_graph_build_ms), the worst shortest path on the table so
  built (the garbage collector held off while each runs, as timeit does; the longest
  collection made between them apart: collection_worst_ms), the frame (p95)
  while the active warrior is dragged with its reach shown at 1920x1080
  (frame_reach_drag_p95_ms), and the frame (p95) at which the pointer first rests
  in that drag, when the path dragged is planned exactly (frame_reach_rest_p95_ms).

Aims: a sight check under 0.1 ms, all pairs under 10 ms, a reach under 15 ms, a
shortest path under 5 ms, a frame under 8 ms (p95), a warrior's legal targets under
2 ms.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import math
import os
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

# tabletop.ui before pygame: it keeps pygame's greeting off stdout, where scripts/bench.py prints its JSON
from tabletop.ui import caches

SIZE = (1920, 1080)


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 4)


def _p95_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)] * 1000, 3)


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _timed_without_collection(fn: Callable[[], Any]) -> float:
    """The time of fn with the garbage collector held off while it runs (as timeit
    does): a full collection of the objects the whole run made (about 50 ms) falls
    between two calls instead of inside the one it happened to land in."""
    gc.disable()
    try:
        return _timed(fn)
    finally:
        gc.enable()


@contextlib.contextmanager
def _collections() -> Iterator[list[float]]:
    """The time of each garbage collection made inside the block (s)."""
    took: list[float] = []
    began = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            took.append(time.perf_counter() - began[0])

    gc.callbacks.append(watch)
    try:
        yield took
    finally:
        gc.callbacks.remove(watch)


def geometry(quick: bool) -> dict[str, Any]:
    from tabletop.games.skirmish.play.layout import demo_table
    from tabletop.games.skirmish.table import movement
    from tabletop.games.skirmish.table.reach import reach
    from tabletop.games.skirmish.table.sight import sight, sight_pairs
    from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

    table = demo_table()
    ids = list(table.models)
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    rounds = 3 if quick else 20
    single = [_timed(functools.partial(sight, table, a, b)) for _ in range(rounds) for a, b in pairs]
    every = [_timed(lambda: sight_pairs(table)) for _ in range(rounds)]
    movers = ids if not quick else ids[:5]
    cold = []
    # each reach with the collector held off, as the paths are timed (rule_sets): a full
    # collection of everything the run made falls between two reaches, timed apart
    with _collections() as collections:
        for model_id in movers:
            fresh = demo_table()
            cold.append(_timed_without_collection(functools.partial(reach, fresh, model_id)))
        warm = [_timed_without_collection(functools.partial(reach, table, m)) for m in movers]
        terrain = demo_table(TERRAIN_RULES)
        heavy = [_timed_without_collection(functools.partial(reach, terrain, m)) for m in movers]
    paths = []
    round_paths = []
    for model_id in movers:
        x, y = table.models[model_id].position
        for angle in range(0, 360, 30 if not quick else 90):
            goal = (x + 80 * math.cos(math.radians(angle)), y + 80 * math.sin(math.radians(angle)))
            took = _timed(functools.partial(movement.shortest_path, table, model_id, goal))
            paths.append(took)
            found = movement.shortest_path(table, model_id, goal)
            if found is not None and len(found.points) > 2:
                round_paths.append(took)
    return {
        "sight_ms": _median_ms(single),
        "sight_pairs_ms": _median_ms(every),
        "pairs": len(pairs),
        "reach_cold_ms": _median_ms(cold),
        "reach_cold_worst_ms": round(max(cold) * 1000, 3),
        "reach_ms": _median_ms(warm),
        "reach_worst_ms": round(max(warm) * 1000, 3),
        "reach_terrain_rules_ms": _median_ms(heavy),
        "reach_terrain_rules_worst_ms": round(max(heavy) * 1000, 3),
        "reach_collection_worst_ms": round(max(collections, default=0.0) * 1000, 3),
        "shortest_path_ms": _median_ms(paths),
        "shortest_path_worst_ms": round(max(paths) * 1000, 3),
        "shortest_path_round_ms": _median_ms(round_paths) if round_paths else None,
        "shortest_path_round_p95_ms": _p95_ms(round_paths) if round_paths else None,
        "paths_round": len(round_paths),
    }


def rule_sets(quick: bool) -> dict[str, Any]:
    """Sight, all pairs, the worst shortest path and the frame while dragging with the
    reach shown, under the basic rules and the terrain rules in one run."""
    from tabletop.games.skirmish.play.layout import demo_table
    from tabletop.games.skirmish.table import movement
    from tabletop.games.skirmish.table.sight import sight, sight_pairs
    from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES

    rounds = 3 if quick else 20
    found: dict[str, Any] = {
        "sight_ms": {},
        "sight_pairs_ms": {},
        "routing_graph_build_ms": {},
        "shortest_path_worst_ms": {},
        "collection_worst_ms": {},
        "frame_reach_drag_p95_ms": {},
        "frame_reach_rest_p95_ms": {},
    }
    for name, ruleset in (("basic", BASIC), ("terrain_rules", TERRAIN_RULES)):
        table = demo_table(ruleset)
        ids = list(table.models)
        pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
        single = [_timed(functools.partial(sight, table, a, b)) for _ in range(rounds) for a, b in pairs]
        every = [_timed(functools.partial(sight_pairs, table)) for _ in range(rounds)]
        # built at the first path after each change of the table, not at every path
        found["routing_graph_build_ms"][name] = round(_timed(functools.partial(_routing_graph, table)) * 1000, 3)
        paths = []
        # what is loaded is left out of the collector's passes, as the app does once a game is open
        caches.settle_after_loading()
        with _collections() as collections:
            for model_id in ids if not quick else ids[:5]:
                x, y = table.models[model_id].position
                for angle in range(0, 360, 30 if not quick else 90):
                    goal = (x + 80 * math.cos(math.radians(angle)), y + 80 * math.sin(math.radians(angle)))
                    paths.append(
                        _timed_without_collection(functools.partial(movement.shortest_path, table, model_id, goal))
                    )
        found["collection_worst_ms"][name] = round(max(collections, default=0.0) * 1000, 3)
        found["sight_ms"][name] = _median_ms(single)
        found["sight_pairs_ms"][name] = _median_ms(every)
        found["shortest_path_worst_ms"][name] = round(max(paths) * 1000, 3)
        drag, rest = _reach_frames(name == "terrain_rules", quick)
        found["frame_reach_drag_p95_ms"][name] = drag
        found["frame_reach_rest_p95_ms"][name] = rest
    found["pairs"] = len(pairs)
    return found


def _routing_graph(table: Any) -> None:
    """What the first path on a table version builds: each warrior's way out
    (passage.py) and the tangent graph for each base size (graph.py)."""
    from tabletop.games.skirmish.table.graph import router
    from tabletop.games.skirmish.table.passage import passage

    for model_id in table.models:
        router(passage(table, model_id).board)


def _reach_frames(terrain_rules: bool, quick: bool) -> tuple[float | None, float | None]:
    """The frames (p95, ms) at 1920x1080 while the active warrior of round 1 on the
    demo table is dragged round a circle of 7 cm with its reach shown, and those at
    which the pointer first rests (the path dragged, found on the routing graph
    while it moved, planned exactly: screen/moving.py), at points between those of
    the drag round the same circle; each None when the reach did not show."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tabletop.engine.core import Action
    from tabletop.games.skirmish.play.state import NAMING
    from tabletop.games.skirmish.screen import SkirmishView
    from tabletop.settings import Settings
    from tabletop.ui.app import App
    from tabletop.ui.game_screen import GameScreen

    match = _in_play(1, {"ruleset": "terrain" if terrain_rules else "basic"})
    mover = next(m for m, entry in match.state.models.items() if entry["side"] == match.state.turn)
    match.act(Action("name", model=mover))
    while match.state.phase == NAMING:
        match.act(Action("pass"))
    app = App(size=SIZE, headless=True, settings=Settings())
    try:
        screen = GameScreen(app, match)
        app.set_scene(screen)
        app.tick(0.0)
        view = screen.view
        assert isinstance(view, SkirmishView)
        view.set_tool("select")
        view.choose(mover)
        app.tick(0.0)

        def send(kind: int, **fields: Any) -> None:
            app.process([pygame.event.Event(kind, **fields)])

        x, y = view.table.models[mover].position
        start = view.to_screen((x, y))
        send(pygame.MOUSEMOTION, pos=(int(start[0]), int(start[1])), rel=(0, 0), buttons=(0, 0, 0))
        send(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)

        def frame(at: tuple[int, int]) -> None:
            # the motion handled (the path to the pointer), then drawn
            send(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))
            app.tick(1 / 60)

        def on_circle(turn: float) -> tuple[int, int]:
            p = view.to_screen((x + 70 * math.cos(turn * 2 * math.pi), y + 70 * math.sin(turn * 2 * math.pi)))
            return (int(p[0]), int(p[1]))

        steps = 40 if quick else 240
        ticks = [_timed(functools.partial(frame, on_circle(k / steps))) for k in range(steps)]
        shown = view.reach.cache is not None and bool(view.reach.cache[1])
        rests = []
        for k in range(0, steps, 4 if quick else 8):
            # the pointer stops halfway between two points of the drag: one frame with
            # the motion, then the first frame without
            frame(on_circle((k + 0.5) / steps))
            rests.append(_timed(functools.partial(app.tick, 1 / 60)))
        shown = shown and view.reach.cache is not None and bool(view.reach.cache[1])
        send(pygame.MOUSEBUTTONUP, pos=(int(start[0]), int(start[1])), button=1)
    finally:
        app.shutdown()
    return (_p95_ms(ticks), _p95_ms(rests)) if shown else (None, None)


def frames(quick: bool) -> dict[str, Any]:
    """Drive the real screen with posted mouse motion and time each frame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tabletop.engine.core import Action
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup
    from tabletop.games.skirmish.play.rules import RULES
    from tabletop.games.skirmish.screen import SkirmishView
    from tabletop.settings import Settings
    from tabletop.ui.app import App
    from tabletop.ui.game_screen import GameScreen

    match = Match(RULES, default_setup(RULES), 1)
    match.act(Action("ready"))
    match.act(Action("ready"))
    app = App(size=SIZE, headless=True, settings=Settings())
    result: dict[str, Any] = {"size": f"{SIZE[0]}x{SIZE[1]}"}
    try:
        screen = GameScreen(app, match)
        app.set_scene(screen)
        app.tick(0.0)
        view = screen.view
        assert isinstance(view, SkirmishView)
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
                    _timed(lambda p=p: (send(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=buttons), app.tick(1 / 60)))
                )
            return {
                "frame_median_ms": _median_ms(ticks),
                "frame_p95_ms": _p95_ms(ticks),
                "draw_median_ms": _median_ms(draws),
                "draw_p95_ms": _p95_ms(draws),
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
        screen = GameScreen(app, layout)
        app.set_scene(screen)
        app.tick(0.0)
        view = screen.view
        assert isinstance(view, SkirmishView)
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
    from tabletop.games.skirmish.screen import SkirmishView
    from tabletop.ui.game_screen import GameScreen

    match = _in_play(1)
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
    screen = GameScreen(app, match)
    app.set_scene(screen)
    app.tick(0.0)
    view = screen.view
    assert isinstance(view, SkirmishView)
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


def _in_play(seed: int, options: dict[str, Any] | None = None) -> Any:
    """A match on the demo table (the book's options but for `options`), both players
    ready, round 1's bid made (Ann 1 SP, Bob none): Ann begins round 1."""
    from tabletop.engine.core import Action, PlayerInfo, Setup
    from tabletop.engine.match import Match
    from tabletop.games.skirmish.play.rules import RULES

    chosen = {**RULES.default_options(), **(options or {})}
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), chosen, 0)
    match = Match(RULES, setup, seed)
    for action in (Action("ready"), Action("ready"), Action("bid", sp=1), Action("bid", sp=0)):
        match.act(action)
    match.act(Action("begin", player=0))
    return match


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
        match = _in_play(seed)
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

    match = _in_play(0)
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
        "median": _median_ms(samples),
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
