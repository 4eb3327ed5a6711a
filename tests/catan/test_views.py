"""What each seat may see, the secrets the test hook perturbs, copies and encoding."""

from __future__ import annotations

import json
import random
from dataclasses import fields

from tabletop.games.catan.rules import RULES
from tabletop.games.catan.state import CatanState

from .helpers import give, state_in_main


def test_other_seats_see_only_card_counts():
    state = state_in_main(3)
    give(state, 1, wood=2, ore=1)
    state.deck.remove(0)
    state.devs[1][0] = 1
    mine, theirs, table = RULES.view(state, 1), RULES.view(state, 0), RULES.view(state, None)
    assert mine["hand"] == {"wood": 2, "brick": 0, "wool": 0, "grain": 0, "ore": 1}
    assert mine["development"]["knight"] == 1
    for view in (theirs, table):
        assert view["players"][1]["cards"] == 3 and view["players"][1]["development_cards"] == 1
        assert "wood" not in json.dumps(view["players"])
    assert theirs["hand"] == {"wood": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 0}
    assert "hand" not in table and "development" not in table
    json.dumps(mine)


def test_perturbing_a_seats_secrets_changes_no_other_view():
    rng = random.Random(4)
    state = state_in_main(4)
    give(state, 2, wood=3, grain=2)
    state.deck.remove(4)
    state.devs[2][4] = 1
    for _ in range(20):
        other = RULES.perturb_secrets(state, 2, rng)
        assert other is not None
        RULES.check_invariants(other)
        assert RULES.encode(other) != RULES.encode(state)
        for looker in (None, 0, 1, 3):
            assert RULES.view(other, looker) == RULES.view(state, looker)
    changed = [RULES.perturb_secrets(state, 2, rng) for _ in range(20)]
    assert any(o.hands[2] != state.hands[2] for o in changed)
    assert any(o.devs[2] != state.devs[2] for o in changed)
    assert all(sum(o.hands[2]) == 5 for o in changed)


def test_cards_bought_this_turn_are_not_swapped():
    state = state_in_main(2)
    state.deck.remove(1)
    state.devs[0][1] = 1
    state.new_devs[1] = 1
    rng = random.Random(1)
    for _ in range(10):
        other = RULES.perturb_secrets(state, 0, rng)
        assert other.devs[0] == state.devs[0]


def test_copy_is_deep_and_complete():
    state = state_in_main(3)
    give(state, 0, wood=1)
    copy = RULES.copy_state(state)
    assert RULES.encode(copy) == RULES.encode(state)
    for f in fields(CatanState):
        value = getattr(copy, f.name)
        if isinstance(value, list):
            assert value is not getattr(state, f.name), f"{f.name} is shared"
            if value and isinstance(value[0], list):
                assert value[0] is not getattr(state, f.name)[0], f"{f.name} is shared inside"
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
