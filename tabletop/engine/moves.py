"""A game's moves, declared once.

Each kind of move is a `Move`: its name, its parameters with their exact types, the
phases of the game that allow it and a line of help. A game lists its moves in one
`Moves` table at the top of its rules and marks the two functions of each move with
the move itself:

    PLAY_CARD = Move("play", N_("Play a card from your hand."), phases=("act",), card=int)
    MOVES = Moves(PLAY_CARD, HOLD, phase_of=lambda state: state.phase)

    class Rules(GameRules):
        moves = MOVES

        @PLAY_CARD.check
        def _check_play(self, state, card: int) -> None: ...   # raise IllegalAction

        @PLAY_CARD.apply
        def _apply_play(self, state, card: int) -> Step: ...

Everything else comes from the table: the dispatch of `check` and `apply`, the
refusal of a move that is not allowed in the current phase ("not now") or whose
parameters are missing, extra or of the wrong type, the list of the moves a phase
allows (for help and tooltips), and the check of every move read from a save.

Parameter types are checked exactly: a bool is not an int, a float not an int, a
list not a tuple. A parameter whose type admits None may be left out of an action,
and is then None. A type is one of int, bool, str, float, None, a `Literal[...]`, a
union of those (`int | None`), or a tuple of them (`tuple[int, ...]`,
`tuple[int, int]`).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tabletop.engine.core import Action, IllegalAction, Step
from tabletop.i18n import N_, Message

#: the check of a move: (rules, state, **params) -> None, raising IllegalAction
Check = Callable[..., None]
#: the change of a move: (rules, state, **params) -> Step
Apply = Callable[..., Step]

_PLAIN_TYPES = (int, bool, str, float, type(None))


def fits(value: Any, kind: Any) -> bool:
    """Whether `value` has exactly the type `kind` (see the module docstring).

    >>> fits(3, int), fits(True, int), fits(3.0, int), fits(None, int | None)
    (True, False, False, True)
    >>> fits((1, 2), tuple[int, ...]), fits((1, "a"), tuple[int, ...]), fits([1], tuple[int, ...])
    (True, False, False)
    >>> fits("north", typing.Literal["north", "south"]), fits("up", typing.Literal["north"])
    (True, False)
    """
    if kind is None:
        kind = type(None)
    if kind in _PLAIN_TYPES:
        return type(value) is kind
    origin = typing.get_origin(kind)
    arguments = typing.get_args(kind)
    if origin is typing.Literal:
        return any(type(value) is type(choice) and value == choice for choice in arguments)
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, option) for option in arguments)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            return all(fits(item, arguments[0]) for item in value)
        return len(value) == len(arguments) and all(fits(v, k) for v, k in zip(value, arguments, strict=True))
    raise TypeError(f"a move parameter cannot be of type {kind!r}")


def type_name(kind: Any) -> Message:
    """`kind` in the words of a refusal ("a whole number", "a list of whole numbers").

    >>> type_name(tuple[int, ...]).render()
    'a list of: a whole number'
    """
    if kind is None or kind is type(None):
        return Message(N_("nothing"))
    names = {int: N_("a whole number"), bool: N_("true or false"), str: N_("a text"), float: N_("a number")}
    if kind in names:
        return Message(names[kind])
    origin = typing.get_origin(kind)
    arguments = typing.get_args(kind)
    if origin is typing.Literal:
        return Message(N_("one of {choices}"), {"choices": ", ".join(repr(choice) for choice in arguments)})
    if origin is typing.Union or origin is types.UnionType:
        first, *rest = arguments
        out = type_name(first)
        for option in rest:
            out = Message(N_("{one} or {other}"), {"one": out, "other": type_name(option)})
        return out
    if len(arguments) == 2 and arguments[1] is Ellipsis:
        return Message(N_("a list of: {item}"), {"item": type_name(arguments[0])})
    return Message.counted("a list of {count} value", "a list of {count} values", len(arguments))


class Move:
    """One kind of move: its name (the action's kind), what it does in a line,
    the phases that allow it and its parameters (name -> exact type).

    `check(fn)` and `apply(fn)` mark the game's functions for it; each is called as
    fn(rules, state, **params) with the parameters already of their declared type.
    A move without a check is legal whenever its phase allows it. `commits`: the
    move always commits (see GameRules.commits_at_once).
    """

    def __init__(self, kind: str, help: str, *, phases: Iterable[str], commits: bool = False, **params: Any) -> None:
        self.kind = kind
        self.help = help
        self.phases = tuple(phases)
        self.params: dict[str, Any] = dict(params)
        self.commits = commits
        self.checker: Check | None = None
        self.applier: Apply | None = None
        for kind_ in self.params.values():
            fits(None, kind_)  # a TypeError now, not when a player moves

    def __repr__(self) -> str:
        return f"Move({self.kind!r}, phases={self.phases!r}, params={self.params!r})"

    def check(self, function: Check) -> Check:
        """Mark `function` as the check of this move."""
        if self.checker is not None:
            raise TypeError(f"the move {self.kind!r} already has a check")
        self.checker = function
        return function

    def apply(self, function: Apply) -> Apply:
        """Mark `function` as the change this move makes."""
        if self.applier is not None:
            raise TypeError(f"the move {self.kind!r} already has a change")
        self.applier = function
        return function

    def action(self, **params: Any) -> Action:
        """The action of this move with these parameters."""
        return Action(self.kind, **params)

    def optional(self, name: str) -> bool:
        """Whether the parameter `name` may be left out (its type admits None; a
        parameter left out is None)."""
        return fits(None, self.params[name])

    def arguments(self, action: Action) -> dict[str, Any]:
        """The keyword arguments of the move's functions: `action`'s parameters,
        with None for the optional ones it leaves out."""
        return {name: action.get(name) for name in self.params}

    def wrong_parameters(self, action: Action) -> Message | None:
        """Why `action`'s parameters do not fit this move, or None."""
        names = set(action)
        wanted = set(self.params)
        if not names <= wanted or any(not self.optional(name) for name in wanted - names):
            listed = ", ".join(sorted(wanted)) if wanted else "nothing"
            return Message(N_("The move {kind} takes: {names}."), {"kind": self.kind, "names": listed})
        for name, kind in self.params.items():
            if not fits(action.get(name), kind):
                return Message(
                    N_("The move {kind} needs {expected} for {name}."),
                    {"kind": self.kind, "name": name, "expected": type_name(kind)},
                )
        return None


class Moves:
    """The table of a game's moves. `phase_of(state)` names the current phase;
    `not_now` maps a phase to the refusal players read when they try a move that
    phase does not allow (default: "That cannot be done now.")."""

    def __init__(
        self,
        *moves: Move,
        phase_of: Callable[[Any], str],
        not_now: Mapping[str, str] | None = None,
    ) -> None:
        self.by_kind: dict[str, Move] = {}
        for move in moves:
            if move.kind in self.by_kind or move.kind == "chance":
                raise TypeError(f"the move {move.kind!r} is declared twice or takes a reserved name")
            self.by_kind[move.kind] = move
        self.phase_of = phase_of
        self.not_now = dict(not_now or {})

    def __iter__(self) -> typing.Iterator[Move]:
        return iter(self.by_kind.values())

    def __len__(self) -> int:
        return len(self.by_kind)

    def __getitem__(self, kind: str) -> Move:
        return self.by_kind[kind]

    def verify(self) -> None:
        """TypeError unless every move has its change (called when the rules are made)."""
        missing = [move.kind for move in self if move.applier is None]
        if missing:
            raise TypeError(f"moves without a change: {', '.join(missing)}")

    def allowed(self, state: Any) -> list[Move]:
        """The moves the current phase allows (whether each is legal now is `check`'s)."""
        phase = self.phase_of(state)
        return [move for move in self if phase in move.phases]

    def move_of(self, state: Any, action: Action) -> Move:
        """The declared move `action` is, allowed now and with fitting parameters;
        IllegalAction says which of these it is not."""
        move = self.by_kind.get(action.kind)
        if move is None:
            raise IllegalAction(Message(N_("There is no move called {kind}."), {"kind": action.kind}))
        reason = move.wrong_parameters(action)
        if reason is not None:
            raise IllegalAction(reason)
        phase = self.phase_of(state)
        if phase not in move.phases:
            raise IllegalAction(Message(self.not_now.get(phase, N_("That cannot be done now."))))
        return move

    def check(self, rules: Any, state: Any, action: Action) -> Move:
        """Raise IllegalAction unless `action` is a legal move now; the move."""
        move = self.move_of(state, action)
        if move.checker is not None:
            move.checker(rules, state, **move.arguments(action))
        return move

    def apply(self, rules: Any, state: Any, action: Action) -> Step:
        """Carry out `action`, a move `check` accepted."""
        move = self.by_kind[action.kind]
        assert move.applier is not None
        step = move.applier(rules, state, **move.arguments(action))
        if move.commits:
            step.commits = True
        return step

    def commits(self, action: Action) -> bool:
        move = self.by_kind.get(action.kind)
        return move is not None and move.commits
