"""The launcher: a card per game, continue the last game, load, settings, quit.

A game whose rules or data fail to load gets a card that says what is wrong
(`file:line: field: message`) instead of stopping the launcher.

When the program starts, the first frame comes before anything it does not show
is imported: it has the backdrop, the title and each card with what is known
without importing the game, the data layer or pygame_gui (its title from the
registry, its picture from data/GAME/game.yaml). Right after it every game's
rules are imported and its data checked (and kept loaded for the game), the last
autosave is read, and the widgets are made: the buttons, the Continue plaque,
each card's players and description. Back from a game, the launcher has all of
it from its first frame.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from tabletop.games import registry
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.cards import GameInfo, draw_card, draw_picture, game_title, load_games
from tabletop.ui.saves_list import LoadDialog, when
from tabletop.ui.shell import COMMAND_KEYS, Layer

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from tabletop.engine.saves import SaveInfo
    from tabletop.ui.shell import Shell


class Launcher(Layer):
    """The first screen."""

    def __init__(self, app: Shell, quick_start: bool = False) -> None:
        """`quick_start`: the program is starting, and the first frame comes before
        the games' data is checked and the widgets are made; otherwise (back from a
        game) they are there from the first frame."""
        super().__init__(app)
        self.games = load_games(app.include_hidden)
        #: the games' data is checked and the last autosave read (with `quick_start`
        #: once a frame has been drawn); the widgets are made then
        self.data_checked = False
        #: the launcher has left the window (the data check then does nothing)
        self.gone = False
        self.drawn = False
        self.cards: list[tuple[pygame.Rect, GameInfo]] = []
        self.hovered: str | None = None
        self.autosave: SaveInfo | None = None
        if not quick_start:
            self._read_data()

    def refresh_autosave(self) -> None:
        from tabletop.engine.saves import latest_autosave, save_info

        path = latest_autosave()
        self.autosave = save_info(path) if path is not None else None

    def has_widgets(self) -> bool:
        return self.data_checked

    def build(self) -> None:
        t = self.theme
        w, h = self.rect.size
        margin = t.px(80)
        self.title_pos = (margin, t.px(50))
        title_h = int(t.fs(th.HUGE) * 1.2) + int(t.fs(th.BODY) * 1.4) + t.px(40)
        menu_w = max(t.px(440), t.fs(th.BODY) * 19)
        self.menu = pygame.Rect(
            w - margin - menu_w, t.px(50) + title_h + t.px(10), menu_w, h - t.px(50) - title_h - margin
        )
        self.area = pygame.Rect(margin, self.menu.y, self.menu.x - margin * 2, self.menu.h)
        button_h = max(t.px(64), t.fs(th.BODY) + t.px(28))
        self._layout_cards(button_h)
        y = self.menu.y
        self.continue_rect: pygame.Rect | None = None
        self.continue_button: UIButton | None = None
        if not self.has_widgets():
            return
        if self.autosave is not None:
            pad = t.px(24)
            lines_h = self._plaque_lines()[-1]
            self.continue_rect = pygame.Rect(self.menu.x, y, menu_w, pad + lines_h + t.px(14) + button_h + t.px(22))
            self.continue_button = self.button(
                pygame.Rect(self.menu.x + pad, y + pad + lines_h + t.px(14), menu_w - pad * 2, button_h),
                _("Continue"),
                self.continue_last,
                "#gold",
                tooltip=_("Go on with the last game (Enter)"),
            )
            y = self.continue_rect.bottom + t.px(36)
        for label, command, tip in (
            (_("Load a saved game"), self.open_load, _("Ctrl+O")),
            (_("Settings"), self.open_settings, None),
            (_("Quit"), self.app.quit, _("Ctrl+Q")),
        ):
            self.button(pygame.Rect(self.menu.x, y, menu_w, button_h), label, command, tooltip=tip)
            y += button_h + t.px(18)

    def _layout_cards(self, button_h: int) -> None:
        t = self.theme
        self.cards = []
        count = len(self.games)
        if not count:
            return
        gap = t.px(44)
        card_w = min(t.px(470), (self.area.w - gap * (count - 1)) // count)
        card_h = min(self.area.h, int(card_w * 1.9))
        lefts = art.hstack([card_w] * count, self.area.w, gap)
        for x, info in zip(lefts, self.games, strict=False):
            rect = pygame.Rect(self.area.x + x, self.area.y, card_w, card_h)
            self.cards.append((rect, info))
            inner = rect.inflate(-t.px(40), -t.px(40))
            if not self.has_widgets():
                continue
            if info.playable:
                self.button(
                    pygame.Rect(inner.x, inner.bottom - button_h, inner.w, button_h),
                    _("New game"),
                    partial(self.new_game, info),
                    "#primary",
                )
                if registry.entry(info.id).units:
                    self.button(
                        pygame.Rect(inner.x, inner.bottom - button_h * 2 - t.px(14), inner.w, button_h),
                        _("Units"),
                        partial(self.open_units, info),
                        tooltip=_("Build, save and share units"),
                    )
            else:
                self.button(
                    pygame.Rect(inner.x, inner.bottom - button_h, inner.w, button_h),
                    _("Show the problem"),
                    partial(self.show_problem, info),
                )

    # -- the data check ----------------------------------------------------------------

    def is_animating(self) -> bool:
        """Wanting the frame after the first, before which the data is checked."""
        return not self.data_checked

    def check_data(self) -> None:
        """Every game's rules imported and its data loaded and checked, the last
        autosave read (at the start of the frame after the first, or when a key
        needs them sooner), then the widgets made; a card whose game has a fault
        shows it, with "Show the problem" in place of "New game"."""
        if self.data_checked or self.gone:
            return
        self._read_data()
        self.app.rebuild(self)

    def _read_data(self) -> None:
        self.data_checked = True
        for info in self.games:
            info.check_data()
        self.refresh_autosave()

    # -- commands ------------------------------------------------------------------

    def closed(self) -> None:
        self.gone = True

    def new_game(self, info: GameInfo) -> None:
        from tabletop.engine.data import DataError

        info.load()  # when clicked before the rules were imported
        if info.rules is None or info.error:  # the card offers no new game
            self.show_problem(info)
            return
        try:
            self.app.open_new_game(info.id, info.rules)
        except DataError as err:
            info.error = str(err)
            self.show_problem(info)

    def open_units(self, info: GameInfo) -> None:
        """The game's unit editor, over the launcher."""
        from tabletop.engine.data import DataError

        info.load()
        if info.rules is None or info.error:
            self.show_problem(info)
            return
        try:
            self.app.push(registry.unit_editor(info.id)(self.app))
        except DataError as err:
            info.error = str(err)
            self.show_problem(info)

    def show_problem(self, info: GameInfo) -> None:
        self.app.message(_("{game} cannot be played", game=info.title), info.error)

    def continue_last(self) -> None:
        if self.autosave is not None:
            self.app.resume(self.autosave.path)

    def open_load(self) -> None:
        self.app.push(LoadDialog(self.app, on_delete=self.saves_changed))

    def saves_changed(self) -> None:
        """A save was deleted: Continue offers the newest autosave left, if any."""
        self.refresh_autosave()
        self.app.rebuild(self)

    def open_settings(self) -> None:
        from tabletop.ui.dialogs import SettingsDialog

        self.app.push(SettingsDialog(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hovered = next((info.id for rect, info in self.cards if rect.collidepoint(event.pos)), None)
            changed = hovered != self.hovered
            self.hovered = hovered
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, info in self.cards:
                if rect.collidepoint(event.pos):
                    if info.playable:
                        self.new_game(info)
                    else:
                        self.show_problem(info)
                    return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & COMMAND_KEYS
            if ctrl and event.key in (pygame.K_o, pygame.K_l):
                self.open_load()
                return True
            if ctrl and event.key == pygame.K_q:
                self.app.quit()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.check_data()  # when pressed before the last autosave was read
                if self.autosave is not None:
                    self.continue_last()
                    return True
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            (pgettext("the key", "Enter"), _("Continue the last game")),
            (_("Ctrl+O"), _("Load a saved game")),
            (_("Ctrl+Q"), _("Quit")),
        ]

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        if not self.drawn:
            self.drawn = True
            self.app.after(0, self.check_data)
        surface.blit(art.table(self.rect.size), (0, 0))
        x, y = self.title_pos
        huge = t.font(th.HUGE, bold=True)
        title_rect = art.text(surface, _("tabletop"), huge, th.GOLD, (x, y), shadow=(20, 10, 4))
        art.text(
            surface,
            _("One screen in the middle of the table: pick a game, pass the laptop, play."),
            t.font(th.BODY, italic=True),
            (236, 220, 192),
            (x + t.px(4), title_rect.bottom + t.px(2)),
            shadow=(20, 10, 4),
        )
        if self.games:
            for rect, info in self.cards:
                draw_card(surface, rect, info, t, lifted=self.hovered == info.id and info.playable)
        else:
            self._draw_empty(surface)
        if self.continue_rect is not None and self.autosave is not None:
            self._draw_continue(surface, self.continue_rect, self.autosave)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        t = self.theme
        rect = pygame.Rect(
            0, 0, min(self.area.w, t.px(980)), max(t.px(320), t.fs(th.HEADING) + t.fs(th.BODY) * 4 + t.px(90))
        )
        rect.midtop = (self.area.centerx, self.area.y + t.px(40))
        art.draw_panel(surface, rect, "parchment", radius=t.px(20), shadow=t.px(20))
        pad = t.px(36)
        emblem = pygame.Rect(rect.x + pad, rect.y + pad, int((rect.h - pad * 2) * 1.3), rect.h - pad * 2)
        draw_picture(surface, GameInfo(""), emblem, t.px(14))
        pygame.draw.rect(surface, th.WOOD, emblem, max(1, t.px(2)), border_radius=t.px(14))
        x = emblem.right + pad
        heading = t.font(th.HEADING, bold=True)
        title = art.text(
            surface,
            _("No games to play yet"),
            heading,
            th.INK,
            (x, emblem.y + t.px(10)),
            max_width=rect.right - pad - x,
        )
        art.text_block(
            surface,
            _("The games appear here as cards once they are installed. Saved games can still be loaded."),
            t.font(th.BODY),
            th.INK_SOFT,
            pygame.Rect(x, title.bottom + t.px(16), rect.right - pad - x, emblem.bottom - title.bottom),
        )

    def _draw_continue(self, surface: pygame.Surface, rect: pygame.Rect, save: SaveInfo) -> None:
        t = self.theme
        art.draw_panel(surface, rect, "wood", radius=t.px(20), shadow=t.px(18))
        pad = t.px(24)
        art.text(
            surface,
            _("Continue the last game"),
            t.font(th.LARGE, bold=True),
            th.GOLD,
            (rect.x + pad, rect.y + pad),
            shadow=(0, 0, 0),
            max_width=rect.w - pad * 2,
        )
        _title, players_y, saved_y, _bottom = self._plaque_lines()
        line = f"{game_title(save.game)} · {', '.join(save.players)}"
        bold = t.font(th.SMALL, bold=True)
        art.text(surface, line, bold, th.CREAM, (rect.x + pad, rect.y + pad + players_y), max_width=rect.w - pad * 2)
        art.text(
            surface,
            _("saved {time}", time=when(save.updated)),
            t.font(th.SMALL),
            (226, 208, 180),
            (rect.x + pad, rect.y + pad + saved_y),
            max_width=rect.w - pad * 2,
        )

    def _plaque_lines(self) -> tuple[int, int, int, int]:
        """Where the Continue plaque's lines begin below its padding (its title, the
        game and players, when it was saved) and where they end, by the fonts'
        line heights."""
        t = self.theme
        players_y = t.font(th.LARGE, bold=True).get_linesize() + t.px(4)
        saved_y = players_y + t.font(th.SMALL, bold=True).get_linesize()
        return 0, players_y, saved_y, saved_y + t.font(th.SMALL).get_linesize()
