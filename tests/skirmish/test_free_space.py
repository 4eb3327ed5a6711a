"""Where a dragged piece or base lands (the nearest free point, freespace.py): the
same spot as the plain search that tries every candidate at every question, while
the table keeps what does not change during a drag until the table changes."""

from __future__ import annotations

import math
import random

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play.layout import demo_table
from tabletop.games.skirmish.table import freespace
from tabletop.games.skirmish.table.freespace import Blob, FreeSpace
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.table import MAX_FREE, Model
from tabletop.games.skirmish.table.terrain import TerrainPiece

#: the terrain spacing the layout keeps (the bench drags with it)
SPACING = 50.0


def plain_nearest_free(p, blobs, box):
    """The nearest free point as placement found it before the free space was kept:
    widen a reach round p; among the blobs within it, try each one's nearest point
    outside, the box's corners and those moved into the box, then every crossing of
    two boundary pieces (of different blobs, or the box's edges) nearer than that,
    nearest first, each checked against every blob."""
    left, top, right, bottom = box

    def clamp(q):
        return (min(max(q[0], left), right), min(max(q[1], top), bottom))

    def free(c):
        on_table = left - EPS <= c[0] <= right + EPS and top - EPS <= c[1] <= bottom + EPS
        return on_table and all(b.signed_distance(c) >= -EPS for b in blobs)

    def first_free(candidates):
        return next((c for c in sorted(candidates, key=lambda c: math.dist(start, c)) if free(c)), None)

    def piece_distance(f):
        if f[0] == "circle":
            return abs(math.dist(start, f[1]) - f[2])
        return freespace.planar.point_segment_distance(start, f[1], f[2])

    start = clamp(p)
    if free(start):
        return start
    sizes = [b.radius + math.hypot(*_extent(b.core)) for b in blobs if b.signed_distance(p) < 0]
    reach = max([*sizes, 20.0])
    diagonal = math.hypot(right - left, bottom - top) + 1.0
    edges = [
        ("segment", (left, top), (right, top)),
        ("segment", (right, top), (right, bottom)),
        ("segment", (right, bottom), (left, bottom)),
        ("segment", (left, bottom), (left, top)),
    ]
    while True:
        near = [i for i, b in enumerate(blobs) if b.near(start, reach) and b.signed_distance(start) <= reach]
        candidates = [blobs[i].project_out(start) for i in near]
        candidates += [(left, top), (right, top), (right, bottom), (left, bottom)]
        best = first_free(candidates + [clamp(q) for q in candidates])
        limit = math.inf if best is None else math.dist(start, best)
        pieces = [(i, f) for i in near for f in blobs[i].edges if piece_distance(f) < limit]
        pieces += [(-1, f) for f in edges if piece_distance(f) < limit]
        crossings = []
        for a, (i, f) in enumerate(pieces):
            for j, g in pieces[a + 1 :]:
                # pieces whose boxes do not meet cannot cross (checked by test_placement)
                if (i != j or i == -1) and _boxes_meet(f, g):
                    crossings += freespace._intersections(f, g)
        crossing = first_free(c for c in crossings if math.dist(start, c) < limit)
        found = crossing or best
        if found is not None:
            if math.dist(start, found) <= reach:
                return found
            reach = math.dist(start, found) + EPS
            continue
        if reach > diagonal + max((b.radius for b in blobs), default=0.0):
            return None
        reach *= 2


def _extent(core):
    xs, ys = [x for x, _y in core], [y for _x, y in core]
    return max(xs) - min(xs), max(ys) - min(ys)


def _boxes_meet(f, g):
    a, b = freespace._feature_box(f), freespace._feature_box(g)
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _pointers(table, seed, count):
    rng = random.Random(seed)
    return [(rng.uniform(-20, table.width + 20), rng.uniform(-20, table.height + 20)) for _ in range(count)]


def test_a_dragged_piece_lands_where_the_plain_search_puts_it(monkeypatch):
    table = demo_table()
    forest = table.pieces["dense-forest"]
    # the plain search is slow where the spacing packs the table (seconds a question)
    cases = [(0.0, 0.0, 1, 12), (0.0, 30.0, 2, 12), (20.0, 45.0, 3, 5)]
    pointers = {case: _pointers(table, case[2], case[3]) for case in cases}
    expected = {}
    for spacing, rotation, seed, count in cases:
        blobs, box = table.piece_blobs(forest, rotation, spacing), table.piece_box(forest, rotation, spacing)
        expected[spacing, rotation, seed, count] = [
            plain_nearest_free(p, blobs, box) for p in pointers[spacing, rotation, seed, count]
        ]
    assert any(f is not None and f != p for case in cases for f, p in zip(expected[case], pointers[case], strict=True))
    # crossings swept afresh at every question, and kept by cell from the first
    for crowded in (math.inf, 0):
        monkeypatch.setattr(freespace, "CROWDED", crowded)
        table = demo_table()
        for case in cases:
            spacing, rotation, _seed, _count = case
            # a drag: one question after the other on the free space the table keeps
            found = [table.nearest_piece_position(forest, p, rotation, spacing) for p in pointers[case]]
            assert found == expected[case], (crowded, case)


