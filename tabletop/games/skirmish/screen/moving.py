"""Moving a warrior in play: the path it would take towards the pointer (the
shortest way, or the way drawn with Shift), whether the rules allow it, the move
submitted on the drop; and what is dragged drawn where it would go.

While the pointer moves over a table with heavy terrain, the way to it is the one
found on the routing graph (`movement.way_on_graph`: its crossings of heavy
terrain not slid to where they cost least, the dearest part of planning it; cut
at the allowance where the pointer is beyond it); at the first frame the pointer
rests, and before the move is made, it is planned exactly (`movement.shortest_path`)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.settling import settle_path
from tabletop.games.skirmish.play.state import snap_point
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.deployment import Placing
from tabletop.games.skirmish.screen.hand import Drag, Hand
from tabletop.games.skirmish.screen.overlay import BAD, GOOD, WARN, Label, Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table import movement, planar
from tabletop.games.skirmish.table.costs import heavy_parts, path_cost
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.spans import budget_along, heavy_spans
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import _, language
from tabletop.ui.gameview import ViewContext

#: a path drawn by hand keeps at most this many corners
MAX_DRAWN = 48
#: a drag beyond the allowance is cut this far (mm of cost) short of it, so the
#: path settled on the 0.1 mm grid still fits within the allowance
SHORT_OF_ALLOWANCE = 0.05
PATH = (250, 224, 120)
#: words of figures kept at most (see Moving._worded)
MAX_SAID = 256
#: the least limit (mm of cost) the way to a point beyond the allowance is first searched within
FIRST_FAR_LIMIT = 100.0
#: over what the way to a goal nearby and the step from there cost, what the way to
#: a goal beyond the allowance is first sought within may cost more (mm): the search
#: keeps the ways within movement.HEAVY_SPARE of its cheapest over heavy terrain
NEAR_SPARE = 2 * movement.HEAVY_SPARE


class Moving:
    """Plans and makes the moves of warriors; draws what the hand drags."""

    def __init__(
        self,
        ctx: ViewContext,
        camera: Camera,
        reading: Reading,
        hand: Hand,
        overlay: Overlay,
        placing: Placing,
        submit: Callable[[Action], bool],
    ) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        self.placing = placing
        self.submit = submit
        #: the last plan and what it was asked (the warrior, the point, the drawn path,
        #: the read of the match, the table's version, the language): motion within the same pixel plans nothing again
        self._planned: tuple[tuple, Drag] | None = None
        #: the last path put in words and its words (drawn twice a frame)
        self._words: tuple[tuple, str] | None = None
        #: words of figures shown, by the figures (as written) and the language: the paths
        #: of a drag show the same figures frame after frame more often than not
        self._said: dict[tuple, str] = {}
        #: the last way found to a goal beyond the allowance: what it was sought for (the
        #: warrior, the read of the match, the table's version), its goal and its cost
        self._far: tuple[tuple, Point, float] | None = None
        #: the same for the last way beyond found exactly or on the graph alone: what
        #: the next found on the graph alone is first sought within
        self._last_far: tuple[tuple, Point, float] | None = None
        #: what the drag last asked (the warrior, the point, the drawn path), and
        #: whether the pointer moved since the last frame's tick
        self._following: tuple[str, Point, tuple[Point, ...]] | None = None
        self._moved = False

    def plan(self, model_id: str, wanted: Point, freehand: Sequence[Point] = (), rough: bool = False) -> Drag:
        """The move of a warrior towards a point: the shortest path (or the path
        drawn with Shift) and whether the rules allow it. `rough`: on a table with
        heavy terrain the way is the one found on the routing graph alone (the plan
        is `rough`)."""
        table = self.reading.table
        key = (model_id, wanted, tuple(freehand), self.reading.revision, table.version, language())
        planned = self._planned
        if planned is not None and planned[0] == key and (rough or not planned[1].rough):
            return dataclasses.replace(planned[1])
        plan = self._plan(model_id, wanted, freehand, rough)
        self._planned = (key, dataclasses.replace(plan))
        return plan

    def _plan(self, model_id: str, wanted: Point, freehand: Sequence[Point], rough: bool) -> Drag:
        table = self.reading.table
        model = table.models[model_id]
        plan = Drag("path", (0, 0), model_id, moved=True)
        goal = table.nearest_model_position(model.radius, wanted, (model_id,))
        plan.ghost = goal or wanted
        if goal is None:
            plan.note = _("No room for the base there.")
            return plan
        if not movement.move_may_end(table, model_id, goal):
            plan.note = _("A move may not end touching an enemy.")
            return plan
        if freehand:
            drawn = [p for p in freehand if math.dist(p, model.position) > 2.0 and math.dist(p, goal) > 2.0]
            points = [model.position] + drawn[:MAX_DRAWN] + [goal]
            check = movement.check_path(table, model_id, points, allowance=math.inf)
            plan.path = tuple(points)
            plan.length, plan.cost = check.length, check.cost
            plan.valid = check.ok
            if check.blocked_by is not None:
                plan.note = _("Blocked by {what}.", what=self.reading.label(check.blocked_by))
            elif check.cost > table.allowance:
                self._offer_farthest(plan, model_id, points)
        else:
            plan.rough = rough and bool(heavy_parts(table))
            find = movement.way_on_graph if plan.rough else movement.shortest_path
            path = None if self._surely_beyond(model_id, goal) else find(table, model_id, goal)
            if path is None:
                # beyond the allowance: the farthest point along the way there
                near = self._near(model_id, self._last_far if plan.rough else None)
                far = way_beyond(table, model_id, goal, near, plan.rough)
                if far is not None:
                    found = ((model_id, self.reading.revision, table.version), goal, far.cost)
                    self._last_far = found
                    if not plan.rough:
                        self._far = found
                    self._offer_farthest(plan, model_id, far.points)
                else:
                    plan.note = _("No way there.")
                    return plan
            else:
                plan.path, plan.length, plan.cost, plan.valid = path.points, path.length, path.cost, True
        if plan.valid and not movement.move_may_end(table, model_id, plan.ghost or goal):
            plan.valid = False
            plan.note = _("A move may not end touching an enemy.")
        return plan

    def _near(self, model_id: str, far: tuple[tuple, Point, float] | None = None) -> tuple[Point, float] | None:
        """The goal beyond the allowance last planned exactly for this warrior on
        this table (or the one `far` tells) and what its way cost (None: none)."""
        far = self._far if far is None else far
        if far is None or far[0] != (model_id, self.reading.revision, self.reading.table.version):
            return None
        return far[1], far[2]

    def _surely_beyond(self, model_id: str, goal: Point) -> bool:
        """Whether no way to `goal` fits within the allowance, as the last way beyond it
        shows: a way here and the clear step on to the last goal would be a way there,
        and the way found there cost more than the allowance and that step (what the
        planner may find over the cheapest aside: NEAR_SPARE)."""
        near = self._near(model_id)
        if near is None:
            return False
        table = self.reading.table
        step = (goal, near[0])
        if near[1] - path_cost(table, step)[1] - NEAR_SPARE <= table.allowance + planar.EPS:
            return False
        return movement.check_path(table, model_id, step, allowance=math.inf).ok

    def _offer_farthest(self, plan: Drag, model_id: str, points: Sequence[Point]) -> None:
        """A path beyond the allowance cut where the allowance runs out: its end is
        the point offered (the ghost), or, where the warrior may not stand there,
        the path refused as too far."""
        table = self.reading.table
        cut = cut_at(table, points, table.allowance - SHORT_OF_ALLOWANCE)
        check = movement.check_path(table, model_id, cut)
        if len(cut) >= 2 and check.ok and table.model_fits(table.models[model_id].radius, cut[-1], (model_id,)):
            plan.path, plan.ghost, plan.length, plan.cost, plan.valid = cut, cut[-1], check.length, check.cost, True
            return
        length, cost = path_cost(table, tuple(points))
        plan.path, plan.length, plan.cost, plan.valid = tuple(points), length, cost, False
        plan.note = _("{cm:.1f} cm: too far", cm=cost / 10)

    def follow(self, drag: Drag, point: Point, shift: bool) -> None:
        """A warrior dragged in play to `point`: its path (drawn by hand with Shift)."""
        if shift:
            if not drag.freehand or math.dist(drag.freehand[-1], point) > 3.0:
                drag.freehand.append(point)
        else:
            drag.freehand = []
        freehand = tuple(simplified(drag.freehand, 1.5)) if shift else ()
        self._following, self._moved = (drag.item, point, freehand), True
        self._show(drag, self.plan(drag.item, point, freehand, rough=True))

    @staticmethod
    def _show(drag: Drag, plan: Drag) -> None:
        drag.ghost, drag.valid, drag.note, drag.path, drag.length, drag.cost, drag.rough = (
            plan.ghost,
            plan.valid,
            plan.note,
            plan.path,
            plan.length,
            plan.cost,
            plan.rough,
        )

    def rest(self) -> bool:
        """A frame's tick: the path dragged, found on the routing graph alone while
        the pointer moved (`Drag.rough`), is planned exactly at the first tick after
        a frame the pointer did not move in. True when it was."""
        if self._moved:
            self._moved = False
            return False
        drag = self.hand.drag
        if drag is None or not drag.rough:
            return False
        self._exact(drag)
        return True

    def waiting(self) -> bool:
        """Whether the path dragged waits to be planned exactly (the frames go on
        till it is)."""
        drag = self.hand.drag
        return drag is not None and drag.rough

    def _exact(self, drag: Drag) -> None:
        """The path dragged, found on the routing graph alone, planned exactly."""
        assert self._following is not None and self._following[0] == drag.item
        self._show(drag, self.plan(*self._following))

    def walk(self, plan: Drag) -> bool:
        """Submit a planned move; one the plan refuses is not submitted but stays
        shown, with the reason shown while dragging, until the next press."""
        if plan.rough:
            self._exact(plan)
        table = self.reading.table
        model = table.models[plan.item]
        if plan.valid and plan.path:
            points = settle_path(table, plan.item, plan.path)
            if points is not None:
                return self.submit(Action("move", model=plan.item, path=points))
        if plan.note:
            self.hand.refused = plan
            return False
        goal = snap_point(plan.ghost or model.position)
        if goal == model.position:
            return False
        return self.submit(Action("move", model=plan.item, path=(model.position, goal)))

    def shown(self) -> Drag | None:
        """The move shown on the table: the one dragged, else the one just refused."""
        drag = self.hand.drag
        if drag is not None and drag.moved:
            return drag
        return self.hand.refused

    # -- drawing and words -----------------------------------------------------------------

    def draw_held(self, surface: pygame.Surface) -> bool:
        """What is being dragged: its ghost where it would go, and a path (False:
        nothing is)."""
        t = self.ctx.theme
        camera, overlay = self.camera, self.overlay
        drag = self.shown()
        if drag is None:
            return False
        if drag.kind == "path":
            model = self.reading.table.models[drag.item]
            colour = PATH if drag.valid else BAD
            points = list(drag.path) if drag.path else [model.position, drag.ghost or model.position]
            screen = camera.screen_poly(points)
            if len(screen) >= 2:
                width = max(2, t.px(5))
                pygame.draw.lines(surface, (40, 30, 10), False, [(x + 1, y + 2) for x, y in screen], width)
                pygame.draw.lines(surface, colour, False, screen, width)
                # a dot where the path bends sharply (not along the short steps walking an arc)
                for before, corner, after in zip(screen, screen[1:], screen[2:], strict=False):
                    turn = abs(
                        (
                            math.atan2(after[1] - corner[1], after[0] - corner[0])
                            - math.atan2(corner[1] - before[1], corner[0] - before[0])
                            + math.pi
                        )
                        % (2 * math.pi)
                        - math.pi
                    )
                    if turn > math.radians(15):
                        pygame.draw.circle(surface, colour, corner, width)
            overlay.warrior(surface, drag.item, camera.to_screen(model.position), 90)
            if drag.ghost is not None:
                overlay.warrior(surface, drag.item, camera.to_screen(drag.ghost), 235 if drag.valid else 150)
                pygame.draw.circle(
                    surface,
                    colour,
                    camera.to_screen(drag.ghost),
                    model.radius * camera.scale + t.px(3),
                    max(2, t.px(3)),
                )
        elif drag.kind == "model":
            model = self.reading.table.models[drag.item]
            if drag.ghost is not None:
                overlay.warrior(surface, drag.item, camera.to_screen(drag.ghost), 235 if drag.valid else 150)
                pygame.draw.circle(
                    surface,
                    GOOD if drag.valid else BAD,
                    camera.to_screen(drag.ghost),
                    model.radius * camera.scale + t.px(3),
                    max(2, t.px(3)),
                )
        elif drag.kind == "piece":
            piece = self.reading.table.pieces[drag.item]
            self.placing.ghost_piece(
                surface, piece.kind.key, piece.footprint, drag.ghost, drag.rotation, drag.valid, drag.note, drag.item
            )
        else:
            return False
        return True

    def label(self) -> Label | None:
        """The label beside what is dragged: the path's length (with what heavy
        terrain adds), or why it cannot go there."""
        drag = self.shown()
        models = self.reading.table.models
        if drag is not None and drag.kind == "path" and drag.ghost is not None:
            text = drag.note or self.path_words(drag)
            path = tuple(drag.path) if drag.path else (models[drag.item].position, drag.ghost)
            return text, PATH if drag.valid else BAD, drag.ghost, models[drag.item].radius, path
        if drag is not None and drag.kind == "model" and drag.ghost is not None and drag.note:
            return drag.note, WARN if drag.valid else BAD, drag.ghost, models[drag.item].radius, ()
        return None

    def path_words(self, drag: Drag) -> str:
        """A path's length; across heavy terrain, how its cost adds up."""
        table = self.reading.table
        key = (tuple(drag.path), drag.length, drag.cost, self.reading.revision, table.version, language())
        if self._words is not None and self._words[0] == key:
            return self._words[1]
        if drag.cost <= drag.length + 0.05:
            cm = drag.length / 10
            words = self._worded(("length", f"{cm:.1f}"), lambda: _("{cm:.1f} cm", cm=cm))
        else:
            words = self._heavy_words(drag)
        self._words = (key, words)
        return words

    def _worded(self, figures: tuple, words: Callable[[], str]) -> str:
        """`words()`, kept by the `figures` they write (and the language)."""
        key = (*figures, language())
        found = self._said.get(key)
        if found is None:
            if len(self._said) >= MAX_SAID:
                self._said.clear()
            found = self._said[key] = words()
        return found

    def _heavy_words(self, drag: Drag) -> str:
        # the terms in tenths of a cm that add up to the total shown
        total = round(drag.cost / 10, 1)
        heavy = {factor: round(mm / 10, 1) for factor, mm in heavy_share(self.reading.table, drag.path).items()}
        allowance = self.reading.shown.allowance / 10

        def words() -> str:
            plain = total - sum(factor * cm for factor, cm in heavy.items())
            parts = [f"{max(0.0, plain):.1f}"] + [
                _("{factor:g} × {cm:.1f} in heavy terrain", factor=factor, cm=cm)
                for factor, cm in sorted(heavy.items())
            ]
            terms = " + ".join(parts)
            return _("{terms} = {cost:.1f} of {allowance:g} cm", terms=terms, cost=total, allowance=allowance)

        return self._worded(("heavy", total, tuple(heavy.items()), allowance), words)

    def lines(self) -> list[str] | None:
        """The readout of a move being dragged, or where a warrior or piece dragged
        in the layout lands (None: nothing is dragged)."""
        drag = self.shown()
        if drag is not None and drag.kind in ("model", "piece"):
            return [drag.note] if drag.note else None
        if drag is None or drag.kind != "path":
            return None
        if drag.valid:
            cm = drag.length / 10
            lines = [self._worded(("path", f"{cm:.1f}"), lambda: _("Path {cm:.1f} cm", cm=cm))]
            if drag.cost > drag.length + 0.05:
                lines.append(self.path_words(drag))
            return lines
        return [drag.note or _("The warrior cannot get there.")]


