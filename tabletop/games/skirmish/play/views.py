"""The skirmish game's player view: the table as the players see it.

`player_view` builds it from the state (the rules' `view` calls it) and the screen
reads its fields; `view_table` builds the table's geometry from it. Nothing on the
table is hidden; a bid is its player's until both are made (`SeatView.bid`), a
tactical hand always (`SeatView.hand`; its size is public). Lengths are millimetres on the
table (x to the right, y downwards), rotations degrees clockwise, seats count from
0, colours are "#rrggbb". Everything is plain data held in tuples, so that two
views compare with == and `tabletop.engine.views.as_json` turns one into JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.engine.core import Action
from tabletop.games.skirmish.options import DEPLOYMENT, DOUBLE_COST, RULESET, SPACING
from tabletop.games.skirmish.play import (
    auras,
    combat,
    deployment,
    hands,
    hostile,
    infestation,
    limits,
    non_player_play,
    tactical_phase,
    victory,
)
from tabletop.games.skirmish.play.laying_out import unplaced
from tabletop.games.skirmish.play.rounds import RAGE_STEP
from tabletop.games.skirmish.play.state import (
    END,
    INFESTATION,
    SkirmishState,
    clearance,
    kinds,
    ruleset_of,
    table_of,
    terrain_budget,
    terrain_points,
    zone_of,
)
from tabletop.games.skirmish.play.warriors import card_warrior
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import TerrainPiece
from tabletop.i18n import Message


@dataclass(frozen=True)
class Options:
    """The options chosen for the match that change the rules on the table."""

    ruleset: Literal["basic", "terrain"]
    """The basic rules, or the optional terrain rules (terrain points, properties)."""
    double_cost: bool
    """Under the basic rules: crossable terrain counts each millimetre twice."""
    deployment: Literal["free", "open_battle", "ambush"]
    """Where warriors are placed: anywhere, or in their side's zone of that kind."""
    spacing: Literal["enforce", "warn"]
    """Whether terrain must keep its distance, or pieces too close are only marked."""


@dataclass(frozen=True)
class SeatView:
    """One player at the table."""

    colour: str
    """The player's colour."""
    ready: bool
    """The player said the laid-out table suits them (while laying out)."""
    terrain_points: int
    """Terrain points of the pieces the player placed."""
    edge: deployment.Edge | None
    """The edge the player deploys along (None: warriors are placed freely, or the
    edge is not chosen yet)."""
    deployment: deployment.Deployment | None
    """The kind of the player's deployment zone (None: placed freely)."""
    terrain_done: bool
    """In the preparation's terrain step: the player places no more pieces."""
    has_bid: bool
    """The player has made the bid under way."""
    bid: int | None
    """The player's bid: the seat's own, or both once they are shown (None: not shown)."""
    leader: str | None
    """The name of the player's leader (None: the side has none)."""
    leader_fell: int
    """The round in which the leader was put out of action (0: it was not)."""
    sig: int
    """The player's victory points."""
    played_mission: bool = False
    """The player has played a mission (preparation step 5)."""
    secret_mission: bool = False
    """The player's mission is secret (and not yet revealed: the game goes on)."""
    mission: str | None = None
    """The player's mission's key in missions.yaml, when the looker may read it: an
    open one, the looker's own, or any once the game is over (None: not shown)."""
    hand: tuple[str, ...] | None = None
    """The player's tactical hand by card key: the seat's own only (None: not shown,
    or not chosen yet)."""
    hand_size: int = 0
    """How many cards the player's hand holds now (public, S13)."""
    hand_allowed: int = 0
    """How many cards the player's hand is chosen with (the leader's PSI, or the whole
    deck when it holds fewer)."""
    hand_chosen: bool = False
    """The player has chosen a hand."""
    waiting_bases: tuple[float, ...] = ()
    """The base sizes of the player's warriors still waiting beside the table, in the
    unit's order."""


@dataclass(frozen=True)
class PieceView:
    """A terrain piece on the table."""

    id: str
    kind: str
    """Its kind's key in terrain.yaml."""
    position: Point
    """Where its outline's origin lies."""
    rotation: float
    footprint: tuple[Point, ...]
    """Its own outline about the origin (empty: the kind's)."""
    burning: bool
    owner: int | None
    """The seat that placed it (None: it belongs to the scenario)."""


