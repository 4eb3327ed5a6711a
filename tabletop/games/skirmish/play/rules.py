"""Eden skirmish (Taban, 2009): the table rules.

Two players lay out a table together, then take turns moving their warriors on it.
The geometry (placement, sight, movement, measuring) lives in the modules beside
this one; these rules only decide who may do what to the table, and keep the log
exact. docs/rules/skirmish.md lists each rule beside its test.

Phases:

- "layout": the players take turns (`end_turn` passes). On a turn a player may
  add, move, turn or remove any terrain piece, and add, move or remove warriors of
  their own side. Terrain may not overlap other terrain, the table edge or warriors
  that may not stand on it; with the spacing option "enforce" it also keeps 5 cm
  from other pieces, the edges and objectives (with "warn" the view only marks
  pieces that are too close). Under the terrain rules each player's own pieces cost
  at most the terrain points of terrain.yaml (8). A warrior stands anywhere its base fits, or, with a
  deployment option, wholly inside its side's zone. `ready` says the table suits
  the player and passes the turn; when both are ready play begins with the player
  who was chosen to begin. Any change to the table takes back both players' ready.
- "play": the player to act moves their own warriors, each at most once a turn,
  along a path of straight segments that is checked exactly (the base never
  overlaps anything it may not cross, the cost stays within the 10 cm allowance,
  and the move does not end in contact with an enemy); a warrior in contact with
  an enemy cannot simply walk away. `end_turn` passes the turn (and cannot be
  taken back). Combat, cards and rounds come on top of this.

The moves are declared once in `MOVES` (tabletop.engine.moves), each with the
phases that allow it and its parameters. Every length is a millimetre on the
table, a float rounded to 0.1 mm in actions so the log replays exactly (a
`Position` is a tuple of two such floats); rotations are degrees, clockwise,
rounded to 0.1. The player colours and the options come from
data/skirmish/players.yaml.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.engine.core import Action, Event, IllegalAction, OptionSpec, Result, Setup, Step
from tabletop.engine.moves import Move, Moves
from tabletop.engine.rules import GameRules
from tabletop.games import registry
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.state import (
    LAYOUT,
    MAX_PATH_POINTS,
    PLAY,
    SkirmishState,
    clearance,
    hex_colour,
    kinds,
    new_model,
    new_piece,
    scenarios,
    snap,
    snap_angle,
    snap_point,
    table_of,
    terrain_budget,
    terrain_points,
    zone_edge,
)
from tabletop.games.skirmish.play.views import SkirmishPlayerView, player_view
from tabletop.games.skirmish.schema import (
    DEPLOYMENT,
    DOUBLE_COST,
    RULESET,
    SPACING,
    START,
    TABLE,
    WARRIORS,
    Layout,
)
from tabletop.games.skirmish.summary import SUMMARY
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.i18n import N_, Message


def _illegal(text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Message(text, params))


def _number(value: float, name: str, low: float = -10_000.0, high: float = 10_000.0) -> float:
    """A number parameter (a rotation, a base) checked: finite, in range, to a tenth."""
    if not math.isfinite(value):
        raise _illegal(N_("The move lacks a number for {name}."), name=name)
    if not low <= value <= high:
        raise _illegal(N_("{name} is out of range."), name=name)
    if snap(value) != value:
        raise _illegal(N_("{name} must be given to a tenth."), name=name)
    return value


def _point(value: Position, name: str) -> Point:
    """A position parameter checked: finite, near the table, to a tenth of a millimetre."""
    for v in value:
        if not math.isfinite(v) or abs(v) > 10_000:
            raise _illegal(N_("The move lacks a point for {name}."), name=name)
        if snap(v) != v:
            raise _illegal(N_("{name} must be given to a tenth of a millimetre."), name=name)
    return value


def _blocker_reason(table: Table, owner: str, what: str) -> IllegalAction:
    """Why a base or piece may not go where it would overlap `owner`."""
    if owner == "edge":
        return _illegal(N_("The {what} would reach over the table edge."), what=what)
    if owner in table.models:
        return _illegal(N_("The {what} would overlap a warrior."), what=what)
    if owner in table.pieces:
        return _illegal(N_("The {what} would overlap a terrain piece."), what=what)
    return _illegal(N_("The {what} would cover a mission objective."), what=what)


# -- the moves ---------------------------------------------------------------------------------

#: a position on the table: x and y in millimetres from the top left corner, as
#: floats given to 0.1 mm (the screen snaps what it sends; an int is refused)
Position = tuple[float, float]
#: the corners of a moved path, from where the warrior stands to where it stops
Corners = tuple[Position, ...]

ADD_PIECE = Move(
    "add_piece",
    N_("Place a new terrain piece of a kind at a position, turned clockwise by a rotation in degrees."),
    phases=(LAYOUT,),
    terrain=str,
    at=Position,
    rotation=float,
)
PLACE_PIECE = Move(
    "place_piece",
    N_("Move or turn a terrain piece already on the table."),
    phases=(LAYOUT,),
    piece=str,
    at=Position,
    rotation=float,
)
REMOVE_PIECE = Move("remove_piece", N_("Take a terrain piece off the table."), phases=(LAYOUT,), piece=str)
ADD_MODEL = Move(
    "add_model",
    N_("Place a new warrior of your side on a base of a size (mm) at a position."),
    phases=(LAYOUT,),
    base=float,
    at=Position,
)
PLACE_MODEL = Move(
    "place_model", N_("Put one of your warriors somewhere else."), phases=(LAYOUT,), model=str, at=Position
)
REMOVE_MODEL = Move("remove_model", N_("Take one of your warriors off the table."), phases=(LAYOUT,), model=str)
READY = Move("ready", N_("Say the table suits you and pass it on; play begins when both are ready."), phases=(LAYOUT,))
MOVE_MODEL = Move(
    "move",
    N_("Move one of your warriors along a path of straight segments, at most once a turn."),
    phases=(PLAY,),
    model=str,
    path=Corners,
)
END_TURN = Move("end_turn", N_("Pass the table on, or end your turn in play."), phases=(LAYOUT, PLAY))
MOVES = Moves(
    ADD_PIECE,
    PLACE_PIECE,
    REMOVE_PIECE,
    ADD_MODEL,
    PLACE_MODEL,
    REMOVE_MODEL,
    READY,
    MOVE_MODEL,
    END_TURN,
    phase_of=lambda state: state.phase,
    not_now={
        LAYOUT: N_("Warriors move along paths once play has begun; now place them."),
        PLAY: N_("The table is laid out: play has begun."),
    },
)

# -- the rules ---------------------------------------------------------------------------------


class SkirmishRules(GameRules):
    """The skirmish table; state: SkirmishState. See the module docstring."""

    id = "skirmish"
    version = 1
    title = registry.title("skirmish")
    summary = SUMMARY
    description = N_("Lay out terrain and warriors, measure, check sight and move through the gaps.")
    min_players = 2
    max_players = 2
    players_choose_first = True
    random_play_step_limit = 120
    has_secrets = False
    uses_dice = False
    dataset = schema.DATASET
    moves = MOVES

    # -- set-up -----------------------------------------------------------------------

    @functools.cached_property
    def _colours(self) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
        return schema.colours(schema.bundled())

    @functools.cached_property
    def _options(self) -> tuple[OptionSpec, ...]:
        return schema.option_specs(schema.bundled())

    def colours(self) -> tuple[tuple[str, str, tuple[int, int, int]], ...]:
        """The player colours of players.yaml (labels English, translated where shown)."""
        return self._colours

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The table to start from (the scenarios, then an empty table) and the
        options of players.yaml."""
        return self._options

    def new_state(self, setup: Setup) -> SkirmishState:
        options = {**self.default_options(), **dict(setup.options)}
        size = float(options[TABLE])
        rgb = {key: value for key, _label, value in self.colours()}
        state = SkirmishState(
            width=size,
            height=size,
            options={k: options[k] for k in (RULESET, DOUBLE_COST, DEPLOYMENT, SPACING)},
            colours=[hex_colour(rgb.get(p.colour, (128, 128, 128))) for p in setup.players],
            first=setup.first,
            turn=setup.first,
        )
        layout = scenarios().get(options[START])
        if layout is not None:
            self._lay_out(state, layout, bool(options[WARRIORS]))
        return state

    @staticmethod
    def _lay_out(state: SkirmishState, layout: Layout, warriors: bool) -> None:
        """Put a layout on the table, centred when the table is larger."""
        dx = max(0.0, (state.width - layout.table.width) / 2)
        dy = max(0.0, (state.height - layout.table.height) / 2)
        state.width = max(state.width, layout.table.width)
        state.height = max(state.height, layout.table.height)
        for piece in layout.terrain:
            state.pieces[piece.id] = {
                "kind": piece.kind,
                "position": [snap(piece.position[0] + dx), snap(piece.position[1] + dy)],
                "rotation": snap_angle(piece.rotation),
                "footprint": [list(v) for v in piece.footprint] if piece.footprint else None,
                "burning": piece.burning,
                "owner": None,
            }
        if warriors:
            numbers = [0, 0]
            for model in layout.models:
                numbers[model.side] += 1
                state.models[model.id] = {
                    "base": float(model.base),
                    "position": [snap(model.position[0] + dx), snap(model.position[1] + dy)],
                    "side": model.side,
                    "colour": model.colour,
                    "name": model.name,
                    "number": numbers[model.side],
                }
        for objective in layout.objectives:
            state.objectives[objective.id] = [snap(objective.position[0] + dx), snap(objective.position[1] + dy)]

    # -- whose move ----------------------------------------------------------------------

    def actor(self, state: SkirmishState) -> int | None:
        return state.turn

    def secret_holder(self, state: SkirmishState) -> int | None:
        return None

    def result(self, state: SkirmishState) -> Result | None:
        return None

    # -- checks ----------------------------------------------------------------------------

    @READY.check
    def _check_ready(self, state: SkirmishState) -> None:
        if not any(m["side"] == state.turn for m in state.models.values()):
            raise _illegal(N_("Place at least one of your warriors before you are ready."))

    def _piece_at(self, state: SkirmishState, piece: TerrainPiece, at: Point, rotation: float) -> None:
        table = table_of(state)
        overlaps = table.piece_overlaps(piece, at, rotation, 0.0)
        if overlaps:
            raise _blocker_reason(table, overlaps[0], N_("terrain piece"))
        spacing = clearance(state, table)
        if spacing and table.piece_overlaps(piece, at, rotation, spacing):
            raise _illegal(
                N_("Terrain pieces keep {spacing:g} cm from each other, the table edges and objectives."),
                spacing=spacing / 10,
            )

    @ADD_PIECE.check
    def _check_add_piece(self, state: SkirmishState, terrain: str, at: Position, rotation: float) -> None:
        kind = kinds().get(terrain)
        if kind is None:
            raise _illegal(N_("There is no such terrain."))
        at = _point(at, "at")
        rotation = _number(rotation, "rotation", 0.0, 359.9)
        budget = terrain_budget(state.options)
        if budget is not None and terrain_points(state, state.turn) + kind.cost > budget:
            raise _illegal(
                N_("That piece costs {cost} terrain points; you have {left} of {total} left."),
                cost=kind.cost,
                left=budget - terrain_points(state, state.turn),
                total=budget,
            )
        self._piece_at(state, TerrainPiece("", kind, at, rotation), at, rotation)

    @staticmethod
    def _existing_piece(state: SkirmishState, piece_id: str) -> TerrainPiece:
        if piece_id not in state.pieces:
            raise _illegal(N_("There is no such terrain piece."))
        return table_of(state).pieces[piece_id]

    @PLACE_PIECE.check
    def _check_place_piece(self, state: SkirmishState, piece: str, at: Position, rotation: float) -> None:
        placed = self._existing_piece(state, piece)
        at = _point(at, "at")
        rotation = _number(rotation, "rotation", 0.0, 359.9)
        if at == placed.position and rotation == placed.rotation:
            raise _illegal(N_("The piece is already there."))
        self._piece_at(state, placed, at, rotation)

    @REMOVE_PIECE.check
    def _check_remove_piece(self, state: SkirmishState, piece: str) -> None:
        self._existing_piece(state, piece)

    def _model_at(self, state: SkirmishState, radius: float, at: Point, ignore: Sequence[str] = ()) -> None:
        table = table_of(state)
        overlaps = table.model_overlaps(radius, at, ignore)
        if overlaps:
            raise _blocker_reason(table, overlaps[0], N_("base"))
        edge = zone_edge(state.options, state.turn)
        if edge is not None and not deployment.in_zone(table, edge, state.options[DEPLOYMENT], at, radius):
            raise _illegal(N_("Your warriors deploy wholly inside your zone."))

    @ADD_MODEL.check
    def _check_add_model(self, state: SkirmishState, base: float, at: Position) -> None:
        base = _number(base, "base", 1.0)
        if base not in table_of(state).spec.bases:
            raise _illegal(N_("There are no bases of {base:g} mm."), base=base)
        self._model_at(state, base / 2, _point(at, "at"))

    @staticmethod
    def _own_model(state: SkirmishState, model_id: str) -> dict[str, Any]:
        model = state.models.get(model_id)
        if model is None:
            raise _illegal(N_("There is no such warrior."))
        if model["side"] != state.turn:
            raise _illegal(N_("That warrior belongs to the other player."))
        return model

    @PLACE_MODEL.check
    def _check_place_model(self, state: SkirmishState, model: str, at: Position) -> None:
        entry = self._own_model(state, model)
        at = _point(at, "at")
        if list(at) == entry["position"]:
            raise _illegal(N_("The warrior is already there."))
        self._model_at(state, entry["base"] / 2, at, (model,))

    @REMOVE_MODEL.check
    def _check_remove_model(self, state: SkirmishState, model: str) -> None:
        self._own_model(state, model)

    @MOVE_MODEL.check
    def _check_move(self, state: SkirmishState, model: str, path: Corners) -> None:
        entry = self._own_model(state, model)
        if model in state.moved:
            raise _illegal(N_("That warrior has already moved this turn."))
        if not 2 <= len(path) <= MAX_PATH_POINTS:
            raise _illegal(N_("A move needs a path of 2 to {most} points."), most=MAX_PATH_POINTS)
        points = [_point(p, "path") for p in path]
        if list(points[0]) != entry["position"]:
            raise _illegal(N_("A path starts where the warrior stands."))
        table = table_of(state)
        if table.engaged(model):
            raise _illegal(N_("A warrior in contact with an enemy cannot simply walk away."))
        check = movement.check_path(table, model, points)
        if check.blocked_by is not None:
            raise _blocker_reason(table, check.blocked_by, N_("base"))
        if check.over_allowance:
            raise _illegal(
                N_("The path costs {cost:.1f} cm; a move may cost {allowance:g} cm."),
                cost=check.cost / 10,
                allowance=table.allowance / 10,
            )
        if not movement.move_may_end(table, model, points[-1]):
            raise _illegal(N_("A move may not end in contact with an enemy."))

    # -- carrying out --------------------------------------------------------------------------

    @staticmethod
    def _layout_changed(state: SkirmishState) -> Table:
        """Any change to the laid-out table takes back both players' ready; the geometry."""
        state.ready = [False] * len(state.ready)
        return table_of(state)

    @ADD_PIECE.apply
    def _add_piece(self, state: SkirmishState, terrain: str, at: Position, rotation: float) -> Step:
        table = self._layout_changed(state)
        seat = state.turn
        piece_id = self._new_id(state, "t")
        entry = {
            "kind": terrain,
            "position": list(at),
            "rotation": rotation,
            "footprint": None,
            "burning": False,
            "owner": seat,
        }
        state.pieces[piece_id] = entry
        table.add_piece(new_piece(piece_id, entry))
        message = Message(N_("{player} places {terrain}."), {"player": seat, "terrain": kinds()[terrain].name})
        return Step([Event(message, kind="place_piece", data={"piece": piece_id})])

    @PLACE_PIECE.apply
    def _place_piece(self, state: SkirmishState, piece: str, at: Position, rotation: float) -> Step:
        table = self._layout_changed(state)
        entry = state.pieces[piece]
        entry["position"] = list(at)
        entry["rotation"] = rotation
        table.place_piece(piece, at, rotation)
        message = Message(
            N_("{player} moves {terrain}."), {"player": state.turn, "terrain": kinds()[entry["kind"]].name}
        )
        return Step([Event(message, kind="place_piece", data={"piece": piece})])

    @REMOVE_PIECE.apply
    def _remove_piece(self, state: SkirmishState, piece: str) -> Step:
        table = self._layout_changed(state)
        entry = state.pieces.pop(piece)
        table.remove_piece(piece)
        message = Message(
            N_("{player} removes {terrain}."), {"player": state.turn, "terrain": kinds()[entry["kind"]].name}
        )
        return Step([Event(message)])

    @ADD_MODEL.apply
    def _add_model(self, state: SkirmishState, base: float, at: Position) -> Step:
        table = self._layout_changed(state)
        seat = state.turn
        model_id = self._new_id(state, "w")
        number = 1 + max((m["number"] for m in state.models.values() if m["side"] == seat), default=0)
        entry = {
            "base": base,
            "position": list(at),
            "side": seat,
            "colour": state.colours[seat],
            "name": "",
            "number": number,
        }
        state.models[model_id] = entry
        table.add_model(new_model(model_id, entry))
        message = self._about(N_("{player} places {name}."), N_("{player} places warrior {number}."), seat, entry)
        return Step([Event(message, kind="place_model", data={"model": model_id})])

    @PLACE_MODEL.apply
    def _place_model(self, state: SkirmishState, model: str, at: Position) -> Step:
        table = self._layout_changed(state)
        entry = state.models[model]
        entry["position"] = list(at)
        table.move_model(model, at)
        message = self._about(
            N_("{player} puts {name} elsewhere."), N_("{player} puts warrior {number} elsewhere."), state.turn, entry
        )
        return Step([Event(message, kind="place_model", data={"model": model})])

    @REMOVE_MODEL.apply
    def _remove_model(self, state: SkirmishState, model: str) -> Step:
        table = self._layout_changed(state)
        entry = state.models.pop(model)
        table.remove_model(model)
        message = self._about(
            N_("{player} takes {name} off the table."),
            N_("{player} takes warrior {number} off the table."),
            state.turn,
            entry,
        )
        return Step([Event(message)])

    @staticmethod
    def _about(named: str, numbered: str, seat: int, model: Mapping[str, Any], **params: Any) -> Message:
        """A message about a warrior: by name when it has one, else by number."""
        if model.get("name"):
            return Message(named, {"player": seat, "name": model["name"], **params})
        return Message(numbered, {"player": seat, "number": model["number"], **params})

    @staticmethod
    def _new_id(state: SkirmishState, prefix: str) -> str:
        while True:
            state.serial += 1
            candidate = f"{prefix}{state.serial}"
            if candidate not in state.pieces and candidate not in state.models and candidate not in state.objectives:
                return candidate

    @END_TURN.apply
    def _end_turn(self, state: SkirmishState) -> Step:
        seat = state.turn
        state.turn = 1 - seat
        state.moved = []
        if state.phase == PLAY:
            state.turns += 1
            return Step([Event(Message(N_("{player} ends the turn."), {"player": seat}))], commits=True)
        return Step([Event(Message(N_("{player} passes the table on."), {"player": seat}))])

    @READY.apply
    def _ready(self, state: SkirmishState) -> Step:
        seat = state.turn
        state.ready[seat] = True
        events = [Event(Message(N_("{player} is ready to play."), {"player": seat}))]
        if all(state.ready):
            state.phase = PLAY
            state.turn = state.first
            state.moved = []
            events.append(
                Event(Message(N_("Play begins: {player} moves first."), {"player": state.first}), kind="play")
            )
            return Step(events, commits=True)
        state.turn = 1 - seat
        return Step(events)

    @MOVE_MODEL.apply
    def _move(self, state: SkirmishState, model: str, path: Corners) -> Step:
        table = table_of(state)
        seat = state.turn
        length, cost = movement.path_cost(table, path)
        entry = state.models[model]
        entry["position"] = list(path[-1])
        table.move_model(model, path[-1])
        state.moved.append(model)
        if cost > length + 0.05:
            message = self._about(
                N_("{player} moves {name} by {distance:.1f} cm (counting {cost:.1f} cm)."),
                N_("{player} moves warrior {number} by {distance:.1f} cm (counting {cost:.1f} cm)."),
                seat,
                entry,
                distance=length / 10,
                cost=cost / 10,
            )
        else:
            message = self._about(
                N_("{player} moves {name} by {distance:.1f} cm."),
                N_("{player} moves warrior {number} by {distance:.1f} cm."),
                seat,
                entry,
                distance=length / 10,
            )
        return Step([Event(message, kind="move", data={"model": model, "path": [list(p) for p in path]})])

    # -- the sample of legal moves ----------------------------------------------------------------

    def legal_actions(self, state: SkirmishState) -> list[Action]:
        """A fair finite sample: in the layout, ready and pass, pieces and warriors
        added at a few free spots, one moved and one removed; in play, moves of
        the warriors that may still move to a few reachable points, and end turn.
        `check` is the authority for every other position."""
        found = [END_TURN.action()]
        if state.phase == PLAY:
            found += self._sample_moves(state)
            return found
        for action in [READY.action()] + self._sample_layout(state):
            if self._passes(state, action):
                found.append(action)
        return found

    def _passes(self, state: SkirmishState, action: Action) -> bool:
        try:
            self.check(state, action)
        except IllegalAction:
            return False
        return True

    def _sample_layout(self, state: SkirmishState) -> list[Action]:
        table = table_of(state)
        seat = state.turn
        rng = random.Random(state.serial * 7919 + len(state.pieces) * 31 + len(state.models))
        spots = [snap_point((rng.uniform(0, table.width), rng.uniform(0, table.height))) for _ in range(4)]
        catalogue = list(kinds().values())
        spacing = clearance(state, table)
        found: list[Action] = []
        # terrain where it fits as it is (the nearest free spot can be slow to find
        # for a large piece on a crowded table)
        for spot in spots[:3]:
            kind = catalogue[rng.randrange(len(catalogue))]
            rotation = snap_angle(rng.choice((0, 30, 45, 90, 135)))
            if table.piece_fits(TerrainPiece("", kind, spot, rotation), spot, rotation, spacing):
                found.append(ADD_PIECE.action(terrain=kind.key, at=spot, rotation=rotation))
        if table.pieces:
            piece = table.pieces[list(table.pieces)[rng.randrange(len(table.pieces))]]
            rotation = snap_angle(piece.rotation + rng.choice((0, 45, 90)))
            if table.piece_fits(piece, spots[3], rotation, spacing):
                found.append(PLACE_PIECE.action(piece=piece.id, at=spots[3], rotation=rotation))
            found.append(REMOVE_PIECE.action(piece=list(table.pieces)[-1]))
        edge = zone_edge(state.options, seat)
        bases = table.spec.bases
        for spot in spots[1:3]:
            base = float(bases[rng.randrange(len(bases))])
            at = table.nearest_model_position(base / 2, _into_zone(table, edge, spot) if edge else spot)
            if at is not None:
                found.append(ADD_MODEL.action(base=base, at=snap_point(at)))
        own = [m for m in table.models.values() if m.side == seat]
        if own:
            model = own[rng.randrange(len(own))]
            spot = _into_zone(table, edge, spots[0]) if edge else spots[0]
            at = table.nearest_model_position(model.radius, spot, ignore=(model.id,))
            if at is not None:
                found.append(PLACE_MODEL.action(model=model.id, at=snap_point(at)))
            found.append(REMOVE_MODEL.action(model=own[-1].id))
        return found

    def _sample_moves(self, state: SkirmishState) -> list[Action]:
        table = table_of(state)
        seat = state.turn
        free = [
            m for m in table.models.values() if m.side == seat and m.id not in state.moved and not table.engaged(m.id)
        ]
        found: list[Action] = []
        reach = table.allowance * 0.6
        for index, model in enumerate(free[:4]):
            x, y = model.position
            for k in range(3):
                angle = 2 * math.pi * (k / 3 + index / 7 + state.turns / 11)
                goal = snap_point((x + reach * math.cos(angle), y + reach * math.sin(angle)))
                action = MOVE_MODEL.action(model=model.id, path=((x, y), goal))
                if self._passes(state, action):
                    found.append(action)
        if free:
            # one move round something, so random play also walks bent paths
            model = free[state.turns % len(free)]
            x, y = model.position
            angle = 2 * math.pi * (state.turns / 5)
            path = movement.shortest_path(table, model.id, (x + 85 * math.cos(angle), y + 85 * math.sin(angle)))
            points = settle_path(table, model.id, path.points) if path is not None else None
            if points is not None:
                action = MOVE_MODEL.action(model=model.id, path=points)
                if action not in found and self._passes(state, action):
                    found.append(action)
        return found

    # -- words -----------------------------------------------------------------------------------

    def describe(self, state: SkirmishState, action: Action) -> Message:
        kind = action.kind
        if kind == END_TURN.kind:
            return Message(N_("End the turn") if state.phase == PLAY else N_("Pass the table on"))
        if kind == READY.kind:
            return Message(N_("Ready to play"))
        if kind == ADD_PIECE.kind:
            catalogue = kinds()
            name = catalogue[action["terrain"]].name if action.get("terrain") in catalogue else "?"
            return Message(
                N_("Place {terrain} at {x:.1f}, {y:.1f} cm"),
                {"terrain": name, "x": action["at"][0] / 10, "y": action["at"][1] / 10},
            )
        if kind == PLACE_PIECE.kind:
            return Message(
                N_("Move a terrain piece to {x:.1f}, {y:.1f} cm"),
                {"x": action["at"][0] / 10, "y": action["at"][1] / 10},
            )
        if kind == REMOVE_PIECE.kind:
            return Message(N_("Remove a terrain piece"))
        if kind == ADD_MODEL.kind:
            return Message(
                N_("Place a warrior on a {base:g} mm base at {x:.1f}, {y:.1f} cm"),
                {"base": action["base"], "x": action["at"][0] / 10, "y": action["at"][1] / 10},
            )
        if kind == PLACE_MODEL.kind:
            return Message(
                N_("Put a warrior at {x:.1f}, {y:.1f} cm"), {"x": action["at"][0] / 10, "y": action["at"][1] / 10}
            )
        if kind == REMOVE_MODEL.kind:
            return Message(N_("Take a warrior off the table"))
        if kind == MOVE_MODEL.kind:
            end = action["path"][-1]
            return Message(N_("Move a warrior to {x:.1f}, {y:.1f} cm"), {"x": end[0] / 10, "y": end[1] / 10})
        return Message(kind)

    # -- information -----------------------------------------------------------------------------

    def encode(self, state: SkirmishState) -> dict[str, Any]:
        return {
            "width": state.width,
            "height": state.height,
            "options": dict(state.options),
            "colours": list(state.colours),
            "first": state.first,
            "turn": state.turn,
            "phase": state.phase,
            "turns": state.turns,
            "ready": list(state.ready),
            "pieces": {k: _copied(v) for k, v in state.pieces.items()},
            "models": {k: _copied(v) for k, v in state.models.items()},
            "objectives": {k: list(v) for k, v in state.objectives.items()},
            "moved": list(state.moved),
            "serial": state.serial,
        }

    def view(self, state: SkirmishState, seat: int | None) -> SkirmishPlayerView:
        """Everything (nothing is hidden), with what the screen shows beside the table."""
        return player_view(state, seat)

    def copy_state(self, state: SkirmishState) -> SkirmishState:
        """A copy without the derived geometry (rebuilt on first use)."""
        data = self.encode(state)
        return SkirmishState(
            width=data["width"],
            height=data["height"],
            options=data["options"],
            colours=data["colours"],
            first=data["first"],
            turn=data["turn"],
            phase=data["phase"],
            turns=data["turns"],
            ready=data["ready"],
            pieces=data["pieces"],
            models=data["models"],
            objectives=data["objectives"],
            moved=data["moved"],
            serial=data["serial"],
        )

    def perturb_secrets(self, state: SkirmishState, seat: int, rng: random.Random) -> None:
        return None

    def check_invariants(self, state: SkirmishState) -> None:
        table = table_of(state)
        assert list(table.pieces) == list(state.pieces), "the geometry's pieces differ from the state's"
        assert list(table.models) == list(state.models), "the geometry's warriors differ from the state's"
        for model_id, model in state.models.items():
            assert table.models[model_id].position == tuple(model["position"]), f"{model_id} stands elsewhere"
            assert table.model_fits(model["base"] / 2, tuple(model["position"]), (model_id,)), f"{model_id} overlaps"
        for piece_id, piece in state.pieces.items():
            placed = table.pieces[piece_id]
            assert placed.position == tuple(piece["position"]) and placed.rotation == piece["rotation"], (
                f"{piece_id} moved"
            )
        assert set(state.moved) <= set(state.models), "a moved warrior is gone"
        assert state.phase in (LAYOUT, PLAY) and state.turn in (0, 1)


