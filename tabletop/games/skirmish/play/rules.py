"""Eden skirmish (Taban, 2009): the rules of play.

Two players lay out a table together (play/laying_out.py), then play round after
round (play/rounds.py): in each round's activation phase the sides name their
warriors by GES and the warrior activated acts (play/activation.py); the end phase
follows (play/rounds.py). The moves are declared once in play/moves.py. The
geometry (placement, sight, movement, measuring) lives in the table package;
these rules decide who may do what to the table, and keep the log exact.
docs/rules/skirmish.md lists each rule beside its test.

Each side's warriors are starter warriors of warriors.yaml: the table's layout's
(standing where it puts them) or a unit its player built (play/units.py), which
the set-up holds in full (a unit file edited or deleted later changes no game),
as the new-game screen chooses for each player; every warrior takes its player's
colour. The player colours and the options come from data/skirmish/players.yaml.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, IllegalAction, OptionSpec, Result, Setup, Step
from tabletop.engine.rules import GameRules
from tabletop.games import registry
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.card_schema import MARKERS
from tabletop.games.skirmish.play import (
    abilities,
    activation,
    combat,
    deployment,
    hostile,
    laying_out,
    limits,
    rounds,
    units,
)
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.moves import (
    ADD_MODEL,
    ADD_PIECE,
    DONE,
    END_TURN,
    MOVE_MODEL,
    MOVES,
    NAME,
    PASS,
    PLACE_MODEL,
    PLACE_PIECE,
    RAGE,
    READY,
    REMOVE_MODEL,
    REMOVE_PIECE,
)
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    END,
    LAYOUT,
    NAMING,
    PLAY_PHASES,
    SkirmishState,
    clearance,
    hex_colour,
    kinds,
    scenarios,
    snap,
    snap_angle,
    snap_point,
    table_of,
    zone_edge,
)
from tabletop.games.skirmish.play.views import SkirmishPlayerView, player_view
from tabletop.games.skirmish.play.warriors import card, card_warrior, new_entry
from tabletop.games.skirmish.schema import (
    DEPLOYMENT,
    DOUBLE_COST,
    LAYOUT_UNIT,
    POINTS,
    RULEBOOK,
    RULESET,
    SPACING,
    START,
    TABLE,
    UNITS,
    Layout,
)
from tabletop.games.skirmish.summary import SUMMARY
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.games.skirmish.unit_schema import DEFAULT_LIMIT
from tabletop.i18n import N_, Message

assert abilities and activation and combat and laying_out  # their moves' checks and changes are registered on import


def unit_of(value: Any, points: Any) -> units.Unit:
    """The unit a set-up holds for a player; IllegalAction says why it cannot be
    played: not a unit, a rule it breaks, or more points than the game allows."""
    try:
        unit = units.Unit.from_setup(value)
    except ValueError:
        raise IllegalAction(Message(N_("A player's unit is not one the game can read."))) from None
    fault = next(iter(units.faults(unit, starter_set())), None)
    if fault is not None:
        raise IllegalAction(Message(N_("{unit}: {reason}"), {"unit": unit.name, "reason": fault[1]}))
    too_many = units.within(unit, starter_set(), points if isinstance(points, int) else DEFAULT_LIMIT)
    if too_many is not None:
        raise IllegalAction(too_many)
    return unit


class SkirmishRules(GameRules):
    """The skirmish game; state: SkirmishState. See the module docstring."""

    id = "skirmish"
    # 2: starter warriors on their cards, rounds with activation and the end phase
    # 3: attacks, charges and breaking away (a move begun in contact rolls first)
    # 4: units built by their players, held in full by the set-up, SP from the unit; under the
    #    terrain rules a move wades up to 10 mm into water and ending in hostile terrain wounds
    version = 4
    title = registry.title("skirmish")
    summary = SUMMARY
    description = N_("Build your units, lay out terrain, then fight round after round by the book's activation.")
    min_players = 2
    max_players = 2
    players_choose_first = True
    random_play_step_limit = 120
    has_secrets = False
    uses_dice = True
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

    def default_options(self) -> dict[str, Any]:
        """The options' defaults, and each player playing the layout's warriors."""
        return {**super().default_options(), **dict.fromkeys(UNITS, LAYOUT_UNIT)}

    def check_setup(self, setup: Setup) -> None:
        """The engine's checks, and each player's unit: the layout's warriors, or a
        unit held in full that keeps the rules of a unit and the game's points."""
        for option in UNITS:
            value = setup.options.get(option, LAYOUT_UNIT)
            if value != LAYOUT_UNIT:
                unit_of(value, setup.options.get(POINTS, DEFAULT_LIMIT))
        super().check_setup(
            Setup(setup.players, {k: v for k, v in setup.options.items() if k not in UNITS}, setup.first)
        )

    def new_state(self, setup: Setup) -> SkirmishState:
        options = {**self.default_options(), **dict(setup.options)}
        size = float(options[TABLE])
        rgb = {key: value for key, _label, value in self.colours()}
        state = SkirmishState(
            width=size,
            height=size,
            options={
                **{k: options[k] for k in (RULESET, DOUBLE_COST, DEPLOYMENT, SPACING)},
                # kept only when they differ from the book, so older saves replay as they were
                **{k: options[k] for k, book in RULEBOOK.items() if options[k] != book},
            },
            colours=[hex_colour(rgb.get(p.colour, (128, 128, 128))) for p in setup.players],
            first=setup.first,
            turn=setup.first,
        )
        layout = scenarios().get(options[START])
        # the layout's warriors: the chosen table's, or the default table's when
        # the chosen one has none (they are then placed by their player)
        default = scenarios().get(self.default_options()[START])
        source = layout if layout is not None and layout.models else default
        for side, option in enumerate(UNITS):
            if options[option] == LAYOUT_UNIT:
                state.rosters[side] = [
                    {"warrior": m.warrior, "name": card_warrior(m.warrior).name}
                    for m in (source.models if source else [])
                    if m.side == side
                ]
            else:
                unit = unit_of(options[option], options.get(POINTS, DEFAULT_LIMIT))
                state.units[side] = unit.to_setup()
                state.rosters[side] = [{"warrior": m.card, "name": m.name} for m in unit.warriors]
        if layout is not None:
            self._lay_out(state, layout, tuple(options[option] == LAYOUT_UNIT for option in UNITS))
        return state

    @staticmethod
    def _lay_out(state: SkirmishState, layout: Layout, warriors: tuple[bool, ...]) -> None:
        """Put a layout on the table, centred when the table is larger; its warriors
        for the sides that play them, in their players' colours."""
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
        numbers = [0, 0]
        for model in layout.models:
            if not warriors[model.side]:
                continue
            numbers[model.side] += 1
            at = (snap(model.position[0] + dx), snap(model.position[1] + dy))
            state.models[model.id] = new_entry(
                model.warrior, model.side, at, state.colours[model.side], numbers[model.side]
            )
        for objective in layout.objectives:
            state.objectives[objective.id] = [snap(objective.position[0] + dx), snap(objective.position[1] + dy)]

    # -- whose move ----------------------------------------------------------------------

    def actor(self, state: SkirmishState) -> int | None:
        if hostile.waiting(state):
            return CHANCE
        if state.pending is not None:
            return CHANCE if combat.waiting_for_dice(state) else combat.chooser(state)
        if rounds.waiting_for_dice(state):
            return CHANCE
        return state.turn

    def chance_spec(self, state: SkirmishState) -> ChanceSpec:
        if hostile.waiting(state):
            return hostile.chance_spec(state)
        if state.pending is not None:
            return combat.chance_spec(state)
        return rounds.chance_spec(state)

    def apply_chance(self, state: SkirmishState, outcome: Any) -> Step:
        if hostile.waiting(state):
            return hostile.apply_chance(state, outcome)
        if state.pending is not None:
            return combat.apply_chance(state, outcome)
        return rounds.apply_chance(state, outcome)

    def secret_holder(self, state: SkirmishState) -> int | None:
        return None

    def result(self, state: SkirmishState) -> Result | None:
        return None

    # -- the sample of legal moves ----------------------------------------------------------------

    def legal_actions(self, state: SkirmishState) -> list[Action]:
        """A fair finite sample: in the layout, ready and pass, pieces and warriors
        added at a few free spots, one moved and one removed; while naming, every
        warrior that may be named and the pass; the active warrior's moves to a few
        reachable points and the end of its activation; in the end phase the rage
        choices. `check` is the authority for every other position."""
        if hostile.waiting(state):
            return []
        if state.pending is not None:
            return combat.choices(state)
        if state.phase == NAMING:
            found = [NAME.action(model=m) for m in rounds.to_activate(state, state.turn)]
            found.append(PASS.action())
            return [action for action in found if self._passes(state, action)]
        if state.phase == ACTIVATION:
            attacks = [action for action in combat.sample(state) if self._passes(state, action)]
            used = [action for action in abilities.sample(state) if self._passes(state, action)]
            return [DONE.action()] + self._sample_moves(state) + attacks + used
        if state.phase == END:
            queue = state.end.get("queue", [])
            if queue:
                return [RAGE.action(model=queue[0], remove=True), RAGE.action(model=queue[0], remove=False)]
            return []
        found = [END_TURN.action()]
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
        waiting = laying_out.unplaced(state, seat)
        for spot in spots[1:3]:
            if not waiting:
                break
            base = float(card_warrior(waiting[0]["warrior"]).base)
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
        model_id = state.active
        if model_id is None or model_id not in table.models:
            return []
        model = table.models[model_id]
        found: list[Action] = []
        reach = table.allowance * 0.6
        x, y = model.position
        spin = state.round / 11 + len(state.models[model_id]["round_uses"]) / 7
        for k in range(3):
            angle = 2 * math.pi * (k / 3 + spin)
            goal = snap_point((x + reach * math.cos(angle), y + reach * math.sin(angle)))
            action = MOVE_MODEL.action(model=model_id, path=((x, y), goal))
            if self._passes(state, action):
                found.append(action)
        # one move round something, so random play also walks bent paths
        angle = 2 * math.pi * spin * 3
        path = movement.shortest_path(table, model_id, (x + 85 * math.cos(angle), y + 85 * math.sin(angle)))
        points = settle_path(table, model_id, path.points) if path is not None else None
        if points is not None:
            action = MOVE_MODEL.action(model=model_id, path=points)
            if action not in found and self._passes(state, action):
                found.append(action)
        return found

    # -- words -----------------------------------------------------------------------------------

    def describe(self, state: SkirmishState, action: Action) -> Message:
        kind = action.kind
        if kind == END_TURN.kind:
            return Message(N_("Pass the table on"))
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
        name = state.models.get(action.get("model", ""), {}).get("name", "?")
        if kind == NAME.kind:
            return Message(N_("Name {name}"), {"name": name})
        if kind == PASS.kind:
            return Message(N_("Let the warrior named stand") if state.named else N_("Pass"))
        if kind == DONE.kind:
            return Message(N_("End the activation"))
        if kind in combat.KINDS:
            return combat.describe(state, action)
        if kind in abilities.KINDS:
            return abilities.describe(state, action)
        if kind == RAGE.kind:
            return Message(
                N_("Take a rage marker off {name}") if action["remove"] else N_("Keep the rage of {name}"),
                {"name": name},
            )
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
            "ready": list(state.ready),
            "pieces": {k: _copied(v) for k, v in state.pieces.items()},
            "models": {k: _copied(v) for k, v in state.models.items()},
            "objectives": {k: list(v) for k, v in state.objectives.items()},
            "rosters": [[dict(m) for m in r] for r in state.rosters],
            "units": _plain_copy(state.units),
            "sp": list(state.sp),
            "round": state.round,
            "beginner": state.beginner,
            "named": list(state.named),
            "passes": state.passes,
            "opened": state.opened,
            "active": state.active,
            "last": state.last,
            "end": _copied(state.end),
            "removed": list(state.removed),
            "effects": [_copied(e) for e in state.effects],
            "pending": _plain_copy(state.pending),
            "serial": state.serial,
        }

    def view(self, state: SkirmishState, seat: int | None) -> SkirmishPlayerView:
        """Everything (nothing is hidden), with what the screen shows beside the table."""
        return player_view(state, seat)

    def copy_state(self, state: SkirmishState) -> SkirmishState:
        """A copy without the derived geometry (rebuilt on first use)."""
        return SkirmishState(**self.encode(state))

    def perturb_secrets(self, state: SkirmishState, seat: int, rng: random.Random) -> None:
        return None

    def check_invariants(self, state: SkirmishState) -> None:
        table = table_of(state)
        assert list(table.pieces) == list(state.pieces), "the geometry's pieces differ from the state's"
        assert list(table.models) == list(state.models), "the geometry's warriors differ from the state's"
        for model_id, model in state.models.items():
            assert table.models[model_id].position == tuple(model["position"]), f"{model_id} stands elsewhere"
            assert table.model_fits(model["base"] / 2, tuple(model["position"]), (model_id,)), f"{model_id} overlaps"
            assert model["ap"] >= 0, f"{model_id} has negative AP"
            assert not card(model).out_of_action, f"{model_id} is out of action but on the table"
            assert all(model["markers"][marker] >= 0 for marker in MARKERS), f"{model_id} has negative markers"
            assert model["side"] == state.turn or model_id != state.active, f"{model_id} acts out of turn"
            for key, used in model["round_uses"].items():
                cap = limits.ACTION_LIMITS.get(key)
                assert cap is None or cap.round is None or used <= cap.round, f"{model_id} broke its limit of {key}"
                assert used <= model["game_uses"].get(key, 0), f"{model_id} counts {key} wrongly"
        for piece_id, piece in state.pieces.items():
            placed = table.pieces[piece_id]
            assert placed.position == tuple(piece["position"]) and placed.rotation == piece["rotation"], (
                f"{piece_id} moved"
            )
        assert not set(state.removed) & set(state.models), "a removed warrior is on the table"
        assert state.active is None or state.active in state.models, "the active warrior is gone"
        assert set(state.named) <= set(state.models), "a named warrior is gone"
        assert state.phase in (LAYOUT, *PLAY_PHASES) and state.turn in (0, 1)
        assert (state.phase == ACTIVATION) == (state.active is not None), "an active warrior outside its activation"
        if hostile.waiting(state):
            hostile.check(state)
        elif state.pending is not None:
            combat.check_pending(state)


def _copied(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of plain JSON data that shares nothing with it (a warrior's markers and
    uses are dicts in its entry)."""
    return {key: _plain_copy(value) for key, value in entry.items()}


def _plain_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_copy(item) for item in value]
    return value


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
