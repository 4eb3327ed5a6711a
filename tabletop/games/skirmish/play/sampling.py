"""A fair finite sample of the skirmish game's legal moves, for random play and the
tests (`SkirmishRules.legal_actions`): in the layout, ready and pass, pieces and
warriors added at a few free spots, one moved and one removed; in the bids a few
amounts; the tactical hands and cards; while naming, every warrior that may be named and the pass; the active
warrior's moves to a few reachable points, its attacks and abilities and the end
of its activation; in the end phase the rage choices. The rules' `check` is the
authority for every other position."""

from __future__ import annotations

import functools
import math
import random

from tabletop.engine.core import Action, IllegalAction
from tabletop.engine.rules import GameRules
from tabletop.games.skirmish.play import (
    abilities,
    attack_moves,
    climbing,
    combat,
    deployment,
    hands,
    hiding,
    hostile,
    laying_out,
    mission_play,
    non_player_play,
    piece_attacks,
    rounds,
    tactical_phase,
    terrain_turns,
    warriors,
)
from tabletop.games.skirmish.play.moves import (
    ADD_MODEL,
    ADD_PIECE,
    BEGIN,
    BID,
    DEPLOYED,
    DONE,
    EDGE,
    END_TURN,
    HAND,
    MOVE_MODEL,
    NAME,
    NO_CARD,
    PASS,
    PLACE_MODEL,
    PLACE_PIECE,
    PLAY_CARD,
    RAGE,
    READY,
    REMOVE_MODEL,
    REMOVE_PIECE,
    REVOKE,
    TERRAIN_DONE,
)
from tabletop.games.skirmish.play.settling import settle_path, settle_point
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    CHOOSING,
    DEPLOYING,
    END,
    HANDS,
    INFESTATION,
    MISSIONS,
    NAMING,
    OVER,
    REVOKING,
    TACTICS,
    TERRAIN,
    SkirmishState,
    clearance,
    kinds_offered,
    snap_angle,
    snap_point,
    table_of,
    zone_of,
)
from tabletop.games.skirmish.play.warriors import card_warrior
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.table.planar import EPS, Point
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainPiece


