"""The exhaustive check of one scene against the oracles, within BOUND (0.01 mm).

Three checks, each answering a list of `Finding`s (empty: the scene agrees):

- `check_reach`: reach membership at points aimed at slivers: 0.01 mm either side of
  edges of the reach's polygons (every edge, or a seeded sample of `edges` of them),
  their corners, and a 0.5 mm grid over a patch about a boundary corner. A point
  inside must be reached (cheapest cost at most the allowance + BOUND, by the oracle
  or by the planner's path passed by the oracle's own check) where the base may end
  (clearance at least -BOUND): else "reach-unsound". A point outside with clearance
  of BOUND or more and oracle cost of allowance - BOUND or less is a hole:
  "reach-hole", as deep as the lesser of the two. Points near the polygons' edges
  cannot see a region the polygons leave out whole, far from every edge of theirs (a
  way round an obstacle none of them follows): the points of a square lattice every
  `lattice` mm over the allowance disc (turned and shifted at random) that lie
  outside the reach are judged for holes too. A point on an edge of a polygon is in
  the reach (`holds`: the polygons are closed).
- `check_paths`: shortest_path to seeded points of the allowance disc against the
  oracle. "path-invalid": the planner's path overlaps something or its cost is
  not what it reports; "path-missing": no path where the oracle finds one clearly
  within the allowance; "path-dear": the path costs more than the oracle's + BOUND;
  "oracle-dear": the planner's valid path costs less than the oracle's - BOUND (the
  oracle's own error: where it is too dear it may hide holes of the reach).
  A hole or a dear path of a mover leaving terrain it stands in is put down to the
  leaving rule when the oracle's cheapest way bends on the way out (or, without
  heavy terrain, goes straight out).
- `check_sight`: every pair of models and seeded points: an element the separating
  line margins put clearly outside the corridor must not be listed, one clearly
  inside must; a convex opaque element that clearly meets every sight line must
  block, one that clearly leaves one free must not ("sight-into", "sight-block").
  Hills (behind_only) are left to the rule tests; a concave opaque piece is judged
  only where its hull leaves a line free or one of its parts alone blocks.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from tabletop.games.skirmish.table import planar, tangents
from tabletop.games.skirmish.table.movement import shortest_path
from tabletop.games.skirmish.table.rays import CHORD_SAG, HEAVY_MARGIN, REACH_MARGIN
from tabletop.games.skirmish.table.reach import reach
from tabletop.games.skirmish.table.sight import sight
from tests.skirmish.geometry import sightline
from tests.skirmish.geometry.oracle import TOUCH, Oracle
from tests.skirmish.geometry.scenes import MOVER, Scene, goals

#: the agreement asked for (mm)
BOUND = 0.01
#: the reach stops this short of the allowance and of obstacles by design (rays.py),
#: without heavy terrain and with it
MARGIN_BY_DESIGN = {False: REACH_MARGIN, True: max(REACH_MARGIN, HEAVY_MARGIN)}
#: oracle costs this close to the allowance are polished before they are judged (mm):
#: the graph's cost is at most about (X - 1) * HEAVY_STEP / 2 too dear (X = 2), where a
#: way along a side goes in at the critical angle to a point near it between two of the
#: side's points (the graph's corners and the start's ways out are exact)
POLISH_BAND = 0.6
#: spacing of the lattice whose points outside the reach are judged for holes (mm)
LATTICE = 10.0


@dataclass(frozen=True)
class Finding:
    seed: int
    check: str
    error: float  # mm beyond agreement
    cause: str
    where: tuple = ()


@dataclass
class Tally:
    checks: int = 0
    findings: list[Finding] = field(default_factory=list)


def has_heavy(scene: Scene) -> bool:
    table = scene.table
    return any((table.effect(p).crossing_cost or 0.0) > 1.0 for p in table.pieces)


def _leaving(oracle: Oracle, p) -> str | None:
    """How the oracle's cheapest way to p leaves terrain the mover stands in (None:
    it stands in none)."""
    if not oracle.leaving:
        return None
    if oracle.ways_out.bends_on(oracle.route(p)[1]):
        return "start in terrain it may not enter: the way out bends where the base is first clear (leaving rule)"
    return "start in terrain it may not enter: straight out through it (leaving rule)"


def starts_in_terrain(scene: Scene) -> bool:
    """Whether the mover starts on terrain a move may not enter (it passes through
    until clear of it)."""
    table, r = scene.table, scene.base / 2
    return any(
        table.effect(p.id).crossing_cost is None
        and any(planar.point_convex_signed_distance(scene.start, part) < r - TOUCH for part in p.parts)
        for p in table.pieces.values()
    )


def _cost(oracle: Oracle, p, threshold: float, touch: float = TOUCH) -> float:
    """The oracle's cost to p, polished where that may bring it to `threshold` or below."""
    cost = oracle.cost(p, touch)
    if threshold < cost < threshold + POLISH_BAND:
        cost = oracle.polished(p, touch)[0]
    return cost