@dataclass(frozen=True)
class WarriorView:
    """A warrior on its base."""

    id: str
    side: int
    """The seat it fights for."""
    colour: str
    """Its faction's colour."""
    base: float
    """The diameter of its base."""
    position: Point
    """The centre of its base."""
    name: str
    """Its name ("" when it has none: it goes by its number)."""
    number: int
    """Its number among its side's warriors."""
    warrior: str
    """Its profile card's key in warriors.yaml."""
    ap: int
    """Its action points left this round."""
    activated: bool
    """Activated this round (or without AP: it cannot be named)."""
    moves_left: int
    """Moves it may still make this round."""
    marks: tuple[int, ...]
    """Points marked per body zone (head, arms, torso, legs)."""
    markers: tuple[tuple[str, int], ...]
    """Its markers (fire, fear, poison, rage, slow) and how many of each."""
    attributes: tuple[tuple[str, int], ...]
    """PSI, KAT, WID, GES in force (the card's white or red value, markers, cards and
    terrain auras applied)."""
    hidden: bool = False
    """Hidden in a hiding place (the extended terrain rules, S32)."""
    auras: tuple[Message, ...] = ()
    """What terrain auras give it now, each with its piece (the terrain rules)."""


@dataclass(frozen=True)
class ObjectiveView:
    """A mission objective marker."""

    id: str
    position: Point


@dataclass(frozen=True)
class ChoiceOption:
    """One answer to the question of the attack under way: the move that gives it and
    its words."""

    move: str
    """The move's kind: "react", "shift" or "answer"."""
    params: tuple[tuple[str, str | int], ...]
    """The move's parameters."""
    label: Message

    @property
    def action(self) -> Action:
        return Action(self.move, **dict(self.params))


@dataclass(frozen=True)
class AttackView:
    """The attack under way: who must answer its question now, the question, and the
    options (while it waits for dice: no chooser, no question, no options)."""

    kind: Literal["melee", "shot", "blast", "hostile"]
    chooser: int | None
    """The seat that must answer now (None: the attack waits for its rolls)."""
    prompt: Message | None
    options: tuple[ChoiceOption, ...]
    question: str | None = None
    """What the choice is about ("reaction", "shift", "stray", ...: the kind of the
    resolution's choice; None: waiting for dice, or a tactical card's moment)."""


@dataclass(frozen=True)
class EarnedView:
    """Victory points a mission earned: its side, the round (0: at the end of the
    game), the points and how they were earned."""

    side: int
    round: int
    points: int
    how: Message


@dataclass(frozen=True)
class CardPlayedView:
    """A tactical card played this game (it shows when played)."""

    card: str
    """Its key in tactics.yaml."""
    side: int
    round: int
    revoked: bool | None
    """Revoked (Widerruf); None: the opponent has not decided yet."""
    targets: tuple[str, ...] = ()
    """The warriors it was played on."""


@dataclass(frozen=True)
class NonPlayerView:
    """Non-player warriors (optional rule 2) as the screen shows them."""

    pools: tuple[int, int]
    """Each side's infestation points left while they are placed (step 6a)."""
    ambush: bool
    """A mission may deploy round the centre: they keep away from it too (S36)."""
    to_activate: tuple[str, ...] = ()
    """In the end phase's step 2: those not yet activated this round."""
    activated: str | None = None
    """The one activated, waiting for its order."""
    duty: str | None = None
    """What it must do ("attack", "charge", "shoot", "roam"; play/non_player.py)."""
    targets: tuple[str, ...] = ()
    """The warriors it may attack, charge or shoot at."""


