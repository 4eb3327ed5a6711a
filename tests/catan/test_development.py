"""Development cards: knight, road building, year of plenty, monopoly, victory points;
one per turn, never one bought this turn, at any moment of one's own turn."""

from __future__ import annotations

import pytest

from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import RULES
from tabletop.games.catan.state import FREE_ROADS, MAIN, PLENTY, ROBBER, ROLL

from .helpers import act, buy, chance, give, hand, put, refused, state_in_main, texts, trail

KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
CENTRE = G.HEX_CORNERS[G.HEX_INDEX[(0, 0)]]


def deal(state, seat: int, kind: int) -> None:
    """Move a card of `kind` from the deck to a seat, bought in an earlier turn."""
    state.deck.remove(kind)
    state.devs[seat][kind] += 1


def test_a_knight_moves_the_robber_and_stays_on_the_table():
    state = state_in_main(3)
    deal(state, 0, KNIGHT)
    size = len(state.deck)
    step = act(state, "play_knight")
    assert step.commits and texts(step)[0] == "{player} plays a knight."
    assert state.knights[0] == 1 and state.devs[0][KNIGHT] == 0 and state.phase == ROBBER
    act(state, "move_robber", hex=G.HEX_INDEX[(0, 0)])
    assert state.phase == MAIN
    assert len(state.deck) == size  # a knight never goes back into the deck


def test_a_knight_always_robs_when_someone_can_be_robbed():
    """'Hij steelt ook': the knight's theft is part of the card, also where the
    theft option leaves the theft after a 7 to the roller."""
    state = state_in_main(3, theft="optional")
    put(state, 1, settlements=[CENTRE[0]])
    give(state, 1, ore=1)
    deal(state, 0, KNIGHT)
    act(state, "play_knight")
    centre = G.HEX_INDEX[(0, 0)]
    assert [a.get("victim") for a in RULES.legal_actions(state) if a["hex"] == centre] == [1]
    assert refused(state, "move_robber", hex=centre) == "The robber's move comes with a theft: choose a player to rob."
    assert RULES.view(state, 2)["theft_optional"] is False
    act(state, "move_robber", hex=centre, victim=1)
    chance(state, 0)
    assert hand(state, 0) == {"ore": 1} and state.phase == MAIN
    # a hex without anyone to rob takes the knight's robber all the same
    deal(state, 0, KNIGHT)
    state.dev_played = False
    act(state, "play_knight")
    act(state, "move_robber", hex=G.HEX_INDEX[(2, 0)])
    assert state.phase == MAIN and state.robber == G.HEX_INDEX[(2, 0)]


def test_a_card_may_be_played_before_the_roll():
    state = state_in_main(2)
    state.phase, state.trading = ROLL, False
    deal(state, 0, KNIGHT)
    assert {a.kind for a in RULES.legal_actions(state)} == {"roll", "play_knight"}
    act(state, "play_knight")
    act(state, "move_robber", hex=G.HEX_INDEX[(0, 0)])
    assert state.phase == ROLL  # back to the roll
    assert [a.kind for a in RULES.legal_actions(state)] == ["roll"]


def test_only_one_card_per_turn():
    state = state_in_main(2)
    deal(state, 0, KNIGHT)
    deal(state, 0, MONOPOLY)
    act(state, "play_monopoly", resource="wool")
    assert refused(state, "play_knight") == "You have already played a development card this turn."
    assert not any(a.kind.startswith("play_") for a in RULES.legal_actions(state))
    act(state, "end_turn")
    assert state.dev_played is False


def test_a_card_bought_this_turn_waits():
    state = state_in_main(2)
    give(state, 0, wool=1, grain=1, ore=1)
    buy(state, KNIGHT)
    assert state.devs[0][KNIGHT] == 1
    assert refused(state, "play_knight") == "You have no such card that you bought before this turn."
    assert "play_knight" not in [a.kind for a in RULES.legal_actions(state)]
    # another knight bought earlier may be played
    deal(state, 0, KNIGHT)
    act(state, "play_knight")


def test_the_card_bought_can_be_played_next_turn():
    state = state_in_main(2)
    give(state, 0, wool=1, grain=1, ore=1)
    buy(state, KNIGHT)
    act(state, "end_turn")
    act(state, "roll")
    chance(state, (2, 3))
    act(state, "end_turn")
    assert state.turn == 0 and state.phase == ROLL
    act(state, "play_knight")


