"""The skirmish table's rules: laying out terrain and warriors, the ready handshake,
and the active warrior's moves checked along their paths (rounds: test_rounds.py)."""

from __future__ import annotations

import json
import math
import random

import pytest

from tabletop.engine.core import CHANCE, Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.settling import settle_path
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    LAYOUT,
    NAMING,
    SkirmishState,
    table_of,
    terrain_budget,
    terrain_points,
)
from tabletop.games.skirmish.play.views import view_table
from tabletop.games.skirmish.table import movement
from tabletop.games.skirmish.unit_files import bundled_unit

from .positions import play_begins, through_the_bid


def new_match(**options) -> Match:
    """A match of Ann (seat 0, begins) and Bob with these options."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def empty(**options) -> Match:
    return new_match(start="empty", **options)


NAMES = ["Ann", "Bob"]


def refused(where: Match | SkirmishState, action: Action) -> str:
    """The reason the rules give for refusing an action in a match or a built
    position (the test fails if they allow it)."""
    with pytest.raises(IllegalAction) as caught:
        if isinstance(where, Match):
            where.act(action)
        else:
            RULES.check(where, action)
    return caught.value.reason.render(NAMES)


def act(state: SkirmishState, action: Action) -> str:
    """Check and carry out `action` on a built position; what the log says of it."""
    RULES.check(state, action)
    step = RULES.apply(state, action)
    RULES.check_invariants(state)
    return step.events[0].message.render(NAMES)


def in_play(*warriors: Warrior, terrain=(), **stated) -> SkirmishState:
    """A position in play, Ann's (seat 0) warrior w1 active, the warriors w1, w2 ...
    on the table (spacing only marked, so terrain may lie close)."""
    options = {"spacing": "warn", **stated.pop("options", {})}
    active = stated.pop("active", "w1")
    return position(terrain=terrain, warriors=warriors, phase=ACTIVATION, active=active, options=options, **stated)


def start_play(match: Match) -> None:
    """Both players say they are ready (each has a warrior on the table); the seat
    chosen to begin wins round 1's bid and begins."""
    play_begins(match)
    assert match.state.phase == NAMING


def warrior_at(match: Match, x: float, y: float, base: float = 30.0) -> str:
    """Place a warrior of the seat to act; its id."""
    match.act(Action("add_model", base=base, at=(x, y)))
    return list(match.state.models)[-1]


def pass_on(match: Match) -> None:
    match.act(Action("end_turn"))


# -- set-up -------------------------------------------------------------------------------


def test_the_demo_table_is_laid_out_by_default():
    match = new_match()
    state = match.state
    assert (state.width, state.height) == (600, 600)
    assert len(state.pieces) == 16 and len(state.models) == 20
    assert state.phase == LAYOUT and match.actor == 0
    assert all(p["owner"] is None for p in state.pieces.values())


def test_the_layout_may_come_without_its_warriors_or_not_at_all():
    """A player who picks a starter unit places it; the other keeps the layout's
    warriors where they stand (the unit tests: test_rounds.py)."""
    units = new_match(
        unit_1=bundled_unit("unit-a").to_setup(), unit_2=bundled_unit("unit-b").to_setup(), preparation="free"
    )
    assert units.state.models == {} and len(units.state.pieces) == 16
    assert (
        len([m for m in new_match(unit_1=bundled_unit("unit-a").to_setup()).state.models.values() if m["side"] == 1])
        == 10
    )
    bare = empty()
    assert bare.state.pieces == {} and bare.state.models == {}


def test_a_larger_table_keeps_the_layout_in_its_middle():
    match = new_match(table=900)
    assert (match.state.width, match.state.height) == (900, 900)
    assert match.state.pieces["chasm"]["position"] == [385.0, 405.0]
    assert match.state.models["m01"]["position"] == [645.0, 500.0]
    assert view_table(RULES.view(match.state, None)).width == 900


def test_two_players_only():
    setup = default_setup(RULES, players=3)
    with pytest.raises(IllegalAction):
        Match(RULES, setup, 0)


# -- terrain -----------------------------------------------------------------------------------


def test_terrain_may_not_overlap_terrain():
    match = empty(spacing="warn")
    match.act(Action("add_piece", terrain="wall", at=(300.0, 300.0), rotation=0.0))
    assert "The terrain piece would overlap another terrain piece." == refused(
        match, Action("add_piece", terrain="tree", at=(300.0, 320.0), rotation=0.0)
    )
    # a tree (22 mm about its centre) touching the wall's face is fine
    match.act(Action("add_piece", terrain="tree", at=(300.0, 327.0), rotation=0.0))


