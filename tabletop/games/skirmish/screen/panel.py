"""The panels beside the table: the tool bar on the left; on the right the side
panel with the palette of terrain and bases while the table is laid out, the
roster of the player's warriors in play, the readout, and the buttons that pass
the turn. Each panel is drawn once per change of what it shows (panel_cache.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish import art as sart
from tabletop.games.skirmish.play.state import ACTIVATION, END, INFESTATION, LAYOUT, NAMING, OVER
from tabletop.games.skirmish.screen.deployment import Placing
from tabletop.games.skirmish.screen.fight import Fight, Offer
from tabletop.games.skirmish.screen.hand import TOOLS, Hand, tool_label
from tabletop.games.skirmish.screen.missions import Missions
from tabletop.games.skirmish.screen.non_players import NonPlayers
from tabletop.games.skirmish.screen.palette import draw_palette
from tabletop.games.skirmish.screen.panel_cache import PanelCache
from tabletop.games.skirmish.screen.profile_card import ProfileCardArt, round_limits
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.screen.readout import InfoBox
from tabletop.games.skirmish.screen.roster import Roster
from tabletop.games.skirmish.screen.round_start import PHASES as ROUND_START
from tabletop.games.skirmish.screen.round_start import RoundStart
from tabletop.games.skirmish.screen.setting_up import PHASES as SETTING_UP
from tabletop.games.skirmish.screen.setting_up import SettingUp
from tabletop.games.skirmish.screen.tactics import Tactics
from tabletop.games.skirmish.screen.weather_badge import draw_badge
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, Hit, with_key


class Toolbar:
    """The tools, the two switches (reach, grid) and "show the whole table"."""

    def __init__(
        self, view: GameView, hand: Hand, cache: PanelCache, set_tool: Callable[[str], None], fit: Callable[[], None]
    ) -> None:
        self.view = view
        self.hand = hand
        self.cache = cache
        self.set_tool = set_tool
        self.fit = fit
        self.rect = pygame.Rect(0, 0, 0, 0)

    def toggle_reach(self) -> None:
        self.hand.show_reach = not self.hand.show_reach

    def toggle_grid(self) -> None:
        self.hand.show_grid = not self.hand.show_grid

    def key(self) -> tuple:
        hand = self.hand
        return (
            self.rect.topleft,
            self.rect.size,
            hand.tool,
            hand.show_reach,
            hand.show_grid,
            self.cache.pointer_control(self.rect),
        )

    def draw(self, surface: pygame.Surface) -> None:
        t = self.view.theme
        hand = self.hand
        bar = self.rect
        art.draw_panel(surface, bar, "wood", radius=t.px(14), shadow=t.px(8))
        size = min(bar.w - t.px(16), t.px(60))
        y = bar.y + t.px(10)
        key_font = t.font(th.SMALL * 0.8, bold=True)
        entries: list[tuple[str, str, bool, str, Callable[[], None]] | None] = [
            (name, key, hand.tool == name, f"tool-{name}", functools.partial(self.set_tool, name))
            for name, key, _k in TOOLS
        ]
        entries.append(None)
        entries += [
            ("reach", "A", hand.show_reach, "toggle-reach", self.toggle_reach),
            ("grid", "G", hand.show_grid, "toggle-grid", self.toggle_grid),
            ("fit", "0", False, "toggle-fit", self.fit),
        ]
        for entry in entries:
            if entry is None:
                pygame.draw.line(
                    surface,
                    th.GOLD_DARK,
                    (bar.x + t.px(12), y + t.px(4)),
                    (bar.right - t.px(12), y + t.px(4)),
                    max(1, t.px(2)),
                )
                y += t.px(14)
                continue
            name, key, active, hit_name, on_click = entry
            rect = pygame.Rect(0, 0, size, size)
            rect.midtop = (bar.centerx, y)
            if rect.bottom > bar.bottom - t.px(6):
                break
            hovered = rect.collidepoint(self.view.pointer)
            body = (246, 214, 140) if active else ((96, 64, 40) if not hovered else (128, 88, 56))
            art.rounded_rect(surface, rect, body, t.px(10))
            pygame.draw.rect(
                surface, th.GOLD_DARK if active else (60, 38, 22), rect, max(1, t.px(2)), border_radius=t.px(10)
            )
            ink = th.INK if active else th.CREAM
            surface.blit(sart.icon(name, int(size * 0.72), ink), (rect.x + int(size * 0.14), rect.y + int(size * 0.1)))
            art.text(surface, key, key_font, ink, (rect.right - t.px(5), rect.bottom - t.px(2)), "bottomright")
            self.view.hits.append(Hit(hit_name, rect, on_click, tooltip=with_key(tool_label(name), key)))
            y += size + t.px(8)


class SidePanel:
    """Whose turn it is, the palette or the roster, the readout and the buttons
    that pass the turn."""

    def __init__(
        self,
        view: GameView,
        reading: Reading,
        hand: Hand,
        placing: Placing,
        info: InfoBox,
        cache: PanelCache,
        choose: Callable[[str], None],
        fight: Fight,
        non_players: NonPlayers,
    ) -> None:
        self.view = view
        self.fight = fight
        self.non_players = non_players
        self.reading = reading
        self.hand = hand
        self.placing = placing
        self.info = info
        self.cache = cache
        self.choose = choose
        self.roster = Roster(view, reading, choose)
        self.round_start = RoundStart(view, reading, self.submit)
        self.missions = Missions(view, reading, self.submit)
        self.setting_up = SettingUp(view, reading, self.submit)
        self.tactics = Tactics(view, reading, self.submit)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def card_warrior(self) -> str | None:
        """The warrior whose card is shown large: the one selected, else the active one."""
        reading = self.reading
        if reading.setting_up:
            return None
        selected = self.hand.selected
        if selected is not None and selected in reading.warriors:
            return selected
        return reading.shown.active

    def submit(self, action: Action) -> bool:
        return self.view.ctx.submit(action)

    def key(self) -> tuple:
        return (
            self.rect.topleft,
            self.rect.size,
            self.reading.revision,
            self.reading.phase,
            self.reading.seat,
            self.hand.selected,
            self.hand.tool,
            self.placing.kind,
            self.placing.base,
            self.fight.armed,
            self.fight.abilities.asking(),
            self.roster.key(),
            self.round_start.key(),
            self.missions.key(),
            self.setting_up.key(),
            self.tactics.key(),
            self.non_players.key(),
            self.cache.pointer_control(self.rect),
            _("Ready"),
        )

    def draw(self, surface: pygame.Surface) -> None:
        view, reading = self.view, self.reading
        t = view.theme
        panel = self.rect
        art.draw_panel(surface, panel, "parchment", radius=t.px(16), shadow=t.px(10))
        inner = panel.inflate(-t.px(28), -t.px(24))
        heading = t.font(th.BODY, bold=True)
        small = t.font(th.SMALL)
        y = inner.y
        seat = reading.seat
        if reading.phase == LAYOUT:
            title = _("Laying out the table")
        elif reading.phase == OVER:
            title = _("The game is over")
        elif self.missions.choosing():
            title = _("Missions")
        elif reading.phase in SETTING_UP:
            title = self.setting_up.title()
        elif reading.shown.round == 0:
            title = _("Preparation")
        else:
            title = _("Round {number}", number=reading.shown.round)
        # the weather in force, at the heading's right (optional rule 3)
        room = inner.w - heading.size(title)[0] - t.px(12)
        badge = draw_badge(view, surface, inner.right, y, reading.shown.weather, room)
        art.text(surface, title, heading, th.INK, (inner.x, y), max_width=inner.w - badge)
        y += heading.get_linesize() + (t.px(4) if badge else 0)
        if seat is not None:
            token = art.token(t.fs(th.SMALL) // 2, view.ctx.colour(seat))
            surface.blit(token, token.get_rect(midleft=(inner.x, y + small.get_height() // 2)))
            room = inner.w - token.get_width() - t.px(8)
            # the fullest wording that fits whole (a long name drops the detail first)
            wordings = self._whose(seat)
            sub = next((text for text in wordings if small.size(text)[0] <= room), wordings[-1])
            # the shortest wording still too long (a long name, a longer language) takes a second line
            lines = 1 if small.size(sub)[0] <= room else 2
            block = pygame.Rect(inner.x + token.get_width() + t.px(8), y, room, small.get_linesize() * lines)
            y += art.text_block(surface, sub, small, th.INK_SOFT, block, line_gap=1.0) + t.px(8)
        buttons_h = max(t.px(54), t.fs(th.BODY) + t.px(22))
        self.roster.forget()
        bottom = inner.bottom - buttons_h
        fight_h = self._fight_height(inner.w, buttons_h)
        bottom -= fight_h
        strip = self.missions.strip_height(inner.w) if not self.missions.choosing() and not self.missions.over() else 0
        if strip:
            self.missions.draw_strip(surface, pygame.Rect(inner.x, y, inner.w, strip))
            y += strip
        if reading.phase == INFESTATION:
            y = self.non_players.draw_palette(surface, inner, y)
        elif reading.phase in (LAYOUT, *SETTING_UP):
            y = draw_palette(self.view, self.reading, self.placing, surface, inner, y)
        elif self.missions.choosing():
            self.missions.draw_choice(surface, pygame.Rect(inner.x, y, inner.w, bottom - y - t.px(8)))
            y = bottom - t.px(18)  # no room for the readout
        elif self.missions.over():
            self.missions.draw_sheet(surface, pygame.Rect(inner.x, y, inner.w, bottom - y - t.px(8)))
            y = bottom - t.px(18)
        elif self.tactics.showing() and seat is not None:
            self.tactics.draw_cards(surface, pygame.Rect(inner.x, y, inner.w, bottom - y - t.px(8)))
            y = bottom - t.px(8)
        elif seat is not None:
            shown = self.card_warrior()
            model = reading.warriors[shown] if shown is not None else None
            card = ProfileCardArt(t)
            entry = view.ctx.match.state.models.get(model.id) if model is not None else None
            round_left = round_limits(entry) if entry is not None else []
            card_h = card.height(model, inner.w, round_left) + t.px(8) if model is not None else 0
            roster_h = self.roster.height(inner.w, bottom - card_h - info_room(t) - y)
            roster = pygame.Rect(inner.x, y, inner.w, roster_h)
            y += roster_h + t.px(4)
            if model is not None:
                card.draw(
                    surface,
                    pygame.Rect(inner.x, y, inner.w, card_h - t.px(8)),
                    model,
                    view.ctx.colour(model.side),
                    round_left,
                )
                y += card_h
            self.roster.draw(surface, roster, shown)
        self.info.rect = pygame.Rect(inner.x, y + t.px(6), inner.w, bottom - y - t.px(18))
        # the buttons that pass the turn
        row = pygame.Rect(inner.x, bottom + fight_h, inner.w, buttons_h)
        if self.fight.pending() and not self.tactics.showing():
            self._draw_choice(surface, pygame.Rect(inner.x, bottom, inner.w, fight_h + buttons_h), buttons_h)
        elif self.missions.choosing():
            self.missions.draw_button(surface, row)
        elif reading.phase in SETTING_UP:
            note = self.setting_up.note()
            note_h = self._note_height(note, inner.w)
            art.text_block(surface, note, small, th.INK_SOFT, pygame.Rect(inner.x, bottom, inner.w, note_h))
            area = pygame.Rect(inner.x, bottom + note_h, inner.w, row.bottom - bottom - note_h)
            self.setting_up.draw(surface, area, buttons_h)
        elif reading.phase in ROUND_START:
            note = self.round_start.note()
            art.text_block(surface, note, small, th.INK_SOFT, pygame.Rect(inner.x, bottom, inner.w, fight_h))
            self.round_start.draw(surface, row)
        elif self.tactics.showing():
            note = self.tactics.note()
            if note:
                art.text_block(surface, note, small, th.INK_SOFT, pygame.Rect(inner.x, bottom, inner.w, fight_h))
            self.tactics.draw(surface, row)
        elif reading.phase == LAYOUT:
            half = (row.w - t.px(10)) // 2
            # with warriors down, the rules' word on those that may not start where they stand
            placed = seat is not None and any(m.side == seat for m in reading.shown.warriors)
            refusal = view.ctx.check(Action("ready")) if placed else None
            view.button(
                surface,
                "ready",
                pygame.Rect(row.x, row.y, half, row.h),
                _("Ready"),
                lambda: self.submit(Action("ready")),
                enabled=placed and refusal is None,
                colour=th.GOLD,
                tip=_("Your side of the table is laid out: say so"),
                reason=refusal or _("Place at least one of your warriors first."),
            )
            view.button(
                surface,
                "end_turn",
                pygame.Rect(row.right - half, row.y, half, row.h),
                _("Pass on"),
                lambda: self.submit(Action("end_turn")),
                enabled=seat is not None,
                key=pgettext("the key", "Enter"),
                tip=_("Hand the table to the other player"),
            )
        elif reading.phase == NAMING:
            half = (row.w - t.px(10)) // 2
            chosen = self.hand.selected
            may = chosen is not None and chosen in reading.warriors and reading.may_name(chosen)
            view.button(
                surface,
                "name",
                pygame.Rect(row.x, row.y, half, row.h),
                _("Counter") if reading.shown.named else _("Name"),
                lambda: self.submit(Action("name", model=chosen)) if chosen else None,
                enabled=may,
                colour=th.GOLD,
                tip=_("Name the selected warrior with its GES"),
                reason=_("Select one of your warriors that may be named (a counter needs a higher GES)."),
            )
            # the round's beginner may not pass before naming: the button says so
            refusal = view.ctx.check(Action("pass")) if seat is not None else None
            view.button(
                surface,
                "pass",
                pygame.Rect(row.right - half, row.y, half, row.h),
                _("Pass"),
                lambda: self.submit(Action("pass")),
                enabled=seat is not None and refusal is None,
                key=pgettext("the key", "Enter"),
                tip=_("Counter nobody: the warrior named stands") if reading.shown.named else _("Name nobody now"),
                reason=refusal or "",
            )
        elif reading.phase == ACTIVATION:
            self._draw_offers(surface, pygame.Rect(inner.x, bottom, inner.w, fight_h), buttons_h)
            if self.tactics.may_open():  # a card on the active warrior (Erste Hilfe): its hand behind the curtain
                offer_h = self._offer_h()
                self.tactics.draw_open(surface, pygame.Rect(row.x, row.y - offer_h - t.px(6), row.w, offer_h))
            view.button(
                surface,
                "done",
                row,
                _("End activation"),
                lambda: self.submit(Action("done")),
                enabled=seat is not None,
                colour=th.GOLD,
                key=pgettext("the key", "Enter"),
                tip=_("End the active warrior's activation"),
            )
        elif reading.shown.rage is not None:
            # one answer a row: side by side their words were cut off
            raging = reading.shown.rage
            view.button(
                surface,
                "rage_off",
                pygame.Rect(row.x, bottom, row.w, row.h),
                _("Remove a rage marker"),
                lambda: self.submit(Action("rage", model=raging, remove=True)),
                enabled=seat is not None,
                colour=th.GOLD,
                tip=_("Take one rage marker off {name}", name=reading.label(raging)),
            )
            view.button(
                surface,
                "rage_keep",
                row,
                _("Keep the rage"),
                lambda: self.submit(Action("rage", model=raging, remove=False)),
                enabled=seat is not None,
                tip=_("{name} keeps every rage marker", name=reading.label(raging)),
            )

    def _whose(self, seat: int) -> tuple[str, ...]:
        """Who does what now, in words: the fullest wording first, then shorter ones."""
        reading = self.reading
        player = self.view.ctx.names[seat]
        shown = reading.shown
        if reading.phase == LAYOUT:
            return (_("{player} is at the table", player=player),)
        if self.missions.choosing():
            return self.missions.whose(player)
        if reading.phase in ROUND_START:
            return self.round_start.whose(player)
        if reading.phase in SETTING_UP:
            return self.setting_up.whose(player)
        if self.tactics.showing():
            return self.tactics.whose(player)
        if self.fight.abilities.asking():
            return (_("{player} picks the zone to heal", player=player),)
        if self.fight.pending():
            return self.fight.whose(player)
        if reading.phase == NAMING and shown.named:
            last = shown.named[-1]
            name, ges = reading.label(last), reading.ges(last)
            return (
                _("{player} may counter {name} (GES {ges})", player=player, name=name, ges=ges),
                _("{player} may counter GES {ges}", player=player, ges=ges),
                _("{player} may counter", player=player),
            )
        if reading.phase == NAMING:
            return (_("{player} names a warrior", player=player),)
        if reading.phase == ACTIVATION and shown.active is not None:
            return (_("{name} acts for {player}", name=reading.label(shown.active), player=player),)
        if reading.phase == END and shown.rage is not None:
            return (_("{player} decides the rage of {name}", player=player, name=reading.label(shown.rage)),)
        if self.non_players.activating():
            return self.non_players.whose(player)
        return (_("End phase"),)

    # -- attacks ----------------------------------------------------------------------------

    def _fight_height(self, width: int, buttons_h: int) -> int:
        """The room above the bottom row the attacks take: the active warrior's attacks,
        or while an attack waits, the question (its options take the bottom row and more)."""
        t = self.view.theme
        fight = self.fight
        if self.reading.phase in ROUND_START:
            return self._note_height(self.round_start.note(), width)
        if self.reading.phase in SETTING_UP:
            extra_rows = self.setting_up.rows() - 1
            return self._note_height(self.setting_up.note(), width) + extra_rows * (buttons_h + t.px(6))
        if self.tactics.showing():
            return self._note_height(self.tactics.note(), width)
        if fight.pending():
            rows = max(0, len(self._rows([words for _action, words in fight.choices()], width, CHOICES_A_ROW)) - 1)
            lines = 3 * t.font(th.SMALL).get_linesize() + t.px(8)
            return lines + rows * (buttons_h + t.px(6))
        if self.reading.shown.rage is not None:
            return buttons_h + t.px(6)  # the rage's second answer
        opens = 1 if self.tactics.may_open() else 0  # "Tactical card ..." under the attacks
        return (len(self._offer_rows(width)) + opens) * (self._offer_h() + t.px(6))

    def _note_height(self, note: str, width: int) -> int:
        """The room a note above the buttons takes, wrapped as art.text_block draws it."""
        if not note:
            return 0
        small = self.view.theme.font(th.SMALL)
        return len(art.wrap(note, small, width)) * int(small.get_linesize() * 1.15) + self.view.theme.px(6)

    def _offer_h(self) -> int:
        t = self.view.theme
        return max(t.px(40), t.fs(th.SMALL) + t.px(18))

    def _rows(self, labels: list[str], width: int, least_a_row: int) -> list[list[tuple[int, int]]]:
        """Buttons in rows, each as wide as its label (1/`least_a_row` of the panel at
        least), every row stretched to the panel's width: (index, width) for each."""
        t = self.view.theme
        font = t.font(th.SMALL, bold=True)
        gap = t.px(6)
        least = (width - gap * (least_a_row - 1)) // least_a_row
        rows: list[list[tuple[int, int]]] = []
        used = width + 1
        for index, label in enumerate(labels):
            wide = min(width, max(least, font.size(label)[0] + t.px(18)))
            if used + gap + wide > width:
                rows.append([])
                used = -gap
            rows[-1].append((index, wide))
            used += gap + wide
        stretched = []
        for row in rows:
            spare = width - sum(wide for _index, wide in row) - gap * (len(row) - 1)
            share, rest = divmod(max(0, spare), len(row))
            stretched.append([(index, wide + share + (k < rest)) for k, (index, wide) in enumerate(row)])
        return stretched

    def _offer_rows(self, width: int) -> list[list[tuple[Offer, int]]]:
        """The offers in rows of buttons as wide as their labels."""
        offers = self.fight.offers()
        rows = self._rows([offer.label for offer in offers], width, OFFERS_A_ROW)
        return [[(offers[index], wide) for index, wide in row] for row in rows]

    def _draw_offers(self, surface: pygame.Surface, area: pygame.Rect, buttons_h: int) -> None:
        """The active warrior's attacks and abilities: a click takes one in hand, then a
        target on the table (or acts at once when it needs none)."""
        view, fight = self.view, self.fight
        t = view.theme
        gap = t.px(6)
        height = self._offer_h()
        y = area.y
        for row in self._offer_rows(area.w):
            x = area.x
            for offer, wide in row:
                view.button(
                    surface,
                    offer.name,
                    pygame.Rect(x, y, wide, height),
                    offer.label,
                    functools.partial(fight.arm, offer),
                    enabled=not offer.reason,
                    selected=fight.armed == (offer.kind, offer.item),
                    font_size=th.SMALL,
                    tip=fight.offer_tip(offer),
                    reason=offer.reason,
                )
                x += wide + gap
            y += height + gap

    def _draw_choice(self, surface: pygame.Surface, area: pygame.Rect, buttons_h: int) -> None:
        """The question of the attack under way and its options (nothing else may be done);
        while it waits for dice, only the question's place."""
        view, fight = self.view, self.fight
        t = view.theme
        small = t.font(th.SMALL)
        prompt = fight.choice_prompt() or _("The attack waits for its rolls.")
        y = area.y
        for line in art.wrap(prompt, small, area.w)[:3]:
            art.text(surface, line, small, th.INK, (area.x, y), max_width=area.w)
            y += small.get_linesize()
        y = area.y + 3 * small.get_linesize() + t.px(8)
        gap = t.px(6)
        choices = fight.choices()
        for row in self._rows([words for _action, words in choices], area.w, CHOICES_A_ROW):
            x = area.x
            for index, wide in row:
                action, words = choices[index]
                view.button(
                    surface,
                    f"choice-{index}",
                    pygame.Rect(x, y, wide, buttons_h),
                    words,
                    functools.partial(self.submit, action),
                    colour=th.GOLD,
                    font_size=th.SMALL,
                    tip=words,
                )
                x += wide + gap
            y += buttons_h + gap


def info_room(t: th.Theme) -> int:
    """The least room the roster leaves the readout below the large card: its
    heading and one line (the box's margins as readout.InfoBox draws them; the top
    bar's prompt says in full what to do)."""
    return t.font(th.SMALL, bold=True).get_linesize() + t.font(th.SMALL).get_linesize() + t.px(4 + 16 + 18 + 2)


#: buttons a row: the active warrior's attacks, the options of a choice
OFFERS_A_ROW = 3
CHOICES_A_ROW = 2
