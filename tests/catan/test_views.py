"""What each seat may see, the secrets the test hook perturbs, copies and encoding."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from tabletop.engine.views import as_json
from tabletop.games.catan.rules import RULES
from tabletop.games.catan.state import DISCARD, ROBBER, ROLL, CatanState
from tabletop.games.catan.views import PlayerView

from .helpers import act, chance, give, state_in_main

KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)


def by_resource(view: PlayerView, counts: tuple[int, ...]) -> dict[str, int]:
    """Counts per resource of a view, by resource key."""
    return dict(zip(view.resources, counts, strict=True))


def test_other_seats_see_only_card_counts():
    state = state_in_main(3)
    give(state, 1, wood=2, ore=1)
    state.deck.remove(0)
    state.devs[1][0] = 1
    mine, theirs, table = RULES.view(state, 1), RULES.view(state, 0), RULES.view(state, None)
    assert mine.hand is not None and theirs.hand is not None
    assert by_resource(mine, mine.hand.cards) == {"wood": 2, "brick": 0, "wool": 0, "grain": 0, "ore": 1}
    assert mine.hand.development[KNIGHT] == 1
    for view in (theirs, table):
        assert view.players[1].cards == 3 and view.players[1].development_cards == 1
        assert "wood" not in json.dumps(as_json(view.players))
    assert by_resource(theirs, theirs.hand.cards) == {"wood": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 0}
    assert table.hand is None
    json.dumps(as_json(mine))


@pytest.mark.parametrize("on_turn", [False, True])
def test_perturbing_a_seats_secrets_changes_no_other_view(on_turn):
    """The seat's development cards are swapped with the deck, those bought this turn
    among them when it is the seat's turn (no one else may see what was bought)."""
    rng = random.Random(4)
    state = state_in_main(4)
    give(state, 2, wood=3, grain=2)
    for kind in (VICTORY_POINT, ROAD_BUILDING, KNIGHT):
        state.deck.remove(kind)
        state.devs[2][kind] += 1
    if on_turn:
        state.turn = 2
        state.new_devs[ROAD_BUILDING] = state.new_devs[KNIGHT] = 1  # bought this turn
    changed = []
    for _ in range(30):
        other = RULES.perturb_secrets(state, 2, rng)
        assert other is not None
        RULES.check_invariants(other)
        assert RULES.encode(other) != RULES.encode(state)
        for looker in (None, 0, 1, 3):
            assert RULES.view(other, looker) == RULES.view(state, looker), f"seat {looker} sees a secret of seat 2"
        assert RULES.view(other, 2) != RULES.view(state, 2) or other.devs[2] == state.devs[2]
        changed.append(other)
    assert any(o.devs[2] != state.devs[2] for o in changed)
    assert all(o.hands[2] == state.hands[2] and sum(o.devs[2]) == 3 for o in changed)
    if on_turn:  # cards bought this turn were swapped too, and stay marked as new
        assert any(o.new_devs != state.new_devs for o in changed)
        assert all(sum(o.new_devs) == 2 for o in changed)


def test_cards_bought_this_turn_are_swapped_as_new():
    state = state_in_main(2)
    state.deck.remove(ROAD_BUILDING)
    state.devs[0][ROAD_BUILDING] = 1
    state.new_devs[ROAD_BUILDING] = 1
    rng = random.Random(1)
    for _ in range(10):
        other = RULES.perturb_secrets(state, 0, rng)
        assert other.devs[0] != state.devs[0] and other.new_devs == other.devs[0]
        assert RULES.view(other, 1) == RULES.view(state, 1)


