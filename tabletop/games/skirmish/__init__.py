"""Eden skirmish (Taban, 2009): the free-placement table, its geometry and its rules.

Everything is measured in millimetres on a table whose origin is the top left
corner, x to the right and y downwards. No pygame here.

Two subpackages: `table` is the table's geometry, which knows nothing of turns
or players; `play` is the rules of play built on it. Beside them, `schema` is the
game's data (read by both), and `view`, `art`, `bench` and `showcase` are the screen
and its speed figures.

- schema: pydantic models of data/skirmish/{table,terrain}.yaml and the scenario
  layouts, and the game's `DATASET`.

table/:

The geometry is a stack of layers; table/__init__.py says what each uses from
the one below.

- planar: plane geometry on plain tuples (distances, convex parts, tangents).
- tangents, spans: tangents and walks round rounded convex bodies; heavy terrain
  as weighted convex parts (what a segment costs, outlines where paths cross).
- terrain: `TerrainPiece`, `Ruleset` (basic or terrain rules) and `effect()`, the
  reading of a terrain kind under a ruleset.
- table: `Table` (models, pieces, objectives, pymunk spaces), placement while
  dragging (`model_fits`, `nearest_model_position`, `piece_fits`,
  `nearest_piece_position`) and contact.
- freespace: nearest free point among grown obstacles (used by table, which keeps a
  `FreeSpace` per dragged thing until it changes).
- sight: `sight(table, viewer, target)` -> `Sight` with the corridor, blockers,
  obstacles and their penalty; `sight_pairs`.
- costs: what a path costs (length, crossing costs of heavy terrain).
- passage: the table as routing sees it for one base radius (`Board`) and what
  one warrior's move may pass (`Passage`; a warrior leaving terrain it stands in).
- graph, search, refine: the tangent graph over the grown obstacles; cheapest
  routes, charges and every node within an allowance (for the reach); crossings
  of heavy terrain slid to their cheapest place.
- movement: exact path checks, `shortest_path`, `path_to_contact`, and the
  end-of-move conditions.
- reach: the area one move reaches.
- measure: edge-to-edge distances, the tape measure, the nearest-target rule,
  templates.

play/:

- rules: `SkirmishRules`; moves: the moves table and the phases (laying out,
  then rounds: naming, activation, end phase); laying_out, rounds (with the end
  phase), activation: what each phase's moves check and do; warriors, limits: the
  starter warriors in play, their AP, markers and limits.
- deployment: deployment zones and terrain spacing.
- layout: load and save table layouts (data/skirmish/scenarios/*.yaml),
  `demo_table()`.
- position: `position(...)`, a state stated in a few lines (terrain, warriors,
  phase, round, who acts, AP, wounds, markers); impossible positions raise
  `PositionError`.

Main types: `Table`, `Model`, `TerrainPiece`, `Ruleset`, `TerrainEffect`;
`Sight` (visible, blockers, obstacles, penalty, corridor); `Path` (points,
length, cost), `PathCheck`, `Reach` (polygons); `Tape`, `Targets`, `Template`.

A typical view: `table = table_from_layout(layout, ruleset)`; draw
`piece.outline` and each base; on hover `sight(table, a, b).corridor.polygon()`;
while dragging `table.nearest_model_position(r, pointer, ignore=[id])`; for a
move `reach(table, id).polygons` and `shortest_path(table, id, pointer)`.
"""
