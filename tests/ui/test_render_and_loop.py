"""Offscreen drawing, the idle loop, the first-frame exit and the entry point."""

from __future__ import annotations

import time

import pygame
import pytest

from tabletop.engine.core import CHANCE
from tabletop.ui import loop, render
from tabletop.ui.app import App, run
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import Launcher


@pytest.mark.parametrize("size", [(1280, 680), (1920, 1080)])
def test_render_game_draws_the_whole_screen_without_changing_the_match(match, size):
    before = (match.hash(), len(match.log))
    surface = render.render_game(match, size)
    assert surface.get_size() == size
    assert (match.hash(), len(match.log)) == before
    # drawn, not blank: many different colours
    colours = {tuple(surface.get_at((x, y))) for x in range(0, size[0], 37) for y in range(0, size[1], 29)}
    assert len(colours) > 200


def _hand_area(match, size):
    """The board's private area at `size`, as the game screen lays it out."""
    app = App(size=size, headless=True)
    screen = GameScreen(app, match, interactive=False)
    app.set_scene(screen)
    area = screen.view.private_area.copy()
    app.shutdown()
    return area


def test_render_game_shows_the_seat_it_is_asked_for(match):
    size = (1280, 680)
    area = _hand_area(match, size)
    holder = match.rules.secret_holder(match.state)
    other = 1 - holder
    default = render.render_game(match, size)
    mine = render.render_game(match, size, seat=holder)
    theirs = render.render_game(match, size, seat=other)
    assert pygame.image.tobytes(default.subsurface(area), "RGB") == pygame.image.tobytes(mine.subsurface(area), "RGB")
    assert match.view(holder).hand != match.view(other).hand
    assert pygame.image.tobytes(mine.subsurface(area), "RGB") != pygame.image.tobytes(theirs.subsurface(area), "RGB")


def test_render_game_can_draw_the_curtain_closed(match):
    """As selftest draws it: the holder's secrets hidden behind the curtain."""
    size = (1280, 680)
    area = _hand_area(match, size)
    holder = match.rules.secret_holder(match.state)
    closed = render.render_game(match, size, curtain=True)
    for seat in (holder, 1 - holder):
        shown = render.render_game(match, size, seat=seat)
        assert pygame.image.tobytes(closed.subsurface(area), "RGB") != pygame.image.tobytes(
            shown.subsurface(area), "RGB"
        )
    # the velvet: red dominates the middle of the private area
    red, green, blue, _alpha = closed.get_at(area.center)
    assert red > 2 * green and red > 2 * blue


def test_render_launcher_and_save_png(tmp_path):
    surface = render.render_launcher((1280, 680))
    assert surface.get_size() == (1280, 680)
    path = tmp_path / "shots" / "launcher.png"
    render.save_png(surface, path)
    assert pygame.image.load(str(path)).get_size() == (1280, 680)


def test_idle_app_blocks_instead_of_polling(app, ui):
    assert app.wait_timeout() is None
    ui.press("New game")
    app.run_until_idle()
    assert app.wait_timeout() is None


def test_while_animating_the_loop_waits_only_what_is_left_of_the_frame(app, monkeypatch):
    """Frames are paced FPS a second from start to start: what a frame spent working
    (a reach worked out a share a frame) is not waited again after it."""
    monkeypatch.setattr(app, "animating", lambda: True)
    before = time.monotonic()
    app.tick(0.0)
    assert before <= app._frame_began <= time.monotonic()
    app._frame_began = time.monotonic() - 0.012
    timeout = app.wait_timeout()
    assert timeout is not None and timeout <= 1 / loop.FPS - 0.012
    app._frame_began = time.monotonic() - 1.0
    assert app.wait_timeout() == 0.0


def test_focused_text_field_wakes_slowly_for_the_cursor(app, ui):
    ui.press("New game")
    screen = app.top
    ui.click(screen.names[0].rect.center)
    timeout = app.wait_timeout()
    assert timeout is not None and timeout >= 0.3


def test_a_field_focused_by_the_dialog_itself_blinks_too(app, match):
    """The save dialog focuses its name field when it opens (no click): the loop
    must wake for its cursor as well."""
    from tabletop.ui.dialogs import SaveDialog

    app.open_match(match, None)
    app.push(SaveDialog(app, app.top))
    app.run_until_idle()
    assert app.focused_entry() is app.top.field
    assert app.wait_timeout() == pytest.approx(0.45, abs=0.05)


