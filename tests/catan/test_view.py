"""Catan's screen, played through the real game screen with posted clicks and keys:
founding placements on lit places, rolling real dice, building, trading with the
bank and with a player, discarding on a 7, the robber and its victim, development
cards, what stays hidden behind the curtain, and drawing at two window sizes."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pygame
import pytest
from driving import click, control, key, open_game, player_actions, press

from tabletop.engine.core import Action
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import KNIGHT, MONOPOLY, ROAD_BUILDING, RULES, YEAR_OF_PLENTY, tables
from tabletop.games.catan.state import (
    DISCARD,
    FOUND_ROAD,
    FOUND_SETTLEMENT,
    FREE_ROADS,
    MAIN,
    NEGOTIATE,
    OVER,
    PLENTY,
    ROBBER,
    ROLL,
)
from tabletop.settings import Settings
from tabletop.ui import render
from tabletop.ui.dialogs import DiceDialog
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.gameview import Hit

from .helpers import RESOURCE_INDEX, founded_match, give, hand, put

CENTRE = G.HEX_INDEX[(0, 0)]
#: three settlements round the centre hex, two intersections apart
AROUND_CENTRE = {0: G.HEX_CORNERS[CENTRE][4], 1: G.HEX_CORNERS[CENTRE][0], 2: G.HEX_CORNERS[CENTRE][2]}
#: the ore harbour (2:1) of the fixed board: harbours lie in data order
ORE_HARBOUR = G.HARBOUR_PLACES[8][2][0]


# -- driving the app ---------------------------------------------------------------------


def names(game) -> set[str]:
    return {hit.name for hit in game.view.hits}


def reveal(app, game):
    """The player to act takes the laptop and opens the curtain (closed only while
    that player holds a secret: cards in hand or a development card)."""
    if game.curtain_closed:
        key(app, pygame.K_SPACE)
    assert game.revealed == game.match.actor


def roll(app, game, faces, reopen=True):
    """Roll real dice showing `faces`: Space asks for them, the dice dialog takes them."""
    key(app, pygame.K_SPACE)
    dialog = app.top
    assert isinstance(dialog, DiceDialog)
    for die, face in enumerate(faces):
        click(app, dialog.face_rects[die][face - 1][0].center)
    click(app, dialog.confirm.rect.center)
    assert app.top is game
    if reopen and game.curtain_closed:  # while chance acted nobody held secrets: the roller opens it again
        reveal(app, game)


def main_phase(app, match) -> GameScreen:
    """The screen on `match` (a `playing_match`): seat 0 opens the curtain and rolls
    a 12, which the fixed board's pieces round the centre do not touch."""
    game = open_game(app, match)
    reveal(app, game)
    roll(app, game, (6, 6))
    return game


def playing_match(players: int = 3, **options: str) -> Match:
    """Seat 0's turn before the roll, with empty hands: every seat has a settlement
    and a road round the centre hex; seat 0 has another at the ore harbour."""
    match = founded_match(players, **options)
    state = match.state
    for seat in range(players):
        home = AROUND_CENTRE[seat]
        away = [p for p in G.INTERSECTION_PATHS[home] if CENTRE not in G.PATH_HEXES[p]]
        put(state, seat, settlements=[home], roads=away[:1])
    harbour_road = G.INTERSECTION_PATHS[ORE_HARBOUR][0]
    put(state, 0, settlements=[ORE_HARBOUR], roads=[harbour_road])
    state.phase, state.turn, state.order = ROLL, 0, []
    RULES.check_invariants(state)
    return match


# -- the founding rounds -------------------------------------------------------------------


