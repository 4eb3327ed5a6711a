"""The game screen, played with posted clicks and keys: curtain, cards, undo/redo,
real dice, help, menu, save, result, log."""

from __future__ import annotations

import random

import pygame
import pytest
from driving import player_actions

from tabletop.engine.core import CHANCE, Action, Event
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import Autosaver, load_match, saves_dir
from tabletop.games import registry
from tabletop.i18n import Message
from tabletop.ui import theme as th
from tabletop.ui.dialogs import DiceDialog, MenuDialog, ResultDialog, SaveDialog
from tabletop.ui.game_screen import GameLog, GameScreen, last_roll
from tabletop.ui.help import HelpDialog
from tabletop.ui.launcher import Launcher

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def game(app, match):
    """The game screen showing `match`, autosaving."""
    saver = Autosaver(match)
    saver.save()
    assert app.open_match(match, saver)
    app.run_until_idle()
    screen = app.top
    assert isinstance(screen, GameScreen)
    return screen


def test_curtain_hides_the_hand_until_clicked(app, ui, game, match):
    holder = match.rules.secret_holder(match.state)
    assert holder == match.actor
    assert game.curtain_closed and game.revealed is None
    assert game.view.ctx.view().hand is None
    head, sub, _seat = game.turn_text()
    assert match.player_names[holder] in sub
    ui.click(game.curtain_rect().center)
    assert game.revealed == holder and not game.curtain_closed
    assert game.view.ctx.view().hand == match.view(holder).hand


def test_space_opens_the_curtain(ui, game, match):
    ui.key(pygame.K_SPACE)
    assert game.revealed == match.actor


def test_without_curtain_the_hand_shows_at_once(app, match, settings):
    settings.curtain = False
    assert app.open_match(match, None)
    assert app.top.revealed == match.actor


def test_clicking_a_card_plays_it_and_the_curtain_closes_for_the_next_player(app, ui, game, match):
    ui.key(pygame.K_SPACE)
    seat = match.actor
    rect, card = game.view.hand_rects[0]
    ui.click(rect.center)
    assert player_actions(match)[-1] == Action("play", card=card)
    assert match.actor != seat and match.actor != CHANCE
    assert game.curtain_closed and game.revealed is None
    assert game.view.ctx.view().hand is None
    assert load_match(game.saver.path).hash() == match.hash()


def test_hold_button_and_keys_play(app, ui, game, match):
    ui.key(pygame.K_SPACE)
    ui.click(game.view.hold.rect.center)
    assert player_actions(match)[-1] == Action("hold")
    ui.key(pygame.K_SPACE)
    ui.key(pygame.K_h)
    assert player_actions(match)[-2:] == [Action("hold"), Action("hold")]
    ui.key(pygame.K_SPACE)
    card = game.view.hand_rects[0][1]
    ui.key(pygame.K_1)
    assert player_actions(match)[-1] == Action("play", card=card)


def test_no_shortcut_acts_while_a_text_field_has_the_focus_nor_with_ctrl_alt_or_meta(app, ui, game, match):
    ui.key(pygame.K_SPACE)
    field = game.entry(pygame.Rect(10, 10, 200, 40))
    field.focus()
    app.run_until_idle()
    assert app.focused_entry() is field
    for code in (pygame.K_h, pygame.K_1, pygame.K_PAGEUP):
        ui.key(code)
    assert player_actions(match) == []
    field.unfocus()
    app.run_until_idle()
    for mod in (pygame.KMOD_LCTRL, pygame.KMOD_RALT, pygame.KMOD_LMETA, pygame.KMOD_MODE):
        ui.key(pygame.K_h, mod)
        ui.key(pygame.K_1, mod)
    assert player_actions(match) == []
    # without the focus in a field, the plain key (Num Lock on) plays
    ui.key(pygame.K_h, pygame.KMOD_NUM)
    assert player_actions(match) == [Action("hold")]