def _hole_cause(oracle: Oracle, depth: float, p) -> str:
    margin = MARGIN_BY_DESIGN[bool(oracle.heavy)]
    if depth <= margin + 0.02:
        # (the margin and the sag between ray ends together leave less than BOUND:
        # a hole this shallow is a front drawn short all the same)
        return (
            f"shallow (at most {margin + 0.02:g} mm): the front drawn short by more than the reach's"
            f" margin ({margin:g} mm) and chord sag ({CHORD_SAG:g} mm) allow"
        )
    leaving = _leaving(oracle, p)
    if leaving is not None and (not oracle.heavy or "bends" in leaving):
        return leaving
    if oracle.heavy:
        return "heavy terrain: outline node costs, head waves, straight sweep rays, chords (research causes a-d)"
    return "other: beside an obstacle, beyond the margin"


def reach_points(scene: Scene, polygons, rng: random.Random, edges: int | None, corners: int, grid: int):
    """The points the membership check asks about (see the module)."""
    sides = [(poly[i], poly[(i + 1) % len(poly)]) for poly in polygons for i in range(len(poly))]
    sides = [(a, b) for a, b in sides if math.dist(a, b) > 1e-6]
    if edges is not None and len(sides) > edges:
        sides = rng.sample(sides, edges)
    points = []
    for a, b in sides:
        length = math.dist(a, b)
        nx, ny = (b[1] - a[1]) / length, -(b[0] - a[0]) / length
        t = rng.uniform(0.1, 0.9)
        m = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        points += [(m[0] + BOUND * nx, m[1] + BOUND * ny), (m[0] - BOUND * nx, m[1] - BOUND * ny)]
    vertices = [p for poly in polygons for p in poly]
    points += rng.sample(vertices, min(corners, len(vertices)))
    if vertices and grid:
        cx, cy = rng.choice(vertices)
        half = grid * 0.5 / 2
        points += [(cx - half + 0.5 * i + 0.25, cy - half + 0.5 * j + 0.25) for i in range(grid) for j in range(grid)]
    return points


def lattice_points(centre, radius: float, spacing: float, rng: random.Random):
    """The points of a square lattice `spacing` mm apart, turned and shifted at random,
    within `radius` of `centre`."""
    turn, du, dv = rng.uniform(0, math.pi / 2), rng.uniform(0, spacing), rng.uniform(0, spacing)
    c, s = math.cos(turn), math.sin(turn)
    steps = int(radius / spacing) + 1
    points = []
    for i in range(-steps, steps + 1):
        for j in range(-steps, steps + 1):
            u, v = i * spacing + du, j * spacing + dv
            if u * u + v * v <= radius * radius:
                points.append((centre[0] + u * c - v * s, centre[1] + u * s + v * c))
    return points