def test_founding_rounds_are_played_by_clicking_lit_places(app):
    match = founded_match(3)
    game = open_game(app, match)
    view = game.view
    first = AROUND_CENTRE[1]
    # nobody holds a secret yet: the curtain stays open
    assert not game.curtain_closed and game.revealed == match.actor
    assert set(view.island.targets()) == set(RULES.open_intersections(match.state))
    # the sea and the middle of a hex are no places
    click(app, (view.island.rect.x + 4, view.island.rect.centery))
    click(app, view.island.hex_px[CENTRE])
    assert player_actions(match) == []
    click(app, view.island.point_px[first])
    assert player_actions(match) == [Action("build_settlement", intersection=G.intersection_name(first))]
    assert match.state.phase == FOUND_ROAD
    # only the paths at the new settlement light up; a path elsewhere takes no click
    assert set(view.island.targets()) == set(G.INTERSECTION_PATHS[first])
    elsewhere = next(p for p in range(G.PATH_COUNT) if first not in G.PATH_ENDS[p])
    click(app, view.island.path_mid(elsewhere))
    assert len(player_actions(match)) == 1
    click(app, view.island.path_mid(G.INTERSECTION_PATHS[first][0]))
    assert player_actions(match)[-1] == Action("build_road", path=G.path_name(G.INTERSECTION_PATHS[first][0]))
    # the next player's turn, with the curtain still open; a neighbour of the first settlement stays dark
    assert match.actor == 1 and not game.curtain_closed
    neighbour = G.INTERSECTION_NEIGHBOURS[first][0]
    assert neighbour not in view.island.targets()
    click(app, view.island.point_px[neighbour])
    assert len(player_actions(match)) == 2 and match.state.phase == FOUND_SETTLEMENT
    # the rest of both rounds, each on a lit intersection and a lit path
    while match.state.phase in (FOUND_SETTLEMENT, FOUND_ROAD):
        # the cards of a second settlement are received in the open: nothing to hide
        assert not game.curtain_closed and game.revealed == match.actor
        spot = min(view.island.targets())
        before = len(match.log)
        if match.state.phase == FOUND_SETTLEMENT:
            click(app, view.island.point_px[spot])
        else:
            click(app, view.island.path_mid(spot))
        assert len(match.log) == before + 1
    assert match.state.phase == ROLL
    assert all(len(match.state.buildings[s]) == 2 and len(match.state.road_paths[s]) == 2 for s in range(3))
    # the first turn: the cards in hand are secret from now on, and the others have
    # been watching the screen
    assert any(match.state.hands[match.actor]) and game.curtain_closed


# -- a turn ----------------------------------------------------------------------------------


def test_the_roll_goes_through_the_dice_tray_and_production_is_summed_up(app):
    match = playing_match()
    game = open_game(app, match)
    reveal(app, game)
    assert "roll" in names(game)
    number = match.state.numbers[CENTRE]
    faces = (1, number - 1) if number <= 7 else (6, number - 6)
    before = [list(h) for h in match.state.hands]
    roll(app, game, faces)
    assert match.state.phase == MAIN
    events = match.history[-1]
    assert events[0].kind == "dice" and events[0].data == {"faces": list(faces)}
    roller, total, gains = game.view.corners.production()
    assert roller == 0 and total == number
    for seat in range(3):
        received = [after - was for after, was in zip(match.state.hands[seat], before[seat], strict=False)]
        assert sum(gains.get(seat, {}).values()) == sum(received)
    # every seat with a settlement on the centre hex was paid (the robber is on the desert)
    assert set(gains) >= {0, 1, 2}


def test_production_cards_fly_from_the_hexes_then_the_app_sleeps(app):
    match = playing_match()
    game = open_game(app, match)
    reveal(app, game)
    number = match.state.numbers[CENTRE]
    key(app, pygame.K_SPACE)
    dialog = app.top
    for die, face in enumerate((1, number - 1) if number <= 7 else (6, number - 6)):
        click(app, dialog.face_rects[die][face - 1][0].center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=dialog.confirm.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dialog.confirm.rect.center, button=1))
    app.process(pygame.event.get())
    resource = tables().resources[match.state.produce[CENTRE]]
    assert {(f.end, f.resource) for f in game.view.motion.flights} == {
        (game.view.island.point_px[AROUND_CENTRE[seat]], resource) for seat in range(3)
    }
    assert game.is_animating()
    app.run_until_idle()
    assert not game.is_animating() and game.view.motion.flights == []


def test_undo_takes_a_road_back_and_its_path_lights_up_again(app):
    match = playing_match()
    give(match.state, 0, wood=1, brick=1)
    game = main_phase(app, match)
    key(app, pygame.K_r)
    road = min(game.view.island.targets())
    click(app, game.view.island.path_mid(road))
    assert match.state.roads[road] == 0 and game.view.island.targets() == {}  # no wood and brick left
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.run_until_idle()
    assert match.state.roads[road] == -1 and not game.curtain_closed
    key(app, pygame.K_r)
    assert road in game.view.island.targets()


