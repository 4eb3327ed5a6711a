"""The launcher: a card per game, continue the last game, load, settings, quit.

A game whose rules or data fail to load gets a card that says what is wrong
(`file:line: field: message`) instead of stopping the launcher. The first frame
shows each card with what is known without importing the game (its title from the
registry, its picture from data/GAME/game.yaml); right after it every game's rules
are imported and its data checked (doing that before would delay the window), and
the data is kept loaded for the game.
"""

from __future__ import annotations

import datetime as _dt
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import pygame

from tabletop.engine.data import DataError, load_bundled
from tabletop.engine.gamedata import game_picture
from tabletop.games import registry
from tabletop.i18n import _, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import marked
from tabletop.ui.layers import Dialog, Layer

if TYPE_CHECKING:
    from pathlib import Path

    from pygame_gui.elements import UIButton

    from tabletop.engine.rules import GameRules
    from tabletop.engine.saves import SaveInfo
    from tabletop.ui.app import App

T = TypeVar("T")


@dataclass
class GameInfo:
    """One launcher card: a game; once imported, its rules, or why they could not
    be loaded."""

    id: str
    #: None until the rules are imported (after the first frame), or when they failed to
    rules: GameRules | None = None
    error: str = ""

    @property
    def title(self) -> str:
        return game_title(self.id)

    @property
    def playable_rules(self) -> GameRules | None:
        """The rules, when they loaded and no fault was found in the game's data."""
        return self.rules if not self.error else None

    @property
    def playable(self) -> bool:
        """No fault found in the game's rules or data (none is known before they are
        imported and checked)."""
        return not self.error

    def load(self) -> None:
        """Import the game's rules (once); a failure becomes the card's error."""
        if self.rules is not None or self.error:
            return
        try:
            self.rules = registry.get(self.id)
        except DataError as err:
            self.error = str(err)
        except Exception as err:  # a broken game must not take the launcher down
            from tabletop.ui.app import fault_text

            traceback.print_exc()
            self.error = fault_text(err)

    def from_data(self, read: Callable[[], T]) -> T | None:
        """What `read` takes from the game's data (its picture, its description),
        or None when that finds a fault in the data, which the card then shows."""
        try:
            return read()
        except DataError as err:
            self.error = str(err)
            return None

    def check_data(self) -> None:
        """Import the game's rules, load and check its bundled data (kept for the
        game: its rules use the same); a fault becomes the card's error."""
        self.load()
        rules = self.playable_rules
        if rules is not None and rules.dataset is not None:
            self.from_data(lambda: load_bundled(rules.dataset))


def players_text(rules: GameRules) -> str:
    """How many players the game takes, for its card."""
    low, high = rules.player_limits()
    if low == high:
        return ngettext("{count} player", "{count} players", low)
    return _("{low}–{high} players", low=low, high=high)


def load_games(include_hidden: bool = False) -> list[GameInfo]:
    """Every registered game that has a screen (without test-only ones unless
    asked), none of them imported yet (GameInfo.load does that)."""
    return [GameInfo(game_id) for game_id in registry.ids(include_hidden) if registry.playable(game_id)]


def game_title(game_id: str) -> str:
    """A game's title from the registry, without importing the game (its id for a
    game tabletop does not know, such as a save's from another version)."""
    try:
        return marked(registry.title(game_id))
    except KeyError:
        return game_id


def when(iso: str) -> str:
    """An ISO time from a save as local date and time."""
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def picture(info: GameInfo, size: tuple[int, int]) -> pygame.Surface | None:
    """The game's launcher picture scaled to `size`, if it has one (none for a game
    with a fault)."""
    name = info.from_data(lambda: game_picture(info.id)) if not info.error else None
    image = art.sprite(name) if name else None
    return art.fitted(image, size) if image is not None else None


