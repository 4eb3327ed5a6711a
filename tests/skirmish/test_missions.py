"""Victory points by the missions (rulebook L174-196, L440-442; DECISIONS.md S11, S30,
S41; play/missions.py): each goal of the starter missions on a laid table."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.play.missions import Fighter, objective_spots, score, scores_now, total
from tabletop.games.skirmish.schema import MISSIONS_FILE, bundled
from tabletop.games.skirmish.table.table import Model, Table


def missions():
    return {mission.key: mission for mission in bundled()[MISSIONS_FILE].missions}


def laid(*bases: tuple[str, int, float, float]) -> Table:
    """A 600 mm table with 30 mm bases: (id, side, x, y)."""
    table = Table(600.0, 600.0)
    for model_id, side, x, y in bases:
        table.add_model(Model(model_id, 30.0, (x, y), side))
    return table


def points(earned):
    return sum(e.points for e in earned)


def test_vernichtung_scores_the_enemies_removed_this_round():
    # A86: in round 2 B loses Nia and its leader Elenia: A scores 1 + 2 = 3 at step 10
    table = laid(("a1", 0, 100, 100))
    fighters = [
        Fighter("a1", 0, 20),
        Fighter("nia", 1, 14, removed_in=2),
        Fighter("elenia", 1, 22, leader=True, removed_in=2),
        Fighter("gorm", 1, 20, removed_in=1),  # scored in round 1 already
    ]
    earned = score(missions()["annihilation"], 0, table, fighters, 2)
    assert points(earned) == 3
    assert str(earned[0].how) == "2 enemy warriors removed: 3 SIG."


def test_a85_victory_points_never_below_0():
    # a player with 1 SIG who loses 3 has 0 (L440)
    assert total(1, -3) == 0
    assert total(1, 3) == 4


def test_retreat_counts_warriors_wholly_within_15_cm_of_the_centre():
    # S41 (L182-196): 1 per own warrior wholly within 15 cm of the centre
    table = laid(("in", 0, 300 + 135, 300), ("edge", 0, 300 + 135.01, 300), ("enemy", 1, 300, 300))
    fighters = [Fighter("in", 0, 20), Fighter("edge", 0, 20), Fighter("enemy", 1, 20)]
    earned = score(missions()["retreat"], 0, table, fighters, 1)
    assert points(earned) == 1
    assert str(earned[0].how) == "1 warrior wholly within 15 cm of the centre: 1 SIG."


def test_plunder_scores_2_only_when_no_enemy_is_as_near_the_marker():
    mission = missions()["plunder"]
    spots = objective_spots(mission, laid(), "top")
    assert spots == [(300.0, 300.0)]
    alone = laid(("a", 0, 300 + 65, 300), ("b", 1, 300 - 65.1, 300))
    fighters = [Fighter("a", 0, 20), Fighter("b", 1, 20)]
    assert points(score(mission, 0, alone, fighters, 1, spots)) == 2
    assert points(score(mission, 1, alone, fighters, 1, spots)) == 0
    both = laid(("a", 0, 300 + 65, 300), ("b", 1, 300 - 65, 300))
    assert points(score(mission, 0, both, fighters, 1, spots)) == 0


def test_data_recovery_needs_a_technik_carrier_and_no_enemy_near_each_marker():
    mission = missions()["data_recovery"]
    # the centre line between the top and bottom halves, 15 cm from the side edges
    assert objective_spots(mission, laid(), "top") == [(150.0, 300.0), (450.0, 300.0)]
    assert objective_spots(mission, laid(), "left") == [(300.0, 450.0), (300.0, 150.0)]
    table = laid(("reyes", 0, 150, 330), ("kessler", 0, 450, 330), ("enemy", 1, 170, 270))
    fighters = [
        Fighter("reyes", 0, 26, carries=frozenset({"shooting", "tech"})),
        Fighter("kessler", 0, 22, carries=frozenset({"shooting", "throwable"})),
        Fighter("enemy", 1, 20),
    ]
    spots = objective_spots(mission, table, "top")
    assert points(score(mission, 0, table, fighters, 1, spots)) == 0  # the enemy is near reyes's marker
    clear = laid(("reyes", 0, 150, 330), ("kessler", 0, 450, 330), ("enemy", 1, 300, 100))
    assert points(score(mission, 0, clear, fighters, 1, spots)) == 1  # kessler carries no Technik


def test_the_secret_missions_score_at_the_end():
    bounty, trap = missions()["bounty"], missions()["trap"]
    assert not scores_now(bounty, at_end=False) and scores_now(bounty, at_end=True)
    assert scores_now(missions()["annihilation"], at_end=False)
    table = laid(("a", 0, 100, 100))
    fighters = [
        Fighter("a", 0, 20),
        Fighter("leader", 1, 22, leader=True, removed_in=3),
        Fighter("nia", 1, 14, removed_in=5),
        Fighter("gorm", 1, 20),
    ]
    assert points(score(bounty, 0, table, fighters, 5)) == 5
    earned = score(trap, 0, table, fighters, 5)
    assert points(earned) == 4  # 36 points out: 1 per 10, rounded up
    assert str(earned[0].how) == "36 points of enemy warriors out of action: 4 SIG."


@pytest.mark.parametrize("side", [0, 1])
def test_non_player_warriors_never_count(side):
    table = laid(("a", 0, 100, 100), ("b", 1, 500, 500))
    fighters = [Fighter("a", 0, 20), Fighter("b", 1, 20), Fighter("mutant", 2, 3, removed_in=1)]
    assert score(missions()["annihilation"], side, table, fighters, 1) == []
