"""Moving a warrior by drag, as players see it: beyond the allowance the farthest
point along the way is offered, a refused move keeps the reason shown while
dragging, and across heavy terrain the path's label adds up its cost."""

from __future__ import annotations

import math

import pygame
import pytest
from driving import Painted, mouse_down, mouse_up, move, open_game

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import NAMING, table_of
from tabletop.games.skirmish.screen.moving import PATH
from tabletop.games.skirmish.table import movement

from .positions import play_begins


def in_play(active: str, **options) -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), **options}, 0)
    match = Match(RULES, setup, 1)
    play_begins(match)
    match.act(Action("name", model=active))
    while match.state.phase == NAMING:
        match.act(Action("pass"))
    return match


def spot(game, point):
    return game.view.to_screen(point)


def drag_to(app, game, start, points, held=(1, 0, 0)):
    mouse_down(app, spot(game, start))
    for point in points:
        move(app, spot(game, point), held)


def test_a_drag_beyond_the_allowance_offers_the_farthest_point_along_the_path(app, monkeypatch):
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view
    table = table_of(match.state)
    start = table.models["m13"].position
    goal = (start[0] + 160.0, start[1] + 10.0)
    painted = Painted(monkeypatch)
    drag_to(app, game, start, [(start[0] + 16.0 * k, start[1] + 1.0 * k) for k in range(1, 11)])
    drag = view.drag
    assert drag is not None and drag.valid and drag.ghost is not None
    expected = movement.shortest_path(table, "m13", goal, limit=1000.0)
    assert expected is not None
    # the ghost stands where the allowance runs out along the way to the pointer
    assert movement.path_cost(table, drag.path)[1] == pytest.approx(100.0, abs=0.1)
    assert math.dist(drag.ghost, start) == pytest.approx(100.0, abs=0.2)
    texts = [content for content, rect in painted.texts if view.viewport.contains(rect)]
    assert "10.0 cm" in texts and not any("too far" in text for text in texts)
    # the ghost's ring in the path's colour where it stands
    ring = view.to_screen(drag.ghost)
    r = table.models["m13"].radius * view.scale + view.theme.px(3)
    assert any(
        tuple(app.surface.get_at((int(ring[0] + r * math.cos(a)), int(ring[1] + r * math.sin(a))))[:3]) == PATH
        for a in [k * math.pi / 16 for k in range(32)]
    )
    ghost = drag.ghost
    mouse_up(app, spot(game, goal))
    action = match.log[-1].action
    assert action.kind == "move" and action["model"] == "m13"
    assert math.dist(match.state.models["m13"]["position"], ghost) < 0.5


def test_a_refused_move_keeps_the_reason_shown_while_dragging(app, monkeypatch):
    """A path drawn with Shift into the chasm is blocked: on release nothing moves
    (today the straight way to the goal was taken) and the same reason stays shown."""
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view
    start = table_of(match.state).models["m13"].position
    entries = len(match.log)
    painted = Painted(monkeypatch)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        way = [(start[0] + 0.5 * k, start[1] + 10.0 * k) for k in range(1, 8)]
        way += [(start[0] + 3.5, start[1] + 70.0 - 7.0 * k) for k in range(1, 6)]
        drag_to(app, game, start, way)
        note = view.drag.note if view.drag is not None else ""
        assert note.startswith("Blocked by")
        while_dragging = [content for content, rect in painted.texts if view.viewport.contains(rect)]
        assert note in while_dragging
        painted.texts.clear()
        mouse_up(app, spot(game, way[-1]))
    finally:
        pygame.key.set_mods(0)
    assert len(match.log) == entries
    after = [content for content, rect in painted.texts if view.viewport.contains(rect)]
    assert note in after
    # the next press (here the right button's) puts the refused move away
    mouse_down(app, spot(game, way[-1]), button=3)
    painted.texts.clear()
    mouse_up(app, spot(game, way[-1]), button=3)
    assert note not in [content for content, rect in painted.texts if view.viewport.contains(rect)]


def test_the_path_label_breaks_down_the_cost_in_heavy_terrain(app, monkeypatch):
    """With crossable terrain at double cost, a path into the dense forest reads
    plain cm + 2 x cm in heavy terrain = its cost, on the label and in the readout."""
    match = in_play("m13", double_cost=True)
    game = open_game(app, match)
    view = game.view
    table = table_of(match.state)
    start = table.models["m13"].position
    goal = (start[0], start[1] - 60.0)
    painted = Painted(monkeypatch)
    drag_to(app, game, start, [(start[0], start[1] - 10.0 * k) for k in range(1, 7)])
    drag = view.drag
    assert drag is not None and drag.valid and drag.cost > drag.length + 1.0
    heavy = round((drag.cost - drag.length) / 10, 1)
    total = round(drag.cost / 10, 1)
    words = f"{total - 2 * heavy:.1f} + 2 × {heavy:.1f} in heavy terrain = {total:.1f} of 10 cm"
    texts = [content for content, rect in painted.texts]
    label = [content for content, rect in painted.texts if view.viewport.contains(rect)]
    assert words in label
    assert words in texts
    mouse_up(app, spot(game, goal))
