#!/usr/bin/env python3
"""Benchmark: prints one JSON object with tabletop's speed and size figures.

    python3 scripts/bench.py                  every section
    python3 scripts/bench.py --quick          fewer runs: a smoke run in well under a minute
    python3 scripts/bench.py --only save_load --only build_size
    python3 scripts/bench.py --only skirmish   one game's own figures (games.<id>) alone

Sections (each is a key of the JSON object; a figure that cannot be measured here
is null, with a "note" saying why):

  cold_start  seconds from starting the program to its first drawn launcher frame
              (TABLETOP_BENCH_FIRST_FRAME=1 makes the app quit right after it),
              median of several runs, from source and from the build in dist/;
              a bare pygame window's first frame, started in turns with the runs
              from source, and the ratio of the two medians (ratio_to_bare_window,
              at most 3 is the aim); Python's compiled modules are written in the
              round that is not counted, as on a player's first start
  frame_time  milliseconds per frame of each registered game's screen at 1920x1080
              after some random moves (median and 95th percentile), and the time
              to open the screen and draw its first frame
  idle_cpu    percent of one core the program uses over 10 s with each game open
              and nothing happening (Linux: read from /proc); with DISPLAY set it
              runs in a real window, else on the dummy video driver
  save_load   milliseconds to save and to load (replay and check) a game of 500
              log entries, or of as many as the longest random game reached
  build_size  megabytes of dist/tabletop (null when not built)
  memory      megabytes of resident memory before and after 2,000 random moves over
              Eden, Catan and the skirmish game in one headless app, each redrawn,
              with 200 window resizes and table zooms among them (at most 300 MB
              after), and how full each bounded drawing cache is
  games       figures of the games themselves: a game package may hold a module
              `bench` with `def bench(quick: bool) -> dict` returning JSON values;
              its result is shown under games.<game id>

The figures depend on the machine, so no test runs this script.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _env  # noqa: E402

ROOT = _env.ROOT
FOLDER = ROOT / "dist" / "tabletop"
SIZE = (1920, 1080)
SAVE_LOAD_ENTRIES = 500


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def app_env(home: Path, headless: bool = True) -> dict[str, str]:
    """The environment for a program run: its own empty user folder and, unless a
    screen is wanted, no window."""
    env = dict(os.environ, TABLETOP_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy")
    if headless:
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


def tail(text: str, lines: int = 3) -> str:
    return " | ".join(text.strip().splitlines()[-lines:])


def built_program(windowed: bool) -> Path | None:
    """The program in dist/tabletop (on Windows the windowed tabletop.exe or the
    console one), or None when there is no build."""
    if sys.platform == "win32":
        path = FOLDER / ("tabletop.exe" if windowed else "tabletop-console.exe")
    else:
        path = FOLDER / "tabletop"
    return path if path.is_file() else None


# -- cold start ------------------------------------------------------------------


#: a bare pygame window's first frame: what tabletop's first frame is compared with
BARE_WINDOW = (
    "import pygame; pygame.init(); surface = pygame.display.set_mode((1280, 720)); "
    "surface.fill((40, 30, 20)); pygame.display.flip(); pygame.quit()"
)


def first_frame_times(commands: dict[str, list[str]], runs: int) -> dict[str, dict[str, Any]]:
    """Start each of `commands` runs + 1 times (the first round warms the disk cache,
    writes the compiled modules and is not counted), taking turns so that a busy
    moment of the machine falls on all of them alike, and time each start until the
    process exits after its first frame. The result per command: the median and the
    runs, or a note why not."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    failed: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as home:
        env = app_env(Path(home))
        env["TABLETOP_BENCH_FIRST_FRAME"] = "1"
        # every start but a player's first finds the modules compiled
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for run in range(runs + 1):
            for name, command in commands.items():
                if name in failed:
                    continue
                start = time.perf_counter()
                try:
                    done = subprocess.run(
                        command, env=env, cwd=home, capture_output=True, encoding="utf-8", errors="replace", timeout=60
                    )
                except subprocess.TimeoutExpired:
                    failed[name] = {"median_s": None, "note": "the app did not quit after its first frame within 60 s"}
                    continue
                elapsed = time.perf_counter() - start
                if done.returncode != 0:
                    failed[name] = {"median_s": None, "note": f"exit code {done.returncode}: {tail(done.stderr)}"}
                elif run:
                    times[name].append(elapsed)
    return {
        name: failed.get(name)
        or {"median_s": round(statistics.median(times[name]), 3), "runs_s": [round(t, 3) for t in times[name]]}
        for name in commands
    }


