"""The position builder: a table stated in a few lines, and the positions it refuses."""

from __future__ import annotations

import pytest

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Piece, PositionError, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, LAYOUT, NAMING, table_of

from .positions import play_begins


def test_the_built_table_is_the_one_the_moves_make():
    """The same table laid out by moves and stated by the builder encode alike."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), "start": "empty"})
    match = Match(RULES, setup, 1)
    match.act(Action("add_piece", terrain="wall", at=(300.0, 300.0), rotation=90.0))
    match.act(Action("add_model", base=30.0, at=(100.0, 300.0)))
    match.act(Action("end_turn"))
    match.act(Action("add_model", base=40.0, at=(500.0, 300.0)))
    play_begins(match)
    built = position(
        terrain=[Piece("wall", (300, 300), rotation=90, owner=0)],
        warriors={"w2": Warrior(0, (100, 300), "tony"), "w3": Warrior(1, (500, 300), "gorm")},
        phase=NAMING,
    )
    # the units: the layout's warriors the players did not place
    built.rosters = [list(r) for r in match.state.rosters]
    assert RULES.encode(built) == RULES.encode(match.state)


def test_a_built_position_is_played_on():
    state = position(
        warriors={"ann": Warrior(0, (100, 300), "yuri"), "bob": Warrior(1, (500, 300), ap=2, markers={"rage": 1})},
        phase=ACTIVATION,
        active="bob",
        first=1,
        round=3,
    )
    assert RULES.actor(state) == 1 and state.first == 1 and state.ready == [True, True] and state.round == 3
    assert table_of(state).models["ann"].position == (100.0, 300.0)
    move = Action("move", model="bob", path=((500.0, 300.0), (450.0, 300.0)))
    RULES.check(state, move)
    RULES.apply(state, move)
    assert state.models["bob"]["ap"] == 1 and state.models["bob"]["position"] == [450.0, 300.0]
    assert state.models["bob"]["round_uses"] == {"move": 1} and state.models["bob"]["markers"]["rage"] == 1
    RULES.check_invariants(state)


def test_layout_defaults():
    state = position()
    assert (state.width, state.height, state.phase, state.turn, state.ready) == (
        600.0,
        600.0,
        LAYOUT,
        0,
        [False, False],
    )
    assert state.options == {"ruleset": "basic", "double_cost": False, "deployment": "free", "spacing": "enforce"}
    assert state.colours == ["#c83232", "#2f5fbf"]
    assert (position(size=(900, 600)).width, position(size=(900, 600)).height) == (900.0, 600.0)
    with_objective = position(objectives={"o1": (300, 300)})
    assert with_objective.objectives == {"o1": [300.0, 300.0]}
    assert table_of(with_objective).objectives == {"o1": (300.0, 300.0)}


@pytest.mark.parametrize(
    "stated, reason",
    [
        (dict(terrain=[Piece("castle", (300, 300))]), "no terrain kind 'castle'"),
        (dict(terrain=[Piece("wall", (20, 300))], options={"spacing": "warn"}), "t1 would overlap the table edge"),
        (
            dict(terrain=[Piece("wall", (300, 300)), Piece("tree", (300, 320))], options={"spacing": "warn"}),
            "t2 would overlap terrain piece t1",
        ),
        (dict(terrain=[Piece("wall", (300, 300)), Piece("wall", (300, 340))]), "closer than 50 mm"),
        (dict(terrain=[Piece("wall", (300, 300), rotation=360)]), "rotation is 0 to 359.9"),
        (dict(warriors=[Warrior(0, (100, 300)), Warrior(1, (120, 300))]), "w2 would overlap warrior w1"),
        (dict(warriors=[Warrior(0, (10, 300))]), "w1 would overlap the table edge"),
        (dict(warriors=[Warrior(0, (100, 300), base=35)]), "no player's warrior 35"),
        (dict(warriors=[Warrior(0, (100, 300), "gorm", base=30)]), "gorm stands on a 40 mm base"),
        (dict(warriors=[Warrior(0, (100, 300), "marauder")]), "no player's warrior 'marauder'"),
        (dict(warriors=[Warrior(0, (100, 300), marks=(4, 0, 0, 0))]), "out of action"),
        (dict(warriors=[Warrior(0, (100, 300), marks=(9, 0, 0, 0))]), "do not fit"),
        (dict(warriors=[Warrior(0, (100, 300), ap=-1)]), "AP cannot be negative"),
        (dict(warriors=[Warrior(0, (100, 300), markers={"doom": 1})]), "not doom=1"),
        (dict(warriors=[Warrior(0, (100, 300), round_uses={"move": 4})]), "at most 3 times a round"),
        (dict(warriors=[Warrior(3, (100, 300))]), "side is 0, 1 or 2 (non-player)"),
        (dict(warriors=[Warrior(2, (100, 300))]), "no non-player warrior 'yuri'"),
        (dict(warriors=[Warrior(0, (100, 300), "marauder")]), "no player's warrior 'marauder'"),
        (dict(warriors=[Warrior(0, (100.05, 300))]), "to a tenth of a millimetre"),
        (
            dict(terrain={"lake": Piece("contaminated_lake", (300, 300))}, warriors=[Warrior(0, (300, 300))]),
            "w1 would overlap terrain piece lake",
        ),
        (dict(warriors=[Warrior(0, (300, 300))], options={"deployment": "open_battle"}), "deployment zone"),
        (dict(warriors={"x": Warrior(0, (100, 300))}, terrain={"x": Piece("tree", (400, 400))}), "'x' is taken"),
        (dict(objectives={"o1": (700, 300)}), "objective o1 lies off the table"),
        (dict(objectives={"o1": (300, 300)}, terrain=[Piece("wall", (300, 340))]), "closer than 50 mm"),
        (dict(phase="combat"), "no phase 'combat'"),
        (dict(turn=2), "turn is a seat"),
        (dict(options={"table": 900}), "no option 'table'"),
        (dict(options={"ruleset": "advanced"}), "cannot be 'advanced'"),
        (dict(warriors=[Warrior(0, (100, 300))], active="w1"), "once play has begun"),
        (dict(warriors=[Warrior(0, (100, 300))], ready=(True, True)), "play has begun"),
        (dict(ready=(False, True)), "seat 1 is ready without a warrior"),
        (dict(warriors=[Warrior(0, (100, 300))], phase=ACTIVATION, active="w9"), "'w9' is not on the table"),
        (dict(warriors=[Warrior(0, (100, 300))], phase=NAMING, active="w1"), "active only in the phase"),
        (dict(warriors=[Warrior(0, (100, 300))], phase=NAMING, named=["w9"]), "w9 is not on the table"),
        (dict(warriors=[Warrior(0, (100, 300), activated=True)], phase=NAMING, named=["w1"]), "cannot be activated"),
        (
            dict(
                warriors=[Warrior(0, (100, 300), "yuri"), Warrior(1, (500, 300), "kira")],
                phase=NAMING,
                named=["w1", "w2"],
            ),
            "without a higher GES",
        ),
        (dict(warriors=[Warrior(0, (100, 300))], phase=NAMING, round=0), "rounds count from 1"),
        (
            dict(
                terrain=[Piece("torrent", (150, 150), owner=0), Piece("contaminated_lake", (450, 450), owner=0)],
                options={"ruleset": "terrain"},
            ),
            "more than 8 points",
        ),
    ],
)
def test_impossible_positions_are_refused(stated, reason):
    with pytest.raises(PositionError) as caught:
        position(**stated)
    assert reason in str(caught.value)
    assert isinstance(caught.value, ValueError)
