"""A turn: the roll, production, the bank running short, the robber and discards.

The fixed board (see position.py): C2 fields with 6, B4 pasture with 6, C3 fields
with 11, D4 mountains with 5, D2 hills with 3, C5 with the 2, the desert E3 with the
robber. C3.ne touches C2, C3 and D2; B1.e touches C2; B4.e touches B4 and C5.
"""

from __future__ import annotations

import pytest

from tabletop.engine import CHANCE, Action
from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import RULES
from tabletop.games.catan.state import DICE, DISCARD, MAIN, ROBBER, ROLL, STEAL

from .helpers import NAMES, act, along, chance, hand, refused, texts


def hx(name: str) -> int:
    found = G.hex_of(name)
    assert found is not None
    return found


def rolling_state(players: int = 3, options: dict[str, str] | None = None, **given):
    """A position at the start of seat 0's turn (or `turn`'s), before the roll."""
    return position(players, phase="roll", options=options, **given)


def roll(state, a: int, b: int):
    act(state, "roll")
    assert state.phase == DICE and RULES.actor(state) == CHANCE
    return chance(state, (a, b))


def test_the_turn_starts_with_a_roll():
    state = rolling_state(settlements={0: ["C3.ne"]}, hands={0: {"wood": 1, "brick": 1}})
    assert [a.kind for a in RULES.legal_actions(state)] == ["roll"]
    assert refused(state, "build_road", path=along("C3.ne")) == "That move is not allowed now."
    assert refused(state, "end_turn") == "That move is not allowed now."
    spec = None
    act(state, "roll")
    spec = RULES.chance_spec(state)
    assert spec.kind == "dice" and spec.count == 2 and spec.sides == 6 and spec.physical


def test_production_pays_settlements_one_and_cities_two():
    state = rolling_state(
        settlements={0: ["C3.ne"], 2: ["B4.e"]},  # C3.ne: fields C2 6, C3 11, hills D2 3; B4.e: pasture B4 6, C5 2
        cities={1: ["B1.e"]},  # fields C2 6
    )
    step = roll(state, 2, 4)
    assert hand(state, 0) == {"grain": 1}
    assert hand(state, 1) == {"grain": 2}
    assert hand(state, 2) == {"wool": 1}
    assert state.bank[3] == 19 - 3
    assert "{player} rolls {total}." in texts(step)
    assert step.events[0].data["faces"] == [2, 4]
    assert state.phase == MAIN


def test_the_robbers_hex_produces_nothing():
    state = rolling_state(settlements={0: ["C3.ne"], 2: ["B4.e"]}, robber="C2")
    roll(state, 3, 3)
    assert hand(state, 0) == {}
    assert hand(state, 2) == {"wool": 1}


def test_a_roll_nobody_owns_pays_nothing():
    state = rolling_state(settlements={0: ["C3.ne"]})
    step = roll(state, 1, 1)  # the 2 lies on C5
    assert hand(state, 0) == {}
    assert texts(step)[-1] == "Nobody receives anything."


def test_a_short_bank_pays_nobody():
    state = rolling_state(
        settlements={0: ["C3.ne"]},
        cities={1: ["B1.e"]},
        hands={2: {"grain": 17}},  # the bank keeps 2 grain; 3 are owed
    )
    step = roll(state, 2, 4)
    assert hand(state, 0) == {} and hand(state, 1) == {}
    assert "The bank has too little grain: nobody receives grain." in texts(step)
    assert state.bank[3] == 2


@pytest.mark.parametrize("shortage, expected", [("nobody", {}), ("single", {"grain": 1})])
def test_a_short_bank_and_a_single_player(shortage, expected):
    state = rolling_state(
        options={"shortage": shortage},
        cities={1: ["B1.e"]},
        hands={2: {"grain": 18}},  # the bank keeps 1 grain; seat 1 alone is owed 2
    )
    roll(state, 2, 4)
    assert hand(state, 1) == expected


@pytest.mark.parametrize("shortage", ["nobody", "single"])
def test_a_short_bank_pays_nobody_when_two_players_are_owed_it(shortage):
    """The option's 'what is left' is for a single player only: with two owed the
    same resource, neither gets any of it (and the bank never goes below zero)."""
    state = rolling_state(
        options={"shortage": shortage},
        settlements={0: ["C3.ne"]},  # 1 grain from the fields C2 6
        cities={1: ["B1.e"]},  # 2 grain from the same fields
        hands={2: {"grain": 17}},  # the bank keeps 2 grain; 3 are owed
    )
    step = roll(state, 2, 4)
    assert hand(state, 0) == {} and hand(state, 1) == {}
    assert state.bank[3] == 2
    assert "The bank has too little grain: nobody receives grain." in texts(step)


