"""Eden's screen, played through the real game screen with posted mouse and key
events: irrigating, cultivating with a turned card, conquest and its auction
handed between the two sides through the curtain, selling and buying, passing,
undo; what a seat may see; drawing at 1280x680 and 1920x1080."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from driving import open_game, player_actions

from tabletop.engine import PlayerInfo, Setup
from tabletop.engine.core import Action
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.games import registry
from tabletop.games.eden import art as eart
from tabletop.games.eden.rules import RULES
from tabletop.games.eden.screen import EdenView
from tabletop.settings import Settings
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.dialogs import ResultDialog
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.render import render_game

from .helpers import C, F, new_match, place, set_hand, to_display
from .table import LAND, board_position

CTRL = pygame.KMOD_LCTRL
ECONOMY = RULES.tables.economy


# -- irrigation --------------------------------------------------------------------------------


def test_clicking_an_irrigation_card_waters_its_field(app, table):
    match = board_position()
    set_hand(match.state, 0, [F("A1"), F("G7"), C("domino-1")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(F("A1")).center)
    assert match.state.owner[F("A1")] == 0 and match.state.value[F("A1")] == 1
    assert player_actions(match)[-1] == Action("irrigate", card="A1")
    assert F("A1") not in match.state.hands[0]


def test_hovering_an_irrigation_card_lights_up_its_field(app, table):
    match = board_position()
    set_hand(match.state, 0, [F("A1"), F("G7")])
    screen = open_game(app, match)
    table.reveal()
    before = screen.app.surface.subsurface(table.field("G7")).copy()
    table.move(table.card(F("G7")).center)
    assert table.view.shared.hover_card == F("G7")
    after = screen.app.surface.subsurface(table.field("G7"))
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
    table.move((1, 1))
    again = screen.app.surface.subsurface(table.field("G7"))
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(again, "RGB")


def test_clicking_the_free_field_of_a_held_card_waters_it_then_a_second(app, table):
    match = board_position()
    set_hand(match.state, 0, [F("A1"), F("G7"), C("domino-1")])
    open_game(app, match)
    table.reveal()
    table.click(table.field("G7").center)
    assert match.state.owner[F("G7")] == 0
    assert "end_turn" in table.view.bar.shown
    table.click(table.field("A1").center)
    assert match.state.owner[F("A1")] == 0
    table.click(table.field("B1").center)  # no card for it: nothing happens
    assert match.state.owner[F("B1")] == -1
    assert [m.kind for m in player_actions(match)] == ["irrigate", "irrigate"]


def test_a_dead_card_is_chosen_then_discarded(app, table):
    match = board_position()
    set_hand(match.state, 0, [F("E4"), F("A1")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(F("E4")).center)
    assert table.view.shared.selected == F("E4") and "discard" in table.view.bar.shown
    assert match.state.owner[F("E4")] == 1  # nothing played by choosing
    table.press("discard")
    assert player_actions(match)[-1] == Action("discard_dead", card="E4")
    assert F("E4") in match.state.discard


# -- cultivation ----------------------------------------------------------------------------------


def test_a_turned_cultivation_card_raises_the_lowest_tiles_at_the_previewed_price(app, table):
    match = board_position()
    state = match.state
    set_hand(state, 0, [C("line3-1"), F("A1")])
    screen = open_game(app, match)
    table.reveal()
    table.click(table.card(C("line3-1")).center)
    assert table.view.shared.selected == C("line3-1")
    # lying flat the line covers C4, D4 and E4: E4 is Bob's, so it is shown as invalid
    table.move(table.field("D4").center)
    card, rotation, origin, fields = table.view.preview.placement()
    assert set(fields) == {F("C4"), F("D4"), F("E4")}
    valid, reason = table.view.preview.verdict(card, rotation, origin, fields)
    assert not valid and reason == "Every field under the card must hold one of your tiles."
    table.click(table.field("D4").center)
    assert player_actions(match) == []  # an invalid placement is never submitted
    # turned a quarter with R, it stands on C3, C4, C5: all three rise for 30 mana
    table.key(pygame.K_r)
    table.move(table.field("C4").center)
    card, rotation, origin, fields = table.view.preview.placement()
    assert rotation == 1 and set(fields) == {F("C3"), F("C4"), F("C5")}
    valid, text = table.view.preview.verdict(card, rotation, origin, fields)
    cost = 3 * ECONOMY.cultivation_cost_per_tile
    assert valid and text.endswith(f"{cost} mana") and "C3, C4, and C5" in text
    assert f"{cost} mana" in table.view.bar.status()
    mana = state.mana[0]
    table.click(table.field("C4").center)
    assert player_actions(match)[-1].kind == "cultivate"
    assert [state.value[F(n)] for n in ("C3", "C4", "C5", "D4")] == [2, 2, 2, 3]
    assert state.mana[0] == mana - cost
    assert screen.view.shared.selected is None


def test_the_mouse_wheel_turns_the_card_and_only_the_lowest_tiles_rise(app, table):
    match = board_position()
    state = match.state
    set_hand(state, 0, [C("domino-1")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(C("domino-1")).center)
    table.move(table.field("D4").center)
    assert set(table.view.preview.placement()[3]) in ({F("C4"), F("D4")}, {F("D4"), F("E4")})
    table.wheel(-1)
    assert table.view.shared.rotation == 1
    table.move((table.field("D4").centerx, table.field("D4").top + 2))
    card, rotation, origin, fields = table.view.preview.placement()
    assert set(fields) in ({F("D3"), F("D4")}, {F("D4"), F("D5")})
    table.wheel(1)
    table.wheel(1)
    assert table.view.shared.rotation == 3
    # lying on C4 (value 1) and D4 (value 3), only C4 rises, for one tile's price
    table.key(pygame.K_r)
    table.move((table.field("C4").right, table.field("C4").centery))
    card, rotation, origin, fields = table.view.preview.placement()
    assert set(fields) == {F("C4"), F("D4")}
    mana = state.mana[0]
    table.click((table.field("C4").right, table.field("C4").centery))
    assert state.value[F("C4")] == 2 and state.value[F("D4")] == 3
    assert state.mana[0] == mana - ECONOMY.cultivation_cost_per_tile


def test_right_click_puts_the_chosen_card_back(app, table):
    match = board_position()
    set_hand(match.state, 0, [C("domino-1")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(C("domino-1")).center)
    assert table.view.shared.selected is not None
    table.click((5, 5), button=3)
    assert table.view.shared.selected is None


# -- trading ---------------------------------------------------------------------------------------


def test_selling_from_the_hand_and_buying_from_the_display(app, table):
    match = board_position()
    state = match.state
    set_hand(state, 0, [C("square-1"), F("A1")])
    to_display(state, C("tee4"))
    open_game(app, match)
    table.reveal()
    mana = state.mana[0]
    table.click(table.card(C("square-1")).center)
    assert table.view.bar.label("sell") == f"Sell for {RULES.tables.sell_price(C('square-1'))}"
    table.press("sell")
    assert C("square-1") in state.display and C("square-1") not in state.hands[0]
    assert state.mana[0] == mana + RULES.tables.sell_price(C("square-1"))
    rect = next(r for r, c in table.view.display.rects if c == C("tee4"))
    mana = state.mana[0]
    table.click(rect.center)
    assert C("tee4") in state.hands[0]
    assert state.mana[0] == mana - RULES.tables.buy_price(C("tee4"))


# -- the turn ----------------------------------------------------------------------------------------


def test_pass_hands_over_behind_the_curtain(app, table):
    match = board_position()
    screen = open_game(app, match)
    table.reveal()
    assert table.view.prompt()
    table.press("pass")
    assert player_actions(match) == [Action("pass")]
    assert match.actor == 1 and screen.curtain_closed
    assert table.view.ctx.view().hand is None


def test_undo_within_the_turn_until_the_turn_ends(app, table):
    match = new_match(3, seed=11)
    screen = open_game(app, match)
    table.reveal()
    card = RULES.tables.card_of(next(a["card"] for a in match.legal_actions() if a.kind == "irrigate"))
    table.click(table.card(card).center)
    assert match.state.owner[card] == 0 and screen.buttons["undo"].is_enabled
    table.key(pygame.K_z, CTRL)
    assert match.state.owner[card] == -1 and card in match.state.hands[0]
    assert card in [c for _rect, c in table.view.hand.rects]
    table.click(table.card(card).center)
    table.key(pygame.K_e)
    assert match.actor == 1 and not match.can_undo
    assert not screen.buttons["undo"].is_enabled


def test_ctrl_and_alt_letters_are_not_the_shortcuts_of_the_plain_letters(app, table):
    match = board_position()
    screen = open_game(app, match)
    table.reveal()
    for mod in (CTRL, pygame.KMOD_RCTRL, pygame.KMOD_LALT, pygame.KMOD_LMETA, pygame.KMOD_MODE):
        table.key(pygame.K_p, mod)
        table.key(pygame.K_e, mod)
    assert player_actions(match) == [] and match.actor == 0 and not screen.curtain_closed
    # Shift and Num Lock are no command: the plain letter still passes
    table.key(pygame.K_p, pygame.KMOD_NUM | pygame.KMOD_CAPS)
    assert player_actions(match) == [Action("pass")] and screen.curtain_closed


# -- conquest ------------------------------------------------------------------------------------------


def test_conquest_and_auction_hand_the_laptop_between_the_two_sides(app, table):
    match = board_position()
    state = match.state
    state.mana[0], state.mana[1] = 150, 120
    set_hand(state, 0, [F("D5"), F("A1")])
    screen = open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    assert state.phase == "conquest"
    # the targets light up: E5 is Bob's and touches the new tile; C5 and D4 could help
    table.click(table.field("E5").center)
    table.click(table.field("D4").center)
    assert table.view.shared.targets == {F("E5")} and table.view.shared.support == F("D4")
    assert "worth 4, the targets 2: opening costs at least 20 mana" in table.view.bar.status()
    table.press("attack")
    assert player_actions(match)[-1] == Action("attack", support="D4", targets=("E5",))
    # Ann opens at the lowest bid: 10 per point of E5 (2 points)
    assert not screen.curtain_closed and table.view.auction.bid_area.w
    table.click(table.view.auction.quick["min"].rect.center)
    assert table.view.auction.amount() == 10
    assert "10 × 2 = 20 mana" in table.view.bar.status()
    table.press("bid")
    assert player_actions(match)[-1] == Action("bid", amount=10)
    # the curtain closes for Bob; Ann's mana is not on the screen any more
    assert match.actor == 1 and screen.curtain_closed
    assert table.view.ctx.view().hand is None
    table.reveal()
    assert table.view.shared.data.hand.mana == 120
    # Bob types 25 and raises with Enter: winning would cost him 25 x 4 (D4 and D5)
    table.key(pygame.K_2)
    table.key(pygame.K_5)
    assert table.view.auction.amount() == 25 and "25 × 4 = 100 mana" in table.view.bar.status()
    table.key(pygame.K_RETURN)
    assert player_actions(match)[-1] == Action("bid", amount=25)
    assert match.actor == 0 and screen.curtain_closed
    table.reveal()
    assert table.view.shared.data.hand.mana == 150
    # Ann accepts: Bob pays 25 per point of Ann's group and takes D4 and D5
    table.press("accept")
    assert state.phase == "play"
    assert state.owner[F("D4")] == 1 and state.owner[F("D5")] == 1 and state.owner[F("E5")] == 1
    assert state.mana[0] == 150 + 100 and state.mana[1] == 120 - 100
    assert not match.can_undo


def _bid_waits_for_bob(app, table):
    """Ann attacks E5 and bids 10; Bob sits at the laptop with the bid box open."""
    match = board_position()
    state = match.state
    state.mana[0], state.mana[1] = 150, 120
    set_hand(state, 0, [F("D5")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    table.click(table.field("E5").center)
    table.press("attack")
    table.click(table.view.auction.quick["min"].rect.center)
    table.press("bid")
    table.reveal()
    assert "accept" in table.view.bar.shown and table.view.bar.buttons["accept"].enabled
    return match


def test_no_key_typed_in_the_bid_box_accepts_the_bid(app, table):
    match = _bid_waits_for_bob(app, table)
    log, owner, phase = list(match.log), list(match.state.owner), match.state.phase
    table.key(pygame.K_1)
    for mod in (0, pygame.KMOD_SHIFT, CTRL, pygame.KMOD_LALT, pygame.KMOD_LMETA):
        table.key(pygame.K_a, mod)  # Ctrl+A: "select the text"
        if mod & (CTRL | pygame.KMOD_LALT | pygame.KMOD_LMETA):
            table.key(pygame.K_2, mod)
    assert match.log == log and match.state.owner == owner and match.state.phase == phase
    assert table.view.shared.typed == "1"  # letters and combinations type nothing
    assert table.screen.board_tooltip(table.view.bar.buttons["accept"].rect.center).text == "Accept the bid"
    assert ("A", "Attack the chosen tiles") in table.view.shortcuts()
    # only the button settles the conquest
    table.press("accept")
    assert player_actions(match)[-1] == Action("accept") and match.state.owner[F("E5")] == 0


def test_a_bid_out_of_range_is_refused_before_it_is_made(app, table):
    match = board_position()
    state = match.state
    state.mana[0] = 60
    set_hand(state, 0, [F("D5")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    table.click(table.field("E5").center)
    table.press("attack")
    table.click(table.view.auction.quick["all_in"].rect.center)
    assert table.view.auction.amount() == 30  # 60 mana for E5's 2 points
    table.key(pygame.K_9)
    table.key(pygame.K_9)
    assert table.view.auction.amount() == 99 and not table.view.bar.enabled("bid")
    before = len(match.log)
    table.key(pygame.K_RETURN)
    assert len(match.log) == before
    table.key(pygame.K_BACKSPACE)
    table.key(pygame.K_BACKSPACE)
    assert table.view.auction.amount() == 30  # back to the amount chosen before typing
    table.click(table.view.auction.quick["min"].rect.center)
    assert table.view.auction.amount() == 10
    for _step in range(5):
        table.key(pygame.K_UP)
    assert table.view.auction.amount() == 15
    table.press("bid")
    assert player_actions(match)[-1] == Action("bid", amount=15)


def test_the_buttons_tooltips_name_their_keys_and_say_why_they_are_off(app, table):
    match = board_position()
    state = match.state
    state.mana[0] = 60
    set_hand(state, 0, [F("D5")])
    screen = open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    view = table.view
    assert view.bar.shown == ["no_attack", "attack"]
    attack = view.bar.buttons["attack"].rect
    assert not view.bar.buttons["attack"].enabled
    assert screen.board_tooltip(attack.center).text == (
        "Attack the chosen tiles (A)\nClick the opponent's tiles to attack first."
    )
    assert screen.board_tooltip(view.bar.buttons["no_attack"].rect.center).text == "Do not attack (N)"
    table.click(table.field("E5").center)
    assert screen.board_tooltip(attack.center).text == "Attack the chosen tiles (A)"
    table.press("attack")
    table.click(view.auction.quick["all_in"].rect.center)
    table.key(pygame.K_9)
    table.key(pygame.K_9)
    bid = view.bar.buttons["bid"]
    assert screen.board_tooltip(bid.rect.center).text == (
        "Make the bid in the box (Enter)\nYour mana allows at most 30 per point."
    )
    all_in = view.auction.quick["all_in"].rect.center
    assert screen.board_tooltip(all_in).text == "Set the bid to the most your mana allows"


def test_no_attack_goes_back_to_the_turn(app, table):
    match = board_position()
    set_hand(match.state, 0, [F("D5"), F("A1")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    table.key(pygame.K_n)
    assert match.state.phase == "play" and player_actions(match)[-1] == Action("no_attack")


# -- the end -----------------------------------------------------------------------------------------


def test_reaching_twenty_points_shows_the_result(app, table):
    match = board_position()
    state = match.state
    for name in ("A1", "B1", "C1", "D1", "E1", "F1"):
        place(state, name, 0, 2)
    place(state, "G1", 0, 1)
    assert state.points[0] == 19
    set_hand(state, 0, [F("A3")])
    screen = open_game(app, match)
    table.reveal()
    table.click(table.card(F("A3")).center)
    assert match.over
    dialog = app.top
    assert isinstance(dialog, ResultDialog)
    assert "P1" in dialog.dialog_title()
    summary = {s.seat: s for s in screen.view.players_summary()}
    assert summary[0].score == "20"


# -- what each seat may see ----------------------------------------------------------------------------


def test_the_players_panel_shows_points_and_only_ones_own_mana(app, table):
    match = board_position()
    open_game(app, match)
    hidden = table.view.players_summary()
    assert [s.score for s in hidden] == [str(p) for p in match.state.points]
    assert all("mana hidden" in s.details for s in hidden)
    table.reveal()
    shown = table.view.players_summary()
    assert f"{match.state.mana[0]} mana" in shown[0].details
    assert "mana hidden" in shown[1].details and "mana hidden" in shown[2].details


def test_behind_the_closed_curtain_the_view_reads_only_the_public_view(app, table, monkeypatch):
    match = board_position()
    asked = []
    original = RULES.view

    def spy(state, seat):
        asked.append(seat)
        return original(state, seat)

    monkeypatch.setattr(RULES, "view", spy)
    screen = open_game(app, match)
    table.move(table.field("D4").center)
    table.click(table.field("A1").center)
    assert screen.curtain_closed and asked and set(asked) == {None}
    table.reveal()
    asked.clear()
    table.move(table.field("D4").center)
    assert set(asked) <= {0}


def _pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_another_seats_secrets_never_change_the_picture(size):
    """Drawn for Bob, or behind the closed curtain, the screen is the same whatever
    Ann holds and however much mana she has."""
    match = Match(RULES, default_setup(RULES), 5)
    play_random(match, random.Random(5), steps=25)
    match.settle_chance()
    seat = match.actor
    other = (seat + 1) % len(match.players)
    real = match.state
    changed = RULES.perturb_secrets(real, seat, random.Random(1))
    assert changed is not None and RULES.view(changed, seat) != RULES.view(real, seat)
    pictures = []
    for state in (real, changed):
        match.state = state
        pictures.append(_pixels(render_game(match, size, seat=other)))
    match.state = real
    assert pictures[0] == pictures[1]


def test_the_closed_curtain_hides_the_hand_in_the_running_app(app):
    match = board_position()
    screen = open_game(app, match)
    assert screen.curtain_closed
    real = match.state
    changed = RULES.perturb_secrets(real, 0, random.Random(2))
    pictures = []
    for state in (real, changed):
        match.state = state
        screen.view.on_events([])
        app.run_until_idle()
        pictures.append(_pixels(app.surface))
    match.state = real
    assert pictures[0] == pictures[1]


# -- drawing ------------------------------------------------------------------------------------------------


def _near(colour, expected, tolerance=14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], expected[:3], strict=False))


def _rim(colour):
    """The lit left edge of a tile's rim of `colour` (art.tile: white at alpha 70)."""
    return tuple(round(c + (255 - c) * 70 / 255) for c in colour)


