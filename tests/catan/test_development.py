"""Development cards: knight, road building, year of plenty, monopoly, victory points;
one per turn, never one bought this turn, at any moment of one's own turn.

Places by name (see geometry): the centre hex C3 has the corners C3.e, C3.se, C3.sw,
C3.w, C3.nw, C3.ne and the sides C3.se, C3.s, C3.sw, C3.nw, C3.n, C3.ne; the desert is
E3, where the robber starts.
"""

from __future__ import annotations

import pytest

from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import KNIGHT, MONOPOLY, ROAD_BUILDING, RULES, VICTORY_POINT, YEAR_OF_PLENTY, tables
from tabletop.games.catan.schema import DEVELOPMENT_KINDS
from tabletop.games.catan.state import FREE_ROADS, MAIN, PLENTY, ROBBER, ROLL

from .helpers import act, along, buy, chance, hand, refused, texts

DESERT = G.HEX_BY_NAME["E3"]
#: round the hexes C3, D2 and D3, which meet at C3.e: 15 roads
THREE_RINGS = [f"C3.{w}" for w in G.SIDE_WORDS] + ["D2.se", "D2.s", "D2.n", "D2.ne", "D2.nw"]
THREE_RINGS += ["D3.se", "D3.s", "D3.sw", "D3.ne"]


def test_a_knight_moves_the_robber_and_stays_on_the_table():
    state = position(development={0: ["knight"]})
    size = len(state.deck)
    step = act(state, "play_knight")
    assert step.commits and texts(step)[0] == "{player} plays a knight."
    assert state.knights[0] == 1 and state.devs[0][KNIGHT] == 0 and state.phase == ROBBER
    act(state, "move_robber", hex="C3")
    assert state.phase == MAIN
    assert len(state.deck) == size  # a knight never goes back into the deck


def test_a_knight_always_robs_when_someone_can_be_robbed():
    """'Hij steelt ook': the knight's theft is part of the card, also where the
    theft option leaves the theft after a 7 to the roller."""
    optional = {"theft": "optional"}
    state = position(options=optional, settlements={1: ["C3.e"]}, hands={1: {"ore": 1}}, development={0: ["knight"]})
    act(state, "play_knight")
    assert [a.get("victim") for a in RULES.legal_actions(state) if a["hex"] == "C3"] == [1]
    assert refused(state, "move_robber", hex="C3") == "The robber's move comes with a theft: choose a player to rob."
    assert RULES.view(state, 2).theft_optional is False
    act(state, "move_robber", hex="C3", victim=1)
    chance(state, 0)
    assert hand(state, 0) == {"ore": 1} and state.phase == MAIN
    # a hex without anyone to rob takes the knight's robber all the same
    state = position(options=optional, robber="C3", development={0: ["knight"]})
    act(state, "play_knight")
    act(state, "move_robber", hex="E3")
    assert state.phase == MAIN and state.robber == DESERT


def test_a_card_may_be_played_before_the_roll():
    state = position(2, phase="roll", development={0: ["knight"]})
    assert {a.kind for a in RULES.legal_actions(state)} == {"roll", "play_knight"}
    act(state, "play_knight")
    act(state, "move_robber", hex="C3")
    assert state.phase == ROLL  # back to the roll
    assert [a.kind for a in RULES.legal_actions(state)] == ["roll"]


def test_only_one_card_per_turn():
    state = position(2, development={0: ["knight", "monopoly"]})
    act(state, "play_monopoly", resource="wool")
    assert refused(state, "play_knight") == "You have already played a development card this turn."
    assert not any(a.kind.startswith("play_") for a in RULES.legal_actions(state))
    act(state, "end_turn")
    assert state.dev_played is False


def test_a_card_bought_this_turn_waits():
    state = position(2, hands={0: {"wool": 1, "grain": 1, "ore": 1}})
    buy(state, KNIGHT)
    assert state.devs[0][KNIGHT] == 1
    assert refused(state, "play_knight") == "You have no such card that you bought before this turn."
    assert "play_knight" not in [a.kind for a in RULES.legal_actions(state)]
    # another knight bought earlier may be played
    state = position(2, development={0: ["knight", "knight"]}, bought=["knight"])
    act(state, "play_knight")


def test_the_card_bought_can_be_played_next_turn():
    state = position(2, development={0: ["knight"]}, bought=["knight"])
    act(state, "end_turn")
    act(state, "roll")
    chance(state, (2, 3))
    act(state, "end_turn")
    assert state.turn == 0 and state.phase == ROLL
    act(state, "play_knight")