def test_a_short_bank_still_pays_what_it_can_of_other_resources():
    state = rolling_state(settlements={0: ["C3.ne"], 2: ["B4.e"]}, hands={1: {"grain": 19}})
    roll(state, 3, 3)
    assert hand(state, 0) == {} and hand(state, 2) == {"wool": 1}


# -- the robber -------------------------------------------------------------------------


def test_seven_pays_nothing_and_players_over_seven_discard_half_one_after_another():
    state = rolling_state(
        3,
        turn=1,
        settlements={1: ["C3.ne"]},
        # 9 cards: discards 4; the roller, 8 cards: discards 4; 7 cards: keeps them
        hands={0: {"wood": 9}, 1: {"ore": 8}, 2: {"wool": 7}},
    )
    step = roll(state, 3, 4)
    assert "A 7: everyone holding more than {limit} cards discards half of them." in texts(step)
    assert state.phase == DISCARD and state.discard == [4, 4, 0]
    order = []
    held = {0: "wood", 1: "ore"}
    while state.phase == DISCARD:
        seat = RULES.actor(state)
        order.append(seat)
        assert RULES.secret_holder(state) == seat
        legal = RULES.legal_actions(state)
        assert {a.kind for a in legal} == {"discard"}
        step = act(state, "discard", resource=legal[0]["resource"])
        if state.discard[seat]:
            assert step.events == []  # one line once the seat's discard is complete
        else:
            # the seat reads its cards, the others their count
            (event,) = step.events
            assert event.seat == seat
            assert event.for_seat(seat).render(list(NAMES)) == f"{NAMES[seat]} discards 4 cards: 4 {held[seat]}."
            assert event.public.render(list(NAMES)) == f"{NAMES[seat]} discards 4 cards."
        assert step.commits == (state.phase != DISCARD)
    assert order == [1, 1, 1, 1, 0, 0, 0, 0]  # the roller first, then clockwise
    assert sum(state.hands[0]) == 5 and sum(state.hands[1]) == 4 and sum(state.hands[2]) == 7
    assert state.phase == ROBBER and RULES.actor(state) == 1


def test_a_roll_is_taken_back_before_real_dice_are_typed_in():
    """No copy is kept before a roll (the dice commit at once); taking the roll back
    while the players still roll real dice rebuilds the position from the log."""
    import random

    from .helpers import founded_match

    match = founded_match(3)
    rng = random.Random(2)
    while match.state.phase != ROLL or match.can_undo:  # a turn's start, after the previous turn's end
        if match.actor == CHANCE:
            match.roll()
        else:
            match.act(rng.choice(match.legal_actions()))
    before = match.hash()
    match.act(Action("roll"))
    assert match.actor == CHANCE and match.can_undo
    assert match.undo()
    assert match.hash() == before and match.state.phase == ROLL and not match.can_undo
    assert match.redo() and match.state.phase == DICE
    match.roll((2, 3))
    assert not match.can_undo


def test_the_roller_holds_the_turn_while_others_discard_and_through_the_theft():
    state = rolling_state(3, turn=1, settlements={0: ["C3.ne"]}, hands={0: {"wood": 9}, 2: {"wool": 8}})
    assert RULES.turn_holder(state) == 1
    act(state, "roll")
    assert RULES.actor(state) == CHANCE and RULES.turn_holder(state) == 1  # the production roll
    chance(state, (3, 4))
    discarders = []
    while state.phase == DISCARD:
        discarders.append(RULES.actor(state))
        assert RULES.turn_holder(state) == 1  # someone else acts in the roller's turn
        act(state, "discard", resource=RULES.legal_actions(state)[0]["resource"])
    assert discarders == [2] * 4 + [0] * 4
    assert state.phase == ROBBER and RULES.actor(state) == RULES.turn_holder(state) == 1
    act(state, "move_robber", hex="C2", victim=0)
    assert state.phase == STEAL and RULES.actor(state) == CHANCE and RULES.turn_holder(state) == 1
    chance(state, 0)
    assert state.phase == MAIN and RULES.actor(state) == RULES.turn_holder(state) == 1


def test_discarding_rounds_down_and_only_cards_held():
    state = rolling_state(2, hands={1: {"wood": 8, "brick": 1}})
    roll(state, 6, 1)
    assert state.discard == [0, 4]
    assert refused(state, "discard", resource="ore") == "You have no card of that kind."
    assert refused(state, "end_turn") == "That move is not allowed now."