def test_terrain_stays_on_the_table():
    match = empty(spacing="warn")
    assert "table edge" in refused(match, Action("add_piece", terrain="wall", at=(40.0, 300.0), rotation=0.0))
    match.act(Action("add_piece", terrain="wall", at=(50.0, 300.0), rotation=0.0))


def test_spacing_is_enforced_or_only_marked():
    enforced = empty()
    enforced.act(Action("add_piece", terrain="wall", at=(300.0, 300.0), rotation=0.0))
    reason = refused(enforced, Action("add_piece", terrain="wall", at=(300.0, 340.0), rotation=0.0))
    assert "keep 5 cm" in reason
    assert "keep 5 cm" in refused(enforced, Action("add_piece", terrain="wall", at=(80.0, 100.0), rotation=0.0))
    enforced.act(Action("add_piece", terrain="wall", at=(300.0, 360.0), rotation=0.0))  # exactly 5 cm apart
    marked = empty(spacing="warn")
    marked.act(Action("add_piece", terrain="wall", at=(300.0, 300.0), rotation=0.0))
    marked.act(Action("add_piece", terrain="wall", at=(300.0, 340.0), rotation=0.0))


def test_terrain_it_may_not_stand_on_keeps_off_warriors():
    match = empty(spacing="warn")
    warrior_at(match, 300.0, 300.0)
    assert "overlap a warrior" in refused(match, Action("add_piece", terrain="tree", at=(310.0, 300.0), rotation=0.0))
    match.act(Action("add_piece", terrain="bushes", at=(310.0, 300.0), rotation=0.0))  # bushes may be crossed


def test_pieces_move_turn_and_go():
    match = new_match(spacing="warn")
    match.act(Action("place_piece", piece="tree-1", at=(530.0, 180.0), rotation=90.0))
    assert match.state.pieces["tree-1"]["position"] == [530.0, 180.0]
    assert table_of(match.state).pieces["tree-1"].rotation == 90.0
    assert "already there" in refused(match, Action("place_piece", piece="tree-1", at=(530.0, 180.0), rotation=90.0))
    match.act(Action("remove_piece", piece="tree-1"))
    assert "tree-1" not in match.state.pieces and "tree-1" not in table_of(match.state).pieces


def test_terrain_points_under_the_terrain_rules():
    match = empty(ruleset="terrain", spacing="warn")
    spots = [(100.0, 100.0), (300.0, 100.0), (500.0, 100.0)]
    for spot in spots[:2]:
        match.act(Action("add_piece", terrain="contaminated_lake", at=spot, rotation=0.0))  # 4 points each
    view = RULES.view(match.state, None)
    assert [seat.terrain_points for seat in view.seats] == [8, 0]
    assert view.terrain_budget == 8
    reason = refused(match, Action("add_piece", terrain="tree", at=spots[2], rotation=0.0))
    assert "0 of 8 left" in reason
    # the other player has a budget of their own; basic rules have none
    pass_on(match)
    match.act(Action("add_piece", terrain="tree", at=spots[2], rotation=0.0))
    basic = position(
        terrain=[Piece("tree", (60 + 55 * k, 300), owner=0) for k in range(8)], options={"spacing": "warn"}
    )
    act(basic, Action("add_piece", terrain="tree", at=(555.0, 300.0), rotation=0.0))  # a ninth point
    assert terrain_points(basic, 0) == 9 and terrain_budget(basic.options) is None


# -- warriors in the layout ------------------------------------------------------------------------


def test_warriors_may_touch_but_not_overlap():
    match = empty()
    warrior_at(match, 100.0, 100.0)
    assert "overlap a warrior" in refused(match, Action("add_model", base=30.0, at=(129.9, 100.0)))
    warrior_at(match, 130.0, 100.0)
    assert "table edge" in refused(match, Action("add_model", base=30.0, at=(14.9, 300.0)))
    assert "40 mm" in refused(match, Action("add_model", base=40.0, at=(300.0, 300.0)))  # none in the unit
    assert "no bases of 35" in refused(match, Action("add_model", base=35.0, at=(300.0, 300.0)))


