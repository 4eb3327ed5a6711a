"""The saved games: the dialog that lists them to load or delete, and how a
save's time is shown."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.cards import game_title
from tabletop.ui.layers import Dialog

if TYPE_CHECKING:
    from pathlib import Path

    from tabletop.engine.saves import SaveInfo
    from tabletop.ui.shell import Shell


def when(iso: str) -> str:
    """An ISO time from a save as local date and time."""
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


class LoadDialog(Dialog):
    """The saved games, newest first; a save that cannot be opened says why."""

    design_size = (1300, 860)

    def __init__(self, app: Shell, on_delete: Callable[[], Any] | None = None) -> None:
        from tabletop.engine.saves import list_saves

        super().__init__(app)
        #: told after a save is deleted (the launcher's Continue may have gone)
        self.on_delete = on_delete
        self.saves = list_saves()
        self.page = 0
        self.rows: list[tuple[pygame.Rect, SaveInfo]] = []
        #: the save whose Delete was clicked once
        self.deleting: Path | None = None
        #: where each row's text must end (left of its buttons), by save file
        self.text_right: dict[Path, int] = {}

    def dialog_title(self) -> str:
        return _("Load a saved game")

    def per_page(self) -> int:
        t = self.theme
        area = self.content_rect()
        usable = area.h - max(t.px(62), t.fs(th.BODY) + t.px(24)) - t.px(24)
        return max(1, usable // self.row_height())

    def row_height(self) -> int:
        t = self.theme
        return t.font(th.BODY, bold=True).get_linesize() + t.font(th.SMALL).get_linesize() * 2 + t.px(40)

    def build(self) -> None:
        from tabletop.ui.dialogs import button_row  # imported here: the launcher draws its first frame without

        super().build()
        t = self.theme
        area = self.content_rect()
        per = self.per_page()
        pages = max(1, -(-len(self.saves) // per))
        self.page = min(self.page, pages - 1)
        self.rows = []
        row_h = self.row_height()
        y = area.y
        bold = t.font(th.BODY, bold=True)
        open_w = max(t.px(150), bold.size(_("Open"))[0] + t.px(50))
        open_h = max(t.px(56), t.fs(th.BODY) + t.px(22))
        for info in self.saves[self.page * per : (self.page + 1) * per]:
            row = pygame.Rect(area.x, y, area.w, row_h - t.px(12))
            self.rows.append((row, info))
            x = row.right - t.px(16)
            if info.error is None:
                x -= open_w
                self.button(
                    pygame.Rect(x, row.centery - open_h // 2, open_w, open_h),
                    _("Open"),
                    partial(self.open, info),
                    "#primary",
                )
                x -= t.px(12)
            asking = self.deleting == info.path
            label = _("Really delete?") if asking else pgettext("a saved game", "Delete")
            delete_w = max(t.px(130), bold.size(label)[0] + t.px(40))
            self.button(
                pygame.Rect(x - delete_w, row.centery - open_h // 2, delete_w, open_h),
                label,
                partial(self.delete, info),
                "#gold" if asking else None,
                tooltip=_("Click twice to delete this save"),
            )
            self.text_right[info.path] = x - delete_w - t.px(20)
            y += row_h
        items: list[tuple[str, Callable[[], object], str | None]] = []
        if pages > 1:
            items.append((_("Previous"), lambda: self.turn(-1), None))
        items.append((_("Close"), lambda: self.app.pop(self), None))
        if pages > 1:
            items.append((_("Next"), lambda: self.turn(1), None))
        self.nav = button_row(self, area, items)
        if pages > 1:
            if self.page == 0:
                self.nav[0].disable()
            if self.page >= pages - 1:
                self.nav[-1].disable()
        self.pages = pages

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self.app.rebuild(self)

    def delete(self, info: SaveInfo) -> None:
        """The first click asks, the second deletes the file."""
        from tabletop.engine.saves import list_saves

        if self.deleting != info.path:
            self.deleting = info.path
        else:
            try:
                info.path.unlink()
            except OSError as err:
                self.app.toast(_("The save could not be deleted: {error}", error=err.strerror or str(err)))
            self.deleting = None
            self.saves = list_saves()
            if self.on_delete is not None:
                self.on_delete()
        self.app.rebuild(self)

    def open(self, info: SaveInfo) -> None:
        self.app.pop(self)
        self.app.resume(info.path)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT):
            self.turn(1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_LEFT):
            self.turn(-1)
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.theme
        area = self.content_rect()
        if not self.saves:
            art.text(
                surface,
                _("There are no saved games yet. Every game is saved as it is played."),
                t.font(th.BODY, italic=True),
                th.INK_SOFT,
                (area.centerx, area.y + t.px(40)),
                "midtop",
                max_width=area.w,
            )
            return
        bold = t.font(th.BODY, bold=True)
        small = t.font(th.SMALL)
        for row, info in self.rows:
            broken = info.error is not None
            art.rounded_rect(surface, row, (250, 226, 214) if broken else th.CREAM, t.px(14))
            pygame.draw.rect(
                surface, th.RED if broken else th.PARCHMENT_DARK, row, max(1, t.px(2)), border_radius=t.px(14)
            )
            x = row.x + t.px(20)
            width = self.text_right.get(info.path, row.right) - x
            top = row.y + t.px(12)
            if info.error is not None:  # broken
                art.text(
                    surface, _("Cannot be opened: {file}", file=info.path.name), bold, th.RED, (x, top), max_width=width
                )
                art.text_block(
                    surface,
                    info.error.message.render(),
                    small,
                    th.RED,
                    pygame.Rect(x, top + bold.get_linesize(), width, row.bottom - top - bold.get_linesize()),
                )
                continue
            kind = _("autosave") if info.path.parent.name == "autosave" else info.path.stem
            art.text(surface, f"{game_title(info.game)} — {kind}", bold, th.INK, (x, top), max_width=width)
            art.text(surface, ", ".join(info.players), small, th.INK, (x, top + bold.get_linesize()), max_width=width)
            if info.over:
                state = _("finished")
            elif info.over_unchecked:  # checked when opened
                state = _("said to be finished, not checked yet")
            else:
                state = ngettext("{count} move", "{count} moves", info.actions)
            art.text(
                surface,
                f"{when(info.updated)} · {state}",
                small,
                th.INK_SOFT,
                (x, top + bold.get_linesize() + small.get_linesize()),
                max_width=width,
            )
        if self.pages > 1:
            art.text(
                surface,
                _("Page {page} of {pages}", page=self.page + 1, pages=self.pages),
                small,
                th.INK_SOFT,
                (area.right, self.nav[0].rect.y - t.px(8)),
                "bottomright",
            )
