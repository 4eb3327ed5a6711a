"""Refining where a path crosses heavy terrain.

The cheapest path bends where it enters or leaves heavy terrain (Snell's law). The
graph (graph.py) has nodes at the corners of heavy terrain and every HEAVY_STEP
along its outline, so the search sees ways across; afterwards every point where
the path crosses an outline is slid along that outline to the cheapest place (to
SLIDE_TOLERANCE), sweep after sweep (`refine`), each from where it is by Newton's
method on the cost's derivative (minimum.py's `least_from`: after the first sweep most stay put or
move little, and three costs settle one that stays). Its neighbours stay, but for a
walk round an obstacle next to it: the walk meets (or leaves) the arc at the
tangent to wherever the crossing slides, its far end staying; where the straight
way to a neighbour is cut off, the way goes round the corner of the obstacle in
the way; a crossing on an arc the path bends round is pulled tight round it.
Where the way runs along one side of the outline through the graph's nodes on it,
those between the first and the last are dropped (they lie on the straight way
between those two): no crossings to place. Crossings next to one another creep
towards the best together, so after a sweep those joined by straight segments
(with no walk round an arc at either end) are placed together by Newton's method
(coupled.py's `together`), and where that finds nothing the crossings go on the
way they went while that saves. A crossing
placed between the same neighbours as before (in an earlier sweep, or on an earlier
way to the goal) goes where it went then (`Kept.steps`). On a warrior's way out of
terrain it stands in, crossings on the first leg with its base still on that
terrain, two or more, are not placed: none can move alone. The ways to one goal
mostly settle to one path: a way whose crossings come, before any sweep, to the
sides another's settled on (coupled.py's `settled_on`) is given that one's path
(placed again more finely the first time). A crossing the straight way to
which is cut off is also tried with the way to it planned afresh
(`refine_entry`) (a warrior leaving terrain it stands in may bend where its base
is first clear of it: bend_out.py's `refine_exit`). That is a local refinement: where two
ways across heavy terrain cost within a few tenths of a millimetre of each other,
the one found may not be the cheaper.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.games.skirmish.minimum import least_on
from tabletop.games.skirmish.table.coupled import settled_on, together
from tabletop.games.skirmish.table.graph import HEAVY_STEP
from tabletop.games.skirmish.table.passage import Passage
from tabletop.games.skirmish.table.placing import Kept, _cheapest, all_clear, place
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.search import route
from tabletop.games.skirmish.table.spans import Outline, on_outline, outline_crossings, segment_cost
from tabletop.games.skirmish.table.wraps import Wrap, arc_of, circles, tightened

__all__ = ["SLIDE_TOLERANCE", "Kept", "refine", "refine_entry"]

#: crossing points of heavy terrain are placed this exactly (mm)
SLIDE_TOLERANCE = 0.005

#: a way whose crossings settle where another's did is placed again this much more
#: finely (a share of the tolerance) the first time: the ways that settle there then
#: share the better of the two
POLISH = 0.1

#: a sweep of `refine` that saves less than this (mm) is the last
_SAVED = 1e-4


def _onward(
    passage: Passage,
    path: list[Point],
    slides: list[tuple[int, float] | None],
    was: list[tuple[int, float] | None],
    on_arc: list[tuple[Point, float] | None],
    cost: Callable[[Point, Point], float],
) -> None:
    """After a sweep that slid crossings next to one another (each with its
    neighbours fixed, so they creep towards the best together a little a sweep),
    every crossing goes on the way it went, twice as far each time while the path
    gets cheaper. Only where the path walks no arc and no crossing moved off its
    outline. `cost`: what a segment costs (`segment_cost`, each asked once)."""
    if len(was) != len(slides) or any(arc is not None for arc in on_arc):
        return
    moving = [
        (i, now[0], now[1] - old[1])
        for i, (now, old) in enumerate(zip(slides, was, strict=True))
        if now is not None and old is not None and now[0] == old[0] and now[1] != old[1]
    ]
    if len(moving) < 2:
        return
    outlines = passage.board.costs.outlines

    def total(points: list[Point]) -> float:
        return sum(cost(a, b) for a, b in zip(points, points[1:], strict=False))

    best, best_cost, factor = list(path), total(path), 1.0
    while factor < 1e3:
        trial = list(path)
        for i, k, ds in moving:
            trial[i] = outlines[k].at(slides[i][1] + factor * ds)  # type: ignore[index]
        spent = total(trial)
        if spent >= best_cost - 1e-9 or not all(passage.clear(a, b) for a, b in zip(trial, trial[1:], strict=False)):
            break
        best, best_cost, factor = trial, spent, 2 * factor
    if best_cost < total(path) - 1e-9:
        done = factor / 2
        for i, k, ds in moving:
            slides[i] = (k, slides[i][1] + done * ds)  # type: ignore[index]
        path[:] = best


def _frozen_on_the_way_out(
    passage: Passage, start: Point, leg: list[Point], slides: list[tuple[int, float] | None], fixed: int
) -> None:
    """A warrior leaving terrain it stands in passes through it on its first leg
    alone: a point of the path after the start with its base still on that terrain
    is a bend inside it (movement.check_path turns such a path down) unless it lies
    straight on that leg (dropped with the corners the path no longer needs). Where
    two crossings of heavy terrain's outline or more lie on the first leg with the
    base still on it, none of them can move alone: moving the first leaves the
    second on it, off the straight way (or the first itself still on it), moving
    another leaves the first; nor can the point after them move off the leg (the
    last of them would bend there). They are no crossings to place then (`slides`
    None: they stay where they are). `leg`: the path's points along the first leg,
    from `start` to where it ends."""
    if not passage.leaving or fixed > 1 or start != passage.start:
        return
    end = len(leg) - 1
    on = [i for i in range(1, end) if slides[i] is not None and passage.hit_leaving(start, leg[i])[1]]
    if len(on) >= 2:
        for i in range(1, on[-1] + 2):
            slides[i] = None


def _along_sides(path: list[Point], slides: list[tuple[int, float] | None], outlines: list[Outline], kept: int) -> None:
    """Where the way runs along one side of heavy terrain's outline through three
    points of it or more (the graph's nodes along it), the points between the first
    and the last of them dropped: they lie on the straight way between those two
    (the same way, each of them a crossing to place no more)."""

    def side(i: int) -> tuple[int, int] | None:
        slide = slides[i]
        return None if slide is None else (slide[0], outlines[slide[0]].side_index(slide[1]))

    i = max(kept, 1)
    while i < len(path) - 1:
        here = side(i)
        if here is not None and side(i - 1) == here == side(i + 1):
            del path[i], slides[i]
        else:
            i += 1


def refine(
    passage: Passage,
    points: list[Point],
    fixed: int = 1,
    sweeps: int = 50,
    tolerance: float = SLIDE_TOLERANCE,
    placed: Kept | None = None,
) -> list[Point]:
    """Slide every point where the warrior's path crosses (or bends on) the outline
    of heavy terrain along that outline to where the path costs least, its
    neighbours fixed, sweeping until nothing moves by more than SLIDE_TOLERANCE
    (each segment checked with its `Passage`). The first `fixed` points stay
    where they are (a way already refined, and the start); at most `sweeps`
    sweeps, each point placed to `tolerance`. Never returns a dearer path.
    `placed`: what placing crossings of other ways to the same goal worked out
    (`Kept`), for this one, and the paths they settled to."""
    clear = passage.clear
    outlines = passage.board.costs.outlines
    heavy = passage.heavy
    if not outlines or len(points) < 2:
        return points
    path: list[Point] = [points[0]]
    slides: list[tuple[int, float] | None] = [None]
    kept = 1  # the points of `path` that stay (the first `fixed`)
    leg_end = 1  # where the first leg ends in `path`
    for index, (a, b) in enumerate(zip(points, points[1:], strict=False)):
        for t, k, s in outline_crossings(a, b, outlines) if index + 1 >= fixed else ():
            path.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            slides.append((k, s))
        path.append(b)
        slides.append(on_outline(b, outlines) if fixed <= index + 1 < len(points) - 1 else None)
        if index + 1 < fixed:
            kept = len(path)
        if index == 0:
            leg_end = len(path) - 1
    _frozen_on_the_way_out(passage, points[0], path[: leg_end + 1], slides, fixed)
    _along_sides(path, slides, outlines, kept)

    # each segment's cost asked once: the path's cost is summed after every sweep,
    # and most of its segments are what they were
    known: dict[tuple[Point, Point], float] = {}

    def cost(p: Point, q: Point) -> float:
        value = known.get((p, q))
        if value is None:
            value = known[(p, q)] = segment_cost(p, q, heavy)
        return value

    window = 2 * HEAVY_STEP
    # the arcs about the path (a walk or a way round one stays within the window of it)
    left, right = min(p[0] for p in path) - window, max(p[0] for p in path) + window
    top, bottom = min(p[1] for p in path) - window, max(p[1] for p in path) + window
    arcs = [
        (owner, (cx, cy), r)
        for owner, (cx, cy), r in circles(passage)
        if left - r <= cx <= right + r and top - r <= cy <= bottom + r
    ]
    on_arc: list[tuple[Point, float] | None] = [
        None if slides[i] is not None else arc_of(p, arcs) for i, p in enumerate(path)
    ]

    def _crossing_arc(j: int) -> tuple[Point, float] | None:
        return arc_of(path[j], arcs) if slides[j] is not None and 0 < j < len(path) - 1 else None

    def ends(i: int, j: int) -> tuple[int, Wrap | None, Point, int, Wrap | None, Point]:
        """About the crossings i to j: where the path walks round an obstacle next to
        them, the way leaves (or meets) the arc at the tangent to wherever the
        crossing slides to, the walk's far end staying: the walk before (from
        path[low]) and after (to path[high]), and the points the ways come from
        and go on to (the walks' far ends, or the neighbours)."""
        low, high = i - 1, j + 1
        while low > kept and on_arc[low] is not None and on_arc[low - 1] == on_arc[low]:
            low -= 1
        while high < len(path) - 2 and on_arc[high] is not None and on_arc[high + 1] == on_arc[high]:
            high += 1
        # (a neighbour that is itself a crossing on an arc: the walk ends there)
        before = Wrap.of(path, low, i - 1, on_arc[i - 1] or _crossing_arc(i - 1), path[i], True)
        after = Wrap.of(path, high, j + 1, on_arc[j + 1] or _crossing_arc(j + 1), path[j], False)
        prev = path[i - 1] if before is None else path[low]
        nxt = path[j + 1] if after is None else path[high]
        return low, before, prev, high, after, nxt

    placing = Kept() if placed is None else placed
    # what placing a crossing between the same neighbours gave, in an earlier sweep or
    # for an earlier way (the same arcs about the path: a way round what is in the way
    # goes round one of them)
    steps = placing.steps.setdefault(tuple(arcs), {})

    def splice(
        first: int,
        last: int,
        head: list[Point],
        crossings: list[tuple[int, float]],
        tail: list[Point],
        before: Wrap | None,
        after: Wrap | None,
    ) -> int:
        """path[first..last] walked afresh: the walk before (`head`), the crossings,
        the walk after (`tail`, from its far end back); where the next point
        to place lies."""
        path[first : last + 1] = [*head, *(outlines[k].at(s) for k, s in crossings), *tail[::-1]]
        # (each walk's far end stays what it was: a crossing, or a point of the arc)
        rounds: list[tuple[Point, float] | None] = [
            None if w is None else (w.centre, w.radius) for w in (before, after)
        ]
        none: list[tuple[int, float] | None] = [None]
        near_slides = [slides[first]] + none * (len(head) - 1) if head else []
        far_slides = none * (len(tail) - 1) + [slides[last]] if tail else []
        near_arcs = [on_arc[first]] + [rounds[0]] * (len(head) - 1) if head else []
        far_arcs = [rounds[1]] * (len(tail) - 1) + [on_arc[last]] if tail else []
        slides[first : last + 1] = [*near_slides, *crossings, *far_slides]
        on_arc[first : last + 1] = [*near_arcs, *([None] * len(crossings)), *far_arcs]
        return first + len(head) + len(crossings) - 1

    def joined() -> bool:
        """Each run of crossings joined by straight segments placed together
        (coupled.py's `together`); whether any moved."""
        i = max(1, kept)
        moved = False
        while i < len(path) - 2:
            if slides[i] is None:
                i += 1
                continue
            j = i
            while j + 1 < len(path) - 1 and slides[j + 1] is not None and on_arc[j + 1] is None:
                j += 1
            if j == i or any(_crossing_arc(m) for m in range(i, j + 1)):
                i = j + 1
                continue
            _low, before, prev, _high, after, nxt = ends(i, j)
            if before is not None or after is not None:
                # (a walk round an arc next to the run: `together` takes the ways at
                # both ends straight)
                i = j + 1
                continue
            run = [slide for slide in slides[i : j + 1] if slide is not None]
            found = together(outlines, run, heavy, prev, nxt)
            if found is not None:
                crossings = [(k, s) for (k, _s), s in zip(run, found, strict=True)]
                qs = [outlines[k].at(s) for k, s in crossings]
                new = [prev, *qs, nxt]
                spent_new = sum(cost(a, b) for a, b in zip(new, new[1:], strict=False))
                spent_old = sum(cost(a, b) for a, b in zip(path[i - 1 : j + 2], path[i : j + 2], strict=False))
                if spent_new < spent_old and all_clear(passage, new):
                    path[i : j + 1] = qs
                    slides[i : j + 1] = crossings
                    moved = True
            i = j + 1
        return moved

    spent = sum(cost(a, b) for a, b in zip(path, path[1:], strict=False))
    for _sweep in range(sweeps):
        settled = settled_on(path, slides, on_arc, outlines, arcs) if placed is not None else None
        if placed is not None and settled is not None and settled in placed.finals:
            # where another way settled: the same least (placed again more finely once,
            # for every way that comes there)
            if settled not in placed.polished:
                placed.polished.add(settled)
                placed.finals[settled] = refine(passage, placed.finals[settled], fixed, sweeps, tolerance * POLISH)
            return list(placed.finals[settled])
        moved = 0.0
        was = list(slides)
        i = 0
        while i < len(path) - 2:
            i += 1
            slide = slides[i]
            if slide is None:
                continue
            k, s0 = slide
            arc = arc_of(path[i], arcs)
            if arc is not None and arc not in (on_arc[i - 1], on_arc[i + 1]):
                # a crossing on an arc the path bends round there: pulled tight round
                # it, the way walks the arc across the outline
                tight = tightened(path[i - 1], path[i], path[i + 1], arc)
                if (
                    tight is not None
                    and sum(cost(a, b) for a, b in zip(tight, tight[1:], strict=False))
                    < cost(path[i - 1], path[i]) + cost(path[i], path[i + 1]) - 1e-9
                    and all(clear(a, b) for a, b in zip(tight, tight[1:], strict=False))
                ):
                    walked = tight[1:-1]
                    moved = max(moved, max(math.dist(p, path[i]) for p in walked))
                    path[i : i + 1] = walked
                    slides[i : i + 1] = [None] * len(walked)
                    on_arc[i : i + 1] = [arc] * len(walked)
                    i += len(walked) - 1
                    continue
            outline = outlines[k]
            low, before, prev, high, after, nxt = ends(i, i)
            key = (k, s0, tolerance, prev, nxt, before, after)
            if key in steps:
                step = steps[key]
            else:
                step = steps[key] = place(
                    passage, arcs, outline, s0, window, tolerance, prev, nxt, before, after, placing
                )
            if step is None:
                continue
            s, head, tail, before, after = step
            q = outline.at(s)
            moved = max(moved, math.dist(q, path[i]))
            # the walks either side are walked afresh; a neighbour that walks none stays
            head = head if before is not None else []
            tail = tail if after is not None else []
            first, last = (low if head else i), (high if tail else i)
            i = splice(first, last, head, [(k, s)], tail, before, after)
        if moved < tolerance:
            break
        if not joined():
            _onward(passage, path, slides, was, on_arc, cost)
        # (a sweep that saves next to nothing leaves the rest to the tolerance)
        spent, earlier = sum(cost(a, b) for a, b in zip(path, path[1:], strict=False)), spent
        if spent > earlier - _SAVED:
            break
    # drop corners the path no longer needs
    out = [path[0]]
    for i in range(1, len(path) - 1):
        p, q, r = out[-1], path[i], path[i + 1]
        if i < kept:
            out.append(q)
            continue
        if math.dist(p, q) < 1e-9:
            continue
        if abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) < 1e-9 * math.dist(p, r):
            continue
        out.append(q)
    out.append(path[-1])
    given = sum(cost(p, q) for p, q in zip(points, points[1:], strict=False))
    now = sum(cost(p, q) for p, q in zip(out, out[1:], strict=False))
    if now > given + 1e-9 or not all(clear(p, q) for p, q in zip(out, out[1:], strict=False)):
        return list(points)
    settled = settled_on(path, slides, on_arc, outlines, arcs) if placed is not None else None
    if placed is not None and settled is not None:
        placed.finals.setdefault(settled, list(out))
    return out


