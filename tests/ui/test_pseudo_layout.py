"""Every screen and dialog in the pseudo-language (tests/pseudo.py: each text accented,
about 40 % longer and in brackets), at both window sizes: no text runs out of its
box or is cut off without an ellipsis (the walks of test_text_fits.py, see
textcheck.py for what counts as cut off), the skirmish game's screen in its phases
and its unit editor too; and every text drawn on the way comes from a catalog. The
same check in Dutch, French and German, on the walks of IN_LANGUAGES."""

from __future__ import annotations

import os
import random

import driving
import pseudo
import pygame
import pytest
import test_text_fits as walks
from textcheck import TextCheck

from tabletop import i18n
from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup
from tabletop.games.skirmish.play.rules import RULES as SKIRMISH
from tabletop.games.skirmish.screen.unit_editor import UnitEditor
from tabletop.games.skirmish.unit_files import bundled_unit
from tabletop.i18n import _
from tabletop.settings import Settings
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.dialogs import DiceDialog


@pytest.fixture
def app(window_size, tmp_path, monkeypatch):
    """The app in the pseudo-language, the dice entered by hand (as test_text_fits has it)."""
    pseudo.install(tmp_path / "locale", monkeypatch)
    settings = Settings()
    settings.dice_mode = "physical"
    settings.language = pseudo.CODE
    with driving.running_app(settings, size=window_size) as application:
        yield application


def pseudo_kept_short(app, text) -> str | None:
    """The texts the pseudo-language's longer words may shorten at both sizes: those
    of the skirmish game's roster, and its readout, which gives way to the roster
    and the large card (the top bar says the step's prompt whole)."""
    side = getattr(getattr(app.top, "view", None), "side", None)
    if not hasattr(side, "roster"):  # another game's screen
        return None
    if side.roster.area.contains(text.ink):
        return "the roster (small cards two to a row, the line of how many more): each name is whole on its large card"
    if side.info.rect.contains(text.ink):
        return "the readout below the roster: the top bar says the step's prompt whole"
    return None


class PseudoCheck(TextCheck):
    """The text check, and every text it looks at from a catalog."""

    def __init__(self, app, size, drawn: pseudo.Drawn) -> None:
        super().__init__(app, size)
        self.drawn = drawn
        #: what the players typed (their names, the names of the test's saves) and the
        #: languages' own names for themselves: no catalog has them
        self.names = [*walks.NAMES, *walks.SAVE_NAMES, *i18n.available_languages().values()]
        self.kept_short_always = pseudo_kept_short

    def look(self, screen: str) -> None:
        self.drawn.where = screen
        super().look(screen)
        pseudo.note_widgets(self.app, self.drawn, screen)

    def assert_whole(self) -> None:
        strays = self.drawn.strays(self.names)
        try:
            super().assert_whole()
        except AssertionError as cut:
            lines = [str(cut)]
        else:
            lines = []
        if strays:
            lines += ["drawn but not from a catalog:", *(f"{t!r} ({w})" for t, w in strays.items())]
        assert not lines, "\n".join(lines)


@pytest.fixture
def check(app, window_size):
    with pseudo.recording(app) as drawn, PseudoCheck(app, window_size, drawn) as checking:
        yield checking


@pytest.mark.parametrize(
    "walk",
    [
        walks.test_the_launcher_and_the_new_game_screens_show_their_texts_whole,
        walks.test_eden_shows_its_texts_whole,
        walks.test_the_end_of_eden_shows_its_texts_whole,
        walks.test_catan_shows_its_texts_whole,
        walks.test_a_seven_in_catan_shows_its_texts_whole,
        walks.test_a_knight_and_road_building_in_catan_show_their_texts_whole,
        walks.test_the_end_of_catan_shows_its_texts_whole,
    ],
    ids=lambda walk: walk.__name__.removeprefix("test_").removesuffix("_shows_its_texts_whole"),
)
def test_every_screen_shows_its_texts_whole_in_the_pseudo_language(app, check, walk):
    walk(app, check)


def skirmish_walk(app, check) -> None:
    """The skirmish game's unit editor (three warriors in the unit), its dialogs and a
    random game through each of its phases."""
    rect = next(rect for rect, info in app.top.cards if info.id == "skirmish")
    units = [b for b in app.top.ui.get_sprite_group().sprites() if getattr(b, "text", None) == _("Units")]
    driving.click(app, next(b for b in units if rect.contains(b.rect)).rect.center)
    assert isinstance(app.top, UnitEditor)
    check.look("skirmish: the unit editor")
    for _card in range(3):
        driving.click(app, app.top.gallery[_card][0].center)
    check.look("skirmish: the unit editor, three warriors in the unit")
    driving.key(app, pygame.K_ESCAPE)
    match = Match(SKIRMISH, default_setup(SKIRMISH, names=list(walks.NAMES[:2])), 1)
    game = driving.open_game(app, match)
    walks.dialogs(app, check, "skirmish")
    rng = random.Random(3)
    seen = set()
    for _step in range(SKIRMISH.random_play_step_limit):
        moment = (match.state.phase, match.state.pending is not None, type(app.top).__name__)
        if moment not in seen:
            seen.add(moment)
            app.run_until_idle(dt=5.0)  # the animations to their end in a few long frames
            check.look(f"skirmish: {' '.join(map(str, moment))}")
        if isinstance(app.top, DiceDialog):
            app.top.app_rolls()
            continue
        assert app.top is game
        actions = match.legal_actions()
        if not actions:
            break
        game.submit(actions[rng.randrange(len(actions))])