def check_reach(
    scene: Scene,
    side: str | None = None,
    edges: int | None = 100,
    corners: int = 40,
    grid: int = 12,
    lattice: float | None = LATTICE,
    polygons: list | None = None,
) -> Tally:
    """Reach membership (see the module); `side` "inside" or "outside" judges only
    the points on that side of the reach's boundary. `polygons`: the reach's, unless
    given."""
    table = scene.table
    oracle = Oracle(table, MOVER)
    shapes = reach(table, MOVER).polygons if polygons is None else polygons
    boxed = [(poly, planar.bounds(poly)) for poly in shapes]
    rng = random.Random(scene.seed)
    tally = Tally()
    limit = table.allowance

    def inside(p) -> bool:
        return holds(boxed, p)

    def hole(p, room: float) -> None:
        if room >= BOUND:
            cost = _cost(oracle, p, limit - BOUND)
            depth = min(limit - cost, room)
            if depth >= BOUND:
                tally.findings.append(Finding(scene.seed, "reach-hole", depth, _hole_cause(oracle, depth, p), p))

    for p in reach_points(scene, shapes, rng, edges, corners, grid):
        if math.dist(p, scene.start) > limit + 1.0:
            continue
        within = inside(p)
        if side is not None and within != (side == "inside"):
            continue
        tally.checks += 1
        room = oracle.end_clearance(p)
        if within:
            if room < -BOUND:
                on = oracle.leaving and oracle.clearance(p, oracle.leaving) >= -BOUND
                cause = "start in terrain it may not enter: the reach holds points on it" if on else "overlap"
                tally.findings.append(Finding(scene.seed, "reach-unsound", -room, cause, p))
                continue
            # within BOUND of an obstacle, the last leg may overlap it by BOUND
            cost = _cost(oracle, p, limit + BOUND, BOUND)
            if cost > limit + BOUND:
                # the planner's path, let over the allowance, may be cheaper than the oracle's
                found = shortest_path(table, MOVER, p, limit=limit + 1.0)
                if found is not None and oracle.check_path(found.points):
                    cost = min(cost, oracle.path_cost(found.points))
            if cost > limit + BOUND:
                cause = "costs more than the allowance (the cheaper of the oracle's and the planner's paths)"
                tally.findings.append(Finding(scene.seed, "reach-unsound", cost - limit, cause, p))
        else:
            hole(p, room)
    if lattice and side != "inside":
        for p in lattice_points(scene.start, limit - BOUND, lattice, rng):
            if not inside(p):
                tally.checks += 1
                hole(p, oracle.end_clearance(p))
    return tally


#: a point this near (mm) an edge of the reach's polygons lies on it: in their union
ON_EDGE = 1e-9


def holds(boxed: list, p) -> bool:
    """Whether the reach's polygons (each with its bounds) hold p: inside one, or on
    an edge of one (they are closed; a point where polygons meet that every one of
    them has on its boundary, a corner of heavy terrain's outline the fronts on
    either side run up to, is in their union: seed 1109)."""
    near = [
        poly
        for poly, (left, top, right, bottom) in boxed
        if left - ON_EDGE <= p[0] <= right + ON_EDGE and top - ON_EDGE <= p[1] <= bottom + ON_EDGE
    ]
    if any(planar.point_in_polygon(p, poly) for poly in near):
        return True
    return any(
        planar.point_segment_distance(p, poly[i - 1], poly[i]) < ON_EDGE for poly in near for i in range(len(poly))
    )


def _path_cause(oracle: Oracle, error: float, length: float, p) -> str:
    leaving = _leaving(oracle, p)
    if leaving is not None and (not oracle.heavy or "bends" in leaving):
        return leaving
    if oracle.heavy:
        return "heavy terrain: crossings and the +2% search slack (routes.refine, refine_entry)"
    if error <= tangents.TOLERANCE_PER_MM * length + BOUND:
        return "arcs walked as chords (ARC_TURN about 1 degree: up to 0.0025 mm per 10 cm, by design)"
    return "other (basic rules beyond the arc tolerance)"


def check_paths(scene: Scene, count: int = 12) -> Tally:
    table = scene.table
    oracle = Oracle(table, MOVER)
    tally = Tally()
    limit = table.allowance
    for p in goals(scene, count):
        if oracle.end_clearance(p) < BOUND:
            continue
        tally.checks += 1
        found = shortest_path(table, MOVER, p)
        cost = _cost(oracle, p, limit - BOUND)
        if found is None:
            if cost <= limit - BOUND:
                cause = _path_cause(oracle, limit - cost, 100.0, p)
                tally.findings.append(Finding(scene.seed, "path-missing", limit - cost, cause, p))
            continue
        own = oracle.path_cost(found.points)
        if not oracle.check_path(found.points) or abs(own - found.cost) > BOUND or found.cost > limit + BOUND:
            error = max(abs(own - found.cost), found.cost - limit, BOUND)
            tally.findings.append(Finding(scene.seed, "path-invalid", error, "path overlaps or misreports", p))
            continue
        if found.cost > cost + BOUND:
            if found.cost - cost < POLISH_BAND:
                cost = oracle.polished(p)[0]
            error = found.cost - cost
            if error > BOUND:
                cause = _path_cause(oracle, error, found.length, p)
                tally.findings.append(Finding(scene.seed, "path-dear", error, cause, p))
        elif own < cost - BOUND:
            # the judge itself missed a way: holes of the reach may hide where it does
            error = oracle.polished(p)[0] - own
            if error > BOUND:
                cause = "the oracle misses a way the planner found (the oracle's own error)"
                tally.findings.append(Finding(scene.seed, "oracle-dear", error, cause, p))
    return tally


