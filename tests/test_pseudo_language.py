"""Every text the app draws comes from a catalog: in the pseudo-language `xx`
(tests/pseudo.py: each message accented, longer and in brackets) every game is
started from the launcher and its new-game screen and played to its end by random
legal moves made through the game screen, a frame drawn whenever something new
happens; a drawn text that is not bracketed pseudo text (players' names, numbers,
punctuation, symbols and short marks aside) was never translated."""

from __future__ import annotations

import random

import driving
import pseudo
import pytest

from tabletop import i18n
from tabletop.engine.core import CHANCE
from tabletop.games import registry
from tabletop.i18n import _
from tabletop.settings import Settings
from tabletop.ui.dialogs import ResultDialog
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.newgame import NewGame

#: a frame is drawn at least this often, in actions, besides whenever a new kind of move is made
EVERY = 60


@pytest.fixture
def pseudo_app(tmp_path, monkeypatch):
    """The app at 1280x680 in the pseudo-language, the launcher open (with the test game)."""
    pseudo.install(tmp_path / "locale", monkeypatch)
    settings = Settings()
    settings.language = pseudo.CODE
    with driving.running_app(settings, include_hidden=True, size=driving.SIZES[0]) as application:
        assert i18n.language() == pseudo.CODE
        yield application


# -- the pseudo-language --------------------------------------------------------------------------------


def test_a_pseudo_text_is_accented_longer_and_bracketed_with_its_fields_kept():
    made = pseudo.pseudo("{player} passes a classic dice to {other} ({cm:.1f} cm)")
    assert made.startswith("[") and made.endswith("]")
    assert i18n.fields(made) == {"player", "other", "cm"} and "{cm:.1f}" in made
    assert "ß" in made and "á" in made and "ë" in made and "ç" in made and "ö" in made
    english = "Roll the dice before you trade with the bank"
    assert len(pseudo.pseudo(english)) >= 1.35 * len(english)
    assert pseudo.pseudo("Use {{braces}} as they are").count("{{") == 1
    assert pseudo.pseudo("{a} {b}") == "[{a} {b}]"


def test_the_pseudo_language_translates_every_message_and_keeps_the_plural_forms(tmp_path, monkeypatch):
    pseudo.install(tmp_path / "locale", monkeypatch)
    # a language Babel has no locale data for is read as any other
    i18n.set_language(pseudo.CODE)
    try:
        assert i18n.language() == pseudo.CODE
        assert i18n._("Start the game") == pseudo.pseudo("Start the game")
        assert i18n._("Player {number}", number=3) == pseudo.pseudo("Player {number}").format(number=3)
        singular, plural = "A unit holds at most {count} warrior.", "A unit holds at most {count} warriors."
        one, many = (i18n.ngettext(singular, plural, n) for n in (1, 4))
        assert (one, many) == (pseudo.pseudo(singular).format(count=1), pseudo.pseudo(plural).format(count=4))
        assert i18n.format_decimal(2.5, 1) == "2.5"  # numbers as English writes them
    finally:
        i18n.set_language("en")
    assert pseudo.catalog().get("Start the game") is not None


def test_the_pseudo_language_is_not_offered():
    assert pseudo.CODE not in i18n.available_languages()


def test_a_text_counts_as_from_a_catalog_when_bracketed_or_names_numbers_and_signs():
    names = ["Ann", "Bob"]
    assert pseudo.stray("[Röll] · 3 × 4 = 12 ✓", names) is None
    assert pseudo.stray("Ann: [Párá [ïnnër]] — Bob", names) is None
    assert pseudo.stray("[Föö bá…", names) is None
    assert pseudo.stray("Ann rolls 7", names) == "rolls 7"
    assert pseudo.stray("[Röll] Annette", names) == "Annette"
    assert pseudo.stray("A5 · PSI 3 KAT 4 · NF · Ÿ · F11", names) is None
    assert pseudo.stray("Ctrl+S", names) == "Ctrl+S"
    drawn = pseudo.Drawn()
    drawn.sources.update({"[Föö bár": "[Föö bár báz]", "báz]": "[Föö bár báz]", "[Föö b…": "[Föö bár báz]"})
    drawn.add("báz]", "a wrapped line")
    drawn.add("[Föö b…", "a shortened line")
    drawn.add("Ready", "a button")
    assert drawn.texts == {"[Föö bár báz]": "a wrapped line", "Ready": "a button"}
    assert drawn.strays(names) == {"Ready": "a button"}


