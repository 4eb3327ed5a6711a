"""Catan's screen fits its window at both sizes: no label of the screen is cut
short (buttons, the trade panel, the hand and its counts, notes, the corners of
the board) and every control lies inside the side column, in each moment of a
turn the player meets."""

from __future__ import annotations

import pytest

from tabletop.engine.core import Action
from tabletop.games.catan import geometry as G
from tabletop.games.catan.rules import KNIGHT, MONOPOLY, RULES, YEAR_OF_PLENTY
from tabletop.games.catan.screen import CatanView
from tabletop.games.catan.state import MAIN, OVER, ROLL
from tabletop.settings import Settings
from tabletop.ui import art
from tabletop.ui.app import App
from tabletop.ui.game_screen import GameScreen

from .helpers import founded_match, give, put
from .test_view import CENTRE, holding
from .test_view import playing_match as playing_match_of_three


def playing_match(players: int = 4, **options: str):
    """test_view's table of three before seat 0's roll, and a fourth player far
    from the centre (four players make the most trade partners)."""
    match = playing_match_of_three(3, **options) if players == 3 else None
    if match is not None:
        return match
    three = playing_match_of_three(3, **options)
    match = founded_match(4, **options)
    state = match.state
    for seat in range(3):
        put(state, seat, settlements=three.state.buildings[seat], roads=three.state.road_paths[seat])
    home = G.HEX_CORNERS[G.HEX_INDEX[(2, -2)]][0]
    put(state, 3, settlements=[home], roads=[G.INTERSECTION_PATHS[home][0]])
    state.phase, state.turn, state.order = ROLL, 0, []
    RULES.check_invariants(state)
    return match


def in_main(**cards: int):
    """Seat 0 after the roll with `cards`, a knight bought this turn, a monopoly and a
    victory point card from earlier turns, and trading over (it has built)."""
    match = playing_match(4)
    state = match.state
    give(state, 0, **cards)
    holding(match, MONOPOLY)
    holding(match, 4)
    holding(match, KNIGHT)
    state.new_devs[KNIGHT] = 1
    state.phase, state.trading = MAIN, False
    RULES.check_invariants(state)
    return match, 0, {}


def trading(**choices):
    match, seat, _choices = in_main(wood=2, brick=1, wool=4, ore=2)
    match.state.trading = True
    return match, seat, choices


def answering(counter: bool):
    match = playing_match(4)
    give(match.state, 0, wood=2)
    give(match.state, 1, ore=2, grain=1)
    match.act(Action("roll"))
    match.roll((6, 6))
    match.act(Action("offer", partner=1, give=(2, 0, 0, 0, 0), want=(0, 0, 0, 1, 1)))
    return match, 1, {"mode": "counter", "give": [0, 0, 0, 1, 1], "want": [2, 0, 0, 0, 0]} if counter else {}


def discarding():
    match = playing_match(4)
    give(match.state, 1, wood=3, brick=3, wool=3, grain=3, ore=3)
    match.act(Action("roll"))
    match.roll((3, 4))
    return match, 1, {"discard_pick": [2, 2, 1, 1, 1]}


def robbing(chosen: bool):
    match = playing_match(4, theft="optional")
    give(match.state, 1, wool=1)
    give(match.state, 2, ore=1)
    match.act(Action("roll"))
    match.roll((3, 4))
    return match, 0, {"robber_hex": CENTRE} if chosen else {}


def playing(kind: int):
    match, seat, _choices = in_main()
    holding(match, kind)
    name = {YEAR_OF_PLENTY: "play_year_of_plenty", MONOPOLY: "play_monopoly"}[kind]
    if kind == MONOPOLY:
        return match, seat, {"mode": "monopoly"}
    match.act(Action(name))
    return match, seat, {}


def founding():
    match = founded_match(4)
    for _n in range(5):  # into the second round
        spot = min(RULES.open_intersections(match.state))
        match.act(Action("build_settlement", intersection=G.intersection_name(spot)))
        match.act(next(a for a in match.legal_actions()))
    return match, match.actor, {}


def rolling():
    match = playing_match(4)
    holding(match, KNIGHT)
    return match, 0, {}


def over():
    match, _seat, _choices = in_main()
    match.state.phase, match.state.winner = OVER, 0
    return match, None, {}


SCENES = {
    "main": lambda: in_main(wood=3, brick=2, wool=1, grain=2, ore=1),
    "road": lambda: (*in_main(wood=3, brick=2)[:2], {"mode": "road"}),
    "bank": lambda: trading(mode="bank", bank_give="wool"),
    "offer": lambda: trading(mode="offer", partner=2, give=[1, 1, 0, 0, 0], want=[0, 0, 0, 1, 0]),
    "answer": lambda: answering(False),
    "counter": lambda: answering(True),
    "discard": discarding,
    "robber": lambda: robbing(False),
    "victim": lambda: robbing(True),
    "plenty": lambda: playing(YEAR_OF_PLENTY),
    "monopoly": lambda: playing(MONOPOLY),
    "founding": founding,
    "roll": rolling,
    "over": over,
    "curtain": lambda: (*in_main()[:1], None, {}),
}


def drawn(monkeypatch, match, size, seat, choices):
    """Draw the screen of `seat` with the player's `choices` in progress; returns
    the view and the texts of Catan's screen that were cut short."""
    application = App(size=size, headless=True, settings=Settings())
    screen = GameScreen(application, match, reveal=seat, interactive=False, closed=seat is None)
    application.set_scene(screen)
    application.tick(0.0)
    view = screen.view
    for name, value in choices.items():
        setattr(view.choices, name, value)
    cut: list[str] = []
    catan = [False]
    real_text, real_block = art.text, art.text_block

    def text(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        if catan[0] and max_width is not None and font.size(content)[0] > max_width:
            cut.append(content)
        return real_text(surface, content, font, colour, pos, anchor, shadow, max_width)

    def text_block(surface, content, font, colour, rect, align="left", line_gap=1.15):
        step = int(font.get_linesize() * line_gap)
        fitting = (rect.h - font.get_height()) // step + 1 if rect.h >= font.get_height() else 0
        if catan[0] and len(art.wrap(content, font, rect.w)) > fitting:
            cut.append(content)
        return real_block(surface, content, font, colour, rect, align, line_gap)

    def within(method):
        def run(self, surface):
            catan[0] = True
            try:
                return method(self, surface)
            finally:
                catan[0] = False

        return run

    monkeypatch.setattr(art, "text", text)
    monkeypatch.setattr(art, "text_block", text_block)
    monkeypatch.setattr(CatanView, "draw", within(CatanView.draw))
    monkeypatch.setattr(CatanView, "draw_private", within(CatanView.draw_private))
    application.tick(0.0)
    monkeypatch.undo()
    application.shutdown()
    return view, cut


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_no_label_of_the_screen_is_cut_short(monkeypatch, window_size, scene):
    match, seat, choices = SCENES[scene]()
    _view, cut = drawn(monkeypatch, match, window_size, seat, choices)
    assert cut == [], f"cut short at {window_size}: {cut}"


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_every_control_lies_inside_the_side_column(monkeypatch, window_size, scene):
    match, seat, choices = SCENES[scene]()
    view, _cut = drawn(monkeypatch, match, window_size, seat, choices)
    outside = [hit.name for hit in view.hits if not view.side.contains(hit.rect)]
    assert outside == [], f"outside the side column at {window_size}: {outside}"