def draw_picture(surface: pygame.Surface, info: GameInfo, rect: pygame.Rect, radius: int) -> None:
    """The game's picture, or a drawn emblem (dice and cards) for a game without one,
    or warning stripes for a game that failed to load."""
    image = picture(info, rect.size)
    if image is None:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        if info.error:
            image.fill((120, 40, 30))
            step = max(12, rect.w // 12)
            for x in range(-rect.h, rect.w, step * 2):
                pygame.draw.polygon(
                    image, (150, 56, 40), [(x, rect.h), (x + step, rect.h), (x + step + rect.h, 0), (x + rect.h, 0)]
                )
            font = th.load_font(max(10, rect.h // 2), bold=True)
            art.text(image, "!", font, th.CREAM, image.get_rect().center, "center")
        else:
            image.blit(art.panel(rect.size, "felt", radius=0, border=0), (0, 0))
            size = rect.h // 2
            back = art.card_back((int(size * 0.7), size))
            image.blit(pygame.transform.rotate(back, 12), (rect.w // 2 - size // 1.3, rect.h // 4))
            image.blit(
                pygame.transform.rotate(art.die_face(size // 2, 5), -10),
                (rect.w // 2 + size // 8, rect.h // 2 - size // 6),
            )
    surface.blit(art.clip_rounded(image, radius), rect.topleft)


class Launcher(Layer):
    """The first screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = load_games(app.include_hidden)
        #: the games' data is checked once a frame has been drawn
        self.data_checked = False
        self.drawn = False
        self.cards: list[tuple[pygame.Rect, GameInfo]] = []
        self.hovered: str | None = None
        self.autosave: SaveInfo | None = None
        self.refresh_autosave()

    def refresh_autosave(self) -> None:
        from tabletop.engine.saves import latest_autosave, save_info

        path = latest_autosave()
        self.autosave = save_info(path) if path is not None else None

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
        y = self.menu.y
        self.continue_rect: pygame.Rect | None = None
        self.continue_button: UIButton | None = None
        if self.autosave is not None:
            plaque_h = t.fs(th.LARGE) + t.fs(th.SMALL) * 2 + button_h + t.px(70)
            self.continue_rect = pygame.Rect(self.menu.x, y, menu_w, plaque_h)
            self.continue_button = self.button(
                pygame.Rect(
                    self.menu.x + t.px(24), self.continue_rect.bottom - button_h - t.px(22), menu_w - t.px(48), button_h
                ),
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
        self._layout_cards(button_h)

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
            if info.playable:
                self.button(
                    pygame.Rect(inner.x, inner.bottom - button_h, inner.w, button_h),
                    _("New game"),
                    partial(self.new_game, info),
                    "#primary",
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
        """Every game's rules imported and its data loaded and checked (at the start
        of the frame after the first); a card whose game has a fault shows it, with
        "Show the problem" in place of "New game"."""
        self.data_checked = True
        if self not in self.app.layers:
            return
        for info in self.games:
            info.check_data()
        if any(info.error for info in self.games):
            self.app.rebuild(self)

    # -- commands ------------------------------------------------------------------

    def new_game(self, info: GameInfo) -> None:
        from tabletop.ui.newgame import NewGame

        info.load()  # when clicked before the rules were imported
        if info.rules is None or info.error:  # the card offers no new game
            self.show_problem(info)
            return
        try:
            screen = NewGame(self.app, info.id, info.rules)
        except DataError as err:
            info.error = str(err)
            self.show_problem(info)
            return
        self.app.set_scene(screen)

    def show_problem(self, info: GameInfo) -> None:
        self.app.message(_("{game} cannot be played", game=info.title), info.error)

    def continue_last(self) -> None:
        if self.autosave is not None:
            self.app.resume(self.autosave.path)

    def open_load(self) -> None:
        self.app.push(LoadDialog(self.app))

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
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if ctrl and event.key in (pygame.K_o, pygame.K_l):
                self.open_load()
                return True
            if ctrl and event.key == pygame.K_q:
                self.app.quit()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.autosave is not None:
                self.continue_last()
                return True
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        return [("Enter", _("Continue the last game")), ("Ctrl+O", _("Load a saved game")), ("Ctrl+Q", _("Quit"))]

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
                self._draw_card(surface, rect, info)
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

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, info: GameInfo) -> None:
        t = self.theme
        rules = info.playable_rules
        description = info.from_data(lambda: marked(rules.description)) if rules is not None else None
        lift = t.px(8) if self.hovered == info.id and info.playable else 0
        card = rect.move(0, -lift)
        art.drop_shadow(surface, card, t.px(22), t.px(24 + lift), (0, t.px(10 + lift)))
        surface.blit(art.panel(card.size, "parchment", radius=t.px(22), border=max(2, t.px(3))), card.topleft)
        inner = card.inflate(-t.px(40), -t.px(40))
        pic = pygame.Rect(inner.x, inner.y, inner.w, int(inner.w * 0.62))
        draw_picture(surface, info, pic, t.px(14))
        pygame.draw.rect(surface, th.WOOD, pic, max(1, t.px(2)), border_radius=t.px(14))
        y = pic.bottom + t.px(18)
        title_font = t.font(th.HEADING, bold=True)
        for line in art.wrap(info.title, title_font, inner.w)[:2]:  # a long title takes two lines
            art.text(surface, line, title_font, th.INK, (inner.x, y), max_width=inner.w)
            y += title_font.get_linesize() + t.px(2)
        body = t.font(th.BODY)
        bottom = inner.bottom - max(t.px(64), t.fs(th.BODY) + t.px(28)) - t.px(14)
        # the players and the description are drawn once the rules are imported
        if rules is not None and description is not None:
            players = players_text(rules)
            pawn = art.pawn(t.fs(th.BODY) + t.px(6), th.RED)
            count = min(rules.max_players, 4)
            step = pawn.get_width() - t.px(4)
            for k in range(count):
                surface.blit(
                    art.pawn(
                        t.fs(th.BODY) + t.px(6), ((200, 50, 40), (50, 90, 200), (236, 236, 226), (230, 140, 40))[k]
                    ),
                    (inner.x + k * step, y),
                )
            art.text(
                surface,
                players,
                t.font(th.BODY, bold=True),
                th.INK_SOFT,
                (inner.x + count * step + pawn.get_width() // 2, y + pawn.get_height() // 2),
                "midleft",
            )
            y += pawn.get_height() + t.px(14)
            art.text_block(surface, description, body, th.INK, pygame.Rect(inner.x, y, inner.w, bottom - y))
        elif info.error:  # a fault in its rules or data
            y += art.text_block(
                surface,
                _("This game cannot be loaded:"),
                t.font(th.BODY, bold=True),
                th.RED,
                pygame.Rect(inner.x, y, inner.w, bottom - y),
            ) + t.px(8)
            art.text_block(surface, info.error, t.font(th.SMALL), th.RED, pygame.Rect(inner.x, y, inner.w, bottom - y))

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
        small = t.font(th.SMALL)
        y = rect.y + pad + t.fs(th.LARGE) + t.px(14)
        line = f"{game_title(save.game)} · {', '.join(save.players)}"
        art.text(surface, line, t.font(th.SMALL, bold=True), th.CREAM, (rect.x + pad, y), max_width=rect.w - pad * 2)
        art.text(
            surface,
            _("saved {time}", time=when(save.updated)),
            small,
            (226, 208, 180),
            (rect.x + pad, y + small.get_linesize()),
            max_width=rect.w - pad * 2,
        )


class LoadDialog(Dialog):
    """The saved games, newest first; a save that cannot be opened says why."""

    design_size = (1300, 860)

    def __init__(self, app: App) -> None:
        from tabletop.engine.saves import list_saves

        super().__init__(app)
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
        from tabletop.ui.dialogs import button_row

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
            label = _("Really delete?") if asking else _("Delete")
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
            if isinstance(self.app.layers[0], Launcher):
                self.app.layers[0].refresh_autosave()
                self.app.rebuild(self.app.layers[0])
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
            state = _("finished") if info.over else ngettext("{count} move", "{count} moves", info.actions)
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
