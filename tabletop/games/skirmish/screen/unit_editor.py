"""The unit editor: build a unit from the profile cards, check it as it grows, save
it by name, open and delete saved units, import a shared unit file.

Three panels side by side: the saved units (the bundled ones, then the player's
own, broken files with their reason); the cards to build from (a faction or a
stigma, then the cards of that symbol, each added with a click); and the unit
itself: its name, the points it is built to, its warriors (each named, one marked
as the leader, any removed), its points and strategy points adding up live and
every rule it breaks with the reason (play/units.py). It opens over the launcher
or the new-game screen and tells the screen below when it closes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from tabletop.engine.data import DataError
from tabletop.games.skirmish import unit_files
from tabletop.games.skirmish.card_schema import Warrior
from tabletop.games.skirmish.options import LAYOUT_UNIT, UNITS
from tabletop.games.skirmish.play import units
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.units import FACTION, KINDS, STIGMA, Unit
from tabletop.games.skirmish.screen.unit_card import UnitCardArt, attribute_line, band_colour
from tabletop.games.skirmish.unit_files import Saved
from tabletop.games.skirmish.unit_schema import MAX_NAME, POINT_LIMITS
from tabletop.i18n import _, marked, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.shell import Layer

if TYPE_CHECKING:
    from tabletop.engine.rules import GameRules
    from tabletop.ui.shell import Shell


def kind_label(kind: str) -> str:
    """A unit's kind as its chip names it."""
    return pgettext("unit", "Faction") if kind == FACTION else pgettext("unit", "Stigma")


def _shown_name(saved: unit_files.Saved) -> str:
    """A unit's name as the list shows it: a bundled unit's in the current language,
    a player's own as its player wrote it."""
    assert saved.unit is not None
    return marked(saved.unit.name) if saved.bundled else saved.unit.name


def new_unit() -> Unit:
    """An empty faction unit of the first faction, not yet named."""
    cards = starter_set()
    return Unit("", FACTION, next(iter(units.symbols(cards, FACTION))))


