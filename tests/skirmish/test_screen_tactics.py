"""The tactical cards on the skirmish screen, as players use them: the hand chosen
behind the curtain from the deck's cards with a counter and "Take this hand"; the
tactical phase's hand with "Play" on each card (off with the rules' reason), the
warriors a card reaches picked in the panel, "Play no card"; the opponent's
"Revoke (X SP)" and "Let it stand"; the hand sizes in the players' summary. Every
test runs at both window sizes."""

from __future__ import annotations

from driving import Painted, control, open_game, press

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.state import NAMING, REVOKING, TACTICS

from .test_tactical_moments import in_activation
from .test_tactical_phase import HAND_A, HAND_B, at_hands, in_tactical_phase, model


def revealed(app, game) -> None:
    """The seat to act takes the laptop: the curtain opens."""
    if game.curtain_closed:
        game.reveal()
    app.run_until_idle()


def drawn(app, game, monkeypatch) -> Painted:
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.view.draw(app.surface)
    return painted


def test_the_hand_is_chosen_behind_the_curtain_from_the_decks_cards(app, monkeypatch):
    match = at_hands()
    game = open_game(app, match)
    assert game.curtain_closed  # A chooses in private: the curtain covers the panel
    assert game.curtain_rect().contains(game.view.side.rect)
    revealed(app, game)
    painted = drawn(app, game, monkeypatch)
    panel = game.view.side.rect
    assert {"Your deck", "Adrenaline", "Cover", "First aid", "Caltrops", "Battle cry"} <= set(painted.within(panel))
    # Tony's PSI 5 and a deck of 5: all of it, chosen already
    assert any("Chosen 5 of 5 cards" in text for text in painted.drawn())
    press(app, game, "take_hand")
    assert match.state.hands[0] == list(HAND_A)
    assert game.curtain_closed  # B's turn behind the curtain
    revealed(app, game)
    assert not control(game, "take_hand").enabled  # none chosen of 4
    for key in ("adrenaline", "cover", "caltrops", "holy_fear"):
        press(app, game, f"deck-{key}")
    assert not control(game, "deck-first_aid").enabled  # the hand is full
    assert "put a card back" in control(game, "deck-first_aid").tooltip
    assert any("Chosen 4 of 4 cards" in text for text in drawn(app, game, monkeypatch).drawn())
    press(app, game, "deck-cover")  # put back
    press(app, game, "deck-first_aid")
    press(app, game, "take_hand")
    assert match.state.hands[1] == ["adrenaline", "caltrops", "holy_fear", "first_aid"]


def test_the_tactical_phase_shows_the_hand_with_play_on_each_card(app, monkeypatch):
    match = in_tactical_phase()
    game = open_game(app, match)
    assert game.curtain_closed and game.curtain_rect().contains(game.view.side.rect)
    assert game.view.ctx.view().seats[0].hand is None  # nothing of the hand behind the curtain
    revealed(app, game)
    painted = drawn(app, game, monkeypatch)
    assert {"Your tactical hand", "Adrenaline", "Battle cry"} <= set(painted.within(game.view.side.rect))
    # Cover waits for a ranged attack on a friend: off, with the reason
    cover = control(game, "play-cover")
    assert not cover.enabled and "when its text says" in cover.tooltip
    assert control(game, "play-adrenaline").enabled
    # Battle cry reaches two friends: picked in the panel, then played
    press(app, game, "play-battle_cry")
    assert match.state.phase == TACTICS and not match.state.played
    assert any("pick 2 warriors" in text for text in drawn(app, game, monkeypatch).drawn())
    tony, yuri = model(match, "Tony"), model(match, "Yuri")
    press(app, game, f"reach-{tony}")
    press(app, game, f"reach-{yuri}")
    press(app, game, "play-battle_cry")
    assert match.state.played[-1]["card"] == "battle_cry"
    assert match.state.models[tony]["markers"]["rage"] == 1 and match.state.models[yuri]["markers"]["rage"] == 1
    assert match.state.sp[0] == 12 and match.actor == 1


def test_play_no_card_ends_the_tactical_phase(app):
    match = in_tactical_phase()
    game = open_game(app, match)
    revealed(app, game)
    press(app, game, "no_card")
    revealed(app, game)
    press(app, game, "no_card")
    assert match.state.phase == NAMING


