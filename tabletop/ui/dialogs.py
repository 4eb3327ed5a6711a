"""The dialogs: the game menu (Esc), save, settings, real dice, result."""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from tabletop.engine.core import ChanceSpec
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import marked
from tabletop.ui.layers import Dialog

if TYPE_CHECKING:
    from tabletop.engine.match import Match
    from tabletop.engine.saves import Autosaver
    from tabletop.ui.shell import Shell


class Table(Protocol):
    """What the game's dialogs (menu, save, real dice, result) use of the game
    screen below them."""

    match: Match
    saver: Autosaver | None

    def open_save(self) -> None: ...

    def roll(self, outcome: tuple[int, ...] | None = None) -> bool: ...


def button_row(
    dialog: Dialog,
    area: pygame.Rect,
    items: Sequence[tuple[str, Callable[[], object], str | None]],
    height: int | None = None,
) -> list[UIButton]:
    """Buttons side by side along the bottom of `area`, centred."""
    t = dialog.theme
    font = t.font(th.BODY, bold=True)
    height = height or max(t.px(62), font.get_height() + t.px(24))
    gap = t.px(20)
    widths = [max(t.px(200), font.size(label)[0] + t.px(56)) for label, _c, _o in items]
    lefts = art.hstack(widths, area.w, gap)
    return [
        dialog.button(pygame.Rect(area.x + x, area.bottom - height, w, height), label, command, object_id)
        for x, w, (label, command, object_id) in zip(lefts, widths, items, strict=False)
    ]


