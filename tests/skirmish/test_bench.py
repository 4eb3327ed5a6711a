"""The skirmish speed figures (bench.py) still run against today's rules of play: a
quick run of each, every figure measured (a figure of None would mean the screen
never showed what it times)."""

from tabletop.games.skirmish import bench


def test_the_rule_sets_figures_run_through_the_rounds_bid():
    found = bench.rule_sets(True)
    for figure in (
        "sight_ms",
        "sight_pairs_ms",
        "routing_graph_build_ms",
        "shortest_path_worst_ms",
        "frame_reach_drag_p95_ms",
    ):
        assert set(found[figure]) == {"basic", "terrain_rules"}
        assert all(value is not None and value > 0 for value in found[figure].values()), figure
    # a collection may or may not fall among so few paths
    assert all(value >= 0 for value in found["collection_worst_ms"].values())
    assert found["pairs"] == 190


def test_the_geometry_figures_run():
    found = bench.geometry(True)
    for figure in ("sight_ms", "reach_ms", "reach_worst_ms", "reach_terrain_rules_ms", "shortest_path_worst_ms"):
        assert found[figure] > 0, figure
    # timed apart from the reaches (a collection may or may not fall among so few)
    assert found["reach_collection_worst_ms"] >= 0
    assert found["pairs"] == 190