def test_road_building_gives_two_free_roads():
    state = state_in_main(2)
    put(state, 0, settlements=[CENTRE[0]])
    deal(state, 0, ROAD_BUILDING)
    act(state, "play_road_building")
    assert state.phase == FREE_ROADS and state.free == 2
    act(state, "build_road", path=trail(CENTRE[0], CENTRE[1])[0])
    assert state.phase == FREE_ROADS
    refused(state, "build_road", path=trail(CENTRE[3], CENTRE[4])[0])
    act(state, "build_road", path=trail(CENTRE[1], CENTRE[2])[0])
    assert state.phase == MAIN and hand(state, 0) == {} and len(state.road_paths[0]) == 2
    assert state.deck[0] == ROAD_BUILDING  # the played card goes under the deck


def test_road_building_gives_one_road_when_only_one_fits():
    state = state_in_main(2)
    rings = sorted(set(G.HEX_PATHS[G.HEX_INDEX[(0, 0)]]) | set(G.HEX_PATHS[G.HEX_INDEX[(1, 0)]]))
    extra = [p for p in G.HEX_PATHS[G.HEX_INDEX[(1, -1)]] if p not in rings][:3]
    put(state, 0, settlements=[CENTRE[0]], roads=rings + extra)
    assert len(state.road_paths[0]) == 14
    deal(state, 0, ROAD_BUILDING)
    act(state, "play_road_building")
    assert state.free == 1
    act(state, "build_road", path=RULES.road_spots(state, 0)[0])
    assert state.phase == MAIN and len(state.road_paths[0]) == 15


def _coast_blocked_by_seat_1(state, leave_open: bool) -> tuple[int, int]:
    """Seat 0's settlement on a coast intersection (two paths). Seat 1's roads fill
    the paths round it: one of the coast paths and every path at the far end of the
    other (`leave_open`), or both coast paths. Returns (coast, the open path)."""
    coast = next(
        i
        for i in range(G.INTERSECTION_COUNT)
        if len(G.INTERSECTION_PATHS[i]) == 2
        and all(len(G.INTERSECTION_PATHS[G.PATH_XOR[p] ^ i]) == 3 for p in G.INTERSECTION_PATHS[i])
    )
    shut, open_path = G.INTERSECTION_PATHS[coast]
    far = G.PATH_XOR[open_path] ^ coast
    roads = []
    for p in (shut, open_path) if not leave_open else (shut,):
        end = G.PATH_XOR[p] ^ coast  # seat 1's road goes on past that end, so it is joined
        roads += [p, next(q for q in G.INTERSECTION_PATHS[end] if q != p)]
    if leave_open:
        roads += [q for q in G.INTERSECTION_PATHS[far] if q != open_path]
    put(state, 0, settlements=[coast])
    put(state, 1, roads=roads)
    return coast, open_path


def test_road_building_ends_after_one_road_when_the_board_has_room_for_one():
    """Road pieces enough, but after the first free road no path is left to join:
    the card ends after one road (and the turn goes on)."""
    state = state_in_main(2)
    _coast, open_path = _coast_blocked_by_seat_1(state, leave_open=True)
    assert RULES.road_spots(state, 0) == [open_path] and len(state.road_paths[0]) == 0
    deal(state, 0, ROAD_BUILDING)
    act(state, "play_road_building")
    assert state.phase == FREE_ROADS and state.free == 2
    act(state, "build_road", path=open_path)
    assert RULES.road_spots(state, 0) == []
    assert state.phase == MAIN and state.free == 0
    assert "end_turn" in {a.kind for a in RULES.legal_actions(state)}


def test_road_building_is_not_playable_without_a_place_for_a_road():
    state = state_in_main(2)
    _coast_blocked_by_seat_1(state, leave_open=False)
    assert RULES.road_spots(state, 0) == [] and len(state.road_paths[0]) == 0
    deal(state, 0, ROAD_BUILDING)
    assert refused(state, "play_road_building") == "There is no place for a road."
    assert "play_road_building" not in {a.kind for a in RULES.legal_actions(state)}


def test_road_building_is_not_playable_without_a_road_left():
    state = state_in_main(2)
    rings = sorted(
        set(G.HEX_PATHS[G.HEX_INDEX[(0, 0)]])
        | set(G.HEX_PATHS[G.HEX_INDEX[(1, 0)]])
        | set(G.HEX_PATHS[G.HEX_INDEX[(1, -1)]])
    )
    put(state, 0, settlements=[CENTRE[0]], roads=rings)
    deal(state, 0, ROAD_BUILDING)
    assert refused(state, "play_road_building") == "You have no such pieces left."


def test_year_of_plenty_takes_two_cards_from_the_bank():
    state = state_in_main(2)
    deal(state, 0, YEAR_OF_PLENTY)
    act(state, "play_year_of_plenty")
    assert state.phase == PLENTY
    act(state, "take_resource", resource="ore")
    act(state, "take_resource", resource="ore")
    assert hand(state, 0) == {"ore": 2} and state.phase == MAIN
    assert state.deck[0] == YEAR_OF_PLENTY


