"""Building roads, settlements and cities; costs go to the bank; piece limits."""

from __future__ import annotations

from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import RULES
from tabletop.games.catan.state import DEVELOP, MAIN

from .helpers import act, chance, give, hand, put, refused, state_in_main, texts, trail

CENTRE = G.HEX_CORNERS[G.HEX_INDEX[(0, 0)]]  # corners C0 ... C5 of the centre hex


def road_between(a: int, b: int) -> int:
    return trail(a, b)[0]


def test_a_road_costs_wood_and_brick_and_joins_own_pieces():
    state = state_in_main(2)
    put(state, 0, settlements=[CENTRE[0]])
    give(state, 0, wood=1, brick=1, ore=1)
    far = road_between(CENTRE[2], CENTRE[3])
    assert refused(state, "build_road", path=far) == "A road must join your own road, settlement or city."
    step = act(state, "build_road", path=road_between(CENTRE[0], CENTRE[1]))
    assert hand(state, 0) == {"ore": 1} and state.bank[:2] == [19, 19]
    assert texts(step)[0] == "{player} builds a road."
    assert (
        refused(state, "build_road", path=road_between(CENTRE[1], CENTRE[2])) == "You do not have the cards for that."
    )
    give(state, 0, wood=1, brick=1)
    act(state, "build_road", path=road_between(CENTRE[1], CENTRE[2]))  # joins the road just built
    assert refused(state, "build_road", path=road_between(CENTRE[1], CENTRE[2])) == "That path already has a road."


def test_legal_roads_are_the_empty_paths_touching_own_pieces():
    state = state_in_main(2)
    put(state, 0, settlements=[CENTRE[0]], roads=[road_between(CENTRE[0], CENTRE[1])])
    put(state, 1, roads=[road_between(CENTRE[1], CENTRE[2])])
    give(state, 0, wood=1, brick=1)
    legal = {a["path"] for a in RULES.legal_actions(state) if a.kind == "build_road"}
    expected = {p for end in (CENTRE[0], CENTRE[1]) for p in G.INTERSECTION_PATHS[end] if state.roads[p] == -1}
    assert legal == expected and len(legal) == 3


def test_fifteen_roads_at_most():
    state = state_in_main(2)
    rings = sorted(
        set(G.HEX_PATHS[G.HEX_INDEX[(0, 0)]])
        | set(G.HEX_PATHS[G.HEX_INDEX[(1, 0)]])
        | set(G.HEX_PATHS[G.HEX_INDEX[(1, -1)]])
    )
    put(state, 0, settlements=[CENTRE[0]], roads=rings)
    assert len(state.road_paths[0]) == 15
    give(state, 0, wood=1, brick=1)
    spot = next(p for p in G.INTERSECTION_PATHS[CENTRE[2]] if state.roads[p] == -1)
    assert refused(state, "build_road", path=spot) == "You have no such pieces left."
    assert not any(a.kind == "build_road" for a in RULES.legal_actions(state))


def test_a_settlement_needs_an_own_road_the_distance_rule_and_its_cost():
    state = state_in_main(2)
    put(state, 0, settlements=[CENTRE[0]], roads=trail(CENTRE[0], CENTRE[1], CENTRE[2]))
    put(
        state,
        1,
        settlements=[G.INTERSECTION_POINT.index((-5, 1))],
        roads=trail(G.INTERSECTION_POINT.index((-5, 1)), G.INTERSECTION_POINT.index((-4, 0)), CENTRE[3]),
    )
    give(state, 0, wood=1, brick=1, wool=1, grain=1)
    assert refused(state, "build_settlement", intersection=CENTRE[1]).startswith("Too close")
    assert refused(state, "build_settlement", intersection=CENTRE[4]) == "A settlement must touch one of your roads."
    # another player's road does not do
    assert refused(state, "build_settlement", intersection=CENTRE[3]) == "A settlement must touch one of your roads."
    assert refused(state, "build_settlement", intersection=CENTRE[0]) == "That intersection is taken."
    assert [a["intersection"] for a in RULES.legal_actions(state) if a.kind == "build_settlement"] == [CENTRE[2]]
    step = act(state, "build_settlement", intersection=CENTRE[2])
    assert hand(state, 0) == {} and state.vp[0] == 2
    assert texts(step)[0] == "{player} builds a settlement."
    assert refused(state, "build_settlement", intersection=CENTRE[2]) == "That intersection is taken."