def test_building_lights_up_the_legal_places_and_a_dark_place_takes_no_click(app):
    match = playing_match()
    give(match.state, 0, wood=3, brick=3, wool=2, grain=4, ore=4)
    give(match.state, 1, wool=1)  # a secret: the curtain closes for Bob's turn
    game = main_phase(app, match)
    view = game.view
    press(app, game, "road")
    assert view.island.mode() == "road"
    lit = set(view.island.targets())
    assert lit == set(RULES.road_spots(match.state, 0))
    dark = next(p for p in range(G.PATH_COUNT) if p not in lit and match.state.roads[p] == -1)
    click(app, view.island.path_mid(dark))
    assert player_actions(match)[-1] == Action("roll") and app.toast_text is None
    road = min(lit)
    click(app, view.island.path_mid(road))
    assert match.state.roads[road] == 0
    # the road mode stays while there is wood and brick; right-click leaves it
    assert view.choices.mode == "road"
    click(app, view.island.rect.center, button=3)
    assert view.choices.mode is None and view.island.targets() == {}
    # a second road makes room for a settlement two paths out
    far_end = next(end for end in G.PATH_ENDS[road] if match.state.owner[end] == -1)
    onward = next(p for p in G.INTERSECTION_PATHS[far_end] if match.state.roads[p] == -1)
    key(app, pygame.K_r)
    click(app, view.island.path_mid(onward))
    assert match.state.roads[onward] == 0
    key(app, pygame.K_s)
    spots = set(view.island.targets())
    assert spots == set(RULES.settlement_spots(match.state, 0)) and spots
    spot = min(spots)
    click(app, view.island.point_px[spot])
    assert match.state.owner[spot] == 0 and match.state.level[spot] == 1
    press(app, game, "city")
    assert set(view.island.targets()) == {i for i in match.state.buildings[0] if match.state.level[i] == 1}
    click(app, view.island.point_px[AROUND_CENTRE[0]])
    assert match.state.level[AROUND_CENTRE[0]] == 2
    press(app, game, "development")
    assert player_actions(match)[-1] == Action("buy_development")
    assert sum(match.state.devs[0]) == 1
    press(app, game, "end_turn")
    assert match.state.turn == 1 and match.state.phase == ROLL and game.curtain_closed


def test_a_build_button_that_is_off_says_why(app):
    match = playing_match()
    give(match.state, 0, grain=2, ore=3)
    game = main_phase(app, match)
    road, city = control(game, "road"), control(game, "city")
    assert not road.enabled and city.enabled
    assert road.tooltip == "Build a road: the free paths light up (R)\nYou do not have the cards for that."
    assert city.tooltip == "Build a city on one of your settlements (C)"
    assert game.board_tooltip(road.rect.center).text == road.tooltip
    assert all(isinstance(hit, Hit) for hit in game.view.hits)  # the controls every view shares
    match.state.deck.clear()
    game.view.on_events([])
    app.tick(0)
    assert control(game, "development").tooltip == "Buy a development card (V)\nNo development cards are left."


def test_bank_trade_shows_the_best_rate_first(app):
    match = playing_match()
    give(match.state, 0, ore=2, wool=4)
    game = main_phase(app, match)
    press(app, game, "bank")
    gives = [hit for hit in game.view.hits if hit.name.startswith("bank_give-")]
    assert gives[0].name == "bank_give-ore"  # 2:1 at the ore harbour comes first
    assert {hit.name for hit in gives if hit.enabled} == {"bank_give-ore", "bank_give-wool"}
    press(app, game, "bank_give-ore")
    assert not control(game, "bank_get-ore").enabled
    press(app, game, "bank_get-grain")
    assert player_actions(match)[-1] == Action("trade_bank", give="ore", get="grain")
    assert hand(match.state, 0) == {"wool": 4, "grain": 1}
    press(app, game, "bank_give-wool")
    press(app, game, "bank_get-brick")
    assert hand(match.state, 0) == {"brick": 1, "grain": 1}
    press(app, game, "bank_done")
    assert "end_turn" in names(game)