def test_a_board_button_shows_its_tooltip_once_the_pointer_rests_on_it(app, ui, game, monkeypatch):
    ui.key(pygame.K_SPACE)
    hold = game.view.hold.rect
    ui.move(hold.center)
    assert ui.tooltips() == []  # not at once
    assert app.wait_timeout() is not None  # the loop wakes for it
    monkeypatch.setattr("tabletop.ui.game_screen.screen.TOOLTIP_DELAY", 0.0)
    ui.move((hold.centerx + 1, hold.centery))  # the same control: still waiting for the first delay
    ui.move(game.felt.center)
    ui.move(hold.center)
    assert ui.tooltips() == ["Hold: score 1 point (H)"]
    ui.move((hold.centerx + 2, hold.centery + 1))
    assert ui.tooltips() == ["Hold: score 1 point (H)"]
    ui.move(game.felt.topleft)
    assert ui.tooltips() == []
    ui.move(hold.center)
    assert len(ui.tooltips()) == 1
    ui.key(pygame.K_h)  # acting takes it away (the curtain closes, too)
    assert ui.tooltips() == []


def test_no_board_tooltip_behind_the_closed_curtain(app, ui, game, monkeypatch):
    monkeypatch.setattr("tabletop.ui.game_screen.screen.TOOLTIP_DELAY", 0.0)
    assert game.curtain_closed
    ui.move(game.view.hold.rect.center)
    assert ui.tooltips() == [] and game.board_tooltip(game.view.hold.rect.center) is None
    ui.click(game.curtain_rect().center)
    ui.move(game.view.hold.rect.center)
    assert ui.tooltips() == ["Hold: score 1 point (H)"]


def test_a_played_card_animates_then_the_app_sleeps(app, ui, game, match):
    ui.key(pygame.K_SPACE)
    rect, card = game.view.hand_rects[0]
    ui.post_click(rect.center)
    app.process(pygame.event.get())
    assert game.is_animating()
    assert app.wait_timeout() is not None
    app.run_until_idle()
    assert not game.is_animating()
    assert app.wait_timeout() is None


def test_an_illegal_action_shows_its_reason(app, game):
    game.reveal()
    assert game.submit(Action("play", card=99)) is False
    assert app.toast_text


def test_nothing_private_is_offered_behind_the_curtain(game):
    assert game.curtain_closed
    assert game.view.ctx.legal_actions() == []
    game.reveal()
    assert game.view.ctx.legal_actions() == game.match.legal_actions()


@pytest.mark.parametrize("redo_key,redo_mod", [(pygame.K_y, CTRL), (pygame.K_z, CTRL | pygame.KMOD_LSHIFT)])
def test_undo_and_redo_with_keys(app, ui, match, settings, redo_key, redo_mod):
    settings.dice_mode = "physical"
    assert app.open_match(match, Autosaver(match))
    app.run_until_idle()
    game = app.top
    ui.key(pygame.K_SPACE)
    before = len(match.log)
    ui.key(pygame.K_h)
    assert len(match.log) == before + 1
    assert isinstance(app.top, DiceDialog)  # the next player's roll waits for real dice
    ui.key(pygame.K_ESCAPE)
    assert app.top is game and match.can_undo
    ui.key(pygame.K_z, CTRL)
    assert len(match.log) == before and match.can_redo
    assert load_match(game.saver.path).hash() == match.hash()
    ui.key(redo_key, redo_mod)
    assert player_actions(match)[-1] == Action("hold")
    assert isinstance(app.top, DiceDialog)


def test_undo_button_follows_the_match(app, ui, match, settings):
    settings.dice_mode = "physical"
    app.open_match(match, None)
    app.run_until_idle()
    game = app.top
    assert not game.buttons["undo"].is_enabled
    ui.key(pygame.K_SPACE)
    ui.key(pygame.K_h)
    ui.key(pygame.K_ESCAPE)
    assert game.buttons["undo"].is_enabled
    ui.press("Undo")
    assert game.buttons["redo"].is_enabled and not game.buttons["undo"].is_enabled


