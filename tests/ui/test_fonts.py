"""The fonts show every letter of the four languages (English, Dutch, French,
German) and their punctuation, in every style the screens use."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui.theme import FONT_FILES

#: letters and marks beyond ASCII the catalogs' languages write
LETTERS = (
    "éèêëàâçîïôœùûüÿæ"
    "ÉÈÊËÀÂÇÎÏÔŒÙÛÜŸÆ"  # French
    "äöüßÄÖÜẞ"  # German
    "ĳĲ"  # Dutch
    "«»„“”‘’‚…–—€·×"  # quotes, dashes, signs
)


#: a character of the private use area: no font draws it, so it shows the font's "no glyph" box
NO_GLYPH = "\ue000"


def _drawn(font: pygame.font.Font, letter: str) -> bytes:
    return pygame.image.tobytes(font.render(letter, True, (0, 0, 0), (255, 255, 255)), "RGB")


def _missing(font: pygame.font.Font, letters: str) -> str:
    """The letters the font draws as its "no glyph" box."""
    box = _drawn(font, NO_GLYPH)
    return "".join(letter for letter in letters if _drawn(font, letter) == box)


@pytest.mark.parametrize("style", sorted(FONT_FILES), ids=lambda s: f"bold={s[0]},italic={s[1]}")
def test_every_letter_of_the_four_languages_has_a_glyph(style):
    pygame.font.init()
    font = pygame.font.Font(str(FONT_FILES[style]), 20)
    assert _missing(font, "ア☃") == "ア☃"  # the check finds letters the font lacks
    missing = _missing(font, LETTERS)
    assert not missing, f"{FONT_FILES[style].name} has no glyph for {missing}"
