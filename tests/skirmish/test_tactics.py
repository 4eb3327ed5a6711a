"""Tactical cards in play (rulebook L200-218, L360, L392-396; DECISIONS.md S7, S10,
S13, S28): the deck a unit may use, the hand, and when a card may be played or
revoked (play/tactics.py)."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.play import weather_play
from tabletop.games.skirmish.play.tactics import (
    Occasion,
    deck,
    hand_refusal,
    hand_size,
    play_refusal,
    revoke_refusal,
    shared_symbols,
)
from tabletop.games.skirmish.schema import TACTICS_FILE, bundled

NEUTRAL = ["adrenaline", "cover", "first_aid", "caltrops"]


def cards():
    return {card.key: card for card in bundled()[TACTICS_FILE].cards}


def keys(found):
    return [card.key for card in found]


def test_a_chaos_stigma_units_deck_is_the_neutral_cards_and_panic_not_battle_cry():
    # A26: Yuri, Dzala, Voss, Kira chose the Chaos stigma
    assert keys(deck(cards().values(), "chaos")) == [*NEUTRAL, "panic"]


def test_a_faction_units_deck_is_the_neutral_cards_and_its_factions():
    assert keys(deck(cards().values(), "jokergang")) == [*NEUTRAL, "battle_cry"]
    assert keys(deck(cards().values(), "clan_bamaka")) == [*NEUTRAL, "contaminated_area"]
    assert keys(deck(cards().values(), None)) == NEUTRAL


def test_with_the_option_a_symbol_all_warriors_share_adds_its_cards():
    # S7 option: a Jokergang unit whose warriors all bear the Chaos stigma
    shared = shared_symbols(["jokergang", "jokergang"], ["chaos", "chaos"])
    assert shared == {"jokergang", "chaos"}
    assert keys(deck(cards().values(), "jokergang", shared)) == [*NEUTRAL, "battle_cry", "panic"]
    assert shared_symbols(["jokergang", "isc"], ["chaos", "order"]) == set()
    assert shared_symbols(["isc", "isc"], [None, None]) == {"isc"}


def test_the_hand_is_the_leaders_psi_in_different_cards_or_the_whole_deck():
    assert hand_size(3, 5) == 3
    assert hand_size(6, 5) == 5  # S13: fewer eligible cards than PSI: all of them
    found = deck(cards().values(), "chaos")
    assert hand_refusal(["adrenaline", "panic", "cover"], found, 3) is None
    assert "different" in str(hand_refusal(["adrenaline", "adrenaline", "cover"], found, 3))
    assert "holds 3 cards, not 2" in str(hand_refusal(["adrenaline", "cover"], found, 3))
    assert "not in this unit's deck" in str(hand_refusal(["adrenaline", "battle_cry", "cover"], found, 3))
    assert str(hand_refusal(["adrenaline", "cover"], found, 1)) == "The hand holds 1 card, not 2."


HAND = frozenset(cards())


def now(**changes):
    values = {"round": 2, "moment": "tactical_phase", "sp": 4}
    values.update(changes)
    return Occasion(**values)


def test_paying_for_and_revoking_a_card():
    # A79: A begins round 2 with 4 SP and plays Fußangeln (Taktische Phase, Widerruf 2);
    # B (5 SP) may revoke it for 2; a player with 1 SP cannot play a card
    caltrops = cards()["caltrops"]
    assert play_refusal(caltrops, now(), HAND) is None
    assert revoke_refusal(caltrops, 5) is None
    assert "costs 2 SP; the pool holds 1" in str(revoke_refusal(caltrops, 1))
    assert "A card costs 2 SP; the pool holds 1" in str(play_refusal(cards()["adrenaline"], now(sp=1), HAND))
    assert "cannot be revoked" in str(revoke_refusal(cards()["adrenaline"], 5))


def test_in_a_snowstorm_a_card_costs_3_sp():
    # A80 (L822): a player with 2 SP cannot play one; the cost is the weather's (weather.yaml)
    snowstorm = next(weather for weather in weather_play.data().weathers if weather.key == "snowstorm")
    assert snowstorm.card_cost == 3
    cost = snowstorm.card_cost
    assert "costs 3 SP; the pool holds 2" in str(play_refusal(cards()["adrenaline"], now(sp=2, cost=cost), HAND))
    assert play_refusal(cards()["adrenaline"], now(sp=3, cost=cost), HAND) is None


def test_a_card_without_taktische_phase_is_played_when_its_text_says():
    # A82: Deckung when a shot is declared at one's warrior; Adrenalin in the activation phase: refused
    cover, adrenaline = cards()["cover"], cards()["adrenaline"]
    assert play_refusal(cover, now(moment="ranged_attack_on_friend"), HAND) is None
    assert "only be played in the tactical phase" in str(play_refusal(adrenaline, now(moment="friend_active"), HAND))
    assert "when its text says" in str(play_refusal(cover, now(), HAND))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"leader_lost": True}, "leader was put out of action plays no more cards"),
        ({"jammed": True}, "No more cards may be played this round"),
        ({"played": frozenset({"adrenaline"})}, "already been played in this game"),
        ({"played_this_phase": True}, "at most one card in the tactical phase"),
    ],
)
def test_a_card_is_refused_when(changes, words):
    assert words in str(play_refusal(cards()["adrenaline"], now(**changes), HAND))


def test_a_side_without_its_leader_may_still_revoke():
    # S10: no more cards, but Widerruf allowed (revoking asks nothing of the leader)
    assert revoke_refusal(cards()["caltrops"], 2) is None


def test_erste_runde_only_in_the_first_round_and_only_cards_in_the_hand():
    area = cards()["contaminated_area"]
    assert play_refusal(area, now(round=1), HAND) is None
    assert "only be played in the first round" in str(play_refusal(area, now(round=2), HAND))
    assert "not in the hand" in str(play_refusal(area, now(round=1), frozenset({"adrenaline"})))
