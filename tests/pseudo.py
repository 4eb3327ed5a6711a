"""The pseudo-language `xx`, for the tests only: every message of the template
(tabletop/locale/tabletop.pot) accented, about 40 % longer and in brackets, made at
run time so it can never go stale, and a recorder of the texts the app draws that
tells those made from a catalog from those that were not.

    "Roll the dice" -> "[Röll~ thë~~ dïçë~]"      "{count} cards" -> "[{count} çárds~]"

The {named} fields (with their format) and the plural forms are kept; the letters
are the accented ones the four languages write, so the fonts' coverage is used.
A drawn text counts as from a catalog when, once its bracketed parts and the
players' names are taken out, only numbers, punctuation, symbols and marks printed
the same in every language are left (a board's coordinates "A5", a card's
attributes "PSI", a token's initials "NF", a key's letter "D").

Imported as `pseudo` (tests/ is on sys.path, like driving.py).
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tabletop import i18n

CODE = "xx"
#: the template the pseudo-language is made from (a test may point i18n.LOCALE elsewhere)
TEMPLATE = i18n.LOCALE / f"{i18n.DOMAIN}.pot"
#: how much longer a pseudo text is than its English (real translations run longer)
LONGER = 0.4
ACCENTS = str.maketrans("aeiouycAEIOUYC", "áëïöüÿçÁËÏÖÜŸÇ")
PAD = "~"


def _accented(text: str) -> str:
    return text.replace("ss", "ß").translate(ACCENTS)


def _padded(literals: list[str]) -> list[str]:
    """The literal parts accented, with "~" after the words so that the whole is
    about LONGER longer (spread over the words by their length)."""
    letters = sum(len(re.findall(r"\w", part)) for part in literals)
    extra = math.ceil(sum(map(len, literals)) * LONGER) - 2  # the brackets are two more
    seen, given, out = 0, 0, []
    for part in literals:

        def pad(word: re.Match[str]) -> str:
            nonlocal seen, given
            seen += len(word.group())
            due = round(extra * seen / letters) - given if letters else 0
            given += max(0, due)
            return word.group() + PAD * max(0, due)

        out.append(_accented(re.sub(r"\w+", pad, part)))
    return out


def pseudo(text: str, formatted: bool = True) -> str:
    """`text` in the pseudo-language; `formatted`: its {named} fields kept as they are."""
    if not text:
        return text
    pieces: list[tuple[str, str]] = []  # (literal, field as written)
    if formatted:
        for literal, name, spec, conversion in string.Formatter().parse(text):
            written = ""
            if name is not None:
                written = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            pieces.append((literal, written))
    else:
        pieces = [(text, "")]
    literals = _padded([literal for literal, _field in pieces])
    if formatted:
        literals = [literal.replace("{", "{{").replace("}", "}}") for literal in literals]
    return "[" + "".join(literal + written for literal, (_lit, written) in zip(literals, pieces, strict=True)) + "]"


def catalog() -> Catalog:
    """The pseudo-language's catalog, made from the current template."""
    with TEMPLATE.open("rb") as pot:
        template = read_po(pot)
    made = Catalog(locale=None, domain=i18n.DOMAIN)
    made.language_team = CODE
    for message in template:
        if not message.id:
            continue
        formatted = "python-brace-format" in message.flags
        if isinstance(message.id, tuple | list):
            text: Any = tuple(pseudo(form, formatted) for form in message.id)
        else:
            text = pseudo(message.id, formatted)
        made.add(message.id, text, context=message.context, flags=message.flags)
    return made


@cache
def _po() -> bytes:
    out = BytesIO()
    write_po(out, catalog())
    return out.getvalue()


def install(folder: Path, monkeypatch: Any) -> None:
    """Offer the pseudo-language from `folder` (a test's own): its catalog is
    written there and the translation layer reads its catalogs from there."""
    po = folder / CODE / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_bytes(_po())
    monkeypatch.setattr(i18n, "LOCALE", folder)


# -- is a drawn text from a catalog? ----------------------------------------------------------------------

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
#: a pseudo text cut short (its closing bracket cut off: an ellipsis, or the first word of a name)
_CUT = re.compile(r"\[[^\[\]]*(…|$)")
_LETTER = re.compile(r"[^\W\d_]")


