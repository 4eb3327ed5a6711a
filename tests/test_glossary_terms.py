"""The catalogs follow their glossaries (docs/i18n/{nl,fr,de}.md): where a message of
the catalog is exactly a term of its language's glossary (a label such as "End phase"),
its translation is the glossary's. A few labels say it their own way on purpose,
listed here with the reason; each of them must still differ (else it leaves the list)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop import i18n

ROOT = Path(__file__).resolve().parent.parent
#: (language, glossary term): why the label differs from the glossary's word
OWN_WORDING = {
    ("nl", "base"): "the label names the warrior's base: 'de voet'",
    ("fr", "autosave"): "a short label in the saves list: 'sauvegarde auto'",
    ("fr", "who begins"): "the new-game screen asks the question: 'Qui commence'",
    ("fr", "development card"): "a column heading of the bank: 'Développement'",
}


def glossary(code: str) -> list[tuple[str, str]]:
    """The glossary's rows (English, translation) that are one plain term each."""
    rows = []
    for line in (ROOT / "docs" / "i18n" / f"{code}.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 3 or set(cells[0]) <= set("- ") or cells[0] == "English":
            continue
        if all(cells[:2]) and not any(re.search(r"[/(),;\"{}…*`]", cell) for cell in cells[:2]):
            rows.append((cells[0], cells[1]))
    return rows


@pytest.mark.parametrize("code", ["nl", "fr", "de"])
def test_a_message_that_is_a_glossary_term_is_translated_as_the_glossary_says(code):
    with (i18n.LOCALE / code / "LC_MESSAGES" / "tabletop.po").open("rb") as po:
        catalog = read_po(po, locale=code)
    messages: dict[str, list[str]] = {}
    for message in catalog:
        if message.id and isinstance(message.id, str):
            messages.setdefault(message.id.casefold(), []).append(message.string)
    terms = glossary(code)
    assert len(terms) > 50
    checked, differ = 0, set()
    for english, translation in terms:
        for said in messages.get(english.casefold(), []):
            checked += 1
            if said.casefold() != translation.casefold():
                differ.add((english, translation, said))
    assert checked > 20
    unexplained = sorted(d for d in differ if (code, d[0]) not in OWN_WORDING)
    assert not unexplained, unexplained
    stale = sorted(key for key in OWN_WORDING if key[0] == code and key[1] not in {d[0] for d in differ})
    assert not stale, f"these labels now follow the glossary: take them off OWN_WORDING: {stale}"