def test_a_cursor_blink_redraws_only_the_field(app, ui, match):
    from tabletop.ui.dialogs import SaveDialog

    app.open_match(match, None)
    app.push(SaveDialog(app, app.top))
    app.run_until_idle()
    field = app.top.field
    assert app.blink_only()
    frames = app.frames
    surface = app.surface
    outside = (field.rect.x - 40, field.rect.y - 40)
    inside = (field.rect.x + 3, field.rect.centery)
    before_inside = surface.get_at(inside)
    surface.set_at(outside, (1, 2, 3))
    surface.set_at(inside, (1, 2, 3))
    app.blink(0.45)
    assert surface.get_at(outside)[:3] == (1, 2, 3), "a blink must not redraw the whole frame"
    assert surface.get_at(inside) == before_inside
    assert app.frames == frames and app.blinks == 1
    # any event draws the whole frame again
    ui.key(pygame.K_END)
    assert surface.get_at(outside)[:3] != (1, 2, 3)


def test_the_loop_draws_blinks_while_a_field_waits(settings, match):
    from tabletop.ui.dialogs import SaveDialog

    app = App(size=(1280, 680), settings=settings)
    app.open_match(match, None)
    app.push(SaveDialog(app, app.top))
    pygame.event.clear()
    app.after(1.2, app.quit)
    app.run()
    assert app.blinks >= 1
    assert app.frames <= 3  # the first frame and the one for the timer


def test_first_frame_exit_for_the_benchmark(monkeypatch, settings):
    monkeypatch.setenv("TABLETOP_BENCH_FIRST_FRAME", "1")
    seen = []
    real_draw = App.draw

    def draw(self):
        real_draw(self)
        seen.append(type(self.top).__name__)

    monkeypatch.setattr(App, "draw", draw)
    assert run(None) == 0
    assert seen == ["Launcher"]


def test_run_starts_a_new_game(monkeypatch, match):
    monkeypatch.setenv("TABLETOP_BENCH_FIRST_FRAME", "1")
    opened = []
    monkeypatch.setattr(App, "draw", lambda self: opened.append(self.top))
    assert run(("new", "testgame", match.setup, 77)) == 0
    screen = opened[0]
    assert isinstance(screen, GameScreen)
    assert screen.match.seed == 77 and screen.match.actor not in (None, CHANCE)


def test_quit_event_ends_run(settings, monkeypatch):
    app = App(size=(1280, 680), settings=settings)
    app.start(None)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert app.window is None


def test_window_size_is_kept_for_next_time(settings):
    app = App(size=(1280, 680), settings=settings)
    app.start(None)
    app.resize((1300, 740))
    size = tuple(app.window.size)
    assert size != tuple(settings.window)
    app.shutdown()
    from tabletop.settings import Settings

    saved, _problem = Settings.load()
    assert tuple(saved.window) == size


def test_f11_toggles_full_screen(app, ui):
    ui.key(pygame.K_F11)
    assert app.settings.fullscreen is True
    assert isinstance(app.top, Launcher)
    ui.key(pygame.K_F11)
    assert app.settings.fullscreen is False


def test_waiting_returns_posted_events_and_nothing_after_a_timeout(app):
    from tabletop.ui import sdlwait

    pygame.event.clear()
    assert sdlwait.wait(0.01) == []
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, note="hello"))
    events = sdlwait.wait(None)
    assert [e.note for e in events if e.type == pygame.USEREVENT] == ["hello"]


def test_the_dummy_driver_is_not_waited_on_through_sdl(app):
    from tabletop.ui import sdlwait

    assert pygame.display.get_driver() == "dummy"
    assert sdlwait.available() is False


def test_window_pixels_and_mouse_units_agree(app):
    """The window asks for the screen's real pixels (allow_high_dpi); on a HiDPI
    screen the mouse still counts in points, so positions are scaled to pixels
    for the layers and for pygame_gui."""
    from tabletop.ui.shell import Layer

    assert app.pixel_ratio == app.surface.get_width() / app.window.size[0] == 1.0
    seen = []

    class Recorder(Layer):
        def handle_event(self, event):
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
                seen.append((event.type, event.pos, getattr(event, "rel", None)))
            return True

    app.pixel_ratio = 2.0  # as on a Retina screen
    app.push(Recorder(app))
    assert app.top.ui.mouse_pos_scale_factor == [2.0, 2.0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(101, 52), rel=(1, 2), buttons=(0, 0, 0)))
    app.run_until_idle()
    assert seen == [(pygame.MOUSEBUTTONDOWN, (200, 100), None), (pygame.MOUSEMOTION, (202, 104), (2, 4))]
