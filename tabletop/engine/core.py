"""The values every game shares: actions, chance steps, events, setup and result."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import N_, Message

#: The actor of a chance step (dice, shuffle, random pick) in `GameRules.actor`.
CHANCE = -1


#: the types of plain parameter values, kept as they are (exactly these types: a
#: subclass goes through the checks of _frozen)
_PLAIN = frozenset((int, str, bool, float, type(None)))


def _frozen(value: Any) -> Any:
    """JSON-like value -> hashable value (lists become tuples, dicts sorted tuples)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:  # the usual card lists and dice faces: kept when plain throughout
        for v in value:
            if type(v) not in _PLAIN:
                return tuple(_frozen(v) for v in value)
        return value
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("action parameters may not be mappings")
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"action parameter of type {type(value).__name__} is not plain data")


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


class Action(Mapping[str, Any]):
    """Something a player (or chance) does: a kind and plain, hashable parameters.

    >>> a = Action("irrigate", card="D4")
    >>> a["card"], a.kind
    ('D4', 'irrigate')
    >>> Action.from_json(a.to_json()) == a
    True
    """

    __slots__ = ("kind", "_params", "_hash")

    def __init__(self, kind: str, **params: Any) -> None:
        self.kind = kind
        self._params: tuple[tuple[str, Any], ...]
        if not params:
            self._params = ()
        elif len(params) == 1:  # most actions, and every chance outcome: nothing to sort
            ((key, value),) = params.items()
            self._params = ((key, _frozen(value)),)
        else:
            self._params = tuple(sorted((k, _frozen(v)) for k, v in params.items()))
        self._hash = hash((kind, self._params))

    def __getitem__(self, key: str) -> Any:
        for k, v in self._params:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _v in self._params)

    def __len__(self) -> int:
        return len(self._params)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self._params == other._params

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._params)
        return f"Action({self.kind!r}{', ' if inner else ''}{inner})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thawed(v) for k, v in self._params}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError("an action needs a 'kind'")
        params = {k: v for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **params)


@dataclass(frozen=True)
class ChanceSpec:
    """What chance must decide next, at the moment it happens.

    kind "dice": `count` dice of `sides` faces, outcome a tuple of faces (players may
    roll real dice and type the faces in); kind "draw": `count` different items taken
    at random from a pile of `size`, outcome a tuple of their positions in the pile
    as the game lists it (a pile is never shuffled in advance: each card is taken
    when it is drawn); kind "shuffle": a permutation of range(`size`), for an open
    random layout; kind "pick": one number in range(`size`). `reason` is shown to
    the players ("Roll for production").
    """

    kind: str
    count: int = 1
    sides: int = 6
    size: int = 0
    reason: Message | None = None

    @property
    def physical(self) -> bool:
        """True when players can produce this outcome with real dice."""
        return self.kind == "dice"

    def draw(self, rng: random.Random) -> Any:
        if self.kind == "dice":
            return tuple(rng.randint(1, self.sides) for _ in range(self.count))
        if self.kind == "draw":
            return tuple(rng.sample(range(self.size), self.count))
        if self.kind == "shuffle":
            order = list(range(self.size))
            rng.shuffle(order)
            return tuple(order)
        if self.kind == "pick":
            return rng.randrange(self.size)
        raise ValueError(f"unknown chance kind {self.kind!r}")

    def valid(self, outcome: Any) -> bool:
        """Whether `outcome` is one chance could give: exact types (a die is an int,
        never a bool or a float), in range, as many as asked for."""
        if self.kind == "pick":
            return type(outcome) is int and 0 <= outcome < self.size
        if type(outcome) is not tuple or not all(type(item) is int for item in outcome):
            return False
        if self.kind == "dice":
            return len(outcome) == self.count and all(1 <= face <= self.sides for face in outcome)
        if self.kind == "draw":
            return (
                len(outcome) == self.count
                and len(set(outcome)) == self.count
                and all(0 <= item < self.size for item in outcome)
            )
        if self.kind == "shuffle":
            return sorted(outcome) == list(range(self.size))
        return False

    def action(self, outcome: Any) -> Action:
        return Action("chance", outcome=outcome)


#: the kind of an event that shows everybody what was secret (Event)
REVEAL = "reveal"


@dataclass
class Event:
    """Something that happened, for the log and for animations.

    `message` is what the log says; `kind` and `data` let a view animate it (dice
    faces, cards moving; "about": the seat the line is about, None for none, when not
    the player its message names); kind REVEAL says the event shows everybody what was
    secret until now, on purpose (sealed bids opened together). `seat` set means only that seat may read it in full (and
    the seats in `shared_with`: a theft's victim reads what the thief took); the
    others read `public` instead (or nothing).
    """

    message: Message
    kind: str = "log"
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    public: Message | None = None
    shared_with: tuple[int, ...] = ()

    def for_seat(self, seat: int | None) -> Message | None:
        if self.seat is None or self.seat == seat or (seat is not None and seat in self.shared_with):
            return self.message
        return self.public


@dataclass
class Step:
    """What applying an action produced.

    `commits` marks a point undo may not go back past: a reveal of hidden
    information. Match also commits after every chance outcome and whenever the
    seat to act changes, so a game need not mark those.
    """

    events: list[Event] = field(default_factory=list)
    commits: bool = False


class IllegalAction(ValueError):
    """The action is not allowed now; `reason` says why in words the players read."""

    def __init__(self, reason: Message | str) -> None:
        self.reason = reason if isinstance(reason, Message) else Message(reason)
        super().__init__(self.reason.render())


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    colour: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour}


@dataclass(frozen=True)
class OptionSpec:
    """One choice on the new-game screen. `choices` maps value -> label."""

    key: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    help: str = ""

    def parse(self, text: str) -> Any:
        """The value for `text` typed on the command line (KEY=VALUE);
        IllegalAction says which values there are."""
        for value, _label in self.choices:
            if str(value).lower() == text.lower():
                return value
        allowed = ", ".join(str(v) for v, _l in self.choices)
        raise IllegalAction(
            Message(
                N_("Option {key} cannot be {value}; it is one of {allowed}."),
                {"key": self.key, "value": text, "allowed": allowed},
            )
        )


@dataclass(frozen=True)
class Setup:
    """How a match starts: who plays in which seat, who begins, which options."""

    players: tuple[PlayerInfo, ...]
    options: Mapping[str, Any]
    first: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players],
            "options": dict(self.options),
            "first": self.first,
        }


@dataclass(frozen=True)
class Result:
    """The end of a match: the winning seats and each seat's score."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    message: Message | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "message": self.message.to_json() if self.message else None,
        }
