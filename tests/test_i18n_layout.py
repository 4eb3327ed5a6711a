"""Longer words where the screens were laid out for English: the skirmish game's large
card writes what is left of the round's limits in cells side by side ("Bewegungen",
"Sturmangriff" in German), each one inside its own cell, never into its neighbour;
Eden's line under each player's name ("20 to win · 6 in hand · mana hidden") keeps
the size it has in English in every language."""

from __future__ import annotations

import driving
import pytest
from skirmish.test_screen_cards import in_play, own_warrior, show

from tabletop import i18n
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup
from tabletop.games.eden.rules import RULES as EDEN
from tabletop.games.skirmish.screen.profile_card import LIMIT_WORDS
from tabletop.settings import Settings


@pytest.fixture(params=["de"])
def app(request, window_size):
    settings = Settings()
    settings.language = request.param
    with driving.running_app(settings, size=window_size) as application:
        yield application
    i18n.set_language("en")


def test_the_round_limits_on_the_large_card_stay_in_their_cells(app, monkeypatch):
    match = in_play()
    game = driving.open_game(app, match)
    painted, panel = show(app, game, match, own_warrior(match), monkeypatch)
    words = {i18n.marked(word) for word in LIMIT_WORDS.values()}
    limits = [(text, rect) for text, rect in painted.texts if panel.contains(rect) and text.split(" ")[0] in words]
    assert len(limits) == len(LIMIT_WORDS), painted.drawn()
    row = sorted(limits, key=lambda limit: limit[1].x)
    for (text, rect), (after, next_rect) in zip(row, row[1:], strict=False):
        assert rect.right <= next_rect.left, f"{text!r} {rect} runs into {after!r} {next_rect}"


def test_edens_player_lines_keep_their_size_in_every_language(window_size):
    with driving.running_app(size=window_size) as app:
        match = Match(EDEN, default_setup(EDEN, names=["Margarethe", "Bartholomew", "Cas", "Dee"]), 1)
        game = driving.open_game(app, match)
        heights = {}
        for code in ("en", "nl", "fr", "de"):
            app.set_language(code)
            app.run_until_idle()
            game._chrome_key = None  # the players panel drawn anew (kept while it shows the same)
            with pytest.MonkeyPatch.context() as patch:
                painted = driving.Painted(patch)
                app.draw()
            hidden = i18n._("mana hidden")
            lines = {(text, rect.h) for text, rect in painted.texts if text.endswith(hidden)}
            assert len(lines) == 1, lines  # the same line for each of the others
            heights[code] = lines.pop()
    english = heights.pop("en")[1]
    assert {code: line for code, line in heights.items() if line[1] < english} == {}, english
