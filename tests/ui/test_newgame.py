"""The new-game screen fits every game at every window size: the options scroll
instead of running under the Start and Back buttons or out of the window."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIScrollingContainer

from tabletop.games import registry
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.newgame import NewGame

SIZES = [(1280, 680), (1920, 1080)]
GAMES = registry.ids(include_hidden=True)


def open_set_up(app, ui, game_id, size) -> NewGame:
    """Resize the window, then click the game's card in the launcher."""
    app.resize(size)
    app.run_until_idle()
    rect = next(r for r, info in app.top.cards if info.id == game_id)
    ui.click((rect.centerx, rect.y + rect.h // 4))
    screen = app.top
    assert isinstance(screen, NewGame) and screen.game_id == game_id
    return screen


def wheel(app, notches: int) -> None:
    """Turn the mouse wheel: positive notches scroll down (towards the user)."""
    for _ in range(abs(notches)):
        y = -1 if notches > 0 else 1
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
        )
    app.run_until_idle()


def in_options(screen: NewGame, widget) -> bool:
    """Whether `widget` lies in the scrolled options area."""
    content = screen.options_area.get_container()
    container = widget.ui_container
    while container is not None:
        if container is content:
            return True
        if container.ui_container is container:
            break
        container = container.ui_container
    return False


def option_widgets(screen: NewGame) -> list:
    return [
        w
        for w in screen.options_area.get_container().elements
        if not isinstance(w, (UIContainer, UIScrollingContainer))
    ]


def assert_nothing_under_the_buttons(app, ui, screen: NewGame) -> None:
    """Every widget's visible part lies in the window and clear of Start and Back;
    an option's visible part is what its area shows of it."""
    window = app.surface.get_rect()
    buttons = [ui.button("Start the game"), ui.button("Back")]
    root = screen.ui.get_root_container()
    for widget in ui.widgets():
        if (
            widget in buttons
            or widget is root
            or isinstance(widget, (UIContainer, UIScrollingContainer))
            or not widget.visible
        ):
            continue
        shown = widget.rect.clip(screen.options_view) if in_options(screen, widget) else widget.rect
        if shown.w == 0 or shown.h == 0:
            continue
        assert window.contains(shown), (widget, shown)
        for button in buttons:
            assert not shown.colliderect(button.rect), (widget, shown, button.text)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_reached_by_scrolling_and_nothing_lies_under_the_buttons(app, ui, game_id, size):
    screen = open_set_up(app, ui, game_id, size)
    # every seat taken: the players panel at its fullest
    while len(screen.seats) < min(screen.rules.max_players, len(screen.colours)):
        ui.press("+ Add a player")
    assert len(screen.seats) == min(screen.rules.max_players, len(screen.colours))
    view = screen.options_view
    assert app.surface.get_rect().contains(view) and screen.game_panel.contains(view)
    inside = screen.players_panel.inflate(-2 * app.theme.px(20), -2 * app.theme.px(20))
    for seat_widget in screen.names + screen.colour_menus + ([screen.first_menu] if screen.first_menu else []):
        assert inside.contains(seat_widget.rect)
    widgets = option_widgets(screen)
    bar = screen.options_area.vert_scroll_bar
    if screen.options_overflow():
        # the options leave room for the scroll bar beside them
        assert bar is not None and bar.rect.w > 0 and view.contains(bar.rect)
        assert all(w.rect.right <= bar.rect.left for w in widgets)
    chips = [chip for chips in screen.option_chips.values() for chip in chips]
    assert len(chips) == sum(len(spec.choices) for spec in screen.specs)
    assert set(chips) <= set(widgets) and screen.seed_entry in widgets
    # from the top, one notch at a time to the bottom: every option shows whole at some point
    wheel(app, -50)
    assert screen.options_scrolled() == 0
    seen = set()
    while True:
        assert_nothing_under_the_buttons(app, ui, screen)
        seen |= {w for w in widgets if view.contains(w.rect)}
        before = screen.options_scrolled()
        wheel(app, 1)
        if screen.options_scrolled() == before:
            break
        assert screen.options_scrolled() > before
    missing = [getattr(w, "text", w) for w in widgets if w not in seen]
    assert not missing, missing
    assert screen.options_overflow() == (screen.options_scrolled() > 0)


def test_the_last_skirmish_option_is_chosen_by_clicks_and_reaches_the_match(app, ui):
    screen = open_set_up(app, ui, "skirmish", (1280, 680))
    last = screen.specs[-1]
    index = next(i for i, (value, _label) in enumerate(last.choices) if value != last.default)
    chip = screen.option_chips[last.key][index]
    assert not screen.options_view.contains(chip.rect), "the last option starts below the fold at 1280x680"
    for _ in range(60):
        if screen.options_view.contains(chip.rect):
            break
        wheel(app, 1)
    assert screen.options_view.contains(chip.rect)
    ui.click(chip.rect.center)
    assert screen.options[last.key] == last.choices[index][0]
    selected = [k for k, c in enumerate(screen.option_chips[last.key]) if c.is_selected]
    assert selected == [index]
    ui.press("Start the game")
    assert isinstance(app.top, GameScreen)
    assert app.top.match.setup.options[last.key] == last.choices[index][0]


def test_an_option_scrolled_out_of_sight_takes_no_click(app, ui):
    screen = open_set_up(app, ui, "skirmish", (1280, 680))
    view = screen.options_view
    window = app.surface.get_rect()
    hidden = [
        (key, k, chip)
        for key, chips in screen.option_chips.items()
        for k, chip in enumerate(chips)
        if not chip.is_selected and chip.rect.top >= view.bottom and window.contains(chip.rect)
    ]
    assert hidden, "some chip lies wholly below the options' area, still in the window, at 1280x680"
    _key, _k, chip = hidden[0]
    before = dict(screen.options)
    ui.click(chip.rect.center)
    assert app.top is screen
    assert screen.options == before
    assert not chip.is_selected


def test_keys_scroll_the_options_and_a_rebuild_keeps_the_place(app, ui):
    screen = open_set_up(app, ui, "catan", (1280, 680))
    assert screen.options_overflow()
    ui.key(pygame.K_PAGEDOWN)
    paged = screen.options_scrolled()
    assert paged > 0
    ui.key(pygame.K_DOWN)
    assert screen.options_scrolled() > paged
    ui.key(pygame.K_UP)
    assert screen.options_scrolled() == paged
    # choosing a colour rebuilds the screen; the options stay where they were
    ui.choose(screen.colour_menus[0], screen.seats[1][1])
    assert screen.options_scrolled() == paged
    ui.key(pygame.K_PAGEUP)
    ui.key(pygame.K_PAGEUP)
    assert screen.options_scrolled() == 0


def test_the_scroll_keys_wait_while_a_name_is_typed(app, ui):
    screen = open_set_up(app, ui, "catan", (1280, 680))
    assert screen.options_overflow()
    screen.names[0].focus()
    app.run_until_idle()
    for code in (pygame.K_PAGEDOWN, pygame.K_DOWN):
        ui.key(code)
    assert screen.options_scrolled() == 0
    screen.names[0].unfocus()
    app.run_until_idle()
    ui.key(pygame.K_PAGEDOWN)
    assert screen.options_scrolled() > 0


def test_the_scroll_bar_scrolls_and_a_rebuild_keeps_its_place(app, ui):
    screen = open_set_up(app, ui, "skirmish", (1280, 680))
    arrow = screen.options_area.vert_scroll_bar.bottom_button
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=arrow.rect.center, button=1))
    app.run_until_idle()
    for _ in range(6):  # the arrow scrolls while it is held
        app.tick(0.05)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=arrow.rect.center, button=1))
    app.run_until_idle()
    for _ in range(5):  # the area follows the bar a few frames later (some pixels on a long list of options)
        app.tick(0.05)
    scrolled = screen.options_scrolled()
    assert scrolled > 0
    ui.choose(screen.colour_menus[0], screen.seats[1][1])
    assert screen.options_scrolled() == scrolled