@dataclass(frozen=True)
class SkirmishPlayerView:
    """The table, whose turn it is, and what the screen shows beside the table."""

    width: float
    height: float
    options: Options
    phase: str
    """The phase: "layout" while the players lay the table out, then each round's
    "bidding" and "choosing" (who begins), "naming" and "activation" (its
    activation phase) and "end" (its end phase); "over" when the game has ended."""
    turn: int
    """The seat to act."""
    first: int
    """The seat that begins play."""
    round: int
    """The round (0 while laying out)."""
    beginner: int
    """The seat that began the round."""
    active: str | None
    """The warrior acting now."""
    named: tuple[str, ...]
    """The warriors named in the naming under way; the last stands unless countered."""
    sp: tuple[int, ...]
    """Each side's strategy points."""
    rage: str | None
    """In the end phase: the warrior whose rage its player decides now."""
    decider: int | None
    """The seat that says who begins the round (after the bid, or S10's side)."""
    roll_off: bool
    """The bids were equal: a die each decides."""
    allowance: float
    """How far one move may go."""
    terrain_budget: int | None
    """Terrain points each player may spend (None: terrain costs nothing)."""
    terrain_spacing: float
    """How far new or moved terrain must keep from other pieces, the edges and
    objectives (0: nothing is enforced)."""
    seats: tuple[SeatView, ...]
    pieces: tuple[PieceView, ...]
    warriors: tuple[WarriorView, ...]
    objectives: tuple[ObjectiveView, ...]
    attack: AttackView | None = None
    """The attack under way (None: none is)."""
    earned: tuple[EarnedView, ...] = ()
    """The victory points the missions earned so far, in order (play/victory.py)."""
    cards_played: tuple[CardPlayedView, ...] = ()
    """The tactical cards played this game, in order (the last one may wait for
    the opponent's Widerruf)."""
    card_cost: int = 0
    """What playing a tactical card costs now, in SP."""
    weather: tuple[str, ...] = ()
    """The weathers in force, by key in weather.yaml (optional rule 3; none: no weather)."""
    move_limit: float | None = None
    """The weather's limit of every movement action in mm (None: none)."""
    sight_limit: float | None = None
    """How far the weather lets a warrior see in mm (None: as far as the table allows)."""
    non_players: NonPlayerView | None = None
    """Non-player warriors being placed or activated (None: neither now)."""


def attack_view(state: SkirmishState) -> AttackView | None:
    """The attack under way as the players see it."""
    if state.pending is None:
        return None
    if hostile.waiting(state) or combat.waiting_for_dice(state):
        return AttackView(state.pending["kind"], None, None, ())
    need = combat.need(state)
    prompt = getattr(need, "prompt", None)
    options = tuple(
        ChoiceOption(action.kind, tuple(action.items()), combat.describe(state, action))
        for action in combat.choices(state)
    )
    question = None if tactical_phase.offered(state) is not None else getattr(need, "kind", None)
    return AttackView(state.pending["kind"], combat.chooser(state), prompt, options, question)


