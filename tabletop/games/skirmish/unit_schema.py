"""The model of a unit file (a unit a player built, play/units.py), for the bundled
units (data/skirmish/units/*.yaml) and the player's own (unit_files.py):

    name: "Unit A: Jokergang"
    kind: faction            # faction or stigma
    symbol: jokergang        # the faction's key (warriors.yaml) or the stigma
    limit: 100               # the points it is built to: 100, 150 or 200
    warriors:                # each plays a card of warriors.yaml, by its key
      - {card: yuri, name: Yuri}
      - {card: tony, name: Tony, leader: true}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tabletop.engine.data import DataModel
from tabletop.engine.gamedata import Identifier

#: the points a unit may have: the book's 100, or more by agreement (S7)
POINT_LIMITS = (100, 150, 200)
DEFAULT_LIMIT = 100
#: the longest name a unit, or a warrior in it, may be given
MAX_NAME = 40
#: the most warriors a unit may hold (a card may be worth 0 points)
MAX_WARRIORS = 40

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class UnitWarrior(DataModel):
    card: Identifier  # a warrior's key in warriors.yaml
    name: Name
    leader: bool = False


class UnitFile(DataModel):
    """A unit file (see the module docstring); the rules of a unit are checked
    against the cards (play/units.py)."""

    name: Name
    kind: Literal["faction", "stigma"]
    symbol: Identifier
    limit: int = DEFAULT_LIMIT
    warriors: Annotated[list[UnitWarrior], Field(min_length=1, max_length=MAX_WARRIORS)]