def test_a_settlement_cannot_be_paid_without_every_card():
    state = state_in_main(2)
    put(state, 0, settlements=[CENTRE[0]], roads=trail(CENTRE[0], CENTRE[1], CENTRE[2]))
    give(state, 0, wood=1, brick=1, wool=1)
    assert refused(state, "build_settlement", intersection=CENTRE[2]) == "You do not have the cards for that."


def test_five_settlements_at_most():
    state = state_in_main(2)
    spots = RULES.open_intersections(state)
    chosen = []
    for i in spots:
        if all(i not in G.INTERSECTION_NEIGHBOURS[j] for j in chosen) and len(chosen) < 5:
            chosen.append(i)
    put(state, 0, settlements=chosen)
    target = next(i for i in RULES.open_intersections(state))
    put(state, 0, roads=[G.INTERSECTION_PATHS[target][0]])
    give(state, 0, wood=1, brick=1, wool=1, grain=1)
    assert refused(state, "build_settlement", intersection=target) == "You have no such pieces left."


def test_a_city_replaces_an_own_settlement_and_counts_two():
    state = state_in_main(2)
    put(state, 0, settlements=[CENTRE[0]])
    put(state, 1, settlements=[CENTRE[3]])
    give(state, 0, grain=2, ore=3)
    assert refused(state, "build_city", intersection=CENTRE[3]) == "A city replaces one of your own settlements."
    assert refused(state, "build_city", intersection=CENTRE[1]) == "A city replaces one of your own settlements."
    step = act(state, "build_city", intersection=CENTRE[0])
    assert state.level[CENTRE[0]] == 2 and state.vp[0] == 2 and hand(state, 0) == {}
    assert state.settlements[0] == 0 and state.cities[0] == 1  # the settlement goes back to the supply
    assert texts(step)[0] == "{player} builds a city."
    give(state, 0, grain=2, ore=3)
    assert refused(state, "build_city", intersection=CENTRE[0]) == "A city replaces one of your own settlements."


def test_four_cities_at_most():
    state = state_in_main(2)
    chosen = []
    for i in RULES.open_intersections(state):
        if all(i not in G.INTERSECTION_NEIGHBOURS[j] for j in chosen) and len(chosen) < 5:
            chosen.append(i)
    put(state, 0, cities=chosen[:4], settlements=chosen[4:])
    give(state, 0, grain=2, ore=3)
    assert refused(state, "build_city", intersection=chosen[4]) == "You have no such pieces left."


def test_buying_a_development_card_draws_it_from_the_pile_in_secret():
    """The pile has no order: the card bought is drawn from it at random then."""
    state = state_in_main(2)
    give(state, 0, wool=1, grain=1, ore=1)
    step = act(state, "buy_development")
    assert hand(state, 0) == {} and step.commits and state.phase == DEVELOP
    spec = RULES.chance_spec(state)
    assert (spec.kind, spec.count, spec.size) == ("draw", 1, 25)
    card = state.deck[7]
    step = chance(state, (7,))
    assert state.devs[0][card] == 1 and state.new_devs[card] == 1 and len(state.deck) == 24
    assert state.phase == MAIN
    event = step.events[0]
    assert event.seat == 0 and event.public.text == "{player} buys a development card."
    assert refused(state, "buy_development") == "You do not have the cards for that."


def test_no_card_to_buy_from_an_empty_deck():
    state = state_in_main(2)
    give(state, 0, wool=1, grain=1, ore=1)
    while state.deck:
        state.devs[1][state.deck.pop()] += 1
    assert refused(state, "buy_development") == "No development cards are left."
