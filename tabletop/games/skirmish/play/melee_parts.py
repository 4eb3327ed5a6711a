"""What a melee (play/melee.py) waits for and what it leaves the match: the choice a
player makes, the AP spent, the markers given, the outcome to apply, and the options
of DECISIONS.md that change a melee. Plain frozen data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.games.skirmish.card_schema import Marker
from tabletop.games.skirmish.play.profile import ProfileCard
from tabletop.games.skirmish.play.reaction import Fighter
from tabletop.i18n import Message

ChoiceKind = Literal["reaction", "effect_shift", "attacker_shift", "follow_up", "punish"]


@dataclass(frozen=True)
class Choice:
    """A choice the melee waits for: whose (`warrior`, a ref, and its `side`), of what
    kind, its options (reactions, faces, or attack/decline) and the question in words."""

    kind: ChoiceKind
    warrior: str
    side: int
    options: tuple[str | int, ...]
    prompt: Message


@dataclass(frozen=True)
class Spend:
    """AP a warrior spent and the action whose limit it counts against (None: none)."""

    warrior: str
    ap: int
    counts_as: str | None


@dataclass(frozen=True)
class Given:
    """Markers given to a warrior by an item (S25)."""

    warrior: str
    marker: Marker
    count: int
    item: str


@dataclass(frozen=True)
class Outcome:
    """What the melee did, for the match to apply: the fighters as they end (cards
    with their wounds, AP, markers), every spend, the markers given, the items used
    (warrior, item key), the warriors out of action (to remove at once, L298) and,
    after breaking away, whether the warrior may move now (None: not a break-away)."""

    fighters: tuple[Fighter, ...]
    spends: tuple[Spend, ...]
    given: tuple[Given, ...]
    items_used: tuple[tuple[str, str], ...]
    out_of_action: tuple[str, ...]
    may_move: bool | None

    def card(self, ref: str) -> ProfileCard:
        return next(fighter.card for fighter in self.fighters if fighter.ref == ref)


@dataclass(frozen=True)
class Options:
    """The options of DECISIONS.md that change a melee: a follow-up after a won
    comparison too (S19), markers from a weapon only with a wound (S25)."""

    follow_up_after_won: bool = False
    markers_need_wound: bool = False


DEFAULT_OPTIONS = Options()
