"""Game-agnostic core: the rules contract, actions, chance, the match log, saves, data.

Nothing below this package imports pygame.
"""

from tabletop.engine.core import (
    CHANCE,
    Action,
    ChanceSpec,
    Event,
    IllegalAction,
    OptionSpec,
    PlayerInfo,
    Result,
    Setup,
    Step,
)
from tabletop.engine.match import Match
from tabletop.engine.rules import GameRules

__all__ = [
    "CHANCE",
    "Action",
    "ChanceSpec",
    "Event",
    "GameRules",
    "IllegalAction",
    "Match",
    "OptionSpec",
    "PlayerInfo",
    "Result",
    "Setup",
    "Step",
]
