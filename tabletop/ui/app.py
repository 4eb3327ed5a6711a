"""The app: the window, the settings, the screens it goes between (launcher, new
game, a game) and what it tells the players (messages, faults, help).

The layer stack and the loop are `tabletop.ui.loop.Loop`; the window's size and
place `tabletop.ui.window`. Screens and dialogs reach the app only through
`tabletop.ui.shell.Shell`: the app alone knows the concrete screens.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import pygame

from tabletop import i18n
from tabletop.i18n import _, pgettext
from tabletop.settings import Settings
from tabletop.ui import caches
from tabletop.ui.loop import Loop
from tabletop.ui.shell import fault_text
from tabletop.ui.window import MIN_SIZE, display_problem, open_window, pixel_format_window

if TYPE_CHECKING:
    from tabletop.engine.core import Setup
    from tabletop.engine.match import Match
    from tabletop.engine.rules import GameRules
    from tabletop.engine.saves import Autosaver
    from tabletop.ui.layers import MessageDialog

#: what the window opens with besides the launcher: a new game ("new", game id,
#: Setup, seed), a save to resume ("resume", path) or a save the command line
#: has loaded ("open", Autosaver); None: the launcher alone
Start: TypeAlias = (
    "tuple[Literal['new'], str, Setup, int] | tuple[Literal['resume'], str | Path] "
    "| tuple[Literal['open'], Autosaver] | None"
)


def _global_shortcuts() -> list[tuple[str, str]]:
    """The keys every screen has, with their names in the language of the moment."""
    return [
        ("F1", _("Show or hide this help")),
        ("F11", _("Full screen on or off")),
        (pgettext("the key", "Esc"), _("Menu, back, or close a dialog")),
    ]


class App(Loop):
    """The running program: window, settings, screens and messages (a Shell)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        headless: bool = False,
        include_hidden: bool = False,
        settings: Settings | None = None,
        language: str | None = None,
    ) -> None:
        """`language`: this run's language (the command line's --language), kept
        out of the settings; None: the one chosen in the settings, else the system's."""
        if settings is None:
            settings, problem = Settings.load()
        else:
            problem = None
        self.settings = settings
        language = language or settings.opening_language()
        if language != i18n.language():
            i18n.set_language(language)
        self.headless = headless
        #: the launcher also offers test-only games (for the tests)
        self.include_hidden = include_hidden
        #: each game's new-game form as the players left it, kept while the app runs
        self.new_game_forms: dict[str, dict[str, Any]] = {}
        caches.map_large_pictures()
        pygame.display.init()
        pygame.font.init()
        if headless:
            pixel_format_window()
            super().__init__(pygame.Surface(size or MIN_SIZE))
        else:
            window = open_window(settings, size)
            super().__init__(window.get_surface(), window)
        if problem:
            self.after(
                0,
                lambda: self.message(
                    _("Settings"),
                    _("The settings file could not be read; the defaults are used.\n{problem}", problem=problem),
                ),
            )

    # -- the window ------------------------------------------------------------------

    @property
    def fullscreen(self) -> bool:
        return self.settings.fullscreen

    def set_fullscreen(self, on: bool) -> None:
        """Full screen on or off (remembered in the settings)."""
        if on == self.settings.fullscreen:
            return
        if self.window is not None:
            if on:
                self.settings.window = self.window.size
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                self.window.size = self.settings.window
        self.settings.fullscreen = on
        self.settings.save()
        self._resized()

    def shortcut(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return True
        if event.key == pygame.K_F1:
            self.toggle_help()
            return True
        return False

    # -- messages ----------------------------------------------------------------

    def message(self, title: str, content: str, on_close: Callable[[], Any] | None = None) -> MessageDialog:
        """A dialog with a message and OK."""
        from tabletop.ui.layers import MessageDialog

        return self.push(MessageDialog(self, title, content, on_close))

    def fault(self, title: str, err: BaseException, first_line: str | None = None) -> None:
        """A fault tabletop did not expect, in a dialog (and its traceback on stderr)."""
        traceback.print_exception(err)
        self.message(title, "\n".join([first_line, fault_text(err)] if first_line else [fault_text(err)]))

    def set_language(self, code: str) -> None:
        """Switch the language and rebuild every text on screen."""
        i18n.set_language(code)
        self.settings.language = i18n.language()
        self.settings.save()
        if self.window is not None:
            self.window.title = _("tabletop")
        self.rebuild()

    def settings_changed(self) -> None:
        for layer in self.layers:
            self.defer(layer.settings_changed)

    def shortcuts(self) -> list[tuple[str, str]]:
        """Everything F1 lists: global keys, then the screen's and the dialog's own."""
        items = _global_shortcuts()
        seen = set()
        for layer in self.layers:
            for key, what in layer.shortcuts():
                if key not in seen:
                    items.append((key, what))
                    seen.add(key)
        return items

    def moves_now(self) -> list[str]:
        """What the rules allow now, for F1: from the topmost layer that says."""
        for layer in reversed(self.layers):
            moves = layer.moves_now()
            if moves:
                return moves
        return []

    def toggle_help(self) -> None:
        from tabletop.ui.game_screen import GameScreen
        from tabletop.ui.help import HelpDialog

        help_layer = self.find(HelpDialog)
        if help_layer is not None:
            self.pop(help_layer)
        else:
            self.push(HelpDialog(self, self.find(GameScreen)))

    # -- the screens -------------------------------------------------------------

    def start(self, start: Start = None) -> None:
        """Open the first screen: the launcher, a new game or a resumed save."""
        from tabletop.ui.launcher import Launcher

        self.after_frame(_remove_stale_temporaries)  # the first frame needs no saves
        self.set_scene(Launcher(self, quick_start=True))
        if start is None:
            return
        if start[0] == "new":
            _kind, game_id, setup, seed = start
            self.new_game(game_id, setup, seed)
        elif start[0] == "resume":
            self.resume(Path(start[1]))
        elif start[0] == "open":  # a save the command line has loaded and checked
            saver = start[1]
            self.open_match(saver.match, saver)
        else:
            raise ValueError(f"unknown start {start[0]!r}")

    def open_launcher(self) -> None:
        from tabletop.ui.launcher import Launcher

        self.set_scene(Launcher(self))

    def open_new_game(self, game_id: str, rules: GameRules) -> None:
        from tabletop.ui.newgame import NewGame

        self.set_scene(NewGame(self, game_id, rules))

    def new_game(self, game_id: str, setup: Setup, seed: int) -> bool:
        """Start a new match and autosave it at once; a problem shows a message."""
        from tabletop.engine.core import IllegalAction
        from tabletop.engine.data import DataError
        from tabletop.engine.match import Match
        from tabletop.engine.saves import Autosaver
        from tabletop.games import registry

        try:
            rules = registry.get(game_id)
            match = Match(rules, setup, seed)
            saver = Autosaver(match)
            saver.save()
        except IllegalAction as err:
            self.message(_("The game cannot start"), err.reason.render())
            return False
        except DataError as err:
            self.message(_("The game's data has a problem"), str(err))
            return False
        except Exception as err:  # any other fault: say so instead of closing
            self.fault(_("The game cannot start"), err)
            return False
        return self.open_match(match, saver)

    def resume(self, path: Path) -> bool:
        """Continue a save (autosaving from now on); a broken save shows why."""
        from tabletop.engine.data import DataError
        from tabletop.engine.saves import Autosaver, SaveError

        try:
            saver = Autosaver.resume(path)
        except SaveError as err:
            self.message(_("This save cannot be opened"), f"{Path(path).name}\n{err.message.render()}")
            return False
        except DataError as err:
            self.message(_("The game's data has a problem"), str(err))
            return False
        except Exception as err:  # any other fault: say so instead of closing
            self.fault(_("This save cannot be opened"), err, Path(path).name)
            return False
        return self.open_match(saver.match, saver)

    def open_match(self, match: Match, saver: Autosaver | None) -> bool:
        """The game screen showing `match`; a view that fails to open says why over the launcher."""
        from tabletop.ui.game_screen import GameScreen

        try:
            self.set_scene(GameScreen(self, match, saver))
        except LookupError as err:
            self.open_launcher()
            self.message(_("The game cannot be shown"), str(err.args[0]))
            return False
        except Exception as err:  # a view that fails to open leaves the launcher usable
            self.open_launcher()
            self.fault(_("The game cannot be shown"), err)
            return False
        # once the screen is drawn: what was loaded for the game stays out of the collector's passes
        self.after_frame(caches.settle_after_loading)
        return True

    def shutdown(self) -> int:
        """Close the window and keep the window's size and place for next time."""
        code = super().shutdown()
        if self.window is not None:
            if not self.settings.fullscreen:
                kept = (self.settings.window, self.settings.position)
                self.settings.window, self.settings.position = self.window.size, self.window.position
                if (self.settings.window, self.settings.position) != kept:
                    try:
                        self.settings.save()
                    except OSError:
                        pass
            self.window.destroy()
            self.window = None
        return code


def _remove_stale_temporaries() -> None:
    from tabletop.engine.saves import remove_stale_temporaries_of_saves

    remove_stale_temporaries_of_saves()


def run(start: Start = None, language: str | None = None) -> int:
    """Open the window: the launcher (`start` None), a new game
    (("new", game_id, Setup, seed)), a save (("resume", path)) or a loaded save
    (("open", Autosaver)), in `language` for this run (None: the settings' or the
    system's). Returns the exit code: 1, with the reason on stderr, when there is
    no display to open it on."""
    problem = display_problem()
    if problem is not None:
        print(_("tabletop: {problem} Start it from a desktop session.", problem=problem), file=sys.stderr)
        return 1
    app = App(language=language)
    app.start(start)
    return app.run()
