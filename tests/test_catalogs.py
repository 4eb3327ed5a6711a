"""The Dutch, French and German catalogs are complete: every text of the template
translated, none fuzzy or empty, every plural form filled, no text the template no
longer has; each language has its glossary in docs/i18n/ (tests/test_i18n.py checks
that translations keep their {fields})."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import i18n

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = i18n.LOCALE / "tabletop.pot"
LANGUAGES = ("nl", "fr", "de")


def _read(path: Path, locale: str | None = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        return read_po(po, locale=locale)


def _key(message) -> tuple:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def catalog_faults(path: Path, locale: str, template_path: Path = TEMPLATE) -> list[str]:
    """What keeps a catalog from being complete, one line each."""
    template = {_key(m) for m in _read(template_path) if m.id}
    catalog = _read(path, locale)
    plurals = catalog.num_plurals
    faults = []
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        seen.add(key)
        english = message.id if isinstance(message.id, str) else message.id[0]
        if key not in template:
            faults.append(f"{english!r}: not in the template any more")
        if message.fuzzy:
            faults.append(f"{english!r}: fuzzy")
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if isinstance(message.id, tuple | list) and len(strings) != plurals:
            faults.append(f"{english!r}: {len(strings)} plural forms, not {plurals}")
        if not all(s.strip() for s in strings):
            faults.append(f"{english!r}: not translated")
    faults += [f"{key[1]!r}: missing" for key in sorted(template - seen, key=str)]
    return faults


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_translated(code):
    path = i18n.LOCALE / code / "LC_MESSAGES" / "tabletop.po"
    faults = catalog_faults(path, code)
    assert not faults, f"{path.relative_to(ROOT)}: {len(faults)} faults, first: {faults[:10]}"


def test_the_languages_are_english_dutch_french_and_german():
    assert set(i18n.available_languages()) == {"en", *LANGUAGES}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_has_its_glossary(code):
    glossary = ROOT / "docs" / "i18n" / f"{code}.md"
    assert glossary.is_file() and glossary.stat().st_size > 2000


def test_the_check_finds_fuzzy_empty_missing_and_stale_texts(tmp_path):
    template = tmp_path / "tabletop.pot"
    template.write_text(
        'msgid ""\nmsgstr ""\n\n'
        'msgid "Hold"\nmsgstr ""\n\n'
        'msgid "Roll"\nmsgstr ""\n\n'
        'msgid "Pass"\nmsgstr ""\n\n'
        'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] ""\nmsgstr[1] ""\n\n'
        'msgid "Quit"\nmsgstr ""\n',
        encoding="utf-8",
    )
    po = tmp_path / "nl.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Hold"\nmsgstr "Houden"\n\n'
        '#, fuzzy\nmsgid "Roll"\nmsgstr "Gooien"\n\n'
        'msgid "Pass"\nmsgstr ""\n\n'
        'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] "{count} kaart"\nmsgstr[1] ""\n\n'
        'msgid "Old"\nmsgstr "Oud"\n',
        encoding="utf-8",
    )
    faults = catalog_faults(po, "nl", template)
    assert sorted(faults) == sorted(
        [
            "'Roll': fuzzy",
            "'Pass': not translated",
            "'{count} card': not translated",
            "'Old': not in the template any more",
            "'Quit': missing",
        ]
    )
