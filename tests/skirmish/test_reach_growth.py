"""The reach worked out a part at a time: the parts together are the reach."""

from __future__ import annotations

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.leaving import LeavingCut
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.reach import grow, reach
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

from .geometry.scenes import MOVER, scene


def test_the_reach_grown_part_by_part_is_the_reach_and_nothing_is_worked_out_till_asked(monkeypatch):
    table = demo_table(TERRAIN_RULES)
    searched = []
    original = reach_module.spread
    monkeypatch.setattr(reach_module, "spread", lambda *a, **k: searched.append(a) or original(*a, **k))
    growth = grow(table, "m13")
    assert searched == []
    parts = list(growth.parts)
    assert len(searched) == 1
    assert len(parts) > 10
    whole = reach(table, "m13")
    assert (growth.origin, growth.allowance) == (whole.origin, whole.allowance)
    assert tuple(p for part in parts for p in part) == whole.polygons


def test_a_reach_leaving_terrain_is_cut_a_part_at_a_time_as_it_is_cut_whole(monkeypatch):
    sc = scene(26)  # the mover starts in terrain a move may not end in
    mover = passage(sc.table, MOVER)
    assert mover.leaving
    uncut: list[list] = []

    def keep(_table, _mover):
        return lambda polygons: uncut.append(list(polygons)) or ()

    monkeypatch.setattr(reach_module, "LeavingCut", keep)
    list(grow(sc.table, MOVER).parts)
    monkeypatch.undo()
    cut = LeavingCut(sc.table, mover)
    every = [p for part in uncut for p in part]
    whole = cut(every)
    assert whole != tuple(p for p in every if len(p) >= 3), "something is cut"
    assert tuple(p for part in uncut for p in cut(part)) == whole == reach(sc.table, MOVER).polygons