def _copied(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {
        k: ([list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value)
        for k, value in entry.items()
    }


def _into_zone(table: Table, edge: deployment.Edge, spot: Point) -> Point:
    """A spot moved into the band along `edge` where zones lie (for the sample)."""
    x, y = spot
    depth = table.height / 8
    if edge == "top":
        return (x, depth)
    if edge == "bottom":
        return (x, table.height - depth)
    if edge == "left":
        return (depth, y)
    return (table.width - depth, y)


# -- rounding positions for the log -------------------------------------------------------------

#: offsets on the 0.1 mm grid tried when a rounded point does not fit, nearest first
_NUDGES = sorted(
    ((dx / 10, dy / 10) for dx in range(-3, 4) for dy in range(-3, 4)), key=lambda d: (d[0] ** 2 + d[1] ** 2, d)
)


def settle_point(fits: Callable[[Point], bool], point: Sequence[float]) -> Point | None:
    """The point of the 0.1 mm grid nearest to `point` at which `fits` holds (at
    most 0.3 mm away), or None."""
    base = snap_point(point)
    for dx, dy in _NUDGES:
        candidate = (snap(base[0] + dx), snap(base[1] + dy))
        if fits(candidate):
            return candidate
    return None


def settle_path(table: Table, model_id: str, points: Sequence[Sequence[float]]) -> tuple[Point, ...] | None:
    """A path on the 0.1 mm grid close to `points` (which start at the model) that
    still passes `movement.check_path`, or None. Corners found by the geometry lie
    on or a hair outside obstacles, so rounding them may cut a corner: each corner
    goes to the grid point (at most 0.3 mm away) that keeps the way clear and makes
    the path cheapest there; the end goes to the nearest grid point where the way
    stays clear. A warrior leaving terrain it stands in is checked as a whole path
    (see movement.check_path)."""
    model = table.models[model_id]
    start = model.position
    grown = table.grown(model.radius)
    query = grown.model_filter(model_id)
    leaving = table.standing_in(model_id)
    settled: list[Point] = [start]
    raw = [(float(p[0]), float(p[1])) for p in points[1:]]
    for index, point in enumerate(raw):
        following = raw[index + 1] if index + 1 < len(raw) else None

        def clear(candidate: Point, *, following: Point | None = following) -> bool:
            if leaving:
                tail = [candidate] if following is None else [candidate, following]
                return movement.check_path(table, model_id, settled + tail, allowance=math.inf).ok
            if (
                grown.blocked_at(candidate, query) is not None
                or grown.first_hit(settled[-1], candidate, query) is not None
            ):
                return False
            return following is None or grown.first_hit(candidate, following, query) is None

        if following is None:
            found = settle_point(clear, point)
        else:
            base = snap_point(point)
            candidates = [(snap(base[0] + dx), snap(base[1] + dy)) for dx, dy in _NUDGES]
            candidates.sort(key=lambda c: movement.path_cost(table, (settled[-1], c, following))[1])
            found = next((c for c in candidates if clear(c)), None)
        if found is None:
            return None
        if found != settled[-1]:
            settled.append(found)
    if len(settled) < 2 or not movement.check_path(table, model_id, settled).ok:
        return None
    return tuple(settled)


RULES = SkirmishRules()
