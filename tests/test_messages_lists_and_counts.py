"""Texts a translation can follow: lists written out the language's way (Babel's
format_list), counts through the plural forms, a short word with its context, and
the data's own labels in the template. Rendered with the real catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import i18n
from tabletop.engine.core import Action
from tabletop.games.catan import messages as M
from tabletop.games.catan.position import position
from tabletop.games.catan.rules import RULES as CATAN
from tabletop.games.eden.base import listed
from tabletop.games.skirmish.schema import bundled, option_specs
from tabletop.i18n import Listed, Message, format_list, ngettext, pgettext
from tabletop.i18n_extract import extract_yaml

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def speak():
    """Switch to one of the shipped catalogs; English again afterwards."""
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("code", "three", "choice"),
    [
        ("en", "A1, B2, and C3", "100, 150, or 200"),
        ("nl", "A1, B2 en C3", "100, 150 of 200"),
        ("fr", "A1, B2 et C3", "100, 150 ou 200"),
        ("de", "A1, B2 und C3", "100, 150 oder 200"),
    ],
)
def test_a_list_of_three_takes_the_languages_conjunction(speak, code, three, choice):
    speak(code)
    assert format_list(["A1", "B2", "C3"]) == three
    assert format_list(["100", "150", "200"], style="or") == choice
    assert listed(["A1", "B2", "C3"]).render() == three  # Eden's fields
    assert str(Message("{fields}", {"fields": Listed(("A1", "B2", "C3"))})) == three


def test_edens_list_of_one_field_and_of_none(speak):
    speak("fr")
    assert listed(["A1"]).render() == "A1"
    assert listed([]).render() == "aucune"  # "none" as the catalog has it


def test_catans_discarded_cards_are_listed_with_and(speak):
    discarded = M.cards(
        M.DISCARDS_LISTED,
        4,
        {"player": 1, "cards": M.card_list((2, 1, 0, 0, 1), ("wood", "brick", "wool", "grain", "ore"))},
    )
    assert discarded.render(["Ann", "Bob"]) == "Bob discards 4 cards: 2 wood, 1 brick, and 1 ore."
    speak("nl")
    line = discarded.render(["Ann", "Bob"])
    assert line.endswith(" en 1 erts."), line
    speak("de")
    assert " und 1 " in discarded.render(["Ann", "Bob"])


def test_a_bank_trade_label_is_counted(speak):
    """The label of a bank trade is a counted message: its count picks the form."""
    state = position(3)
    label = CATAN.describe(state, Action("trade_bank", give="brick", get="grain"))
    assert label.plural is not None
    speak("fr")
    one = Message(label.text, {**label.params, "count": 1}, label.plural).render()
    four = Message(label.text, {**label.params, "count": 4}, label.plural).render()
    assert (one, four) == ("Échanger 1 argile contre 1 blé", "Échanger 4 argiles contre 1 blé")


@pytest.mark.parametrize(
    ("singular", "one", "two"),
    [
        ("{count} left", "reste 1", "restent 2"),  # Catan's development cards
        ("{name} moves {distance:.1f} cm; {count} AP left.", "Yuri se déplace de 2,0 cm\xa0; PA restant\xa0: 1.", None),
    ],
)
def test_counted_texts_follow_the_plural_forms_in_french(speak, singular, one, two):
    speak("fr")
    assert ngettext(singular, singular, 1, name="Yuri", distance=2.0) == one
    if two is not None:
        assert ngettext(singular, singular, 2, name="Yuri", distance=2.0) == two
    else:
        assert "PA restants\xa0: 2" in ngettext(singular, singular, 2, name="Yuri", distance=2.0)


def test_delete_the_key_and_delete_the_save_are_two_words(speak):
    speak("de")
    assert pgettext("the key", "Delete") == "Entf"
    assert pgettext("a saved game", "Delete") == "Löschen"
    speak("fr")
    assert pgettext("the key", "Esc") == "Échap"
    assert (pgettext("the key", "Delete"), pgettext("a saved game", "Delete")) == ("Suppr", "Supprimer")


def test_the_empty_tables_label_is_in_the_template_and_translated(speak):
    with (ROOT / "data" / "skirmish" / "players.yaml").open("rb") as data:
        texts = [text for _line, _fn, text, _comments in extract_yaml(data, (), (), {})]
    assert "Empty table" in texts
    speak("de")
    start = option_specs(bundled())[0]
    shown = dict((value, i18n.marked(label)) for value, label in start.choices)
    assert shown["empty"] == "Leeres Spielfeld"


def test_the_help_names_the_escape_key_in_the_language_shown(speak):
    from tabletop.ui.app import _global_shortcuts

    speak("fr")
    assert ("Échap", i18n._("Menu, back, or close a dialog")) in _global_shortcuts()