def way_beyond(
    table: Table, model_id: str, goal: Point, near: tuple[Point, float] | None = None, on_graph: bool = False
) -> movement.Path | None:
    """The cheapest path to a goal however much it costs (None: no way there).
    Searched within twice the allowance first, then within twice that, up to the
    whole table: a search explores all it may within its limit (a goal it cannot
    reach costs a search of everything within the limit), and the cheapest path
    costing less than a limit is the one found within it. With `near` (a goal
    nearby and what the way there cost: the pointer's last), within what going
    there and on to this goal costs before all: that way, where the step is clear,
    costs no less than the cheapest, and a search within less explores less.
    `on_graph`: the way found on the routing graph alone (`movement.way_on_graph`)."""
    find = movement.way_on_graph if on_graph else movement.shortest_path
    whole = table.width + table.height
    limit = max(2 * table.allowance, FIRST_FAR_LIMIT)
    if near is not None:
        bound = near[1] + path_cost(table, (near[0], goal))[1] + NEAR_SPARE
        if bound < limit:
            found = find(table, model_id, goal, limit=bound)
            if found is not None:
                return found
    while True:
        limit = min(limit, whole)
        found = find(table, model_id, goal, limit=limit)
        if found is not None or limit >= whole:
            return found
        limit *= 2