def test_warriors_stay_off_terrain_they_may_not_stand_on():
    match = empty(spacing="warn")
    match.act(Action("add_piece", terrain="wall", at=(300.0, 300.0), rotation=0.0))
    assert "overlap a terrain piece" in refused(match, Action("add_model", base=30.0, at=(300.0, 315.0)))
    warrior_at(match, 300.0, 320.0)  # touching the wall
    match.act(Action("add_piece", terrain="swamp", at=(100.0, 450.0), rotation=0.0))
    warrior_at(match, 100.0, 450.0)  # in the swamp (crossable)


def test_deployment_zones_when_the_option_is_on():
    free = empty()
    warrior_at(free, 300.0, 300.0)
    battle = empty(deployment="open_battle")
    # seat 0 deploys along the top: the whole base at least 20 cm from the centre line (y = 300)
    assert "inside your zone" in refused(battle, Action("add_model", base=30.0, at=(300.0, 90.0)))
    warrior_at(battle, 300.0, 85.0)
    pass_on(battle)
    assert "inside your zone" in refused(battle, Action("add_model", base=30.0, at=(200.0, 85.0)))
    warrior_at(battle, 300.0, 515.0)
    ambush = empty(deployment="ambush")
    warrior_at(ambush, 20.0, 280.0)  # own half, far from the centre
    assert "inside your zone" in refused(ambush, Action("add_model", base=30.0, at=(300.0, 90.0)))


def test_only_own_warriors_are_placed_moved_or_removed():
    match = new_match()
    # m03 is Bob's
    assert "other player" in refused(match, Action("remove_model", model="m03"))
    assert "other player" in refused(match, Action("place_model", model="m03", at=(300.0, 20.0)))
    match.act(Action("place_model", model="m10", at=(300.0, 20.0)))
    assert match.state.models["m10"]["position"] == [300.0, 20.0]
    match.act(Action("remove_model", model="m10"))
    added = warrior_at(match, 300.0, 20.0)
    assert match.state.models[added]["side"] == 0 and match.state.models[added]["colour"] == "#c83232"


def test_positions_are_given_to_a_tenth_of_a_millimetre():
    match = empty()
    assert "tenth" in refused(match, Action("add_model", base=30.0, at=(100.05, 100.0)))
    assert "tenth" in refused(match, Action("add_piece", terrain="tree", at=(100.0, 100.0), rotation=12.34))


def test_positions_are_floats_and_each_move_has_its_phase():
    """A position is two floats (an int is refused before the rules look at the
    table); each phase lists its own moves, and a move of the other phase is
    refused with the phase's reason."""
    match = empty()
    assert "needs a list of 2 values for at" in refused(match, Action("add_model", base=30.0, at=(100, 100)))
    assert "needs a number for base" in refused(match, Action("add_model", base=30, at=(100.0, 100.0)))
    assert "takes: nothing" in refused(match, Action("end_turn", now=True))
    assert [move.kind for move in RULES.allowed_moves(match.state)] == [
        "add_piece",
        "place_piece",
        "remove_piece",
        "add_model",
        "place_model",
        "remove_model",
        "ready",
        "end_turn",
    ]
    assert "once play has begun" in refused(match, Action("move", model="w1", path=((1.0, 1.0), (2.0, 2.0))))
    warrior_at(match, 100.0, 100.0)
    pass_on(match)
    warrior_at(match, 300.0, 500.0)
    start_play(match)
    assert [move.kind for move in RULES.allowed_moves(match.state)] == ["name", "pass"]
    assert "named and activated" in refused(match, Action("remove_model", model="w1"))
    match.act(Action("name", model="w1"))  # Tony, GES 4; Bob's Elenia (GES 5) could counter
    match.act(Action("pass"))
    assert [move.kind for move in RULES.allowed_moves(match.state)] == [
        "move",
        "attack",
        "charge",
        "shoot",
        "throw",
        "flame",
        "use",
        "extinguish",
        "climb",
        "swim",
        "jump",
        "attack_piece",
        "shoot_piece",
        "hide",
        "done",
        "play_card",  # a card of the active warrior's moment (First aid, S28)
        "open_hand",  # its hand opened behind the curtain for that card
    ]


# -- from laying out to play -------------------------------------------------------------------------


