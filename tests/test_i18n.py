"""The translation layer: gettext catalogs read with Babel, plural forms, contexts,
lazy messages, numbers in the language's own way."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import tabletop
from tabletop import i18n
from tabletop.games import registry
from tabletop.i18n import N_, Message, _, marked, ngettext, pgettext

PACKAGE = Path(tabletop.__file__).parent

DUTCH_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hold"
msgstr "Houden"

msgid "{player} rolls {die}."
msgstr "{player} gooit {die}."

msgid "{player} draws {count} card."
msgid_plural "{player} draws {count} cards."
msgstr[0] "{player} trekt {count} kaart."
msgstr[1] "{player} trekt {count} kaarten."

msgctxt "a corner of the board"
msgid "Top"
msgstr "Boven"

msgctxt "a card pile"
msgid "Top"
msgstr "Bovenste kaart"

msgid "Lucky draw"
msgstr "Geluksspel"

msgid "{cm:.1f} cm"
msgstr "{cm:.1f} cm"

msgid "{player} moves {name}."
msgstr "{speler} verplaatst {name}."
"""


@pytest.fixture
def dutch(tmp_path, monkeypatch):
    folder = tmp_path / "locale" / "nl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "tabletop.po").write_text(DUTCH_PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE", tmp_path / "locale")
    yield
    i18n.set_language("en")


def test_english_is_the_message_itself():
    assert _("Hold") == "Hold"
    assert _("{player} rolls {die}.", player="Ann", die=4) == "Ann rolls 4."
    assert ngettext("{count} move", "{count} moves", 1) == "1 move"
    assert ngettext("{count} move", "{count} moves", 0) == "0 moves"
    assert pgettext("a corner of the board", "Top") == "Top"
    assert i18n.available_languages()["en"] == "English"


def test_a_catalog_translates_messages_plurals_contexts_and_lazy_titles(dutch):
    rolled = Message(N_("{player} rolls {die}."), {"player": 0, "die": 4})
    drawn = [
        Message.counted("{player} draws {count} card.", "{player} draws {count} cards.", n, {"player": 1})
        for n in (1, 2, 0)
    ]
    title = registry.get("testgame").title
    assert "nl" in i18n.available_languages() and i18n.available_languages()["nl"] == "Nederlands"
    i18n.set_language("nl")
    assert i18n.language() == "nl"
    assert _("Hold") == "Houden"
    assert rolled.render(["Ann", "Bob"]) == "Ann gooit 4."
    assert [m.render(["Ann", "Bob"]) for m in drawn] == [
        "Bob trekt 1 kaart.",
        "Bob trekt 2 kaarten.",
        "Bob trekt 0 kaarten.",
    ]
    assert ngettext("{player} draws {count} card.", "{player} draws {count} cards.", 2, player="Cas") == (
        "Cas trekt 2 kaarten."
    )
    assert pgettext("a corner of the board", "Top") == "Boven"
    assert pgettext("a card pile", "Top") == "Bovenste kaart"
    # texts defined at import time follow the language of the moment they are shown
    assert marked(title) == "Geluksspel"
    assert str(Message(title)) == "Geluksspel"
    assert _("{game} is ready.", game=Message(title)) == "Geluksspel is ready."  # not translated: English
    i18n.set_language("en")
    assert marked(title) == "Lucky draw" and rolled.render(["Ann"]) == "Ann rolls 4."


def test_a_missing_translation_falls_back_to_english(dutch):
    i18n.set_language("nl")
    assert _("Not translated") == "Not translated"
    assert ngettext("{count} move", "{count} moves", 3) == "3 moves"
    assert pgettext("a tool", "Top") == "Top"


def test_a_translation_that_lost_a_field_falls_back_to_english(dutch):
    i18n.set_language("nl")
    assert _("{player} moves {name}.", player="Ann", name="Kai") == "Ann moves Kai."


def test_unknown_or_broken_language_stays_english(dutch, tmp_path):
    i18n.set_language("xx")
    assert i18n.language() == "en"
    broken = tmp_path / "locale" / "de" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "tabletop.po").write_text('msgid "Hold"\nHalten\n', encoding="utf-8")
    i18n.set_language("de")
    assert i18n.language() == "en"
    assert _("Hold") == "Hold"


def test_numbers_with_decimals_follow_the_language(dutch):
    assert _("{cm:.1f} cm", cm=12.345) == "12.3 cm"
    assert _("{size:g} mm", size=40.0) == "40 mm"
    i18n.set_language("nl")
    assert _("{cm:.1f} cm", cm=12.345) == "12,3 cm"
    assert _("{size:g} mm", size=32.5) == "32,5 mm"
    assert i18n.format_decimal(1234.5, 1) == "1.234,5"


def test_message_names_players_by_seat():
    message = Message(N_("{player} takes {field} from {other_player}"), {"player": 0, "field": "C4", "other_player": 1})
    assert message.render(["Ann", "Bob"]) == "Ann takes C4 from Bob"
    assert Message.from_json(message.to_json()) == message
    assert "plural" not in message.to_json()  # saves of plain messages are as before


def test_a_counted_message_is_saved_with_its_plural():
    message = Message.counted("{count} card", "{count} cards", 2)
    assert message == Message(N_("{count} card"), {"count": 2}, plural=N_("{count} cards"))
    assert Message.from_json(message.to_json()) == message
    assert message.render() == "2 cards"


def test_fields_are_found():
    assert i18n.fields("{player} pays {amount:d} to {other_player}") == {"player", "amount", "other_player"}