def cut_at(table: Table, points: Sequence[Point], budget: float) -> tuple[Point, ...]:
    """The start of a path that costs `budget` (heavy terrain counting its crossing
    cost): the farthest point along it the allowance reaches."""
    heavy = heavy_parts(table)
    kept = [points[0]]
    for a, b in zip(points, points[1:], strict=False):
        cost = movement.path_cost(table, (a, b))[1]
        if cost >= budget:
            t = budget_along(a, b, budget, heavy)
            kept.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return tuple(kept)
        budget -= cost
        kept.append(b)
    return tuple(kept)


def heavy_share(table: Table, points: Sequence[Point]) -> dict[float, float]:
    """How much of a path lies in heavy terrain (mm), by crossing cost."""
    heavy = heavy_parts(table)
    shares: dict[float, float] = {}
    for a, b in zip(points, points[1:], strict=False):
        length = math.dist(a, b)
        for s0, s1, extra in heavy_spans(a, b, heavy):
            shares[1.0 + extra] = shares.get(1.0 + extra, 0.0) + (s1 - s0) * length
    return shares


def simplified(points: Sequence[Point], tolerance: float) -> list[Point]:
    """A drawn line with fewer corners (Douglas-Peucker), for a path drawn by hand."""
    if len(points) < 3:
        return list(points)
    a, b = points[0], points[-1]
    index, worst = 0, 0.0
    for i in range(1, len(points) - 1):
        d = planar.point_segment_distance(points[i], a, b)
        if d > worst:
            index, worst = i, d
    if worst <= tolerance:
        return [a, b]
    return simplified(points[: index + 1], tolerance)[:-1] + simplified(points[index:], tolerance)