def sample(rules: GameRules, state: SkirmishState) -> list[Action]:
    """A fair finite sample: in the layout, ready and pass, pieces and warriors
    added at a few free spots, one moved and one removed; while naming, every
    warrior that may be named and the pass; the active warrior's moves to a few
    reachable points and the end of its activation; in the end phase the rage
    choices. `check` is the authority for every other position."""
    if hostile.waiting(state) or climbing.waiting(state):
        return []
    if tactical_phase.offered(state) is not None or state.card_moment:  # an attack's moment, a hand opened
        return [action for action in card_sample(state) if _passes(rules, state, action)]
    if state.pending is not None and state.phase != REVOKING:
        return combat.choices(state)
    if state.phase == NAMING:
        found = [NAME.action(model=m) for m in rounds.to_activate(state, state.turn)]
        found.append(PASS.action())
        return [action for action in found if _passes(rules, state, action)]
    if state.phase == ACTIVATION:
        attacks = [action for action in attack_moves.sample(state) if _passes(rules, state, action)]
        used = [action for action in abilities.sample(state) if _passes(rules, state, action)]
        cards = [
            action for action in card_sample(state) if action.kind == PLAY_CARD.kind and _passes(rules, state, action)
        ]
        terrain = [*climbing.sample(state), *piece_attacks.sample(state), *hiding.sample(state)]
        used += [action for action in terrain if _passes(rules, state, action)]
        return [DONE.action()] + _sample_moves(rules, state) + attacks + used + cards
    if state.phase == BIDDING:
        if state.roll_off:
            return []
        pool = state.sp[state.turn]
        return [BID.action(sp=sp) for sp in sorted({0, 1, pool // 2, pool}) if sp <= pool]
    if state.phase == CHOOSING:
        return [BEGIN.action(player=0), BEGIN.action(player=1)]
    if state.phase == MISSIONS:
        return mission_play.sample(state)
    if state.phase == TERRAIN:
        found = _sample_terrain(state) + [TERRAIN_DONE.action()]
        return [action for action in found if _passes(rules, state, action)]
    if state.phase == DEPLOYING:
        if state.edges[state.turn] is None:
            return [EDGE.action(edge=edge) for edge in deployment.EDGES]
        found = [DEPLOYED.action()] + [a for a in _sample_layout(rules, state) if a.kind != ADD_PIECE.kind]
        return [action for action in found if action.kind != REMOVE_PIECE.kind and _passes(rules, state, action)]
    if state.phase in (HANDS, TACTICS, REVOKING):
        return [action for action in card_sample(state) if _passes(rules, state, action)]
    if state.phase == OVER:
        return []
    if state.phase == INFESTATION or (state.phase == END and state.end.get("step") == rounds.NON_PLAYER):
        return [action for action in non_player_play.sample(state) if _passes(rules, state, action)]
    if state.phase == END:
        queue = state.end.get("queue", [])
        if queue:
            return [RAGE.action(model=queue[0], remove=True), RAGE.action(model=queue[0], remove=False)]
        return []
    found = [END_TURN.action()]
    for action in [READY.action()] + _sample_layout(rules, state):
        if _passes(rules, state, action):
            found.append(action)
    return found


def card_sample(state: SkirmishState) -> list[Action]:
    """Tactical cards: two hands of the deck (its first cards, its last); each card of
    the hand on the first warriors it may reach, and no card; revoke or let stand."""
    now = tactical_phase.player_now(state)
    seat = now[0] if now is not None else state.turn
    if state.phase == HANDS:
        deck = [card.key for card in hands.deck_of(state, seat)]
        size = hands.allowed(state, seat)
        return [HAND.action(cards=tuple(deck[:size])), HAND.action(cards=tuple(deck[len(deck) - size :]))]
    if state.phase == REVOKING:
        return [REVOKE.action(revoke=True), REVOKE.action(revoke=False)]
    found = [NO_CARD.action()]
    for key in hands.hand_of(state, seat):
        card = hands.cards()[key]
        target = tactical_phase.reach(card)
        reached = tactical_phase.eligible(state, seat, target) if target is not None else []
        named = tuple(reached[: tactical_phase.wanted(state, seat, card)])
        at = (state.width / 2, state.height / 2) if tactical_phase.places_template(card) else None
        healed = state.models.get(state.active or "") if tactical_phase.heals(card) else None
        wounds = warriors.card(healed).healable() if healed is not None else ()
        zone = wounds[0] if wounds else None
        given = {name: value for name, value in (("at", at), ("zone", zone)) if value is not None}
        found.append(PLAY_CARD.action(card=key, targets=named, **given))
    return found


def _passes(rules: GameRules, state: SkirmishState, action: Action) -> bool:
    try:
        rules.check(state, action)
    except IllegalAction:
        return False
    return True


def _sample_terrain(state: SkirmishState) -> list[Action]:
    """Pieces of a few kinds where they fit nearest to a few spots (placing terrain
    in turns must always find one while one fits anywhere)."""
    table = table_of(state)
    rng = random.Random(state.serial * 7919 + len(state.pieces) * 31 + state.turn)
    spacing = clearance(state, table)
    left = terrain_turns.points_left(state, state.turn)
    catalogue = [kind for kind in kinds_offered(state.options) if left is None or kind.cost <= left]
    found = []
    for _try in range(3 if catalogue else 0):
        kind = catalogue[rng.randrange(len(catalogue))]
        rotation = snap_angle(rng.choice((0, 45, 90, 135)))
        spot = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        piece = TerrainPiece("", kind, spot, rotation)
        at = table.nearest_piece_position(piece, spot, rotation, spacing)
        if at is not None:
            settled = settle_point(functools.partial(_fits, table, piece, rotation, spacing), at)
            if settled is not None:
                found.append(ADD_PIECE.action(terrain=kind.key, at=settled, rotation=rotation))
    return found


def _fits(table: Table, piece: TerrainPiece, rotation: float, spacing: float, at: Point) -> bool:
    return table.piece_fits(piece, at, rotation, spacing)


def _sample_layout(rules: GameRules, state: SkirmishState) -> list[Action]:
    table = table_of(state)
    seat = state.turn
    rng = random.Random(state.serial * 7919 + len(state.pieces) * 31 + len(state.models))
    spots = [snap_point((rng.uniform(0, table.width), rng.uniform(0, table.height))) for _ in range(4)]
    catalogue = kinds_offered(state.options)
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
    zone = zone_of(state, seat)
    edge = zone[0] if zone is not None else None
    waiting = laying_out.unplaced(state, seat)
    for spot in spots[1:3]:
        if not waiting:
            break
        base = float(card_warrior(waiting[0]["warrior"]).base)
        at = _settled_model_position(table, base / 2, _into_zone(table, edge, spot) if edge else spot, ())
        if at is not None:
            found.append(ADD_MODEL.action(base=base, at=at))
    own = [m for m in table.models.values() if m.side == seat]
    if own:
        model = own[rng.randrange(len(own))]
        spot = _into_zone(table, edge, spots[0]) if edge else spots[0]
        at = _settled_model_position(table, model.radius, spot, (model.id,))
        if at is not None:
            found.append(PLACE_MODEL.action(model=model.id, at=at))
        found.append(REMOVE_MODEL.action(model=own[-1].id))
    return found


def _settled_model_position(table: Table, radius: float, spot: Point, ignore: tuple[str, ...]) -> Point | None:
    """The free spot nearest to `spot` for a base of `radius`, on the 0.1 mm grid. The
    nearest spot touches what is in the way: rounded as it is, it may overlap it (and
    a side whose every sampled spot did so had no move while deploying)."""
    at = table.nearest_model_position(radius, spot, ignore=ignore)
    if at is None:
        return None
    settled = settle_point(lambda p: table.model_fits(radius, p, ignore), at)
    if settled is None or _touches_an_enemy(table, radius, settled, ignore):
        return None  # play could not begin with it there (laying_out.start_fault)
    return settled


def _touches_an_enemy(table: Table, radius: float, at: Point, ignore: tuple[str, ...]) -> bool:
    """A base of `radius` at `at`, of the side to place, would be in contact with a base
    of another side (the table's contact distance, as laying_out.start_fault reads it)."""
    mine = {table.models[m].side for m in ignore if m in table.models}
    return any(
        math.dist(at, other.position) - radius - other.radius <= table.contact + EPS
        for other in table.models.values()
        if other.id not in ignore and (not mine or other.side not in mine)
    )


def _sample_moves(rules: GameRules, state: SkirmishState) -> list[Action]:
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
        if _passes(rules, state, action):
            found.append(action)
    # one move round something, so random play also walks bent paths
    angle = 2 * math.pi * spin * 3
    path = movement.shortest_path(table, model_id, (x + 85 * math.cos(angle), y + 85 * math.sin(angle)))
    points = settle_path(table, model_id, path.points) if path is not None else None
    if points is not None:
        action = MOVE_MODEL.action(model=model_id, path=points)
        if action not in found and _passes(rules, state, action):
            found.append(action)
    return found


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
