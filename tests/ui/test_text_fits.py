"""No text is cut off: every screen and dialog of the launcher, the new-game screen,
Eden and Catan, walked through at both window sizes, draws each of its texts whole
(see textcheck.py for what counts as cut off); an ellipsis only where `kept_short`
says why (a player's name as long as players type it)."""

from __future__ import annotations

import json

import driving
import pygame
import pytest
from driving import click, key, open_game, press
from pygame_gui.elements import UIButton
from textcheck import TextCheck

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.saves import Autosaver, save_match, saves_dir
from tabletop.games.catan import geometry as G
from tabletop.games.catan.position import position as catan_position
from tabletop.games.catan.rules import RULES as CATAN
from tabletop.games.catan.state import FOUND_SETTLEMENT, MAIN, NEGOTIATE, ROLL
from tabletop.games.eden.position import position as eden_position
from tabletop.games.eden.rules import RULES as EDEN
from tabletop.games.eden.state import AUCTION
from tabletop.games.eden.tables import TWO_PLAYERS
from tabletop.i18n import _
from tabletop.settings import Settings
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.layers import Dialog

#: names as long as players type them
NAMES = ("Margarethe", "Bartholomew", "Cas", "Dee")
#: the names of the saves on the launcher's list, as long as players type them
SAVE_NAMES = (
    "Eden on a long Sunday afternoon with the whole family",
    "Catan at Anna's, the evening the lights went out",
    "Eden, edited by hand",
    "Eden from the future",
)


@pytest.fixture
def app(window_size):
    """The app as the players get it (no hidden games), the dice entered by hand."""
    settings = Settings()
    settings.dice_mode = "physical"
    with driving.running_app(settings, size=window_size) as application:
        yield application


def kept_short(app, text) -> str | None:
    """Why a text shortened at 1280x680 may stay so, or None: every other one is
    made whole (a shorter wording, a second line, more room)."""
    if any(
        name[:cut] + "…" in text.content for name in NAMES for cut in range(1, len(name)) if name not in text.content
    ):
        return "a player's name as long as players type it, shortened so that the rest of its line stays whole"
    roster = getattr(getattr(getattr(app.top, "view", None), "side", None), "roster", None)
    if roster is not None and roster.area.contains(text.ink):
        return (
            "a warrior's small card beside its body points, two to a row where one to a row would not "
            "show every warrior: its name and state are whole on the large card of the warrior chosen"
        )
    return None


@pytest.fixture
def check(app, window_size):
    """The text check: at 1280x680 too a text is shortened only where `kept_short` says why."""
    with TextCheck(app, window_size, kept_short=kept_short) as checking:
        yield checking


def gui_press(app, label: str) -> None:
    """Click the top layer's visible pygame_gui button with this text (in the language shown)."""
    label = _(label)
    buttons = [b for b in app.top.ui.get_sprite_group().sprites() if isinstance(b, UIButton) and b.visible]
    found = [b for b in buttons if b.text == label]
    assert found, f"no button {label!r} in {[b.text for b in buttons]}"
    click(app, found[0].rect.center)


def reveal(app) -> None:
    """The seat to act takes the laptop and opens the curtain."""
    if app.top.curtain_closed:
        key(app, pygame.K_SPACE)
    assert not app.top.curtain_closed


def dialogs(app, check: TextCheck, game: str) -> None:
    """F1, Esc's menu, Ctrl+S's save and the settings over the game screen."""
    key(app, pygame.K_F1)
    check.look(f"{game}: help (F1)")
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)
    check.look(f"{game}: menu (Esc)")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    check.look(f"{game}: save (Ctrl+S)")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    gui_press(app, "Settings…")
    check.look(f"{game}: settings")
    key(app, pygame.K_ESCAPE)


# -- the check itself -----------------------------------------------------------------------------------


