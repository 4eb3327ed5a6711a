"""Catan's moves declared once (moves.py): the table dispatches, refuses what a phase
does not allow with the rules' own words, and lists each phase's moves with help."""

from __future__ import annotations

from tabletop.engine import Action
from tabletop.games.catan.moves import MOVES
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import RULES

from .helpers import refused


def test_every_move_has_its_change_and_a_line_of_help():
    MOVES.verify()
    assert all(move.help for move in MOVES)
    assert RULES.moves is MOVES


def test_each_phase_lists_its_moves():
    main = {move.kind for move in RULES.allowed_moves(position())}
    assert {"end_turn", "build_road", "trade_bank", "offer", "play_knight", "buy_development"} <= main
    assert "roll" not in main and "discard" not in main
    assert {move.kind for move in RULES.allowed_moves(position(phase="roll"))} == {
        "roll",
        "play_knight",
        "play_road_building",
        "play_year_of_plenty",
        "play_monopoly",
    }
    assert [move.kind for move in RULES.allowed_moves(position(phase="robber"))] == ["move_robber"]


def test_a_move_the_phase_does_not_allow_is_refused_in_the_rules_words():
    state = position(phase="roll", hands={0: {"wood": 1, "brick": 1}})
    assert refused(state, "end_turn") == "That move is not allowed now."
    assert refused(state, "discard", resource="wood") == "That move is not allowed now."


def test_unknown_moves_and_parameters_of_the_wrong_kind_are_refused():
    state = position()
    assert refused(state, "fly") == "There is no move called {kind}."
    assert refused(state, "build_road", path="C3.n") == "The move {kind} needs {expected} for {name}."
    assert refused(state, "build_road", path=True) == "The move {kind} needs {expected} for {name}."
    assert refused(state, "build_road") == "The move {kind} takes: {names}."
    assert refused(state, "build_road", path=72) == "There is no such place on the board."


def test_the_robbers_victim_may_be_left_out():
    state = position(phase="robber")
    RULES.check(state, Action("move_robber", hex=9))
    RULES.check(state, Action("move_robber", hex=9, victim=None))
    assert refused(state, "move_robber", hex=9, victim="Bob") == "The move {kind} needs {expected} for {name}."


def test_which_moves_commit_at_once():
    state = position(phase="roll")
    # the roll keeps no copy for undo, yet commits nothing: it may be taken back
    # until real dice are typed in
    assert RULES.commits_at_once(state, Action("roll"))
    assert not RULES.apply(RULES.copy_state(state), Action("roll")).commits
    main = position(development={0: ["monopoly"]})
    assert RULES.commits_at_once(main, Action("end_turn"))
    assert RULES.apply(main, Action("play_monopoly", resource="ore")).commits
    assert not RULES.commits_at_once(main, Action("trade_bank", give="wood", get="ore"))