def test_a_player_trade_is_offered_countered_and_accepted_behind_the_curtain(app):
    match = playing_match()
    give(match.state, 0, wood=3)
    give(match.state, 1, ore=2)
    game = main_phase(app, match)
    key(app, pygame.K_t)
    assert not control(game, "send_offer").enabled
    press(app, game, "partner-1")
    press(app, game, "give-wood")
    press(app, game, "want-ore")
    press(app, game, "send_offer")
    assert player_actions(match)[-1] == Action("offer", partner=1, give=(1, 0, 0, 0, 0), want=(0, 0, 0, 0, 1))
    # Bob answers in private: the curtain hands the laptop over
    assert match.state.phase == NEGOTIATE and match.actor == 1 and game.curtain_closed
    assert "accept" not in names(game)
    reveal(app, game)
    press(app, game, "counter")
    press(app, game, "want-wood-more")  # two wood for the ore
    assert game.view.choices.want == [2, 0, 0, 0, 0] and game.view.choices.give == [0, 0, 0, 0, 1]
    press(app, game, "send_offer")
    assert player_actions(match)[-1] == Action("counter", give=(0, 0, 0, 0, 1), want=(2, 0, 0, 0, 0))
    assert match.actor == 0 and game.curtain_closed
    reveal(app, game)
    press(app, game, "accept")
    assert match.state.phase == MAIN
    assert hand(match.state, 0) == {"wood": 1, "ore": 1} and hand(match.state, 1) == {"wood": 2, "ore": 1}


def test_no_key_accepts_a_trade_offer_only_its_button_does(app):
    match = playing_match()
    give(match.state, 0, wood=1)
    give(match.state, 1, ore=1)
    game = main_phase(app, match)
    press(app, game, "players")
    press(app, game, "partner-1")
    press(app, game, "give-wood")
    press(app, game, "want-ore")
    press(app, game, "send_offer")
    reveal(app, game)
    assert control(game, "accept").enabled and not control(game, "accept").keys
    log = list(match.log)
    for mod in (0, pygame.KMOD_SHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LALT, pygame.KMOD_LMETA):
        key(app, pygame.K_a, mod)  # Ctrl+A: "select the text"
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    key(app, pygame.K_c, pygame.KMOD_LCTRL)
    assert match.log == log and match.state.phase == NEGOTIATE and game.view.choices.mode is None
    assert not any(keys.startswith("A") for keys, _what in game.view.shortcuts())
    press(app, game, "accept")
    assert player_actions(match)[-1] == Action("accept")
    assert hand(match.state, 0) == {"ore": 1} and hand(match.state, 1) == {"wood": 1}


def test_a_counter_offer_starts_from_the_cards_the_answering_player_holds(app):
    match = playing_match()
    give(match.state, 0, wood=2)
    give(match.state, 1, ore=1)
    game = main_phase(app, match)
    press(app, game, "players")
    press(app, game, "partner-1")
    press(app, game, "give-wood")
    for _n in range(3):
        press(app, game, "want-ore")
    press(app, game, "send_offer")
    reveal(app, game)
    assert not control(game, "accept").enabled  # Bob holds one ore, not three
    press(app, game, "counter")
    assert game.view.choices.give == [0, 0, 0, 0, 1] and game.view.choices.want == [1, 0, 0, 0, 0]
    assert not control(game, "give-ore").enabled  # no more ore to give
    press(app, game, "send_offer")
    assert player_actions(match)[-1] == Action("counter", give=(0, 0, 0, 0, 1), want=(1, 0, 0, 0, 0))


def test_a_declined_offer_changes_nothing(app):
    match = playing_match()
    give(match.state, 0, wood=1)
    give(match.state, 2, ore=1)
    game = main_phase(app, match)
    press(app, game, "players")
    press(app, game, "partner-2")
    press(app, game, "give-wood")
    press(app, game, "want-ore")
    press(app, game, "send_offer")
    reveal(app, game)
    key(app, pygame.K_d)
    assert player_actions(match)[-1] == Action("reject")
    assert hand(match.state, 0) == {"wood": 1} and hand(match.state, 2) == {"ore": 1}


# -- the robber ------------------------------------------------------------------------------


