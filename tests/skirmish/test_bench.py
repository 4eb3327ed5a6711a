"""The skirmish speed figures (bench.py, bench_table.py) still run against today's
rules of play: a quick run of each, every figure measured (a figure of None would
mean the screen never showed what it times)."""

import json
import os
import subprocess
import sys

from tabletop.games.skirmish import bench_table


def test_the_rule_sets_figures_run_through_the_rounds_bid():
    found = bench_table.rule_sets(True)
    for figure in (
        "sight_ms",
        "sight_pairs_ms",
        "routing_graph_build_ms",
        "shortest_path_worst_ms",
        "frame_reach_drag_p95_ms",
        "frame_reach_rest_p95_ms",
        "frame_reach_growing_worst_ms",
        "frames_reach_growing",
    ):
        assert set(found[figure]) == {"basic", "terrain_rules"}
        assert all(value is not None and value > 0 for value in found[figure].values()), figure
    # a collection may or may not fall among so few paths
    assert all(value >= 0 for value in found["collection_worst_ms"].values())
    assert found["pairs"] == 190


def test_the_geometry_figures_run():
    found = bench_table.geometry(True)
    for figure in (
        "sight_ms",
        "reach_ms",
        "reach_worst_ms",
        "reach_terrain_rules_ms",
        "reach_longest_part_ms",
        "reach_terrain_rules_longest_part_ms",
        "shortest_path_worst_ms",
    ):
        assert found[figure] > 0, figure
    # timed apart from the reaches (a collection may or may not fall among so few)
    assert found["reach_collection_worst_ms"] >= 0
    assert found["pairs"] == 190


def test_the_bench_says_nothing_on_stdout_but_its_figures():
    """scripts/bench.py prints one JSON object on stdout, with a game's figures from its
    bench module imported by name: imported so in a fresh interpreter (started as from a
    shell, pygame's greeting not hushed beforehand), the skirmish bench's frame figure is
    all that stdout holds once printed as JSON."""
    script = (
        "import importlib, json\n"
        "from tabletop.games import registry\n"
        "bench = importlib.import_module('tabletop.games.skirmish.bench')\n"
        "import tabletop.games.skirmish.bench_table as table\n"
        "print(json.dumps({'frame_reach_drag_p95_ms': table._reach_frames(False, True)[0]}))\n"
    )
    env = {name: value for name, value in os.environ.items() if name != "PYGAME_HIDE_SUPPORT_PROMPT"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert json.loads(done.stdout)["frame_reach_drag_p95_ms"] > 0
