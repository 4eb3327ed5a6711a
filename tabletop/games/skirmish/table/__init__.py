"""The skirmish table's geometry: plane geometry, terrain pieces, the table with its
bases, sight, measuring, and the paths and reach of a move. It knows nothing of
turns, phases or players; the rules of play (tabletop.games.skirmish.play) build
on it. No pygame here.

It is a stack of layers (`LAYERS` gives each module's). A module uses only its own
layer and the ones below: it imports nothing from above, and nothing from above is
handed down to it (no callbacks, no bound methods, no objects of a higher layer);
each layer keeps what it derives from the table itself, keyed by the table's
`version` (memo.py), and the table keeps nothing for the layers above.

Layer 0, plane geometry (no table, no terrain rules): planar (distances, convex
parts, hulls, Minkowski differences; `Region`: a convex region asked of many shapes,
its box and separating axes kept), freespace (`Blob`, `nearest_free`; `FreeSpace`:
the same asked again and again, what does not depend on the pointer kept), tangents
(rounded convex bodies: `Body`, `Line`, `tangent_lines`, `Walk`, `walk_points`,
`arc_points`, `Core`, `near_pairs`), spans (heavy terrain as weighted convex parts: `Heavy`,
`heavy_spans`, `segment_cost`, `budget_along`, `cost_at`, `lone_sides`; `Outline`,
`outline_points`, `outline_crossings`, `on_outline`, `side_beyond`; `side_of`: the part
one of whose sides holds a stretch), memo (`PerVersion`), inset
(`eroded`: an outline moved inward; `clip_convex`, `arc`), clearing (`clear_of`:
where a base starting on convex parts is first clear of them along a leg;
`Clearing`: the same for legs from one start; `overlaps`: whether a base overlaps
one; `exits`: where a way out of them bends past an obstacle it touched, or a
corner of their own grown outline it grazed, still on them; `Rim`: their grown
outline by length, and where it runs into another),
least_crossings (where a way across a row of sides, each leg at its rate, crosses
them for the least cost: `one_side`, `many_sides`), families (the reach over
heavy terrain as exact families: `Disc`, `HeadWave`, `Front` with their costs,
paths and regions; `in_media`), pieces (`Field`: the
grown obstacles as exact pieces, and where they meet; `Obstacle.near`: whether one
comes near a region, a broad phase first), visibility (`visible_disc`: the disc a
point sees among them, with occluders, as exact pieces), fringe (a grown obstacle's
outline moved out by a margin: `hit`, where a ray meets it; `fringe`, points along it
whose straight edges keep clear of the obstacle; `shadows`, parallel rays that surely
end on one obstacle, drawn along it).

Layer 1, the table's space and terrain costs. Uses from layer 0: planar's
primitives; `Blob` and `FreeSpace` (placement); `Core` (the obstacles before
growing); `Heavy`, `lone_sides`, `Outline` and `segment_cost` (the heavy terrain); `PerVersion`;
`eroded` (the water a base may wade into); `clear_of`, `Clearing`, `overlaps`,
`exits` and `Rim` (a warrior leaving terrain); `Field` (the board's obstacles as exact pieces).
- terrain: `TerrainPiece`, `Ruleset`, `effect()` (the only reader of a kind's
  properties).
- table: `Table` (models, pieces, objectives, contact, placement) and
  `GrownSpace` (a pymunk space per base radius; one `without=` the pieces a
  leaving warrior stands in is a snapshot of one table version). It decides, once, what blocks
  (`blocks`, `blocking_parts`: of swim-only water only what lies more than 10 mm
  inside, S34), what is heavy (`heavy_cost`) and the obstacles (`obstacles`).
- costs: `TerrainCosts` per table version (heavy parts and outlines),
  `path_cost`.
- passage: `Board` per table version and base radius (grown space, obstacles,
  terrain costs, the table's size, `blocked(p)`, `field`) and `Passage` per table version
  and warrior (`hit`, `clear`, `cost`, `hit_leaving`: what blocks a base of its
  radius, the fast caster, leaving the terrain it stands in; `exits`,
  `heavy_exits`: where its way out may bend; `within`: the same for legs near
  one point).
- Beside them, on the table alone: sight (`sight`, `sight_pairs`, its own cache
  per version) and measure (distances, the tape, targets, templates).
- terrain_moves: where a climb, a swim and a jump may start and end (`Area`s of
  the centre, exact), wading at most 10 mm into swim-only water, hostile terrain
  and high ground; from layer 0 planar and `Blob`, from layer 1 the Table's
  contents and `effect`.

Layer 2, routing. Uses from layer 1 only the warrior's `Passage` (`model_id`,
`start`, `clear` for segments from the start, `first_hit` for segments between
nodes, `heavy`, `board`, `leaving`, `leaving_parts`, `exits`, `heavy_exits`) and
its `Board` (`radius`, `width`, `height`, `obstacles`, `costs.heavy`,
`costs.outlines`, `blocked`, and `grown.owners_hit` for a wrap's legs); never the
`Table`.
From layer 0: the tangents, the spans and `Rim`.
- graph: `Router`, the tangent graph of one `Board` (kept per board).
- search: `route`, `contact_route`, `spread` -> `Spread` (the nodes reached, their
  bodies, lines and walk lengths: what the reach reads).
- refine: `refine`, `refine_entry` (crossings of heavy terrain slid to their
  cheapest place, each by placing's `place` and `placed_crossing`, searching the
  sides whose `floor` may give the least, what one placement keeps for the next in
  its `Kept`; beside it wraps, the walks round an obstacle next to a
  crossing: `Wrap`, `tightened`, `circles`, `arc_of`, `Ring`: the heavy terrain about an arc by
  direction; and coupled: `together`, crossings joined by straight segments placed
  together by Newton's method, `settled_on`, where a way's crossings lie, for ways
  that settle to one path), and bend_out's `refine_exit` (the bend on the way out of terrain
  the warrior stands in, over heavy terrain; `bent_cost`: such a way straight on
  to a point, for the reach's node costs); each crossing is placed along one side by
  tabletop.games.skirmish.minimum (`least_from`: Newton's method from where it
  was; `least_on`: Brent's method), plain numerics beside the layers as math is.

Layer 3, movement and reach. Uses from layer 2: `route`, `contact_route`,
`refine` (with `Kept`: what placing the crossings of one way keeps for the next), `refine_entry`,
`refine_exit`, `bent_cost` (with `ExitLegs`), `spread` and its `Spread` (`steps`, `bodies`, `start`,
`near`, `lines`, `line_cost`, `walk_length`, `walk_cost`, `walk_within`, `walk_clear`, `walk_free`,
`points`), `HEAVY_STEP`;
from layer 1:
`passage` (`Passage.hit`, `clear`, `cost`, `hit_leaving`, `first_hit`, `leaving`,
`leaving_parts`, `OUTSIDE`,
`heavy`, `heavy_exits`, `within`, `field`, `grown` with `query`, `board.width`, `height` and
`costs.outlines`), `path_cost`,
`Table.models`, `allowance`, `contact` and `model_fits`; from layer 0:
`heavy_spans`, `budget_in`, `cost_at`, `on_outline`, `side_beyond`, `Rim` and `overlaps`, `outline_crossings`,
`segment_cost`, `Outline`, `Heavy`, `Body`, `ARC_TURN`, families' `Front`,
`HeadWave` and `in_media`, `visible_disc` (the start's disc and gaps' wedges,
and over heavy terrain which obstacle each ray meets and how far), pieces' `Obstacle`
(the exact grown obstacles a closed-form region must stay clear of) and planar's
`Region` (such a region, asked of many of them and of the heavy parts) and `without_repeats`
(a drawn ring's points), fringe's `hit`
and `shadows` (rays cast exactly against them, and drawn along one they end on).
- movement: `Path`, `PathCheck`, `check_path`, `shortest_path`,
  `path_to_contact`, the end-of-move rules.
- reach: `Reach`, `reach`, also a part at a time (`grow` -> `Growth`, for a screen that
  draws between parts), cut by leaving (`LeavingCut`: where a move leaving
  terrain may not end, taken out), the directions a path newly reaches turning at a
  point node (wedges: `wedge`, `outside`, `into`), over heavy terrain the ways out of it that bend
  anywhere on its grown outline (rim_rays: `rim_rays`, rays swept along the
  outline's `Rim`), its nodes' costs over heavy terrain
  (node_costs: `costed`, a node at a time, its value the `NodeCosts`; the graph's ways
  as families' fronts, on stretches:
  `Chain`, `front_cost`, `slid_cost`, each way's last stretch and what it costs slid); beside it
  rays (`ray_stop`, `cast`, `media`, `fan`, `sag_step`, `chord_step`: straight rays and fans of them),
  sweeps (`Sweep`: the area reached walking on round a body from a node and
  leaving it along a tangent, an exact region: closed-form `cost` and
  `contains`, `holds_corner_of` and `walks_into` (heavy terrain in it),
  `polygons(sag)` for drawing; from layer 1 the `Passage`, its `Board`'s
  obstacles and size and its `field`, from layer 0 `common_tangent_lines` and
  pieces' `Circle`, `crossings` and `segment_circle`: where a walk round an arc
  meets another obstacle or heavy terrain), arc_rays (`Arc`: the rays leaving a
  rounded corner of the graph tangentially, refracted at each side of heavy terrain
  they cross, and past the critical angle on along the side, for the reach's
  sweeps), cuts (`cuts`: where a walk round an arc crosses heavy terrain's
  outline, the cheaper way cutting across it, from
  the warrior's `Passage`; `meets`: where it crosses; `cut_walk`: a walk round an arc
  with the cuts cheaper than walking, from the `Spread`), crossing (`across`, `crossings`,
  `along`, `out_of`, `refracted`: the refracted rays across heavy terrain's outline;
  `round_corners`: the ways across it from corners of heavy terrain turned round outside;
  `neighbours`: on to the next nodes other ways reach, toward their own; one origin's
  stretches along a side drawn as one run), fronts
  (`front`: the refracted rays straight from a point across a side in closed form
  where nothing lies in their way, `graze`: the rays crossing.crossings casts, cast
  exactly where only obstacles lie in their way; from the warrior's `Passage`, its
  `field`'s obstacles and heavy parts), through (`through_sides`: from the start or a
  corner of heavy terrain's outline across two sides of heavy terrain or more, into a
  part and out, or out of a part and into another, refracted at each, in closed form, a
  first side at a time), waves
  (`head_wave`: the head waves in closed form where nothing lies in their way,
  from families' `HeadWave` and the warrior's `Passage`) and fans
  (`closed_fan`, `side_fan`: fans of straight rays over heavy terrain and past
  obstacles in closed form, each ray to the nearer of the obstacle visibility's
  `visible_disc` finds in its way and where its cost reaches the budget; from the
  warrior's `Passage`, its `field` and heavy parts, and pieces' `Circle` and `Line`).
"""

#: each module's layer: a module imports only from its own layer and the ones below
LAYERS: dict[str, int] = {
    "planar": 0,
    "freespace": 0,
    "memo": 0,
    "inset": 0,
    "tangents": 0,
    "spans": 0,
    "clearing": 0,
    "least_crossings": 0,
    "families": 0,
    "pieces": 0,
    "visibility": 0,
    "fringe": 0,
    "terrain": 1,
    "table": 1,
    "costs": 1,
    "passage": 1,
    "sight": 1,
    "measure": 1,
    "terrain_moves": 1,
    "graph": 2,
    "search": 2,
    "refine": 2,
    "placing": 2,
    "wraps": 2,
    "coupled": 2,
    "bend_out": 2,
    "movement": 3,
    "rays": 3,
    "waves": 3,
    "fans": 3,
    "crossing": 3,
    "fronts": 3,
    "through": 3,
    "sweeps": 3,
    "arc_rays": 3,
    "cuts": 3,
    "reach": 3,
    "wedges": 3,
    "node_costs": 3,
    "stretches": 3,
    "leaving": 3,
    "rim_rays": 3,
}