def test_a_seven_makes_players_discard_in_private_then_the_robber_moves_and_robs(app):
    match = playing_match()
    give(match.state, 1, wood=3, brick=3, ore=3)  # 9 cards: Bob gives back 4
    give(match.state, 2, grain=2)
    game = open_game(app, match)
    reveal(app, game)
    roll(app, game, (3, 4), reopen=False)
    assert match.state.phase == DISCARD and match.actor == 1 and game.curtain_closed
    reveal(app, game)
    assert not control(game, "discard").enabled
    for resource in ("wood", "wood", "ore", "brick"):
        press(app, game, f"hand-{resource}")
    # a fifth card cannot be chosen; a chosen card goes back to the hand
    press(app, game, "hand-ore")
    assert sum(game.view.choices.discard_pick) == 4
    press(app, game, "chosen-brick")
    assert sum(game.view.choices.discard_pick) == 3
    press(app, game, "hand-ore")
    press(app, game, "discard")
    assert hand(match.state, 1) == {"wood": 1, "brick": 3, "ore": 1}
    # the roller moves the robber: only other land hexes light up
    assert match.state.phase == ROBBER and match.actor == 0
    reveal(app, game)
    view = game.view
    assert set(view.island.targets()) == set(range(G.HEX_COUNT)) - {match.state.robber}
    click(app, view.island.hex_px[match.state.robber])
    assert match.state.phase == ROBBER
    # the centre hex has two players to rob: the player chooses
    click(app, view.island.hex_px[CENTRE])
    assert match.state.phase == ROBBER and {"victim-1", "victim-2"} <= names(game)
    press(app, game, "victim-2")
    assert player_actions(match)[-1] == Action("move_robber", hex="C3", victim=2)
    assert match.state.robber == CENTRE and match.state.phase == MAIN
    assert hand(match.state, 0) == {"grain": 1} and hand(match.state, 2) == {"grain": 1}


def test_the_victim_may_be_chosen_by_clicking_their_building(app):
    match = playing_match()
    give(match.state, 1, wool=1)
    give(match.state, 2, ore=1)
    game = open_game(app, match)
    reveal(app, game)
    roll(app, game, (1, 6))
    view = game.view
    click(app, view.island.hex_px[CENTRE])
    assert view.choices.robber_hex == CENTRE
    click(app, view.island.point_px[AROUND_CENTRE[0]])  # one's own settlement is no victim
    assert match.state.phase == ROBBER
    click(app, view.island.point_px[AROUND_CENTRE[1]])
    assert player_actions(match)[-1] == Action("move_robber", hex="C3", victim=1)
    assert hand(match.state, 0) == {"wool": 1}


def test_after_a_seven_the_roller_may_rob_nobody_on_the_screen(app):
    """Under the theft option one player to rob is still a choice after a 7: rob
    them or nobody; without it the click on the hex robs the one player there."""
    match = playing_match()
    give(match.state, 1, wool=1)
    game = open_game(app, match)
    reveal(app, game)
    roll(app, game, (3, 4))
    click(app, game.view.island.hex_px[CENTRE])  # Bob alone to rob: robbed at once
    assert player_actions(match)[-1] == Action("move_robber", hex="C3", victim=1)
    match = playing_match(theft="optional")
    give(match.state, 1, wool=1)
    game = open_game(app, match)
    reveal(app, game)
    roll(app, game, (3, 4))
    assert match.state.phase == ROBBER
    click(app, game.view.island.hex_px[CENTRE])  # Bob alone holds a card there
    assert match.state.phase == ROBBER and game.view.choices.robber_hex == CENTRE
    assert {"victim-1", "no_theft", "cancel"} <= names(game)
    press(app, game, "no_theft")
    assert player_actions(match)[-1] == Action("move_robber", hex="C3")
    assert match.state.robber == CENTRE and match.state.phase == MAIN
    assert hand(match.state, 0) == {} and hand(match.state, 1) == {"wool": 1}


def test_a_knight_offers_no_choice_to_rob_nobody(app):
    match = playing_match()
    holding(match, KNIGHT)
    give(match.state, 1, wool=1)
    give(match.state, 2, ore=1)
    game = open_game(app, match)
    reveal(app, game)
    press(app, game, "play-knight")
    click(app, game.view.island.hex_px[CENTRE])  # Bob and Cas: whom to rob, never nobody
    assert game.view.choices.robber_hex == CENTRE
    assert {"victim-1", "victim-2"} <= names(game) and "no_theft" not in names(game)
    key(app, pygame.K_n)
    assert match.state.phase == ROBBER


