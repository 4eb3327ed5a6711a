"""The board's shared button and controls (tabletop.ui.gameview): states, hover,
tooltip text with the key and the reason it is off, and `GameView.button`."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui import theme as th
from tabletop.ui.gameview import DISABLED, BoardButton, GameView, Hit, Tooltip, button_tooltip, hit_at, with_key


@pytest.fixture
def theme():
    pygame.font.init()
    return th.Theme((1280, 680))


def placed(button: BoardButton, rect=(100, 100, 200, 60)) -> BoardButton:
    button.rect = pygame.Rect(rect)
    return button


def drawn(button: BoardButton, theme) -> pygame.Surface:
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    button.draw(surface, theme)
    return surface


def test_the_tooltip_says_what_it_does_its_key_and_why_it_is_off():
    button = BoardButton("Hold", "H", tip="Hold: score 1 point")
    assert button.tooltip() == "Hold: score 1 point (H)"
    button.reason = "It is not your turn."
    assert button.tooltip() == "Hold: score 1 point (H)"  # on: no reason shown
    button.enabled = False
    assert button.tooltip() == "Hold: score 1 point (H)\nIt is not your turn."
    assert BoardButton("Bank").tooltip() == "Bank"
    assert with_key("End the turn", "") == "End the turn"


def test_a_click_presses_only_an_enabled_button_and_hover_follows_the_pointer():
    button = placed(BoardButton("Go"))
    assert button.hit((150, 120)) and not button.hit((10, 10))
    assert button.hover((150, 120)) and button.hovered
    assert not button.hover((160, 120))  # no change
    assert button.hover((10, 10)) and not button.hovered
    button.enabled = False
    assert not button.hit((150, 120))
    assert button.hover((150, 120)) and button.hovered  # a button that is off still shows its tooltip


def test_off_hovered_and_pressed_buttons_look_different(theme):
    button = placed(BoardButton("Go", colour=th.GOLD))
    plain = drawn(button, theme)
    centre = (110, 130)  # left of the label, on the face
    assert plain.get_at(centre)[:3] == th.GOLD
    button.hovered = True
    assert drawn(button, theme).get_at(centre)[:3] != th.GOLD
    button.hovered = False
    button.enabled = False
    assert drawn(button, theme).get_at(centre)[:3] == DISABLED
    button.enabled = True
    button.selected = True  # pressed in: the face sits lower, ringed in gold, in its own colour
    pressed = drawn(button, theme)
    assert pressed.get_at((98, 130))[:3] == th.GOLD and plain.get_at((98, 130))[:3] != th.GOLD
    assert pressed.get_at((150, 162))[:3] != plain.get_at((150, 162))[:3]
    assert pressed.get_at((centre[0], centre[1] + theme.px(4)))[:3] == th.GOLD  # not darker: a darker face reads as off


def test_the_key_shows_in_a_corner_when_there_is_room(theme):
    wide = placed(BoardButton("Go", "H"))
    without = placed(BoardButton("Go"))
    corner = pygame.Rect(250, 102, 48, 24)
    a, b = drawn(wide, theme), drawn(without, theme)
    assert any(
        a.get_at(p) != b.get_at(p)
        for p in ((x, y) for x in range(corner.x, corner.right) for y in range(corner.y, corner.bottom))
    )
    narrow = placed(BoardButton("A long label here", "H"), (100, 100, 120, 60))
    plain = placed(BoardButton("A long label here"), (100, 100, 120, 60))
    assert pygame.image.tobytes(drawn(narrow, theme), "RGB") == pygame.image.tobytes(drawn(plain, theme), "RGB")


class _Context:
    def __init__(self, theme):
        self.theme = theme


def test_a_view_button_is_drawn_lit_under_the_pointer_and_recorded_with_its_tooltip(theme):
    view = GameView(_Context(theme))
    surface = pygame.Surface((400, 300))
    clicked = []
    view.pointer = (150, 130)
    hit = view.button(
        surface,
        "go",
        pygame.Rect(100, 100, 200, 60),
        "Go",
        lambda: clicked.append(1),
        keys=(pygame.K_g,),
        key="G",
        tip="Go on",
        colour=th.GOLD,
    )
    assert view.hits == [hit] and isinstance(hit, Hit)
    assert hit.enabled and hit.keys == (pygame.K_g,) and hit.tooltip == "Go on (G)"
    assert surface.get_at((110, 130))[:3] != th.GOLD  # lit
    hit.on_click()
    assert clicked == [1]
    off = view.button(
        surface, "stop", pygame.Rect(100, 200, 200, 60), "Stop", lambda: None, enabled=False, reason="Not now."
    )
    assert off.tooltip == "Stop\nNot now." and not off.enabled
    assert view.button_colour == th.PARCHMENT and surface.get_at((110, 230))[:3] == DISABLED
    assert view.tooltip_at((150, 220)) == Tooltip("Stop\nNot now.", pygame.Rect(100, 200, 200, 60))
    assert view.tooltip_at((5, 5)) is None


def test_the_control_on_top_is_found_and_buttons_answer_for_their_tooltips():
    below = Hit("below", pygame.Rect(0, 0, 100, 100), lambda: None)
    above = Hit("above", pygame.Rect(50, 50, 100, 100), lambda: None, enabled=False)
    assert hit_at([below, above], (60, 60)) is above
    assert hit_at([below, above], (10, 10)) is below
    assert hit_at([below, above], (300, 300)) is None
    button = placed(BoardButton("Go", "G"))
    assert button_tooltip([button], (150, 120)) == Tooltip("Go (G)", pygame.Rect(100, 100, 200, 60))
    assert button_tooltip([button], (10, 10)) is None


def test_the_key_never_cuts_the_label_short(theme, monkeypatch):
    """At every width the label is drawn whole beside the key or the key is left
    out; only a label too wide for the button itself is ever shortened."""
    from tabletop.ui import art

    cut = []
    real = art.ellipsize
    monkeypatch.setattr(
        art, "ellipsize", lambda content, font, width: cut.append(real(content, font, width)) or cut[-1]
    )
    font = theme.font(th.BODY, bold=True)
    label = "Pass"
    for width in range(font.size(label)[0] + theme.px(16), font.size(label)[0] + 200):
        cut.clear()
        drawn(placed(BoardButton(label, "P"), (0, 100, width, 60)), theme)
        assert cut == [label], (width, cut)


def test_a_long_label_takes_two_lines_where_the_face_has_their_height(theme, monkeypatch):
    from tabletop.ui import art

    label = "Retreat into the contaminated area (open)"
    lines = BoardButton.label_lines(theme, label, 200, th.SMALL)
    assert lines == ["Retreat into the", "contaminated area (open)"]  # split where most even
    assert BoardButton.label_lines(theme, "Plunder (open)", 200, th.SMALL) == ["Plunder (open)"]
    said: list[str] = []
    text = art.text
    monkeypatch.setattr(
        art, "text", lambda surface, content, *a, **k: said.append(content) or text(surface, content, *a, **k)
    )
    tall = placed(BoardButton(label, font_size=th.SMALL), (100, 100, 200, BoardButton.height(theme, 2, th.SMALL)))
    drawn(tall, theme)
    assert said == lines
    said.clear()
    drawn(placed(BoardButton(label, font_size=th.SMALL), (100, 100, 200, 24)), theme)
    assert said == [label]  # one line, shortened: no room for two