def test_the_opponent_revokes_or_lets_stand_a_card_with_widerruf(app, monkeypatch):
    match = in_tactical_phase()
    match.act(Action("play_card", card="caltrops", targets=(model(match, "Kira"),)))
    assert match.state.phase == REVOKING
    game = open_game(app, match)
    revealed(app, game)
    painted = drawn(app, game, monkeypatch)
    assert "Caltrops" in painted.within(game.view.side.rect)
    assert any("Played on: Kira" in text for text in painted.drawn())
    revoke = control(game, "revoke")
    assert revoke.enabled
    assert control(game, "let_stand").enabled
    press(app, game, "revoke")
    assert match.state.played[-1]["revoked"] is True and match.state.sp == [12, 8]


def test_the_hand_sizes_are_in_the_players_summary(app):
    match = in_tactical_phase()
    game = open_game(app, match)
    details = [" · ".join(summary.details) for summary in game.view.players_summary()]
    assert "5 in hand" in details[0] and "4 in hand" in details[1]
    match.act(Action("play_card", card="adrenaline", targets=(model(match, "Tony"),)))
    game.view.refresh()
    details = [" · ".join(summary.details) for summary in game.view.players_summary()]
    assert "4 in hand" in details[0]


def test_hands_not_yet_chosen_show_no_size(app):
    match = at_hands()
    game = open_game(app, match)
    assert all("in hand" not in " ".join(summary.details) for summary in game.view.players_summary())
    assert HAND_B  # B's hand comes later


def test_a82_cover_is_played_on_the_screen_when_a_shot_at_kira_is_declared(app, monkeypatch):
    """A's Tony shoots at Kira: the curtain closes for B, whose hand shows with "Play"
    (Cover on, Adrenaline off with its reason) and "Play no card"; B plays Cover, A
    lets it stand, and the shot is rolled with Tony's KAT 2 lower."""
    from .test_tactical_moments import in_activation

    match = in_activation()
    game = open_game(app, match)
    revealed(app, game)
    tony, kira = model(match, "Tony"), model(match, "Kira")
    game.view.ctx.submit(Action("shoot", model=tony, item="pistol", target=kira))
    app.run_until_idle()
    assert match.actor == 1 and game.curtain_closed  # B decides behind the curtain
    assert game.curtain_rect().contains(game.view.side.rect)
    assert game.view.ctx.view().seats[1].hand is None
    revealed(app, game)
    painted = drawn(app, game, monkeypatch)
    assert {"Your tactical hand", "Cover", "Adrenaline", "Play no card"} <= set(painted.within(game.view.side.rect))
    assert game.view.prompt() == "Before the roll: play a card of your hand, or none."
    assert game.view.end_kind() == "no_card"  # Enter plays no card
    assert not control(game, "play-adrenaline").enabled
    assert "only be played in the tactical phase" in control(game, "play-adrenaline").tooltip
    assert control(game, "no_card").enabled
    press(app, game, "play-cover")
    assert match.state.played[-1]["card"] == "cover" and match.state.phase == REVOKING
    revealed(app, game)
    press(app, game, "let_stand")
    # the shot is rolled at once (the app rolls the dice) with Tony's KAT 2 lower
    assert "Cover: Tony has KAT -2 for this attack." in [e.message.render(["A", "B"]) for s in match.history for e in s]
    assert match.state.played[-1]["revoked"] is False


def test_play_no_card_before_the_roll_lets_the_shot_be_rolled(app):
    from tabletop.engine.core import CHANCE

    from .test_tactical_moments import in_activation

    match = in_activation()
    game = open_game(app, match)
    revealed(app, game)
    game.view.ctx.submit(Action("shoot", model=model(match, "Tony"), item="pistol", target=model(match, "Kira")))
    app.run_until_idle()
    revealed(app, game)
    press(app, game, "no_card")
    # the shot is rolled (the app rolls the dice at once) and nothing was played
    assert match.state.pending is None or match.actor == CHANCE
    assert not match.state.played
    assert "B plays no card." in [e.message.render(["A", "B"]) for s in match.history for e in s]


def test_contaminated_area_is_laid_with_a_click_on_the_table(app, monkeypatch):
    """Play on Contaminated area picks it; a click on the table lays the explosion
    template there and every warrior under it gets a poison marker."""
    from driving import click

    match = in_tactical_phase()
    match.state.hands[0] = ["contaminated_area", "adrenaline"]
    game = open_game(app, match)
    revealed(app, game)
    press(app, game, "play-contaminated_area")
    assert not match.state.played
    assert "Contaminated area: click the table where its template lies." in " ".join(
        drawn(app, game, monkeypatch).drawn()
    )
    tony = model(match, "Tony")
    at = game.view.camera.to_screen(tuple(match.state.models[tony]["position"]))
    click(app, (round(at[0]), round(at[1])))
    assert match.state.played[-1]["card"] == "contaminated_area"
    assert match.state.models[tony]["markers"]["poison"] == 1