def launcher_against_bare_window(runs: int) -> dict[str, Any]:
    """The launcher's first frame from source and a bare pygame window's, started
    in turns, and how many times longer the launcher takes (ratio of the medians)."""
    timed = first_frame_times(
        {"from_source": [sys.executable, "-m", "tabletop"], "bare_window": [sys.executable, "-c", BARE_WINDOW]}, runs
    )
    launcher, bare = timed["from_source"]["median_s"], timed["bare_window"]["median_s"]
    timed["ratio_to_bare_window"] = round(launcher / bare, 2) if launcher and bare else None
    return timed


def cold_start(quick: bool) -> dict[str, Any]:
    runs = 3 if quick else 7
    log(f"cold start: {runs} runs from source, in turns with a bare pygame window")
    result: dict[str, Any] = {"runs": runs, **launcher_against_bare_window(runs)}
    program = built_program(windowed=True)
    if program is None:
        result["from_build"] = {"median_s": None, "note": "no build in dist/tabletop (python3 scripts/build)"}
    else:
        log(f"cold start: {runs} runs from {program}")
        result["from_build"] = first_frame_times({"from_build": [str(program)]}, runs)["from_build"]
    return result


# -- frame time ------------------------------------------------------------------


def frame_time(quick: bool) -> dict[str, Any]:
    """Open each game's screen offscreen as the app does (the curtain open for the
    seat whose secrets are shown) and time the app's frame: App.tick, which updates
    and draws every layer."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup, play_random
    from tabletop.games import registry
    from tabletop.settings import Settings
    from tabletop.ui.app import App
    from tabletop.ui.game_screen import GameScreen

    draws = 15 if quick else 60
    moves = 30
    result: dict[str, Any] = {"size": f"{SIZE[0]}x{SIZE[1]}", "draws": draws, "random_moves": moves, "games": {}}
    for game_id in registry.ids(include_hidden=True):
        if not registry.playable(game_id):
            result["games"][game_id] = {"note": "no screen yet"}
            continue
        log(f"frame time: {game_id}")
        rules = registry.get(game_id)
        match = Match(rules, default_setup(rules), 1)
        play_random(match, random.Random(1), steps=moves)
        match.settle_chance()
        app = App(size=SIZE, headless=True, include_hidden=True, settings=Settings())
        try:
            start = time.perf_counter()
            app.set_scene(GameScreen(app, match, reveal=rules.secret_holder(match.state), interactive=False))
            app.tick(0.0)
            opened = time.perf_counter() - start
            times = []
            for _ in range(draws):
                start = time.perf_counter()
                app.tick(1 / 60)
                times.append(time.perf_counter() - start)
        except Exception as err:  # one game's screen failing leaves the others' figures
            traceback.print_exc()
            result["games"][game_id] = {"error": f"{type(err).__name__}: {err}"}
            continue
        finally:
            app.shutdown()
        result["games"][game_id] = {
            "open_ms": round(opened * 1000, 2),
            "median_ms": round(statistics.median(times) * 1000, 2),
            "p95_ms": round(percentile(times, 0.95) * 1000, 2),
        }
    return result


# -- idle CPU ----------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process, from /proc/PID/stat."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text.rsplit(")", 1)[1].split()  # the name in parentheses may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(quick: bool) -> dict[str, Any]:
    """Each visible game opened in turn and left alone: the CPU it uses while idle."""
    if not Path("/proc/self/stat").exists():
        return {"percent_of_one_core": None, "note": "measured on Linux only (reads /proc)"}
    from tabletop.games import registry

    seconds = 3 if quick else 10
    on_screen = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    games: dict[str, Any] = {}
    for game_id in registry.ids(include_hidden=False):
        games[game_id] = idle_cpu_of(game_id, seconds, on_screen)
    measured = [g["percent_of_one_core"] for g in games.values() if g.get("percent_of_one_core") is not None]
    return {
        "percent_of_one_core": max(measured) if measured else None,
        "seconds": seconds,
        "video_driver": "default (a screen is there)" if on_screen else "dummy",
        "games": games,
    }


def idle_cpu_of(game_id: str, seconds: int, on_screen: bool) -> dict[str, Any]:
    command = [sys.executable, "-m", "tabletop", "play", game_id, "--seed", "1"]
    log(f"idle CPU: {' '.join(command[1:])} for {seconds} s")
    errors_file = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")
    with tempfile.TemporaryDirectory() as home, errors_file as errors:
        process = subprocess.Popen(
            command, env=app_env(Path(home), headless=not on_screen), cwd=home, stdout=subprocess.DEVNULL, stderr=errors
        )
        try:
            waited, settled = wait_until_idle(process)
            if process.poll() is not None:
                errors.seek(0)
                return {
                    "percent_of_one_core": None,
                    "note": f"the game exited (code {process.returncode}): {tail(errors.read())}",
                }
            before, start = cpu_seconds(process.pid), time.perf_counter()
            time.sleep(seconds)
            used, elapsed = cpu_seconds(process.pid) - before, time.perf_counter() - start
        finally:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return {
        "percent_of_one_core": round(100 * used / elapsed, 2),
        "startup_wait_s": round(waited, 1),
        "startup_settled": settled,
    }


def wait_until_idle(process: subprocess.Popen, longest: float = 20.0) -> tuple[float, bool]:
    """Wait until the program has started: at least 2 s and its CPU use over the last
    half second below half a core (or `longest` seconds). Returns (seconds waited,
    whether it settled)."""
    start = time.perf_counter()
    last = 0.0
    while process.poll() is None:
        time.sleep(0.5)
        now = cpu_seconds(process.pid)
        waited = time.perf_counter() - start
        if waited >= 2 and now - last < 0.25:
            return waited, True
        if waited >= longest:
            return waited, False
        last = now
    return time.perf_counter() - start, False


# -- save and load -----------------------------------------------------------------


def long_random_game(entries: int, tries: int):
    """A match with `entries` log entries from random play: the visible games first,
    a few seeds each; else the longest one any game reached before it ended."""
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup, play_random
    from tabletop.games import registry

    visible = registry.ids(include_hidden=False)
    order = visible + [g for g in registry.ids(include_hidden=True) if g not in visible]
    best = None
    for game_id in order:
        rules = registry.get(game_id)
        for seed in range(1, tries + 1):
            match = Match(rules, default_setup(rules), seed)
            rng = random.Random(seed)
            while len(match.log) < entries and not match.over:
                if play_random(match, rng, steps=1) == 0 and not match.over:
                    break
            if best is None or len(match.log) > len(best[0].log):
                best = (match, seed)
            if len(match.log) >= entries:
                return best
    return best


def timed(function: Callable[[], Any], runs: int) -> float:
    """Median milliseconds of `runs` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 2)


