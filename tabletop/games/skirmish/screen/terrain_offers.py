"""The extended terrain rules among the active warrior's offers in the side panel
(screen/fight.py): a climb, swim or jump it may begin where it stands (its ending area
hatched on the table by screen/terrain_reach.py; a click inside it chooses the end),
an attack on each destructible piece it touches and a hiding in each hiding place it
touches (both made at once), and a shot at a destructible piece with each shooting
item (taken in hand; a click on a piece makes it). Each offer is off with the rules'
reason: every action is judged by `ctx.check`. While a shot at terrain or a throw is
in hand, `targets` names the destructible pieces it may hit from where the warrior
stands (ringed on the table: screen/marks.py)."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.climbing import ends_of
from tabletop.games.skirmish.play.destruction import aim_point, strength_of, targets, touches
from tabletop.games.skirmish.play.hiding import hide_path
from tabletop.games.skirmish.play.moves import ATTACK_PIECE, CLIMB, HIDE, JUMP, SHOOT_PIECE, SWIM, THROW
from tabletop.games.skirmish.play.state import snap_point
from tabletop.games.skirmish.screen.profile_card import card_of
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.terrain_reach import move_label
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.table.terrain_moves import moves_from_here
from tabletop.i18n import _
from tabletop.ui.gameview import ViewContext, marked

#: the offers aimed at a point of the table (the end of the move)
AIMED_MOVES = {CLIMB.kind: CLIMB, SWIM.kind: SWIM, JUMP.kind: JUMP}
#: the offers made on the click
AT_ONCE = (ATTACK_PIECE.kind, HIDE.kind)
#: the offers aimed at a terrain piece (a click on it)
AT_PIECE = (SHOOT_PIECE.kind,)
KINDS = (*AIMED_MOVES, *AT_ONCE, *AT_PIECE)
#: the attacks in hand that may hit a destructible piece: a shot at it, a throw onto it (S31)
HITTING_PIECES = (SHOOT_PIECE.kind, THROW.kind)
#: how far inside a piece a throw is probed, from its point nearest the thrower (mm)
PROBE_DEPTH = 1.0


class TerrainOffers:
    """What the active warrior may do with the terrain where it stands."""

    def __init__(self, ctx: ViewContext, reading: Reading) -> None:
        self.ctx = ctx
        self.reading = reading
        #: the pieces the attack in hand may hit as last worked out, and what for
        self._targets: tuple[tuple[object, ...], list[str]] | None = None

    def piece_name(self, piece_id: str) -> str:
        return marked(self.reading.table.pieces[piece_id].kind.name)

    def offers(self, model_id: str) -> list[tuple[str, ...]]:
        """(kind, piece or item, label, reason[, item's name]) of each climb, swim and
        jump, attack on a piece, hiding and shot at terrain the warrior may begin where
        it stands (none under the basic rules)."""
        table = self.reading.table
        if not table.ruleset.terrain_rules or model_id not in table.models:
            return []
        found: list[tuple[str, ...]] = []
        for move in moves_from_here(table, model_id):
            ends = ends_of(move, 1)
            probe = AIMED_MOVES[move.kind].action(
                model=model_id, piece=move.piece_id, at=ends[0] if ends else snap_point(move.start)
            )
            label = _("{move} ({piece})", move=move_label(move), piece=self.piece_name(move.piece_id))
            found.append((move.kind, move.piece_id, label, self.ctx.check(probe) or ""))
        for piece_id in targets(table, model_id):
            action = ATTACK_PIECE.action(model=model_id, piece=piece_id)
            label = _("Attack {piece}", piece=self.piece_name(piece_id))
            found.append((ATTACK_PIECE.kind, piece_id, label, self.ctx.check(action) or ""))
        for piece_id, piece in table.pieces.items():
            if piece.kind.properties.hiding and touches(table, model_id, piece_id):
                action = self.hide(model_id, piece_id)
                label = _("Hide in {piece}", piece=self.piece_name(piece_id))
                found.append((HIDE.kind, piece_id, label, self.ctx.check(action) or ""))
        found += self._shots(model_id)
        return found

    def _shots(self, model_id: str) -> list[tuple[str, ...]]:
        """A shot at a destructible piece with each shooting item: on when one piece
        at least may be shot at from here (else the first piece's reason)."""
        table = self.reading.table
        pieces = [piece_id for piece_id in table.pieces if strength_of(table, piece_id)]
        if not pieces:
            return []
        found: list[tuple[str, ...]] = []
        shooting = [item for item in card_of(self.reading.warriors[model_id]).items if item.mode("shooting")]
        for item in shooting:
            reasons = [self.ctx.check(self.at_piece(model_id, item.key, piece_id)) for piece_id in pieces]
            reason = "" if any(r is None for r in reasons) else reasons[0] or ""
            # the item in the label only when two share the verb (else in the tip)
            if len(shooting) > 1:
                label = _("Shoot at terrain: {item}", item=marked(item.name))
                found.append((SHOOT_PIECE.kind, item.key, label, reason))
            else:
                found.append((SHOOT_PIECE.kind, item.key, _("Shoot at terrain"), reason, marked(item.name)))
        return found

    def targets(self, model_id: str, kind: str, item: str) -> list[str]:
        """The destructible pieces the shot at terrain or the throw (`kind`) with `item`
        may hit from where the warrior stands, as the rules judge it: a shot at the
        piece, a throw onto its point nearest the thrower, just inside it (a throwable
        landing on a piece is an attack on it, S31). Worked out once per change of the
        match, not per frame."""
        asked = (self.reading.revision, model_id, kind, item)
        if self._targets is not None and self._targets[0] == asked:
            return self._targets[1]
        table = self.reading.table
        found: list[str] = []
        if kind in HITTING_PIECES and table.ruleset.terrain_rules and model_id in table.models:
            for piece_id in table.pieces:
                if not strength_of(table, piece_id):
                    continue
                if kind == SHOOT_PIECE.kind:
                    action: Action | None = self.at_piece(model_id, item, piece_id)
                else:
                    spot = self._landing(model_id, piece_id)
                    action = THROW.action(model=model_id, item=item, at=spot) if spot is not None else None
                if action is not None and self.ctx.check(action) is None:
                    found.append(piece_id)
        self._targets = (asked, found)
        return found

    def _landing(self, model_id: str, piece_id: str) -> tuple[float, float] | None:
        """The nearest point of the piece to the thrower, PROBE_DEPTH inside it towards its
        centre (its centre when that is outside; None when neither lies on it)."""
        table = self.reading.table
        piece = table.pieces[piece_id]
        edge, centre = aim_point(table, model_id, piece_id), planar.centroid(piece.outline)
        gap = planar.dist(edge, centre)
        candidates: list[Point] = [centre]
        if gap > PROBE_DEPTH:
            step = PROBE_DEPTH / gap
            candidates.insert(0, (edge[0] + (centre[0] - edge[0]) * step, edge[1] + (centre[1] - edge[1]) * step))
        for spot in candidates:
            at = snap_point(spot)
            if piece.contains(at):
                return at
        return None

    def at_piece(self, model_id: str, item: str, piece_id: str) -> Action:
        """The shot with `item` at a terrain piece."""
        return SHOOT_PIECE.action(model=model_id, item=item, piece=piece_id)

    def hide(self, model_id: str, piece_id: str) -> Action:
        return HIDE.action(model=model_id, piece=piece_id, path=hide_path(self.reading.table, model_id, piece_id))

    def at_once(self, model_id: str, kind: str, piece_id: str) -> Action | None:
        """The action a click on the offer makes at once, or None (a move waits for its end)."""
        if kind == ATTACK_PIECE.kind:
            return ATTACK_PIECE.action(model=model_id, piece=piece_id)
        if kind == HIDE.kind:
            return self.hide(model_id, piece_id)
        return None

    def aimed(self, model_id: str, kind: str, piece_id: str, point: Sequence[float]) -> Action | None:
        """The climb, swim or jump in hand ending at a point of the table."""
        move = AIMED_MOVES.get(kind)
        if move is None:
            return None
        return move.action(model=model_id, piece=piece_id, at=snap_point(point))