def test_year_of_plenty_takes_what_the_bank_has():
    state = state_in_main(2)
    for key in ("wood", "brick", "wool", "grain"):
        give(state, 1, **{key: 19})
    give(state, 1, ore=18)
    deal(state, 0, YEAR_OF_PLENTY)
    act(state, "play_year_of_plenty")
    assert [a["resource"] for a in RULES.legal_actions(state)] == ["ore"]
    assert refused(state, "take_resource", resource="wood") == "The bank has none of that resource left."
    act(state, "take_resource", resource="ore")
    assert state.phase == MAIN and hand(state, 0) == {"ore": 1}


def test_monopoly_takes_every_card_of_one_kind():
    state = state_in_main(4)
    give(state, 1, wool=3, ore=1)
    give(state, 2, wool=1)
    give(state, 0, wool=1)
    deal(state, 0, MONOPOLY)
    step = act(state, "play_monopoly", resource="wool")
    assert hand(state, 0) == {"wool": 5} and hand(state, 1) == {"ore": 1} and hand(state, 2) == {}
    assert step.commits
    assert [e.message.params.get("other_player") for e in step.events[1:]] == [1, 2]


@pytest.mark.parametrize("option, under", [("under_deck", True), ("removed", False)])
def test_played_progress_cards_go_under_the_deck_or_out(option, under):
    state = state_in_main(2, progress_cards=option)
    deal(state, 0, MONOPOLY)
    size = len(state.deck)
    act(state, "play_monopoly", resource="ore")
    assert (state.deck[0] == MONOPOLY and len(state.deck) == size + 1) == under
    assert state.removed[MONOPOLY] == (0 if under else 1)


def test_a_card_played_under_the_pile_is_drawn_only_after_the_others():
    """The pile has no order, but a progress card played back under it lies at the
    bottom, where everyone saw it go: it is bought only once no other card is
    left, and then without a draw."""
    state = state_in_main(2)
    deal(state, 0, MONOPOLY)
    act(state, "play_monopoly", resource="ore")
    assert state.deck_under == 1 and len(state.deck) == 25
    give(state, 0, wool=2, grain=2, ore=2)
    act(state, "buy_development")
    assert RULES.chance_spec(state).size == 24  # the card under the pile is not drawn
    chance(state, (0,))
    while len(state.deck) > state.deck_under:  # the other cards go to seat 1
        state.devs[1][state.deck.pop()] += 1
    act(state, "buy_development")
    assert state.phase == MAIN and state.deck == [] and state.deck_under == 0
    assert state.devs[0][MONOPOLY] == 1


def test_victory_point_cards_are_never_played_and_stay_hidden():
    state = state_in_main(3)
    deal(state, 0, VICTORY_POINT)
    assert not any(a.kind.startswith("play_") for a in RULES.legal_actions(state))
    assert RULES.points(state, 0) == 1 and state.vp[0] == 0
    assert RULES.view(state, 1)["players"][0]["points"] == 0
    assert RULES.view(state, 1)["players"][0]["development_cards"] == 1
    assert RULES.view(state, 0)["development"]["victory_point"] == 1
    assert "development" not in RULES.view(state, None)


def test_three_knights_take_the_largest_army():
    state = state_in_main(3)
    for _ in range(3):
        deal(state, 0, KNIGHT)
    for turn in range(3):
        step = act(state, "play_knight")
        act(state, "move_robber", hex=(turn + 3) % 18)
        state.dev_played = False
    assert state.largest == 0 and state.vp[0] == 2
    assert "{player} takes the Largest Army card." in texts(step)


@pytest.mark.parametrize("ties, holder", [("supply", -1), ("holder", 0)])
def test_largest_army_on_a_tie(ties, holder):
    state = state_in_main(3, special_ties=ties)
    state.knights[0] = 3
    state.deck.remove(KNIGHT)
    state.deck.remove(KNIGHT)
    state.deck.remove(KNIGHT)
    state.knights[1] = 2
    for _ in range(2):
        state.deck.remove(KNIGHT)
    state.largest = 0
    state.vp[0] = 2
    state.turn = 1
    deal(state, 1, KNIGHT)
    act(state, "play_knight")
    assert state.largest == holder
    deal(state, 1, KNIGHT)
    state.dev_played = False
    act(state, "move_robber", hex=0)
    act(state, "play_knight")
    assert state.largest == 1 and state.vp[1] == 2 and state.vp[0] == 0