def _drawn_screen(match, size, seat=None):
    """The game screen drawn offscreen at `size`; the screen and the picture."""
    from tabletop.ui.app import App

    app = App(size=size, headless=True, settings=Settings())
    holder = match.rules.secret_holder(match.state) if seat is None else seat
    screen = GameScreen(app, match, reveal=holder, interactive=False)
    app.set_scene(screen)
    app.tick(0.0)
    picture = app.surface.copy()
    app.shutdown()
    return screen, picture


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
@pytest.mark.parametrize("steps", [0, 30, 120])
def test_the_screen_draws_board_tiles_track_and_hand_where_the_layout_says(size, steps):
    match = Match(RULES, default_setup(RULES), steps + 1)
    play_random(match, random.Random(steps + 1), steps=steps)
    match.settle_chance()
    screen, picture = _drawn_screen(match, size)
    view = screen.view
    assert picture.get_size() == size and registry.view_class("eden") is EdenView
    assert screen.felt.contains(view.board.rect) and view.board.rect.contains(view.board.grid)
    state = match.state
    colours = [view.ctx.colour(seat) for seat in range(state.players)]
    # every tile in its owner's colour on its field, every free field without a rim
    # (the fields of a conquest in progress wear its marks over their rims)
    marked = set()
    if state.placed >= 0:
        marked = {state.placed, *RULES.tables.board.neighbours[state.placed], *state.group, *state.targets}
    for f, rect in enumerate(view.board.fields):
        if f in marked:
            continue
        rim = picture.get_at((rect.x + max(1, rect.w // 28), rect.centery))
        if state.owner[f] >= 0:
            assert _near(rim, _rim(colours[state.owner[f]])), (f, rim)
        else:
            assert not any(_near(rim, _rim(c)) for c in colours), (f, rim)
    # the points track: each player's filled segments in their colour
    t = view.theme
    row_h = (view.track.rect.h - t.px(16)) // state.players
    for seat, colour in enumerate(colours):
        y = view.track.rect.y + t.px(8) + seat * row_h + row_h // 2
        row = [picture.get_at((x, y)) for x in range(view.track.rect.x, view.track.rect.right)]
        runs = sum(1 for a, b in zip(row, row[1:], strict=False) if _near(b, colour, 6) and not _near(a, colour, 6))
        assert runs >= state.points[seat], (seat, runs, state.points[seat])
    # the revealed hand: each card inside the hand, an irrigation card with its blue band
    # and a cultivation card with its green one
    if view.ctx.seat is not None and state.phase != "over":
        assert sorted(card for _rect, card in view.hand.rects) == sorted(view.hand.shown())
        for rect, _card in view.hand.rects:
            assert view.private_area.contains(rect)
    if view.ctx.seat is not None and view.hand.rects:
        top = max(view.hand.rects, key=lambda item: item[0].x)  # the last card lies on top
        rect, card = top
        band = picture.get_at((rect.x + int(rect.w * 0.62), rect.y + max(4, rect.w // 14) + int(rect.h * 0.25) - 3))
        dead = card < 49 and state.owner[card] >= 0
        if not dead and (
            card in view.shared.legal.irrigate or card in view.shared.legal.cultivate or card in view.shared.legal.sell
        ):
            expected = eart.WATER if card < 49 else eart.LEAF
            assert _near(band, expected, 30), (card, band)


def test_every_hand_card_and_control_fits_inside_the_hand_at_both_sizes(app):
    match = board_position()
    set_hand(match.state, 0, [F(n) for n in ("A1", "B1", "C1", "D1", "E1", "F1", "G1")] + [C("tee4"), C("ess4")])
    screen = open_game(app, match)
    for size in ((1280, 680), (1651, 928), (1920, 1080)):
        app.resize(size)
        app.run_until_idle()
        screen.reveal()
        app.run_until_idle()
        view = screen.view
        area = view.private_area
        assert len(view.hand.rects) == 9
        for rect, _card in view.hand.rects:
            assert area.contains(rect)
        for key in view.bar.shown:
            assert area.contains(view.bar.buttons[key].rect)
        assert screen.felt.contains(view.board.rect)


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_the_hand_shows_each_card_whole_with_its_colour_band(size):
    match = board_position()
    hand = [F("A1"), F("G7"), C("domino-1"), C("line3-1"), F("B2")]
    set_hand(match.state, 0, hand)
    screen, picture = _drawn_screen(match, size)
    view = screen.view
    assert sorted(card for _rect, card in view.hand.rects) == sorted(hand)
    rects = [rect for rect, _card in view.hand.rects]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])  # side by side
    assert min(r.w for r in rects) >= (55 if size[0] < 1600 else 80)
    for rect, card in view.hand.rects:
        assert view.private_area.contains(rect)
        band = picture.get_at((rect.x + int(rect.w * 0.62), rect.y + max(4, rect.w // 14) + int(rect.h * 0.25) - 3))
        assert _near(band, eart.WATER if card < 49 else eart.LEAF, 30), (card, band)


# -- the open display and the piles ----------------------------------------------------------


def full_display():
    """Every cultivation card in the open display; Ann to play with 200 mana."""
    match = board_position()
    state = match.state
    set_hand(state, 0, [F("A1"), F("G7"), F("B2"), F("F6")])
    for card in range(49, 66):
        if card not in state.display:
            to_display(state, card)
    state.mana[0] = 200
    return match


@pytest.mark.parametrize("size", [(1280, 680), (1651, 928), (1920, 1080)])
def test_every_card_of_a_full_display_shows_its_shape_and_price(size):
    """17 cards: one per shape (cards of the same shape are the same card), counted,
    none covering another, each price at the foot of its own card."""
    match = full_display()
    screen, picture = _drawn_screen(match, size)
    view = screen.view
    stacks = view.display.stacks()
    assert sum(count for _card, count in stacks) == 17
    kinds = {RULES.card_kind(c) for c in range(49, 66)}
    assert len(stacks) == len(kinds) == len(view.display.rects)
    rects = [rect for rect, _card in view.display.rects]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    for rect, card in view.display.rects:
        assert view.display.rect.contains(rect) and screen.felt.contains(rect)
        assert rect.w >= 40, rect  # the shape drawn on the card stays readable
        price = RULES.tables.buy_price(card)
        pill = view.display.price_rect(rect, price)
        assert rect.contains(pill)
        assert not any(pill.colliderect(other) for other in rects if other != rect)
        # the price is drawn there (cream digits on the dark pill)
        inks = {tuple(picture.get_at((x, pill.centery)))[:3] for x in range(pill.x, pill.right)}
        assert any(_near(ink, th.CREAM, 40) for ink in inks), card
    # the piles sit in the heading row, apart from the cards
    for pile in (view.display.pile_rect, view.display.discard_rect):
        assert view.display.rect.contains(pile) and not any(pile.colliderect(r) for r in rects)


def test_hovering_and_buying_a_card_of_a_full_display(app, table):
    match = full_display()
    state = match.state
    open_game(app, match)
    table.reveal()
    for rect, card in list(table.view.display.rects):
        table.move(rect.center)
        assert table.view.shared.hover_display == card
    rect, card = table.view.display.rects[-1]
    mana = state.mana[0]
    table.click(rect.center)
    assert card in state.hands[0] and state.mana[0] == mana - RULES.tables.buy_price(card)


def test_the_discard_pile_opens_with_its_cards_and_closes(app, table):
    """The discard pile is public: anyone may open it, even behind the closed curtain;
    it shows the field of each irrigation card in it and its cultivation cards."""
    match = board_position()
    state = match.state
    pile = [F("E4"), C("tee4"), F("C3"), F("A1")]
    for card in pile:
        for hand in state.hands:
            if card in hand:
                hand.remove(card)
                hand.append(state.deck.pop())
        if card in state.deck:
            state.deck.remove(card)
    state.discard = pile
    screen = open_game(app, match)
    assert screen.curtain_closed
    view = table.view
    table.move(view.board.rect.center)
    before = _pixels(app.surface.subsurface(view.board.rect))
    table.click(view.display.discard_rect.center)
    assert view.shared.showing_discard and screen.curtain_closed
    assert _pixels(app.surface.subsurface(view.board.rect)) != before
    for f, rect in view.discard.cells.items():
        marked = _near(app.surface.get_at((rect.x + 2, rect.centery)), eart.WATER, 20)
        assert marked == (f in pile), RULES.tables.board.name(f)
    assert [card for _rect, card in view.discard.shelf] == [C("tee4")]
    table.click(view.board.rect.center)  # any click closes it, and does nothing else
    assert not view.shared.showing_discard and screen.curtain_closed
    assert _pixels(app.surface.subsurface(view.board.rect)) == before


# -- the words of the hand -------------------------------------------------------------------


LONG_NAMES = ("Maximiliane", "Bartholomew", "Clementine")


def long_named_position():
    """board_position with long player names (the status names them)."""
    colours = [key for key, _label, _rgb in RULES.colours()]
    setup = Setup(tuple(PlayerInfo(name, colours[i]) for i, name in enumerate(LONG_NAMES)), RULES.default_options(), 0)
    match = Match(RULES, setup, 3)
    match.settle_chance()
    for name, seat, value in LAND:
        place(match.state, name, seat, value)
    return match


def status_fits(view) -> str:
    """The status text, asserting that it fits its box whole (no ellipsis) inside the tray."""
    font = view.theme.font(th.BODY)
    text = view.bar.status()
    lines = art.wrap(text, font, view.bar.status_rect.w)
    step = int(font.get_linesize() * 1.15)
    fitting = (view.bar.status_rect.h - font.get_height()) // step + 1
    assert text and len(lines) <= fitting, (text, lines, view.bar.status_rect)
    assert view.hand.tray.contains(view.bar.status_rect)
    assert all(font.size(line)[0] <= view.bar.status_rect.w for line in lines)
    return text


def test_every_status_text_fits_whole_at_1280x680(app, table):
    """Each thing the hand's status line can say, at the smallest size, with long names."""
    said = []
    match = long_named_position()
    state = match.state
    set_hand(state, 0, [F("D5"), F("E4"), C("tee4"), C("line4-1"), F("A1"), C("domino-1")])
    state.mana[0], state.mana[1] = 45, 400
    screen = open_game(app, match)
    table.reveal()
    view = table.view
    said.append(status_fits(view))  # the start of the turn
    table.click(table.card(F("E4")).center)
    said.append(status_fits(view))  # a dead card chosen
    table.click(table.card(C("line4-1")).center)
    said.append(status_fits(view))  # a card that fits nowhere
    table.click(table.card(C("tee4")).center)
    said.append(status_fits(view))  # slide the card
    for name in ("C4", "F2", "D4", "B5"):  # valid and not, with the reasons
        for _turn in range(4):
            table.move(table.field(name).center)
            said.append(status_fits(view))
            table.key(pygame.K_r)
    table.click((5, 5), button=3)
    # the domino upright on C3 and C4 (value 1 each) with too little mana; on A5 and A6
    # (value 2) without free 3/4 tiles; lying on A7 and B7 (value 4)
    for name, value in (("A7", 4), ("B7", 4), ("A5", 2), ("A6", 2)):
        place(state, name, 0, value)
    spare = state.free[0][1]
    state.free[0][1] = 0  # as if her other 3/4 tiles lay elsewhere
    state.mana[0] = 5
    view.shared.forget()  # the position was changed by hand, not by a move
    table.click(table.card(C("domino-1")).center)
    table.key(pygame.K_r)
    reasons = set()
    for name, mana in (("C3", 5), ("A5", 400)):
        state.mana[0] = mana
        view.shared.forget()
        table.move((table.field(name).centerx, table.field(name).bottom + 1))
        reasons.add(status_fits(view))
    table.key(pygame.K_r, pygame.KMOD_SHIFT)
    table.move((table.field("A7").right + 1, table.field("A7").centery))
    reasons.add(status_fits(view))
    assert reasons == {
        "Raising 2 tiles costs 20 mana, more than you have.",
        "Raising 2 tiles to 3 needs 2 free tiles of that value.",
        "Nothing under the card can rise any further.",
    }, reasons
    said += sorted(reasons)
    state.free[0][1] = spare
    for name in ("A7", "B7", "A5", "A6"):
        place(state, name, 2, 1)  # Ann back below 20 points
    state.mana[0] = 400
    table.click((5, 5), button=3)
    table.click(table.card(F("D5")).center)  # an irrigation next to Bartholomew
    said.append(status_fits(view))  # attack from D5?
    table.click(table.field("E5").center)
    said.append(status_fits(view))  # worth and cost
    table.click(table.field("D4").center)
    said.append(status_fits(view))
    table.click(table.field("E5").center)
    table.click(table.field("D6").center)  # a free field: nothing
    said.append(status_fits(view))
    table.key(pygame.K_n)
    said.append(status_fits(view))  # a second field, or end
    table.click(table.card(C("domino-1")).center)
    said.append(status_fits(view))  # sell it
    table.click((5, 5), button=3)
    table.click(table.card(F("A1")).center)
    said.append(status_fits(view))  # end the turn
    assert len(set(said)) >= 10, said
    # the auction, on both sides
    match = long_named_position()
    state = match.state
    set_hand(state, 0, [F("D5"), F("A2")])
    state.mana[0], state.mana[1] = 300, 35
    screen = open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    table.click(table.field("E5").center)
    table.click(table.field("E4").center)
    table.click(table.field("D4").center)
    table.press("attack")
    said = [status_fits(view := table.view)]
    table.key(pygame.K_1)
    said.append(status_fits(view))  # too low
    for _digit in range(3):
        table.key(pygame.K_9)
    said.append(status_fits(view))  # too high
    for _digit in range(4):
        table.key(pygame.K_BACKSPACE)
    table.press("bid")
    table.reveal()
    said.append(status_fits(table.view))  # Bartholomew cannot afford to raise
    assert len(set(said)) == 4, said
    # waiting, for a seat that may look but not act
    screen, _picture = _drawn_screen(long_named_position(), (1280, 680), seat=1)
    assert status_fits(screen.view) == f"Waiting for {LONG_NAMES[0]}."


def test_the_quick_raises_follow_the_data(app, table, tmp_path):
    """The quick raises add the data's smallest raise, and twice it, to the standing bid."""
    from .test_data import dealt, hold, house, lay

    rules = house(tmp_path, {"raise_min": 10})
    match = dealt(rules)
    state = match.state
    field = rules.tables.board.field
    lay(rules, state, "C4", 1, 2)
    hold(rules, state, 0, [field("D4")])
    state.mana[0] = 400
    open_game(app, match)
    table.reveal()
    table.click(table.card(field("D4")).center)
    table.click(table.field("C4").center)
    table.press("attack")
    view = table.view
    table.click(view.auction.quick["min"].rect.center)
    table.press("bid")
    table.reveal()  # the defender answers the opening bid of 10
    assert view.auction.labels()["raise"] == "+10" and view.auction.labels()["raise_twice"] == "+20"
    table.click(view.auction.quick["raise"].rect.center)
    assert view.auction.amount() == 20
    table.click(view.auction.quick["raise_twice"].rect.center)
    assert view.auction.amount() == 30


def test_the_readme_picture_is_made_again_by_its_script(tmp_path):
    """docs/screenshots/eden.png comes from tabletop/games/eden/showcase.py: a chosen
    cultivation card held over the board with its preview."""
    from tabletop.games.eden import showcase

    out = showcase.make(tmp_path / "eden.png", (1280, 680))
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 680)
    bundled = pygame.image.load(str(Path(__file__).parents[2] / "docs" / "screenshots" / "eden.png"))
    assert bundled.get_size() == (1920, 1080)