def test_a_dragged_base_lands_where_the_plain_search_puts_it():
    table = demo_table()
    for radius, seed in ((12.5, 3), (20.0, 4)):
        blobs = table.model_blobs(radius, ("m01",))
        box = (radius, radius, table.width - radius, table.height - radius)
        pointers = _pointers(table, seed, 30) + [table.models[m].position for m in ("m02", "m05", "m13")]
        found = [table.nearest_model_position(radius, p, ("m01",)) for p in pointers]
        # where a base fits as it is (on top of a rocky hill too) the table answers before the search
        expected = [
            (float(p[0]), float(p[1])) if table.model_fits(radius, p, ("m01",)) else plain_nearest_free(p, blobs, box)
            for p in pointers
        ]
        assert found == expected
        assert sum(f is not None and f != p for f, p in zip(found, pointers, strict=True)) >= 3, "some had to slide"


def test_the_free_space_answers_the_same_asked_in_any_order():
    """What one question finds (the cells of crossings decided) does not change the next answer."""
    table = demo_table()
    forest = table.pieces["dense-forest"]
    blobs = table.piece_blobs(forest, 15.0, SPACING)
    box = table.piece_box(forest, 15.0, SPACING)
    pointers = _pointers(table, 5, 16)
    forward, backward = FreeSpace(blobs, box), FreeSpace(blobs, box)
    found = [forward.nearest(p) for p in pointers]
    assert found == [backward.nearest(p) for p in reversed(pointers)][::-1]
    assert found[:3] == [freespace.nearest_free(p, blobs, box) for p in pointers[:3]]


def test_inside_is_the_signed_distance_below_minus_eps():
    rng = random.Random(6)
    square = ((0.0, 0.0), (40.0, 0.0), (40.0, 30.0), (0.0, 30.0))
    for blob in (Blob(square, 10.0, "a"), Blob(square, 0.0, "b"), Blob(((5.0, 5.0),), 8.0, "c")):
        points = [(rng.uniform(-20, 60), rng.uniform(-20, 50)) for _ in range(2000)]
        # on and a hair either side of the boundary, where the answer turns
        points += [(x, -blob.radius + d) for x in (-5.0, 3.0, 20.0) for d in (-2 * EPS, -EPS, 0.0, EPS, 2 * EPS)]
        for p in points:
            assert blob.inside(p) == (blob.signed_distance(p) < -EPS), (blob.owner, p)


def test_the_kept_free_space_is_dropped_when_the_table_changes():
    table = demo_table()
    forest = table.pieces["dense-forest"]
    pointer = table.pieces["swamp"].position
    before = table.nearest_piece_position(forest, pointer, 0.0, 20.0)
    assert before is not None and before != pointer
    kept = list(table._free.values())
    assert len(kept) == 1
    # asked again while dragged: the same free space, what it found kept
    table.nearest_piece_position(forest, (pointer[0] + 10, pointer[1] - 10), 0.0, 20.0)
    assert list(table._free.values()) == kept
    # a piece put where the forest would have landed: asked again, it lands elsewhere
    table.add_piece(TerrainPiece("rock", schema.terrain_data().kind("tree"), before, 0.0))
    assert table._free == {}
    after = table.nearest_piece_position(forest, pointer, 0.0, 20.0)
    assert after is not None and after != before
    assert table.piece_fits(forest, after, 0.0, 20.0)
    # a base moved or added: the bases' free space is dropped too
    table.nearest_model_position(12.5, table.models["m02"].position, ("m01",))
    assert any(key.startswith("model") for key in table._free)
    table.move_model("m01", (30.0, 30.0))
    assert table._free == {}
    table.nearest_model_position(12.5, table.models["m02"].position, ("m01",))
    table.add_model(Model("late", 25, (580.0, 580.0), 1))
    assert table._free == {}


def test_a_piece_turned_round_and_round_while_dragged_keeps_few_free_spaces():
    table = demo_table()
    forest = table.pieces["dense-forest"]
    for step in range(3 * MAX_FREE):
        table.nearest_piece_position(forest, table.pieces["swamp"].position, step * 15.0, 0.0)
    assert len(table._free) == MAX_FREE
