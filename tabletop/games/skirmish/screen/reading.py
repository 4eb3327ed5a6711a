"""The match as the skirmish screen reads it: `ctx.view()` (a `SkirmishPlayerView`),
its warriors and terrain pieces by id, the geometry (`Table`) built from it, and
what the players call each of them."""

from __future__ import annotations

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish.play import auras, deployment
from tabletop.games.skirmish.play.state import ACTIVATION, DEPLOYING, LAYOUT, NAMING, TERRAIN, kinds
from tabletop.games.skirmish.play.views import PieceView, SkirmishPlayerView, WarriorView, view_table
from tabletop.games.skirmish.schema import TerrainKind
from tabletop.games.skirmish.table import planar
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.table.terrain import TerrainEffect, effect
from tabletop.i18n import N_, Message, _, ngettext
from tabletop.ui.gameview import ViewContext, marked


def called(model: WarriorView) -> str:
    """What the screen calls a warrior: its name in the current language (the
    bundled units' names are in the catalogs, a name the players gave stays as
    typed), or its number when it has none."""
    return marked(model.name) if model.name else str(model.number)


class Reading:
    """What the screen knows of the match, read again by `read` after every change."""

    def __init__(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self.shown: SkirmishPlayerView
        self.warriors: dict[str, WarriorView]
        self.pieces: dict[str, PieceView]
        self.table: Table
        #: counts the reads: the drawings made from one read are kept until the next
        self.revision = 0
        self.spacing: list[deployment.SpacingProblem] = []
        #: warriors in contact with an enemy
        self.engaged: set[str] = set()
        #: while laying out, warriors that may not start play where they stand
        self.misplaced: set[str] = set()
        self.read()

    def read(self) -> None:
        """Read the match again and rebuild the geometry."""
        shown: object = self.ctx.view()  # (the engine annotates views as dicts)
        assert isinstance(shown, SkirmishPlayerView)
        self.shown = shown
        self.warriors = {warrior.id: warrior for warrior in shown.warriors}
        self.pieces = {piece.id: piece for piece in shown.pieces}
        self.table = view_table(shown)
        self.revision += 1
        table = self.table
        self.spacing = deployment.spacing_problems(table) if shown.options.spacing == "warn" else []
        self.engaged = {m for m in table.models if table.engaged(m)}
        self.misplaced = self._misplaced() if shown.phase == LAYOUT else set()

    def _misplaced(self) -> set[str]:
        """Warriors that may not start play where they stand (the rules' `ready`
        names them): outside their side's zone, with a deployment option, or
        touching an enemy."""
        found = set(self.engaged)
        kind = self.shown.options.deployment
        if kind != "free":
            for side, seat in enumerate(self.shown.seats):
                if seat.edge:
                    found.update(deployment.outside_zone(self.table, side, seat.edge, kind))
        return found

    @property
    def phase(self) -> str:
        return self.shown.phase

    @property
    def seat(self) -> int | None:
        """The seat acting now (the laptop is shared: whoever sits at it acts for it)."""
        actor = self.ctx.actor
        return actor if actor is not None and actor >= 0 else None

    def own(self, model_id: str) -> bool:
        return self.seat is not None and self.warriors[model_id].side == self.seat

    @property
    def setting_up(self) -> bool:
        """The table is laid out or the warriors deployed: no round has begun."""
        return self.shown.phase in (LAYOUT, TERRAIN, DEPLOYING) or self.shown.round == 0

    @property
    def places_terrain(self) -> bool:
        """The seat acting may place terrain now."""
        return self.seat is not None and self.shown.phase in (LAYOUT, TERRAIN)

    @property
    def places_warriors(self) -> bool:
        """The seat acting may place and move its warriors now (deploying: once its
        edge is chosen)."""
        if self.seat is None:
            return False
        return self.shown.phase == LAYOUT or (
            self.shown.phase == DEPLOYING and self.shown.seats[self.seat].edge is not None
        )

    def waiting_bases(self) -> tuple[float, ...]:
        """The base sizes of the acting seat's warriors still beside the table."""
        return self.shown.seats[self.seat].waiting_bases if self.seat is not None else ()

    def may_walk(self, model_id: str) -> bool:
        """True when the warrior may make a move now: it is the active warrior, with
        AP and a move of the round left, and free."""
        model = self.warriors[model_id]
        return (
            self.phase == ACTIVATION
            and self.shown.active == model_id
            and self.own(model_id)
            and model.ap > 0
            and model.moves_left > 0
            and model_id not in self.engaged
        )

    def may_name(self, model_id: str) -> bool:
        """True when the warrior may be named (or counter) now."""
        if self.phase != NAMING or not self.own(model_id):
            return False
        model = self.warriors[model_id]
        if model.activated or model.ap <= 0:
            return False
        named = self.shown.named
        return not named or self.ges(model_id) > self.ges(named[-1])

    def ges(self, model_id: str) -> int:
        """The warrior's GES in force."""
        return dict(self.warriors[model_id].attributes)["ges"]

    def zone(self) -> tuple[deployment.Edge, deployment.Deployment] | None:
        """The edge and kind of the deployment zone of the seat acting (None: its
        warriors are placed freely)."""
        seat = self.shown.seats[self.seat] if self.seat is not None else None
        return (seat.edge, seat.deployment) if seat is not None and seat.edge and seat.deployment else None

    def label(self, element: str) -> str:
        """What the players call a warrior or a terrain piece."""
        model = self.warriors.get(element)
        if model is not None:
            if model.name:
                return called(model)
            return _("{player}'s warrior {number}", player=self.ctx.names[model.side], number=model.number)
        piece = self.pieces.get(element)
        if piece is not None:
            return marked(kinds()[piece.kind].name)
        if element == "edge":
            return _("the table edge")
        return _("a mission objective")

    def token_label(self, model: WarriorView) -> str:
        return sart.initials(called(model)) if model.name else str(model.number)

    def kind_details(self, kind: TerrainKind) -> str:
        """A terrain kind before it is placed, in the players' words: its size, its
        terrain points (under the terrain rules) and what it does under the rules in
        play."""
        left, top, right, bottom = planar.bounds(kind.footprint)
        size = _("{width:g} × {depth:g} cm", width=round((right - left) / 10, 1), depth=round((bottom - top) / 10, 1))
        parts = [size]
        if self.shown.terrain_budget is not None:
            parts.append(ngettext("{count} terrain point", "{count} terrain points", kind.cost, count=kind.cost))
        ruleset = self.table.ruleset
        words = terrain_words(kind, effect(kind, ruleset), ruleset.terrain_rules)
        return " · ".join(parts) + " · " + ", ".join(words)

    def effect_line(self, piece_id: str) -> str:
        """What a terrain piece does under the rules in play, in words."""
        table = self.table
        piece = table.pieces[piece_id]
        return ", ".join(terrain_words(piece.kind, table.effect(piece_id), table.ruleset.terrain_rules))


def terrain_words(kind: TerrainKind, eff: TerrainEffect, terrain_rules: bool) -> list[str]:
    """What a terrain kind does, read as `eff`, in the players' words: its effect on
    sight and on moves, high ground, and under the terrain rules its other
    properties (terrain.yaml)."""
    parts = []
    if eff.sight == "opaque":
        parts.append(_("hides what is behind it") if eff.behind_only else _("blocks sight"))
    elif eff.sight == "obstacle":
        parts.append(_("sight obstacle −{penalty}", penalty=eff.penalty))
    else:
        parts.append(_("no effect on sight"))
    if eff.crossing_cost is None:
        parts.append(_("cannot be crossed"))
    elif eff.crossing_cost > 1:
        parts.append(_("each cm counts {times:g}", times=eff.crossing_cost))
    else:
        parts.append(_("may be crossed"))
    if eff.elevation:
        parts.append(_("high ground"))
    if not terrain_rules:
        return parts
    props = kind.properties
    for value, words in (
        (eff.climb, N_("climb {value}")),
        (eff.swim, N_("swim {value}")),
        (eff.jump, N_("jump {value}")),
        (eff.hostile, N_("hostile {value}")),
        (props.destruction, N_("destruction {value}")),
    ):
        if value:
            parts.append(Message(words, {"value": value}).render())
    if props.flammable:
        parts.append(_("flammable"))
    if props.hiding:
        parts.append(_("hiding place"))
    return parts + auras.kind_words(kind)
