"""The skirmish game's texts as a translation can follow them, rendered with the real
catalogs: one whole sentence per noun and per action, names from the data translated
(never a key), zones and cards in sentence shapes that need no article or agreement,
counts through the plural forms, and the data's English terms in the English texts."""

from __future__ import annotations

import re

import pytest

from tabletop import i18n
from tabletop.engine.core import IllegalAction
from tabletop.games.skirmish.card_schema import Uses
from tabletop.games.skirmish.play import abilities, chance, checks, limits, units
from tabletop.games.skirmish.play.attack import MARKERS, count_message, weapon
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.state import ACTIVATION, table_of
from tabletop.games.skirmish.play.tactics import Occasion, play_refusal
from tabletop.games.skirmish.play.units import FACTION, Member, Unit
from tabletop.games.skirmish.schema import TACTICS_FILE, bundled
from tabletop.i18n import marked

from .positions import act, refused


@pytest.fixture
def speak():
    """Switch to one of the shipped catalogs; English again afterwards."""
    yield i18n.set_language
    i18n.set_language("en")


def _blocked(what: str, owner: str) -> str:
    state = position(warriors=[Warrior(0, (100, 300))])
    return checks.blocker_reason(table_of(state), owner, what).reason.render()


def test_a_blocked_base_or_piece_is_one_whole_sentence_per_noun(speak):
    speak("fr")
    assert _blocked(checks.BASE, "w1") == "Le socle chevaucherait un guerrier."
    # laying_out.py names the piece by its English noun
    assert _blocked("terrain piece", "edge") == "L'élément de décor dépasserait du bord de la table."
    speak("de")
    assert _blocked(checks.BASE, "edge") == "Die Base würde über den Spielfeldrand ragen."
    assert _blocked(checks.PIECE, "w1") == "Das Geländeteil würde einen Krieger überlappen."


def test_each_limit_reached_says_the_action_in_its_own_words(speak):
    moved = limits.MOVE_COST.refusal("Yuri", 3, {"move": 3}, {})
    assert moved is not None and moved.render() == "Yuri has moved 3 times this round, its limit."
    charged = limits.CHARGE_COST.refusal("Yuri", 3, {"charge": 1}, {})
    assert charged is not None and charged.render() == "Yuri has charged 1 time this round, its limit."
    speak("de")
    assert moved.render() == "Yuri hat sich in dieser Runde schon 3-mal bewegt, die Grenze."
    voss = starter_set().card("voss")
    sniper = limits.Cost(1, (limits.item_use("sniper_rifle", "Sniper rifle", Uses(round=1)),))
    used = sniper.refusal("Voss", 2, {"item:sniper_rifle": 1}, {})
    assert used is not None and voss.items
    assert (
        used.render()
        == "Voss hat den Ausrüstungsgegenstand Scharfschützengewehr in dieser Runde 1-mal eingesetzt, die Grenze."
    )


def test_an_item_not_carried_is_named_by_its_translated_name_never_its_key(speak):
    tony = starter_set().card("tony")
    speak("de")
    with pytest.raises(IllegalAction) as caught:
        weapon(tony, "sniper_rifle", "shooting")
    shown = caught.value.reason.render()
    assert "Scharfschützengewehr" in shown and "sniper_rifle" not in shown
    with pytest.raises(IllegalAction) as caught:
        weapon(tony, "laser_sword", "shooting")
    assert "laser_sword" not in caught.value.reason.render()


def test_an_ability_names_the_item_it_needs_by_its_translated_name(speak, monkeypatch):
    reyes = starter_set().warriors["reyes"]
    monkeypatch.setitem(starter_set().warriors, "reyes", reyes.model_copy(update={"equipment": ["pistol"]}))
    state = position(
        warriors=[Warrior(0, (100, 300), "reyes"), Warrior(0, (500, 500), "hale", ap=1), Warrior(1, (400, 300))],
        phase=ACTIVATION,
        active="w1",
    )
    speak("fr")
    shown = refused(state, "use", model="w1", ability="radio_order", target="w2")
    assert shown == f"Reyes a besoin de l'objet {marked('Radio')} pour utiliser {marked('Radio order')}."