def test_road_building_gives_two_free_roads():
    state = position(2, settlements={0: ["C3.e"]}, development={0: ["road_building"]})
    act(state, "play_road_building")
    assert state.phase == FREE_ROADS and state.free == 2
    act(state, "build_road", path=along("C3.se"))
    assert state.phase == FREE_ROADS
    refused(state, "build_road", path=along("C3.nw"))
    act(state, "build_road", path=along("C3.s"))
    assert state.phase == MAIN and hand(state, 0) == {} and len(state.road_paths[0]) == 2
    assert state.deck[0] == ROAD_BUILDING  # the played card goes under the deck


def test_road_building_gives_one_road_when_only_one_fits():
    roads = [f"C3.{w}" for w in G.SIDE_WORDS] + ["D3.se", "D3.s", "D3.sw", "D3.ne", "D3.n"]
    roads += ["D2.se", "D2.nw", "D2.n"]
    state = position(2, settlements={0: ["C3.e"]}, roads={0: roads}, development={0: ["road_building"]})
    assert len(state.road_paths[0]) == 14
    act(state, "play_road_building")
    assert state.free == 1
    act(state, "build_road", path=G.path_name(RULES.road_spots(state, 0)[0]))
    assert state.phase == MAIN and len(state.road_paths[0]) == 15


def _coast_blocked_by_seat_1(leave_open: bool, **given):
    """Seat 0's settlement on a coast intersection (two paths). Seat 1's roads fill
    the paths round it: one of the coast paths and every path at the far end of the
    other (`leave_open`), or both coast paths; each of seat 1's roads joins one of
    its settlements. Returns the position and the open path."""
    coast = next(
        i
        for i in range(G.INTERSECTION_COUNT)
        if len(G.INTERSECTION_PATHS[i]) == 2
        and all(len(G.INTERSECTION_PATHS[G.PATH_XOR[p] ^ i]) == 3 for p in G.INTERSECTION_PATHS[i])
    )
    shut, open_path = G.INTERSECTION_PATHS[coast]
    far = G.PATH_XOR[open_path] ^ coast
    roads, homes = [], []
    for p in (shut, open_path) if not leave_open else (shut,):
        end = G.PATH_XOR[p] ^ coast  # seat 1's road goes on past that end, to its settlement
        on = next(q for q in G.INTERSECTION_PATHS[end] if q != p)
        roads += [p, on]
        homes.append(G.PATH_XOR[on] ^ end)
    if leave_open:
        round_far = [q for q in G.INTERSECTION_PATHS[far] if q != open_path]
        roads += round_far
        homes.append(G.PATH_XOR[round_far[0]] ^ far)
    state = position(
        2,
        settlements={0: [G.intersection_name(coast)], 1: [G.intersection_name(i) for i in homes]},
        roads={1: [G.path_name(p) for p in roads]},
        **given,
    )
    return state, open_path


def test_road_building_ends_after_one_road_when_the_board_has_room_for_one():
    """Road pieces enough, but after the first free road no path is left to join:
    the card ends after one road (and the turn goes on)."""
    state, open_path = _coast_blocked_by_seat_1(leave_open=True, development={0: ["road_building"]})
    assert RULES.road_spots(state, 0) == [open_path] and len(state.road_paths[0]) == 0
    act(state, "play_road_building")
    assert state.phase == FREE_ROADS and state.free == 2
    act(state, "build_road", path=G.path_name(open_path))
    assert RULES.road_spots(state, 0) == []
    assert state.phase == MAIN and state.free == 0
    assert "end_turn" in {a.kind for a in RULES.legal_actions(state)}


def test_road_building_is_not_playable_without_a_place_for_a_road():
    state, _open = _coast_blocked_by_seat_1(leave_open=False, development={0: ["road_building"]})
    assert RULES.road_spots(state, 0) == [] and len(state.road_paths[0]) == 0
    assert refused(state, "play_road_building") == "There is no place for a road."
    assert "play_road_building" not in {a.kind for a in RULES.legal_actions(state)}


def test_road_building_is_not_playable_without_a_road_left():
    state = position(2, settlements={0: ["C3.e"]}, roads={0: THREE_RINGS}, development={0: ["road_building"]})
    assert refused(state, "play_road_building") == "You have no such pieces left."


def test_year_of_plenty_takes_two_cards_from_the_bank():
    state = position(2, development={0: ["year_of_plenty"]})
    act(state, "play_year_of_plenty")
    assert state.phase == PLENTY
    act(state, "take_resource", resource="ore")
    act(state, "take_resource", resource="ore")
    assert hand(state, 0) == {"ore": 2} and state.phase == MAIN
    assert state.deck[0] == YEAR_OF_PLENTY


