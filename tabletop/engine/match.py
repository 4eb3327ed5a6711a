"""A match: one game being played, its action log, undo and redo.

The log is the save: options, players and the list of actions (chance outcomes
included) rebuild the exact game when replayed. A chance outcome is drawn when the
game comes to it, from the operating system's randomness (or from a seed, when one
is given, as tests and --seed do), and only then written to the log: nothing kept
with a match tells what chance will decide next.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.engine.core import CHANCE, Action, ChanceSpec, Event, IllegalAction, PlayerInfo, Result, Setup
from tabletop.engine.rules import GameRules
from tabletop.i18n import N_, Message


@dataclass(frozen=True)
class LogEntry:
    actor: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"actor": "chance" if self.actor == CHANCE else self.actor, "action": self.action.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> LogEntry:
        if not isinstance(data, dict) or "actor" not in data or "action" not in data:
            raise ValueError("a log entry needs 'actor' and 'action'")
        actor = CHANCE if data["actor"] == "chance" else data["actor"]
        if not isinstance(actor, int) or isinstance(actor, bool):
            raise ValueError("a log entry's actor is a seat number or 'chance'")
        return cls(actor, Action.from_json(data["action"]))


def state_hash(rules: GameRules, state: Any) -> str:
    text = json.dumps(rules.encode(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class Match:
    """Drives one game through the rules contract and keeps its log."""

    def __init__(self, rules: GameRules, setup: Setup, seed: int | None = None) -> None:
        rules.check_setup(setup)
        self.rules = rules
        self.setup = setup
        self.seed = seed
        self.state = rules.new_state(setup)
        self.log: list[LogEntry] = []
        #: the events of each log entry, in step with `log`
        self.history: list[list[Event]] = []
        self._redo: list[LogEntry] = []
        # Undo goes back to the state after the last commit: its log position, and
        # a copy of it taken only when an undoable step is about to follow (none
        # when the rules say the step commits at once: the log rebuilds it then).
        self._base_index = 0
        self._base_state: Any = None
        self.listeners: list[Callable[[Match], None]] = []
        #: where chance outcomes come from: the operating system, or with a seed a
        #: generator seeded again for each step from the seed and the log position,
        #: so a seeded match rolls the same whatever was undone before
        self._rng: random.Random = random.SystemRandom() if seed is None else random.Random()

    # -- reading ----------------------------------------------------------------

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self.setup.players

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.setup.players]

    @property
    def actor(self) -> int | None:
        return self.rules.actor(self.state)

    @property
    def turn_holder(self) -> int | None:
        """The seat whose turn it is (which may differ from the seat to act)."""
        return self.rules.turn_holder(self.state)

    @property
    def over(self) -> bool:
        return self.actor is None

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def chance_spec(self) -> ChanceSpec | None:
        rules, state = self.rules, self.state
        return rules.chance_spec(state) if rules.actor(state) == CHANCE else None

    def legal_actions(self) -> list[Action]:
        rules, state = self.rules, self.state
        actor = rules.actor(state)
        if actor is None or actor == CHANCE:
            return []
        return rules.legal_actions(state)

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.state, seat)

    def hash(self) -> str:
        return state_hash(self.rules, self.state)

    def events(self) -> list[Event]:
        return [event for step in self.history for event in step]

    # -- acting -----------------------------------------------------------------

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply a player's action. `seat` set checks that it is that seat's turn."""
        rules, state = self.rules, self.state
        actor = rules.actor(state)
        if actor is None:
            raise IllegalAction(Message(N_("The game is over.")))
        if actor == CHANCE:
            raise IllegalAction(Message(N_("The dice must be rolled first.")))
        if seat is not None and seat != actor:
            raise IllegalAction(Message(N_("It is not your turn.")))
        rules.check(state, action)
        events = self._apply(LogEntry(actor, action))
        self._redo.clear()
        self._changed()
        return events

    def roll(self, outcome: Any = None) -> list[Event]:
        """Settle the pending chance step: with `outcome` (typed-in dice faces) or
        from the seeded random generator."""
        spec = self.chance_spec()
        if spec is None:
            raise IllegalAction(Message(N_("Nothing is to be rolled now.")))
        return self._settle(spec, outcome)

    def settle_chance(self, physical_dice: bool = False) -> list[Event]:
        """Roll every pending chance step the app decides (all of them, or all but
        dice when the players roll real dice). Returns the events."""
        events: list[Event] = []
        while self.actor == CHANCE:
            spec = self.rules.chance_spec(self.state)
            if physical_dice and spec.physical:
                break
            events += self._settle(spec, None)
        return events

    def _settle(self, spec: ChanceSpec, outcome: Any) -> list[Event]:
        """roll() once `spec`, the pending chance step, is known."""
        if outcome is None:
            outcome = spec.draw(self._chance())
        else:
            outcome = tuple(outcome) if isinstance(outcome, list) else outcome
            if not spec.valid(outcome):
                raise IllegalAction(Message(N_("Those dice faces are not possible.")))
        events = self._apply(LogEntry(CHANCE, spec.action(outcome)))
        self._redo.clear()
        self._changed()
        return events

    def _chance(self) -> random.Random:
        """The generator for the chance step now due."""
        if self.seed is not None:
            self._rng.seed(self.seed * 2**32 + len(self.log))
        return self._rng

    def _apply(self, entry: LogEntry) -> list[Event]:
        rules, state, log, actor = self.rules, self.state, self.log, entry.actor
        if (
            self._base_state is None
            and len(log) == self._base_index
            and actor != CHANCE
            and not rules.commits_at_once(state, entry.action)
        ):
            self._base_state = rules.copy_state(state)
        step = rules.apply(state, entry.action)
        log.append(entry)
        self.history.append(step.events)
        # a seat may take back only its own run of actions: once another seat is
        # to act, it must not be able to undo what the previous one decided
        after = rules.actor(state)
        if step.commits or actor == CHANCE or (after != actor and after != CHANCE):
            self._base_index = len(log)
            self._base_state = None
        return step.events

    def _changed(self) -> None:
        if self.listeners:
            for listener in list(self.listeners):
                listener(self)

    # -- undo and redo ------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return len(self.log) > self._base_index

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last action, unless a chance step, a reveal or another
        seat's turn to act came after it."""
        if not self.can_undo:
            return False
        self._redo.append(self.log[-1])
        self._rebuild(len(self.log) - 1)
        self._changed()
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        entry = self._redo.pop()
        self.rules.check(self.state, entry.action)
        self._apply(entry)
        self._changed()
        return True

    def _rebuild(self, length: int) -> None:
        entries = self.log[self._base_index : length]
        base = self._base()
        del self.log[self._base_index :]
        del self.history[self._base_index :]
        self.state = base
        for entry in entries:
            self._apply(entry)

    def _base(self) -> Any:
        """The state undo goes back to: the copy kept, or, when none was kept (the
        rules said the step after it commits at once), the log replayed up to it."""
        base, self._base_state = self._base_state, None
        if base is None:
            base = self.rules.new_state(self.setup)
            for entry in self.log[: self._base_index]:
                self.rules.apply(base, entry.action)
        return base

    # -- replay -------------------------------------------------------------------

    @classmethod
    def replay(cls, rules: GameRules, setup: Setup, log: list[LogEntry], seed: int | None = None) -> Match:
        """Rebuild a match from its log, checking every action; IllegalAction names
        the first entry that does not fit. Chance steps after the log are drawn
        from the operating system, or from `seed` when one is given."""
        match = cls(rules, setup, seed)
        for index, entry in enumerate(log):
            actor = match.actor
            if actor != entry.actor:
                raise IllegalAction(
                    Message(N_("Log entry {index}: it was not that player's turn."), {"index": index + 1})
                )
            if actor == CHANCE:
                spec = rules.chance_spec(match.state)
                if entry.action.kind != "chance" or not spec.valid(entry.action.get("outcome")):
                    raise IllegalAction(
                        Message(N_("Log entry {index}: not a possible chance outcome."), {"index": index + 1})
                    )
            else:
                try:
                    rules.check(match.state, entry.action)
                except IllegalAction as err:
                    raise IllegalAction(
                        Message(
                            N_("Log entry {index}: {reason}"),
                            {"index": index + 1, "reason": err.reason},
                        )
                    ) from err
                except Exception as err:  # values no game expects, from an edited file
                    raise IllegalAction(
                        Message(N_("Log entry {index}: the rules cannot read this action."), {"index": index + 1})
                    ) from err
            match._apply(entry)
        return match
