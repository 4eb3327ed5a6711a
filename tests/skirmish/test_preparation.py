"""The preparation of a game between two built units (rulebook L326-362; DECISIONS
S8-S13): the preparation bid, the leaders, terrain in turns, deployment along a
chosen edge, 3 AP and round 1's own bid."""

from __future__ import annotations

import pytest

from tabletop.engine.core import Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import deployment, hands
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, CHOOSING, DEPLOYING, HANDS, MISSIONS, NAMING, TERRAIN, table_of
from tabletop.games.skirmish.unit_files import bundled_unit

from .positions import NAMES, missions_played, through_the_bid

#: 30 mm bases' spots in the top half (at least 20 cm from the centre line of a 60 cm table)
TOP_SPOTS = [(100.0, 40.0), (200.0, 40.0), (300.0, 40.0), (400.0, 40.0), (500.0, 40.0)]
BOTTOM_SPOTS = [(x, 560.0) for x, _y in TOP_SPOTS]


def book_match(weather_faces: tuple[int, ...] = (), **options) -> Match:
    """Unit A (Jokergang, 14 SP, led by Tony) against unit B (Matriarchat, 10 SP, led
    by Elenia) on the empty table; with the weather option, `weather_faces` are the
    2 W6 of the weather rolled first."""
    chosen = {
        **RULES.default_options(),
        "start": "empty",
        "unit_1": bundled_unit("unit-a").to_setup(),
        "unit_2": bundled_unit("unit-b").to_setup(),
        **options,
    }
    match = Match(RULES, Setup((PlayerInfo("A", "red"), PlayerInfo("B", "blue")), chosen, 0), 1)
    if weather_faces:
        match.roll(weather_faces)
    return match