def test_year_of_plenty_takes_what_the_bank_has():
    all_but_one_ore = {"wood": 19, "brick": 19, "wool": 19, "grain": 19, "ore": 18}
    state = position(2, hands={1: all_but_one_ore}, development={0: ["year_of_plenty"]})
    act(state, "play_year_of_plenty")
    assert [a["resource"] for a in RULES.legal_actions(state)] == ["ore"]
    assert refused(state, "take_resource", resource="wood") == "The bank has none of that resource left."
    act(state, "take_resource", resource="ore")
    assert state.phase == MAIN and hand(state, 0) == {"ore": 1}


def test_monopoly_takes_every_card_of_one_kind():
    state = position(4, hands={1: {"wool": 3, "ore": 1}, 2: {"wool": 1}, 0: {"wool": 1}}, development={0: ["monopoly"]})
    step = act(state, "play_monopoly", resource="wool")
    assert hand(state, 0) == {"wool": 5} and hand(state, 1) == {"ore": 1} and hand(state, 2) == {}
    assert step.commits
    assert [e.message.params.get("other_player") for e in step.events[1:]] == [1, 2]


@pytest.mark.parametrize("option, under", [("under_deck", True), ("removed", False)])
def test_played_progress_cards_go_under_the_deck_or_out(option, under):
    state = position(2, options={"progress_cards": option}, development={0: ["monopoly"]})
    size = len(state.deck)
    act(state, "play_monopoly", resource="ore")
    assert (state.deck[0] == MONOPOLY and len(state.deck) == size + 1) == under
    assert state.removed[MONOPOLY] == (0 if under else 1)


def test_a_card_played_under_the_pile_is_drawn_only_after_the_others():
    """The pile has no order, but a progress card played back under it lies at the
    bottom, where everyone saw it go: it is bought only once no other card is
    left, and then without a draw."""
    counts = dict(zip(DEVELOPMENT_KINDS, tables().data.deck_counts, strict=True))
    counts["monopoly"] -= 1  # seat 0's
    counts["knight"] -= 1  # the one card left in the pile
    seat_1 = [kind for kind, count in counts.items() for _ in range(count)]
    state = position(2, development={0: ["monopoly"], 1: seat_1}, hands={0: {"wool": 2, "grain": 2, "ore": 2}})
    act(state, "play_monopoly", resource="ore")
    assert state.deck_under == 1 and len(state.deck) == 2
    act(state, "buy_development")
    assert RULES.chance_spec(state).size == 1  # the card under the pile is not drawn
    chance(state, (0,))
    assert state.devs[0][KNIGHT] == 1
    act(state, "buy_development")
    assert state.phase == MAIN and state.deck == [] and state.deck_under == 0
    assert state.devs[0][MONOPOLY] == 1


def test_victory_point_cards_are_never_played_and_stay_hidden():
    state = position(development={0: ["victory_point"]})
    assert not any(a.kind.startswith("play_") for a in RULES.legal_actions(state))
    assert RULES.points(state, 0) == 1 and state.vp[0] == 0
    assert RULES.view(state, 1).players[0].points == 0
    assert RULES.view(state, 1).players[0].development_cards == 1
    own = RULES.view(state, 0).hand
    assert own is not None and own.development[VICTORY_POINT] == 1
    assert RULES.view(state, None).hand is None


def test_the_third_knight_takes_the_largest_army():
    state = position(knights={0: 2}, development={0: ["knight"]})
    assert state.largest == -1
    step = act(state, "play_knight")
    assert state.largest == 0 and state.vp[0] == 2
    assert "{player} takes the Largest Army card." in texts(step)


@pytest.mark.parametrize("ties, holder", [("supply", -1), ("holder", 0)])
def test_largest_army_on_a_tie(ties, holder):
    options = {"special_ties": ties}
    state = position(options=options, turn=1, knights={0: 3, 1: 2}, development={1: ["knight"]})
    assert state.largest == 0 and state.vp[0] == 2
    act(state, "play_knight")
    assert state.largest == holder
    # the next knight gives seat 1 the lead
    held = None if holder == -1 else holder
    state = position(options=options, turn=1, knights={0: 3, 1: 3}, largest_army=held, development={1: ["knight"]})
    act(state, "play_knight")
    assert state.largest == 1 and state.vp[1] == 2 and state.vp[0] == 0
