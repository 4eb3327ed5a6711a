"""The acceptance scenarios that the table's geometry answers (skirmish-acceptance.md
A17, A18, marked [app]): what a move through heavy or crossable terrain may cost,
measured along the path of the base's centre with the table's own path check."""

from __future__ import annotations

from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.terrain import Ruleset

from .scenes import box, kind, model, new_table, piece

#: a swamp whose left edge is the line x = 300 (it reaches far right, up and down)
SWAMP = box(0, -250, 250, 250)


def swamp_table(ruleset: Ruleset, heavy: int | None = None, crossing: str = "crossable"):
    table = new_table(ruleset)
    properties = {"heavy": heavy} if heavy else {}
    piece(table, "swamp", kind("swamp", SWAMP, sight="flat", crossing=crossing, **properties), (300, 300))
    return table


def moves(table, start: tuple[float, float], *stops: tuple[float, float]) -> movement.PathCheck:
    model(table, "kuma", start)
    return movement.check_path(table, "kuma", [start, *stops])


def test_a17_heavy_terrain_2_counts_each_millimetre_twice():
    """Kuma at the swamp's edge (heavy 2, terrain rules): 5 cm straight into it costs
    10 cm and is allowed, 5.5 cm costs 11 and is refused; 3 cm in the open then 3.5 cm
    in the swamp costs 10, 3 + 4 costs 11."""
    terrain = Ruleset(terrain_rules=True)
    into = moves(swamp_table(terrain, heavy=2), (300, 100), (350, 100))
    assert into.cost == 100 and not into.over_allowance
    too_far = moves(swamp_table(terrain, heavy=2), (300, 100), (355, 100))
    assert too_far.cost == 110 and too_far.over_allowance
    open_then_in = moves(swamp_table(terrain, heavy=2), (270, 100), (300, 100), (335, 100))
    assert open_then_in.cost == 100 and not open_then_in.over_allowance
    open_then_further = moves(swamp_table(terrain, heavy=2), (270, 100), (300, 100), (340, 100))
    assert open_then_further.cost == 110 and open_then_further.over_allowance


def test_a18_basic_rules_crossable_terrain_at_double_cost_gives_at_most_5_cm():
    """Under the basic rules with the option "counts double", a warrior inside crossable
    terrain moving only through it gets at most 5 cm; without the option, 10 cm."""
    double = Ruleset(double_cost=True)
    five = moves(swamp_table(double), (400, 100), (450, 100))
    assert five.cost == 100 and not five.over_allowance
    more = moves(swamp_table(double), (400, 100), (451, 100))
    assert more.over_allowance
    plain = moves(swamp_table(Ruleset()), (400, 100), (500, 100))
    assert plain.cost == 100 and not plain.over_allowance
