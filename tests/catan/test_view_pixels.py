"""What the players see on Catan's screen, read off the drawn pixels at both
window sizes: a settlement placed shows in its player's colour where it stands,
a closed curtain hides the hand, and the robber stands on its hex."""

from __future__ import annotations

import driving
import pygame
from driving import click, open_game

from tabletop.games.catan import art as cart
from tabletop.games.catan.rules import RULES

from .helpers import founded_match, give
from .test_view import CENTRE, playing_match, reveal, roll


def near(colour, other, within: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], other[:3], strict=True)) < within


def shows(surface: pygame.Surface, centre, reach: int, colour) -> int:
    """How many pixels within `reach` of `centre` are near `colour`."""
    x0, y0 = int(centre[0]), int(centre[1])
    return sum(
        near(surface.get_at((x, y)), colour)
        for x in range(x0 - reach, x0 + reach + 1)
        for y in range(y0 - reach, y0 + reach + 1)
    )


def test_a_settlement_placed_shows_in_its_players_colour_where_it_stands(app):
    match = founded_match(3)
    game = open_game(app, match)
    island = game.view.island
    spot = min(RULES.open_intersections(match.state))
    colour = game.view.ctx.colour(0)
    reach = max(3, int(island.size * 0.15))
    before = shows(app.surface, island.point_px[spot], reach, colour)
    click(app, island.point_px[spot])
    assert match.state.owner[spot] == 0
    driving.move(app, (1, 1))  # the pointer away: nothing lit under it
    app.run_until_idle()
    assert shows(app.surface, island.point_px[spot], reach, colour) > max(before, (2 * reach + 1) ** 2 // 3)


def test_a_closed_curtain_shows_no_card_of_the_hand(app):
    match = playing_match()
    give(match.state, 0, wood=3, brick=2, wool=1, grain=2, ore=1)
    game = open_game(app, match)
    assert game.curtain_closed
    app.tick(0.0)
    closed = app.surface.copy()
    reveal(app, game)
    app.tick(0.0)
    cards = game.view.hand.cards
    assert set(cards) >= {"wood", "brick", "wool", "grain", "ore"}
    for resource, rect in cards.items():
        if resource not in cart.RESOURCE_COLOURS:
            continue
        middle = rect.inflate(-rect.w // 2, -rect.h // 2)
        tinted = sum(
            near(app.surface.get_at((x, y)), cart.RESOURCE_COLOURS[resource])
            for x in range(middle.left, middle.right)
            for y in range(middle.top, middle.bottom)
        )
        hidden = sum(
            near(closed.get_at((x, y)), cart.RESOURCE_COLOURS[resource])
            for x in range(middle.left, middle.right)
            for y in range(middle.top, middle.bottom)
        )
        assert tinted > middle.w * middle.h // 40, resource  # the open hand shows the card
        assert hidden == 0, resource  # the curtain covers it


def test_the_robber_stands_on_its_hex(app):
    match = playing_match()
    give(match.state, 1, wool=1)
    game = open_game(app, match)
    island = game.view.island
    desert = match.state.robber
    reveal(app, game)
    height = max(12, int(island.size * 0.74))

    def robber_on(h: int) -> int:
        x, y = island.robber_spot(h)
        return shows(
            app.surface,
            (x, y - height * 0.5),
            max(2, height // 5),
            cart.ROBBER,
        )

    assert robber_on(desert) > 0 and robber_on(CENTRE) == 0
    roll(app, game, (3, 4), reopen=False)
    click(app, island.hex_px[CENTRE])  # Bob alone to rob
    assert match.state.robber == CENTRE
    app.run_until_idle()  # the robber's slide ends
    driving.move(app, (1, 1))
    assert robber_on(CENTRE) > 0 and robber_on(desert) == 0
