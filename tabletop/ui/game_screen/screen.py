"""The game screen: the layout of its parts, acting, the curtain's state, input,
the board's tooltips (see the package's summary)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.core import CHANCE, Action, Event, IllegalAction
from tabletop.i18n import _, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.game_screen.curtain import draw_curtain
from tabletop.ui.game_screen.log import LOG_FONT, GameLog
from tabletop.ui.game_screen.players import draw_players
from tabletop.ui.game_screen.top_bar import draw_top_bar
from tabletop.ui.game_screen.tray import DiceTray
from tabletop.ui.gameview import GameView, Tooltip, ViewContext, marked, plain_key, seat_colour
from tabletop.ui.shell import COMMAND_KEYS, Layer

if TYPE_CHECKING:
    from pygame_gui.core.interfaces import IUITooltipInterface
    from pygame_gui.elements import UIButton

    from tabletop.engine.match import Match
    from tabletop.engine.saves import Autosaver
    from tabletop.ui.shell import Shell

#: a board control's tooltip shows once the pointer has rested on it this long (s)
TOOLTIP_DELAY = 0.6


def view_for(match: Match, ctx: ViewContext) -> GameView:
    """The game's registered view, constructed for `ctx`; LookupError when the
    game has no screen."""
    from tabletop.games import registry

    view_class = registry.view_class(match.rules.id)
    if view_class is None:
        raise LookupError(_("{game} has no screen in this version of tabletop.", game=marked(match.rules.title)))
    return view_class(ctx)


class GameScreen(Layer):
    """One match on the table."""

    def __init__(
        self,
        app: Shell,
        match: Match,
        saver: Autosaver | None = None,
        reveal: int | None = None,
        interactive: bool = True,
        closed: bool = False,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.saver = saver
        #: False for offscreen drawing: nothing is rolled and no dialog opens
        self.interactive = interactive
        self.holder: int | None = None
        #: the seat whose secrets are shown now (the curtain is open for it)
        self.revealed: int | None = None
        self._forced = reveal
        #: the curtain is open because the holder had nothing to hide (not opened by them)
        self._open_by_itself = False
        #: offscreen: draw the curtain closed in front of the secrets' holder
        self._closed = closed
        self.ctx = ViewContext(match, self.submit, lambda: self.revealed, lambda: self.theme)
        self.view = view_for(match, self.ctx)
        self.tray = DiceTray()
        self.log = GameLog()
        self._result_shown = False
        #: the autosave failure the players were told about (None: autosaving works)
        self._autosave_failure: OSError | None = None
        self.sync_curtain()
        self.board = pygame.Rect(0, 0, 0, 0)
        self.felt = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.tray_rect = pygame.Rect(0, 0, 0, 0)
        #: the window size and the panels' rects the backdrop was drawn for
        self._backdrop_key: tuple[tuple[int, ...], ...] | None = None
        self._backdrop_surface: pygame.Surface | None = None
        #: the backdrop with the top bar, the players and the log on it, and what they showed
        self._chrome_key: tuple | None = None
        self._chrome_surface: pygame.Surface | None = None
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        #: the board control whose tooltip is due or shown, and the shown tooltip
        self._tip: Tooltip | None = None
        self._tip_widget: IUITooltipInterface | None = None
        self._pointer: tuple[int, int] = (-1, -1)

    # -- curtain -------------------------------------------------------------------

    def sync_curtain(self) -> None:
        """Hide the secrets when their holder changes; show them at once when the
        curtain is off (or when drawing offscreen for a given seat). A holder with
        nothing to hide finds the curtain open; it closes once the holder comes to
        hold a secret (the others have been watching the screen)."""
        rules, state = self.match.rules, self.match.state
        holder = rules.secret_holder(state)
        if self._forced is not None or not self.interactive:
            self.holder = holder
            self.revealed = None if self._closed else self._forced if self._forced is not None else holder
            return
        secret = holder is not None and rules.holds_secret(state, holder)
        if holder != self.holder or holder != self.revealed or (self._open_by_itself and secret):
            self.revealed = None
            self._open_by_itself = False
        self.holder = holder
        if holder is not None and self.revealed is None:
            if not self.app.settings.curtain:
                self.revealed = holder
            elif not secret:
                self.revealed = holder
                self._open_by_itself = True

    @property
    def curtain_seat(self) -> int | None:
        """The seat the closed curtain waits for (None: the curtain is open)."""
        return self.holder if self.revealed is None else None

    @property
    def curtain_closed(self) -> bool:
        return self.curtain_seat is not None

    def reveal(self) -> None:
        """The holder has the laptop: open the curtain for that seat."""
        if self.curtain_closed:
            self.revealed = self.holder
            self.view.on_events([])

    def curtain_rect(self) -> pygame.Rect:
        area = self.view.private_area
        return pygame.Rect(area) if area is not None else pygame.Rect(self.felt)

    # -- layout --------------------------------------------------------------------

    def build(self) -> None:
        self._tip, self._tip_widget = None, None  # it went with the old UIManager
        t = self.theme
        w, h = self.rect.size
        margin = t.px(22)
        button_font = t.font(th.BODY, bold=True)
        bar_h = max(t.px(92), t.fs(th.LARGE) + t.fs(th.SMALL) + t.px(34))
        self.bar = pygame.Rect(0, 0, w, bar_h)
        side_w = max(int(w * 0.255), t.px(430))
        body_top = bar_h + margin
        self.board = pygame.Rect(margin, body_top, w - side_w - margin * 3, h - body_top - margin)
        self.felt = self.board.inflate(-t.px(28), -t.px(28))
        side_x = self.board.right + margin
        name_h = t.fs(th.BODY) + t.fs(th.SMALL)
        row_h = max(t.px(64), name_h + t.px(22))
        players_h = row_h * len(self.match.players) + t.px(58) + t.fs(th.BODY)
        self.players_rect = pygame.Rect(side_x, body_top, side_w, players_h)
        self.row_h = row_h
        if self.match.rules.uses_dice:
            tray_h = max(t.px(176), int(t.fs(th.SMALL) * 1.6) + t.px(120))
            rows = self.view.dice_rows
            if rows > 1:  # a line and a row of dice per roll, two lines of outcome
                line = t.font(th.SMALL).get_linesize()
                tray_h = max(tray_h, rows * (line + t.px(56)) + 2 * line + t.px(44))
            self.tray_rect = pygame.Rect(side_x, self.players_rect.bottom + margin, side_w, tray_h)
            log_top = self.tray_rect.bottom + margin
        else:  # a game without dice gives the tray's room to the log
            self.tray_rect = pygame.Rect(side_x, self.players_rect.bottom, side_w, 0)
            log_top = self.players_rect.bottom + margin
        self.log_rect = pygame.Rect(side_x, log_top, side_w, h - margin - log_top)
        # top bar buttons, right aligned
        items = [
            ("undo", _("Undo"), self.undo, _("Take back the last move (Ctrl+Z)")),
            ("redo", _("Redo"), self.redo, _("Play the move taken back again (Ctrl+Y)")),
            ("save", _("Save"), self.open_save, _("Save this game under a name (Ctrl+S)")),
            ("help", _("Help"), self.app.toggle_help, _("Keys and help (F1)")),
            ("menu", _("Menu"), self.open_menu, _("Menu: settings, launcher, quit (Esc)")),
        ]
        bh = max(t.px(56), button_font.get_height() + t.px(22))
        x = w - margin
        self.buttons: dict[str, UIButton] = {}
        for key, label, command, tip in reversed(items):
            bw = max(t.px(110), button_font.size(label)[0] + t.px(44))
            x -= bw
            self.buttons[key] = self.button(
                pygame.Rect(x, (bar_h - bh) // 2, bw, bh),
                label,
                command,
                "#gold" if key == "menu" else None,
                tooltip=tip,
            )
            x -= t.px(12)
        self.bar_text_right = x - t.px(20)
        self.view.layout(self.felt)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        if not getattr(self, "buttons", None):
            return
        can_act = self.interactive and not self.match.over
        for key, allowed in (("undo", self.match.can_undo and can_act), ("redo", self.match.can_redo and can_act)):
            if allowed:
                self.buttons[key].enable()
            else:
                self.buttons[key].disable()

    def opened(self) -> None:
        if self.interactive:
            self.after_change([], settle=True)
        else:
            self.view.on_events([])

    # -- acting ----------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Play `action` for the seat to act; an illegal one shows its reason."""
        if not self.interactive:
            return False
        try:
            events = self.match.act(action)
        except IllegalAction as err:
            self.app.toast(err.reason.render(self.match.player_names))
            return False
        self.after_change(events)
        return True

    def settle(self) -> list[Event]:
        """Roll the chance steps the app decides (not the dice of real-dice mode)."""
        return self.match.settle_chance(physical_dice=self.app.settings.dice_mode == "physical")

    def after_change(self, events: Sequence[Event], settle: bool = True) -> None:
        """After an action, roll, undo or redo: settle chance, curtain, animations,
        buttons; then the dice dialog or the result when due."""
        events = list(events)
        if settle:
            events += self.settle()
        self.hide_tooltip()
        self.sync_curtain()
        self.view.on_events(events)
        self.tray.on_events(events)
        if events:
            self.log.scroll = 0
        self.refresh_buttons()
        self._follow_up()
        self._check_autosave()

    def _check_autosave(self) -> None:
        """Tell the players when autosaving fails (a dialog the first time, a note
        after every further move) and when it works again."""
        saver = self.saver
        error = saver.error if saver is not None else None
        if not self.interactive or (error is None and self._autosave_failure is None):
            return
        if saver is None or error is None:
            self._autosave_failure = None
            self.app.toast(_("Autosaving works again: the game is saved."))
            return
        reason = error.strerror or str(error)
        if self._autosave_failure is None:
            self.app.message(
                _("The game could not be autosaved"),
                _(
                    "tabletop could not write the autosave file\n{file}\n({error}).\n\n"
                    "The game goes on and tabletop tries again after every move; the last autosave "
                    "it wrote is kept as it was. Free some disk space or fix the folder's permissions, "
                    "or save the game elsewhere under a name (Ctrl+S).",
                    file=str(saver.path),
                    error=reason,
                ),
            )
        else:
            self.app.toast(_("Still not autosaved: {error}", error=reason))
        self._autosave_failure = error

    def _follow_up(self) -> None:
        from tabletop.ui.dialogs import DiceDialog, ResultDialog

        if self.app.top is not self:
            return
        if self.match.over:
            if not self._result_shown:
                self._result_shown = True
                self.app.push(ResultDialog(self.app, self))
            return
        spec = self.match.chance_spec()
        if spec is not None and spec.physical and self.app.find(DiceDialog) is None:
            self.app.push(DiceDialog(self.app, self, spec))

    def roll(self, outcome: tuple[int, ...] | None = None) -> bool:
        """Settle the pending dice with the faces the players rolled (None: the app rolls)."""
        try:
            events = self.match.roll(outcome)
        except IllegalAction as err:
            self.app.toast(err.reason.render(self.match.player_names))
            return False
        self.after_change(events)
        return True

    def undo(self) -> None:
        if self.interactive and not self.match.over and self.match.undo():
            self.after_change([], settle=True)
        elif self.interactive and not self.match.over:
            self.app.toast(_("Nothing to undo: dice rolls and cards shown cannot be taken back."))

    def redo(self) -> None:
        if not self.interactive or self.match.over:
            return
        try:
            done = self.match.redo()
        except IllegalAction as err:
            self.app.toast(err.reason.render(self.match.player_names))
            return
        if done:
            self.after_change(self.match.history[-1] if self.match.history else [])
        else:
            self.app.toast(_("Nothing to redo."))

    def open_save(self) -> None:
        from tabletop.ui.dialogs import SaveDialog

        if self.interactive:
            self.app.push(SaveDialog(self.app, self))

    def open_menu(self) -> None:
        from tabletop.ui.dialogs import MenuDialog

        if self.interactive:
            self.app.push(MenuDialog(self.app, self))

    def settings_changed(self) -> None:
        self.after_change([], settle=True)

    # -- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            used = self._handle(event)
            self._follow_pointer(event.pos)
            return used
        if kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.hide_tooltip()
        return self._handle(event)

    def _handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.escape()
            if self.app.focused_entry() is not None:
                return False  # a focused text field takes the keys as text, not as shortcuts
            ctrl = event.mod & COMMAND_KEYS
            if ctrl and event.key == pygame.K_z:
                self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
                return True
            if ctrl and event.key == pygame.K_y:
                self.redo()
                return True
            if ctrl and event.key == pygame.K_s:
                self.open_save()
                return True
            if not plain_key(event):
                return False  # Ctrl+E is not E: the view only ever sees plain keys
            if event.key in (pygame.K_SPACE, pygame.K_RETURN) and self.curtain_closed:
                self.reveal()
                return True
            if event.key == pygame.K_PAGEUP:
                self.log.scroll_by(self.log.rect.h // 2)
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.log.scroll_by(-self.log.rect.h // 2)
                return True
            if event.key == pygame.K_d and self.match.chance_spec() is not None:
                self._follow_up()
                return True
            return self.view.handle_event(event)
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.curtain_closed and self.curtain_rect().collidepoint(event.pos):
                self.reveal()
                return True
            if self.tray_rect.collidepoint(event.pos) and self.match.chance_spec() is not None:
                self._follow_up()
                return True
        if kind == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.app.mouse_pos()):
                self.log.scroll_by(event.y * self.theme.fs(LOG_FONT) * 3)
                return True
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.curtain_closed and self.curtain_rect().collidepoint(event.pos):
                return False
            return self.view.handle_event(event)
        if kind == pygame.MOUSEWHEEL:
            return self.view.handle_event(event)
        return False

    def escape(self) -> bool:
        """Esc: the view puts down what is in hand; with nothing in hand, the menu."""
        if not self.view.put_down():
            self.open_menu()
        return True

    # -- the board's tooltips ----------------------------------------------------------

    def board_tooltip(self, pos: tuple[int, int]) -> Tooltip | None:
        """The tooltip of the board control under `pos` (none behind the curtain)."""
        if not self.felt.collidepoint(pos) or (self.curtain_closed and self.curtain_rect().collidepoint(pos)):
            return None
        return self.view.tooltip_at(pos)

    def _follow_pointer(self, pos: tuple[int, int]) -> None:
        """The pointer moved: a new control's tooltip is due after TOOLTIP_DELAY."""
        self._pointer = pos
        tip = self.board_tooltip(pos)
        if tip == self._tip:
            return
        self.hide_tooltip()
        self._tip = tip
        if tip is not None:
            self.app.after(TOOLTIP_DELAY, lambda: self._show_tooltip(tip))

    def _show_tooltip(self, tip: Tooltip) -> None:
        if tip != self._tip or self._tip_widget is not None or self.app.top is not self:
            return
        text = "<br>".join(html.escape(line) for line in tip.text.split("\n"))
        # a tooltip of the board, not of a widget: pygame_gui's UITooltip takes no parent
        # element (None), which create_tool_tip's annotation leaves out
        self._tip_widget = self.ui.create_tool_tip(
            text,
            (self._pointer[0], tip.rect.centery),
            (0, tip.rect.h // 2),
            None,  # type: ignore[arg-type]
            None,
        )

    def hide_tooltip(self) -> None:
        """Take the board's tooltip away (the pointer must rest again to show one)."""
        if self._tip_widget is not None:
            self._tip_widget.kill()
        self._tip, self._tip_widget = None, None

    def toast_anchor(self) -> tuple[int, int] | None:
        return (self.felt.centerx, self.felt.bottom - self.theme.px(24))

    def moves_now(self) -> list[str]:
        """The help of each move the current phase allows, from the game's declared
        moves (none while chance acts or once the game is over)."""
        match = self.match
        actor = match.actor
        if actor is None or actor == CHANCE:
            return []
        return [marked(move.help) for move in match.rules.allowed_moves(match.state)]

    def shortcuts(self) -> list[tuple[str, str]]:
        """The keys of the table (only those that act in this game), then the
        game's own; a key both use is listed once with its meanings a line each (Space
        opens the curtain when it is closed, then is the game's)."""
        rules = self.match.rules
        items = [(_("Ctrl+Z"), _("Undo")), (_("Ctrl+Y"), _("Redo")), (_("Ctrl+S"), _("Save the game under a name"))]
        if rules.has_secrets:
            items.append((pgettext("the key", "Space"), _("Open the curtain for the player whose turn it is")))
        if rules.uses_dice:
            items.append(("D", _("Enter the dice rolled on the table (real dice)")))
        items.append((_("Page Up / Down"), _("Scroll the game log")))
        meanings: dict[str, list[str]] = {}
        for key, what in items + list(self.view.shortcuts()):
            meanings.setdefault(key, []).append(what)
        return [(key, "\n".join(whats)) for key, whats in meanings.items()]

    # -- frame -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.tray.update(dt)

    def is_animating(self) -> bool:
        return self.view.is_animating() or self.tray.is_animating()

    def pending_dice(self) -> str | None:
        spec = self.match.chance_spec()
        if spec is None:
            return None
        return spec.reason.render(self.match.player_names) if spec.reason else _("Roll the dice")

    def real_dice(self) -> bool:
        """True when the players are to type in the dice they rolled now."""
        spec = self.match.chance_spec()
        return self.interactive and spec is not None and spec.physical and self.app.settings.dice_mode == "physical"

    def _backdrop(self) -> pygame.Surface:
        """The table, the board's frame and felt and the side panels' backgrounds:
        what does not change between frames, drawn once per layout."""
        key = (self.rect.size, tuple(self.board), tuple(self.players_rect), tuple(self.tray_rect), tuple(self.log_rect))
        if self._backdrop_key != key or self._backdrop_surface is None:
            t = self.theme
            backdrop = art.table(self.rect.size).copy()
            art.draw_panel(backdrop, self.board, "wood", radius=t.px(20), shadow=t.px(18))
            backdrop.blit(art.panel(self.felt.size, "felt", radius=t.px(12), border=0), self.felt.topleft)
            for rect in (self.players_rect, self.log_rect):
                art.draw_panel(backdrop, rect, "parchment", radius=t.px(16), shadow=t.px(10))
            if self.tray_rect.h:
                DiceTray.draw_frame(backdrop, self.tray_rect, t)
            self._backdrop_surface = art.opaque(backdrop)
            self._backdrop_key = key
        return self._backdrop_surface

    def _chrome(self) -> pygame.Surface:
        """The backdrop with the top bar, the players panel and the log drawn on it:
        drawn again only when what one of them shows changes (a frame blits it once)."""
        t = self.theme
        head, sub, seat = self.turn_text()
        turn = (head, sub, seat_colour(self.match, seat) if seat is not None else None)
        title = marked(self.match.rules.title)
        players = self.view.players_summary()
        marks = self.row_marks()
        log = self.log
        backdrop = self._backdrop()
        key = (
            self._backdrop_key,
            tuple(self.bar),
            title,
            turn,
            self.bar_text_right,
            players,
            marks,
            self.row_h,
            tuple(self.log_rect),
            log.scroll,
            log.shown(self.match, self.revealed),
        )
        if self._chrome_surface is None or self._chrome_key != key:
            chrome = backdrop.copy()
            draw_top_bar(chrome, self.bar, t, title, turn, self.bar_text_right)
            draw_players(chrome, self.players_rect, t, players, marks, self.row_h)
            log.draw(chrome, self.log_rect, t, self.match, self.revealed)
            self._chrome_surface = chrome
            # the log's scroll may have been kept within its lines while drawn
            self._chrome_key = (*key[:9], log.scroll, key[10])
        return self._chrome_surface

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        surface.blit(self._chrome(), (0, 0))
        clip = surface.get_clip()
        surface.set_clip(self.felt)
        self.view.draw(surface)
        if self.revealed is not None:
            self.view.draw_private(surface)
        elif (seat := self.curtain_seat) is not None:
            name = self.match.player_names[seat]
            draw_curtain(surface, self.curtain_rect(), t, name, seat_colour(self.match, seat))
        surface.set_clip(clip)
        if self.tray_rect.h:
            self.tray.draw(
                surface, self.tray_rect, t, self.match, self.revealed, self.pending_dice() if self.real_dice() else None
            )

    def turn_text(self) -> tuple[str, str, int | None]:
        """(headline, second line, seat to show) for the top bar."""
        match = self.match
        names = match.player_names
        actor = match.actor
        if actor is None:
            return _("The game is over"), "", None
        if actor == CHANCE:
            pending = self.pending_dice() or ""
            if self.real_dice():
                return pending, _("Roll real dice and enter the faces (click the dice tray)."), None
            return pending, "", None
        holder = match.turn_holder
        if holder is None or holder == actor:
            head = _("{player}'s turn", player=names[actor])
        else:  # someone else acts during the turn holder's turn (a discard, an answer)
            head = _("{player}'s turn — {other} to act", player=names[holder], other=names[actor])
        curtain_seat = self.curtain_seat
        if curtain_seat is not None:
            return (
                head,
                _("Pass the laptop to {player}.", player=names[curtain_seat]),
                holder if holder is not None else actor,
            )
        return head, self.view.prompt() or "", holder if holder is not None else actor

    def row_marks(self) -> tuple[int | None, int | None]:
        """(seat whose turn it is, seat that acts now when that is another seat)
        for the players panel: the first row is lit, the second framed."""
        actor = self.match.actor
        actor = actor if actor is not None and actor >= 0 else None
        holder = self.match.turn_holder
        if holder is None:
            return actor, None
        return holder, actor if actor != holder else None