def test_play_begins_when_both_are_ready():
    match = new_match()
    match.act(Action("ready"))
    assert match.state.phase == LAYOUT and match.actor == 1 and match.state.ready == [True, False]
    match.act(Action("ready"))
    assert match.state.phase == BIDDING and match.actor == 0  # round 1's bid first
    through_the_bid(match, 0)
    assert match.state.phase == NAMING and match.actor == 0
    assert "named and activated" in refused(match, Action("add_piece", terrain="tree", at=(300.0, 20.0), rotation=0.0))


def test_the_player_chosen_to_begin_moves_first():
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 1)
    match = Match(RULES, setup, 1)
    assert match.actor == 1
    match.act(Action("ready"))
    match.act(Action("ready"))
    assert match.actor == 1  # who bids first in round 1


def test_a_change_takes_back_the_ready():
    match = new_match()
    match.act(Action("ready"))
    match.act(Action("place_model", model="m14", at=(300.0, 560.0)))  # Bob changes the table
    assert match.state.ready == [False, False]
    match.act(Action("ready"))
    assert match.state.phase == LAYOUT and match.actor == 0
    match.act(Action("ready"))
    assert match.state.phase == BIDDING


def test_ready_needs_a_warrior_of_ones_own():
    match = empty()
    assert "at least one" in refused(match, Action("ready"))
    warrior_at(match, 100.0, 100.0)
    match.act(Action("ready"))


def test_moves_wait_for_play():
    match = new_match()
    assert "once play has begun" in refused(match, Action("move", model="m10", path=((236.5, 48.1), (260.0, 48.1))))


# -- moves ---------------------------------------------------------------------------------------


def open_field() -> tuple[Match, str, str]:
    """Ann's warrior at (100, 300) and Bob's at (500, 300) on an empty table, in
    play, Ann's warrior (Tony) named and let stand by Bob (Elenia could counter)."""
    match = empty(spacing="warn")
    ann = warrior_at(match, 100.0, 300.0)
    pass_on(match)
    bob = warrior_at(match, 500.0, 300.0)
    pass_on(match)
    start_play(match)
    match.act(Action("name", model=ann))
    match.act(Action("pass"))
    assert match.state.active == ann
    return match, ann, bob


def test_a_move_is_at_most_ten_centimetres_of_path():
    match, ann, _bob = open_field()
    assert "10 cm" in refused(match, Action("move", model=ann, path=((100.0, 300.0), (200.1, 300.0))))
    # a bent path counts all its segments
    assert "10 cm" in refused(match, Action("move", model=ann, path=((100.0, 300.0), (150.0, 330.0), (190.0, 300.0))))
    match.act(Action("move", model=ann, path=((100.0, 300.0), (200.0, 300.0))))
    assert match.state.models[ann]["position"] == [200.0, 300.0]
    assert match.history[-1][0].message.render(match.player_names) == "Tony moves 10.0 cm; 2 AP left."


def test_a_path_starts_where_the_warrior_stands():
    match, ann, _bob = open_field()
    assert "starts where" in refused(match, Action("move", model=ann, path=((101.0, 300.0), (150.0, 300.0))))
    assert "path of 2" in refused(match, Action("move", model=ann, path=((100.0, 300.0),)))


def test_only_the_active_warrior_moves():
    state = in_play(Warrior(0, (150, 300)), Warrior(0, (150, 400)), Warrior(1, (500, 300)))
    assert "other player" in refused(state, Action("move", model="w3", path=((500.0, 300.0), (450.0, 300.0))))
    assert "Only the active" in refused(state, Action("move", model="w2", path=((150.0, 400.0), (160.0, 400.0))))
    act(state, Action("move", model="w1", path=((150.0, 300.0), (160.0, 300.0))))


def test_the_end_of_an_activation_cannot_be_taken_back():
    match, ann, _bob = open_field()
    match.act(Action("move", model=ann, path=((100.0, 300.0), (150.0, 300.0))))
    assert match.can_undo
    match.undo()
    assert match.state.models[ann]["position"] == [100.0, 300.0]
    match.redo()
    match.act(Action("done"))
    assert not match.can_undo


