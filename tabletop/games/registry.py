"""The registry of games: id -> its title, where its rules and its view live.

Rules modules are imported on first use so the launcher starts fast: it shows each
game's card (the title from here, the picture from data/GAME/game.yaml) before
importing any game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.i18n import N_

if TYPE_CHECKING:
    from tabletop.engine.rules import GameRules


@dataclass(frozen=True)
class GameEntry:
    id: str
    #: the game's name in English (translated where it is shown); its rules' title
    title: str
    rules: str  # "package.module:ATTRIBUTE" of a GameRules instance
    #: "package.module:CLASS" of the game's view (imports pygame); None while a game
    #: has rules but no screen yet: such a game is not offered in the launcher
    view: str | None
    #: a game for the tests only: registered, but neither offered in the launcher nor
    #: listed by the command line (known without importing the game)
    hidden: bool = False
    #: "package.module:CLASS" of the game's unit editor (a layer opened over the
    #: launcher or the new-game screen; its `choices(rules)` lists the units each
    #: player may pick, `seat_options` the set-up entries they go to); None: the
    #: game has no units to build
    units: str | None = None


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("eden", N_("Eden"), "tabletop.games.eden.rules:RULES", "tabletop.games.eden.screen:EdenView"),
    GameEntry("catan", N_("Catan"), "tabletop.games.catan.rules:RULES", "tabletop.games.catan.screen:CatanView"),
    GameEntry(
        "skirmish",
        N_("Eden: the skirmish game"),
        "tabletop.games.skirmish.play.rules:RULES",
        "tabletop.games.skirmish.screen:SkirmishView",
        units="tabletop.games.skirmish.screen.unit_editor:UnitEditor",
    ),
    GameEntry(
        "testgame",
        N_("Lucky draw"),
        "tabletop.games.testgame.rules:RULES",
        "tabletop.games.testgame.view:TestGameView",
        hidden=True,
    ),
)

_loaded: dict[str, GameRules] = {}


def _resolve(target: str) -> Any:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def ids(include_hidden: bool = True) -> list[str]:
    return [e.id for e in ENTRIES if include_hidden or not e.hidden]


def entry(game_id: str) -> GameEntry:
    """A game's entry; KeyError if no game has that id."""
    found = next((e for e in ENTRIES if e.id == game_id), None)
    if found is None:
        raise KeyError(game_id)
    return found


def title(game_id: str) -> str:
    """A game's title (English; KeyError for an unknown id), without importing it."""
    return entry(game_id).title


def get(game_id: str) -> GameRules:
    """The rules of a game; KeyError if no game has that id."""
    if game_id not in _loaded:
        _loaded[game_id] = _resolve(entry(game_id).rules)
    return _loaded[game_id]


def view_class(game_id: str) -> type | None:
    """The game's view class, or None when the game has no screen yet."""
    view = entry(game_id).view
    return _resolve(view) if view else None


def unit_editor(game_id: str) -> Any:
    """The game's unit editor class, or None when the game has no units to build."""
    units = entry(game_id).units
    return _resolve(units) if units else None


def playable(game_id: str) -> bool:
    """True when the game has a screen, so the launcher can offer it."""
    return entry(game_id).view is not None


def games(include_hidden: bool = True) -> list[GameRules]:
    return [get(i) for i in ids(include_hidden)]