def test_a82_first_aid_is_played_on_the_screen_during_the_activation_behind_the_curtain(app, monkeypatch):
    """During Tony's activation, wounded in the arms and the torso: "Tactical card ..."
    beside "End activation" opens A's hand behind the curtain (the panel covered until
    A takes the laptop); First aid's "Play" asks for the wounded zone, the arms heal
    once B lets it stand, and the activation goes on with the hand hidden again."""
    from tabletop.games.skirmish.play.state import ACTIVATION
    from tabletop.games.skirmish.play.warriors import card

    from .test_tactical_moments import in_activation

    match = in_activation()
    tony = model(match, "Tony")
    entry = match.state.models[tony]
    entry["marks"] = list(card(entry).wound("arms").wound("torso").marks)
    game = open_game(app, match)
    revealed(app, game)
    assert game.view.ctx.view().seats[0].hand is None  # the activation shows no hand
    painted = drawn(app, game, monkeypatch)
    assert {"End activation", "Tactical card ..."} <= set(painted.within(game.view.side.rect))
    assert "Your tactical hand" not in painted.drawn()
    press(app, game, "open_hand")
    assert match.state.card_moment and game.curtain_closed  # the other seat looks away first
    assert game.curtain_rect().contains(game.view.side.rect)
    assert game.view.ctx.view().seats[0].hand is None
    revealed(app, game)
    painted = drawn(app, game, monkeypatch)
    assert {"Your tactical hand", "First aid", "Play no card"} <= set(painted.within(game.view.side.rect))
    assert game.view.prompt() == "Your activation: play a card of your hand on the active warrior, or none."
    assert game.view.end_kind() == "no_card"
    assert not control(game, "play-adrenaline").enabled
    press(app, game, "play-first_aid")  # two wounded zones: which one
    painted = drawn(app, game, monkeypatch)
    assert {"Arms", "Torso"} <= set(painted.within(game.view.side.rect))
    assert any("pick the wounded" in text for text in painted.drawn())
    press(app, game, "zone-arms")
    assert match.state.played[-1]["card"] == "first_aid" and match.state.phase == REVOKING
    revealed(app, game)
    press(app, game, "let_stand")
    assert card(entry).healable() == ("torso",)
    assert match.state.phase == ACTIVATION and match.state.active == tony and not game.curtain_closed
    painted = drawn(app, game, monkeypatch)
    assert "Your tactical hand" not in painted.drawn()
    assert "Tactical card ..." not in painted.drawn()  # First aid is played: the deck holds no other


def test_the_hand_opened_in_the_activation_closes_with_play_no_card(app, monkeypatch):
    from .test_tactical_moments import in_activation

    match = in_activation()
    game = open_game(app, match)
    revealed(app, game)
    press(app, game, "open_hand")
    revealed(app, game)
    press(app, game, "no_card")
    assert not match.state.card_moment and not match.state.played
    assert "Your tactical hand" not in drawn(app, game, monkeypatch).drawn()


def test_the_note_says_to_play_the_card_once_its_warriors_are_picked(app, monkeypatch):
    """Found at the table: with the two warriors of Battle cry picked, the note still
    said only to pick them, and the button under it read "Play no card"."""
    match = in_tactical_phase()
    game = open_game(app, match)
    revealed(app, game)
    press(app, game, "play-battle_cry")
    words = " ".join(drawn(app, game, monkeypatch).drawn())  # the note is wrapped over lines
    assert "pick 2 warriors it reaches, then Play." in words


def test_the_header_asks_for_the_revoke_while_a_card_played_at_an_attack_waits_for_it(app, monkeypatch):
    """Cover played at a shot's moment: the attack waits for A's revoke, and the
    header says so (not that the attack waits for its rolls)."""
    match = in_activation()
    match.act(Action("shoot", model=model(match, "Tony"), item="pistol", target=model(match, "Kira")))
    match.act(Action("play_card", card="cover", targets=()))
    assert match.state.phase == REVOKING and match.state.pending is not None
    game = open_game(app, match)
    revealed(app, game)
    painted = Painted(monkeypatch)
    game._chrome_key = None  # the top bar drawn anew (kept while it shows the same)
    game.draw(app.surface)
    said = painted.drawn()
    assert any("revoke it by paying its SP" in text for text in said)
    assert not any("waits for its rolls" in text for text in said)