def test_without_discards_the_robber_moves_at_once():
    state = rolling_state(2, hands={1: {"wood": 7}})
    roll(state, 5, 2)
    assert state.phase == ROBBER and RULES.actor(state) == 0


def test_the_robber_must_move_to_another_land_hex():
    state = rolling_state(2)
    roll(state, 5, 2)
    hexes = {a["hex"] for a in RULES.legal_actions(state)}
    assert hexes == set(G.HEX_NAMES) - {G.hex_name(state.robber)}
    assert refused(state, "move_robber", hex=G.hex_name(state.robber)) == "The robber must move to another land hex."
    assert refused(state, "move_robber", hex="F1") == "There is no land hex called {name}."
    act(state, "move_robber", hex="C3")
    assert state.robber == hx("C3") and state.phase == MAIN


def test_the_robber_may_go_back_to_the_desert():
    state = rolling_state(2, robber="C3")
    roll(state, 5, 2)
    act(state, "move_robber", hex="E3")
    assert state.robber == hx("E3")


def test_the_roller_robs_an_opponent_with_a_building_there_and_cards():
    # around the fields C3: seat 1 with cards, seat 2 without, seat 0 itself, seat 3 elsewhere
    state = rolling_state(
        4,
        settlements={0: ["C3.e"], 1: ["C3.sw"], 2: ["C3.nw"], 3: ["A2.se"]},
        hands={1: {"wood": 1, "ore": 2}, 3: {"wool": 3}},
    )
    roll(state, 6, 1)
    legal = [a for a in RULES.legal_actions(state) if a["hex"] == "C3"]
    assert [a.get("victim") for a in legal] == [1]  # nobody only under the theft option: see below
    assert refused(state, "move_robber", hex="C3").startswith("The robber's move comes with a theft")
    assert refused(state, "move_robber", hex="C3", victim=2).startswith("Choose a player")
    assert refused(state, "move_robber", hex="C3", victim=3).startswith("Choose a player")
    assert refused(state, "move_robber", hex="C3", victim=0).startswith("Choose a player")
    act(state, "move_robber", hex="C3", victim=1)
    assert state.phase == STEAL and RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    assert spec.kind == "pick" and spec.size == 3
    step = chance(state, 2)  # the third card in resource order: wood, ore, ore
    assert hand(state, 0) == {"ore": 1} and hand(state, 1) == {"wood": 1, "ore": 1}
    # one line: the thief and the victim read which card; the others only that a card was taken
    (theft,) = step.events
    assert theft.seat == 0 and theft.shared_with == (1,)
    assert theft.for_seat(0) == theft.for_seat(1)
    assert theft.for_seat(1).text == "{player} takes {count} ore from {other_player}."
    assert theft.for_seat(2).text == theft.for_seat(None).text == "{player} takes a card from {other_player}."
    assert state.phase == MAIN


def test_after_a_seven_the_roller_may_rob_nobody_under_the_theft_option():
    """'Dan mag hij nog ... stelen' read as a choice (option theft=optional): the
    roller may move the robber and rob nobody."""
    state = rolling_state(3, options={"theft": "optional"}, settlements={1: ["C3.sw"]}, hands={1: {"wood": 2}})
    roll(state, 6, 1)
    assert Action("move_robber", hex="C3") in RULES.legal_actions(state)
    assert RULES.describe(state, Action("move_robber", hex="C3")).text == (
        "Move the robber to hex {hex} and rob nobody"
    )
    step = act(state, "move_robber", hex="C3")
    assert texts(step) == ["{player} moves the robber.", "{player} takes no card."]
    assert state.robber == hx("C3") and state.phase == MAIN
    assert hand(state, 0) == {} and hand(state, 1) == {"wood": 2}


def test_no_one_to_rob_means_no_theft():
    state = rolling_state(2, settlements={1: ["C3.sw"]})  # seat 1 holds no cards
    roll(state, 6, 1)
    actions = [a for a in RULES.legal_actions(state) if a["hex"] == "C3"]
    assert [dict(a) for a in actions] == [{"hex": "C3"}]
    act(state, "move_robber", hex="C3")
    assert state.phase == MAIN


def test_end_of_turn_passes_clockwise():
    state = position(3, turn=2)
    act(state, "end_turn")
    assert state.turn == 0 and state.phase == ROLL and RULES.actor(state) == 0
