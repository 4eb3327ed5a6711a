"""Building roads, settlements and cities; costs go to the bank; piece limits."""

from __future__ import annotations

from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import RULES, tables
from tabletop.games.catan.schema import DEVELOPMENT_KINDS
from tabletop.games.catan.state import DEVELOP, MAIN

from .helpers import act, along, at, chance, give, hand, place, refused, texts

# The centre hex C3: its corners C3.e, C3.se, C3.sw, C3.w, C3.nw, C3.ne clockwise from
# the right, and its sides C3.se (from C3.e to C3.se), C3.s, C3.sw, C3.nw, C3.n, C3.ne.

#: far apart: no two of them neighbours
SPREAD = ["A1.w", "A2.w", "A3.w", "C1.nw", "C5.sw", "E3.e"]


def test_a_road_costs_wood_and_brick_and_joins_own_pieces():
    state = position(2, settlements={0: ["C3.e"]}, hands={0: {"wood": 1, "brick": 1, "ore": 1}})
    assert refused(state, "build_road", path=along("C3.sw")) == "A road must join your own road, settlement or city."
    step = act(state, "build_road", path=along("C3.se"))
    assert hand(state, 0) == {"ore": 1} and state.bank[:2] == [19, 19]
    assert texts(step)[0] == "{player} builds a road."
    assert refused(state, "build_road", path=along("C3.s")) == "You do not have the cards for that."
    give(state, 0, wood=1, brick=1)
    act(state, "build_road", path=along("C3.s"))  # joins the road just built
    assert refused(state, "build_road", path=along("C3.s")) == "That path already has a road."


def test_legal_roads_are_the_empty_paths_touching_own_pieces():
    state = position(
        2,
        settlements={0: ["C3.e"], 1: ["C3.sw"]},
        roads={0: ["C3.se"], 1: ["C3.s"]},
        hands={0: {"wood": 1, "brick": 1}},
    )
    legal = {a["path"] for a in RULES.legal_actions(state) if a.kind == "build_road"}
    expected = {
        G.path_name(p) for end in ("C3.e", "C3.se") for p in G.INTERSECTION_PATHS[place(end)] if state.roads[p] == -1
    }
    assert legal == expected and len(legal) == 3


def test_fifteen_roads_at_most():
    # round the hexes C3, D2 and D3, which meet at C3.e
    rings = [f"C3.{w}" for w in G.SIDE_WORDS] + ["D2.se", "D2.s", "D2.n", "D2.ne", "D2.nw"]
    rings += ["D3.se", "D3.s", "D3.sw", "D3.ne"]
    state = position(2, settlements={0: ["C3.e"]}, roads={0: rings}, hands={0: {"wood": 1, "brick": 1}})
    assert len(state.road_paths[0]) == 15
    spot = next(p for p in G.INTERSECTION_PATHS[place("C3.sw")] if state.roads[p] == -1)
    assert refused(state, "build_road", path=G.path_name(spot)) == "You have no such pieces left."
    assert not any(a.kind == "build_road" for a in RULES.legal_actions(state))


def test_a_settlement_needs_an_own_road_the_distance_rule_and_its_cost():
    state = position(
        2,
        settlements={0: ["C3.e"], 1: ["A2.se"]},
        roads={0: ["C3.se", "C3.s"], 1: ["A2.se", "B2.s"]},  # seat 1's road ends at C3.w
        hands={0: {"wood": 1, "brick": 1, "wool": 1, "grain": 1}},
    )
    assert refused(state, "build_settlement", intersection=at("C3.se")).startswith("Too close")
    assert refused(state, "build_settlement", intersection=at("C3.nw")) == "A settlement must touch one of your roads."
    # another player's road does not do
    assert refused(state, "build_settlement", intersection=at("C3.w")) == "A settlement must touch one of your roads."
    assert refused(state, "build_settlement", intersection=at("C3.e")) == "That intersection is taken."
    assert [a["intersection"] for a in RULES.legal_actions(state) if a.kind == "build_settlement"] == [at("C3.sw")]
    step = act(state, "build_settlement", intersection=at("C3.sw"))
    assert hand(state, 0) == {} and state.vp[0] == 2
    assert texts(step)[0] == "{player} builds a settlement."
    assert refused(state, "build_settlement", intersection=at("C3.sw")) == "That intersection is taken."


def test_a_settlement_cannot_be_paid_without_every_card():
    state = position(
        2, settlements={0: ["C3.e"]}, roads={0: ["C3.se", "C3.s"]}, hands={0: {"wood": 1, "brick": 1, "wool": 1}}
    )
    assert refused(state, "build_settlement", intersection=at("C3.sw")) == "You do not have the cards for that."


def test_five_settlements_at_most():
    state = position(
        2,
        settlements={0: SPREAD[:5]},
        roads={0: ["C5.s", "C5.se"]},  # from C5.sw on to C5.e, where a settlement could stand
        hands={0: {"wood": 1, "brick": 1, "wool": 1, "grain": 1}},
    )
    assert refused(state, "build_settlement", intersection=at("C5.e")) == "You have no such pieces left."


def test_a_city_replaces_an_own_settlement_and_counts_two():
    state = position(2, settlements={0: ["C3.e"], 1: ["C3.w"]}, hands={0: {"grain": 2, "ore": 3}})
    assert refused(state, "build_city", intersection=at("C3.w")) == "A city replaces one of your own settlements."
    assert refused(state, "build_city", intersection=at("C3.se")) == "A city replaces one of your own settlements."
    step = act(state, "build_city", intersection=at("C3.e"))
    assert state.level[place("C3.e")] == 2 and state.vp[0] == 2 and hand(state, 0) == {}
    assert state.settlements[0] == 0 and state.cities[0] == 1  # the settlement goes back to the supply
    assert texts(step)[0] == "{player} builds a city."
    give(state, 0, grain=2, ore=3)
    assert refused(state, "build_city", intersection=at("C3.e")) == "A city replaces one of your own settlements."


def test_four_cities_at_most():
    state = position(2, cities={0: SPREAD[:4]}, settlements={0: SPREAD[4:5]}, hands={0: {"grain": 2, "ore": 3}})
    assert refused(state, "build_city", intersection=at(SPREAD[4])) == "You have no such pieces left."


def test_buying_a_development_card_draws_it_from_the_pile_in_secret():
    """The pile has no order: the card bought is drawn from it at random then."""
    state = position(2, hands={0: {"wool": 1, "grain": 1, "ore": 1}})
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
    every_card = [
        kind for kind, count in zip(DEVELOPMENT_KINDS, tables().data.deck_counts, strict=True) for _ in range(count)
    ]
    state = position(2, development={1: every_card}, hands={0: {"wool": 1, "grain": 1, "ore": 1}})
    assert refused(state, "buy_development") == "No development cards are left."
