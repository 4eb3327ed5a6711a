"""The hand on Catan's screen keeps its order: the resource cards in the data's
order, the development cards in the order bought; a card played or traded away
leaves the others where they were, and a second click on its place plays nothing."""

from __future__ import annotations

from driving import click, open_game, player_actions, press

from tabletop.engine.core import Action
from tabletop.games.catan.rules import KNIGHT, MONOPOLY, ROAD_BUILDING, tables
from tabletop.games.catan.state import MAIN

from .helpers import give, hand
from .test_view import main_phase, playing_match, reveal


def bought_in_turn(match, *cards: int) -> None:
    """Seat 0 rolls a 12 and buys `cards` in this order; then every seat's turn
    passes (each rolls a 12) until seat 0 has rolled again."""
    state = match.state
    match.act(Action("roll"))
    match.roll((6, 6))
    for card in cards:
        give(state, 0, wool=1, grain=1, ore=1)
        match.act(Action("buy_development"))
        match.roll((state.deck.index(card, state.deck_under) - state.deck_under,))
    for _seat in range(len(state.hands)):
        match.act(Action("end_turn"))
        match.act(Action("roll"))
        match.roll((6, 6))
    assert state.turn == 0 and state.phase == MAIN


def test_development_cards_keep_the_order_bought_and_their_places(app):
    match = playing_match()
    bought_in_turn(match, MONOPOLY, KNIGHT, ROAD_BUILDING)
    game = open_game(app, match)
    reveal(app, game)
    cards = dict(game.view.hand.cards)
    assert sorted(("monopoly", "knight", "road_building"), key=lambda kind: cards[kind].x) == [
        "monopoly",
        "knight",
        "road_building",
    ]
    place = cards["road_building"].center
    press(app, game, "play-road_building")
    for _n in range(2):
        click(app, game.view.island.path_mid(min(game.view.island.targets())))
    assert match.state.phase == MAIN and player_actions(match)[-1].kind == "build_road"
    # the cards still held stay where they were; the played card's place plays nothing
    after = game.view.hand.cards
    assert after["monopoly"] == cards["monopoly"] and after["knight"] == cards["knight"]
    assert "road_building" not in after
    log = list(match.log)
    click(app, place)
    assert match.log == log and app.toast_text is None


def test_resource_cards_keep_their_places_when_a_kind_is_traded_away(app):
    match = playing_match()
    give(match.state, 0, wood=4, ore=1)
    game = main_phase(app, match)
    before = dict(game.view.hand.cards)
    resources = tables().resources
    assert sorted(resources, key=lambda key: before[key].x) == list(resources)
    press(app, game, "bank")
    press(app, game, "bank_give-wood")
    press(app, game, "bank_get-brick")
    assert hand(match.state, 0) == {"brick": 1, "ore": 1}
    assert {key: game.view.hand.cards[key] for key in resources} == {key: before[key] for key in resources}