def hold_with_real_dice(app, ui, match, settings):
    """In real-dice mode the first player holds: the next player's die is asked for."""
    settings.dice_mode = "physical"
    app.open_match(match, None)
    app.run_until_idle()
    ui.key(pygame.K_SPACE)
    ui.key(pygame.K_h)


def test_real_dice_are_entered_by_clicking_faces(app, ui, match, settings):
    hold_with_real_dice(app, ui, match, settings)
    dialog = app.top
    assert isinstance(dialog, DiceDialog)
    assert not ui.button("Confirm").is_enabled
    rect, face = dialog.face_rects[0][3]
    ui.click(rect.center)
    assert dialog.faces == [face]
    ui.press("Confirm")
    assert match.log[-1].actor == CHANCE
    assert match.log[-1].action["outcome"] == (face,)
    assert match.view(None).die == face


def test_the_app_may_roll_in_real_dice_mode(app, ui, match, settings):
    hold_with_real_dice(app, ui, match, settings)
    ui.press("Let the app roll")
    assert match.log[-1].actor == CHANCE and match.actor != CHANCE


def test_dice_tray_shows_the_last_roll(game, match):
    event, _index = last_roll(match)
    assert event is not None and event.kind == "dice"
    assert event.data["faces"] == [match.view(None).die]


def test_f1_lists_global_and_game_keys(app, ui, game):
    ui.key(pygame.K_F1)
    assert isinstance(app.top, HelpDialog)
    keys = [k for k, _what in app.shortcuts()]
    for expected in ("F1", "F11", "Esc", "Ctrl+Z", "Ctrl+Y", "Ctrl+S", "H"):
        assert expected in keys
    ui.key(pygame.K_F1)
    assert app.top is game


def test_f1_says_what_the_rules_allow_now_from_the_declared_moves(app, ui, game, match, monkeypatch):
    """The help lists each move of the current phase with its declared help, and
    draws them: taking the list away changes the picture."""
    from tabletop.games.testgame.rules import HOLD, PLAY

    assert app.moves_now() == [PLAY.help, HOLD.help]
    ui.key(pygame.K_F1)
    dialog = app.top
    assert isinstance(dialog, HelpDialog)
    with_moves = pygame.Surface(app.surface.get_size())
    dialog.draw(with_moves)
    monkeypatch.setattr(app, "moves_now", lambda: [])
    app.rebuild(dialog)  # the help reads the moves when it opens
    without = pygame.Surface(app.surface.get_size())
    dialog.draw(without)
    changed = sum(
        1
        for x in range(0, with_moves.get_width(), 4)
        for y in range(0, with_moves.get_height(), 4)
        if with_moves.get_at((x, y)) != without.get_at((x, y))
    )
    assert changed > 100


def test_escape_menu_resumes_and_goes_back(app, ui, game):
    ui.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuDialog)
    ui.press("Resume")
    assert app.top is game
    ui.press("Menu")
    ui.press("Back to the launcher")
    assert isinstance(app.top, Launcher) and len(app.layers) == 1


def test_menu_quit_ends_the_loop(app, ui, game):
    ui.key(pygame.K_ESCAPE)
    ui.press("Quit")
    assert app.running is False


def test_ctrl_s_saves_under_a_name(app, ui, game, match):
    ui.key(pygame.K_s, CTRL)
    dialog = app.top
    assert isinstance(dialog, SaveDialog)
    dialog.field.set_text("")
    ui.type_into(dialog.field, "Friday night")
    ui.key(pygame.K_RETURN)
    assert app.top is game
    path = saves_dir() / "Friday night.json"
    assert path.exists()
    assert load_match(path).hash() == match.hash()
    assert "Friday night" in app.toast_text