def refused(match: Match, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        match.act(action)
    return caught.value.reason.render(NAMES)


def told(match: Match) -> list[str]:
    return [event.message.render(NAMES) for step in match.history for event in step]


def test_a28_the_preparation_bid():
    """Both secretly bid 3; tie: 4 and 4, again: 2 and 5: B wins and chooses A. Pools
    A 11, B 7. A then names his leader first and places terrain first."""
    match = book_match()
    state = match.state
    assert state.phase == BIDDING and state.round == 0 and state.sp == [14, 10]
    match.act(Action("bid", sp=3))
    match.act(Action("bid", sp=3))
    match.roll((4, 4))
    match.roll((2, 5))
    assert state.phase == CHOOSING and match.actor == 1
    match.act(Action("begin", player=0))
    assert state.sp == [11, 7] and state.first == 0
    lines = told(match)
    assert "B says A begins the preparation." in lines
    leaders = [line for line in lines if "leader." in line]
    assert leaders == ["A names Tony leader.", "B names Elenia leader."]  # the beginner first
    assert state.phase == MISSIONS and match.actor == 0  # step 5: A plays a mission first
    missions_played(match)
    assert state.phase == TERRAIN and match.actor == 0


def prepared_to_terrain(**options) -> Match:
    match = book_match(**options)
    through_the_bid(match, 0)  # both bid 0: A wins the roll-off and begins
    match.act(Action("begin", player=0)) if match.state.phase == CHOOSING else None
    missions_played(match)
    assert match.state.phase == TERRAIN
    return match


def test_terrain_is_placed_in_turns_one_piece_each_four_each_under_the_basic_rules():
    match = prepared_to_terrain()
    spots = [(100.0 + 130.0 * (i % 4), 150.0 + 300.0 * (i // 4)) for i in range(8)]
    for index, spot in enumerate(spots):
        assert match.actor == index % 2  # A, B, A, B ...
        match.act(Action("add_piece", terrain="tree", at=spot, rotation=0.0))
    assert match.state.phase == DEPLOYING and match.actor == 0  # A deploys first


def test_a_player_who_has_placed_all_pieces_waits_while_the_other_places_on():
    match = prepared_to_terrain(terrain_pieces=2)
    match.act(Action("add_piece", terrain="tree", at=(100.0, 150.0), rotation=0.0))
    assert "move" not in refused(match, Action("place_piece", piece="t1", at=(120.0, 150.0), rotation=0.0))
    match.act(Action("add_piece", terrain="tree", at=(230.0, 150.0), rotation=0.0))
    match.act(Action("add_piece", terrain="tree", at=(360.0, 150.0), rotation=0.0))
    match.act(Action("add_piece", terrain="tree", at=(490.0, 150.0), rotation=0.0))
    assert match.state.phase == DEPLOYING


def test_a88_terrain_points_must_all_be_spent_while_a_piece_fits():
    """Each player must spend 8: placement cannot end while an affordable piece fits;
    a piece costing more than the points left is refused; with "up to 8" a player may
    stop sooner."""
    match = prepared_to_terrain(ruleset="terrain")
    assert "place it" in refused(match, Action("terrain_done"))
    up_to = prepared_to_terrain(ruleset="terrain", terrain_spend="up_to")
    up_to.act(Action("terrain_done"))
    assert up_to.actor == 1 and up_to.state.terrain_done == [True, False]


def deploy(match: Match, spots) -> None:
    for spot in spots[:3]:
        match.act(Action("add_model", base=30.0, at=spot))
    match.act(Action("add_model", base=40.0, at=spots[3]))


def at_deployment(**options) -> Match:
    match = prepared_to_terrain(terrain_pieces=2, **options)
    for x in (100.0, 230.0, 360.0, 490.0):
        match.act(Action("add_piece", terrain="tree", at=(x, 300.0), rotation=0.0))
    assert match.state.phase == DEPLOYING
    return match


def test_a32_the_first_deployer_chooses_an_edge_the_other_takes_the_opposite():
    match = at_deployment()
    assert "First choose the edge" in refused(match, Action("add_model", base=30.0, at=(100.0, 40.0)))
    match.act(Action("edge", edge="top"))
    assert match.state.edges == ["top", "bottom"]
    assert "wholly inside your zone" in refused(match, Action("add_model", base=30.0, at=(100.0, 250.0)))
    assert "deploys" in refused(match, Action("deployed"))  # warriors still wait
    deploy(match, TOP_SPOTS)
    table = table_of(match.state)
    for model_id, entry in match.state.models.items():
        assert deployment.in_zone(table, "top", "open_battle", tuple(entry["position"]), entry["base"] / 2), model_id
    match.act(Action("deployed"))
    assert match.actor == 1 and match.state.phase == DEPLOYING
    assert "edges are chosen" in refused(match, Action("edge", edge="left"))
    assert "wholly inside your zone" in refused(match, Action("add_model", base=30.0, at=(150.0, 40.0)))
    deploy(match, BOTTOM_SPOTS)
    match.act(Action("deployed"))
    choose_hands(match)  # step 8
    # step 9: 3 AP each (A34); round 1 opens with its own bid (S9)
    assert match.state.phase == BIDDING and match.state.round == 1
    assert {entry["ap"] for entry in match.state.models.values()} == {3}
    assert match.state.sp == [14, 10]  # nothing was bid in the preparation


def test_a_deployment_along_the_left_edge():
    match = at_deployment()
    match.act(Action("edge", edge="left"))
    assert match.state.edges == ["left", "right"]
    deploy(match, [(40.0, y) for y in (100.0, 200.0, 300.0, 450.0)])
    match.act(Action("deployed"))
    deploy(match, [(560.0, y) for y in (100.0, 200.0, 300.0, 450.0)])
    match.act(Action("deployed"))
    choose_hands(match)
    through_the_bid(match, 1)
    match.act(Action("no_card"))  # the tactical phase, B first
    match.act(Action("no_card"))
    assert match.state.phase == NAMING and match.actor == 1


def test_a31_terrain_spacing():
    """Placed in turns, terrain keeps 5 cm from other pieces and the table edges
    (L344): a tree (22 mm from its centre to its corners) 49.9 mm from another is
    refused, 50 mm away accepted; 49.9 mm from the edge refused."""
    match = prepared_to_terrain()
    match.act(Action("add_piece", terrain="tree", at=(200.0, 200.0), rotation=0.0))  # A
    assert "keep 5 cm" in refused(match, Action("add_piece", terrain="tree", at=(293.9, 200.0), rotation=0.0))
    assert "keep 5 cm" in refused(match, Action("add_piece", terrain="tree", at=(71.9, 400.0), rotation=0.0))
    match.act(Action("add_piece", terrain="tree", at=(294.0, 200.0), rotation=0.0))  # B, 50 mm away
    assert match.actor == 0


def choose_hands(match: Match) -> None:
    """Preparation step 8: each side takes the first cards of its deck its hand holds."""
    assert match.state.phase == HANDS
    for _side in (0, 1):
        deck = [card.key for card in hands.deck_of(match.state, match.actor)]
        match.act(Action("hand", cards=tuple(deck[: hands.allowed(match.state, match.actor)])))


def test_a_side_may_not_say_it_has_deployed_with_a_warrior_touching_an_enemy():
    """Ambush zones both reach the centre line away from the centre: the second
    deployer may place a warrior touching an enemy there, but not say it has deployed."""
    match = at_deployment()
    match.state.deployments = ["ambush", "ambush"]  # as two ambush missions make them
    match.act(Action("edge", edge="top"))
    deploy(match, [(50.0, 285.0), *TOP_SPOTS[1:]])
    match.act(Action("deployed"))
    deploy(match, [(50.0, 315.5), *BOTTOM_SPOTS[1:]])  # 0.5 mm from the top side's Yuri
    assert "No warrior may start in contact with an enemy" in refused(match, Action("deployed"))
    match.act(Action("place_model", model=list(match.state.models)[-4], at=(50.0, 330.0)))
    match.act(Action("deployed"))
    assert match.state.phase == HANDS
