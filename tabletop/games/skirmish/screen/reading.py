"""The match as the skirmish screen reads it: `ctx.view()` (a `SkirmishPlayerView`),
its warriors and terrain pieces by id, the geometry (`Table`) built from it, and
what the players call each of them."""

from __future__ import annotations

from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish.play import deployment
from tabletop.games.skirmish.play.state import ACTIVATION, NAMING, kinds
from tabletop.games.skirmish.play.views import PieceView, SkirmishPlayerView, WarriorView, view_table
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import _
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
        edge = self.shown.seats[self.seat].edge if self.seat is not None else None
        kind = self.shown.options.deployment
        return (edge, kind) if edge and kind != "free" else None

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

    def effect_line(self, piece_id: str) -> str:
        """What a terrain piece does under the rules in play, in words."""
        eff = self.table.effect(piece_id)
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
        return ", ".join(parts)