def player_view(state: SkirmishState, seat: int | None) -> SkirmishPlayerView:
    """What `seat` (None: everybody) sees: all of the table, its own bid."""

    table = table_of(state)
    options = state.options
    # the bids are shown together: once both are made (S8)
    shown = all(b is not None for b in state.bids)
    zones = [zone_of(state, s) for s in (0, 1)]
    edges = [zone[0] if zone is not None else None for zone in zones]
    kinds_of_zone = [zone[1] if zone is not None else None for zone in zones]
    seats = tuple(
        SeatView(
            colour,
            state.ready[s],
            terrain_points(state, s),
            edge=edges[s],
            deployment=kinds_of_zone[s],
            terrain_done=state.terrain_done[s],
            has_bid=state.bids[s] is not None,
            bid=state.bids[s] if s == seat or shown else None,
            leader=state.leaders[s],
            leader_fell=state.leader_fell[s],
            sig=state.sig[s],
            played_mission=state.missions[s] is not None,
            secret_mission=victory.secret(state, s),
            mission=victory.readable(state, s, seat),
            hand=tuple(state.hands[s] or ()) if s == seat and state.hands[s] is not None else None,
            hand_size=len(state.hands[s] or ()),
            hand_allowed=hands.allowed(state, s),
            hand_chosen=state.hands[s] is not None,
            waiting_bases=tuple(card_warrior(m["warrior"]).base for m in unplaced(state, s)),
        )
        for s, colour in enumerate(state.colours)
    )
    pieces = tuple(
        PieceView(
            id=piece_id,
            kind=piece["kind"],
            position=(piece["position"][0], piece["position"][1]),
            rotation=piece["rotation"],
            footprint=tuple((x, y) for x, y in piece.get("footprint") or ()),
            burning=piece.get("burning", False),
            owner=piece.get("owner"),
        )
        for piece_id, piece in state.pieces.items()
    )
    ap_now = combat.ap_now(state)
    warriors = tuple(
        WarriorView(
            id=model_id,
            side=model["side"],
            colour=model["colour"],
            base=model["base"],
            position=(model["position"][0], model["position"][1]),
            name=model["name"],
            number=model["number"],
            warrior=model["warrior"],
            ap=ap_now.get(model_id, model["ap"]),
            activated=model["activated"],
            moves_left=limits.left(model, limits.MOVE, limits.action_limit(model, limits.MOVE)) or 0,
            marks=tuple(model["marks"]),
            markers=tuple((marker, count) for marker, count in model["markers"].items() if count),
            attributes=tuple(auras.attributes_in_force(state, model_id).items()),
            hidden=bool(model.get("hidden")),
            auras=auras.reasons(state, model_id),
        )
        for model_id, model in state.models.items()
    )
    return SkirmishPlayerView(
        width=state.width,
        height=state.height,
        options=Options(options[RULESET], options[DOUBLE_COST], options[DEPLOYMENT], options[SPACING]),
        phase=state.phase,
        turn=state.turn,
        first=state.first,
        round=state.round,
        beginner=state.beginner,
        active=state.active,
        named=tuple(state.named),
        sp=tuple(state.sp),
        rage=(state.end["queue"] or [None])[0] if state.phase == END and state.end.get("step") == RAGE_STEP else None,
        decider=state.decider,
        roll_off=state.roll_off,
        allowance=table.allowance,
        terrain_budget=terrain_budget(options),
        terrain_spacing=clearance(state, table),
        seats=seats,
        pieces=pieces,
        warriors=warriors,
        objectives=tuple(ObjectiveView(key, (spot[0], spot[1])) for key, spot in state.objectives.items()),
        attack=attack_view(state),
        earned=tuple(
            EarnedView(e["side"], e["round"], e["points"], victory.shown(Message.from_json(e["how"])))
            for e in state.scored
        ),
        cards_played=tuple(
            CardPlayedView(entry["card"], entry["side"], entry["round"], entry["revoked"], tuple(entry["targets"]))
            for entry in state.played
        ),
        card_cost=tactical_phase.card_cost(state),
        weather=tuple(state.weather),
        move_limit=table.move_limit,
        sight_limit=table.sight_limit,
        non_players=non_players_view(state),
    )


def non_players_view(state: SkirmishState) -> NonPlayerView | None:
    """Non-player warriors being placed (step 6a) or activated (end phase step 2)."""
    pools = (state.pools[0], state.pools[1])
    if state.phase == INFESTATION:
        return NonPlayerView(pools, infestation.ambush_possible(state))
    if not non_player_play.activating(state):
        return None
    model = state.end.get("nsk")
    orders = non_player_play.orders_of(state, model) if model is not None and state.pending is None else None
    return NonPlayerView(
        pools,
        False,
        tuple(state.end["queue"]),
        model,
        orders.duty if orders is not None else None,
        orders.targets if orders is not None else (),
    )


def view_table(view: SkirmishPlayerView) -> Table:
    """The geometry of the table a view shows (as the rules build it from the state)."""

    table = Table(
        view.width,
        view.height,
        ruleset=ruleset_of({RULESET: view.options.ruleset, DOUBLE_COST: view.options.double_cost}),
    )
    catalogue = kinds()
    for p in view.pieces:
        table.add_piece(TerrainPiece(p.id, catalogue[p.kind], p.position, p.rotation, p.footprint, p.burning))
    for warrior in view.warriors:
        table.add_model(Model(warrior.id, warrior.base, warrior.position, warrior.side, warrior.colour, warrior.name))
    for objective in view.objectives:
        table.objectives[objective.id] = (float(objective.position[0]), float(objective.position[1]))
    table.move_limit, table.sight_limit = view.move_limit, view.sight_limit
    return table
