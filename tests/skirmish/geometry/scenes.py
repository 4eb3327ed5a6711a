"""A fixed set of seeded random scenes for the exhaustive geometry check.

`scene(seed)` is a pure function of the seed (random.Random draws the same on every
machine): a 600 x 600 mm table under one of three rule sets (basic, basic with double
cost, the terrain rules), 4 to 14 items drawn from every terrain kind of
data/skirmish/terrain.yaml and 30/40 mm bases, turned at any angle, within 120 mm of
a focus point (a third of them bases), and a mover of
either base size, started in the open or inside a piece (on a rocky hill's top, in
bushes that are then set burning, in a swamp). Items that do not fit are left out;
under the terrain rules each flammable piece burns with chance 1/5.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import BASIC, TERRAIN_RULES, Ruleset, TerrainPiece

#: how many scenes the set holds, and how many the CI test runs
SET_SIZE = 3000
CI_SIZE = 100

RULESETS = {"basic": BASIC, "double": Ruleset(double_cost=True), "terrain": TERRAIN_RULES}
MOVER = "mover"


@dataclass
class Scene:
    seed: int
    rules: str
    table: Table
    base: float
    inside: str | None  # the piece the mover was started in, if any

    @property
    def start(self):
        return self.table.models[MOVER].position


def _point_in(piece: TerrainPiece, rng: random.Random):
    left, top, right, bottom = piece.box
    for _ in range(200):
        p = (rng.uniform(left, right), rng.uniform(top, bottom))
        if piece.contains(p):
            return p
    return planar.centroid(piece.outline)


def scene(seed: int) -> Scene:
    """The scene of one seed (the same on every machine)."""
    rng = random.Random(seed)
    rules = rng.choice(sorted(RULESETS))
    table = Table(600, 600, ruleset=RULESETS[rules])
    # the book's kinds (a variant placed only under the terrain rules would change the seeded scenes)
    kinds = [k.key for k in schema.terrain_data().kinds if not k.terrain_rules_only]
    # the items crowd round a focus, so that most of them lie within one move
    fx, fy = rng.uniform(150, 450), rng.uniform(150, 450)
    for i in range(rng.randint(4, 14)):
        what = rng.choice(["model30", "model40"]) if rng.random() < 0.35 else rng.choice(kinds)
        x, y, turn = fx + rng.uniform(-120, 120), fy + rng.uniform(-120, 120), rng.uniform(0, 360)
        if what.startswith("model"):
            base = float(what[5:])
            if table.model_fits(base / 2, (x, y)):
                table.add_model(Model(f"m{i}", base, (x, y), i % 2))
            continue
        trial = TerrainPiece(f"t{i}", schema.terrain_data().kind(what), (0.0, 0.0))
        if table.piece_fits(trial, (x, y), turn):
            trial.place((x, y), turn)
            table.add_piece(trial)
    base = rng.choice([30.0, 40.0])
    pieces = list(table.pieces.values())
    inside = None
    for _ in range(100):
        if pieces and rng.random() < 0.35:
            host = rng.choice(pieces)
            start, inside = _point_in(host, rng), host.id
        else:
            start, inside = (fx + rng.uniform(-60, 60), fy + rng.uniform(-60, 60)), None
        if table.model_fits(base / 2, start):
            break
    else:  # pragma: no cover - a crowded table: the open corner is always free
        start, inside = (base, base), None
    table.add_model(Model(MOVER, base, start, 0))
    if table.ruleset.terrain_rules:
        for piece in pieces:
            if piece.kind.properties.flammable and (piece.id == inside or rng.random() < 0.2):
                table.set_burning(piece.id, True)
    return Scene(seed, rules, table, base, inside)


def goals(sc: Scene, count: int = 12) -> list[tuple[float, float]]:
    """The goals the exact check tries from the scene's start (check.check_paths):
    `count` at random within the allowance, the same on every run."""
    rng = random.Random(sc.seed + 1)
    found = []
    for _ in range(count):
        angle, distance = rng.uniform(0, 2 * math.pi), rng.uniform(0, sc.table.allowance)
        found.append((sc.start[0] + distance * math.cos(angle), sc.start[1] + distance * math.sin(angle)))
    return found


def goal_the_check_tries(seed: int, nth: int) -> tuple[Table, tuple[float, float], tuple[float, float]]:
    """Scene seed's table, its mover's start and the nth goal (from 1) the exact check
    tries there (`goals`)."""
    sc = scene(seed)
    return sc.table, sc.start, goals(sc, nth)[-1]
