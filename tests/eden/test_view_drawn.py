"""What Eden's screen draws, read off the rendered screen at both window sizes: the
tiles' values as numerals, the buttons' labels whole, a field in its player's
colour once watered or cultivated, the curtain over the hand, and the legend of
the board's markers for the help."""

from __future__ import annotations

import pygame
import pytest
from driving import open_game

from tabletop.games.eden import art as eart
from tabletop.ui import art

from .helpers import C, F, place, set_hand
from .table import board_position


def _near(colour, expected, tolerance=14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], expected[:3], strict=False))


def _rim(colour):
    """The lit left edge of a tile's rim of `colour` (art.tile: white at alpha 70)."""
    return tuple(round(c + (255 - c) * 70 / 255) for c in colour)


@pytest.fixture
def drawn_text(monkeypatch):
    """Every text drawn from now on: (text, font height, the size of the surface drawn on)."""
    said = []
    original = art.text

    def spy(surface, content, font, *args, **kwargs):
        said.append((content, font.get_height(), surface.get_size()))
        return original(surface, content, font, *args, **kwargs)

    monkeypatch.setattr(art, "text", spy)
    eart.tile.cache_clear()  # tiles drawn before would not draw their text again
    yield said
    eart.tile.cache_clear()


def test_each_tile_shows_its_value_as_a_numeral_readable_across_the_table(app, table, drawn_text):
    match = board_position()
    place(match.state, "A7", 2, 4)
    open_game(app, match)
    view = table.view
    tile = view.board.fields[F("A1")].size
    on_tiles = {(text, height) for text, height, size in drawn_text if size == tile}
    for value in (1, 2, 3, 4):
        heights = [height for text, height in on_tiles if text == str(value)]
        assert heights and max(heights) >= 14, (value, on_tiles)


def _labels_fit(table, drawn_text):
    """Every button shown draws its whole label (no ellipsis) inside its face."""
    view = table.view
    t = view.theme
    assert view.bar.shown
    for key in view.bar.shown:
        button = view.bar.buttons[key]
        font = t.font(button.font_size, bold=True)
        assert font.get_height() >= 14
        assert font.size(button.label)[0] <= button.rect.w - t.px(16), (key, button.label, button.rect)
        assert (button.label, font.get_height(), table.app.surface.get_size()) in drawn_text, (key, button.label)
    return [view.bar.buttons[key].label for key in view.bar.shown]


def test_the_buttons_labels_fit_whole_when_selling_attacking_and_bidding(app, table, drawn_text):
    """The most buttons at once: selling a card beside the conquest's two buttons,
    and beside accepting and bidding in the auction."""
    match = board_position()
    state = match.state
    state.mana[0], state.mana[1] = 1500, 1200
    set_hand(state, 0, [F("D5"), C("tee4")])
    open_game(app, match)
    table.reveal()
    table.click(table.card(F("D5")).center)
    table.click(table.card(C("tee4")).center)
    table.click(table.field("E5").center)
    drawn_text.clear()
    table.move((1, 1))
    labels = _labels_fit(table, drawn_text)
    assert len(labels) == 3 and labels[0].startswith("Sell")
    table.press("attack")
    table.click(table.view.auction.quick["min"].rect.center)
    table.press("bid")
    table.reveal()
    table.click(table.view.auction.quick["raise"].rect.center)
    table.press("bid")
    table.reveal()
    table.click(table.card(C("tee4")).center)
    for digit in (pygame.K_1, pygame.K_0, pygame.K_0):
        table.key(digit)  # a bid of 100
    drawn_text.clear()
    table.move((1, 1))
    labels = _labels_fit(table, drawn_text)
    assert [label.split()[0] for label in labels] == ["Sell", "Accept", "Bid"]


def test_a_watered_then_cultivated_field_shows_the_players_colour(app, table):
    match = board_position()
    state = match.state
    set_hand(state, 0, [F("B3"), C("domino-1")])
    screen = open_game(app, match)
    table.reveal()
    colour = table.view.ctx.colour(0)
    rect = table.field("B3")

    def rim():
        return app.surface.get_at((rect.x + max(1, rect.w // 28), rect.centery))

    assert not _near(rim(), _rim(colour))
    table.click(table.card(F("B3")).center)
    table.move((1, 1))
    assert state.owner[F("B3")] == 0 and _near(rim(), _rim(colour)), rim()
    table.key(pygame.K_e)  # the next players pass back to Ann
    for _seat in (1, 2):
        table.reveal()
        table.key(pygame.K_p)
    table.reveal()
    table.click(table.card(C("domino-1")).center)
    # the domino upright on B3 and C3 (both value 1): both rise
    table.move((table.field("B3").right, table.field("B3").centery))
    table.click((table.field("B3").right, table.field("B3").centery))
    table.move((1, 1))
    assert state.value[F("B3")] == 2 and screen.curtain_closed is False
    assert _near(rim(), _rim(colour)), rim()


def test_the_closed_curtain_covers_the_hand_and_no_card_shows(app, table):
    match = board_position()
    set_hand(match.state, 0, [F("A1"), F("G7"), F("B2"), C("domino-1")])
    screen = open_game(app, match)
    area = table.view.private_area

    def water_pixels():
        picture = app.surface.subsurface(area)
        return sum(
            _near(picture.get_at((x, y)), eart.WATER, 6) for x in range(0, area.w, 3) for y in range(0, area.h, 3)
        )

    assert screen.curtain_closed and water_pixels() == 0
    table.reveal()
    assert water_pixels() > 50  # the irrigation cards' blue bands


def test_the_legend_shows_each_marker_of_the_board_with_a_picture_and_words(app, table):
    match = board_position()
    open_game(app, match)
    view = table.view
    entries = view.legend()
    labels = [label for _picture, label in entries]
    assert len(entries) >= 9 and len(set(labels)) == len(labels) and all(labels)
    for name in view.ctx.names:
        assert any(label.startswith(f"{name}'s land") for label in labels)
    size = view.theme.px(44)
    for picture, _label in entries:
        assert picture.get_size() == (size, size)
        colours = {tuple(picture.get_at((x, y))) for x in range(0, size, 4) for y in range(0, size, 4)}
        assert len(colours) > 3  # a picture, not a blank
