"""The window fits the screen's usable area (the desktop less the task bar, less
the window's own title bar): at the first start, restored from a larger screen,
and its smallest size."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.settings import Settings
from tabletop.ui import window
from tabletop.ui.app import App
from tabletop.ui.window import MIN_SIZE, fit_window

#: a 1366x768 laptop with a 40 px task bar along the bottom
LAPTOP = (0, 0, 1366, 728)
#: a 30 px title bar and no other edges
TITLE_BAR = (30, 0, 0, 0)


def frame_inside(placement, usable, frame) -> bool:
    """The whole window, title bar and edges included, lies in `usable`."""
    (x, y), (w, h) = placement.position, placement.size
    top, left, bottom, right = frame
    ux, uy, uw, uh = usable
    return x - left >= ux and y - top >= uy and x + w + right <= ux + uw and y + h + bottom <= uy + uh


def test_the_first_start_on_a_laptop_opens_a_window_that_fits():
    placement = fit_window(LAPTOP, TITLE_BAR)
    assert placement.size == MIN_SIZE  # the laptop's room, 1366x698, holds the smallest window
    assert placement.minimum == MIN_SIZE
    assert frame_inside(placement, LAPTOP, TITLE_BAR)
    # centred in the room
    assert placement.position == ((1366 - 1280) // 2, 30 + (698 - 680) // 2)


def test_a_full_hd_window_restored_on_the_laptop_shrinks_and_moves_onto_it():
    placement = fit_window(LAPTOP, TITLE_BAR, size=(1920, 1080), position=(200, 120))
    assert placement.size == (1366, 698)
    assert placement.position == (0, 30)
    assert frame_inside(placement, LAPTOP, TITLE_BAR)
    # kept from a second screen to the right: moved back, as far as it must
    moved = fit_window(LAPTOP, TITLE_BAR, size=(1280, 680), position=(2200, 10))
    assert moved.position == (1366 - 1280, 30) and frame_inside(moved, LAPTOP, TITLE_BAR)


def test_a_screen_smaller_than_the_smallest_window_lowers_the_minimum():
    small = (0, 0, 1024, 560)
    placement = fit_window(small, TITLE_BAR, size=(1280, 720))
    assert placement.minimum == (1024, 530) == placement.size
    assert frame_inside(placement, small, TITLE_BAR)


def test_a_size_that_fits_is_kept_where_it_was():
    placement = fit_window((0, 0, 1920, 1040), TITLE_BAR, size=(1500, 900), position=(100, 80))
    assert (placement.size, placement.position) == ((1500, 900), (100, 80))


@given(
    usable=st.tuples(
        st.integers(-3000, 3000), st.integers(-3000, 3000), st.integers(200, 4000), st.integers(200, 3000)
    ),
    frame=st.tuples(st.integers(0, 60), st.integers(0, 10), st.integers(0, 10), st.integers(0, 10)),
    size=st.none() | st.tuples(st.integers(1, 6000), st.integers(1, 6000)),
    position=st.none() | st.tuples(st.integers(-9000, 9000), st.integers(-9000, 9000)),
)
def test_every_placement_fits_and_respects_the_minimum(usable, frame, size, position):
    placement = fit_window(usable, frame, size, position)
    room = (usable[2] - frame[1] - frame[3], usable[3] - frame[0] - frame[2])
    assert placement.minimum == (min(MIN_SIZE[0], room[0]), min(MIN_SIZE[1], room[1]))
    assert placement.minimum[0] <= placement.size[0] <= room[0]
    assert placement.minimum[1] <= placement.size[1] <= room[1]
    assert frame_inside(placement, usable, frame)


def test_a_window_kept_from_a_larger_screen_opens_inside_this_one(settings, monkeypatch):
    """The app itself: a 1920x1080 window kept in the settings opens on the laptop
    within its usable area, with a minimum that fits too."""
    monkeypatch.setattr(window, "usable_area", lambda near=None: LAPTOP)
    settings.window, settings.position = (1920, 1080), (300, 200)
    settings.save()
    app = App(settings=Settings.load()[0])
    try:
        placement = window.Placement(tuple(app.window.size), tuple(app.window.position), app.window.minimum_size)
        assert frame_inside(placement, LAPTOP, window.FRAME_GUESS)
        assert placement.minimum[0] <= 1366 and placement.minimum[1] <= 728 - 30
        assert app.size == placement.size
    finally:
        app.shutdown()


def test_the_first_start_fits_the_usable_area_sdl_reports(settings):
    """Without settings, the window takes its size from SDL's usable area (the
    dummy driver's screen is 1024x768: smaller than the smallest window)."""
    assert not Settings.path().exists()
    usable = window.usable_area()
    app = App(settings=settings)
    try:
        placement = window.Placement(tuple(app.window.size), tuple(app.window.position), app.window.minimum_size)
        assert frame_inside(placement, usable, window.FRAME_GUESS)
        room = (usable[2] - 8, usable[3] - 44)  # less the frame the window guesses before it is shown
        assert placement.minimum == (min(MIN_SIZE[0], room[0]), min(MIN_SIZE[1], room[1])) == (1016, 680)
    finally:
        app.shutdown()
