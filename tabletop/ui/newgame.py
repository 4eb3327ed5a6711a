"""The new-game screen: players (names, colours, seats, who begins, and in a game
with units each player's unit), the game's options and an optional seed; Start
makes the Setup and the Match.

Each option's choices are chips (one click, nothing unfolds), placed in their
column by ui/options_column.py. When a game has more options than the window
shows, their column scrolls: the mouse wheel anywhere on the screen, Page Up /
Down, the arrow keys, or the scroll bar beside them.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UIScrollingContainer, UITextEntryLine

from tabletop.engine.core import IllegalAction, OptionSpec, PlayerInfo, Setup
from tabletop.engine.rules import WHO_BEGINS
from tabletop.games import registry
from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.cards import GameInfo, draw_picture
from tabletop.ui.gameview import marked
from tabletop.ui.options_column import HINT_LINE_GAP, fade_strip, plan_options
from tabletop.ui.shell import Layer

if TYPE_CHECKING:
    from tabletop.engine.rules import GameRules
    from tabletop.ui.shell import Shell

RANDOM = "random"
#: the width pygame_gui gives the scroll bar of a UIScrollingContainer (fixed)
SCROLL_BAR_W = 20

#: a kind of widget (moved into the options' scrolled area as it is)
W = TypeVar("W", bound=UIElement)


class NewGame(Layer):
    """Set up a match of one game."""

    def __init__(self, app: Shell, game_id: str, rules: GameRules) -> None:
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
        #: the options the player chose himself (the rules' suggestions leave them be)
        self.chosen: set[str] = set()
        #: a game with units: its unit editor, the units a player may pick (label,
        #: set-up value) and each seat's pick (an index into them)
        self.unit_editor = registry.unit_editor(game_id)
        self.unit_choices: list[tuple[str, Any]] = []
        self.seat_units: list[int] = [0] * len(self.seats)
        self.unit_menus: list[UIDropDownMenu] = []
        self.read_units()
        self.seed = ""
        self.error = ""
        self.names: list[UITextEntryLine] = []
        self.colour_menus: list[UIDropDownMenu] = []
        self.first_menu: UIDropDownMenu | None = None
        #: pixels the options are scrolled down (kept across rebuilds)
        self.options_scroll = 0
        self._fades: dict[tuple[int, int, bool, tuple[int, int]], pygame.Surface] = {}
        kept = app.new_game_forms.get(game_id)
        if kept is not None:
            self.restore(kept)

    # -- the form kept while the app runs ------------------------------------------

    def keep(self) -> None:
        """Keep the form as it is for the next time this game is set up."""
        self.remember()
        self.app.new_game_forms[self.game_id] = {
            "seats": [list(seat) for seat in self.seats],
            "first": self.first,
            "options": dict(self.options),
            "chosen": set(self.chosen),
            "units": [self.unit_choices[i][1] for i in self.seat_units] if self.unit_choices else [],
            "seed": self.seed,
        }

    def restore(self, kept: dict[str, Any]) -> None:
        """The form as it was kept; a unit no longer there falls back to the first choice."""
        self.seats = [list(seat) for seat in kept["seats"]]
        self.first = kept["first"]
        self.options = {**self.options, **kept["options"]}
        self.chosen = set(kept["chosen"])
        self.seed = kept["seed"]
        values = [value for _label, value in self.unit_choices]
        units = list(kept["units"]) + [None] * (len(self.seats) - len(kept["units"]))
        self.seat_units = [values.index(v) if v in values else 0 for v in units[: len(self.seats)]]

    # -- state -------------------------------------------------------------------

    def read_units(self) -> None:
        """The units the players may pick, read again (after the unit editor closes);
        each seat keeps its unit while it is still there."""
        if self.unit_editor is None:
            return
        old = [self.unit_choices[i][1] for i in self.seat_units] if self.unit_choices else []
        self.unit_choices = self.unit_editor.choices(self.rules)
        values = [value for _label, value in self.unit_choices]
        self.seat_units = [values.index(v) if v in values else 0 for v in old] or [0] * len(self.seats)

    def open_units(self) -> None:
        """The unit editor over this screen; the units are read again when it closes."""
        self.remember()

        def closed() -> None:
            self.read_units()
            self.app.rebuild(self)

        self.app.push(self.unit_editor(self.app, on_close=closed))

    def placeholder(self, seat: int) -> str:
        return _("Player {number}", number=seat + 1)

    def player_names(self) -> list[str]:
        return [name.strip() or self.placeholder(i) for i, (name, _c) in enumerate(self.seats)]

    def remember(self) -> None:
        for seat, entry in zip(self.seats, self.names, strict=False):
            seat[0] = entry.get_text()
        if getattr(self, "seed_entry", None) is not None:
            self.seed = self.seed_entry.get_text()
            self.options_scroll = self.options_scrolled()

    def add_seat(self) -> None:
        self.remember()
        used = {c for _n, c in self.seats}
        free = [key for key, _label, _rgb in self.colours if key not in used]
        if len(self.seats) < self.rules.max_players and free:
            self.seats.append(["", free[0]])
            self.seat_units.append(0)
            self.app.rebuild(self)

    def remove_seat(self, index: int) -> None:
        self.remember()
        if len(self.seats) > self.rules.min_players:
            del self.seats[index]
            del self.seat_units[index]
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
        return next((rgb for k, _l, rgb in self.colours if k == key), (128, 128, 128))

    def setup(self) -> Setup:
        """The Setup the form describes; ValueError says what the players must fix."""
        names = self.player_names()
        if self.chooses_first():
            first = random.SystemRandom().randrange(len(names)) if self.first == RANDOM else int(self.first)
        else:
            first = 0
        players = tuple(PlayerInfo(name, colour) for name, (_n, colour) in zip(names, self.seats, strict=False))
        setup = Setup(players, self.picked_options(), first)
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
        self.keep()
        self.app.new_game(self.game_id, setup, seed)

    def back(self) -> None:
        self.keep()
        self.app.open_launcher()

    # -- widgets -------------------------------------------------------------------

    def build(self) -> None:
        # the fades fit the panel of the old size
        self._fades.clear()
        t = self.theme
        w, h = self.rect.size
        margin = t.px(70)
        row_h = max(t.px(60), t.fs(th.BODY) + t.px(24))
        gap = t.px(16)
        self.header = pygame.Rect(
            margin, t.px(40), w - margin * 2, max(t.px(150), t.fs(th.TITLE) + t.fs(th.BODY) * 2 + t.px(30))
        )
        button_h = max(t.px(66), t.fs(th.LARGE) + t.px(26))
        top = self.header.bottom + t.px(36)
        bottom = h - margin // 2 - button_h - t.px(30)
        split = int((w - margin * 2 - t.px(40)) * 0.46)
        pad = t.px(30)
        heading_h = t.fs(th.LARGE) + t.fs(th.SMALL) + t.px(34)
        label_h = int(t.fs(th.BODY) * 1.5)
        # the players panel has room for every seat and who begins; the options scroll
        players_h = heading_h + (row_h + gap) * (self.rules.max_players + 1)
        if self.unit_editor is not None:  # each seat's unit under it, and the editor's button
            players_h += (row_h + gap) * self.rules.max_players
        if self.rules.players_choose_first:
            players_h += label_h + t.px(6) + row_h
        game_x = margin + split + t.px(40)
        game_w = w - margin - game_x
        shown = self.shown_specs()
        plan = plan_options(self.theme, shown, game_w - pad * 2)
        panel_h = min(bottom - top, max(players_h, heading_h + plan.height) + pad * 2)
        self.players_panel = pygame.Rect(margin, top, split, panel_h)
        self.game_panel = pygame.Rect(game_x, top, game_w, panel_h)
        self.options_view = pygame.Rect(
            game_x + pad, top + pad + heading_h, game_w - pad * 2, panel_h - pad * 2 - heading_h
        )
        if plan.height > self.options_view.h:
            plan = plan_options(self.theme, shown, self.options_view.w - SCROLL_BAR_W - t.px(14))
        self.options_plan = plan
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
        entry_x = inner.x + badge + t.px(14)
        entry_w = inner.right - entry_x - colour_w - t.px(14) - (remove_w + t.px(14) if can_remove else 0)
        self.unit_menus = []
        unit_options = [(label, str(i)) for i, (label, _value) in enumerate(self.unit_choices)]
        for index, (name, colour) in enumerate(self.seats):
            row = pygame.Rect(inner.x, y, inner.w, row_h)
            self.seat_rows.append(row)
            entry = self.entry(pygame.Rect(entry_x, y, entry_w, row_h), name, limit=24, ghost=True)
            self.names.append(entry)
            self.colour_menus.append(
                self.dropdown(pygame.Rect(entry_x + entry_w + t.px(14), y, colour_w, row_h), colour_options, colour)
            )
            if self.unit_editor is not None:
                y += row_h + gap // 2
                picked = str(self.seat_units[index]) if index < len(self.seat_units) else "0"
                self.unit_menus.append(
                    self.dropdown(pygame.Rect(entry_x, y, entry_w + t.px(14) + colour_w, row_h), unit_options, picked)
                )
            if can_remove:
                self.button(
                    pygame.Rect(row.right - remove_w, y, remove_w, row_h),
                    "×",
                    partial(self.remove_seat, index),
                    tooltip=_("Remove this player"),
                )
            y += row_h + gap
        if self.unit_editor is not None:
            self.button(
                pygame.Rect(
                    entry_x, y, max(t.px(260), t.font(th.BODY, bold=True).size(_("Units…"))[0] + t.px(60)), row_h
                ),
                _("Units…"),
                self.open_units,
                tooltip=_("Build, save and share units"),
            )
            y += row_h + gap
        if len(self.seats) < self.rules.max_players:
            add_w = t.font(th.BODY, bold=True).size(_("+ Add a player"))[0] + t.px(60)
            self.button(
                pygame.Rect(inner.x + badge + t.px(14), y, max(t.px(260), t.fs(th.BODY) * 10, add_w), row_h),
                _("+ Add a player"),
                self.add_seat,
            )
            y += row_h + gap
        self.first_menu = None
        self.first_rect: pygame.Rect | None = None
        if self.chooses_first():
            self.label(pygame.Rect(inner.x, y, inner.w, label_h), _("Who begins"), "#field")
            y += label_h + t.px(6)
            self.first_rect = pygame.Rect(inner.x, y, entry_x + entry_w - inner.x, row_h)
            self._first_menu(self.first_rect)
        # the game's options, in an area that scrolls when they are taller than the panel
        self.options_area = UIScrollingContainer(self.options_view, self.ui, allow_scroll_x=False)
        self.options_area.set_scrollable_area_dimensions((plan.width, plan.height))
        bar = self.options_area.vert_scroll_bar
        if bar is not None:
            # the wheel is handled in handle_event (anywhere on the screen), not only over a widget;
            # the scroll bar keeps this container as optional, though the setter's annotation omits None
            bar.set_container_to_check_hover_for_mousewheel_events(None)  # type: ignore[arg-type]
        for rect, content in plan.labels:
            self._in_options(self.label(rect, content, "#field"))
        self.option_chips: dict[str, list[UIButton]] = {}
        for rect, spec, index in plan.chips:
            value, label = spec.choices[index]
            chip = self._in_options(self.button(rect, marked(label), partial(self.choose, spec, index), "#chip"))
            if value == self.options.get(spec.key):
                chip.select()
            self.option_chips.setdefault(spec.key, []).append(chip)
        self.seed_entry = self._in_options(self.entry(plan.seed, self.seed, limit=10, numbers_only=True, ghost=True))
        self.scroll_options_to(self.options_scroll)
        if bar is not None:
            # pygame_gui makes the bar 0 px wide and widens it as the options come in: its arrows
            # keep a text laid out 0 px wide (none drawn) until they are laid out at their width
            for arrow in (bar.top_button, bar.bottom_button):
                if arrow is not None:
                    arrow.rebuild()
        # buttons under the panels
        bottom = self.players_panel.bottom
        button_font = t.font(th.LARGE, bold=True)
        start_w = max(t.px(340), button_font.size(_("Start the game"))[0] + t.px(70))
        self.start_button = self.button(
            pygame.Rect(w - margin - start_w, bottom + t.px(30), start_w, button_h),
            _("Start the game"),
            self.start,
            "#primary",
            tooltip=pgettext("the key", "Enter"),
        )
        back_w = max(t.px(220), button_font.size(_("Back"))[0] + t.px(70))
        self.back_button = self.button(
            pygame.Rect(margin, bottom + t.px(30), back_w, button_h), _("Back"), self.back, tooltip=_("Esc")
        )
        self.error_pos = (
            margin + back_w + t.px(30),
            bottom + t.px(30) + button_h // 2,
            w - margin * 2 - back_w - start_w - t.px(60),
        )

    def _in_options(self, widget: W) -> W:
        """Move a widget made by the Layer helpers (in the window) into the scrolled
        area; its rect is read in the area's own coordinates."""
        widget.set_container(self.options_area)
        return widget

    def choose(self, spec: OptionSpec, index: int) -> None:
        """Set option `spec` to its choice `index` and light up that chip."""
        self.chosen.add(spec.key)
        self._set(spec, index)
        self.suggest()

    def _set(self, spec: OptionSpec, index: int) -> None:
        self.options[spec.key] = spec.choices[index][0]
        for k, chip in enumerate(self.option_chips.get(spec.key, [])):
            chip.select() if k == index else chip.unselect()

    def picked_options(self) -> dict[str, Any]:
        """The options as picked, each seat's unit among them."""
        options = dict(self.options)
        if self.unit_editor is not None:
            for key, pick in zip(self.unit_editor.seat_options, self.seat_units, strict=False):
                options[key] = self.unit_choices[pick][1]
        return options

    def unused(self) -> frozenset[str]:
        return self.rules.unused_options(self.picked_options())

    def shown_specs(self) -> list[OptionSpec]:
        """The options that apply to the game as picked (a book game leaves some to the rules)."""
        unused = self.unused()
        return [spec for spec in self.specs if spec.key not in unused]

    def chooses_first(self) -> bool:
        """The players say who begins (not where the rules decide it)."""
        return self.rules.players_choose_first and WHO_BEGINS not in self.unused()

    def suggest(self) -> None:
        """Set the defaults that follow from the units and options picked (a game
        between two units starts on the empty table), unless chosen by hand."""
        for key, value in self.rules.suggested_options(self.picked_options()).items():
            spec = next((s for s in self.specs if s.key == key), None)
            if key in self.chosen or spec is None:
                continue
            values = [v for v, _label in spec.choices]
            if value in values:
                self._set(spec, values.index(value))

    # -- scrolling the options -------------------------------------------------------

    def options_scrolled(self) -> int:
        """How many pixels the options are scrolled down."""
        return self.options_view.y - self.options_area.get_container().rect.y

    def scroll_options_to(self, offset: float) -> None:
        """Scroll the options `offset` pixels down from the top (kept within them)."""
        content = self.options_area.get_container()
        most = max(0, content.rect.h - self.options_view.h)
        pixels = max(0, min(int(offset), most))
        content.set_relative_position((0, -pixels))
        bar = self.options_area.vert_scroll_bar
        if bar is not None and most:
            bar.set_scroll_from_start_percentage(pixels / content.rect.h)
            # the area is in place: the bar would move it again, a few pixels off (its thumb's size is rounded)
            bar.has_moved_recently = False
        self.options_scroll = pixels

    def scroll_options(self, pixels: float) -> None:
        self.scroll_options_to(self.options_scrolled() + pixels)

    def options_overflow(self) -> bool:
        """Whether the options are taller than their panel."""
        return self.options_plan.height > self.options_view.h

    def _first_menu(self, rect: pygame.Rect) -> None:
        """The "who begins" menu at `rect`, listing the players' names as they are now."""
        if self.first_menu is not None:
            self.first_menu.kill()
        options = [(_("Pick at random"), RANDOM)] + [(name, str(i)) for i, name in enumerate(self.player_names())]
        self.first_menu = self.dropdown(rect, options, self.first)

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
            if element in self.unit_menus:
                before = self.unused()
                self.seat_units[self.unit_menus.index(element)] = int(event.selected_option_id)
                self.error = ""
                self.suggest()
                if self.unused() != before:  # offer only the options that apply now
                    self.remember()
                    self.app.defer(lambda: self.app.rebuild(self))
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.names:
            self.remember()
            self.error = ""
            if self.first_rect is not None:
                self._first_menu(self.first_rect)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_options(-event.y * self.scroll_step())
            return True
        if event.type == pygame.KEYDOWN and self.app.focused_entry() is None:
            # while a name is typed the keys are the field's (Up, Down, Page Up/Down included)
            step = {
                pygame.K_UP: -self.scroll_step(),
                pygame.K_DOWN: self.scroll_step(),
                pygame.K_PAGEUP: -self.options_view.h * 0.8,
                pygame.K_PAGEDOWN: self.options_view.h * 0.8,
            }.get(event.key)
            if step is not None:
                self.scroll_options(step)
                return True
        return False

    def scroll_step(self) -> int:
        """Pixels one notch of the mouse wheel (or an arrow key) scrolls the options."""
        return self.theme.fs(th.BODY) * 3

    def shortcuts(self) -> list[tuple[str, str]]:
        keys = [(pgettext("the key", "Enter"), _("Start the game")), (_("Esc"), _("Back to the launcher"))]
        if self.options_overflow():
            keys += [
                (_("Page Up / Down"), _("Scroll the game's options")),
                ("↑ ↓", _("Scroll the game's options a little")),
            ]
        return keys

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(art.table(self.rect.size), (0, 0))
        header = self.header
        pic = pygame.Rect(header.x, header.y, int(header.h * 1.6), header.h)
        art.drop_shadow(surface, pic, t.px(14), t.px(16), (0, t.px(6)))
        draw_picture(surface, GameInfo(self.game_id, self.rules), pic, t.px(14))
        pygame.draw.rect(surface, th.GOLD_DARK, pic, max(2, t.px(3)), border_radius=t.px(14))
        x = pic.right + t.px(36)
        title = art.text(
            surface,
            _("New game: {game}", game=marked(self.rules.title)),
            t.font(th.TITLE, bold=True),
            th.GOLD,
            (x, header.y),
            shadow=(20, 10, 4),
            max_width=header.right - x,
        )
        art.text_block(
            surface,
            marked(self.rules.description),
            t.font(th.BODY),
            (240, 226, 200),
            pygame.Rect(x, title.bottom + t.px(6), header.right - x, header.bottom - title.bottom),
        )
        for panel, heading, sub in (
            (
                self.players_panel,
                _("Players"),
                self.players_sentence(),
            ),
            (self.game_panel, _("Game"), _("Options of this game")),
        ):
            art.draw_panel(surface, panel, "parchment", radius=t.px(20), shadow=t.px(20))
            pad = t.px(30)
            art.text(surface, heading, t.font(th.LARGE, bold=True), th.INK, (panel.x + pad, panel.y + pad))
            art.text(
                surface,
                sub,
                t.font(th.SMALL, italic=True),
                th.INK_SOFT,
                (panel.x + pad, panel.y + pad + t.fs(th.LARGE) + t.px(8)),
                max_width=panel.w - pad * 2,
            )
        for index, row in enumerate(self.seat_rows):
            colour = self.colour_rgb(self.seats[index][1])
            token = art.token(row.h // 2 - t.px(2), colour, ring=th.GOLD_DARK)
            rect = art.blit_centered(surface, token, (row.x + row.h // 2, row.centery))
            art.text(surface, str(index + 1), t.font(th.BODY, bold=True), art.ink_on(colour), rect.center, "center")
        for index, entry in enumerate(self.names):
            self.draw_field(surface, entry, self.placeholder(index))
        # the options' artwork scrolls with their widgets and is cut off where they are
        clip = surface.get_clip()
        surface.set_clip(self.options_view)
        origin = self.options_area.get_container().rect.topleft
        hint_font = t.font(th.SMALL, italic=True)
        for rect, hint in self.options_plan.hints:
            art.text_block(surface, hint, hint_font, th.INK_SOFT, rect.move(origin), line_gap=HINT_LINE_GAP)
        self.draw_field(surface, self.seed_entry, _("random"))
        surface.set_clip(clip)
        # why Start was refused, between the Back and Start buttons
        if self.error:
            x, cy, width = self.error_pos
            art.text(
                surface,
                self.error,
                t.font(th.BODY, bold=True),
                (255, 196, 170),
                (x, cy),
                "midleft",
                shadow=(0, 0, 0),
                max_width=width,
            )

    def players_sentence(self) -> str:
        """How many players the game takes, and where they sit."""
        low, high = self.rules.min_players, self.rules.max_players
        if low == high:
            return ngettext(
                "{count} player. Seats go clockwise around the table.",
                "{count} players. Seats go clockwise around the table.",
                high,
            )
        return ngettext(
            "{low} to {count} player. Seats go clockwise around the table.",
            "{low} to {count} players. Seats go clockwise around the table.",
            high,
            low=low,
        )

    def draw_over(self, surface: pygame.Surface) -> None:
        # options cut off by the top or bottom of their area fade into the parchment
        scrolled = self.options_scrolled()
        view = self.options_view
        fade = min(self.theme.px(40), view.h // 6)
        width = self.options_plan.width
        if scrolled > 0:
            surface.blit(self._fade(fade, width, True), view.topleft)
        if scrolled + view.h < self.options_plan.height:
            surface.blit(self._fade(fade, width, False), (view.x, view.bottom - fade))

    def _fade(self, height: int, width: int, top: bool) -> pygame.Surface:
        key = (height, width, top, self.game_panel.size)
        cached = self._fades.get(key)
        if cached is None:
            cached = self._fades[key] = fade_strip(self.theme, self.game_panel, self.options_view, key)
        return cached