def test_the_scroll_bar_draws_its_arrows(app, ui, window_size):
    screen = open_set_up(app, ui, "skirmish", window_size)
    assert screen.options_overflow()
    bar = screen.options_area.vert_scroll_bar
    app.draw()
    for arrow in (bar.top_button, bar.bottom_button):
        # the arrow's pale glyph on the dark button, in the picture of the window
        area = app.surface.subsurface(arrow.rect)
        pale = [
            (x, y)
            for x in range(area.get_width())
            for y in range(area.get_height())
            if min(area.get_at((x, y))[:3]) > 220
        ]
        assert len(pale) >= 10, arrow.text


def test_a_chip_chosen_then_another_leaves_one_lit(app, ui):
    screen = open_set_up(app, ui, "catan", (1920, 1080))
    spec = screen.specs[0]
    chips = screen.option_chips[spec.key]
    for index in (1, 0, 1):
        ui.click(chips[index].rect.center)
        assert [c.is_selected for c in chips] == [k == index for k in range(len(chips))]
        assert screen.options[spec.key] == spec.choices[index][0]


def test_with_two_units_the_skirmish_starts_on_the_empty_table_unless_a_table_is_chosen(app, ui):
    """A game between two built units (the book's preparation lays the terrain out)
    starts on the empty table, not the demo's crowded one; a table the players pick
    by hand stays picked."""
    screen = open_set_up(app, ui, "skirmish", (1920, 1080))
    assert screen.options["start"] == "demo"  # the table's warriors: the demo table
    ui.choose(screen.unit_menus[0], "1")
    assert screen.options["start"] == "demo"  # one unit: not a game between units yet
    ui.choose(app.top.unit_menus[1], "2")
    screen = app.top
    chips = screen.option_chips["start"]
    values = [value for value, _label in screen.specs[0].choices]
    assert screen.options["start"] == "empty"
    assert [c.is_selected for c in chips] == [v == "empty" for v in values]
    ui.press("Start the game")
    assert isinstance(app.top, GameScreen) and app.top.match.setup.options["start"] == "empty"
    assert not app.top.match.state.pieces


