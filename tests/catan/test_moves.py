"""Catan's moves declared once (moves.py): the table dispatches, refuses what a phase
does not allow with the rules' own words, and lists each phase's moves with help."""

from __future__ import annotations

from tabletop.engine import Action, IllegalAction
from tabletop.games.catan import geometry as G
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
    assert refused(state, "build_road", path=3) == "The move {kind} needs {expected} for {name}."
    assert refused(state, "build_road", path=True) == "The move {kind} needs {expected} for {name}."
    assert refused(state, "build_road") == "The move {kind} takes: {names}."
    assert refused(state, "move_robber", hex=9) == "The move {kind} needs {expected} for {name}."


def refusal(state, kind: str, **params) -> str:
    try:
        RULES.check(state, Action(kind, **params))
    except IllegalAction as err:
        return err.reason.render()
    raise AssertionError(f"{kind} {params} was allowed")


def test_places_go_by_name_and_an_unknown_name_is_refused():
    state = position(settlements={0: ["C3.e"]}, hands={0: {"wood": 1, "brick": 1}})
    assert refusal(state, "build_road", path="C3.x") == "There is no side called C3.x."
    assert refusal(state, "build_road", path="F1.n") == "There is no side called F1.n."
    assert refusal(state, "build_settlement", intersection="C3.n") == "There is no corner called C3.n."
    assert refusal(state, "build_city", intersection="72") == "There is no corner called 72."
    robber = position(phase="robber")
    assert refusal(robber, "move_robber", hex="C6") == "There is no land hex called C6."
    assert refusal(robber, "move_robber", hex="9") == "There is no land hex called 9."


def test_a_place_goes_by_one_name_in_moves_the_first_hexs():
    # the centre hex's upper right corner is also a corner of C2 and D2: moves name it
    # as C2's, the first of its hexes, and so do the legal actions
    assert G.intersection_name(G.intersection_of("C3.ne")) == "C2.se"
    assert G.path_name(G.path_of("C3.n")) == "C2.s"
    state = position(settlements={0: ["C3.e"]}, roads={0: ["C3.ne"]}, hands={0: {"wood": 1, "brick": 1}})
    assert refusal(state, "build_road", path="C3.n") == "Moves name this side C2.s, not C3.n."
    assert refusal(state, "build_road", path="c2.S") == "Moves name this side C2.s, not c2.S."
    assert Action("build_road", path="C2.s") in RULES.legal_actions(state)
    founding = position(phase="found_settlement")
    assert refusal(founding, "build_settlement", intersection="D2.w") == "Moves name this corner C2.se, not D2.w."
    assert Action("build_settlement", intersection="C2.se") in RULES.legal_actions(founding)
    assert {a["intersection"] for a in RULES.legal_actions(founding)} == set(G.INTERSECTION_NAMES)
    robber = position(phase="robber")
    assert refusal(robber, "move_robber", hex="c3") == "Moves name this land hex C3, not c3."
    assert {a["hex"] for a in RULES.legal_actions(robber)} == set(G.HEX_NAMES) - {G.hex_name(robber.robber)}


def test_the_robbers_victim_may_be_left_out():
    state = position(phase="robber")
    RULES.check(state, Action("move_robber", hex="C3"))
    RULES.check(state, Action("move_robber", hex="C3", victim=None))
    assert refused(state, "move_robber", hex="C3", victim="Bob") == "The move {kind} needs {expected} for {name}."


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