def refine_entry(passage: Passage, points: list[Point], limit: float) -> list[Point]:
    """After `refine`: where the path comes round an obstacle straight to a point of
    heavy terrain's outline, the cheapest crossing may lie where the way would have
    to go on further round the obstacle (the straight line from where the path
    leaves it is cut off), which sliding with the neighbours fixed cannot reach.
    There the crossing slides along the outline (each straight side within the
    window) with the way to it planned afresh on the tangent graph. Tried only
    where the best crossing for the fixed neighbours is cut off; never returns a
    dearer path."""
    clear = passage.clear
    outlines = passage.board.costs.outlines
    if not outlines or len(points) < 4:
        return points
    heavy = passage.heavy
    for i in range(2, len(points) - 1):
        on = on_outline(points[i], outlines)
        if on is not None and on_outline(points[i - 1], outlines) is None:
            break
    else:
        return points
    k, s0 = on
    outline = outlines[k]
    prev, nxt = points[i - 1], points[i + 1]
    sides = outline.sides_within(s0 - 2 * HEAVY_STEP, s0 + 2 * HEAVY_STEP)

    costs: dict[float, float] = {}

    def fixed(s: float) -> float:
        value = costs.get(s)
        if value is None:
            q = outline.at(s)
            value = costs[s] = segment_cost(prev, q, heavy) + segment_cost(q, nxt, heavy)
        return value

    s_fixed = _cheapest(fixed, outline, sides, prev, nxt, SLIDE_TOLERANCE, s0)
    best = outline.at(s_fixed)
    if math.dist(best, points[i]) < SLIDE_TOLERANCE or clear(prev, best):
        return points  # refine had the whole stretch to choose from
    # each point's way and cost, planned once (the searches ask again for the ends)
    tried: dict[float, tuple[float, list[Point] | None]] = {}

    def rerouted(s: float) -> float:
        if s not in tried:
            q = outline.at(s)
            # the leg on from q first: where it is blocked no search is needed
            found = route(passage, q, limit) if clear(q, nxt) else None
            if found is None:
                tried[s] = (math.inf, None)
            else:
                tried[s] = (found[1] + segment_cost(q, nxt, heavy), found[0])
        return tried[s][0]

    def total(way: list[Point]) -> float:
        return sum(segment_cost(a, b, heavy) for a, b in zip(way, way[1:], strict=False))

    # the search along the stretch plans a way afresh for every point it tries: only
    # where the way planned afresh to the best crossing for the fixed neighbours
    # saves (where refine already bent the walk before the crossing round to it, it
    # does not: the straight way from the walk's old end only seemed cut off)
    if rerouted(s_fixed) + total(points[i + 1 :]) >= total(points) - 1e-9:
        return points
    s = min((least_on(rerouted, lo, hi, SLIDE_TOLERANCE) for lo, hi in sides), key=rerouted)
    head = tried[s][1]
    if head is None:
        return points
    path = refine(passage, head + list(points[i + 1 :]))
    return (
        path
        if total(path) < total(points) - 1e-9 and all(clear(a, b) for a, b in zip(path, path[1:], strict=False))
        else points
    )