def test_a_hand_is_hidden_among_the_other_hands():
    """The bank's piles are open, so what all hands hold together is public; which
    of the others holds what is not: a card swapped between two other hands changes
    nothing a third player or the table sees."""
    state = state_in_main(4)
    give(state, 0, wood=2, ore=1)
    give(state, 1, brick=1, grain=2)
    give(state, 3, wool=1)
    before = {looker: RULES.view(state, looker) for looker in (None, 2, 3)}
    state.hands[0][0] -= 1  # a wood of seat 0 for a brick of seat 1
    state.hands[1][0] += 1
    state.hands[1][1] -= 1
    state.hands[0][1] += 1
    RULES.check_invariants(state)
    for looker, view in before.items():
        assert RULES.view(state, looker) == view, f"seat {looker} sees into another hand"
    view = RULES.view(state, 0)
    assert view.hand is not None and by_resource(view, view.hand.cards)["brick"] == 1


def test_the_banks_piles_are_open():
    state = state_in_main(3)
    give(state, 1, wood=2, ore=1)
    for looker in (None, 0, 1):
        view = RULES.view(state, looker)
        assert by_resource(view, view.bank) == {"wood": 17, "brick": 19, "wool": 19, "grain": 19, "ore": 18}
        assert view.bank_cards == 19 * 5 - 3


def test_the_banks_piles_show_a_discard_only_once_everyone_has_discarded():
    """Each player chooses their discards in private, so the cards join the open
    piles for everyone to see only when the last player has discarded."""
    state = state_in_main(3)
    state.phase = ROLL
    give(state, 0, wood=8)
    give(state, 1, ore=8)
    act(state, "roll")
    chance(state, (3, 4))
    assert state.phase == DISCARD
    act(state, "discard", resource="wood")
    for looker in (None, 0, 1, 2):
        view = RULES.view(state, looker)
        assert by_resource(view, view.bank)["wood"] == 11, "a discard in progress shows"
    for _ in range(3):
        act(state, "discard", resource="wood")
    for _ in range(4):
        act(state, "discard", resource="ore")
    assert state.phase == ROBBER
    view = RULES.view(state, 2)
    assert by_resource(view, view.bank) == {"wood": 15, "brick": 19, "wool": 19, "grain": 19, "ore": 15}


def test_copy_is_deep_and_complete():
    state = state_in_main(3)
    give(state, 0, wood=1)
    copy = RULES.copy_state(state)
    assert RULES.encode(copy) == RULES.encode(state)

    def immutable(value) -> bool:
        if isinstance(value, tuple):
            return all(immutable(v) for v in value)
        return value is None or isinstance(value, (bool, int, str))

    for f in fields(CatanState):
        value = getattr(copy, f.name)
        if isinstance(value, list):
            assert value is not getattr(state, f.name), f"{f.name} is shared"
            for k, inner in enumerate(value):  # inner values: copied lists or shared immutables
                assert immutable(inner) or (isinstance(inner, list) and inner is not getattr(state, f.name)[k]), (
                    f"{f.name} is shared inside"
                )
        elif f.name != "options":  # the option dict is never changed in play
            assert immutable(value), f"{f.name} is shared and could be changed in place"
    copy.hands[0][0] = 5
    copy.roads[0] = 1
    assert state.hands[0][0] == 1 and state.roads[0] == -1


def test_encode_is_plain_json():
    state = state_in_main(2)
    text = json.dumps(RULES.encode(state), sort_keys=True)
    assert json.loads(text)["phase"] == "main"


def test_the_player_whose_turn_it_is_keeps_the_screen_while_chance_decides():
    """The curtain stays open for the roller while the dice (possibly real ones)
    are settled and while a stolen card is picked; it is nobody's before a turn."""
    from tabletop.engine import CHANCE, Action
    from tabletop.games.catan.state import DICE, STEAL

    from .helpers import founded_match

    match = founded_match(3)
    rng = random.Random(1)
    while match.state.phase != "roll":  # the founding rounds, at random
        match.act(rng.choice(match.legal_actions()))
    turn = match.state.turn
    assert RULES.secret_holder(match.state) == turn
    match.act(Action("roll"))
    assert match.state.phase == DICE and match.actor == CHANCE
    assert RULES.secret_holder(match.state) == turn
    match.state.phase = STEAL
    assert RULES.secret_holder(match.state) == turn
