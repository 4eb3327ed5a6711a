"""The help (F1), read off what it draws: each game's own keys (the dice key only
where dice are rolled, the curtain's key only where something is hidden), the legend
of the board's markers, the rules summary by section and its search, and no text
cut short or spilling out of its place, at both window sizes."""

from __future__ import annotations

import driving
import pygame
import pytest

from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup
from tabletop.games import registry
from tabletop.ui import art
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.help import Column, HelpDialog

DICE_KEY = "Enter the dice rolled on the table (real dice)"
CURTAIN_KEY = "Open the curtain for the player whose turn it is"


def open_help(app, game: str | None) -> HelpDialog:
    """F1 over a new match of `game` (None: over the launcher)."""
    if game is not None:
        rules = registry.get(game)
        match = Match(rules, default_setup(rules), 5)
        match.settle_chance()
        driving.open_game(app, match)
    driving.key(app, pygame.K_F1)
    dialog = app.top
    assert isinstance(dialog, HelpDialog)
    return dialog


class Reading:
    """Every line of text the help draws, with where it lands and whether it was
    cut short to fit (art.text's ellipsis)."""

    def __init__(self, app, monkeypatch) -> None:
        self.app = app
        self.lines: list[tuple[str, pygame.Rect]] = []
        #: every line the help drew in any frame, and those cut short
        self.seen: list[tuple[str, pygame.Rect]] = []
        self.cut: list[str] = []
        self.reading = False
        original_text = art.text
        dialog = app.top
        original_draw = dialog.draw

        def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
            rect = original_text(surface, content, font, colour, pos, anchor, shadow, max_width)
            if self.reading:
                if max_width is not None and font.size(content)[0] > max_width:
                    self.cut.append(content)
                self.lines.append((content, rect))
            return rect

        def draw(surface):
            self.reading = True
            try:
                original_draw(surface)
            finally:
                self.reading = False

        monkeypatch.setattr(art, "text", record)
        monkeypatch.setattr(dialog, "draw", draw)

    def frame(self) -> list[tuple[str, pygame.Rect]]:
        """The lines of one frame of the help as the app draws it now."""
        self.lines = []
        self.app.draw()
        self.seen += self.lines
        return self.lines

    def pages(self, column: Column) -> list[str]:
        """The column read from top to bottom, scrolled with the mouse wheel: the
        text of each view of it, its lines joined by spaces."""
        driving.move(self.app, column.rect.center)
        pages = []
        while True:
            pages.append(" ".join(content for content, rect in self.frame() if column.rect.contains(rect)))
            before = column.scroll
            driving.wheel(self.app, -1)
            if column.scroll == before:
                return pages


def test_eden_lists_its_own_d_and_no_dice_key(app, monkeypatch):
    dialog = open_help(app, "eden")
    screen = app.find(GameScreen)
    discard = dict(screen.view.shortcuts())["D"]
    pages = Reading(app, monkeypatch).pages(dialog.keys)
    assert any(f"D {discard}" in page for page in pages), "Eden's own D, with what it does"
    assert not any(DICE_KEY in page for page in pages), "Eden rolls no dice"
    assert any(f"Space {CURTAIN_KEY}" in page for page in pages), "Eden's hands are secret"


def test_catan_lists_the_dice_key_the_curtain_key_and_its_own_roll(app, monkeypatch):
    dialog = open_help(app, "catan")
    assert dialog.dialog_title() == "Help — Catan"
    pages = Reading(app, monkeypatch).pages(dialog.keys)
    assert any(f"D {DICE_KEY}" in page for page in pages)
    assert any(f"Space {CURTAIN_KEY}" in page for page in pages)
    assert any("Space / Enter Roll the dice" in page for page in pages)


def test_a_key_of_the_table_that_the_game_uses_too_is_listed_once_with_both_meanings(app, monkeypatch):
    """Space opens the curtain while it is closed and is the game's key otherwise."""
    monkeypatch.setattr(registry.view_class("catan"), "shortcuts", lambda self: [("Space", "Roll the dice")])
    dialog = open_help(app, "catan")
    keys = [key for key, _what in app.shortcuts()]
    assert keys.count("Space") == 1
    pages = Reading(app, monkeypatch).pages(dialog.keys)
    assert any(f"Space {CURTAIN_KEY} Roll the dice" in page for page in pages)


def test_the_skirmish_lists_its_dice_and_its_curtain(app, monkeypatch):
    """The end phase rolls (fire, fear): its dice may be typed; bids, secret missions
    and tactical hands are kept behind the curtain."""
    dialog = open_help(app, "skirmish")
    text = " ".join(Reading(app, monkeypatch).pages(dialog.keys))
    assert "M Tape measure: drag between two points" in text
    assert DICE_KEY in text and CURTAIN_KEY in text


def test_the_launcher_lists_its_own_keys_and_no_game_keys(app, monkeypatch):
    dialog = open_help(app, None)
    assert dialog.dialog_title() == "Help" and dialog.rules is None and dialog.field is None
    text = " ".join(Reading(app, monkeypatch).pages(dialog.keys))
    assert "Ctrl+O Load a saved game" in text and "F1 Show or hide this help" in text
    assert "Ctrl+Z" not in text and DICE_KEY not in text