def test_save_needs_a_name(app, ui, game):
    ui.press("Save")
    dialog = app.top
    dialog.field.set_text("  ")
    ui.press("Save")
    assert app.top is dialog and dialog.error


def test_the_end_shows_the_result_and_leads_back(app, ui):
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules, names=["Ann", "Bob"]), 9)
    play_random(match, random.Random(9))
    assert match.over
    app.open_match(match, None)
    app.run_until_idle()
    dialog = app.top
    assert isinstance(dialog, ResultDialog)
    winner = match.player_names[match.result().winners[0]]
    assert winner in dialog.dialog_title()
    ui.press("Back to the launcher")
    assert isinstance(app.top, Launcher)


class _Entry:
    def __init__(self, actor):
        self.actor = actor


class _History:
    """Just what the log reads of a match."""

    player_names = ["Ann", "Bob"]

    def __init__(self, steps):
        self.log = [_Entry(actor) for actor, _events in steps]
        self.history = [events for _actor, events in steps]


def test_log_shows_a_private_event_only_to_its_seat():
    private = Event(
        Message("{player} draws {card}.", {"player": 0, "card": 7}),
        seat=0,
        public=Message("{player} draws a card.", {"player": 0}),
    )
    steps = [(0, [private]), (1, [Event(Message("{player} holds.", {"player": 1}))])]
    log = GameLog()
    assert [text for _a, text in log.entries(_History(steps), 0)] == ["Ann draws 7.", "Bob holds."]
    assert [text for _a, text in log.entries(_History(steps), 1)] == ["Ann draws a card.", "Bob holds."]
    assert [text for _a, text in log.entries(_History(steps), None)] == ["Ann draws a card.", "Bob holds."]


def test_log_shows_a_shared_private_event_once_to_each_seat():
    """A theft: the thief and the robbed read which card, once; the others that a card was taken."""
    theft = Event(
        Message("{player} takes {card} from {other_player}.", {"player": 0, "other_player": 1, "card": "ore"}),
        seat=0,
        shared_with=(1,),
        public=Message("{player} takes a card from {other_player}.", {"player": 0, "other_player": 1}),
    )
    log = GameLog()
    for seat in (0, 1):
        assert [text for _a, text in log.entries(_History([(0, [theft])]), seat)] == ["Ann takes ore from Bob."]
    assert [text for _a, text in log.entries(_History([(0, [theft])]), None)] == ["Ann takes a card from Bob."]


def test_a_log_line_carries_the_colour_of_the_side_it_is_about():
    """Bob's move ends the bid: the line saying Ann won is about Ann; a line about no
    side is neutral; a roll keeps its die; a line naming nobody keeps the mover's."""
    won = Event(Message("{player} wins the bid.", {"player": 0}))
    weather = Event(Message("The weather turns."), data={"about": None})
    named = Event(Message("{player} names {name} leader.", {"player": 1, "name": "Sabra"}), data={"about": 1})
    rolled = Event(Message("The die shows 5."))
    moved = Event(Message("Gorm moves 5 cm."))
    steps = [(1, [won, weather]), (0, [named]), (CHANCE, [rolled]), (0, [moved])]
    assert [side for side, _text in GameLog().entries(_History(steps), None)] == [0, None, 1, CHANCE, 0]