# -- every game played to its end ----------------------------------------------------------------------


def start_from_the_launcher(app, game_id: str, drawn: pseudo.Drawn) -> GameScreen:
    """Click the game's card in the launcher and Start on its new-game screen."""
    rect = next(rect for rect, info in app.top.cards if info.id == game_id)
    driving.click(app, (rect.centerx, rect.y + rect.h // 4))
    assert isinstance(app.top, NewGame)
    pseudo.look(app, drawn, f"{game_id}: the new-game screen")
    start = [b for b in app.top.ui.get_sprite_group().sprites() if getattr(b, "text", None) == _("Start the game")]
    driving.click(app, start[0].rect.center)
    game = app.top
    assert isinstance(game, GameScreen), "the game did not start"
    # not autosaved after every move: writing the whole match each time is slow, and not looked at here
    game.match.listeners.clear()
    game.saver = None
    return game


def look(app, drawn: pseudo.Drawn, where: str) -> None:
    """Let the animations run to their end in a few long frames, then look."""
    app.run_until_idle(dt=5.0)
    pseudo.look(app, drawn, where)


def kind_of_moment(game: GameScreen) -> tuple:
    state = game.match.state
    return (getattr(state, "phase", None), game.match.actor == CHANCE, type(game.app.top).__name__)


def play_to_the_end(app, game: GameScreen, drawn: pseudo.Drawn, rng: random.Random) -> None:
    """Random legal moves through the game screen until the game ends (or the
    rules' limit for random play), a frame drawn whenever a new kind of move is made."""
    match = game.match
    seen: set[tuple] = set()
    made = 0
    while not match.over and made < match.rules.random_play_step_limit:
        assert app.top is game, f"{type(app.top).__name__} is open"
        if game.curtain_closed:
            if ("curtain", match.actor) not in seen:
                seen.add(("curtain", match.actor))
                look(app, drawn, f"{match.rules.id}: the curtain")
            game.reveal()
        actions = match.legal_actions()
        assert actions, "no legal action"
        action = actions[rng.randrange(len(actions))]
        moment = (*kind_of_moment(game), action.kind)
        assert game.submit(action)
        made += 1
        if moment not in seen or made % EVERY == 0:
            seen.add(moment)
            where = f"{match.rules.id}: after {action.kind} ({moment[0]})"
            look(app, drawn, where)
            for hit in game.view.hits:
                if hit.tooltip:
                    drawn.add(hit.tooltip, f"{where}, the tooltip of {hit.name}")
    if match.over:
        assert isinstance(app.top, ResultDialog)
        look(app, drawn, f"{match.rules.id}: the result")
    # every line of the log, as each seat reads it
    for viewer in [None, *range(len(match.players))]:
        for _actor, text in game.log.entries(match, viewer):
            drawn.add(text, f"{match.rules.id}: the game log")


@pytest.mark.parametrize("game_id", registry.ids(include_hidden=True))
def test_every_text_drawn_in_a_game_played_to_its_end_comes_from_a_catalog(pseudo_app, game_id):
    app = pseudo_app
    with pseudo.recording(app) as drawn:
        pseudo.look(app, drawn, "the launcher")
        game = start_from_the_launcher(app, game_id, drawn)
        play_to_the_end(app, game, drawn, random.Random(1))
    # the skirmish game has no end yet (its rules declare no result): it plays to the limit
    assert game.match.over or game_id == "skirmish"
    strays = drawn.strays(game.match.player_names)
    assert not strays, "drawn but not from a catalog:\n" + "\n".join(f"{t!r} ({w})" for t, w in strays.items())


def test_the_check_finds_the_texts_no_catalog_made():
    """In English nothing is bracketed: every painted text and widget's text is found."""
    with driving.running_app(Settings(), size=driving.SIZES[0]) as app, pseudo.recording(app) as drawn:
        pseudo.look(app, drawn, "the launcher in English")
    strays = drawn.strays()
    assert strays["Settings"] == "the launcher in English (UIButton)"
    assert strays["2 players"] == "the launcher in English"
    assert "2–4 players" in strays