class Crowded(Dialog):
    """A dialog with every way of cutting a text off, and one text shortened on purpose."""

    title = "Crowded"

    def build(self) -> None:
        super().build()
        area = self.content_rect()
        self.ok = self.button(pygame.Rect(area.x, area.bottom - 60, 200, 60), "OK", lambda: None)
        self.label(pygame.Rect(area.x, area.y, 40, 12), "A label far too long for its rect")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.theme.font(th.BODY)
        area = self.content_rect()
        art.text(surface, "Out of the panel", font, th.INK, (self.panel.right - 30, area.y + 40))
        art.text(surface, "Under the button", font, th.INK, self.ok.rect.center, "center")
        art.text(surface, "Shortened on purpose " * 4, font, th.INK, (area.x, area.y + 80), max_width=area.w // 3)
        art.text(surface, "From 2 to 2 players", font, th.INK, (area.x, area.y + 120))
        surface.set_clip(pygame.Rect(area.x, area.y + 160, 30, 60))
        art.text(surface, "Clipped", font, th.INK, (area.x, area.y + 160))
        surface.set_clip(None)


def test_the_check_finds_every_kind_of_text_cut_off(app, check, window_size):
    app.push(Crowded(app))
    app.run_until_idle()
    check.look("crowded")
    found = "\n".join(check.findings)
    assert "'Out of the panel'" in found and "sticks out of its dialog 'Crowded'" in found
    assert "'Under the button'" in found and "under the widget 'OK'" in found
    assert "'Clipped'" in found and "is cut by the edge of its surface or clip" in found
    assert "'From 2 to 2 players'" in found and "a range whose two ends are the same" in found
    assert "'A label far too long for its rect'" in found and "does not fit its UILabel" in found
    assert "Label Rect is too small for text: A label far too long" in found
    # shortened: at the large size there is room; at the small size only where kept_short says why
    large = window_size == (1920, 1080)
    assert ("shortened at the large size" in found) == large
    assert ("shortened, where it should be whole" in found) != large
    assert not check.shortened
    assert len(check.findings) == 7


# -- the launcher and the new-game screen ---------------------------------------------------------


def test_the_launcher_and_the_new_game_screens_show_their_texts_whole(app, check):
    match = eden_match(players=3)
    Autosaver(match).save()
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_match(match, saves_dir() / f"{SAVE_NAMES[0]}.json")
    # a save cut short, one edited by hand and one of a newer tabletop: the list says why they cannot be opened
    (saves_dir() / f"{SAVE_NAMES[1]}.json").write_text('{"format": "tabletop-sa')
    damaged = json.loads((saves_dir() / f"{SAVE_NAMES[0]}.json").read_text())
    damaged["setup"]["first"] = "Margarethe"
    (saves_dir() / f"{SAVE_NAMES[2]}.json").write_text(json.dumps(damaged))
    (saves_dir() / f"{SAVE_NAMES[3]}.json").write_text(json.dumps({**damaged, "version": 99}))
    app.open_launcher()
    app.run_until_idle()
    check.look("launcher, with a saved game to continue")
    key(app, pygame.K_F1)
    check.look("launcher: help (F1)")
    key(app, pygame.K_F1)
    gui_press(app, "Load a saved game")
    assert sum(info.error is not None for _row, info in app.top.rows) == 3
    check.look("launcher: load a saved game, three of them broken")
    key(app, pygame.K_ESCAPE)
    gui_press(app, "Settings")
    check.look("launcher: settings")
    key(app, pygame.K_ESCAPE)
    for game_id in ("eden", "catan", "skirmish"):
        rect = next(rect for rect, info in app.top.cards if info.id == game_id)
        click(app, (rect.centerx, rect.y + rect.h // 4))
        check.look(f"new game: {game_id}")
        screen = app.top
        while len(screen.seats) < screen.rules.max_players:
            gui_press(app, "+ Add a player")
        check.look(f"new game: {game_id}, every seat taken")
        if screen.options_overflow():
            key(app, pygame.K_PAGEDOWN)
            check.look(f"new game: {game_id}, the options scrolled a page down")
            for _page in range(20):
                key(app, pygame.K_PAGEDOWN)
            assert screen.options_scrolled() + screen.options_view.h >= screen.options_plan.height
            check.look(f"new game: {game_id}, the options scrolled to the end")
        key(app, pygame.K_F1)
        check.look(f"new game: {game_id}: help (F1)")
        key(app, pygame.K_F1)
        key(app, pygame.K_ESCAPE)
    check.assert_whole()


# -- Eden ----------------------------------------------------------------------------------------------


def eden_match(**given) -> Match:
    """A match of Eden going on from the position `given` (see tabletop/games/eden/position.py)."""
    state = eden_position(**given)
    colours = [colour for colour, _label, _rgb in EDEN.colours()]
    players = tuple(PlayerInfo(NAMES[seat], colours[seat]) for seat in range(state.players))
    match = Match(EDEN, Setup(players, {**EDEN.default_options(), TWO_PLAYERS: state.players == 2}, state.turn), 1)
    match.state = state
    return match


#: Margarethe (0), Bartholomew (1) and Cas (2) with some land
EDEN_LAND = {"C3": (0, 1), "C4": (0, 1), "C5": (0, 1), "D4": (0, 3), "E4": (1, 1), "E5": (1, 2), "B6": (2, 2)}


def eden_card(app, name: str) -> None:
    """Click the card of the hand called `name` (a field, or a cultivation card's key)."""
    view = app.top.view
    card = (
        EDEN.tables.board.field(name)
        if name[0].isupper()
        else EDEN.tables.board.size + (EDEN.tables.cultivation_keys.index(name))
    )
    click(app, next(rect for rect, c in view.hand.rects if c == card).center)


def eden_field(app, name: str) -> tuple[int, int]:
    return app.top.view.board.fields[EDEN.tables.board.field(name)].center


def test_eden_shows_its_texts_whole(app, check):
    match = eden_match(
        board=EDEN_LAND,
        hands={0: ["D5", "A1", "E4", "line3-1"]},
        mana=[150, 120, 100],
        display=["tee4", "square-1", "domino-1"],
        discard=["C3", "C4", "C5", "D4", "E5", "B6", "square-2", "corner3-1", "line4-1", "ell4-2"],
    )
    open_game(app, match)
    check.look("Eden: the curtain closed")
    click(app, app.top.view.display.discard_rect.center)
    assert app.top.view.shared.showing_discard
    check.look("Eden: the discard pile open")
    click(app, app.top.view.board.rect.center)
    reveal(app)
    check.look("Eden: the hand open")
    eden_card(app, "line3-1")
    driving.move(app, eden_field(app, "C4"))
    check.look("Eden: a cultivation card chosen, over the board")
    click(app, (5, 5), button=3)
    eden_card(app, "E4")
    check.look("Eden: a dead card chosen")
    click(app, (5, 5), button=3)
    dialogs(app, check, "Eden")
    eden_card(app, "D5")
    check.look("Eden: conquest, no target yet")
    click(app, eden_field(app, "E5"))
    check.look("Eden: conquest, a target chosen")
    key(app, pygame.K_a)
    assert match.state.phase == AUCTION
    check.look("Eden: the auction, the opening bid")
    key(app, pygame.K_1)
    key(app, pygame.K_0)
    key(app, pygame.K_RETURN)
    assert match.actor == 1
    check.look("Eden: the auction, the curtain for the defender")
    reveal(app)
    check.look("Eden: the auction, answering a bid")
    key(app, pygame.K_2)
    key(app, pygame.K_5)
    check.look("Eden: the auction, a raise typed")
    check.assert_whole()


def test_the_end_of_eden_shows_its_texts_whole(app, check):
    board = {**EDEN_LAND, **{name: (0, 2) for name in ("A1", "B1", "C1", "D1", "E1", "F1")}, "G1": (0, 1)}
    match = eden_match(board=board, hands={0: ["A3"]})
    open_game(app, match)
    reveal(app)
    eden_card(app, "A3")
    assert match.over
    check.look("Eden: the result")
    gui_press(app, "Look at the table")
    check.look("Eden: the table at the end")
    check.assert_whole()


# -- Catan --------------------------------------------------------------------------------------------


def catan_match(players: int = 3, **given) -> Match:
    """A match of Catan going on from the position `given` (see tabletop/games/catan/position.py)."""
    state = catan_position(players, **given)
    colours = [colour for colour, _label, _rgb in CATAN.colours()]
    setup = Setup(
        tuple(PlayerInfo(NAMES[seat], colours[seat]) for seat in range(players)),
        {**CATAN.default_options(), **given.get("options", {})},
        state.turn,
    )
    match = Match(CATAN, setup, 1)
    match.state = state
    return match


#: a settlement and a road each round the centre hex; the first player has a second settlement
CATAN_PIECES = {
    "settlements": {0: ["C3.ne", "A1.w"], 1: ["C3.w"], 2: ["C3.se"]},
    "roads": {0: ["C3.n"], 1: ["C3.sw"], 2: ["C3.s"]},
}


def roll(app, faces: tuple[int, int], check: TextCheck | None = None) -> None:
    """Space asks for the real dice; their faces are clicked and confirmed."""
    key(app, pygame.K_SPACE)
    dialog = app.top
    if check is not None:
        check.look("Catan: the dice entry")
    for die, face in enumerate(faces):
        click(app, dialog.face_rects[die][face - 1][0].center)
    if check is not None:
        check.look("Catan: the dice entry, the faces chosen")
    click(app, dialog.confirm.rect.center)


def test_catan_shows_its_texts_whole(app, check):
    open_game(app, catan_match(phase=FOUND_SETTLEMENT, placed=1, settlements={0: ["C3.ne"]}, roads={0: ["C3.n"]}))
    check.look("Catan: the founding rounds")
    match = catan_match(
        phase=ROLL,
        **CATAN_PIECES,
        hands={0: {"wood": 5, "brick": 1, "ore": 2, "wool": 2, "grain": 1}, 1: {"ore": 2, "wool": 1}},
        development={0: ["knight", "monopoly", "year_of_plenty", "road_building", "victory_point"]},
    )
    game = open_game(app, match)
    check.look("Catan: the curtain closed")
    reveal(app)
    check.look("Catan: before the roll, development cards in hand")
    roll(app, (6, 6), check)
    reveal(app)
    check.look("Catan: after the roll")
    dialogs(app, check, "Catan")
    press(app, game, "bank")
    check.look("Catan: trading with the bank")
    press(app, game, next(hit.name for hit in game.view.hits if hit.name.startswith("bank_give-") and hit.enabled))
    check.look("Catan: trading with the bank, a resource to give chosen")
    press(app, game, "bank_done")
    key(app, pygame.K_t)
    press(app, game, "partner-1")
    press(app, game, "give-wood")
    press(app, game, "want-ore")
    check.look("Catan: an offer to a player")
    press(app, game, "send_offer")
    assert match.state.phase == NEGOTIATE
    check.look("Catan: the offer, the curtain for the partner")
    reveal(app)
    check.look("Catan: answering an offer")
    press(app, game, "counter")
    check.look("Catan: a counter-offer")
    press(app, game, "send_offer")
    reveal(app)
    check.look("Catan: answering a counter-offer")
    key(app, pygame.K_d)
    press(app, game, "play-monopoly")
    check.look("Catan: monopoly, a resource to name")
    press(app, game, "cancel")
    press(app, game, "play-year_of_plenty")
    check.look("Catan: year of plenty, resources to take")
    press(app, game, "take-ore")
    press(app, game, "take-grain")
    press(app, game, "city")
    check.look("Catan: building a city")
    check.assert_whole()


def test_a_seven_in_catan_shows_its_texts_whole(app, check):
    match = catan_match(
        phase=ROLL,
        **CATAN_PIECES,
        hands={0: {"wool": 1}, 1: {"wood": 3, "brick": 3, "ore": 3}, 2: {"grain": 2}},
    )
    game = open_game(app, match)
    reveal(app)
    roll(app, (3, 4))
    check.look("Catan: a 7, the curtain for the discarding player")
    reveal(app)
    check.look("Catan: discarding")
    for resource in ("wood", "wood", "ore", "brick"):
        press(app, game, f"hand-{resource}")
    check.look("Catan: discarding, the cards chosen")
    press(app, game, "discard")
    reveal(app)
    check.look("Catan: moving the robber")
    click(app, game.view.island.hex_px[G.hex_of("C3")])
    check.look("Catan: the robber moved, whom to rob")
    check.assert_whole()


def test_a_knight_and_road_building_in_catan_show_their_texts_whole(app, check):
    match = catan_match(
        phase=ROLL,
        **CATAN_PIECES,
        hands={1: {"wool": 1}, 2: {"ore": 1}},
        development={0: ["knight", "road_building"]},
    )
    game = open_game(app, match)
    reveal(app)
    press(app, game, "play-knight")
    check.look("Catan: a knight, the robber to move")
    click(app, game.view.island.hex_px[G.hex_of("C3")])
    check.look("Catan: a knight, whom to rob")
    press(app, game, "victim-1")
    check.look("Catan: a knight played, before the roll")
    game = open_game(app, catan_match(phase=MAIN, dice=(6, 6), **CATAN_PIECES, development={0: ["road_building"]}))
    reveal(app)
    press(app, game, "play-road_building")
    check.look("Catan: road building, the first free road")
    click(app, game.view.island.path_mid(min(game.view.island.targets())))
    check.look("Catan: road building, the second free road")
    check.assert_whole()


def test_the_end_of_catan_shows_its_texts_whole(app, check):
    match = catan_match(
        phase=MAIN,
        dice=(6, 6),
        trading=False,
        cities={0: ["A1.w", "C3.ne", "E3.e"]},
        settlements={0: ["C1.nw", "A3.sw", "E1.ne"], 1: ["B2.se"], 2: ["D2.se"]},
        hands={0: {"ore": 3, "grain": 2}},
    )
    game = open_game(app, match)
    reveal(app)
    press(app, game, "city")
    click(app, game.view.island.point_px[G.intersection_of("C1.nw")])
    assert match.over
    check.look("Catan: the result")
    gui_press(app, "Look at the table")
    check.look("Catan: the table at the end")
    check.assert_whole()
