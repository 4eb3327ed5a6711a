"""The readout beside the table: what the tool in hand found, or what to do with
it, in words; the terrain spacing problems; what is under the pointer."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    CHOOSING,
    DEPLOYING,
    END,
    HANDS,
    INFESTATION,
    LAYOUT,
    MISSIONS,
    NAMING,
    OVER,
    REVOKING,
    TACTICS,
    TERRAIN,
)
from tabletop.games.skirmish.screen.deployment import Placing
from tabletop.games.skirmish.screen.fight import Fight
from tabletop.games.skirmish.screen.hand import Hand, tool_label
from tabletop.games.skirmish.screen.measuring import Measuring
from tabletop.games.skirmish.screen.moving import Moving
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import N_, Message, _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext

#: the steps where nobody moves a warrior by dragging it: the readout names the step
#: and says what it asks (the screen's prompt) instead of the select tool's help
STEP_TITLES = {
    BIDDING: N_("Bid"),
    CHOOSING: N_("Who begins"),
    MISSIONS: N_("Missions"),
    INFESTATION: N_("Non-player warriors"),
    HANDS: N_("Tactical cards"),
    TACTICS: N_("Tactical cards"),
    REVOKING: N_("Tactical cards"),
    END: N_("End phase"),
    OVER: N_("The game is over"),
}


class Readout:
    """The words of the readout."""

    def __init__(
        self,
        reading: Reading,
        hand: Hand,
        placing: Placing,
        measuring: Measuring,
        moving: Moving,
        fight: Fight,
        prompt: Callable[[], str | None],
    ) -> None:
        self.reading = reading
        self.prompt = prompt
        self.hand = hand
        self.placing = placing
        self.measuring = measuring
        self.moving = moving
        self.fight = fight

    def header(self) -> str:
        found = self.fight.armed_label() or self.placing.header()
        if found:
            return found
        if self.hand.tool == "select" and self.reading.phase in STEP_TITLES:
            return Message(STEP_TITLES[self.reading.phase]).render()
        return tool_label(self.hand.tool)

    def lines(self) -> list[str]:
        """The readout of the tool in hand, in words."""
        found = self.fight.armed_lines() or self.placing.lines() or self.measuring.lines() or self.moving.lines()
        if found is not None:
            return found
        reading, selected = self.reading, self.hand.selected
        if selected in reading.warriors:
            model = reading.warriors[selected]
            lines = [reading.label(selected), _("{base:g} mm base", base=model.base)]
            if not reading.setting_up:
                values = dict(model.attributes)
                lines.append(
                    _(
                        "PSI {psi}  KAT {kat}  WID {wid}  GES {ges}; {ap} AP",
                        psi=values["psi"],
                        kat=values["kat"],
                        wid=values["wid"],
                        ges=values["ges"],
                        ap=model.ap,
                    )
                )
                # what to do with it first: the large card above names the warrior and
                # its attributes, and a small box has room for little more
                if reading.may_walk(selected):
                    lines[:0] = [
                        _("Drag it, or click where it should go: up to {cm:g} cm.", cm=reading.shown.allowance / 10),
                        _("Shift while dragging: your own path."),
                    ]
                elif reading.may_name(selected):
                    lines.insert(0, _("Name it with the button below."))
                elif selected in reading.engaged and reading.own(selected):
                    lines.insert(0, _("In contact with an enemy: cannot simply walk away."))
                elif model.activated:
                    lines.insert(0, _("Activated this round."))
            elif reading.own(selected) and reading.places_warriors:
                lines.append(_("Drag it elsewhere; Delete takes it off the table."))
            return lines
        if selected in reading.pieces:
            lines = [reading.label(selected), reading.effect_line(selected)]
            if reading.phase == LAYOUT:
                lines.append(_("Drag it; R turns it; Delete removes it."))
            return lines
        if reading.phase == LAYOUT:
            return [
                _("Pick terrain or a base above and click on the table. Drag pieces and your warriors to move them.")
            ]
        if reading.phase == TERRAIN:
            return [_("Pick a piece of terrain above and click on the table where it goes.")]
        if reading.phase == DEPLOYING:
            if reading.places_warriors:
                return [_("Pick a base above and click in your zone; drag your warriors to move them.")]
            return [_("Choose the edge you deploy along with the buttons below.")]
        if reading.phase == NAMING:
            return [_("Click one of your warriors and name it, or pass.")]
        if reading.phase == ACTIVATION:
            # one line: the box below the large card may have room for no more at 1280x680
            # (the top bar says what the warrior may do; its button below ends it)
            return [_("Drag the active warrior.")]
        said = self.prompt()
        return [said] if said else []

    def hover_line(self) -> str:
        element = self.hand.hovered
        if element is None or self.hand.drag is not None:
            return ""
        if element in self.reading.pieces:
            return f"{self.reading.label(element)}: {self.reading.effect_line(element)}"
        if element in self.reading.warriors:
            return self.reading.label(element)
        return ""


class InfoBox:
    """The box of the side panel that shows the readout (`rect`: laid out by the panel)."""

    def __init__(self, ctx: ViewContext, reading: Reading, readout: Readout) -> None:
        self.ctx = ctx
        self.reading = reading
        self.readout = readout
        self.rect = pygame.Rect(0, 0, 0, 0)

    def key(self) -> tuple:
        """What the box shows: it is drawn again when this changes."""
        readout = self.readout
        return (
            self.rect.topleft,
            self.rect.size,
            readout.header(),
            tuple(readout.lines()),
            readout.hover_line(),
            tuple(self.reading.spacing),
        )

    def draw(self, surface: pygame.Surface) -> None:
        """What the tool in hand found, or what to do with it."""
        t = self.ctx.theme
        area = self.rect
        # no empty box: one without room for a line is not drawn (the top bar says what to do)
        if area.h < t.px(16) + t.font(th.SMALL).get_linesize():
            return
        art.rounded_rect(surface, area, (255, 252, 240, 120), t.px(10))
        pygame.draw.rect(surface, (190, 166, 124), area, max(1, t.px(1)), border_radius=t.px(10))
        inner = area.inflate(-t.px(20), -t.px(16))
        bold = t.font(th.SMALL, bold=True)
        small = t.font(th.SMALL)
        y = inner.y
        # a box squeezed to its heading and one line (a card and several rows of offers
        # above it) gives the heading's room to the words: the tool bar shows the tool
        if inner.h >= bold.get_linesize() + t.px(4) + 2 * small.get_linesize():
            art.text(surface, self.readout.header(), bold, th.INK, (inner.x, y), max_width=inner.w)
            y += bold.get_linesize() + t.px(4)
        lines: list[tuple[str, tuple[int, int, int]]] = [(line, th.INK) for line in self.readout.lines()]
        label = self.reading.label
        for problem in self.reading.spacing[:3]:
            lines.append(
                (
                    _(
                        "{piece} is {cm:.1f} cm from {other}",
                        piece=label(problem.piece),
                        cm=problem.distance / 10,
                        other=label(problem.other),
                    ),
                    (150, 90, 20),
                )
            )
        wrapped = [(art.wrap(text, small, inner.w), colour) for text, colour in lines]
        hover = self.readout.hover_line()
        hover_lines = art.wrap(hover, small, inner.w)[:2] if hover else []
        # what is under the pointer only below the readout's own lines, where they leave
        # it room (a small card of the roster under the pointer: the box still says what to do)
        needed = sum(len(text_lines) * small.get_linesize() + t.px(4) for text_lines, _colour in wrapped)
        if y + needed + small.get_linesize() * len(hover_lines) > inner.bottom:
            hover_lines = []
        bottom = inner.bottom - small.get_linesize() * len(hover_lines)
        for number, (text_lines, colour) in enumerate(wrapped):
            for k, line in enumerate(text_lines):
                if y + small.get_linesize() > bottom:
                    return
                more = k + 1 < len(text_lines) or number + 1 < len(wrapped)
                if more and y + 2 * small.get_linesize() > bottom:  # the last line that fits: cut, marked
                    line = art.ellipsize(line + " …", small, inner.w)
                art.text(surface, line, small, colour, (inner.x, y))
                y += small.get_linesize()
            y += t.px(4)
        if hover_lines:
            y = max(y, inner.bottom - small.get_linesize() * len(hover_lines))
            for line in hover_lines:
                art.text(surface, line, small, th.INK_SOFT, (inner.x, y))
                y += small.get_linesize()
