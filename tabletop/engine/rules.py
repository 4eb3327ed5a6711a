"""The contract every game implements (after OpenSpiel's State and boardgame.io).

A game's state is plain data owned by its rules module; the rules change it only in
`apply`. `Match` drives a game through this interface, so the app, saves, undo,
selftest and the generic tests work for every registered game alike.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine.core import (
    Action,
    ChanceSpec,
    IllegalAction,
    OptionSpec,
    Result,
    Setup,
    Step,
)
from tabletop.engine.moves import Move, Moves
from tabletop.i18n import N_, Message

#: in GameRules.unused_options: who begins is not the players' choice
WHO_BEGINS = "first"


class GameRules:
    """Base class of a game's rules. Subclasses fill in the class attributes and
    the methods that raise NotImplementedError."""

    #: registry key and save tag, e.g. "eden"
    id: ClassVar[str] = ""
    #: bumped when a change makes old saves replay differently
    version: ClassVar[int] = 1
    title: ClassVar[str] = ""
    description: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: who begins: True when the players choose at the table, False when the rules
    #: decide (for example by a dice roll)
    players_choose_first: ClassVar[bool] = True
    #: a hard stop for random play in selftest and tests
    random_play_step_limit: ClassVar[int] = 5000
    #: the game's data files and their schema (tabletop.engine.data.DataSet)
    dataset: ClassVar[Any] = None
    #: False for a game that never rolls dice (the screen shows no dice tray)
    uses_dice: ClassVar[bool] = True
    #: False for a game in which nothing is hidden from any player (no curtain)
    has_secrets: ClassVar[bool] = True
    #: the rules in the players' words for the help (F1): (the heading of the section
    #: of docs/rules/GAME.md, one rule), both marked for translation, in reading order
    summary: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: the game's moves (tabletop.engine.moves): dispatch, refusals and help
    moves: ClassVar[Moves] = Moves(phase_of=lambda state: "")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        moves = cls.__dict__.get("moves")
        if moves is not None:
            moves.verify()

    @functools.cached_property
    def picture(self) -> str:
        """The launcher card's picture (tabletop.engine.gamedata.game_picture)."""
        from tabletop.engine.gamedata import game_picture

        return game_picture(self.id)

    # -- set-up -----------------------------------------------------------------

    def option_specs(self) -> Sequence[OptionSpec]:
        """The options of the new-game screen (from the game's data)."""
        return ()

    def colours(self) -> Sequence[tuple[str, str, tuple[int, int, int]]]:
        """Player colours: (key, label, rgb), from the game's data."""
        raise NotImplementedError

    def default_options(self) -> dict[str, Any]:
        return {spec.key: spec.default for spec in self.option_specs()}

    def unused_options(self, options: Mapping[str, Any]) -> frozenset[str]:
        """The options these choices leave without effect (WHO_BEGINS: who begins is
        decided in play), which the new-game screen does not offer; none by default."""
        return frozenset()

    def suggested_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults that follow from other choices (the new-game screen sets them
        unless the player chose them himself); none by default."""
        return {}

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """The fewest and most players the game allows with these options."""
        return self.min_players, self.max_players

    def player_limits(self) -> tuple[int, int]:
        """The fewest and most players any choice of options allows (the seats the
        new-game screen offers; `player_range` then checks the options chosen)."""
        return self.min_players, self.max_players

    def check_setup(self, setup: Setup) -> None:
        """Raise IllegalAction when the players or options do not fit this game."""
        count = len(setup.players)
        low, high = self.player_range(setup.options)
        if not low <= count <= high:
            raise IllegalAction(
                Message(
                    N_("{game} is for {low} to {high} players, not {count}."),
                    {"game": self.title, "low": low, "high": high, "count": count},
                )
            )
        if not 0 <= setup.first < count:
            raise IllegalAction(Message(N_("The first player must be one of the players.")))
        names = [player.name.strip() for player in setup.players]
        if not all(names):
            raise IllegalAction(Message(N_("Every player needs a name.")))
        if len({name.casefold() for name in names}) != count:
            raise IllegalAction(Message(N_("Every player needs a different name.")))
        known = [key for key, _label, _rgb in self.colours()]
        for player in setup.players:
            if player.colour not in known:
                raise IllegalAction(
                    Message(N_("{colour} is not a colour of {game}."), {"colour": player.colour, "game": self.title})
                )
        if len({player.colour for player in setup.players}) != count:
            raise IllegalAction(Message(N_("Every player needs a different colour.")))
        specs = {spec.key: spec for spec in self.option_specs()}
        for key, value in setup.options.items():
            spec = specs.get(key)
            if spec is None:
                raise IllegalAction(Message(N_("Unknown option {key}."), {"key": key}))
            if spec.choices and value not in [v for v, _l in spec.choices]:
                raise IllegalAction(Message(N_("Option {key} cannot be {value}."), {"key": key, "value": str(value)}))

    def new_state(self, setup: Setup) -> Any:
        """The state before the first action. Chance steps of the set-up (shuffles)
        come as the first actions, asked for through `actor` and `chance_spec`."""
        raise NotImplementedError

    # -- play -------------------------------------------------------------------

    def actor(self, state: Any) -> int | None:
        """The seat to act, CHANCE for a chance step, None when the game is over."""
        raise NotImplementedError

    def turn_holder(self, state: Any) -> int | None:
        """The seat whose turn it is. Usually the seat to act, which is the
        default; a game in which other seats act during someone's turn (a discard
        for everyone over the limit, an answer to a trade offer) returns the seat
        whose turn it stays. None when no seat holds the turn (chance, game over)."""
        actor = self.actor(state)
        return actor if actor is not None and actor >= 0 else None

    def chance_spec(self, state: Any) -> ChanceSpec:
        """What chance must decide; only called when `actor` is CHANCE."""
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Action]:
        """Every legal action of the seat to act. Where the choices are continuous
        (a position on the table, an amount of mana) the list holds a fair sample
        and `check` is the authority."""
        raise NotImplementedError

    def phase(self, state: Any) -> str:
        """The name of the current phase, as the moves declare it."""
        return self.moves.phase_of(state)

    def allowed_moves(self, state: Any) -> list[Move]:
        """The moves the current phase allows, for help and tooltips (whether one
        is legal now with given parameters is for `check` to say)."""
        return self.moves.allowed(state)

    def check(self, state: Any, action: Action) -> None:
        """Raise IllegalAction, with the reason in words, if `action` is not a legal
        move now: not a declared move, not allowed in this phase, parameters missing
        or of the wrong type, or refused by the move's check."""
        if action.kind == "chance":
            raise IllegalAction(Message(N_("Chance decides that, not a player.")))
        self.moves.check(self, state, action)

    def apply(self, state: Any, action: Action) -> Step:
        """Carry out a legal move (or a chance outcome) on `state` in place."""
        if action.kind == "chance":
            return self.apply_chance(state, action["outcome"])
        return self.moves.apply(self, state, action)

    def apply_chance(self, state: Any, outcome: Any) -> Step:
        """Carry out the outcome of the pending chance step (`chance_spec`)."""
        raise NotImplementedError

    def commits_at_once(self, state: Any, action: Action) -> bool:
        """True when undo can never come back to `state` once the legal `action` is
        applied: the action always commits (a reveal, another seat to act next) or
        is always followed by a chance step (the dice after a roll). Match then
        keeps no copy of `state` for undo before it. A hint for speed only: should
        an undo reach back to `state` after all (a roll taken back before real dice
        are typed in), Match rebuilds it by replaying the log. Default: the move
        is declared with commits=True."""
        return self.moves.commits(action)

    def result(self, state: Any) -> Result | None:
        """The result once the game is over, else None."""
        raise NotImplementedError

    # -- information ------------------------------------------------------------

    def view(self, state: Any, seat: int | None) -> Any:
        """What `seat` may see (None: what everybody may see): the game's typed
        player view (frozen dataclasses of plain values; engine.views.as_json gives
        its JSON)."""
        raise NotImplementedError

    def encode(self, state: Any) -> dict[str, Any]:
        """The whole state as plain JSON data (for the save hash and `inspect`)."""
        raise NotImplementedError

    def secret_holder(self, state: Any) -> int | None:
        """The seat whose secrets the screen shows now (behind the curtain)."""
        if not self.has_secrets:
            return None
        actor = self.actor(state)
        return actor if actor is not None and actor >= 0 else None

    def holds_secret(self, state: Any, seat: int) -> bool:
        """True when `seat` holds something now that only it may see (the screen
        closes the curtain in front of the secrets' holder only then). By default
        every seat of a game with secrets does."""
        return self.has_secrets

    def describe(self, state: Any, action: Action) -> Message:
        """A short label for a legal action, for menus and `inspect`."""
        return Message(action.kind)

    # -- checks used by the tests -------------------------------------------------

    def check_invariants(self, state: Any) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""

    def perturb_secrets(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of `state` in which only what `seat` keeps secret differs (and what
        nobody sees, such as the deck order). The generic test checks that no other
        seat's view changes. Return None if the seat has no secrets now."""
        return None

    def copy_state(self, state: Any) -> Any:
        return copy.deepcopy(state)