def test_the_legend_shows_each_marker_with_its_picture(app, monkeypatch):
    magenta = (222, 20, 190)
    picture = pygame.Surface((90, 90))
    picture.fill(magenta)
    labels = ["The robber: this hex produces nothing", "A harbour: trade 2:1 or 3:1 at its two corners"]
    monkeypatch.setattr(registry.view_class("catan"), "legend", lambda self: [(picture, label) for label in labels])
    dialog = open_help(app, "catan")
    reading = Reading(app, monkeypatch)

    def pictured(rect: pygame.Rect) -> bool:
        """The marker's picture stands left of its label, in the keys' column."""
        return any(
            all(abs(a - b) <= 8 for a, b in zip(app.surface.get_at((x, y))[:3], magenta, strict=True))
            for x in range(dialog.keys.rect.x, rect.x)
            for y in range(rect.top, rect.bottom)
        )

    found: dict[str, bool] = {}
    driving.move(app, dialog.keys.rect.center)
    while True:
        for content, rect in reading.frame():
            if content in labels:
                found[content] = found.get(content, False) or pictured(rect)
            elif content == "On the board":
                found[content] = True
        if len(found) == len(labels) + 1:
            break
        before = dialog.keys.scroll
        driving.wheel(app, -1)
        assert dialog.keys.scroll != before, f"not drawn: {set(labels) - set(found)}"
    assert all(found.values()), f"drawn without their pictures: {[k for k, v in found.items() if not v]}"


def test_typing_robber_leaves_only_the_rules_that_mention_the_robber(app, monkeypatch):
    dialog = open_help(app, "catan")
    screen = app.find(GameScreen)
    log = len(screen.match.log)
    for letter in "robber":  # R builds a road, B trades, E ends the turn: not while typing
        driving.post(pygame.KEYDOWN, key=ord(letter), mod=0, unicode=letter, scancode=0)
        driving.post(pygame.TEXTINPUT, text=letter)
        driving.post(pygame.KEYUP, key=ord(letter), mod=0, unicode=letter, scancode=0)
    app.run_until_idle()
    assert app.top is dialog and dialog.field.get_text() == "robber"
    assert len(screen.match.log) == log
    summary = screen.match.rules.summary
    robber = [rule for _heading, rule in summary if "robber" in rule.casefold()]
    others = [rule for _heading, rule in summary if "robber" not in rule.casefold()]
    assert robber and others
    reading = Reading(app, monkeypatch)
    pages = reading.pages(dialog.rules)
    for rule in robber:
        assert any(rule in page for page in pages), rule
    for rule in others:
        assert not any(rule in page for page in pages), rule
    headings = {heading for heading, _rule in summary}
    drawn = {content for content, rect in reading.frame() if dialog.rules.rect.contains(rect)}
    for line in drawn - headings - {"•"}:
        assert any(line in rule for rule in robber), f"{line!r} is not in a rule about the robber"
    driving.key(app, pygame.K_ESCAPE)
    assert app.top is screen, "Esc closes the help, also while typing"


def test_the_search_ignores_case_and_accents_and_says_when_nothing_matches(app, monkeypatch, ui):
    dialog = open_help(app, "catan")
    ui.type_into(dialog.field, "RÖBBER")
    shown = " ".join(Reading(app, monkeypatch).pages(dialog.rules))
    assert "The robber starts on the desert, which has no number." in shown
    ui.key(pygame.K_a, pygame.KMOD_CTRL)
    ui.key(pygame.K_BACKSPACE)
    ui.type_into(dialog.field, "xyzzy")
    assert "No rule mentions “xyzzy”." in " ".join(content for content, _rect in Reading(app, monkeypatch).frame())
    driving.key(app, pygame.K_F1)
    assert isinstance(app.top, GameScreen), "F1 closes the help, also while typing"


def test_each_section_of_the_summary_shows_under_its_heading(app, monkeypatch):
    dialog = open_help(app, "eden")
    summary = app.find(GameScreen).match.rules.summary
    pages = Reading(app, monkeypatch).pages(dialog.rules)
    for heading in dict(summary):
        rules = [rule for section, rule in summary if section == heading]
        assert any(f"{heading} • {rules[0]}" in page for page in pages), heading
        for rule in rules:
            assert any(f"• {rule}" in page for page in pages), rule


@pytest.mark.parametrize("game", ["eden", "catan", "skirmish", None])
def test_nothing_is_cut_short_or_spills_out(app, monkeypatch, game):
    dialog = open_help(app, game)
    reading = Reading(app, monkeypatch)
    columns = [dialog.keys] + ([dialog.rules] if dialog.rules is not None else [])
    for column in columns:
        reading.pages(column)
    assert reading.seen and not reading.cut, f"cut short: {reading.cut}"
    for content, rect in reading.seen:
        assert dialog.panel.contains(rect), content
        for column in columns:
            if column.rect.collidepoint(rect.topleft):
                assert column.rect.contains(rect), f"{content!r} spills out of its column"
