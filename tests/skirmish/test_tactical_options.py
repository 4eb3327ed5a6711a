"""The options of the tactical cards (DECISIONS S7, S28): a unit's deck also holds the
cards of a symbol all its warriors share; a card's name is played once by each
player instead of once a game. Offered in the new-game screen, read by the rules."""

from __future__ import annotations

import driving
import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.options import CARD_NAMES, DECK_SYMBOLS, RULEBOOK
from tabletop.games.skirmish.play import hands
from tabletop.games.skirmish.play.units import Member, Unit

from .test_preparation import book_match, refused
from .test_tactical_phase import in_tactical_phase, model

#: a faction unit of the Jokergang whose warriors all bear the stigma Zerstörung (Vladd alone)
VLADD_ALONE = Unit("Vladd", "faction", "jokergang", 100, (Member("vladd", "Vladd", True),))
#: a stigma unit of Chaos whose warriors are all of the Jokergang (Yuri alone)
YURI_ALONE = Unit("Yuri", "stigma", "chaos", 100, (Member("yuri", "Yuri", True),))


def deck_keys(match, side: int) -> list[str]:
    return [card.key for card in hands.deck_of(match.state, side)]


def test_s7_by_the_book_a_deck_holds_the_neutral_cards_and_the_chosen_symbols():
    match = book_match(unit_1=VLADD_ALONE.to_setup(), unit_2=YURI_ALONE.to_setup())
    assert RULEBOOK[DECK_SYMBOLS] == "chosen"
    assert deck_keys(match, 0) == ["adrenaline", "cover", "first_aid", "caltrops", "battle_cry"]
    assert deck_keys(match, 1) == ["adrenaline", "cover", "first_aid", "caltrops", "panic"]


def test_s7_option_a_symbol_all_the_units_warriors_share_counts_for_the_deck():
    match = book_match(unit_1=VLADD_ALONE.to_setup(), unit_2=YURI_ALONE.to_setup(), deck_symbols="shared")
    # Vladd bears Zerstörung: Zerstörungswut joins; Yuri is of the Jokergang: Schlachtruf joins
    assert deck_keys(match, 0) == ["adrenaline", "cover", "first_aid", "caltrops", "battle_cry", "destructive_rage"]
    assert deck_keys(match, 1) == ["adrenaline", "cover", "first_aid", "caltrops", "battle_cry", "panic"]
    # unit B's warriors share no symbol beyond its faction: its deck is as by the book
    mixed = book_match(deck_symbols="shared")
    assert deck_keys(mixed, 1) == deck_keys(book_match(), 1)


def test_s28_option_a_name_once_per_player():
    """With the option B may play Adrenaline after A played his; A's own Adrenaline is spent."""
    match = in_tactical_phase(card_names="player")
    match.act(Action("play_card", card="adrenaline", targets=(model(match, "Tony"),)))
    assert match.actor == 1
    match.act(Action("play_card", card="adrenaline", targets=(model(match, "Kira"),)))
    assert [entry["card"] for entry in match.state.played] == ["adrenaline", "adrenaline"]
    # by the book the second is refused
    book = in_tactical_phase()
    assert RULEBOOK[CARD_NAMES] == "game"
    book.act(Action("play_card", card="adrenaline", targets=(model(book, "Tony"),)))
    assert refused(book, Action("play_card", card="adrenaline", targets=(model(book, "Kira"),))) == (
        "The card Adrenaline has already been played in this game."
    )


def test_s28_option_still_once_for_the_same_player():
    from tabletop.games.skirmish.play import tactical_phase

    match = in_tactical_phase(card_names="player")
    match.act(Action("play_card", card="adrenaline", targets=(model(match, "Tony"),)))
    assert tactical_phase.played_names(match.state, 0) == frozenset({"adrenaline"})
    assert tactical_phase.played_names(match.state, 1) == frozenset()


def test_the_card_options_are_chosen_on_the_new_game_screen_and_reach_the_match(app):
    from tabletop.ui.game_screen import GameScreen
    from tabletop.ui.newgame import NewGame

    rect = next(r for r, info in app.top.cards if info.id == "skirmish")
    driving.click(app, (rect.centerx, rect.y + rect.h // 4))
    screen = app.top
    assert isinstance(screen, NewGame)
    for key, value in ((DECK_SYMBOLS, "shared"), (CARD_NAMES, "player")):
        spec = next(s for s in screen.specs if s.key == key)
        assert spec.default == RULEBOOK[key]
        chip = screen.option_chips[key][[v for v, _label in spec.choices].index(value)]
        for _ in range(40):  # the options scroll: the wheel brings the chip into sight
            if screen.options_view.contains(chip.rect):
                break
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
            )
            app.run_until_idle()
        driving.click(app, chip.rect.center)
        assert screen.options[key] == value
    start = next(b for b in screen.ui.get_sprite_group().sprites() if getattr(b, "text", "") == "Start the game")
    driving.click(app, start.rect.center)
    assert isinstance(app.top, GameScreen)
    options = app.top.match.state.options
    assert options[DECK_SYMBOLS] == "shared" and options[CARD_NAMES] == "player"