@pytest.mark.parametrize("base, passes", [(30.0, True), (40.0, False)])
def test_through_a_gap_of_35_mm(base, passes):
    """Two walls 35 mm apart: a 30 mm base passes, a 40 mm one does not."""
    walls = [Piece("wall", (200, 300)), Piece("wall", (335, 300))]  # x 150..250 and 285..385
    state = in_play(Warrior(0, (267.5, 250), base=base), Warrior(1, (500, 500)), terrain=walls)
    through = Action("move", model="w1", path=((267.5, 250.0), (267.5, 350.0)))
    if passes:
        act(state, through)
    else:
        assert "overlap a terrain piece" in refused(state, through)


def test_moves_go_round_warriors_not_through_them():
    """A friend in the way: the straight line is refused, the shortest way round
    (settled on the log's grid) is allowed."""
    state = in_play(Warrior(0, (100, 300)), Warrior(0, (135, 300)), Warrior(1, (500, 500)))
    assert "overlap a warrior" in refused(state, Action("move", model="w1", path=((100.0, 300.0), (165.0, 300.0))))
    table = table_of(state)
    path = movement.shortest_path(table, "w1", (165.0, 300.0))
    assert path is not None and len(path.points) > 2 and path.length <= 100
    act(state, Action("move", model="w1", path=settle_path(table, "w1", path.points)))
    assert state.models["w1"]["position"] == [165.0, 300.0]


def test_a_move_may_not_end_touching_an_enemy():
    state = in_play(Warrior(0, (300, 300)), Warrior(1, (400, 300)), round=4)
    assert "contact with an enemy" in refused(state, Action("move", model="w1", path=((300.0, 300.0), (370.0, 300.0))))
    assert "contact with an enemy" in refused(state, Action("move", model="w1", path=((300.0, 300.0), (369.5, 300.0))))
    act(state, Action("move", model="w1", path=((300.0, 300.0), (368.9, 300.0))))  # 1.1 mm apart: not in contact


def test_a_warrior_in_contact_with_an_enemy_breaks_away_before_it_moves():
    # Ann's Vladd (GES 4), active, touches Bob's Elenia
    state = in_play(Warrior(0, (100, 300), "vladd"), Warrior(1, (130.5, 300), "elenia"))
    act(state, Action("move", model="w1", path=((100.0, 300.0), (80.0, 300.0))))
    # not walked away: the GES roll of breaking away comes first (L472)
    assert state.models["w1"]["position"] == [100.0, 300.0]
    assert state.pending is not None and RULES.actor(state) == CHANCE


def test_heavy_terrain_and_double_cost():
    """A swamp counts each mm twice under the terrain rules (heavy 2) and, with the
    option, under the basic rules; otherwise once."""
    costs = {}
    for options in ({}, {"double_cost": True}, {"ruleset": "terrain"}):
        swamp = [Piece("swamp", (300, 300))]  # x 250..350
        state = in_play(Warrior(0, (230, 300)), Warrior(1, (500, 500)), terrain=swamp, options=options)
        path = ((230.0, 300.0), (320.0, 300.0))
        costs[tuple(options)] = movement.path_cost(table_of(state), path)[1]
        if options:
            assert "10 cm" in refused(state, Action("move", model="w1", path=path))
        else:
            act(state, Action("move", model="w1", path=path))
    inside = 320.0 - (250.0 + 8 * 8 / 30)  # the swamp's left edge crosses y = 300 at x = 252.13
    assert costs[()] == pytest.approx(90.0)
    assert costs[("double_cost",)] == pytest.approx(90.0 + inside)
    assert costs[("ruleset",)] == pytest.approx(90.0 + inside)


def test_impassable_terrain_under_the_terrain_rules():
    """Bushes may be crossed; a lake may not (it is swum, a later rule)."""
    lake = [Piece("contaminated_lake", (300, 300))]
    state = in_play(Warrior(0, (220, 300)), Warrior(1, (500, 500)), terrain=lake, options={"ruleset": "terrain"})
    assert "overlap a terrain piece" in refused(
        state, Action("move", model="w1", path=((220.0, 300.0), (300.0, 300.0)))
    )


