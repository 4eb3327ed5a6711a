"""The start: the launcher's first frame comes before the games, the data layer
(pydantic, YAML) and the widgets (pygame_gui) are imported, and what it shows
stays as it is when the rest comes in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import yaml

import tabletop
from tabletop import resources
from tabletop.engine.saves import Autosaver
from tabletop.games import registry
from tabletop.ui.app import App
from tabletop.ui.cards import plain_picture

#: runs the program as `python -m tabletop` does and prints, as JSON, what the
#: first frame showed and which modules were imported when it was drawn
#: (TABLETOP_BENCH_FIRST_FRAME=1 ends the program right after it)
_FIRST_FRAME = """
import json, sys
from tabletop.ui import loop
seen = []
draw = loop.Loop.draw
def recording(self):
    draw(self)
    if not seen:
        seen.append({"screen": type(self.top).__name__, "modules": sorted(sys.modules)})
loop.Loop.draw = recording
from tabletop.cli import main
code = main([])
print(json.dumps(dict(seen[0], code=code)))
"""


@pytest.fixture
def first_frame(match):
    """The program's first frame with a Lucky draw autosave to continue: what it
    showed and the modules imported by then."""
    Autosaver(match).save()
    env = dict(os.environ, TABLETOP_BENCH_FIRST_FRAME="1", PYTHONPATH=str(Path(tabletop.__file__).parents[1]))
    done = subprocess.run([sys.executable, "-c", _FIRST_FRAME], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_no_game_is_imported_before_the_first_frame(first_frame):
    """The cards' titles, the pictures and the continue plaque's game need no
    module of a game but the registry."""
    assert first_frame["screen"] == "Launcher" and first_frame["code"] == 0
    modules = first_frame["modules"]
    assert {"tabletop.ui.launcher", "tabletop.games.registry"} <= set(modules)
    assert [m for m in modules if m.startswith("tabletop.games.") and m != "tabletop.games.registry"] == []


def test_the_first_frame_comes_before_the_data_layer_and_the_widgets(first_frame):
    """pydantic and YAML (the games' data and the saves) and pygame_gui (the
    buttons) come in after the first frame."""
    imported = {name.partition(".")[0] for name in first_frame["modules"]}
    assert imported & {"pydantic", "yaml", "pygame_gui"} == set()


def test_what_the_first_frame_shows_stays_where_it_is(settings, window_size, match):
    """The frames after the first add the buttons, the continue plaque and each
    card's players and description; the backdrop, the title, and each card with
    its picture and title stay as the first frame drew them."""
    Autosaver(match).save()
    app = App(size=window_size, settings=settings)
    try:
        app.start(None)
        app.tick(0.0)
        launcher = app.top
        assert not launcher.data_checked and launcher.autosave is None
        first = app.surface.copy()
        app.run_until_idle()
        assert launcher.data_checked and launcher.autosave is not None and launcher.continue_rect is not None
        done = app.surface
        menu_left = launcher.menu.x - launcher.theme.px(40)  # the plaque's shadow too
        w, h = done.get_size()
        changed = [
            (x, y) for x in range(0, w, 3) for y in range(0, h, 3) if first.get_at((x, y)) != done.get_at((x, y))
        ]
        assert any(x >= menu_left for x, _y in changed), "the plaque and the buttons come in"
        for rect, _info in launcher.cards:
            # below its picture the first frame's card holds only its title, in dark ink
            inner = rect.inflate(-launcher.theme.px(40), -launcher.theme.px(40))
            pixels = ((x, y) for x in range(inner.x, inner.right, 2) for y in range(inner.y, inner.bottom))
            title_bottom = max(y for x, y in pixels if sum(first.get_at((x, y))[:3]) < 200)
            inside = [(x, y) for x, y in changed if rect.collidepoint(x, y)]
            assert inside, "the players, the description and New game come in"
            assert min(y for _x, y in inside) > title_bottom, "the picture and the title stay as they were"
        outside = [
            (x, y) for x, y in changed if x < menu_left and not any(r.collidepoint(x, y) for r, _i in launcher.cards)
        ]
        assert outside == []
    finally:
        app.shutdown()


# -- the picture of a card before the data layer is imported --------------------------------


def test_the_games_pictures_are_read_without_the_data_layer():
    """Every game's game.yaml is written the plain way: its picture is known for the
    first frame, the same as the data layer reads it."""
    from tabletop.engine.gamedata import game_picture

    for game_id in registry.ids(include_hidden=True):
        assert plain_picture(game_id) == game_picture(game_id) == f"launcher/{game_id}.png"


#: game.yaml texts read without the data layer: the picture, as YAML reads it
PLAIN = [
    "picture: launcher/eden.png\n",
    "# What the launcher shows\npicture: launcher/eden.png         # the card's picture\n",
    "picture: launcher/eden.png",
    "\n  # indented note\npicture:   launcher/my-game_2.v1.png  \r\n\r\n",
]
#: texts only the data layer may read (None), whatever it makes of them
NOT_PLAIN = [
    "",
    "picture: 'launcher/eden.png'\n",
    "picture: launcher/eden.png#not a comment\n",
    "picture: launcher/eden.png\npicture: launcher/catan.png\n",
    "picture: launcher/eden.png\nsubtitle: A game\n",
    "picture:\tlauncher/eden.png\n",
    "\ufeffpicture: launcher/eden.png\n",
    "# a\u2028picture: launcher/eden.png\n",
    "---\npicture: launcher/eden.png\n",
    "  picture: launcher/eden.png\n",
    "picture: ../eden.png\n",
    "picture: launcher/eden.jpg\n",
    "picture: {a: b}.png\n",
    "picture: null\n",
]


@pytest.mark.parametrize("text", PLAIN + NOT_PLAIN)
def test_a_plain_picture_is_what_yaml_reads(text, tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "DATA", tmp_path)
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "game.yaml").write_bytes(text.encode("utf-8"))
    found = plain_picture("game")
    if text in PLAIN:
        assert found is not None and found == yaml.safe_load(text)["picture"]
    else:
        assert found is None


def test_a_game_without_a_game_file_has_no_picture(tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "DATA", tmp_path)
    assert plain_picture("game") == ""


def test_enter_before_the_data_is_checked_continues_the_last_game(settings, match):
    """Enter pressed at once, before the autosave has been read, still continues."""
    Autosaver(match).save()
    app = App(size=(1280, 680), settings=settings)
    try:
        app.start(None)
        app.tick(0.0)
        assert not app.top.data_checked
        app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        app.run_until_idle()
        assert type(app.top).__name__ == "GameScreen"
        assert app.top.match.hash() == match.hash()
    finally:
        app.shutdown()


def test_back_from_a_game_the_launcher_is_whole_from_its_first_frame(app, match):
    """Only the program's start draws the launcher before the rest: back from a
    game its first frame has the buttons, the continue plaque and every card's
    players and description."""
    Autosaver(match).save()
    app.open_match(match, None)
    app.run_until_idle()
    app.open_launcher()
    app.tick(0.0)
    launcher = app.top
    assert launcher.data_checked and launcher.autosave is not None
    labels = [b.text for b in launcher.ui.get_sprite_group().sprites() if getattr(b, "text", None) and b.visible]
    assert "Continue" in labels and labels.count("New game") == len(launcher.games)
    assert all(info.rules is not None and info.playable for info in launcher.games)
