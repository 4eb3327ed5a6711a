"""The reach worked out a part at a time: the parts together are the reach, the
screen works on it a share of each frame and shows it whole once found, so that
selecting a warrior never stops the screen for as long as its reach takes."""

from __future__ import annotations

from driving import open_game

from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.screen import measuring
from tabletop.games.skirmish.table import reach as reach_module
from tabletop.games.skirmish.table.leaving import LeavingCut
from tabletop.games.skirmish.table.passage import passage
from tabletop.games.skirmish.table.reach import grow, reach
from tabletop.games.skirmish.table.terrain import TERRAIN_RULES

from .geometry.scenes import MOVER, scene
from .test_screen_moving import in_play


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


def test_the_screen_works_on_the_reach_a_share_of_each_frame_and_shows_it_whole(app, monkeypatch):
    monkeypatch.setattr(measuring, "REACH_SHARE", 0.001)  # a part or a few a frame
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose("m13")
    assert view.reach.shown() is None, "nothing shown while it is worked out"
    assert view.reach.working() and view.is_animating(), "the frames go on"
    frames = app.run_until_idle()
    assert frames > 1, "worked on over more frames than one"
    assert not view.reach.working()
    assert view.reach.found is not None
    assert view.reach.found[1] == reach(view.reading.table, "m13")
    shown = view.reach.shown()
    assert shown is not None and shown[1]


def test_a_reach_no_longer_wanted_is_no_longer_worked_on(app, monkeypatch):
    monkeypatch.setattr(measuring, "REACH_SHARE", 0.001)
    match = in_play("m13", ruleset="terrain")
    game = open_game(app, match)
    view = game.view
    view.choose("m13")
    assert view.reach.shown() is None and view.reach.working()
    view.toolbar.toggle_reach()
    assert view.reach.shown() is None
    assert not view.reach.working() and not view.is_animating()
    view.toolbar.toggle_reach()
    app.run_until_idle()
    assert view.reach.found is not None and view.reach.found[1] == reach(view.reading.table, "m13")