def test_a_warrior_stands_on_top_of_a_rocky_hill_and_climbs_down():
    """Terrain rules: a warrior may be put wholly on top of a rocky hill (a shooter
    on high ground), not half on it; in play it leaves the top only by a climb (S33:
    an ordinary move from there is refused). Under the basic rules the rocky hill is
    impassable."""
    match = empty(spacing="warn", ruleset="terrain")
    match.act(Action("add_piece", terrain="rocky_hill", at=(300.0, 300.0), rotation=0.0))
    assert "overlap a terrain piece" in refused(match, Action("add_model", base=30.0, at=(300.0, 330.0)))
    shooter = warrior_at(match, 300.0, 300.0)
    assert table_of(match.state).on_high_ground(shooter)
    hill = [Piece("rocky_hill", (300, 300))]
    state = in_play(Warrior(0, (300, 300)), Warrior(1, (500, 500)), terrain=hill, options={"ruleset": "terrain"})
    table = table_of(state)
    path = movement.shortest_path(table, "w1", (360.0, 380.0))
    with pytest.raises(IllegalAction, match="it comes down only by climbing"):
        RULES.check(state, Action("move", model="w1", path=settle_path(table, "w1", path.points)))
    act(state, Action("climb", model="w1", piece="t1", at=(300.0, 350.0)))
    assert state.pending is not None and state.pending["move"] == "climb"
    basic = empty(spacing="warn")
    basic.act(Action("add_piece", terrain="rocky_hill", at=(300.0, 300.0), rotation=0.0))
    assert "overlap a terrain piece" in refused(basic, Action("add_model", base=30.0, at=(300.0, 300.0)))


def test_shortest_paths_are_settled_on_the_tenth_millimetre_grid():
    """Corners of a shortest path lie a hair outside obstacles; rounded for the log
    they must still pass."""
    match = new_match()
    start_play(match)
    table = table_of(match.state)
    tried = 0
    for model_id in ("m08", "m10", "m12", "m13"):
        x, y = table.models[model_id].position
        for angle in range(0, 360, 45):
            goal = (x + 90 * math.cos(math.radians(angle)), y + 90 * math.sin(math.radians(angle)))
            path = movement.shortest_path(table, model_id, goal)
            if path is None or len(path.points) < 3:
                continue
            points = settle_path(table, model_id, path.points)
            assert points is not None
            assert all(round(v, 1) == v for p in points for v in p)
            assert movement.check_path(table, model_id, points).ok
            tried += 1
    assert tried >= 3


# -- the log, the sample and replays -------------------------------------------------------------------


def test_every_sampled_action_is_legal():
    # the demo table has no room left for terrain 5 cm from the rest; the empty one has
    for match, expected in (
        (new_match(), {"add_model", "remove_piece", "end_turn"}),
        (empty(deployment="open_battle", ruleset="terrain"), {"add_piece", "add_model", "end_turn"}),
    ):
        rng = random.Random(3)
        seen = set()
        for _ in range(40):
            for action in match.rules.legal_actions(match.state):
                match.rules.check(match.state, action)
                seen.add(action.kind)
            play_random(match, rng, steps=1)
        assert expected <= seen


def test_play_offers_naming_then_the_active_warriors_moves():
    match = new_match()
    start_play(match)
    assert {a.kind for a in match.legal_actions()} == {"name"}  # the beginner may not pass first
    match.act(Action("name", model="m12"))  # Ngobo, GES 5: Bob has nobody faster
    assert match.state.active == "m12" and {a.kind for a in match.legal_actions()} == {"move", "done"}
    moved = [a for a in match.legal_actions() if a.kind == "move"]
    assert moved and all(a["model"] == "m12" for a in moved)


def test_replay_gives_the_same_table():
    for seed in range(3):
        match = Match(RULES, default_setup(RULES), seed)
        play_random(match, random.Random(seed), steps=80)
        again = Match.replay(
            RULES, match.setup, [type(e).from_json(json.loads(json.dumps(e.to_json()))) for e in match.log]
        )
        assert again.hash() == match.hash()
        copy = RULES.copy_state(match.state)
        assert copy.table is None and RULES.encode(copy) == RULES.encode(match.state)
        RULES.check_invariants(copy)


def test_the_game_rolls_dice():
    """The end phase rolls (fire, fear): the screen shows the dice tray."""
    assert RULES.uses_dice is True


def test_the_log_tells_moves_in_words():
    """By the card's name, with what the path counted when terrain made it dearer
    and the AP left."""
    yuri = Warrior(0, (200, 300), "yuri")
    state = in_play(yuri, Warrior(1, (500, 500)), terrain=[Piece("swamp", (300, 300))], options={"double_cost": True})
    told = act(state, Action("move", model="w1", path=((200.0, 300.0), (260.0, 300.0))))
    assert told == "Yuri moves 6.0 cm (counting 6.8 cm); 2 AP left."
