"""Moves declared once: exact parameter types, phases, refusals, dispatch."""

from __future__ import annotations

from typing import Literal

import pytest

from tabletop.engine import Action, IllegalAction, Step
from tabletop.engine.moves import Move, Moves, fits
from tabletop.engine.rules import GameRules
from tabletop.games import registry

GIVE = Move("give", "Give cards.", phases=("trade",), cards=tuple[int, ...], to=int)
ANSWER = Move("answer", "Say yes or no.", phases=("trade", "ask"), yes=bool, note=str | None)
FACE = Move("face", "Turn to a side.", phases=("ask",), side=Literal["north", "south"])
MOVES = Moves(GIVE, ANSWER, FACE, phase_of=lambda state: state["phase"], not_now={"ask": "First answer."})


class Trader(GameRules):
    id = "trader"
    moves = MOVES

    @GIVE.check
    def _check_give(self, state: dict, cards: tuple[int, ...], to: int) -> None:
        if to == state["seat"]:
            raise IllegalAction("Not to yourself.")

    @GIVE.apply
    def _apply_give(self, state: dict, cards: tuple[int, ...], to: int) -> Step:
        state["given"] = (cards, to)
        return Step()

    @ANSWER.apply
    def _apply_answer(self, state: dict, yes: bool, note: str | None) -> Step:
        state["answer"] = (yes, note)
        return Step()

    @FACE.apply
    def _apply_face(self, state: dict, side: str) -> Step:
        state["side"] = side
        return Step()


def refusal(state: dict, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        Trader().check(state, action)
    return caught.value.reason.render()


def test_a_legal_move_is_checked_and_applied_through_its_declaration():
    rules, state = Trader(), {"phase": "trade", "seat": 0}
    action = Action("give", cards=(3, 4), to=1)
    rules.check(state, action)
    rules.apply(state, action)
    assert state["given"] == ((3, 4), 1)


@pytest.mark.parametrize(
    "action, said",
    [
        (Action("steal", card=1), "There is no move called steal."),
        (Action("give", cards=(3,)), "The move give takes: cards, to."),
        (Action("give", cards=(3,), to=1, extra=2), "The move give takes: cards, to."),
        (Action("give", cards=(3,), to=True), "The move give needs a whole number for to."),
        (Action("give", cards=(3,), to=1.0), "The move give needs a whole number for to."),
        (Action("give", cards=(3, "a"), to=1), "needs a list of: a whole number for cards"),
        (Action("answer", yes=1, note=None), "needs true or false for yes"),
        (Action("answer", yes=True, note=3), "needs a text or nothing for note"),
        (Action("answer", note="hm"), "The move answer takes: note, yes."),
        (Action("face", side="north"), "That cannot be done now."),
        (Action("give", cards=(3,), to=0), "Not to yourself."),
    ],
)
def test_refusals_say_what_is_wrong(action, said):
    assert said in refusal({"phase": "trade", "seat": 0}, action)


def test_a_parameter_that_may_be_none_may_be_left_out():
    rules, state = Trader(), {"phase": "trade", "seat": 0}
    rules.check(state, Action("answer", yes=True))
    rules.apply(state, Action("answer", yes=False))
    assert state["answer"] == (False, None)


def test_a_phase_says_its_own_not_now():
    assert refusal({"phase": "ask", "seat": 0}, Action("give", cards=(1,), to=1)) == "First answer."
    assert "one of 'north', 'south'" in refusal({"phase": "ask", "seat": 0}, Action("face", side="up"))


def test_a_chance_outcome_is_not_a_players_move():
    assert refusal({"phase": "trade", "seat": 0}, Action("chance", outcome=3)) == "Chance decides that, not a player."


def test_the_moves_of_a_phase_are_listed_with_their_help():
    rules = Trader()
    assert [m.kind for m in rules.allowed_moves({"phase": "ask"})] == ["answer", "face"]
    assert [(m.kind, m.help) for m in rules.allowed_moves({"phase": "trade"})] == [
        ("give", "Give cards."),
        ("answer", "Say yes or no."),
    ]


def test_a_declaration_is_complete_or_refused_when_the_rules_are_made():
    lonely = Move("lonely", "Has no change.", phases=("x",))
    with pytest.raises(TypeError, match="lonely"):

        class Broken(GameRules):
            moves = Moves(lonely, phase_of=lambda state: "x")

    with pytest.raises(TypeError):
        Move("odd", "A set parameter.", phases=("x",), things=set)
    with pytest.raises(TypeError):
        Moves(GIVE, GIVE, phase_of=lambda state: "x")


def test_exact_types():
    assert fits((), tuple[int, ...]) and fits((1, 2), tuple[int, int]) and not fits((1,), tuple[int, int])
    assert fits(None, None) and not fits(0, None) and not fits(False, int) and not fits(1, float)
    assert fits(1.5, float | int) and fits(2, float | int) and not fits("2", float | int)


@pytest.mark.parametrize("game_id", ["eden", "catan", "skirmish", "testgame"])
def test_every_game_declares_its_moves(game_id):
    """No game keeps its own dispatch: each declares a table with a change for every
    move, and check/apply are the engine's."""
    rules = registry.get(game_id)
    assert len(rules.moves) > 0
    assert all(move.applier is not None for move in rules.moves)
    for method in ("check", "apply"):
        assert getattr(type(rules), method) is getattr(GameRules, method), f"{game_id} overrides {method}"
