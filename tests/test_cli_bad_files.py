"""Odd entries in the saves folders (a link to nothing or to itself, a named pipe, a
folder named like a save, a file that cannot be read, one with text that is not
text) are each listed as one bad entry with its reason: they never hide the good
saves, and never stop `resume`, `play` or the launcher."""

from __future__ import annotations

import errno
import json
import os
import random

import driving
import pytest

from tabletop.cli import main
from tabletop.engine import files
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import Autosaver, autosave_dir, encode_match, latest_autosave, list_saves, saves_dir
from tabletop.games import registry

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and links as on Linux and macOS")

#: file name in the autosave folder -> what its entry says
BAD_ENTRIES = {
    "broken.json": "This is a link to a file that does not exist.",
    "loop.json": "This is a link that leads back to itself, not to a file.",
    "pipe.json": "This is a named pipe, not a regular file.",
    "folder.json": "This is a folder, not a file.",
    "zero.json": "This is a device, not a regular file.",
    "locked.json": "The file cannot be read (Permission denied).",
    "surrogate.json": "holds the character U+D800, which is not allowed in text.",
}


def good_match(seed: int = 4) -> Match:
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules, names=["Ann", "Bob"]), seed)
    play_random(match, random.Random(seed), steps=1)
    match.settle_chance()
    return match


@pytest.fixture
def odd_folder(monkeypatch, within):
    """The autosave folder with a good autosave among every kind of bad entry (the
    bad ones newer); "locked.json" cannot be opened (as for another user's file:
    the tests may run as root, whom file modes do not stop). Returns the good path."""
    folder = autosave_dir()
    folder.mkdir(parents=True)
    saver = Autosaver(good_match())
    saver.save()
    os.utime(saver.path, (1_000_000_000, 1_000_000_000))  # older than every bad entry
    (folder / "broken.json").symlink_to("nowhere.json")
    (folder / "loop.json").symlink_to("loop.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "folder.json").mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "locked.json").write_text("{}")
    data = encode_match(good_match(5))
    data["setup"]["players"][0]["name"] = "\ud800"
    (folder / "surrogate.json").write_text(json.dumps(data))
    real_open = files.os.open

    def open_unless_locked(path, *args, **kwargs):
        if os.fspath(path).endswith("locked.json"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(files.os, "open", open_unless_locked)
    with within(60):  # a test that waits on the named pipe fails instead of hanging
        yield saver.path


def test_every_bad_entry_is_listed_with_its_reason_beside_the_good_save(odd_folder):
    infos = list_saves()
    assert {info.path.name for info in infos} == {*BAD_ENTRIES, odd_folder.name}
    for info in infos:
        if info.path == odd_folder:
            assert info.error is None and info.players == ["Ann", "Bob"]
        else:
            assert info.error is not None and info.error.path == info.path
            assert info.error.message.render().endswith(BAD_ENTRIES[info.path.name])
    assert infos[-1].path == odd_folder  # newest first: the good one is the oldest here
    assert latest_autosave() == odd_folder


def test_resume_continues_the_good_autosave(odd_folder, monkeypatch):
    import tabletop.ui.app

    started = []
    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: started.append(start) or 0)
    assert main(["resume"]) == 0
    [(kind, saver)] = started
    assert kind == "open" and saver.path == odd_folder


@pytest.mark.parametrize("name", sorted(BAD_ENTRIES))
@pytest.mark.parametrize("command", ["inspect", "resume"])
def test_a_bad_entry_given_on_the_command_line_is_answered(odd_folder, monkeypatch, capsys, command, name):
    import tabletop.ui.app

    monkeypatch.setattr(tabletop.ui.app, "run", lambda start=None, language=None: pytest.fail("a window was opened"))
    path = autosave_dir() / name
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: ") and BAD_ENTRIES[name] in err and "Traceback" not in err


def test_play_starts_a_game_with_odd_entries_in_the_saves_folders(odd_folder, monkeypatch):
    """`play` opens the launcher beneath the new game, which reads the last autosave."""
    import tabletop.ui.app
    from tabletop.ui.game_screen import GameScreen

    (saves_dir() / "loop.json").symlink_to("loop.json")
    shown = []

    def run(start=None, language=None):
        app = tabletop.ui.app.App(size=driving.SIZES[0], include_hidden=True)
        try:
            app.start(start)
            app.run_until_idle()
            shown.append(type(app.top))
            app.open_launcher()
            app.run_until_idle()
            shown.append(app.top.autosave.path)
        finally:
            app.shutdown()
        return 0

    monkeypatch.setattr(tabletop.ui.app, "run", run)
    assert main(["play", "testgame", "--players", "Cas,Dee"]) == 0
    assert shown[0] is GameScreen
    assert shown[1].parent == autosave_dir() and shown[1].name not in BAD_ENTRIES


def test_the_launchers_list_shows_each_bad_entry_and_opens_the_good_save(odd_folder, window_size, monkeypatch):
    from tabletop.ui import art
    from tabletop.ui.game_screen import GameScreen
    from tabletop.ui.saves_list import LoadDialog

    drawn: list[tuple[str, tuple[int, int], tuple[int, ...]]] = []
    real_text = art.text

    def recording(surface, content, font, colour, pos, *args, **kwargs):
        drawn.append((content, tuple(pos), tuple(colour)))
        return real_text(surface, content, font, colour, pos, *args, **kwargs)

    monkeypatch.setattr(art, "text", recording)
    with driving.running_app(include_hidden=True, size=window_size) as app:
        assert app.top.autosave is not None and app.top.autosave.path == odd_folder  # Continue offers it
        app.push(LoadDialog(app))
        dialog = app.top
        seen: dict[str, list[str]] = {}
        messages = {info.path.name: info.error.message.render() for info in dialog.saves if info.error}
        for page in range(dialog.pages):
            dialog.page = page
            app.rebuild(dialog)
            app.run_until_idle()
            drawn.clear()
            dialog.draw(app.surface)
            for row, info in dialog.rows:
                inside = [(text, colour) for text, pos, colour in drawn if row.collidepoint(pos)]
                seen[info.path.name] = [text for text, _colour in inside]
                broken = info.error is not None
                assert app.surface.get_at((row.x + 4, row.centery))[:3] == ((250, 226, 214) if broken else th_cream())
                if broken:
                    assert all(colour[:3] == th_red() for _text, colour in inside)
        assert set(seen) == {*BAD_ENTRIES, odd_folder.name}
        for name, said in BAD_ENTRIES.items():
            title, *reason = seen[name]
            assert title == f"Cannot be opened: {name}"
            shown = " ".join(reason).removesuffix("…")  # the reason's lines, the last maybe shortened
            assert messages[name].endswith(said) and messages[name].startswith(shown) and len(shown) >= 20
        assert seen[odd_folder.name][:2] == ["Lucky draw — autosave", "Ann, Bob"]
        dialog.page = dialog.pages - 1
        app.rebuild(dialog)
        app.run_until_idle()
        [(_row, info)] = [(row, info) for row, info in dialog.rows if info.error is None]
        dialog.open(info)
        app.run_until_idle()
        assert isinstance(app.top, GameScreen) and app.top.match.player_names == ["Ann", "Bob"]


def th_cream() -> tuple[int, int, int]:
    from tabletop.ui import theme as th

    return tuple(th.CREAM)[:3]


def th_red() -> tuple[int, int, int]:
    from tabletop.ui import theme as th

    return tuple(th.RED)[:3]
