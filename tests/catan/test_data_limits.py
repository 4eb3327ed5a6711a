"""Catan's data is checked for what the rules need, within documented limits, and the
random re-deal of the tokens is bounded (issue 16, points 5 and 6)."""

from __future__ import annotations

import pytest

from tabletop.engine.data import DataError, load_dataset
from tabletop.games.catan import founding, schema
from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import red_numbers_touch, tables
from tabletop.games.catan.state import BOARD

from .helpers import identity, new_match
from .test_data import copy_data, replace

DATA = tables().data


def _problems(tmp_path, file: str, old: str, new: str) -> list[str]:
    root = copy_data(tmp_path)
    replace(root / "catan" / file, old, new)
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root)
    assert all(p.file.endswith(file) and p.line > 1 for p in err.value.problems), err.value.problems
    return [f"{p.field}: {p.message}" for p in err.value.problems]


def test_red_numbers_covering_every_number_are_refused(tmp_path):
    """Every token red: no deal could lay them apart, and `numbers: random` would deal forever."""
    every = "red_numbers: [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]"
    [said] = _problems(tmp_path, "board.yaml", "red_numbers: [6, 8]", every)
    assert said == "red_numbers: at most 5 tokens may show a red number, so that they can lie apart; 18 do"


def test_as_many_red_tokens_as_the_limit_are_taken(tmp_path):
    root = copy_data(tmp_path)
    replace(root / "catan/board.yaml", "red_numbers: [6, 8]", "red_numbers: [6, 8, 2]")
    load_dataset(schema.DATASET, root)


@pytest.mark.parametrize(
    "old, new, said",
    [
        ("roads: 15", "roads: 1", "pieces.roads: the founding rounds need 2 roads per player"),
        ("settlements: 5", "settlements: 0", "pieces.settlements: the founding rounds need 2 settlements per player"),
        ("roads: 15", "roads: 101", "pieces.roads: should be less than or equal to 100"),
        ("points_to_win: 10", "points_to_win: 1000000000", "points_to_win: should be less than or equal to 100"),
        ("bank_per_resource: 19", "bank_per_resource: 5000", "bank_per_resource: should be less than or equal to 1000"),
    ],
)
def test_pieces_and_amounts_the_rules_need_and_their_limits(tmp_path, old, new, said):
    assert said in _problems(tmp_path, "rules.yaml", old, new)


def test_tokens_must_match_the_producing_hexes(tmp_path):
    [said] = _problems(tmp_path, "board.yaml", "tokens: [5, 2, 6,", "tokens: [5, 2,")
    assert said == "tokens: 17 number tokens for 18 producing hexes"


def test_harbours_fill_the_harbour_places_on_the_coast(tmp_path):
    """The harbour places are the coast's (geometry.HARBOUR_PLACES): the data fills each once."""
    said = _problems(
        tmp_path, "board.yaml", "{resource: null, ratio: 3, count: 4}", "{resource: null, ratio: 3, count: 5}"
    )
    assert said == ["harbours: the harbours must fill the 9 harbour places"]


def _deal_reds_side_by_side(match) -> None:
    producing = [h for h in range(G.HEX_COUNT) if match.state.produce[h] != -1]
    reds = [k for k, n in enumerate(DATA.tokens) if n in DATA.red_numbers]
    a, b = producing[0], next(h for h in G.HEX_NEIGHBOURS[producing[0]] if h in producing)
    order = list(range(len(DATA.tokens)))
    order.remove(reds[0])
    order.remove(reds[1])
    order.insert(producing.index(a), reds[0])
    order.insert(producing.index(b), reds[1])
    match.roll(tuple(order))
    assert red_numbers_touch(match.state.numbers)


def test_the_random_deal_of_the_tokens_is_bounded(monkeypatch):
    monkeypatch.setattr(founding, "MAX_TOKEN_DEALS", 3)
    match = new_match(3, numbers="random")
    match.roll(identity(len(DATA.land)))
    match.roll(identity(len(DATA.harbours)))
    _deal_reds_side_by_side(match)
    _deal_reds_side_by_side(match)
    assert match.state.phase == BOARD and match.state.token_deals == 2
    with pytest.raises(DataError) as err:
        _deal_reds_side_by_side(match)
    [problem] = err.value.problems
    assert problem.file.endswith("catan/board.yaml") and problem.line > 1 and problem.field == "red_numbers"
    assert "dealt 3 times" in problem.message


def test_a_good_deal_clears_the_count_so_states_are_as_before():
    match = new_match(3, numbers="random")
    match.roll(identity(len(DATA.land)))
    match.roll(identity(len(DATA.harbours)))
    _deal_reds_side_by_side(match)
    assert match.state.to_json()["token_deals"] == 1
    while match.state.board_step == 2:
        match.roll()
    assert match.state.token_deals == 0 and "token_deals" not in match.state.to_json()