# -- development cards -----------------------------------------------------------------------


def holding(match: Match, kind: int) -> None:
    """Seat 0 holds a development card of `kind`, bought in an earlier turn."""
    state = match.state
    state.deck.remove(kind)
    state.devs[0][kind] += 1
    RULES.check_invariants(state)


def test_a_knight_is_played_before_the_roll(app):
    match = playing_match()
    holding(match, KNIGHT)
    give(match.state, 1, wool=1)
    game = open_game(app, match)
    reveal(app, game)
    press(app, game, "play-knight")
    assert match.state.phase == ROBBER and match.state.knights[0] == 1
    click(app, game.view.island.hex_px[CENTRE])  # only Bob holds a card there: no choice to make
    assert player_actions(match)[-1] == Action("move_robber", hex="C3", victim=1)
    assert hand(match.state, 0) == {"wool": 1}
    assert match.state.phase == ROLL
    assert "play-knight" not in names(game)  # one card a turn


def test_year_of_plenty_takes_the_chosen_resources(app):
    match = playing_match()
    holding(match, YEAR_OF_PLENTY)
    game = main_phase(app, match)
    press(app, game, "play-year_of_plenty")
    assert match.state.phase == PLENTY
    press(app, game, "take-ore")
    press(app, game, "take-grain")
    assert hand(match.state, 0) == {"grain": 1, "ore": 1} and match.state.phase == MAIN


def test_monopoly_names_a_resource(app):
    match = playing_match()
    holding(match, MONOPOLY)
    give(match.state, 1, wool=2, ore=1)
    give(match.state, 2, wool=3)
    game = main_phase(app, match)
    press(app, game, "play-monopoly")
    press(app, game, "cancel")
    assert game.view.choices.mode is None and match.state.devs[0][MONOPOLY] == 1
    press(app, game, "play-monopoly")
    press(app, game, "monopoly-wool")
    assert player_actions(match)[-1] == Action("play_monopoly", resource="wool")
    assert hand(match.state, 0) == {"wool": 5} and hand(match.state, 1) == {"ore": 1}


def test_road_building_places_two_free_roads(app):
    match = playing_match()
    holding(match, ROAD_BUILDING)
    game = main_phase(app, match)
    press(app, game, "play-road_building")
    assert match.state.phase == FREE_ROADS
    view = game.view
    for _n in range(2):
        lit = set(view.island.targets())
        assert lit == set(RULES.road_spots(match.state, 0))
        click(app, view.island.path_mid(min(lit)))
    assert len(match.state.road_paths[0]) == 4 and match.state.phase == MAIN


# -- what stays hidden -------------------------------------------------------------------------


def test_the_hand_is_only_drawn_for_the_seat_behind_the_curtain(app):
    match = playing_match()
    give(match.state, 0, wood=2, ore=1)
    holding(match, MONOPOLY)
    game = open_game(app, match)
    assert game.curtain_closed
    assert not any(hit.name.startswith(("hand-", "play-")) for hit in game.view.hits)
    assert game.view.ctx.view().hand is None
    reveal(app, game)
    assert "play-monopoly" in names(game)
    own = game.view.ctx.view().hand
    assert own is not None and own.cards[RESOURCE_INDEX["wood"]] == 2


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_another_seats_secrets_change_nothing_on_screen(size):
    match = playing_match()
    give(match.state, 0, wood=2, brick=1, ore=2)
    holding(match, KNIGHT)
    state = match.state
    other = RULES.perturb_secrets(state, 0, random.Random(3))
    assert other is not None
    changed = copy.copy(match)  # the same log, other secrets
    changed.state = other
    for seat in (1, 2):
        assert pygame.image.tobytes(render.render_game(match, size, seat=seat), "RGB") == pygame.image.tobytes(
            render.render_game(changed, size, seat=seat), "RGB"
        )
    # the seat itself sees its own hand change
    assert pygame.image.tobytes(render.render_game(match, size, seat=0), "RGB") != pygame.image.tobytes(
        render.render_game(changed, size, seat=0), "RGB"
    )


