"""The launcher: game cards, continue, load, settings, faults shown instead of crashes."""

from __future__ import annotations

import json
import os

import driving
import pygame
import pytest

from tabletop.engine.data import DataError, Problem
from tabletop.engine.saves import Autosaver, saves_dir
from tabletop.games import registry
from tabletop.ui.app import App
from tabletop.ui.cards import load_games
from tabletop.ui.dialogs import SettingsDialog
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import Launcher
from tabletop.ui.layers import MessageDialog
from tabletop.ui.newgame import NewGame
from tabletop.ui.saves_list import LoadDialog


def test_launcher_leaves_out_hidden_games(settings):
    with driving.running_app(settings) as app:
        launcher = app.top
        assert isinstance(launcher, Launcher)
        assert "testgame" not in [info.id for info in launcher.games]
        assert all(info.id in registry.ids(include_hidden=False) for info in launcher.games)


def test_games_without_a_screen_are_not_offered():
    offered = [info.id for info in load_games(include_hidden=True)]
    for game_id in registry.ids(include_hidden=True):
        assert (game_id in offered) == registry.playable(game_id)


def test_launcher_with_no_games_still_draws(app, monkeypatch):
    monkeypatch.setattr("tabletop.ui.launcher.load_games", lambda include_hidden: [])
    app.open_launcher()
    app.run_until_idle()
    assert app.top.games == [] and app.top.cards == []
    assert app.frames > 0