def stray(text: str, names: Iterable[str] = ()) -> str | None:
    """What is left of a drawn `text` that no catalog made (None: nothing, or
    only numbers, punctuation and symbols)."""
    rest = text
    while True:
        inner = _BRACKETED.sub(" ", rest)
        if inner == rest:
            break
        rest = inner
    rest = _CUT.sub(" ", rest)
    for name in sorted(names, key=len, reverse=True):
        if name:
            rest = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", rest)
    words = [word for word in re.findall(r"\w+", rest) if _LETTER.search(word) and not mark(word)]
    return rest.strip() if words else None


def mark(word: str) -> bool:
    """A mark printed the same in every language: a board's coordinates (A5, F11), a
    card's attributes (PSI, KAT), a token's initials (NF, K7, Ÿ), a key's letter (D)."""
    return 0 < len(word) <= 3 and word[0].isupper() and all(c.isupper() or c.isdigit() for c in word)


@dataclass
class Drawn:
    """The texts the app drew while recording, by where they were drawn."""

    #: each shown text (a line, an ellipsized text) -> the text it was made from
    sources: dict[str, str] = field(default_factory=dict)
    #: the whole text -> where it was drawn (the first place)
    texts: dict[str, str] = field(default_factory=dict)
    #: what the app shows now, for the texts drawn from now on
    where: str = "?"

    def whole(self, line: str) -> str:
        """The text a drawn line was cut or wrapped from."""
        seen = set()
        while line not in seen:
            seen.add(line)
            cut = line.rstrip("… ")
            if line in self.sources:
                line = self.sources[line]
            elif cut != line and cut in self.sources:  # shortened after it was wrapped
                line = self.sources[cut]
        return line

    def add(self, line: str, where: str) -> None:
        self.texts.setdefault(self.whole(line), where)

    def strays(self, names: Iterable[str] = ()) -> dict[str, str]:
        """Each drawn text that did not come from a catalog -> where it was drawn."""
        names = list(names)
        return {text: where for text, where in self.texts.items() if stray(text, names) is not None}


def _widget_texts(layer: Any) -> Iterator[tuple[str, str]]:
    """(text, kind) of what the layer's pygame_gui widgets show."""
    from pygame_gui.elements import (
        UIButton,
        UIDropDownMenu,
        UILabel,
        UITextBox,
        UITextEntryBox,
        UITextEntryLine,
        UITooltip,
    )

    for widget in layer.ui.get_sprite_group().sprites():
        if not getattr(widget, "visible", True) or not widget.alive():
            continue
        kind = type(widget).__name__
        if isinstance(widget, UITooltip):
            box = widget.text_block
            yield re.sub(r"<[^>]+>", "\n", box.html_text), kind
        elif isinstance(widget, UITextBox) and not isinstance(widget, UITextEntryBox):
            for line in re.sub(r"<[^>]+>", "\n", widget.html_text).split("\n"):
                yield line, kind
        elif isinstance(widget, UITextEntryLine | UITextEntryBox):
            continue  # what the players typed
        elif isinstance(widget, UIDropDownMenu):
            continue  # its options are buttons and its label a button of its own
        elif isinstance(widget, UIButton | UILabel):
            yield widget.text, kind


@contextmanager
def recording(app: Any) -> Iterator[Drawn]:
    """Record every text the app paints (tabletop.ui.art) from now on; `look(app,
    drawn, where)` adds the widgets' texts of the top layer."""
    from tabletop.ui import art

    drawn = Drawn()
    real_text, real_wrap, real_ellipsize = art.text, art.wrap, art.ellipsize

    def text(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        rect = real_text(surface, content, font, colour, pos, anchor, shadow, max_width)
        drawn.add(content, drawn.where)
        return rect

    def wrap(content, font, width):
        lines = real_wrap(content, font, width)
        if len(lines) > 1:
            for line in lines:
                drawn.sources.setdefault(line, content)
        return lines

    def ellipsize(content, font, width):
        shown = real_ellipsize(content, font, width)
        if shown != content:
            drawn.sources.setdefault(shown, content)
        return shown

    art.text, art.wrap, art.ellipsize = text, wrap, ellipsize
    try:
        yield drawn
    finally:
        art.text, art.wrap, art.ellipsize = real_text, real_wrap, real_ellipsize


def note_widgets(app: Any, drawn: Drawn, where: str) -> None:
    """Add the texts the top layer's widgets show now, as seen `where`."""
    top = app.top
    if top is not None:
        for content, kind in _widget_texts(top):
            if content.strip():
                drawn.add(content, f"{where} ({kind})")


def look(app: Any, drawn: Drawn, where: str) -> None:
    """Draw a frame of what the app shows now, recording its texts as seen `where`."""
    drawn.where = where
    app.draw()
    note_widgets(app, drawn, where)