def test_a_table_chosen_by_hand_stays_when_the_units_are_picked(app, ui):
    screen = open_set_up(app, ui, "skirmish", (1920, 1080))
    values = [value for value, _label in screen.specs[0].choices]
    screen.choose(screen.specs[0], values.index("demo"))
    ui.choose(screen.unit_menus[0], "1")
    ui.choose(app.top.unit_menus[1], "2")
    assert app.top.options["start"] == "demo"


def test_back_to_the_launcher_and_in_again_keeps_the_names_units_and_options(app, ui):
    screen = open_set_up(app, ui, "skirmish", (1920, 1080))
    ui.type_into(screen.names[0], "Ann")
    ui.choose(screen.unit_menus[0], "1")
    ui.choose(app.top.unit_menus[1], "2")
    screen = app.top
    spec = next(s for s in screen.specs if s.key == "ruleset")
    ui.click(screen.option_chips["ruleset"][1].rect.center)
    assert screen.options["ruleset"] == spec.choices[1][0]
    ui.press("Back")
    assert not isinstance(app.top, NewGame)
    screen = open_set_up(app, ui, "skirmish", (1920, 1080))
    assert screen.names[0].get_text() == "Ann" and screen.seat_units[:2] == [1, 2]
    assert screen.options["ruleset"] == spec.choices[1][0] and screen.options["start"] == "empty"
    assert screen.option_chips["ruleset"][1].is_selected


def test_a_book_game_offers_neither_who_begins_nor_the_deployment(app, ui):
    """Between two built units the preparation's bid says who begins and the mission
    where each deploys: the screen offers only what applies."""
    screen = open_set_up(app, ui, "skirmish", (1920, 1080))
    assert screen.first_menu is not None and "deployment" in screen.option_chips
    ui.choose(screen.unit_menus[0], "1")
    ui.choose(app.top.unit_menus[1], "2")
    app.run_until_idle()
    screen = app.top
    assert screen.first_menu is None and "Who begins" not in ui.labels()
    assert "deployment" not in screen.option_chips and "ruleset" in screen.option_chips
    assert screen.seat_units[:2] == [1, 2]
    ui.choose(screen.unit_menus[1], "0")  # back to the table's warriors: both offered again
    app.run_until_idle()
    assert app.top.first_menu is not None and "deployment" in app.top.option_chips