def test_the_log_draws_each_line_with_the_dot_of_the_side_it_is_about(app, match, monkeypatch):
    """Drawn: Ann's line has Ann's colour though Bob made the move; a line about no side a
    neutral dot."""
    from tabletop.ui import art
    from tabletop.ui.game_screen import log as log_module
    from tabletop.ui.gameview import seat_colour

    class Shown(_History):
        players = match.players
        rules = match.rules

    won = Event(Message("{player} wins the bid.", {"player": 0}))
    weather = Event(Message("The weather turns."), data={"about": None})
    named = Event(Message("{player} names Sabra leader.", {"player": 1}))
    shown = Shown([(1, [won, weather]), (0, [named])])
    drawn: dict[str, int] = {}
    real_text = art.text

    def text(surface, content, font, colour, pos, *args, **kwargs):
        drawn[content] = pos[1]
        return real_text(surface, content, font, colour, pos, *args, **kwargs)

    monkeypatch.setattr(art, "text", text)
    theme = th.Theme(app.surface.get_size())
    surface = pygame.Surface((600, 400))
    surface.fill(th.PARCHMENT)
    rect = pygame.Rect(0, 0, 600, 400)
    GameLog().draw(surface, rect, theme, shown, None)
    font = theme.font(log_module.LOG_FONT)
    dot_x = rect.x + theme.px(20) + theme.fs(log_module.LOG_FONT) // 2

    def dot(line, dx=0):
        return tuple(surface.get_at((dot_x + dx, drawn[line] + font.get_linesize() // 2)))[:3]

    def near(found, wanted):
        return all(abs(a - b) <= 24 for a, b in zip(found, wanted, strict=True))

    ann, bob = seat_colour(shown, 0), seat_colour(shown, 1)
    assert ann != bob
    assert near(dot("Ann wins the bid."), ann), dot("Ann wins the bid.")
    assert near(dot("Bob names Sabra leader."), bob)
    ring = theme.fs(log_module.LOG_FONT) // 2 - 1 - theme.fs(log_module.LOG_FONT) // 12  # an empty ring
    assert near(dot("The weather turns.", -ring), log_module.NEUTRAL)
    assert near(dot("The weather turns."), th.PARCHMENT)


def test_log_lists_what_happened(game, match):
    texts = [text for _actor, text in game.log.entries(match, None)]
    assert texts[0] == "The cards are dealt."
    assert len(texts) == sum(len(step) for step in match.history)


def test_resizing_keeps_the_game(app, game):
    app.resize((1600, 900))
    app.run_until_idle()
    assert app.top is game
    assert game.board.right < 1600 and game.log_rect.bottom <= 900


# -- a failing autosave --------------------------------------------------------------


def _disk_full(monkeypatch):
    """Every file write fails as on a full disk (at the flush to disk)."""
    import errno
    import os

    def full(_fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)


def test_a_failed_autosave_is_told_and_the_game_goes_on(app, ui, game, match, monkeypatch):
    from tabletop.ui.layers import MessageDialog

    good = game.saver.path.read_bytes()
    _disk_full(monkeypatch)
    ui.key(pygame.K_SPACE)
    ui.key(pygame.K_h)  # hold: the move is made, its autosave fails
    assert player_actions(match)[-1] == Action("hold")
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert dialog.title == "The game could not be autosaved"
    assert str(game.saver.path) in dialog.message and "No space left on device" in dialog.message
    assert game.saver.path.read_bytes() == good, "the last good autosave must stay"
    assert [p.name for p in game.saver.path.parent.iterdir()] == [game.saver.path.name]
    ui.key(pygame.K_RETURN)
    assert app.top is game and app.running
    # still failing: the next move is made and a note says so, no second dialog
    ui.key(pygame.K_SPACE)
    ui.key(pygame.K_h)
    assert app.top is game and "Still not autosaved" in app.toast_text
    assert game.saver.path.read_bytes() == good
    # the disk has room again: the next move is saved
    monkeypatch.undo()
    ui.key(pygame.K_SPACE)
    ui.key(pygame.K_h)
    assert "works again" in app.toast_text
    assert load_match(game.saver.path).hash() == match.hash()


def test_a_new_game_starts_even_when_its_first_autosave_fails(app, match):
    from tabletop.engine.saves import autosave_dir
    from tabletop.ui.layers import MessageDialog

    autosave_dir().parent.mkdir(parents=True, exist_ok=True)
    autosave_dir().write_text("a file where the folder should be")
    assert app.new_game("testgame", match.setup, 5)
    app.run_until_idle()
    assert isinstance(app.layers[0], GameScreen)
    assert isinstance(app.top, MessageDialog) and "autosaved" in app.top.title
    assert app.top.message.count(str(autosave_dir())) == 1


# -- whose turn it is and who acts -----------------------------------------------------


def test_the_frame_names_the_turn_holder_and_marks_who_acts(app, match, monkeypatch):
    """During someone's turn another seat may have to act (a discard, an answer to
    an offer): the top bar names both, the turn holder's row is lit and the acting
    seat's row framed."""
    monkeypatch.setattr(match.rules, "turn_holder", lambda state: 1 - state.turn)
    app.settings.curtain = False
    assert app.open_match(match, None)
    app.run_until_idle()
    screen = app.top
    actor = match.actor
    holder = 1 - actor
    head, _sub, seat = screen.turn_text()
    names = match.player_names
    assert head == f"{names[holder]}'s turn — {names[actor]} to act"
    assert seat == holder
    assert screen.row_marks() == (holder, actor)
    app.draw()
    # the acting row has the red frame, the turn holder's row the gold light
    t = screen.theme
    top = screen.players_rect.y + t.px(24) + t.font(th.BODY, bold=True).get_height()
    acting_row = pygame.Rect(screen.players_rect.x + t.px(10), top + actor * screen.row_h, 0, 0)
    assert app.surface.get_at((acting_row.x + t.px(40), acting_row.y + 1))[:3] == th.RED


def test_when_the_actor_holds_the_turn_one_row_is_lit(app, match):
    app.settings.curtain = False
    assert app.open_match(match, None)
    screen = app.top
    head, _sub, seat = screen.turn_text()
    assert head == f"{match.player_names[match.actor]}'s turn" and seat == match.actor
    assert screen.row_marks() == (match.actor, None)


def test_saving_over_a_named_save_asks_first(app, ui, game, match):
    path = saves_dir() / "Friday night.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("the older game")
    ui.key(pygame.K_s, CTRL)
    dialog = app.top
    dialog.field.set_text("")
    ui.type_into(dialog.field, "Friday night")
    ui.key(pygame.K_RETURN)
    assert app.top is dialog and path.read_text() == "the older game"
    assert dialog.replacing == path and "Replace" in ui.labels()
    ui.type_into(dialog.field, "!")  # another name: no longer replacing
    assert dialog.replacing is None and "Save" in ui.labels()
    ui.key(pygame.K_BACKSPACE)
    ui.key(pygame.K_RETURN)
    assert app.top is dialog and path.read_text() == "the older game"
    ui.press("Replace")
    assert app.top is game
    assert load_match(path).hash() == match.hash()


def test_an_unexpected_fault_is_told_in_words_with_the_detail_below(app, match, monkeypatch):
    from tabletop.ui.layers import MessageDialog

    def broken(game_id):
        raise RuntimeError("the view exploded")

    monkeypatch.setattr(registry, "view_class", broken)
    assert not app.open_match(match, None)
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and dialog.title == "The game cannot be shown"
    first, *rest = dialog.message.splitlines()
    assert first.startswith("Something went wrong inside tabletop")
    assert rest[-1] == "Details for a bug report: RuntimeError: the view exploded"
    assert isinstance(app.layers[0], Launcher)


def test_a_game_that_fails_to_load_says_so_in_words(monkeypatch):
    from tabletop.ui.cards import load_games

    real = registry.get

    def broken(game_id):
        if game_id == "testgame":
            raise ImportError("no module named lucky")
        return real(game_id)

    monkeypatch.setattr(registry, "get", broken)
    info = next(g for g in load_games(include_hidden=True) if g.id == "testgame")
    info.load()  # as the launcher does after its first frame
    assert info.error.startswith("Something went wrong inside tabletop")
    assert info.error.endswith("ImportError: no module named lucky")
