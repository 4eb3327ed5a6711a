"""The new-game screen: players (names, colours, seats), who begins, the game's
options and an optional seed; Start makes the Setup and the Match."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop.engine.core import IllegalAction, PlayerInfo, Setup
from tabletop.i18n import _
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import marked
from tabletop.ui.layers import Layer

if TYPE_CHECKING:
    from tabletop.ui.app import App

RANDOM = "random"


class NewGame(Layer):
    """Set up a match of one game."""

    def __init__(self, app: "App", game_id: str, rules: Any) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = rules
        # reading colours and options may load the game's data (and raise DataError)
        self.colours = list(rules.colours())
        self.specs = list(rules.option_specs())
        count = min(rules.max_players, max(rules.min_players, 3), len(self.colours))
        self.seats: list[list[str]] = [["", self.colours[i][0]] for i in range(count)]
        self.first: str = "0"
        self.options: dict[str, Any] = rules.default_options()
        self.seed = ""
        self.error = ""
        self.names: list[Any] = []
        self.colour_menus: list[Any] = []
        self.first_menu = None

    # -- state -------------------------------------------------------------------

    def placeholder(self, seat: int) -> str:
        return _("Player {number}", number=seat + 1)

    def player_names(self) -> list[str]:
        return [name.strip() or self.placeholder(i) for i, (name, _c) in enumerate(self.seats)]

    def remember(self) -> None:
        for seat, entry in zip(self.seats, self.names):
            seat[0] = entry.get_text()
        if getattr(self, "seed_entry", None) is not None:
            self.seed = self.seed_entry.get_text()

    def add_seat(self) -> None:
        self.remember()
        used = {c for _n, c in self.seats}
        free = [key for key, _label, _rgb in self.colours if key not in used]
        if len(self.seats) < self.rules.max_players and free:
            self.seats.append(["", free[0]])
            self.app.rebuild(self)

    def remove_seat(self, index: int) -> None:
        self.remember()
        if len(self.seats) > self.rules.min_players:
            del self.seats[index]
            if self.first != RANDOM and int(self.first) >= len(self.seats):
                self.first = "0"
            self.app.rebuild(self)

    def set_colour(self, index: int, key: str) -> None:
        """Give seat `index` colour `key`; a seat that had it takes the old colour."""
        self.remember()
        old = self.seats[index][1]
        for seat in self.seats:
            if seat[1] == key:
                seat[1] = old
        self.seats[index][1] = key
        self.app.rebuild(self)

    def colour_rgb(self, key: str) -> tuple[int, int, int]:
        return next((tuple(rgb) for k, _l, rgb in self.colours if k == key), (128, 128, 128))  # type: ignore[return-value]

    def setup(self) -> Setup:
        """The Setup the form describes; ValueError says what the players must fix."""
        names = self.player_names()
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError(_("Every player needs a different name."))
        if self.rules.players_choose_first:
            first = random.SystemRandom().randrange(len(names)) if self.first == RANDOM else int(self.first)
        else:
            first = 0
        players = tuple(PlayerInfo(name, colour) for name, (_n, colour) in zip(names, self.seats))
        setup = Setup(players, dict(self.options), first)
        try:
            self.rules.check_setup(setup)
        except IllegalAction as err:
            raise ValueError(err.reason.render()) from err
        return setup

    def start(self) -> None:
        self.remember()
        try:
            setup = self.setup()
        except ValueError as err:
            self.error = str(err)
            return
        seed = int(self.seed) if self.seed.strip().isdigit() else random.SystemRandom().randrange(2**31)
        self.app.new_game(self.game_id, setup, seed)

    def back(self) -> None:
        self.app.to_launcher()

    # -- widgets -------------------------------------------------------------------

    def build(self) -> None:
        t = self.theme
        w, h = self.rect.size
        margin = t.px(70)
        row_h = max(t.px(60), t.fs(th.BODY) + t.px(24))
        gap = t.px(16)
        self.header = pygame.Rect(margin, t.px(40), w - margin * 2, max(t.px(150), t.fs(th.TITLE) + t.fs(th.BODY) * 2 + t.px(30)))
        button_h = max(t.px(66), t.fs(th.LARGE) + t.px(26))
        top = self.header.bottom + t.px(36)
        bottom = h - margin // 2 - button_h - t.px(30)
        split = int((w - margin * 2 - t.px(40)) * 0.56)
        pad = t.px(30)
        heading_h = t.fs(th.LARGE) + t.fs(th.SMALL) + t.px(34)
        label_h = int(t.fs(th.BODY) * 1.5)
        hint_h = t.fs(th.SMALL) + t.px(6)
        # both panels as tall as the larger content (room for every seat), at most to the buttons
        players_h = heading_h + (row_h + gap) * (self.rules.max_players + 1)
        game_h = heading_h + (label_h + t.px(6) + row_h + gap * 2) * (len(self.specs) + 1 + self.rules.players_choose_first)
        game_h += hint_h * (sum(1 for s in self.specs if s.help) + 1)
        panel_h = min(bottom - top, max(players_h, game_h) + pad * 2)
        self.players_panel = pygame.Rect(margin, top, split, panel_h)
        self.game_panel = pygame.Rect(self.players_panel.right + t.px(40), top, w - margin - self.players_panel.right - t.px(40), panel_h)
        # players
        inner = self.players_panel.inflate(-pad * 2, -pad * 2)
        y = inner.y + heading_h
        badge = row_h
        colour_w = max(t.px(200), int(inner.w * 0.3))
        self.names, self.colour_menus = [], []
        self.seat_rows: list[pygame.Rect] = []
        can_remove = len(self.seats) > self.rules.min_players
        remove_w = row_h if can_remove else 0
        colour_options = [(marked(label), key) for key, label, _rgb in self.colours]
        for index, (name, colour) in enumerate(self.seats):
            row = pygame.Rect(inner.x, y, inner.w, row_h)
            self.seat_rows.append(row)
            entry_x = row.x + badge + t.px(14)
            entry_w = row.right - entry_x - colour_w - t.px(14) - (remove_w + t.px(14) if can_remove else 0)
            entry = self.entry(pygame.Rect(entry_x, y, entry_w, row_h), name, limit=24, ghost=True)
            self.names.append(entry)
            self.colour_menus.append(self.dropdown(pygame.Rect(entry_x + entry_w + t.px(14), y, colour_w, row_h), colour_options, colour))
            if can_remove:
                self.button(pygame.Rect(row.right - remove_w, y, remove_w, row_h), "×",
                            lambda index=index: self.remove_seat(index), tooltip=_("Remove this player"))
            y += row_h + gap
        if len(self.seats) < self.rules.max_players:
            self.button(pygame.Rect(inner.x + badge + t.px(14), y, max(t.px(260), t.fs(th.BODY) * 10), row_h),
                        _("+ Add a player"), self.add_seat)
        # game settings
        inner = self.game_panel.inflate(-pad * 2, -pad * 2)
        y = inner.y + heading_h
        self.first_menu = None
        self.first_rect = None
        if self.rules.players_choose_first:
            self.label(pygame.Rect(inner.x, y, inner.w, label_h), _("Who begins"), "#field")
            y += label_h + t.px(6)
            self.first_rect = pygame.Rect(inner.x, y, inner.w, row_h)
            self._first_menu()
            y += row_h + gap * 2
        self.option_menus: dict[Any, Any] = {}
        self.option_hints: list[tuple[int, int, int, str]] = []
        for spec in self.specs:
            self.label(pygame.Rect(inner.x, y, inner.w, label_h), marked(spec.label), "#field")
            y += label_h + t.px(6)
            options = [(marked(label), str(i)) for i, (_value, label) in enumerate(spec.choices)]
            current = next((str(i) for i, (value, _l) in enumerate(spec.choices) if value == self.options.get(spec.key)), "0")
            menu = self.dropdown(pygame.Rect(inner.x, y, inner.w, row_h), options, current)
            self.option_menus[menu] = spec
            y += row_h + gap
            if spec.help:
                self.option_hints.append((inner.x, y, inner.w, marked(spec.help)))
                y += hint_h
            y += gap
        self.label(pygame.Rect(inner.x, y, inner.w, label_h), _("Seed (optional)"), "#field")
        y += label_h + t.px(6)
        self.seed_entry = self.entry(pygame.Rect(inner.x, y, min(inner.w, t.px(320)), row_h), self.seed,
                                     limit=10, numbers_only=True, ghost=True)
        self.seed_hint = (inner.x, y + row_h + t.px(8), inner.w)
        # buttons under the panels
        bottom = self.players_panel.bottom
        button_font = t.font(th.LARGE, bold=True)
        start_w = max(t.px(340), button_font.size(_("Start the game"))[0] + t.px(70))
        self.start_button = self.button(pygame.Rect(w - margin - start_w, bottom + t.px(30), start_w, button_h),
                                        _("Start the game"), self.start, "#primary", tooltip=_("Enter"))
        back_w = max(t.px(220), button_font.size(_("Back"))[0] + t.px(70))
        self.button(pygame.Rect(margin, bottom + t.px(30), back_w, button_h), _("Back"), self.back, tooltip=_("Esc"))
        self.error_pos = (margin + back_w + t.px(30), bottom + t.px(30) + button_h // 2, w - margin * 2 - back_w - start_w - t.px(60))

    def _first_menu(self) -> None:
        if self.first_menu is not None:
            self.first_menu.kill()
        options = [(_("Pick at random"), RANDOM)] + [(name, str(i)) for i, name in enumerate(self.player_names())]
        self.first_menu = self.dropdown(self.first_rect, options, self.first)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            element = event.ui_element
            if element in self.colour_menus:
                index = self.colour_menus.index(element)
                key = event.selected_option_id
                self.app.defer(lambda: self.set_colour(index, key))
                return True
            if element is self.first_menu:
                self.first = event.selected_option_id
                return True
            spec = self.option_menus.get(element)
            if spec is not None:
                value, _label = spec.choices[int(event.selected_option_id)]
                self.options[spec.key] = value
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.names:
            self.remember()
            self.error = ""
            if self.first_rect is not None:
                self._first_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        return [("Enter", _("Start the game")), ("Esc", _("Back to the launcher"))]

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        from tabletop.ui.launcher import GameInfo, draw_picture

        t = self.theme
        surface.blit(art.table(self.rect.size), (0, 0))
        header = self.header
        pic = pygame.Rect(header.x, header.y, int(header.h * 1.6), header.h)
        art.drop_shadow(surface, pic, t.px(14), t.px(16), (0, t.px(6)))
        draw_picture(surface, GameInfo(self.game_id, self.rules), pic, t.px(14))
        pygame.draw.rect(surface, th.GOLD_DARK, pic, max(2, t.px(3)), border_radius=t.px(14))
        x = pic.right + t.px(36)
        title = art.text(surface, _("New game: {game}", game=marked(self.rules.title)), t.font(th.TITLE, bold=True), th.GOLD,
                         (x, header.y), shadow=(20, 10, 4), max_width=header.right - x)
        art.text_block(surface, marked(self.rules.description), t.font(th.BODY), (240, 226, 200),
                       pygame.Rect(x, title.bottom + t.px(6), header.right - x, header.bottom - title.bottom))
        for panel, heading, sub in (
            (self.players_panel, _("Players"),
             _("{low} to {high} players. Seats go clockwise around the table.", low=self.rules.min_players, high=self.rules.max_players)),
            (self.game_panel, _("Game"), _("Options of this game")),
        ):
            art.draw_panel(surface, panel, "parchment", radius=t.px(20), shadow=t.px(20))
            pad = t.px(30)
            art.text(surface, heading, t.font(th.LARGE, bold=True), th.INK, (panel.x + pad, panel.y + pad))
            art.text(surface, sub, t.font(th.SMALL, italic=True), th.INK_SOFT,
                     (panel.x + pad, panel.y + pad + t.fs(th.LARGE) + t.px(8)), max_width=panel.w - pad * 2)
        for index, row in enumerate(self.seat_rows):
            colour = self.colour_rgb(self.seats[index][1])
            token = art.token(row.h // 2 - t.px(2), colour, ring=th.GOLD_DARK)
            rect = art.blit_centered(surface, token, (row.x + row.h // 2, row.centery))
            art.text(surface, str(index + 1), t.font(th.BODY, bold=True), art.ink_on(colour), rect.center, "center")
        for index, entry in enumerate(self.names):
            self.draw_field(surface, entry, self.placeholder(index))
        self.draw_field(surface, self.seed_entry, _("random"))
        for x, y, width, hint in self.option_hints:
            art.text(surface, hint, t.font(th.SMALL, italic=True), th.INK_SOFT, (x, y), max_width=width)
        x, y, width = self.seed_hint
        art.text(surface, _("Leave empty for a new game; the same seed deals the same game again."),
                 t.font(th.SMALL, italic=True), th.INK_SOFT, (x, y), max_width=width)
        if self.error:
            x, cy, width = self.error_pos
            art.text(surface, self.error, t.font(th.BODY, bold=True), (255, 196, 170), (x, cy), "midleft",
                     shadow=(0, 0, 0), max_width=width)