def test_zones_stand_in_brackets_not_after_an_article(speak):
    for text in (*abilities.HEALS, *abilities.HEALS_OWN, abilities.NO_WOUND_THERE, *chance.WOUNDED_ROW):
        assert "({zone}" in text and not re.search(r"(the|'s) \{zone\}", text), text
    speak("fr")
    row = count_message(chance.WOUNDED_ROW, 2, {"target": "Gorm", "zone": chance.zone_name("legs")})
    assert row.render() == "Gorm\xa0: 2 blessures (jambes)"


def test_the_markers_given_are_fire_and_fear_markers_in_english_and_counted(speak):
    assert count_message(MARKERS["fire"], 1, {"warrior": "Kira"}).render() == "Kira gets 1 fire marker."
    assert count_message(MARKERS["fear"], 2, {"warrior": "Kira"}).render() == "Kira gets 2 fear markers."
    speak("fr")
    assert count_message(MARKERS["fire"], 2, {"warrior": "Kira"}).render() == "Kira reçoit 2 marqueurs de feu."


def test_no_german_card_word_is_left_in_the_english_texts():
    template = (i18n.LOCALE / "tabletop.pot").read_text(encoding="utf-8")
    ids = re.findall(r'^msgid(?:_plural)? "(.*)"$', template, flags=re.MULTILINE)
    german = re.compile(r"\b(Geschmeidig|Explosiv|Brand|Furcht)\b(?! \()|Explosiv \(")
    assert [text for text in ids if german.search(text)] == []


def test_a_tactical_card_is_named_as_the_card_so_no_agreement_is_needed(speak):
    adrenaline = bundled()[TACTICS_FILE].cards[0]
    now = Occasion(round=2, moment="tactical_phase", sp=4)
    speak("fr")
    shown = str(play_refusal(adrenaline, now, frozenset()))
    assert shown.startswith("La carte ") and marked(adrenaline.name) in shown
    speak("de")
    assert str(play_refusal(adrenaline, now, frozenset())).startswith("Die Karte ")


def test_a_units_faults_list_the_factions_and_the_limits_in_words(speak):
    cards = starter_set()
    stray = Unit("Test", FACTION, "nobody", 120, (Member("yuri", "Yuri", True),))
    speak("fr")
    shown = [reason.render() for _where, reason in units.faults(stray, cards)]
    factions = next(line for line in shown if line.startswith("Il n'y a pas de faction"))
    assert " et " in factions
    assert "Une unité se construit à 100, 150 ou 200 points, pas à 120." in shown
    allegiance = Unit("Test", FACTION, "jokergang", 100, (Member("yuri", "Yuri", True), Member("dzala", "Dzala")))
    wrong = [reason.render() for _where, reason in units.faults(allegiance, cards)]
    assert any(line.startswith("La faction de Dzala est ") for line in wrong), wrong


def test_the_ap_left_after_a_move_is_counted(speak):
    state = position(
        warriors=[Warrior(0, (100, 300), "yuri", ap=2), Warrior(1, (500, 300))], phase=ACTIVATION, active="w1"
    )
    speak("fr")
    lines = act(state, "move", model="w1", path=((100.0, 300.0), (120.0, 300.0)))
    assert lines[0].endswith("PA restant\xa0: 1."), lines


def test_a_cards_name_in_the_attacks_lines_is_translated_where_shown(speak):
    from tabletop.games.skirmish.play.attack import Given, Outcome
    from tabletop.i18n import Message

    cards = {"m1": starter_set().card("marauder")}
    outcome = Outcome(True, (), (Given("m1", "fire", 1),), Message("{line}", {"line": "-"}))
    speak("de")
    lines = [event.message.render() for event in outcome.events(cards)]
    assert lines[1] == "Marodeur bekommt 1 Brandmarker."


def test_an_ability_a_warrior_lacks_is_named_by_its_translated_name_never_its_key(speak):
    state = position(warriors=[Warrior(0, (100, 300), "hale"), Warrior(1, (400, 300))], phase=ACTIVATION, active="w1")
    speak("de")
    assert refused(state, "use", model="w1", ability="healer", target="w1") == "Hale hat keine Aktionsfähigkeit Heiler."
    assert "laser_eyes" not in refused(state, "use", model="w1", ability="laser_eyes", target="w1")
