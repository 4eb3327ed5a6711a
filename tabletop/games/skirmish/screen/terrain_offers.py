"""The extended terrain rules among the active warrior's offers in the side panel
(screen/fight.py): a climb, swim or jump it may begin where it stands (its ending area
hatched on the table by screen/terrain_reach.py; a click inside it chooses the end),
an attack on each destructible piece it touches and a hiding in each hiding place it
touches (both made at once), and a shot at a destructible piece with each shooting
item (taken in hand; a click on a piece makes it). Each offer is off with the rules' reason: every action is
judged by `ctx.check`."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.climbing import ends_of
from tabletop.games.skirmish.play.destruction import strength_of, targets, touches
from tabletop.games.skirmish.play.hiding import hide_path
from tabletop.games.skirmish.play.moves import ATTACK_PIECE, CLIMB, HIDE, JUMP, SHOOT_PIECE, SWIM
from tabletop.games.skirmish.play.state import snap_point
from tabletop.games.skirmish.screen.profile_card import card_of
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.terrain_reach import move_label
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


class TerrainOffers:
    """What the active warrior may do with the terrain where it stands."""

    def __init__(self, ctx: ViewContext, reading: Reading) -> None:
        self.ctx = ctx
        self.reading = reading

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