def skirmish_book_walk(app, check) -> None:
    """A game between two units prepared by the book (units A and B, as the README's
    picture has it) through the preparation and two rounds: the missions beside the
    table, the hands, the bid, the end phase's rage; each moment looked at once."""
    colours = [key for key, _label, _rgb in SKIRMISH.colours()]
    options = {
        **SKIRMISH.default_options(),
        "start": "empty",
        "unit_1": bundled_unit("unit-a").to_setup(),
        "unit_2": bundled_unit("unit-b").to_setup(),
    }
    players = tuple(PlayerInfo(name, colours[seat]) for seat, name in enumerate(walks.NAMES[:2]))
    match = Match(SKIRMISH, Setup(players, options, 0), 3)
    game = driving.open_game(app, match)
    rng = random.Random(3)
    seen = set()
    for _step in range(SKIRMISH.random_play_step_limit):
        moment = (match.state.phase, match.state.round, match.state.pending is not None, type(app.top).__name__)
        if moment not in seen:
            seen.add(moment)
            app.run_until_idle(dt=5.0)
            check.look(f"skirmish book: {' '.join(map(str, moment))}")
        if isinstance(app.top, DiceDialog):
            app.top.app_rolls()
            continue
        actions = match.legal_actions()
        if match.state.round > 2 or not actions:
            break
        # a warrior moves rather than ending its activation at once, so the table changes
        moves = [a for a in actions if a.kind == "move"]
        game.submit(rng.choice(moves if moves and rng.random() < 0.7 else actions))
    assert {"missions", "bidding", "activation", "end"} <= {phase for phase, *_rest in seen}, seen


def test_the_skirmish_game_and_its_unit_editor_show_their_texts_whole_in_the_pseudo_language(app, check):
    skirmish_walk(app, check)
    check.assert_whole()


# -- the real languages ---------------------------------------------------------------------

WALKS = {
    "launcher": walks.test_the_launcher_and_the_new_game_screens_show_their_texts_whole,
    "eden": walks.test_eden_shows_its_texts_whole,
    "eden end": walks.test_the_end_of_eden_shows_its_texts_whole,
    "catan": walks.test_catan_shows_its_texts_whole,
    "catan seven": walks.test_a_seven_in_catan_shows_its_texts_whole,
    "catan knight": walks.test_a_knight_and_road_building_in_catan_show_their_texts_whole,
    "catan end": walks.test_the_end_of_catan_shows_its_texts_whole,
    "skirmish": skirmish_walk,
    "skirmish book": skirmish_book_walk,
}
#: the walks each real language takes (every walk in every language would take
#: minutes): the launcher, the settings and the new-game screens in all three, each
#: game in the languages of its rulebooks (Eden: Dutch and French, Catan: Dutch, the
#: skirmish game: German), a Catan dialog in German and French, the skirmish game in
#: Dutch, and a game between two units in German and French. With
#: TEXTCHECK_EVERY_LANGUAGE set, every walk in English, Dutch, French and German
#: (with TEXTCHECK_SHOW and -s: each one's list of texts shortened on purpose).
IN_LANGUAGES = (
    [(language, walk) for language in ("en", "nl", "fr", "de") for walk in WALKS]
    if os.environ.get("TEXTCHECK_EVERY_LANGUAGE")
    else [
        ("nl", "launcher"),
        ("fr", "launcher"),
        ("de", "launcher"),
        ("nl", "eden"),
        ("fr", "eden end"),
        ("nl", "catan"),
        ("de", "catan seven"),
        ("fr", "catan seven"),
        ("de", "skirmish"),
        ("nl", "skirmish"),
        ("de", "skirmish book"),
        ("fr", "skirmish book"),
    ]
)


@pytest.mark.parametrize(("language", "walk"), IN_LANGUAGES, ids=[" ".join(pair) for pair in IN_LANGUAGES])
def test_the_screens_show_their_texts_whole_in_each_language(window_size, language, walk):
    """At 1280x680 too every text is whole, but for those test_text_fits.kept_short names."""
    settings = Settings()
    settings.dice_mode = "physical"
    settings.language = language
    with (
        driving.running_app(settings, size=window_size) as app,
        TextCheck(app, window_size, kept_short=walks.kept_short) as check,
    ):
        WALKS[walk](app, check)
        check.assert_whole()


def test_a_line_a_little_too_long_is_drawn_smaller_before_it_is_shortened(monkeypatch):
    pygame.font.init()
    font = th.load_font(20)
    line = "Pieces left: roads 14 · settlements 4 · cities 4"
    width = font.size(line)[0]
    smaller = art.shrunk(line, font, int(width * 0.9))
    assert smaller.point_size < 20 and smaller.size(line)[0] <= width * 0.9
    surface = pygame.Surface((width, 200))
    drawn = art.text(surface, line, font, th.INK, (0, 0), max_width=int(width * 0.9))
    assert drawn.w <= width * 0.9 and drawn.h < font.get_height()  # whole, a little smaller
    # far too long: as small as it may be, then shortened
    assert art.shrunk(line, font, width // 3).point_size == int(20 * art.SHRINK)
    assert art.ellipsize(line, art.shrunk(line, font, width // 3), width // 3).endswith("…")
    # a block shrinks to keep its lines in its rect before it cuts the last one
    content = line + " and a harbour on the coast"
    small = th.load_font(int(20 * art.SHRINK))
    wide = next(
        w for w in range(50, 2000) if len(art.wrap(content, font, w)) == 3 and len(art.wrap(content, small, w)) == 2
    )
    block = pygame.Rect(0, 0, wide, int(font.get_linesize() * 1.15) + font.get_height())
    lines = []
    monkeypatch.setattr(art, "text", lambda _s, text, *args, **kwargs: lines.append(text) or pygame.Rect(0, 0, 1, 1))
    art.text_block(surface, content, font, th.INK, block)
    assert " ".join(lines) == content