def open_set_up(app, ui, game_id):
    """Click the game's card in the launcher."""
    rect, _info = next((r, i) for r, i in app.top.cards if i.id == game_id)
    ui.click((rect.centerx, rect.y + rect.h // 4))


def test_new_game_button_opens_the_set_up(app, ui):
    ids = [info.id for info in app.top.games]
    assert ids[0] != "testgame" and "testgame" in ids
    ui.press("New game")
    assert isinstance(app.top, NewGame)
    assert app.top.game_id == ids[0]


def test_clicking_a_game_card_opens_the_set_up(app, ui):
    open_set_up(app, ui, "testgame")
    assert isinstance(app.top, NewGame)
    assert app.top.game_id == "testgame"


def test_continue_offers_the_last_autosave(app, ui, match):
    saver = Autosaver(match)
    saver.save()
    app.open_launcher()
    app.run_until_idle()
    assert app.top.autosave is not None and app.top.autosave.path == saver.path
    ui.press("Continue")
    screen = app.top
    assert isinstance(screen, GameScreen)
    assert screen.match.hash() == match.hash()
    assert screen.match.player_names == ["Ann", "Bob"]


def test_enter_continues_the_last_game(app, ui, match):
    Autosaver(match).save()
    app.open_launcher()
    ui.key(pygame.K_RETURN)
    assert isinstance(app.top, GameScreen)


def test_no_continue_without_an_autosave(app, ui):
    assert app.top.autosave is None
    assert "Continue" not in ui.labels()


def test_load_lists_saves_and_a_broken_one_says_why(app, ui, match):
    Autosaver(match).save()
    saves_dir().mkdir(parents=True, exist_ok=True)
    broken = saves_dir() / "broken.json"
    broken.write_text('{"format": "tabletop-save", "vers')
    ui.press("Load a saved game")
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    rows = {info.path.name: info for _rect, info in dialog.rows}
    assert rows["broken.json"].error is not None
    assert "cut short" in rows["broken.json"].error.message.render()
    # one Open button: the good save only
    assert ui.labels().count("Open") == 1
    ui.press("Open")
    assert isinstance(app.top, GameScreen)
    assert app.top.match.hash() == match.hash()


def test_load_pages_through_many_saves(app, ui, match):
    from tabletop.engine.saves import save_match

    for k in range(12):
        save_match(match, saves_dir() / f"game {k}.json")
    ui.press("Load a saved game")
    dialog = app.top
    shown = len(dialog.rows)
    assert 0 < shown < 12
    ui.press("Next")
    assert dialog.page == 1
    assert len(dialog.rows) == min(shown, 12 - shown)
    ui.press("Previous")
    assert dialog.page == 0


def test_resuming_a_broken_save_shows_its_message(app, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("")
    app.start(("resume", broken))
    app.run_until_idle()
    dialog = app.top
    assert isinstance(dialog, MessageDialog)
    assert "empty" in dialog.message
    assert isinstance(app.layers[0], Launcher)


def test_resuming_a_save_of_a_newer_program_says_so(app, match, tmp_path):
    from tabletop.engine.saves import _checksum, encode_match

    data = encode_match(match)
    data["version"] = 99
    data["checksum"] = _checksum(data)
    path = tmp_path / "new.json"
    path.write_text(json.dumps(data))
    app.resume(path)
    app.run_until_idle()
    assert isinstance(app.top, MessageDialog)
    assert "newer tabletop" in app.top.message


def _bad_data(game_id):
    raise DataError([Problem("data/testgame/cards.yaml", 7, "cards.3.value", "must be at least 1")])


def test_bad_game_data_shows_its_message_on_the_card(monkeypatch, settings):
    real_get = registry.get
    monkeypatch.setattr(
        registry, "get", lambda game_id: _bad_data(game_id) if game_id == "testgame" else real_get(game_id)
    )
    app = App(size=(1280, 680), include_hidden=True, settings=settings)
    try:
        app.start(None)
        app.run_until_idle()
        launcher = app.top
        info = next(i for i in launcher.games if i.id == "testgame")
        assert info.error == "data/testgame/cards.yaml:7: cards.3.value: must be at least 1"
        rect = next(r for r, i in launcher.cards if i is info)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        app.run_until_idle()
        assert isinstance(app.top, MessageDialog)
        assert "cards.yaml:7" in app.top.message
    finally:
        app.shutdown()


def test_bad_data_found_when_setting_up_shows_a_message(app, ui, monkeypatch):
    rules = registry.get("testgame")
    monkeypatch.setattr(type(rules), "colours", lambda self: _bad_data("testgame"))
    open_set_up(app, ui, "testgame")
    assert isinstance(app.top, MessageDialog)
    assert "cards.yaml:7" in app.top.message
    assert isinstance(app.layers[0], Launcher)


# -- a fault in a game's bundled data, found when the launcher opens ------------------------

#: per game: the file broken, the text changed, what the fault says
BREAKS = {
    "eden": (
        "eden/economy.yaml",
        "target_points: 20",
        "target_points: lots",
        "target_points: should be a whole number",
    ),
    "catan": (
        "catan/rules.yaml",
        "points_to_win: 10",
        "points_to_win: lots",
        "points_to_win: should be a whole number",
    ),
    "skirmish": ("skirmish/table.yaml", "movement: 100", "movement: -100", "movement: should be greater than 0"),
}


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of the data folder in use, and every game's rules to be made afresh
    from it (nothing loaded yet)."""
    import shutil

    from tabletop import resources
    from tabletop.games.catan import rules as catan
    from tabletop.games.eden import rules as eden
    from tabletop.games.skirmish.play import rules as skirmish

    root = tmp_path / "data"
    shutil.copytree(resources.DATA, root)
    monkeypatch.setattr(resources, "DATA", root)
    monkeypatch.setattr(registry, "_loaded", {})
    monkeypatch.setattr(eden, "RULES", eden.EdenRules())
    monkeypatch.setattr(skirmish, "RULES", skirmish.SkirmishRules())
    monkeypatch.delattr(catan, "RULES")  # made again on the next use
    catan.tables.cache_clear()
    yield root
    catan.tables.cache_clear()


@pytest.fixture
def broken_data(request, data_copy):
    """The data copy with one game's data broken (BREAKS): (game id, file, line)."""
    game_id = request.param
    name, old, new, _said = BREAKS[game_id]
    text = (data_copy / name).read_text(encoding="utf-8")
    assert old in text
    (data_copy / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return game_id, data_copy / name, text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize("broken_data", list(BREAKS), indirect=True)
def test_a_fault_in_a_games_data_shows_on_its_card_when_the_launcher_opens(broken_data, settings):
    """Whichever game's data is broken, the launcher opens; that game's card shows
    the fault as file:line: field: message at once (no click on New game needed),
    and a click shows it in full; the other games still play."""
    game_id, path, line = broken_data
    said = BREAKS[game_id][3]
    with driving.running_app(settings) as app:
        launcher = app.top
        assert isinstance(launcher, Launcher)
        info = next(i for i in launcher.games if i.id == game_id)
        assert not info.playable
        assert info.error.startswith(f"{path}:{line}: ") and said in info.error, info.error
        assert [i.id for i in launcher.games if i.playable] == [i for i in BREAKS if i != game_id]
        labels = [b.text for b in launcher.ui.get_sprite_group().sprites() if getattr(b, "text", None) and b.visible]
        assert labels.count("Show the problem") == 1 and labels.count("New game") == 2
        rect = next(r for r, i in launcher.cards if i is info)
        driving.click(app, rect.center)
        assert isinstance(app.top, MessageDialog)
        assert f"{path.name}:{line}: " in app.top.message and said in app.top.message
        app.pop(app.top)
        other = next(i for i in launcher.games if i.playable)
        driving.click(app, next(r for r, i in launcher.cards if i is other).center)
        assert isinstance(app.top, NewGame) and app.top.game_id == other.id


def test_the_data_is_checked_after_the_first_frame_and_loaded_once(data_copy, settings, monkeypatch):
    """The first frame does not wait for the games' data (only what it shows is
    read: Catan's rules, Eden's description, the pictures); right after it every
    game's data is checked, and the rules then use what the check loaded."""
    from tabletop.engine import data

    loads = []
    real = data.load_dataset
    monkeypatch.setattr(data, "load_dataset", lambda *args, **kw: loads.append(args[0].name) or real(*args, **kw))
    app = App(size=(1280, 680), settings=settings)
    try:
        app.start(None)
        launcher = app.top
        app.tick(0.0)
        assert app.frames == 1 and not launcher.data_checked
        assert "skirmish" not in loads
        app.run_until_idle()
        assert launcher.data_checked and all(info.playable for info in launcher.games)
        assert sorted(loads) == ["catan", "eden", "skirmish"]
        for game_id in ("eden", "catan", "skirmish"):
            rules = registry.get(game_id)
            assert rules.option_specs() and rules.colours()
        assert sorted(loads) == ["catan", "eden", "skirmish"]  # no game loaded its data again
    finally:
        app.shutdown()


def test_the_cards_show_the_games_titles_and_pictures(settings):
    """The first frame's cards: each game's title (the one its rules have) and the
    picture its game file names, the same after the rules are imported."""
    from tabletop.engine.gamedata import game_picture
    from tabletop.ui.cards import picture

    app = App(size=(1280, 680), include_hidden=True, settings=settings)
    try:
        app.start(None)
        app.tick(0.0)
        launcher = app.top
        assert app.frames == 1 and not launcher.data_checked
        assert all(info.rules is None for info in launcher.games)
        first = {info.id: (info.title, picture(info, (40, 30)) is not None) for info in launcher.games}
        app.run_until_idle()
        assert launcher.data_checked
        for info in launcher.games:
            rules = registry.get(info.id)
            assert info.rules is rules and info.playable
            assert first[info.id] == (rules.title, True)
            assert rules.picture == game_picture(info.id) == f"launcher/{info.id}.png"
        assert first == {
            "eden": ("Eden", True),
            "catan": ("Catan", True),
            "skirmish": ("Eden: the skirmish game", True),
            "testgame": ("Lucky draw", True),
        }
    finally:
        app.shutdown()


def test_the_cards_picture_is_named_in_the_games_data(data_copy, settings):
    """The picture comes from GAME/game.yaml, checked as data: another picture
    named there is shown, a missing one is the game's fault."""
    from tabletop.ui.cards import picture

    (data_copy / "eden" / "game.yaml").write_text("picture: launcher/testgame.png\n", encoding="utf-8")
    (data_copy / "skirmish" / "game.yaml").write_text("# the card\npicture: launcher/none.png\n", encoding="utf-8")
    with driving.running_app(settings) as app:
        games = {info.id: info for info in app.top.games}
        assert games["eden"].rules.picture == "launcher/testgame.png" and games["eden"].playable
        assert picture(games["eden"], (40, 30)) is not None
        assert (
            games["skirmish"].error
            == f"{data_copy / 'skirmish' / 'game.yaml'}:2: picture: no sprite file sprites/launcher/none.png"
        )
        assert picture(games["skirmish"], (40, 30)) is None


def test_settings_are_changed_and_kept(app, ui):
    ui.press("Settings")
    assert isinstance(app.top, SettingsDialog)
    ui.press("We roll real dice")
    ui.press("Off")  # the privacy curtain's row comes before full screen
    ui.press("Done")
    from tabletop.settings import Settings

    saved, problem = Settings.load()
    assert problem is None
    assert saved.dice_mode == "physical"
    assert saved.curtain is False
    assert app.settings.dice_mode == "physical"


def test_switching_the_language_rebuilds_the_texts(app, ui, translated):
    translated({"Settings": "Instellingen", "Quit": "Stoppen"}, now=False)
    ui.press("Settings")
    ui.choose(app.top.language, "nl")
    assert app.settings.language == "nl"
    ui.key(pygame.K_ESCAPE)
    assert "Stoppen" in ui.labels() and "Instellingen" in ui.labels()


def test_quit_button_ends_the_loop(app, ui):
    ui.press("Quit")
    assert app.running is False


def test_a_save_is_deleted_after_asking(app, ui, match):
    from tabletop.engine.saves import save_match

    path = saves_dir() / "old game.json"
    save_match(match, path)
    ui.press("Load a saved game")
    ui.press("Delete")
    assert path.exists()
    ui.press("Really delete?")
    assert not path.exists()
    assert app.top.saves == []


def test_starting_removes_what_killed_writes_left(app):
    import time

    from tabletop.engine.saves import autosave_dir, saves_dir

    old = time.time() - 3600
    left = []
    for folder in (saves_dir(), autosave_dir()):
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / ".Friday.json.k2v9x_0a.tmp"
        path.write_text('{"format": "tabletop-sa')
        os.utime(path, (old, old))
        left.append(path)
    app.start(None)
    app.run_until_idle()  # right after the first frame, which reads no saves
    assert not any(path.exists() for path in left)


def test_odd_autosaves_do_not_stop_the_launcher(settings):
    """Files nested 100000 levels deep or holding a number of 5000 digits once
    ended the launcher at start: now they are listed as saves that cannot be opened."""
    from tabletop.engine.saves import autosave_dir

    folder = autosave_dir()
    folder.mkdir(parents=True)
    (folder / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    (folder / "bigint.json").write_bytes(b'{"format": "tabletop-save", "seed": ' + b"9" * 5000 + b"}")
    app = App(size=(1280, 680), include_hidden=True, settings=settings)
    try:
        app.start(None)
        app.run_until_idle()
        assert isinstance(app.top, Launcher) and app.top.autosave is None
        app.top.open_load()
        app.run_until_idle()
        dialog = app.top
        assert isinstance(dialog, LoadDialog)
        said = sorted(info.error.message.render() for info in dialog.saves)
        assert "nested far too deeply" in said[1] and "number far too long" in said[0]
    finally:
        app.shutdown()


def _drawn_texts(monkeypatch):
    """What the launcher draws as text, recorded from now on."""
    from tabletop.ui import art

    drawn = []
    real = art.text

    def record(surface, content, *args, **kw):
        drawn.append(content)
        return real(surface, content, *args, **kw)

    monkeypatch.setattr(art, "text", record)
    return drawn


def test_the_skirmish_card_names_the_players_broken_file_and_its_line(settings, window_size, tmp_path, monkeypatch):
    """A broken scenario in the player's own data folder: the card says which file,
    at which line, and the game stays playable with its bundled data."""
    from tabletop import resources

    folder = tmp_path / "mydata"
    broken = folder / "skirmish" / "scenarios" / "ridge.yaml"
    broken.parent.mkdir(parents=True)
    broken.write_text("name: Ridge\ntable: {width: wide, height: 600}\n", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    drawn = _drawn_texts(monkeypatch)
    with driving.running_app(settings, size=window_size) as app:
        launcher = app.top
        info = next(i for i in launcher.games if i.id == "skirmish")
        assert info.playable and info.note_is_fault
        app.run_until_idle()
        shown = " ".join(drawn)
        assert "skirmish/scenarios/ridge.yaml:2:" in shown and "Your data is not used" in shown, shown
    assert resources.user_data_dir() == folder


def test_the_skirmish_card_lists_the_players_added_scenario(settings, window_size, tmp_path, monkeypatch):
    from tabletop import resources

    folder = tmp_path / "mydata"
    added = folder / "skirmish" / "scenarios" / "ridge.yaml"
    added.parent.mkdir(parents=True)
    demo = resources.data_path("skirmish", "scenarios", "demo.yaml").read_text(encoding="utf-8")
    added.write_text(demo.replace("name: Demo table", "name: Ridge"), encoding="utf-8")
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    drawn = _drawn_texts(monkeypatch)
    with driving.running_app(settings, size=window_size) as app:
        info = next(i for i in app.top.games if i.id == "skirmish")
        assert info.playable and not info.note_is_fault
        app.run_until_idle()
        assert "With your file ridge.yaml" in " ".join(drawn)