#: the translating calls and the arguments that must be plain literals (the extractor finds them)
_LITERALS = {"_": 1, "N_": 1, "Nn_": 2, "ngettext": 2, "pgettext": 2, "counted": 2}


@functools.cache
def _translation_calls() -> list[tuple[Path, str, ast.Call]]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "i18n.py":  # the layer itself translates what it is given
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name in _LITERALS:
                    found.append((path, name, node))
    return found


def test_every_translated_text_is_a_plain_literal():
    """A computed or f-string message could never be found in a catalog."""
    bad = []
    count = 0
    for path, name, node in _translation_calls():
        count += 1
        texts = node.args[: _LITERALS[name]]
        if len(texts) < _LITERALS[name] or not all(
            isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts
        ):
            bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert count > 20
    assert not bad, "translation calls without a literal text: " + ", ".join(bad)


def test_every_translated_text_formats_with_its_own_fields():
    for path, name, node in _translation_calls():
        if name not in ("_", "ngettext", "pgettext"):
            continue
        texts = [node.args[1].value] if name == "pgettext" else [a.value for a in node.args[: _LITERALS[name]]]
        given = {kw.arg for kw in node.keywords} | ({"count"} if name == "ngettext" else set())
        if None not in given:
            for text in texts:
                assert i18n.fields(text) <= given, (
                    f"{path.name}:{node.lineno}: {text!r} needs {i18n.fields(text) - given}"
                )


def test_no_message_counts_with_s_in_brackets():
    """Counted texts take ngettext or Message.counted, so each language has its forms."""
    found = [
        f"{path.name}:{node.lineno}"
        for path, name, node in _translation_calls()
        for arg in node.args[: _LITERALS[name]]
        if isinstance(arg, ast.Constant) and "(s)" in str(arg.value)
    ]
    assert not found, found


# -- the template and the catalogs ------------------------------------------------------

ROOT = PACKAGE.parent
TEMPLATE = PACKAGE / "locale" / "tabletop.pot"
#: the command that makes the template anew (README.md, "Translations")
EXTRACT = [
    "extract",
    "-F",
    "babel.cfg",
    "-o",
    "tabletop/locale/tabletop.pot",
    "--project=tabletop",
    "--add-location=file",
    "--sort-output",
    "tabletop",
    "data",
]
REFRESH = ".venv/bin/python -m babel.messages.frontend " + " ".join(EXTRACT)


def _entries(path: Path) -> set[tuple[str | None, str | tuple[str, ...]]]:
    """(context, id) of every message of a catalog; a counted message's id is its
    singular and plural forms."""
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po)
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def test_the_template_holds_every_text_and_no_other(tmp_path, monkeypatch):
    """tabletop/locale/tabletop.pot is what `pybabel extract` makes of the code and the
    data now (texts, plural forms, contexts; not its dates or places)."""
    from babel.messages.frontend import CommandLineInterface

    monkeypatch.chdir(ROOT)
    fresh = tmp_path / "tabletop.pot"
    arguments = [str(fresh) if a == "tabletop/locale/tabletop.pot" else a for a in EXTRACT]
    CommandLineInterface().run(["pybabel", "-q", *arguments])
    now, kept = _entries(fresh), _entries(TEMPLATE)
    assert now == kept, (
        f"the template {TEMPLATE.relative_to(ROOT)} is out of date; make it anew with\n    {REFRESH}\n"
        f"new texts: {sorted(map(str, now - kept))}\ngone: {sorted(map(str, kept - now))}"
    )


def test_the_template_has_the_names_players_see_in_the_data():
    entries = _entries(TEMPLATE)
    for text in ("Tree", "Number tokens", "Counter-clockwise", "Wood"):
        assert (None, text) in entries
    assert ("make a counter-offer in a trade", "Counter") in entries
    assert (None, ("{count} move", "{count} moves")) in entries


def _catalog_faults(path: Path) -> list[str]:
    """Translations that do not keep exactly the {fields} of their English text."""
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po)
    faults = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(i18n.fields(text) for text in english))
        for translation in [message.string] if isinstance(message.string, str) else message.string:
            if not translation:
                continue
            try:
                found = i18n.fields(translation)
            except ValueError as err:
                faults.append(f"{english[0]!r}: broken {{field}}: {err}")
                continue
            # a form of a counted text may leave the number out ("een kaart")
            if found != wanted and not (len(english) == 2 and found == wanted - {"count"}):
                faults.append(f"{english[0]!r}: {translation!r} has {sorted(found)}, not {sorted(wanted)}")
    return faults


def test_every_catalog_keeps_the_fields_of_its_english_texts():
    """A translation that lost a field falls back to English when shown; here it is found."""
    catalogs = sorted(i18n.LOCALE.glob("*/LC_MESSAGES/tabletop.po"))
    assert {path.parts[-3] for path in catalogs} == set(i18n.available_languages()) - {"en"}
    for path in catalogs:
        assert not _catalog_faults(path), path


def test_the_field_check_finds_lost_and_broken_fields(tmp_path):
    po = tmp_path / "nl.po"
    po.write_text(
        DUTCH_PO + 'msgid "{player} irrigates {field}."\nmsgstr "{player} bevloeit {veld."\n',
        encoding="utf-8",
    )
    assert [fault.split(":")[0] for fault in _catalog_faults(po)] == [
        "'{player} moves {name}.'",
        "'{player} irrigates {field}.'",
    ]