def test_public_scores_leave_out_victory_point_cards(app):
    match = playing_match()
    holding(match, 4)  # a victory point card
    game = open_game(app, match)
    scores = [summary.score for summary in game.view.players_summary()]
    assert scores == [str(match.state.vp[s]) for s in range(3)] == ["2", "1", "1"]


# -- drawing -------------------------------------------------------------------------------------


def drawn_texts(monkeypatch) -> list[tuple[str, pygame.font.Font, int | None]]:
    """Record every line of text drawn from now on: (text, font, max_width)."""
    from tabletop.ui import art

    seen: list[tuple[str, pygame.font.Font, int | None]] = []
    real = art.text

    def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        seen.append((content, font, max_width))
        return real(surface, content, font, colour, pos, anchor, shadow, max_width)

    monkeypatch.setattr(art, "text", record)
    return seen


def test_the_discard_panel_shows_no_stray_line_before_a_card_is_chosen(monkeypatch):
    match = playing_match()
    give(match.state, 1, wood=3, brick=3, ore=3)
    match.act(Action("roll"))
    match.roll((3, 4))
    assert match.state.phase == DISCARD and match.actor == 1
    texts = drawn_texts(monkeypatch)
    render.render_game(match, (1280, 680), seat=1)
    drawn = [text for text, _font, _width in texts]
    assert "A 7! Give 4 cards back to the bank" in drawn and "Chosen: 0 of 4" in drawn
    assert "nothing" not in drawn


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_the_banks_piles_are_on_the_screen(monkeypatch, size):
    """The bank's count per resource is public: beside the trade buttons for the
    player whose turn it is, and in the side column while the curtain is closed."""
    match = playing_match()
    state = match.state
    give(state, 1, wood=4, ore=7)
    give(state, 2, wool=19)
    state.phase = MAIN
    state.trading = True
    from tabletop.ui.app import App

    for seat in (0, None):
        application = App(size=size, headless=True, settings=Settings())
        screen = GameScreen(application, match, reveal=seat, interactive=False)
        application.set_scene(screen)
        seen = drawn_texts(monkeypatch)
        application.tick(0.0)
        view = screen.view
        assert view.bank.rect.w > 0 and view.private_area.contains(view.bank.rect), seat
        texts = [content for content, _font, _width in seen]
        at = texts.index("Bank")
        assert texts[at + 1 : at + 6] == ["15", "19", "0", "19", "12"], texts[at : at + 6]
        if seat == 0:  # on the line of the trade buttons, right of "Trade"
            trade = next(hit for hit in view.hits if hit.name == "bank")
            assert view.bank.rect.bottom <= trade.rect.top and view.bank.rect.right <= view.private_area.right
        application.shutdown()
        monkeypatch.undo()


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_a_tie_keeps_a_special_card_in_the_supply_on_screen(monkeypatch, size):
    match = playing_match()
    state = match.state
    state.knights[1] = state.knights[2] = 3  # tied at the minimum: the card stays in the supply
    state.deck = state.deck[6:]
    RULES.check_invariants(state)
    assert state.largest == -1
    seen = drawn_texts(monkeypatch)
    render.render_game(match, size, seat=0)
    texts = [content for content, _font, _width in seen]
    assert "in the supply (tie)" in texts  # Largest Army
    assert "nobody yet" in texts  # Longest Road: nobody has five pieces


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_the_final_scores_fit_their_column(monkeypatch, size):
    """Every fact of the final scores is drawn whole (wins, victory point cards,
    both special cards): the line of facts wraps between facts."""
    match = playing_match()
    state = match.state
    for _n in range(4):
        state.deck.remove(4)  # four victory point cards
        state.devs[0][4] += 1
    state.deck = state.deck[3:]  # three knights played
    state.knights[0] = 3
    free = next(
        h
        for h in range(G.HEX_COUNT)
        if all(state.roads[p] == -1 for p in G.HEX_PATHS[h]) and all(state.owner[i] == -1 for i in G.HEX_CORNERS[h])
    )
    put(state, 0, roads=list(G.HEX_PATHS[free]))  # a loop of six: the Longest Road
    state.phase, state.winner = OVER, 0
    RULES.check_invariants(state)
    assert state.longest == 0 and state.largest == 0 and RULES.points(state, 0) == 10
    seen = drawn_texts(monkeypatch)
    render.render_game(match, size, seat=None)
    at = [content for content, _f, _w in seen].index("Final scores")
    facts = [
        (content, font, width)
        for content, font, width in seen[at:]
        if any(fact in content for fact in ("wins", "victory point cards", "Longest Road", "Largest Army"))
    ]
    joined = " · ".join(content for content, _f, _w in facts)
    assert joined.split(" · ") == ["wins", "victory point cards: 4", "Longest Road", "Largest Army"], joined
    for content, font, width in facts:
        assert width is None or font.size(content)[0] <= width, f"{content!r} is cut at {size}"


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_the_screen_draws_at_both_sizes_through_a_game(size):
    rules = RULES
    match = Match(rules, default_setup(rules, players=4), 5)
    rng = random.Random(5)
    from tabletop.ui.app import App
    from tabletop.ui.game_screen import GameScreen as Screen

    for steps in (0, 8, 40, 200):
        play_random(match, rng, steps=steps)
        match.settle_chance()
        for seat in (None, 0, 3):
            surface = render.render_game(match, size, seat=seat)
            assert surface.get_size() == size
    application = App(size=size, headless=True, settings=Settings())
    screen = Screen(
        application,
        match,
        reveal=match.actor if match.actor is not None and match.actor >= 0 else None,
        interactive=False,
    )
    application.set_scene(screen)
    application.tick(0.0)
    view = screen.view
    assert screen.felt.contains(view.island.rect) and screen.felt.contains(view.private_area)
    assert not view.island.rect.colliderect(view.private_area)
    application.shutdown()