def save_load(quick: bool) -> dict[str, Any]:
    from tabletop.engine.saves import load_match, save_match

    runs = 3 if quick else 9
    log(f"save and load: playing to {SAVE_LOAD_ENTRIES} log entries")
    match, seed = long_random_game(SAVE_LOAD_ENTRIES, tries=3 if quick else 10)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        save_ms = timed(lambda: save_match(match, path), runs)
        load_ms = timed(lambda: load_match(path), runs)
        size = path.stat().st_size
    result = {
        "game": match.rules.id,
        "seed": seed,
        "log_entries": len(match.log),
        "file_kb": round(size / 1024, 1),
        "runs": runs,
        "save_ms": save_ms,
        "load_ms": load_ms,
    }
    if len(match.log) < SAVE_LOAD_ENTRIES:
        result["note"] = f"no random game reached {SAVE_LOAD_ENTRIES} log entries; the longest is measured"
    return result


# -- build size --------------------------------------------------------------------


def folder_megabytes(path: Path) -> float:
    size = sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return round(size / 1e6, 1)


def build_size(quick: bool) -> dict[str, Any]:
    if not FOLDER.is_dir():
        return {"megabytes": None, "note": "no build in dist/tabletop (python3 scripts/build)"}
    result: dict[str, Any] = {
        "megabytes": folder_megabytes(FOLDER),
        "files": sum(1 for p in FOLDER.rglob("*") if p.is_file()),
    }
    app = FOLDER.parent / "tabletop.app"
    if app.is_dir():
        result["app_megabytes"] = folder_megabytes(app)
    return result


