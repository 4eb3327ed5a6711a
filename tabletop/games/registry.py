"""The registry of games: id -> where its rules and its view live.

Rules modules are imported on first use so the launcher starts fast.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from tabletop.engine.rules import GameRules


@dataclass(frozen=True)
class GameEntry:
    id: str
    rules: str  # "package.module:ATTRIBUTE" of a GameRules instance
    #: "package.module:CLASS" of the game's view (imports pygame); None while a game
    #: has rules but no screen yet: such a game is not offered in the launcher
    view: str | None
    #: a game for the tests only: registered, but neither offered in the launcher nor
    #: listed by the command line (known without importing the game)
    hidden: bool = False


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("eden", "tabletop.games.eden.rules:RULES", "tabletop.games.eden.view:EdenView"),
    GameEntry("catan", "tabletop.games.catan.rules:RULES", "tabletop.games.catan.view:CatanView"),
    GameEntry("skirmish", "tabletop.games.skirmish.play.rules:RULES", "tabletop.games.skirmish.view:SkirmishView"),
    GameEntry(
        "testgame", "tabletop.games.testgame.rules:RULES", "tabletop.games.testgame.view:TestGameView", hidden=True
    ),
)

_loaded: dict[str, GameRules] = {}


def _resolve(target: str) -> Any:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def ids(include_hidden: bool = True) -> list[str]:
    return [e.id for e in ENTRIES if include_hidden or not e.hidden]


def get(game_id: str) -> GameRules:
    """The rules of a game; KeyError if no game has that id."""
    if game_id not in _loaded:
        entry = next((e for e in ENTRIES if e.id == game_id), None)
        if entry is None:
            raise KeyError(game_id)
        _loaded[game_id] = _resolve(entry.rules)
    return _loaded[game_id]


def view_class(game_id: str) -> type | None:
    """The game's view class, or None when the game has no screen yet."""
    entry = next(e for e in ENTRIES if e.id == game_id)
    return _resolve(entry.view) if entry.view else None


def playable(game_id: str) -> bool:
    """True when the game has a screen, so the launcher can offer it."""
    return next(e for e in ENTRIES if e.id == game_id).view is not None


def games(include_hidden: bool = True) -> list[GameRules]:
    return [get(i) for i in ids(include_hidden)]
