"""The skirmish game's state and what rules, views and screen read off it: the
phases, snapping of lengths and angles, the table built from the state, the terrain
spacing, deployment edges and terrain points. No pygame here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from tabletop.games.skirmish import schema
from tabletop.games.skirmish.options import DEPLOYMENT, DOUBLE_COST, RULESET, SPACING
from tabletop.games.skirmish.play import deployment, weather
from tabletop.games.skirmish.schema import Layout, TerrainKind
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import Ruleset, TerrainPiece

LAYOUT = "layout"
#: the activation phase: a side names a warrior (or passes), the other may counter
NAMING = "naming"
#: the activation phase: the warrior named last acts
ACTIVATION = "activation"
#: the round's end phase (L418-446)
END = "end"
#: the phases of play, after the table is laid out
#: an attack or a break-away under way waits for a roll or a choice (play/combat.py);
#: not a phase of the book: the match's `phase` stays ACTIVATION meanwhile
RESOLVE = "resolve"
#: the active side has opened its tactical hand to play a card on its active warrior
#: (play/card_moves.py); not a phase of the book either: `phase` stays ACTIVATION
CARD_MOMENT = "card_moment"
#: the bid for who begins (L336-338, L386-390): each player bids strategy points in private
BIDDING = "bidding"
#: the bid's winner (or the side that decides without a bid, S10) says who begins
CHOOSING = "choosing"
#: the game is over (after round 5, or a round that left a side without warriors: S30)
OVER = "over"
#: the last round (L364)
LAST_ROUND = 5
#: the preparation of a game between two built units (play/preparation.py), after its bid:
#: terrain placed in turns (step 6) and the warriors deployed, one side after the other (step 7)
TERRAIN = "terrain"
DEPLOYING = "deploying"
#: step 6a (optional rule 2): the players place non-player warriors in turns (play/non_player_play.py)
INFESTATION = "infestation"
#: step 5, before the terrain: each side plays a mission, the beginner first (play/mission_play.py)
MISSIONS = "missions"
#: step 8: each side chooses its tactical hand in private, the beginner first (play/hands.py)
HANDS = "hands"
PREPARATION_STEPS = (MISSIONS, TERRAIN, INFESTATION, DEPLOYING, HANDS)
#: each round's tactical phase: a side plays a card or none (play/tactical_phase.py) ...
TACTICS = "tactics"
#: ... and the opponent revokes the card just shown (Widerruf) or lets it stand
REVOKING = "revoking"
PLAY_PHASES = (BIDDING, CHOOSING, *PREPARATION_STEPS, TACTICS, REVOKING, NAMING, ACTIVATION, END, OVER)

#: the side of a non-player warrior's entry (optional rule 2): the enemy of both players (S36)
NON_PLAYER_SIDE = 2
#: non-player warriors' own neutral colour, no player's
NON_PLAYER_COLOUR = "#8c8472"
#: the edge each seat deploys along (seat 0 at the top, seat 1 at the bottom)
EDGES: tuple[deployment.Edge, ...] = ("top", "bottom")
#: at most this many corners in a moved path (a path round a base walks its arc in
#: segments turning at most 4 degrees: half way round takes 45)
MAX_PATH_POINTS = 256


def hex_colour(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def snap(value: float) -> float:
    """A length rounded to the 0.1 mm of the log (never -0.0)."""
    return round(float(value), 1) + 0.0


def snap_point(point: Sequence[float]) -> Point:
    return (snap(point[0]), snap(point[1]))


def snap_angle(angle: float) -> float:
    """A rotation in [0, 360) rounded to 0.1 degree."""
    turned = snap(float(angle) % 360.0)
    return 0.0 if turned >= 360.0 else turned


# -- the state ----------------------------------------------------------------------------


@dataclass
class SkirmishState:
    """The table as plain JSON data, plus the geometry built from it.

    `pieces`: id -> {"kind", "position", "rotation", "footprint" (None: the kind's),
    "burning", "owner" (seat that placed it, None for scenario pieces)}.
    `models`: id -> a warrior's entry (play/warriors.py: its card's key and marks,
    base, position, side, colour, name, number, AP, activated, uses, markers).
    `table` is derived from them (built on first use, kept in step by `apply`).

    In play: `bids`, `roll_off` and `decider` hold the bid for who begins
    (play/bidding.py); `leaders` and `leader_fell` the leaders (S10); `sig` the
    victory points; `round` counts from 1; `beginner` began it; `named` holds the warriors
    named in the naming under way (the last one stands unless countered); `passes`
    counts passes in a row; `opened` says the round's first naming was made;
    `active` is the warrior acting; `last` the side that activated last; `end`
    the end phase's progress (play/rounds.py); `removed` the warriors put out
    of action; `effects` what lasts until the end of the round; `pending` the
    attack under way while it waits for rolls and choices (play/combat.py)."""

    width: float
    height: float
    options: dict[str, Any]
    colours: list[str]
    first: int
    turn: int
    phase: str = LAYOUT
    ready: list[bool] = field(default_factory=lambda: [False, False])
    pieces: dict[str, dict[str, Any]] = field(default_factory=dict)
    models: dict[str, dict[str, Any]] = field(default_factory=dict)
    objectives: dict[str, list[float]] = field(default_factory=dict)
    #: each side's warriors, {"warrior": card key, "name"} (those not on the table may be placed)
    rosters: list[list[dict[str, str]]] = field(default_factory=lambda: [[], []])
    #: each side's unit in full as the set-up holds it (play/units.py, Unit.to_setup),
    #: or None for a side playing the layout's warriors
    units: list[Any] = field(default_factory=lambda: [None, None])
    #: each side's strategy points (S8: its warriors' PSI, set when play begins)
    sp: list[int] = field(default_factory=lambda: [0, 0])
    round: int = 0
    beginner: int = 0
    named: list[str] = field(default_factory=list)
    passes: int = 0
    opened: bool = False
    active: str | None = None
    last: int | None = None
    end: dict[str, Any] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    effects: list[dict[str, Any]] = field(default_factory=list)
    #: the attack or break-away under way (play/combat.py), as plain data; None: none
    pending: dict[str, Any] | None = None
    #: the bid under way or last made: each side's bid (None: not made yet); a bid is
    #: its player's secret until both are made (play/bidding.py)
    bids: list[int | None] = field(default_factory=lambda: [None, None])
    #: the bid was a tie: the sides roll a die each until the rolls differ (S8)
    roll_off: bool = False
    #: the side that says who begins the round (the bid's winner, or S10's side)
    decider: int | None = None
    #: each side's leader, by the warrior's name in its unit (None: the side has none)
    leaders: list[str | None] = field(default_factory=lambda: [None, None])
    #: the round in which each side's leader was put out of action (0: it was not)
    leader_fell: list[int] = field(default_factory=lambda: [0, 0])
    #: each side's victory points (SIG, never below 0: L440-442)
    sig: list[int] = field(default_factory=lambda: [0, 0])
    #: the book's preparation: the edge each side deploys along (None: not chosen, or
    #: the free table's edges from the options) and the kind of its deployment
    edges: list[str | None] = field(default_factory=lambda: [None, None])
    deployments: list[str | None] = field(default_factory=lambda: [None, None])
    #: the terrain step: each side has said it places no more pieces
    terrain_done: list[bool] = field(default_factory=lambda: [False, False])
    #: each side's mission, by its key in missions.yaml (None: none played); a secret
    #: one is its player's until the game ends (play/mission_play.py)
    missions: list[str | None] = field(default_factory=lambda: [None, None])
    #: the victory points each mission earned, in order: {"side", "round" (0: at the
    #: end of the game), "points", "how" (the Earned message as JSON)}
    scored: list[dict[str, Any]] = field(default_factory=list)
    #: the warriors put out of action, for the missions: id -> {"side", "warrior" (card
    #: key), "name", "round" (the round it fell in)}
    fallen: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: numbers new ids are made from
    serial: int = 0
    #: each side's tactical hand, by card key (its player's secret; None: not chosen yet)
    hands: list[list[str] | None] = field(default_factory=lambda: [None, None])
    #: the tactical cards played this game, in order: {"card", "side", "round",
    #: "targets", "revoked"} (a revoked card was played and paid too: S28)
    played: list[dict[str, Any]] = field(default_factory=list)
    #: the sides still to play a card or none in the tactical phase under way, next first
    card_turns: list[int] = field(default_factory=list)
    #: the active side has its hand open behind the curtain for a card on its active warrior
    card_moment: bool = False
    #: the weathers in force, by key in weather.yaml (optional rule 3, play/weather_play.py)
    weather: list[str] = field(default_factory=list)
    #: the weather roll awaited: {"kind": "start", "left"}, {"kind": "change"} or {"kind": "again"}
    weather_roll: dict[str, Any] | None = None
    #: the warriors away from rain cover at some moment of this round's activation phase (S35)
    exposed: list[str] = field(default_factory=list)
    #: optional rule 2: each side's infestation pool left while non-player warriors are placed
    pools: list[int] = field(default_factory=lambda: [0, 0])
    table: Table | None = field(default=None, repr=False, compare=False)


def ruleset_of(options: Mapping[str, Any]) -> Ruleset:
    """The geometry's ruleset for a match's options."""
    terrain_rules = options.get(RULESET) == "terrain"
    return Ruleset(terrain_rules=terrain_rules, double_cost=bool(options.get(DOUBLE_COST)) and not terrain_rules)


def kinds() -> dict[str, TerrainKind]:
    """The terrain kinds of data/skirmish/terrain.yaml by key, in data order."""
    return {kind.key: kind for kind in schema.terrain_data().kinds}


def kinds_offered(options: Mapping[str, Any]) -> list[TerrainKind]:
    """The kinds a player may place under the match's rules (a variant that differs
    only under the terrain rules, such as the chemical cesspool, only there)."""
    terrain_rules = options.get(RULESET) == "terrain"
    return [kind for kind in kinds().values() if terrain_rules or not kind.terrain_rules_only]


def new_piece(piece_id: str, data: Mapping[str, Any]) -> TerrainPiece:
    """A geometry piece for one piece entry of the state."""
    footprint = tuple(tuple(v) for v in data["footprint"]) if data.get("footprint") else ()
    return TerrainPiece(
        piece_id,
        kinds()[data["kind"]],
        tuple(data["position"]),
        data["rotation"],
        footprint,
        data.get("burning", False),
    )


def new_model(model_id: str, data: Mapping[str, Any]) -> Model:
    return Model(model_id, data["base"], tuple(data["position"]), data["side"], data["colour"], data["name"])


def build_table(data: Mapping[str, Any]) -> Table:
    """The geometry of a table from the state's data (`encode` or `view` output)."""
    table = Table(data["width"], data["height"], ruleset=ruleset_of(data["options"]))
    for piece_id, piece in data["pieces"].items():
        table.add_piece(new_piece(piece_id, piece))
    for model_id, model in data["models"].items():
        table.add_model(new_model(model_id, model))
    for objective_id, spot in data["objectives"].items():
        table.objectives[objective_id] = (float(spot[0]), float(spot[1]))
    return table


