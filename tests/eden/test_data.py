"""Eden's data: the board, the deck, the tiles, the prices, colours and options."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import pytest

from tabletop.engine import Action, IllegalAction, Match, PlayerInfo, Setup
from tabletop.engine.data import DataError, load_dataset
from tabletop.games.eden.board import rotate
from tabletop.games.eden.rules import RULES, EdenRules
from tabletop.games.eden.tables import DATASET, build
from tabletop.resources import data_path

from .helpers import T, at


def canonical(cells) -> tuple:
    """The same shape whatever its rotation (mirror images stay different)."""
    return min(rotate(cells, r) for r in range(4))


def test_board_is_7_by_7_named_a1_to_g7():
    assert T.board.size == 49
    assert T.board.names[0] == "A1" and T.board.names[6] == "G1" and T.board.names[48] == "G7"
    assert T.board.field("B4") == 3 * 7 + 1


def test_fields_touch_only_side_to_side():
    b4 = T.board.field("B4")
    assert sorted(T.board.name(f) for f in T.board.neighbours[b4]) == ["A4", "B3", "B5", "C4"]
    assert sorted(T.board.name(f) for f in T.board.neighbours[T.board.field("A1")]) == ["A2", "B1"]


def test_deck_is_49_irrigation_and_17_cultivation_cards():
    assert T.deck_size == 66
    assert all(T.is_irrigation(c) for c in range(49))
    assert all(T.is_cultivation(c) for c in range(49, 66))


def test_the_17_cultivation_shapes():
    shapes = Counter(canonical(s) for s in T.shapes)
    domino = canonical([(0, 0), (1, 0)])
    line3 = canonical([(0, 0), (1, 0), (2, 0)])
    corner3 = canonical([(0, 0), (0, 1), (1, 1)])
    square = canonical([(0, 0), (1, 0), (0, 1), (1, 1)])
    line4 = canonical([(0, 0), (1, 0), (2, 0), (3, 0)])
    ell4 = canonical([(0, 0), (0, 1), (0, 2), (1, 2)])
    tee = canonical([(0, 0), (1, 0), (2, 0), (1, 1)])
    ess = canonical([(1, 0), (2, 0), (0, 1), (1, 1)])
    assert shapes == {domino: 3, line3: 3, corner3: 3, square: 2, line4: 2, ell4: 2, tee: 1, ess: 1}


def test_tiles_per_colour():
    assert T.kind_counts == (16, 8)
    assert T.kind_of[1:] == (0, 0, 1, 1)
    assert T.top_value == 4


def test_prices_and_targets():
    e = T.economy
    assert (e.start_mana, e.income_per_red_dot, e.cultivation_cost_per_tile) == (100, 5, 10)
    assert (e.sell_per_field, e.buy_base, e.buy_per_field) == (10, 10, 10)
    assert (e.opening_bid_min, e.raise_min, e.target_points) == (10, 5, 20)
    assert (e.hand_start, e.draw_below, e.irrigations_per_turn) == (6, 5, 2)


def test_colours_and_options_come_from_data():
    assert [key for key, _label, _rgb in RULES.colours()] == ["red", "blue", "yellow", "green"]
    specs = {spec.key: spec for spec in RULES.option_specs()}
    assert specs["two_players"].default is False
    assert specs["two_players"].parse("true") is True
    assert RULES.dataset is DATASET


# -- house rules: an edited copy of the data, and the rules follow it ------------------------


def house(tmp_path, economy=None, tiles=None, players=None) -> EdenRules:
    """Rules over a copy of data/eden/ with `economy` values changed, the 1/2 tile
    count set to `tiles`, and `players` (old, new) text replaced in players.yaml."""
    root = tmp_path / "house"
    shutil.copytree(data_path("eden"), root / "eden")
    path = root / "eden" / "economy.yaml"
    text = path.read_text()
    for key, value in (economy or {}).items():
        text, done = re.subn(rf"^{key}: *\d+", f"{key}: {value}", text, flags=re.M)
        assert done == 1, key
    path.write_text(text)
    if tiles is not None:
        path = root / "eden" / "tiles.yaml"
        path.write_text(path.read_text().replace("count: 16", f"count: {tiles}"))
    if players is not None:
        path = root / "eden" / "players.yaml"
        path.write_text(path.read_text().replace(*players))
    return EdenRules(root)


def dealt(rules: EdenRules, players: int = 3) -> Match:
    colours = [key for key, _label, _rgb in rules.colours()]
    setup = Setup(tuple(PlayerInfo(f"P{i + 1}", colours[i]) for i in range(players)), rules.default_options(), 0)
    match = Match(rules, setup, 0)
    match.settle_chance()
    return match


def lay(rules: EdenRules, state, name: str, seat: int, value: int) -> None:
    f = rules.tables.board.field(name)
    state.free[seat][rules.tables.kind_of[value]] -= 1
    state.owner[f], state.value[f] = seat, value
    state.points[seat] += value


def hold(rules: EdenRules, state, seat: int, cards: list[int]) -> None:
    """Give `seat` exactly `cards` (from wherever they are), its old hand to the pile."""
    for pile in (state.deck, state.discard, state.display, *state.hands):
        for card in cards:
            if card in pile:
                pile.remove(card)
    state.deck[:0] = state.hands[seat]
    state.hands[seat] = list(cards)
    for other in range(state.players):  # keep the other hands as large as before
        while other != seat and len(state.hands[other]) < rules.tables.economy.hand_start:
            state.hands[other].append(state.deck.pop())
    state.deck.sort()


def test_a_house_target_of_12_points_wins_at_12(tmp_path):
    rules = house(tmp_path, {"target_points": 12})
    assert "12 points" in rules.description
    board = {"A1": (0, 3), "B1": (0, 3), "C1": (0, 3), "D1": (0, 2)}  # 11
    match, state = at(rules=rules, board=board, hands={0: ["A7", "G7"]})
    match.act(Action("irrigate", card="A7"))
    assert match.over and match.result().winners == (0,) and state.points[0] == 12
    assert RULES.tables.economy.target_points == 20  # the bundled rules are untouched


def test_a_house_opening_bid_of_15_and_raise_of_10(tmp_path):
    rules = house(tmp_path, {"opening_bid_min": 15, "raise_min": 10})
    start = {"rules": rules, "board": {"C4": (1, 2)}, "hands": {0: ["D4"]}}  # Bob's tile worth 2 next to D4
    match, state = at(**start, mana=[29, 100, 100])  # 15 x 2 = 30 needed to open
    match.act(Action("irrigate", card="D4"))
    assert not any(a.kind == "attack" for a in match.legal_actions())
    match, state = at(**start, mana=[30, 100, 100])
    match.act(Action("irrigate", card="D4"))
    match.act(Action("attack", support=None, targets=("C4",)))
    with pytest.raises(IllegalAction, match="at least 15"):
        match.act(Action("bid", amount=14))
    assert min(a["amount"] for a in match.legal_actions() if a.kind == "bid") == 15
    match.act(Action("bid", amount=15))
    with pytest.raises(IllegalAction, match="at least 25"):
        match.act(Action("bid", amount=20))  # a raise of 5 no longer does
    bids = sorted(a["amount"] for a in match.legal_actions() if a.kind == "bid")
    assert bids[:2] == [25, 35]
    match.act(Action("bid", amount=25))


def test_a_house_income_of_7_per_red_dot(tmp_path):
    rules = house(tmp_path, {"income_per_red_dot": 7})
    match, state = at(rules=rules, board={"A1": (1, 3)})  # two red dots
    mana = state.mana[1]
    match.act(Action("pass"))
    match.settle_chance()
    assert state.turn == 1 and state.mana[1] == mana + 14


def test_ten_tiles_of_1_and_2_per_colour(tmp_path):
    rules = house(tmp_path, tiles=10)
    match = dealt(rules)
    state = match.state
    assert state.free == [[10, 8]] * 3
    match, state = at(rules=rules, board={rules.tables.board.name(f): (0, 1) for f in range(10)}, hands={0: ["G7"]})
    assert state.free[0] == [0, 8]
    assert not any(a.kind == "irrigate" for a in match.legal_actions())
    with pytest.raises(IllegalAction, match="no free tile"):
        match.act(Action("irrigate", card="G7"))


def test_house_prices_hands_and_cultivation(tmp_path):
    rules = house(
        tmp_path,
        {"buy_base": 20, "sell_per_field": 15, "cultivation_cost_per_tile": 12, "hand_start": 4, "start_mana": 150},
    )
    match = dealt(rules)
    state = match.state
    assert [len(h) for h in state.hands] == [4, 4, 4] and state.mana == [150] * 3
    t = rules.tables
    domino = t.card_of("domino-1")
    assert (t.sell_price(domino), t.buy_price(domino)) == (30, 40)
    match, state = at(rules=rules, board={"A1": (0, 1), "B1": (0, 1)}, hands={0: ["domino-1"]})
    match.act(Action("cultivate", card="domino-1", rotation=0, origin="A1"))
    assert state.mana[0] == 150 - 2 * 12 and state.value[:2] == [2, 2]


def test_house_colours_and_options(tmp_path):
    rules = house(
        tmp_path,
        players=("{key: red, label: red, rgb: [196, 48, 40]}", "{key: purple, label: purple, rgb: [120, 40, 160]}"),
    )
    assert [key for key, _label, _rgb in rules.colours()][0] == "purple"
    assert dict((k, rgb) for k, _l, rgb in rules.colours())["purple"] == (120, 40, 160)
    rules = house(tmp_path / "two", players=("default: false", "default: true"))
    assert rules.default_options()["two_players"] is True
    assert rules.player_range(rules.default_options()) == (2, 4)


@pytest.fixture
def data_copy(tmp_path):
    shutil.copytree(data_path("eden"), tmp_path / "eden")
    return tmp_path


def test_bundled_data_loads(data_copy):
    assert build(load_dataset(DATASET, data_copy)).deck_size == 66


def _problems(root) -> list[str]:
    with pytest.raises(DataError) as err:
        load_dataset(DATASET, root)
    return [str(p) for p in err.value.problems]


def test_a_broken_shape_is_reported_at_its_line(data_copy):
    path = data_copy / "eden" / "cultivation.yaml"
    text = path.read_text()
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "tee4" in row)
    path.write_text(text.replace('shape: ["###", ".#."]', 'shape: ["#.#"]'))
    problems = _problems(data_copy)
    assert any(p.startswith(f"{path}:{line}:") and "touch" in p for p in problems), problems


def test_an_unknown_key_is_refused(data_copy):
    path = data_copy / "eden" / "economy.yaml"
    path.write_text(path.read_text() + "free_lunch: 5\n")
    assert any("free_lunch" in p and "unknown key" in p for p in _problems(data_copy))


def test_tile_sides_must_run_on(data_copy):
    path = data_copy / "eden" / "tiles.yaml"
    path.write_text(path.read_text().replace("sides: [3, 4]", "sides: [4, 5]"))
    assert any("tiles.yaml" in p and "run on" in p for p in _problems(data_copy))


def test_four_colours_are_needed(data_copy):
    path = data_copy / "eden" / "players.yaml"
    path.write_text("\n".join(line for line in path.read_text().splitlines() if "green" not in line) + "\n")
    assert any("players.yaml" in p and "4 colours" in p for p in _problems(data_copy))


def test_a_shape_larger_than_the_board_is_refused(data_copy):
    path = data_copy / "eden" / "cultivation.yaml"
    path.write_text(path.read_text().replace('shape: ["####"]}', 'shape: ["########"]}', 1))
    assert any("does not fit the board" in p for p in _problems(data_copy))