# -- the games' own figures ----------------------------------------------------------


def memory(quick: bool) -> dict[str, Any]:
    from tabletop.ui.memory_bench import memory as measure

    log("memory: 2,000 moves, 200 resizes and zooms" if not quick else "memory: 200 moves, 20 resizes and zooms")
    return measure(quick)


def games(quick: bool, only: set[str] | None = None) -> dict[str, Any]:
    from tabletop.games import registry

    found: dict[str, Any] = {}
    for entry in registry.ENTRIES:
        if only is not None and entry.id not in only:
            continue
        # the game's own package, tabletop.games.<game>: its rules may sit in a subpackage
        package = ".".join(entry.rules.partition(":")[0].split(".")[:3])
        if importlib.util.find_spec(f"{package}.bench") is None:
            continue
        log(f"games: {entry.id}")
        try:
            found[entry.id] = importlib.import_module(f"{package}.bench").bench(quick=quick)
        except Exception as err:  # one game's failure leaves the others' figures
            found[entry.id] = {"error": f"{type(err).__name__}: {err}"}
    return found


SECTIONS: dict[str, Callable[[bool], Any]] = {
    "cold_start": cold_start,
    "frame_time": frame_time,
    "idle_cpu": idle_cpu,
    "save_load": save_load,
    "build_size": build_size,
    "memory": memory,
    "games": games,
}


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/bench.py", description="Print tabletop's speed and size figures as JSON."
    )
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a smoke run")
    parser.add_argument(
        "--only",
        action="append",
        metavar="SECTION",
        help="only this section (repeatable): "
        + ", ".join(SECTIONS)
        + "; or a game's id for that game's own figures alone",
    )
    args = parser.parse_args()

    python = _env.ensure("")
    if Path(sys.prefix).resolve() != _env.VENV.resolve():
        return subprocess.call([str(python), __file__, *sys.argv[1:]])
    from tabletop import __version__
    from tabletop.games import registry

    game_ids = {e.id for e in registry.ENTRIES}
    for name in args.only or ():
        if name not in SECTIONS and name not in game_ids:
            parser.error(f"unknown section {name!r} (choose from {', '.join([*SECTIONS, *sorted(game_ids)])})")
    only_games = {n for n in args.only or () if n in game_ids}

    out: dict[str, Any] = {
        "tabletop": __version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "quick": args.quick,
    }
    sections = [n for n in SECTIONS if not args.only or n in args.only or (n == "games" and only_games)]
    for name in sections:
        try:
            if name == "games" and only_games and "games" not in args.only:
                out[name] = games(args.quick, only_games)
                continue
            out[name] = SECTIONS[name](args.quick)
        except Exception as err:  # a broken section is reported, the others still run
            traceback.print_exc()
            out[name] = {"error": f"{type(err).__name__}: {err}"}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