def check_sight(scene: Scene, points: int = 4) -> Tally:
    table = scene.table
    rng = random.Random(scene.seed + 2)
    tally = Tally()
    ids = list(table.models)
    targets: list[tuple[str, str | tuple[float, float]]] = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    for _ in range(points):
        targets.append((MOVER, (scene.start[0] + rng.uniform(-200, 200), scene.start[1] + rng.uniform(-200, 200))))
    for viewer, target in targets:
        _sight_pair(scene, tally, viewer, target)
    return tally


def _sight_pair(scene: Scene, tally: Tally, viewer: str, target) -> None:
    """Judge every element on sight from `viewer` to `target` (see the module)."""
    table = scene.table
    seen = sight(table, viewer, target)
    if not seen.corridor.sides:
        return
    me = table.models[viewer]
    a, ra = me.position, me.radius
    if isinstance(target, str):
        b, rb = table.models[target].position, table.models[target].radius
    else:
        b, rb = target, 0.0
    listed = set(seen.blockers) | {o.element for o in seen.obstacles}

    def judge(element: str, margin_in: float, margin_free: float | None, opaque: bool) -> None:
        tally.checks += 1
        wrong = []
        if margin_in > BOUND and element in listed:
            wrong.append(("sight-into", margin_in, "listed but outside the corridor"))
        if margin_in < -BOUND and element not in listed:
            wrong.append(("sight-into", -margin_in, "reaches into the corridor, not listed"))
        if margin_free is not None and margin_free > BOUND and element in seen.blockers:
            wrong.append(("sight-block", margin_free, "blocks, but a sight line is free"))
        if (
            opaque
            and margin_free is not None
            and margin_free < -BOUND
            and margin_in < -BOUND
            and element not in seen.blockers
        ):
            wrong.append(("sight-block", -margin_free, "meets every sight line, does not block"))
        tally.findings += [
            Finding(scene.seed, kind, error, cause, (viewer, target, element)) for kind, error, cause in wrong
        ]

    def far(centre, radius: float) -> bool:
        # well clear of the corridor: then it must simply not be listed
        return planar.disc_hull_distance(centre, a, ra, b, rb) > radius + 1.0

    for other in table.models.values():
        if other.id in (viewer, target):
            continue
        if rb == 0.0 and math.dist(other.position, b) <= other.radius + BOUND:
            continue  # a point on a base: the base is what is looked at
        if far(other.position, other.radius):
            judge(other.id, 1.0, None, False)
            continue
        corners = [other.position]
        judge(
            other.id,
            sightline.into(corners, other.radius, a, ra, b, rb),
            sightline.free(corners, other.radius, a, ra, b, rb),
            True,
        )
    for piece in table.pieces.values():
        eff = table.effect(piece.id)
        if eff.sight == "flat" or eff.behind_only:
            continue
        if rb == 0.0 and piece.distance_to_point(b) <= BOUND:
            continue  # the piece the point lies on is what is looked at
        if far(*planar.bounding_circle(piece.outline)):
            judge(piece.id, 1.0, None, False)
            continue
        margin_in = min(sightline.into(list(part), 0.0, a, ra, b, rb) for part in piece.parts)
        margin_free = None
        if eff.sight == "opaque":
            hull = sightline.free(list(planar.convex_hull(piece.outline)), 0.0, a, ra, b, rb)
            least = min(sightline.free(list(part), 0.0, a, ra, b, rb) for part in piece.parts)
            if hull > BOUND:
                margin_free = hull
            elif least < -BOUND:
                margin_free = least
        judge(piece.id, margin_in, margin_free, eff.sight == "opaque")


def summary(title: str, scenes: int, tallies: list[Tally]) -> str:
    """Scenes, checks, and per check and cause: how many disagree, the worst error and
    the seeds that fail."""
    findings = [f for t in tallies for f in t.findings]
    lines = [f"{title}: {scenes} scenes, {sum(t.checks for t in tallies)} checks, {len(findings)} disagree"]
    groups: dict[tuple[str, str], list[Finding]] = {}
    for f in findings:
        groups.setdefault((f.check, f.cause), []).append(f)
    for (kind, cause), group in sorted(groups.items()):
        seeds = sorted({f.seed for f in group})
        worst = max(group, key=lambda f: f.error)
        shown = " ".join(map(str, seeds[:40])) + (" ..." if len(seeds) > 40 else "")
        lines.append(
            f"  {kind}, {cause}: {len(group)} points in {len(seeds)} scenes, worst {worst.error:.4f} mm "
            f"(seed {worst.seed} at {worst.where}); seeds {shown}"
        )
    return "\n".join(lines)