def table_of(state: SkirmishState) -> Table:
    """The state's geometry, built on first use, with the weather's limits."""
    if state.table is None:
        state.table = build_table(_data(state))
        weather.named(schema.bundled()[schema.WEATHER_FILE], state.weather).limit(state.table)
    return state.table


def _data(state: SkirmishState) -> dict[str, Any]:
    return {
        "width": state.width,
        "height": state.height,
        "options": state.options,
        "pieces": state.pieces,
        "models": state.models,
        "objectives": state.objectives,
    }


def clearance(state: SkirmishState | Mapping[str, Any], table: Table) -> float:
    """How far new or moved terrain keeps from other pieces, edges and objectives."""
    options = state.options if isinstance(state, SkirmishState) else state["options"]
    return float(table.spec.deployment.terrain_spacing) if options.get(SPACING) == "enforce" else 0.0


def zone_edge(options: Mapping[str, Any], seat: int) -> deployment.Edge | None:
    """The edge `seat` deploys along on a freely laid-out table, or None when
    warriors are placed anywhere."""
    return EDGES[seat] if options.get(DEPLOYMENT, "free") != "free" else None


def zone_of(state: SkirmishState, seat: int) -> tuple[deployment.Edge, deployment.Deployment] | None:
    """Where `seat`'s warriors deploy: the edge and the kind of zone (the book's
    preparation: the edge chosen in step 7 and the side's mission's deployment;
    a freely laid-out table: the options'), or None for anywhere."""
    edge, kind = state.edges[seat], state.deployments[seat]
    if edge is not None and kind is not None:
        return deployment.edge_named(edge), deployment.deployment_named(kind)
    free = zone_edge(state.options, seat)
    if free is None:
        return None
    return free, deployment.deployment_named(state.options[DEPLOYMENT])


def terrain_budget(options: Mapping[str, Any]) -> int | None:
    """Terrain points each player may spend (terrain.yaml), or None when the
    pieces cost nothing (the basic rules)."""
    return schema.terrain_data().points_per_player if options.get(RULESET) == "terrain" else None


def terrain_points(state: SkirmishState | Mapping[str, Any], seat: int) -> int:
    """Terrain points of the pieces `seat` placed."""
    pieces = state.pieces if isinstance(state, SkirmishState) else state["pieces"]
    catalogue = kinds()
    return sum(catalogue[p["kind"]].cost for p in pieces.values() if p.get("owner") == seat)


def scenarios() -> dict[str, Layout]:
    """The bundled table layouts (data/skirmish/scenarios) by file name."""
    return {
        PurePosixPath(name).stem: layout for name, layout in sorted(schema.bundled().matching(schema.SCENARIOS).items())
    }


# -- reasons ---------------------------------------------------------------------------------