class UnitEditor(Layer):
    """The unit editor (see the module docstring); `on_close` runs when it closes."""

    modal = True
    #: the set-up entries of the players' units (the new-game screen fills them)
    seat_options = UNITS

    def __init__(self, app: Shell, on_close: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.on_close = on_close
        self.cards = starter_set()
        self.unit = new_unit()
        #: the player's file the unit was opened from (saving replaces it)
        self.source: Path | None = None
        self.import_path = ""
        #: what the last command said (a saved unit, a refused file ...) and whether it went wrong
        self.note = ""
        self.note_bad = False
        self.hovered: int | None = None
        self.refresh()

    # -- what a new-game screen offers -----------------------------------------------------

    @staticmethod
    def choices(rules: GameRules) -> list[tuple[str, Any]]:
        """The units a player may pick on the new-game screen, (label, set-up value):
        the layout's warriors, the bundled units, then the player's own legal ones."""
        found: list[tuple[str, Any]] = [(_("The table's warriors"), LAYOUT_UNIT)]
        for saved in unit_files.bundled() + unit_files.saved():
            if saved.unit is not None:
                found.append((_shown_name(saved), saved.unit.to_setup()))
        return found

    # -- state -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the saved units again."""
        self.saved: list[Saved] = unit_files.bundled() + unit_files.saved()

    def faults(self) -> list[units.Fault]:
        return units.faults(self.unit, self.cards)

    def _read_names(self) -> None:
        """The names typed so far (kept as they are typed: a rebuild shows them again)."""
        unit = self.unit
        unit = Unit(self.name_entry.get_text(), unit.kind, unit.symbol, unit.limit, unit.warriors)
        for index, entry in enumerate(self.member_entries):
            if index < len(unit.warriors):
                unit = unit.renamed(index, entry.get_text())
        self.unit = unit

    def change(self, unit: Unit) -> None:
        """Show `unit` (its widgets built again)."""
        self.unit = unit
        self.note = ""
        self.app.rebuild(self)

    # -- commands ----------------------------------------------------------------------------

    def choose_kind(self, kind: str) -> None:
        if kind == self.unit.kind:
            return
        symbol = next(iter(units.symbols(self.cards, FACTION if kind == FACTION else STIGMA)))
        self.change(
            Unit(self.unit.name, FACTION if kind == FACTION else STIGMA, symbol, self.unit.limit, self.unit.warriors)
        )

    def choose_symbol(self, symbol: str) -> None:
        u = self.unit
        self.change(Unit(u.name, u.kind, symbol, u.limit, u.warriors))

    def choose_limit(self, limit: int) -> None:
        u = self.unit
        self.change(Unit(u.name, u.kind, u.symbol, limit, u.warriors))

    def add(self, warrior: Warrior) -> None:
        self.change(self.unit.added(warrior.key, units.free_name(self.unit, warrior.name)))

    def remove(self, index: int) -> None:
        self.change(self.unit.removed(index))

    def lead(self, index: int) -> None:
        self.change(self.unit.led_by(index))

    def start_new(self) -> None:
        self.source = None
        self.change(new_unit())

    def open_saved(self, saved: Saved) -> None:
        if saved.unit is None:
            self.say(str(saved.problems[0]) if saved.problems else _("This unit file cannot be read."), bad=True)
            return
        self.source = None if saved.bundled else saved.path
        self.change(saved.unit)
        self.say(_("Opened {name}.", name=saved.unit.name))

    def delete(self, saved: Saved) -> None:
        unit_files.delete(saved.path)
        if self.source is not None and self.source == saved.path:
            self.source = None
        self.refresh()
        self.app.rebuild(self)
        self.say(_("Deleted {file}.", file=saved.path.name))

    def save(self) -> None:
        try:
            self.source = unit_files.save(self.unit, self.source)
        except ValueError as err:
            self.say(str(err), bad=True)
            return
        self.refresh()
        self.app.rebuild(self)
        self.say(_("Saved as {file}.", file=self.source.name))

    def import_file(self) -> None:
        path = Path(self.import_path.strip()).expanduser()
        if not self.import_path.strip():
            self.say(_("Type the path of a unit file to import."), bad=True)
            return
        try:
            saved_as = unit_files.import_file(path)
        except DataError as err:
            self.say(str(err.problems[0]) if err.problems else str(err), bad=True)
            return
        except (ValueError, OSError) as err:
            self.say(str(err), bad=True)
            return
        self.import_path = ""
        self.refresh()
        self.source = saved_as
        self.unit = unit_files.load(saved_as)
        self.app.rebuild(self)
        self.say(_("Imported as {file}.", file=saved_as.name))

    def say(self, note: str, bad: bool = False) -> None:
        """Tell the player how a command went (room is made for it)."""
        self.note, self.note_bad = note, bad
        self.app.rebuild(self)

    def close(self) -> None:
        self.app.pop(self)

    def closed(self) -> None:
        if self.on_close is not None:
            self.on_close()

    # -- widgets ------------------------------------------------------------------------------

    def build(self) -> None:
        t = self.theme
        w, h = self.rect.size
        margin = t.px(40)
        gap = t.px(26)
        pad = t.px(22)
        self.row_h = row_h = max(t.px(56), t.fs(th.BODY) + t.px(20))
        title_h = t.fs(th.HEADING) + t.px(10)
        close_w = max(t.px(200), t.font(th.BODY, bold=True).size(_("Close"))[0] + t.px(50))
        self.title_pos = (margin, margin)
        self.button(
            pygame.Rect(w - margin - close_w, margin, close_w, title_h), _("Close"), self.close, tooltip=_("Esc")
        )
        top = margin + title_h + t.px(20)
        height = h - top - margin
        inner_w = w - margin * 2 - gap * 2
        list_w, cards_w = inner_w * 20 // 100, inner_w * 39 // 100
        self.list_panel = pygame.Rect(margin, top, list_w, height)
        self.cards_panel = pygame.Rect(self.list_panel.right + gap, top, cards_w, height)
        self.unit_panel = pygame.Rect(
            self.cards_panel.right + gap, top, w - margin - self.cards_panel.right - gap, height
        )
        self.heading_h = t.fs(th.LARGE) + t.px(14)
        self._build_list(self.list_panel.inflate(-pad * 2, -pad * 2), row_h)
        self._build_cards(self.cards_panel.inflate(-pad * 2, -pad * 2), row_h)
        self._build_unit(self.unit_panel.inflate(-pad * 2, -pad * 2), row_h)

    def _build_list(self, inner: pygame.Rect, row_h: int) -> None:
        t = self.theme
        y = inner.y + self.heading_h
        # under the list: New unit, then the import's label, its path and its button
        bottom = inner.bottom - (row_h + t.px(10)) * 4
        self.saved_rows: list[tuple[pygame.Rect, Saved]] = []
        self.saved_hidden = 0
        for saved in self.saved:
            if y + row_h > bottom:
                self.saved_hidden += 1
                continue
            row = pygame.Rect(inner.x, y, inner.w, row_h)
            self.saved_rows.append((row, saved))
            delete_w = 0 if saved.bundled else row_h
            label = _shown_name(saved) if saved.unit is not None else _("{file} (broken)", file=saved.path.name)
            tip = _("A bundled unit") if saved.bundled else str(saved.path)
            chip = self.button(
                pygame.Rect(row.x, y, row.w - delete_w - (t.px(8) if delete_w else 0), row_h),
                label,
                partial(self.open_saved, saved),
                "#chip",
                tooltip=tip,
            )
            if self.source is not None and saved.path == self.source:
                chip.select()
            if not saved.bundled:
                self.button(
                    pygame.Rect(row.right - delete_w, y, delete_w, row_h),
                    "×",
                    partial(self.delete, saved),
                    tooltip=_("Delete this unit's file"),
                )
            y += row_h + t.px(8)
        y = inner.bottom - (row_h + t.px(10)) * 4 + t.px(10)
        self.button(pygame.Rect(inner.x, y, inner.w, row_h), _("New unit"), self.start_new)
        y += row_h + t.px(10)
        self.import_label_y = y
        y += t.fs(th.SMALL) + t.px(12)
        # the path has the row to itself (a path is long), the button goes under it
        self.import_entry = self.entry(pygame.Rect(inner.x, y, inner.w, row_h), self.import_path, ghost=True)
        y += row_h + t.px(8)
        import_w = max(t.px(130), t.font(th.BODY, bold=True).size(_("Import"))[0] + t.px(36))
        self.button(
            pygame.Rect(inner.right - import_w, y, import_w, row_h),
            _("Import"),
            self.import_file,
            tooltip=_("Copy a shared unit file into your units"),
        )

    def _build_cards(self, inner: pygame.Rect, row_h: int) -> None:
        t = self.theme
        chip_gap = t.px(10)
        y = inner.y + self.heading_h
        for kind, x, width in self._columns(inner, list(KINDS), chip_gap):
            chip = self.button(
                pygame.Rect(x, y, width, row_h), kind_label(kind), partial(self.choose_kind, kind), "#chip"
            )
            if kind == self.unit.kind:
                chip.select()
        y += row_h + chip_gap
        symbols = units.symbols(self.cards, self.unit.kind)
        keys = list(symbols)
        per_row = 3 if len(keys) > 4 else len(keys)
        # fewer to a row where a name would not fit its chip
        widest = max((t.font(th.SMALL).size(marked(name))[0] for name in symbols.values()), default=0) + t.px(24)
        while per_row > 1 and (inner.w - chip_gap * (per_row - 1)) // per_row < widest:
            per_row -= 1
        for start in range(0, len(keys), per_row):
            for key, x, width in self._columns(inner, keys[start : start + per_row], chip_gap):
                chip = self.button(
                    pygame.Rect(x, y, width, row_h), marked(symbols[key]), partial(self.choose_symbol, key), "#chip"
                )
                if key == self.unit.symbol:
                    chip.select()
            y += row_h + chip_gap
        y += t.px(6)
        self.gallery_hint_y = y
        y += t.fs(th.SMALL) + t.px(10)
        card_h = UnitCardArt(self.theme).height()
        eligible = units.eligible(self.cards, self.unit.kind, self.unit.symbol)
        # side by side where a card's lines fit whole, or where one column is too long
        need = UnitCardArt(self.theme).min_width(eligible)
        rows_fit = max(1, (inner.bottom - y + chip_gap) // (card_h + chip_gap))
        columns = 2 if (inner.w - chip_gap) // 2 >= need or len(eligible) > rows_fit else 1
        card_w = (inner.w - chip_gap * (columns - 1)) // columns
        self.gallery: list[tuple[pygame.Rect, Warrior]] = []
        for index, warrior in enumerate(eligible):
            row, column = divmod(index, columns)
            rect = pygame.Rect(inner.x + column * (card_w + chip_gap), y + row * (card_h + chip_gap), card_w, card_h)
            if rect.bottom > inner.bottom:
                break
            self.gallery.append((rect, warrior))

    def _build_unit(self, inner: pygame.Rect, row_h: int) -> None:
        t = self.theme
        y = inner.y + self.heading_h
        self.name_entry = self.entry(
            pygame.Rect(inner.x, y, inner.w, row_h), self.unit.name, limit=MAX_NAME, ghost=True
        )
        y += row_h + t.px(10)
        chip_gap = t.px(10)
        label_w = t.font(th.SMALL).size(_("Points limit"))[0] + t.px(12)
        self.limit_label = pygame.Rect(inner.x, y, label_w, row_h)
        limits = [str(limit) for limit in POINT_LIMITS]
        room = pygame.Rect(inner.x + label_w, y, inner.w - label_w, row_h)
        for limit, x, width in self._columns(room, limits, chip_gap):
            chip = self.button(pygame.Rect(x, y, width, row_h), limit, partial(self.choose_limit, int(limit)), "#chip")
            if int(limit) == self.unit.limit:
                chip.select()
        y += row_h + t.px(14)
        # Save at the bottom; above it the totals, what the editor said and the rules'
        # reasons, right under the warriors: their rows as tall as leaves room for
        # a few lines of reasons
        save_h = row_h
        save_w = max(t.px(220), t.font(th.LARGE, bold=True).size(_("Save"))[0] + t.px(60))
        self.button(
            pygame.Rect(inner.right - save_w, inner.bottom - save_h, save_w, save_h),
            _("Save"),
            self.save,
            "#primary",
            tooltip=_("Save the unit under its name in your units folder"),
        )
        self.members_top = y
        count = len(self.unit.warriors)
        figures_h = t.fs(th.BODY) + t.px(12)
        lines_h = sum(len(art.wrap(line, font, inner.w)) for line, font, _c in self.lines()) * self.line_step()
        least = figures_h + max(lines_h, 2 * self.line_step()) + save_h + t.px(20)
        smallest = t.fs(th.SMALL) + t.px(14)
        step = min(row_h + t.px(6), max(smallest, (inner.bottom - least - y) // count)) if count else row_h
        member_h = step - t.px(4)
        self.foot = pygame.Rect(inner.x, y + step * max(count, 1) + t.px(10), inner.w, 0)
        self.foot.h = inner.bottom - save_h - t.px(10) - self.foot.y
        self.member_rows: list[pygame.Rect] = []
        self.member_entries: list[UITextEntryLine] = []
        self.leader_chips: list[UIButton] = []
        font = t.font(th.SMALL, bold=True)
        lead_w = font.size(_("Leader"))[0] + t.px(30)
        info_w = max(font.size(ngettext("{count} pt", "{count} pts", 88))[0], t.fs(th.SMALL) * 7) + t.px(10)
        disc_w = member_h + t.px(8)
        for index, member in enumerate(self.unit.warriors):
            row = pygame.Rect(inner.x, y + index * step, inner.w, member_h)
            self.member_rows.append(row)
            x = row.x + disc_w
            entry_w = row.w - disc_w - info_w - lead_w - member_h - t.px(24)
            entry = self.entry(pygame.Rect(x, row.y, entry_w, member_h), member.name, limit=MAX_NAME, ghost=True)
            self.member_entries.append(entry)
            chip = self.button(
                pygame.Rect(row.right - member_h - t.px(8) - lead_w, row.y, lead_w, member_h),
                _("Leader"),
                partial(self.lead, index),
                "#chip",
                tooltip=_("Mark this warrior as the unit's leader"),
            )
            if member.leader:
                chip.select()
            self.leader_chips.append(chip)
            self.button(
                pygame.Rect(row.right - member_h, row.y, member_h, member_h),
                "×",
                partial(self.remove, index),
                tooltip=_("Take this warrior out of the unit"),
            )
        self.info_x = inner.x + disc_w + (inner.w - disc_w - info_w - lead_w - member_h - t.px(24)) + t.px(8)
        self.info_w = info_w - t.px(10)

    def _columns(self, rect: pygame.Rect, items: list[str], gap: int) -> list[tuple[str, int, int]]:
        """`items` side by side across `rect`: (item, x, width)."""
        if not items:
            return []
        width = (rect.w - gap * (len(items) - 1)) // len(items)
        return [(item, rect.x + i * (width + gap), width) for i, item in enumerate(items)]

    # -- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and (
            event.ui_element is self.name_entry or event.ui_element in self.member_entries
        ):
            self._read_names()  # the rules' reasons follow the names as they are typed
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.import_entry:
            self.import_path = self.import_entry.get_text()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self._card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._card_at(event.pos)
            if index is not None:
                warrior = self.gallery[index][1]
                self.app.defer(lambda: self.add(warrior))
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, (rect, _w) in enumerate(getattr(self, "gallery", [])) if rect.collidepoint(pos)), None)

    def shortcuts(self) -> list[tuple[str, str]]:
        return [(_("Esc"), _("Close the unit editor"))]

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(art.table(self.rect.size), (0, 0))
        art.text(surface, _("Units"), t.font(th.HEADING, bold=True), th.GOLD, self.title_pos, shadow=(20, 10, 4))
        pad = t.px(22)
        for panel, heading in (
            (self.list_panel, _("Saved units")),
            (self.cards_panel, _("Cards")),
            (self.unit_panel, _("The unit")),
        ):
            art.draw_panel(surface, panel, "parchment", radius=t.px(18), shadow=t.px(16))
            art.text(surface, heading, t.font(th.LARGE, bold=True), th.INK, (panel.x + pad, panel.y + pad))
        self._draw_list(surface)
        self._draw_cards(surface)
        self._draw_unit(surface)

    def _draw_list(self, surface: pygame.Surface) -> None:
        t = self.theme
        small = t.font(th.SMALL, italic=True)
        inner = self.list_panel.inflate(-t.px(44), -t.px(44))
        if self.saved_hidden:
            last = self.saved_rows[-1][0].bottom if self.saved_rows else inner.y + self.heading_h
            more = ngettext(
                "and {count} more: delete some to see it",
                "and {count} more: delete some to see them",
                self.saved_hidden,
            )
            art.text(surface, more, small, th.INK_SOFT, (inner.x, last + t.px(6)), max_width=inner.w)
        art.text(
            surface, _("Import a shared file:"), small, th.INK_SOFT, (inner.x, self.import_label_y), max_width=inner.w
        )
        self.draw_field(surface, self.import_entry, _("path of a .yaml file"))

    def _draw_cards(self, surface: pygame.Surface) -> None:
        t = self.theme
        inner = self.cards_panel.inflate(-t.px(44), -t.px(44))
        hint = _("Click a card to add the warrior to the unit.")
        art.text(
            surface, hint, t.font(th.SMALL, italic=True), th.INK_SOFT, (inner.x, self.gallery_hint_y), max_width=inner.w
        )
        card_art = UnitCardArt(t)
        factions = list(self.cards.factions)
        for index, (rect, warrior) in enumerate(self.gallery):
            colour = band_colour(factions.index(warrior.faction))
            stigma = marked(units.STIGMAS.get(warrior.stigma or "", ""))
            faction = marked(self.cards.factions[warrior.faction].name)
            second = _("{base} mm  {faction}  {stigma}", base=warrior.base, faction=faction, stigma=stigma)
            card_art.draw(surface, rect, warrior, colour, (attribute_line(warrior), second), index == self.hovered)

    def _draw_unit(self, surface: pygame.Surface) -> None:
        t = self.theme
        small = t.font(th.SMALL)
        self.draw_field(surface, self.name_entry, _("the unit's name"))
        art.text(surface, _("Points limit"), small, th.INK, (self.limit_label.x, self.limit_label.centery), "midleft")
        factions = list(self.cards.factions)
        for row, entry, member in zip(self.member_rows, self.member_entries, self.unit.warriors, strict=False):
            warrior = self.cards.warriors.get(member.card)
            colour = band_colour(factions.index(warrior.faction)) if warrior is not None else th.RED
            disc = art_disc(row.h, colour, member.name)
            surface.blit(disc, disc.get_rect(midleft=(row.x, row.centery)))
            self.draw_field(surface, entry, _("a name"))
            about = (
                ngettext("{card}, {count} pt", "{card}, {count} pts", warrior.points or 0, card=marked(warrior.name))
                if warrior
                else member.card
            )
            art.text(surface, about, small, th.INK_SOFT, (self.info_x, row.centery), "midleft", max_width=self.info_w)
        if not self.unit.warriors:
            art.text(
                surface,
                _("No warriors yet: click cards on the left to add them."),
                t.font(th.SMALL, italic=True),
                th.INK_SOFT,
                (self.foot.x, self.members_top),
                max_width=self.foot.w,
            )
        foot = self.foot
        total = units.points(self.unit, self.cards)
        sp = units.sp(self.unit, self.cards)
        figures = ngettext(
            "{count} of {limit} points · {sp} SP",
            "{count} of {limit} points · {sp} SP",
            total,
            limit=self.unit.limit,
            sp=sp,
        )
        colour = th.RED if total > self.unit.limit else th.INK
        art.text(surface, figures, t.font(th.BODY, bold=True), colour, (foot.x, foot.y))
        y = foot.y + t.fs(th.BODY) + t.px(12)
        faults = self.faults()
        self._draw_lines(surface, self.lines(faults), pygame.Rect(foot.x, y, foot.w, foot.bottom - y))
        # a warrior a rule refuses is ringed in red
        for where, _reason in faults:
            if (
                len(where) > 1
                and where[0] == "warriors"
                and isinstance(where[1], int)
                and where[1] < len(self.member_rows)
            ):
                row = self.member_rows[where[1]].inflate(t.px(8), t.px(6))
                art.rounded_rect(surface, row, th.RED, t.px(8), max(2, t.px(3)))

    def lines(
        self, faults: list[units.Fault] | None = None
    ) -> list[tuple[str, pygame.font.Font, tuple[int, int, int]]]:
        """What the editor said last, then every rule the unit breaks (or that it keeps them all)."""
        t = self.theme
        found = self.faults() if faults is None else faults
        lines = [("• " + reason.render(), t.font(th.SMALL), th.RED) for _where, reason in found]
        if not found:
            lines = [(_("Ready to play: every rule is kept."), t.font(th.SMALL, bold=True), th.GREEN)]
        if self.note:
            lines.insert(0, (self.note, t.font(th.SMALL, italic=True), th.RED if self.note_bad else th.INK_SOFT))
        return lines

    def line_step(self) -> int:
        return int(self.theme.font(th.SMALL).get_linesize() * 1.15)

    def _draw_lines(
        self,
        surface: pygame.Surface,
        lines: list[tuple[str, pygame.font.Font, tuple[int, int, int]]],
        area: pygame.Rect,
    ) -> None:
        """Wrapped lines in `area`, each whole or not at all; "and N more" for those left out."""
        small = self.theme.font(th.SMALL)
        step = self.line_step()
        y = area.y
        for index, (line, font, colour) in enumerate(lines):
            wrapped = art.wrap(line, font, area.w)
            left = len(lines) - index - 1
            need = len(wrapped) * step + (step if left else 0)
            if y + need > area.bottom and index:
                more = ngettext("… and {count} more", "… and {count} more", len(lines) - index)
                art.text(surface, more, small, th.RED, (area.x, y), max_width=area.w)
                return
            y += art.text_block(surface, line, font, colour, pygame.Rect(area.x, y, area.w, area.bottom - y))


def art_disc(size: int, colour: tuple[int, int, int], name: str) -> pygame.Surface:
    """The warrior's initials disc of the table, in its faction's band colour."""
    from tabletop.games.skirmish import art as sart

    return sart.warrior(size, colour, th.WOOD_DARK, sart.initials(name or "?"), False)
