"""Counts drawn on Catan's screen go through the plural forms of the language shown."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.games.catan.rules import VICTORY_POINT
from tabletop.settings import Settings
from tabletop.ui.app import App
from tabletop.ui.game_screen import GameScreen

from .test_view import drawn_texts, playing_match


def _drawn_in_french(match, size, monkeypatch) -> list[str]:
    application = App(size=size, headless=True, settings=Settings(language="fr"))
    try:
        application.set_scene(GameScreen(application, match, reveal=0, interactive=False))
        texts = drawn_texts(monkeypatch)
        application.tick(0.0)
    finally:
        i18n.set_language("en")
    return [text for text, _font, _width in texts]


@pytest.mark.parametrize(("left", "shown"), [(1, "reste 1"), (2, "restent 2")])
def test_the_development_pile_says_how_many_are_left_in_the_plural_form(monkeypatch, window_size, left, shown):
    match = playing_match()
    del match.state.deck[left:]
    del match.state.deck[: max(0, len(match.state.deck) - left)]
    match.state.deck_under = min(match.state.deck_under, left)
    drawn = _drawn_in_french(match, window_size, monkeypatch)
    assert shown in drawn, [text for text in drawn if "rest" in text]


@pytest.mark.parametrize(("secret", "shown"), [(1, "dont 1 secret)"), (2, "dont 2 secrets)")])
def test_the_secret_victory_points_are_counted_in_the_plural_form(monkeypatch, window_size, secret, shown):
    match = playing_match()
    match.state.devs[0][VICTORY_POINT] = secret
    drawn = _drawn_in_french(match, window_size, monkeypatch)
    assert any(text.startswith("Points\xa0: ") and text.endswith(shown) for text in drawn), [
        text for text in drawn if text.startswith("Points")
    ]


def test_a_long_title_of_a_special_card_takes_two_lines_rather_than_being_cut(monkeypatch, window_size):
    """ "Langste Handelsstraat" in Dutch is wider than the top corner: it wraps, and
    the line under it (the holder) still fits."""
    match = playing_match()
    match.state.longest = 0
    application = App(size=window_size, headless=True, settings=Settings(language="nl"))
    try:
        application.set_scene(GameScreen(application, match, reveal=0, interactive=False))
        texts = drawn_texts(monkeypatch)
        application.tick(0.0)
        title = i18n._("Longest Road")
    finally:
        i18n.set_language("en")
    assert title == "Langste Handelsstraat"
    # beside the card (the card's own tiny print has no width to keep to)
    parts = [(text, font, width) for text, font, width in texts if text and text in title and width is not None]
    assert " ".join(text for text, _font, _width in parts) == title, parts
    assert all(font.size(text)[0] <= width for text, font, width in parts), parts
