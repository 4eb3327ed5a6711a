"""Counts drawn on Catan's screen go through the plural forms of the language shown."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.settings import Settings
from tabletop.ui.app import App
from tabletop.ui.game_screen import GameScreen

from .test_view import drawn_texts, playing_match


@pytest.mark.parametrize(("left", "shown"), [(1, "reste 1"), (2, "restent 2")])
def test_the_development_pile_says_how_many_are_left_in_the_plural_form(monkeypatch, window_size, left, shown):
    match = playing_match()
    del match.state.deck[left:]
    del match.state.deck[: max(0, len(match.state.deck) - left)]
    match.state.deck_under = min(match.state.deck_under, left)
    application = App(size=window_size, headless=True, settings=Settings(language="fr"))
    try:
        application.set_scene(GameScreen(application, match, reveal=0, interactive=False))
        texts = drawn_texts(monkeypatch)
        application.tick(0.0)
    finally:
        i18n.set_language("en")
    drawn = [text for text, _font, _width in texts]
    assert shown in drawn, [text for text in drawn if "rest" in text]