# -- clicking at random ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 3])
def test_random_clicks_on_what_lights_up_only_play_legal_actions(seed):
    """Every control and lit place the screen offers is legal: clicking them at
    random (and keys, and the empty table) never meets a refusal."""
    from tabletop.ui.app import App

    rng = random.Random(seed)
    match = Match(RULES, default_setup(RULES, players=4), seed)
    play_random(match, rng, steps=60)
    application = App(size=(1280, 680), headless=True, settings=Settings())
    game = open_game(application, match)
    start = len(match.log)
    for _step in range(200):
        view = game.view
        targets = view.island.targets()
        if match.over:
            break
        if game.curtain_closed:
            key(application, pygame.K_SPACE)
            continue
        choice = rng.random()
        enabled = [hit for hit in view.hits if hit.enabled]
        if choice < 0.05 and view.hits:  # disabled controls take no click either
            click(application, rng.choice(view.hits).rect.center, button=rng.choice((1, 3)))
        elif choice < 0.1:  # anywhere on the board area
            click(
                application,
                (rng.randrange(game.felt.left, game.felt.right), rng.randrange(game.felt.top, game.felt.bottom)),
            )
        elif choice < 0.15:
            key(
                application,
                rng.choice(
                    (
                        pygame.K_r,
                        pygame.K_s,
                        pygame.K_c,
                        pygame.K_v,
                        pygame.K_b,
                        pygame.K_t,
                        pygame.K_e,
                        pygame.K_SPACE,
                        pygame.K_a,
                        pygame.K_d,
                    )
                ),
            )
        elif targets and (choice < 0.6 or not enabled):
            spot = rng.choice(sorted(targets))
            mode = view.island.mode()
            place = (
                view.island.path_mid(spot)
                if mode == "road"
                else view.island.hex_px[spot]
                if mode == "robber"
                else view.island.point_px[spot]
            )
            click(application, place)
        elif enabled:
            click(application, rng.choice(enabled).rect.center)
        assert application.toast_text is None
        RULES.check_invariants(match.state)
    assert len(match.log) > start + 20
    application.shutdown()


def test_the_readme_picture_is_made_again_by_its_script(tmp_path):
    """docs/screenshots/catan.png comes from tabletop/games/catan/showcase.py: a game
    well under way, the hand open and the road button pressed (lit paths)."""
    from tabletop.games.catan import showcase

    out = showcase.make(tmp_path / "catan.png", (1280, 680))
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 680)
    bundled = pygame.image.load(str(Path(__file__).parents[2] / "docs" / "screenshots" / "catan.png"))
    assert bundled.get_size() == (1920, 1080)
