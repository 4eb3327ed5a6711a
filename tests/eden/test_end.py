"""Eden: the end of the game."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import CHANCE, PlayerInfo, Setup
from tabletop.games.eden import stalemate
from tabletop.games.eden.rules import RULES, EdenState

from .helpers import SIZE, T, act, at, new_match, place

#: Ann's 16 points on the first row
FOURS = {"A1": (0, 4), "B1": (0, 4), "C1": (0, 4), "D1": (0, 4)}


def test_twenty_points_win_at_once_on_irrigation():
    # B3: an opponent next to B2
    match, state = at(board={**FOURS, "E1": (0, 3), "B3": (1, 1)}, hands={0: ["B2", "D4"]})
    assert state.points[0] == 19
    events = act(match, "irrigate", card="B2")
    assert match.over and state.points[0] == 20
    assert match.result().winners == (0,)
    assert match.legal_actions() == []  # no conquest, no second irrigation
    assert events[-1].message.render(["Ann", "Bob", "Cy"]) == "Ann wins with 20 fertility points!"
    assert not match.can_undo


def test_nineteen_points_do_not_win():
    match, state = at(board={**FOURS, "E1": (0, 2)}, hands={0: ["A7"]})
    act(match, "irrigate", card="A7")
    assert not match.over and state.points[0] == 19


def test_a_defender_can_win_in_someone_elses_turn():
    bob = {name: (1, 4) for name in FOURS}
    match, state = at(board={**bob, "C4": (1, 2), "A4": (0, 1)}, hands={0: ["B4"]})  # Bob: 18
    act(match, "irrigate", card="B4")
    act(match, "attack", support="A4", targets=("C4",))
    act(match, "bid", amount=10)
    act(match, "bid", amount=15)
    act(match, "accept")
    assert match.over and match.result().winners == (1,)
    assert state.points[1] == 20 and state.turn == 0
    assert match.turn_holder is None  # nobody's turn once the game is over


def test_cultivation_can_win():
    match, state = at(board={**FOURS, "A3": (0, 1), "B3": (0, 1)}, hands={0: ["domino-1"]})  # 18
    act(match, "cultivate", card="domino-1", rotation=0, origin="A3")
    assert match.over and match.result().winners == (0,) and match.result().scores[0] == 20


# -- a game that can no longer change ------------------------------------------------------


def names(cards) -> list[str]:
    return [T.card_name(card) for card in cards]


#: the board full of value-1 tiles in rows: Ann's, Bob's, Cy's, Dee's, Ann's...
ROWS = {T.board.name(f): ((f // 7) % 4, 1) for f in range(SIZE)}


def frozen_table(mana: int | list[int], **given):
    """Four players, the board full of value-1 tiles in rows (Ann, Bob and Cy 14
    points, Dee 7), only dead irrigation cards in the hands, every cultivation card
    in the open display; and what `given` states otherwise."""
    table = {
        "players": 4,
        "board": ROWS,
        "hands": {seat: names(range(3 * seat, 3 * seat + 3)) for seat in range(4)},
        "deck": names(range(12, SIZE)),
        "discard": [],
        "display": names(range(SIZE, T.deck_size)),
        "mana": mana if isinstance(mana, list) else [mana] * 4,
    }
    return at(**{**table, **given})


def test_a_game_in_which_nothing_can_change_any_more_ends_with_most_points():
    match, state = frozen_table(39)
    assert RULES.frozen(state)
    events = act(match, "discard_dead", card="A1")
    assert not match.over
    act(match, "end_turn")
    match.settle_chance()  # the card drawn
    assert match.over
    assert match.result().winners == (0, 1, 2) and match.result().scores == (14, 14, 14, 7)
    assert any("game ends" in e.message.render() for e in events + match.history[-1])


@pytest.mark.parametrize("mana, frozen", [(49, True), (50, False)])
def test_mana_enough_to_buy_a_card_and_pay_for_what_it_raises_keeps_the_game_going(mana, frozen):
    """On land of value-1 tiles every tile under a card rises: the cheapest play is a
    domino bought for 30 raising two tiles for 20."""
    match, state = frozen_table([0, 0, 0, mana])
    assert RULES.frozen(state) is frozen
    act(match, "pass")
    match.settle_chance()  # the card drawn
    assert match.over is frozen


def test_income_keeps_the_game_going():
    _match, state = frozen_table(0, board={**ROWS, "A1": (0, 2)})
    assert RULES.income(state, 0) == 5 and not RULES.frozen(state)


def test_nobody_able_to_raise_a_tile_freezes_whatever_the_mana():
    apart = {T.board.name(f): ((f % 7 + 2 * (f // 7)) % 4, 1) for f in range(SIZE)}  # no two own tiles touch
    _match, state = frozen_table(1000, board=apart)
    outlook, _start = stalemate.outlook(RULES, state)
    assert all(cost is None for costs in outlook.cost for cost in costs)
    assert RULES.frozen(state)


def test_a_free_field_that_can_be_irrigated_keeps_the_game_going():
    board = {name: tile for name, tile in ROWS.items() if name != "G7"}
    _match, state = frozen_table(0, board=board)
    assert not RULES.frozen(state)  # its card lies in the draw pile and Dee, with a free tile, may draw it
    hands = {seat: names(range(3 * seat, 3 * seat + 3)) for seat in range(3)}
    _match, state = frozen_table(0, board=board, hands={**hands, 3: ["G7"]}, deck=names(range(9, SIZE - 1)))
    assert not RULES.frozen(state)  # Dee holds it and has a free tile


#: the live irrigation cards (fields 32 to 48) and the cultivation cards of locked_hands
LIVE = names(range(32, SIZE))
CULTIVATION = names(range(SIZE, T.deck_size))


def locked_hands(**given):
    """The audit's deadlock: two players with 16 value-1 tiles each (no free 1/2
    tile), each holding five live irrigation cards, 20 mana each, 14 cultivation
    cards in the display and 3 in the draw pile with the other live cards; and what
    `given` states otherwise."""
    table = {
        "players": 2,
        "board": {T.board.name(f): (0 if f < 16 else 1, 1) for f in range(32)},
        "hands": {0: LIVE[0:5], 1: LIVE[5:10]},
        "display": CULTIVATION[:14],
        "deck": LIVE[10:] + CULTIVATION[14:],
        "mana": [20, 20],
    }
    return at(**{**table, **given})


def test_a_card_in_the_draw_pile_that_nobody_can_draw_does_not_keep_the_game_going():
    """Holding five cards nobody draws, and live irrigation cards leave a hand only
    by being played: these hands never change, so the pile never moves."""
    match, state = locked_hands()
    assert any(T.is_cultivation(c) for c in state.deck)
    assert {a.kind for a in match.legal_actions()} == {"pass"}
    assert RULES.frozen(state)
    act(match, "pass")
    assert match.over
    assert match.result().winners == (0, 1) and match.result().scores == (16, 16)


def test_a_card_in_the_draw_pile_that_someone_can_draw_and_use_keeps_the_game_going():
    # Bob holds four live cards, so he draws at the end of his turn; in the draw
    # pile lies a domino, the only cultivation card outside the display
    cards = {
        "hands": {0: LIVE[0:5], 1: LIVE[5:9]},
        "display": [name for name in CULTIVATION if name != "domino-1"],
        "deck": LIVE[9:] + ["domino-1"],
    }
    _match, state = locked_hands(**cards)
    # two of his tiles rise under it for 20 mana: he has 20
    assert not RULES.frozen(state)
    # with 10 he cannot pay; selling it and drawing again only brings a fifth live card
    _match, state = locked_hands(**cards, mana=[20, 10])
    assert RULES.frozen(state)


def race(next_seat: int, bob_mana: int = 0):
    """Three players: Ann has free 1/2 tiles, Bob and Cy none. Cy holds six live
    cards, Bob four (so he draws at the end of his turn), Ann five dead ones; the one
    live card left is the draw pile. All land is of value 1 (no income), all
    cultivation cards are in the display, and nobody has mana but Bob (`bob_mana`).
    `next_seat` plays next."""
    seats = {"board": {T.board.name(f): (1 if f < 16 else 2 if f < 32 else 0, 1) for f in range(38)}}
    cards = {
        "hands": {0: names(range(5)), 1: names(range(44, 48)), 2: names(range(38, 44))},
        "deck": ["G7"],
        "display": CULTIVATION,
    }
    return at(players=3, turn=(next_seat - 1) % 3, mana=[0, bob_mana, 0], **seats, **cards)


def test_a_live_card_that_must_go_to_a_player_without_a_free_tile_ends_the_game():
    """Bob must draw the last live card (he holds four and cannot buy), and he has no
    tile to lay: nothing can change any more."""
    _match, state = race(next_seat=1)
    outlook, start = stalemate.outlook(RULES, state)
    search = stalemate.Search(outlook, start)
    assert search.verdict(start) is None  # only the search can tell
    assert not search.changes()
    assert RULES.frozen(state)


def test_a_player_who_can_buy_instead_of_drawing_leaves_the_live_card_to_another():
    """With mana for a card from the display Bob keeps five cards and draws nothing;
    Ann then draws the live card and irrigates."""
    _match, state = race(next_seat=1, bob_mana=30)
    assert not RULES.frozen(state)
    _match, state = race(next_seat=1, bob_mana=29)
    assert RULES.frozen(state)


def test_a_player_with_a_free_tile_who_draws_first_takes_the_live_card():
    _match, state = race(next_seat=0)
    assert not RULES.frozen(state)


def play_rules_only(seed: int, players: int, limit: int) -> EdenState:
    """A random game through the rules alone (no log, no undo), `limit` actions at most."""
    colours = [key for key, _label, _rgb in RULES.colours()]
    setup = Setup(
        tuple(PlayerInfo(f"P{i}", colours[i]) for i in range(players)),
        {**RULES.default_options(), "two_players": True},
        seed % players,
    )
    state = RULES.new_state(setup)
    rng = random.Random(seed)
    actions = 0
    while RULES.actor(state) is not None and actions < limit:
        if RULES.actor(state) == CHANCE:
            spec = RULES.chance_spec(state)
            RULES.apply(state, spec.action(spec.draw(rng)))
            continue
        legal = RULES.legal_actions(state)
        RULES.apply(state, legal[rng.randrange(len(legal))])
        actions += 1
    return state


@pytest.mark.parametrize("seed", [397, 1502])
def test_the_audits_deadlocked_games_end(seed):
    """Two random two-player games that once ran for ever: each player ended up with
    16 value-1 tiles, five live cards in hand and too little mana for a card."""
    state = play_rules_only(seed, 2, RULES.random_play_step_limit)
    assert state.phase == "over"
    assert max(state.points) < T.economy.target_points
    best = max(state.points)
    assert state.winners == [s for s in range(2) if state.points[s] == best]


#: random games over 2, 3 and 4 players must end within this many actions
ACTION_BOUND = 1500


@pytest.mark.parametrize("block", range(8))
def test_every_random_game_ends(block):
    """1200 random games (rules only), 400 each of 2, 3 and 4 players: each ends,
    with 20 points or because nothing can change any more, within the bound."""
    for seed in range(block * 50, block * 50 + 50):
        for players in (2, 3, 4):
            state = play_rules_only(seed * 3 + players, players, ACTION_BOUND)
            assert state.phase == "over", f"seed {seed * 3 + players}: {players} players, not over"
            if max(state.points) < T.economy.target_points:
                assert RULES.frozen(state)


def late_position(rng: random.Random) -> EdenState:
    """A made-up late position: two to four players, most of them out of 1/2 tiles,
    hands of live or dead cards, a draw pile with a few live cards,
    little mana, most cultivation cards in the display."""
    players = rng.choice([2, 3, 4])
    state = new_match(players, two_players=True).state
    fields = list(range(SIZE))
    rng.shuffle(fields)
    spare = set(rng.sample(range(players), 1))
    for seat in range(players):
        count = min(rng.randint(6, 14), SIZE - 16 * (players - 1)) if seat in spare else 16
        for placed in range(count):
            f = fields.pop()
            value = 2 if rng.random() < 0.01 and state.points[seat] + 1 + count - placed < 20 else 1
            place(state, T.board.name(f), seat, value)
    dead = [f for f in range(SIZE) if state.owner[f] >= 0]
    live = [f for f in range(SIZE) if state.owner[f] < 0]
    cultivation = list(range(SIZE, T.deck_size))
    for pile in (dead, live, cultivation):
        rng.shuffle(pile)
    state.display = cultivation[: rng.randint(12, 17)]
    left = cultivation[len(state.display) :]
    locked = rng.random() < 0.5  # every live card in hands, or a few left in the pile
    for seat in range(players):
        if seat not in spare and (locked or rng.random() < 0.5):
            state.hands[seat] = [live.pop() for _ in range(min(5, len(live)))]
        else:
            state.hands[seat] = [dead.pop() for _ in range(rng.randint(0, 5))]
    if locked and live:
        holder = next((s for s in range(players) if s not in spare), None)
        if holder is not None:
            state.hands[holder] += live
            live = []
    state.discard = dead[: rng.randint(0, len(dead))]
    rest = dead[len(state.discard) :] + left
    rng.shuffle(rest)
    state.deck = sorted(rest + live)
    state.mana = [rng.choice([0, 0, 0, 10, 20, 30]) for _ in range(players)]
    state.turn = rng.randrange(players)
    RULES.check_invariants(state)
    return state


def test_the_shortcuts_agree_with_the_full_search(monkeypatch):
    """The answers given without searching (Search.verdict) are the search's own:
    on made-up late positions the plain search, without them, says the same."""
    rng = random.Random(7)
    answers = {True: 0, False: 0}
    searched = 0
    for _ in range(150):
        state = late_position(rng)
        outlook, start = stalemate.outlook(RULES, state)
        quick = stalemate.Search(outlook, start)
        searched += quick.verdict(start) is None
        told = quick.changes()
        with monkeypatch.context() as patch:
            patch.setattr(stalemate.Search, "verdict", lambda self, position: None)
            plain = stalemate.Search(outlook, start, limit=3000)
            full = plain.changes()
        if plain.gave_up:
            continue
        assert told == full
        answers[told] += 1
    assert answers[True] > 50 and answers[False] > 5 and searched > 50, (answers, searched)
