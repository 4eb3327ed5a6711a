"""The translation layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop
from tabletop import i18n
from tabletop.i18n import N_, Message, _

PACKAGE = Path(tabletop.__file__).parent


@pytest.fixture
def dutch(tmp_path, monkeypatch):
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "nl.yaml").write_text('"{player} rolls {die}.": "{player} gooit {die}."\n"Hold": "Houden"\n')
    monkeypatch.setattr("tabletop.resources.DATA", tmp_path)
    yield
    i18n.set_language("en")


def test_english_is_the_message_itself():
    assert _("Hold") == "Hold"
    assert _("{player} rolls {die}.", player="Ann", die=4) == "Ann rolls 4."


def test_a_catalog_translates(dutch):
    i18n.set_language("nl")
    assert i18n.language() == "nl"
    assert _("Hold") == "Houden"
    assert _("{player} rolls {die}.", player="Ann", die=4) == "Ann gooit 4."
    assert _("Not translated") == "Not translated"
    assert "nl" in i18n.available_languages()


def test_unknown_language_falls_back_to_english(dutch):
    i18n.set_language("xx")
    assert i18n.language() == "en"
    assert _("Hold") == "Hold"


def test_a_broken_translation_falls_back_to_english(tmp_path, monkeypatch):
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "de.yaml").write_text('"{player} rolls {die}.": "{spieler} würfelt {die}."\n')
    monkeypatch.setattr("tabletop.resources.DATA", tmp_path)
    i18n.set_language("de")
    try:
        assert _("{player} rolls {die}.", player="Ann", die=4) == "Ann rolls 4."
    finally:
        i18n.set_language("en")


def test_message_names_players_by_seat():
    message = Message(N_("{player} takes {field} from {other_player}"), {"player": 0, "field": "C4", "other_player": 1})
    assert message.render(["Ann", "Bob"]) == "Ann takes C4 from Bob"
    assert Message.from_json(message.to_json()) == message


def test_fields_are_found():
    assert i18n.fields("{player} pays {amount:d} to {other_player}") == {"player", "amount", "other_player"}


def _translation_calls():
    for path in PACKAGE.rglob("*.py"):
        if path.name == "i18n.py":  # the layer itself translates what it is given
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
                yield path, node


def test_every_translated_text_is_a_plain_literal():
    """A computed or f-string message could never be found in a catalog."""
    bad = []
    count = 0
    for path, node in _translation_calls():
        count += 1
        first = node.args[0] if node.args else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert count > 20
    assert not bad, "translation calls without a literal text: " + ", ".join(bad)


def test_every_translated_text_formats_with_its_own_fields():
    for path, node in _translation_calls():
        text = node.args[0].value
        names = i18n.fields(text)
        given = {kw.arg for kw in node.keywords}
        if node.func.id == "_" and None not in given:
            assert names <= given, f"{path.name}:{node.lineno}: {text!r} needs {names - given}"