class MenuDialog(Dialog):
    """Esc in a game: resume, save, settings, back to the launcher, quit."""

    design_size = (560, 620)

    def __init__(self, app: Shell, screen: Table) -> None:
        super().__init__(app)
        self.screen = screen

    def dialog_title(self) -> str:
        return _("Menu")

    def build(self) -> None:
        super().build()
        t = self.theme
        area = self.content_rect()
        items = [
            (_("Resume"), lambda: self.app.pop(self), "#primary"),
            (_("Save game…"), self.save, None),
            (_("Settings…"), self.settings, None),
            (_("Back to the launcher"), self.app.open_launcher, None),
            (_("Quit"), self.app.quit, None),
        ]
        h = max(t.px(62), t.fs(th.BODY) + t.px(26))
        gap = max(t.px(14), (area.h - h * len(items)) // max(1, len(items) - 1))
        gap = min(gap, t.px(24))
        y = area.y
        for label, command, object_id in items:
            self.button(pygame.Rect(area.x, y, area.w, h), label, command, object_id)
            y += h + gap

    def save(self) -> None:
        self.app.pop(self)
        self.screen.open_save()

    def settings(self) -> None:
        self.app.pop(self)
        self.app.push(SettingsDialog(self.app))


SAFE_NAME = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


def save_path(name: str) -> Path | None:
    """The file a named save goes to, or None when the name has nothing usable."""
    from tabletop.engine.saves import saves_dir

    clean = SAFE_NAME.sub("", name).strip().strip(".")
    if not clean:
        return None
    return saves_dir() / f"{clean[:80]}.json"


class SaveDialog(Dialog):
    """Ctrl+S: save the game under a name."""

    design_size = (860, 460)

    def __init__(self, app: Shell, screen: Table) -> None:
        super().__init__(app)
        self.screen = screen
        stamp = _dt.datetime.now().strftime("%Y-%m-%d %H.%M")
        self.name = f"{marked(screen.match.rules.title)} {stamp}"
        self.error = ""
        #: the existing save the players were asked about replacing
        self.replacing: Path | None = None

    def dialog_title(self) -> str:
        return _("Save the game")

    def build(self) -> None:
        super().build()
        t = self.theme
        area = self.content_rect()
        # as tall as a line of the label's font (taller than the font's size)
        label_h = t.font(th.BODY).get_linesize() + t.px(6)
        self.label(pygame.Rect(area.x, area.y, area.w, label_h), _("Name of the save"))
        entry_h = t.fs(th.BODY) + t.px(26)
        self.field = self.entry(pygame.Rect(area.x, area.y + label_h + t.px(8), area.w, entry_h), self.name, limit=80)
        self.field.focus()
        self.field.edit_position = len(self.name)
        self.note_rect = pygame.Rect(area.x, self.field.rect.bottom + t.px(14), area.w, t.fs(th.SMALL) * 3)
        save = _("Replace") if self.replacing is not None else _("Save")
        button_row(self, area, [(_("Cancel"), lambda: self.app.pop(self), None), (save, self.save, "#primary")])

    def remember(self) -> None:
        self.name = self.field.get_text()

    def save(self) -> None:
        self.name = self.field.get_text()
        path = save_path(self.name)
        if path is None:
            self.error = _("Please type a name.")
            return
        if path.exists() and path != self.replacing:
            # ask first: the second Save (now "Replace") overwrites
            self.replacing = path
            self.app.rebuild(self)
            return
        try:
            if self.screen.saver is not None:
                self.screen.saver.save_as(path)
            else:
                from tabletop.engine.saves import save_match

                save_match(self.screen.match, path)
        except OSError as err:
            self.error = _("The game could not be saved: {error}", error=err.strerror or str(err))
            return
        self.app.pop(self)
        self.app.toast(_("Saved as “{name}”.", name=path.stem))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.field:
            self.save()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.error = ""
            if self.replacing is not None and save_path(self.field.get_text()) != self.replacing:
                self.replacing = None
                self.app.defer(lambda: self.app.rebuild(self))
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.theme
        if self.error:
            art.text(surface, self.error, t.font(th.SMALL, bold=True), th.RED, self.note_rect.topleft)
            return
        path = save_path(self.field.get_text())
        if path is not None and path == self.replacing:
            note = _("A save called “{name}” exists. Replace it with this game?", name=path.stem)
            art.text(
                surface, note, t.font(th.SMALL, bold=True), th.RED, self.note_rect.topleft, max_width=self.note_rect.w
            )
            return
        if path is not None and path.exists():
            note = _("A save with this name exists; you will be asked before it is replaced.")
        else:
            note = _("Saves are listed under Load in the launcher.")
        art.text(surface, note, t.font(th.SMALL), th.INK_SOFT, self.note_rect.topleft, max_width=self.note_rect.w)


class SettingsDialog(Dialog):
    """Language, dice, privacy curtain and full screen; kept in settings.json."""

    design_size = (1040, 700)

    def dialog_title(self) -> str:
        return _("Settings")

    def build(self) -> None:
        from tabletop import i18n

        super().build()
        t = self.theme
        area = self.content_rect()
        settings = self.app.settings
        label_w = int(area.w * 0.36)
        row_h = max(t.px(62), t.fs(th.BODY) + t.px(26))
        gap = t.px(24)
        y = area.y
        self.chips: dict[str, dict[str | bool, UIButton]] = {}
        self.language: UIDropDownMenu | None = None
        rows: list[tuple[str, str, list[tuple[str | bool, str]] | None]] = [
            ("language", _("Language"), None),
            ("dice_mode", _("Dice"), [("app", _("The app rolls")), ("physical", _("We roll real dice"))]),
            ("curtain", _("Privacy curtain"), [(True, _("On")), (False, _("Off"))]),
            ("fullscreen", _("Full screen"), [(True, _("On")), (False, _("Off"))]),
        ]
        for key, title, choices in rows:
            self.label(pygame.Rect(area.x, y, label_w, row_h), title, "#heading")
            x = area.x + label_w
            width = area.right - x
            if choices is None:
                options = [(name, code) for code, name in i18n.available_languages().items()]
                self.language = self.dropdown(pygame.Rect(x, y, width, row_h), options, i18n.language())
            else:
                self.chips[key] = {}
                chip_w = (width - t.px(14) * (len(choices) - 1)) // len(choices)
                for k, (value, text) in enumerate(choices):
                    chip = self.button(
                        pygame.Rect(x + k * (chip_w + t.px(14)), y, chip_w, row_h),
                        text,
                        partial(self.choose, key, value),
                        "#chip",
                    )
                    if getattr(settings, key) == value:
                        chip.select()
                    self.chips[key][value] = chip
            y += row_h + gap
        hint = {
            "dice_mode": _("With real dice, the players type in the faces they rolled."),
            "curtain": _("Before a player's secrets are shown, the others are asked to look away."),
        }
        self.hint_y = y
        self.hints = [hint["dice_mode"], hint["curtain"]]
        button_row(self, area, [(_("Done"), lambda: self.app.pop(self), "#primary")])

    def choose(self, key: str, value: str | bool) -> None:
        settings = self.app.settings
        if key == "fullscreen":
            self.app.set_fullscreen(value is True)  # its chips are On (True) and Off (False)
        else:
            setattr(settings, key, value)
            settings.save()
        for option, chip in self.chips.get(key, {}).items():
            chip.select() if option == value else chip.unselect()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.language:
            code = event.selected_option_id
            self.app.defer(lambda: self.app.set_language(code))
            return True
        return super().handle_event(event)

    def closed(self) -> None:
        self.app.settings_changed()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.theme
        area = self.content_rect()
        y = self.hint_y
        font = t.font(th.SMALL, italic=True)
        for hint in self.hints:
            art.text(surface, hint, font, th.INK_SOFT, (area.x, y), max_width=area.w)
            y += font.get_linesize() + t.px(4)


class DiceDialog(Dialog):
    """Real dice: the players click the face each die shows, then confirm."""

    design_size = (1000, 560)

    def __init__(self, app: Shell, screen: Table, spec: ChanceSpec) -> None:
        super().__init__(app)
        self.screen = screen
        self.spec = spec
        self.faces: list[int | None] = [None] * spec.count
        self.face_rects: list[list[tuple[pygame.Rect, int]]] = []
        # wide enough for a long roll's reason (a comparison names both warriors) in every language
        self.design_size = (min(1500, max(1240, 240 + spec.sides * 120)), 330 + spec.count * 150)

    def dialog_title(self) -> str:
        if self.spec.reason:
            return self.spec.reason.render(self.screen.match.player_names)
        return _("Roll the dice")

    def build(self) -> None:
        super().build()
        area = self.content_rect()
        self.confirm = None
        buttons = button_row(
            self, area, [(_("Let the app roll"), self.app_rolls, None), (_("Confirm"), self.done, "#primary")]
        )
        self.confirm = buttons[1]
        self._layout_faces(area)
        self._refresh()

    def _layout_faces(self, area: pygame.Rect) -> None:
        t = self.theme
        top = area.y + int(t.fs(th.BODY) * 1.8)
        bottom = area.bottom - max(t.px(62), t.fs(th.BODY) + t.px(24)) - t.px(24)
        row_h = (bottom - top) // max(1, self.spec.count)
        size = min(row_h - t.px(30), (area.w - t.px(12) * self.spec.sides) // max(1, self.spec.sides), t.px(110))
        size = max(16, size)
        self.face_rects = []
        for die in range(self.spec.count):
            y = top + die * row_h + (row_h - size) // 2
            lefts = art.hstack([size] * self.spec.sides, area.w, t.px(14))
            self.face_rects.append([(pygame.Rect(area.x + x, y, size, size), face + 1) for face, x in enumerate(lefts)])

    def _refresh(self) -> None:
        if self.confirm is None:
            return
        if all(f is not None for f in self.faces):
            self.confirm.enable()
        else:
            self.confirm.disable()

    def done(self) -> None:
        outcome = tuple(f for f in self.faces if f is not None)
        if len(outcome) < len(self.faces):
            return
        self.app.pop(self)
        self.screen.roll(outcome)

    def app_rolls(self) -> None:
        self.app.pop(self)
        self.screen.roll(None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for die, row in enumerate(self.face_rects):
                for rect, face in row:
                    if rect.collidepoint(event.pos):
                        self.faces[die] = face
                        self._refresh()
                        return True
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < self.spec.sides:
                face = event.key - pygame.K_0
                slot = next((i for i, f in enumerate(self.faces) if f is None), len(self.faces) - 1)
                self.faces[slot] = face
                self._refresh()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.done()
                return True
            if event.key == pygame.K_BACKSPACE:
                filled = [i for i, f in enumerate(self.faces) if f is not None]
                if filled:
                    self.faces[filled[-1]] = None
                    self._refresh()
                return True
        return super().handle_event(event)

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            (f"1 – {min(9, self.spec.sides)}", _("Enter the next die's face")),
            (pgettext("the key", "Enter"), _("Confirm the dice")),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.theme
        area = self.content_rect()
        art.text(
            surface,
            _("Roll the real dice, then click the face each die shows."),
            t.font(th.BODY),
            th.INK,
            (area.centerx, area.y),
            "midtop",
            max_width=area.w,
        )
        label_font = t.font(th.SMALL, bold=True)
        for die, row in enumerate(self.face_rects):
            if self.spec.count > 1 and row:
                art.text(
                    surface,
                    _("Die {number}", number=die + 1),
                    label_font,
                    th.INK_SOFT,
                    (row[0][0].x, row[0][0].y - t.px(6)),
                    "bottomleft",
                )
            for rect, face in row:
                chosen = self.faces[die] == face
                if chosen:
                    art.rounded_rect(surface, rect.inflate(t.px(16), t.px(16)), th.GOLD, t.px(18))
                else:
                    art.drop_shadow(surface, rect, rect.w // 5, t.px(6), (0, t.px(3)), alpha=90)
                image = art.die_face(rect.w, face, sides=self.spec.sides)
                if not chosen and self.faces[die] is not None:
                    image = image.copy()
                    image.set_alpha(120)
                surface.blit(image, rect)


class ResultDialog(Dialog):
    """The end of the match: who won, every score, back to the launcher."""

    design_size = (900, 640)

    def __init__(self, app: Shell, screen: Table) -> None:
        super().__init__(app)
        self.screen = screen
        self.design_size = (900, 380 + 80 * len(screen.match.players))

    def dialog_title(self) -> str:
        result = self.screen.match.result()
        names = self.screen.match.player_names
        if result is None or not result.winners:
            return _("The game is over")
        winners = [names[s] for s in result.winners]
        if len(winners) == 1:
            return _("{player} wins!", player=winners[0])
        return _("{players} win together!", players=", ".join(winners))

    def build(self) -> None:
        super().build()
        area = self.content_rect()
        button_row(
            self,
            area,
            [
                (_("Look at the table"), lambda: self.app.pop(self), None),
                (_("Back to the launcher"), self.app.open_launcher, "#primary"),
            ],
        )

    def draw(self, surface: pygame.Surface) -> None:
        from tabletop.ui.gameview import seat_colour

        super().draw(surface)
        t = self.theme
        match = self.screen.match
        result = match.result()
        area = self.content_rect()
        y = area.y
        if result is not None and result.message is not None:
            art.text(
                surface,
                result.message.render(match.player_names),
                t.font(th.BODY, italic=True),
                th.INK,
                (area.centerx, y),
                "midtop",
                max_width=area.w,
            )
            y += t.fs(th.BODY) + t.px(20)
        if result is None:
            return
        order = sorted(range(len(match.players)), key=lambda s: -result.scores[s] if s < len(result.scores) else 0)
        row_h = max(t.px(70), t.fs(th.LARGE) + t.px(26))
        name_font = t.font(th.LARGE, bold=True)
        for _rank, seat in enumerate(order):
            row = pygame.Rect(area.x + area.w // 8, y, area.w * 3 // 4, row_h - t.px(8))
            if seat in result.winners:
                art.rounded_rect(surface, row, (*th.GOLD, 140), t.px(14))
            pawn = art.pawn(int(row.h * 0.8), seat_colour(match, seat))
            surface.blit(pawn, pawn.get_rect(midleft=(row.x + t.px(16), row.centery)))
            art.text(
                surface,
                match.player_names[seat],
                name_font,
                th.INK,
                (row.x + pawn.get_width() + t.px(32), row.centery),
                "midleft",
            )
            if seat < len(result.scores):
                art.text(
                    surface,
                    str(result.scores[seat]),
                    name_font,
                    th.INK,
                    (row.right - t.px(20), row.centery),
                    "midright",
                )
            y += row_h
