"""Labels over the skirmish table as players see them: the tape's label covers no
warrior, and a label at the table's edge is not cut off."""

from __future__ import annotations

import pygame
from driving import mouse_down, mouse_up, move, open_game, press

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.rules import RULES
from tabletop.ui import art

from .positions import play_begins


def new_match() -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    return Match(RULES, setup, 1)


def stretch_tape(app, game, start, end) -> None:
    view = game.view
    press(app, game, "tool-measure")
    mouse_down(app, view.to_screen(start))
    for k in range(1, 7):
        move(
            app,
            view.to_screen((start[0] + (end[0] - start[0]) * k / 6, start[1] + (end[1] - start[1]) * k / 6)),
            (1, 0, 0),
        )
    mouse_up(app, view.to_screen(end))


def drawn_on_table(app, game, monkeypatch, content: str) -> list[pygame.Rect]:
    """Where a fresh frame draws `content` over the table."""
    found: list[pygame.Rect] = []
    real = art.text

    def record(surface, text, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        rect = real(surface, text, font, colour, pos, anchor, shadow, max_width)
        if text == content:
            found.append(rect)
        return rect

    monkeypatch.setattr(art, "text", record)
    app.draw()
    monkeypatch.setattr(art, "text", real)
    return [rect for rect in found if rect.colliderect(game.view.viewport)]


def test_the_tapes_label_covers_no_warrior(app, monkeypatch):
    """A tape stretched just below a warrior: its label goes clear of the token
    (above the tape's middle, where it used to go, it would cover it)."""
    game = open_game(app, new_match())
    view = game.view
    x, y = view.table.models["m10"].position
    stretch_tape(app, game, (x - 40.0, y + 20.0), (x + 40.0, y + 20.0))
    assert view.tape is not None
    text = f"{view.tape.length / 10:.1f} cm"
    rects = drawn_on_table(app, game, monkeypatch, text)
    assert len(rects) == 1
    tokens = []
    for model in view.table.models.values():
        c = view.to_screen(model.position)
        r = model.radius * view.scale
        tokens.append(pygame.Rect(int(c[0] - r), int(c[1] - r), int(2 * r), int(2 * r)))
    assert rects[0].collidelist(tokens) == -1
    # nor the tape's middle: the label sits beside the tape
    middle = view.to_screen((x, y + 20.0))
    assert not rects[0].collidepoint(middle)


def test_a_label_at_the_tables_edge_is_not_cut_off(app, monkeypatch):
    """A tape along the table's top edge: its label lies wholly inside the view."""
    game = open_game(app, new_match())
    view = game.view
    stretch_tape(app, game, (330.0, 1.0), (450.0, 1.0))
    text = f"{view.tape.length / 10:.1f} cm"
    rects = drawn_on_table(app, game, monkeypatch, text)
    assert len(rects) == 1 and view.viewport.contains(rects[0])
    # and the plate round it shows: its dark colour just above the text
    x, top = rects[0].centerx, rects[0].top
    r, g, b = app.surface.get_at((x, top - 1))[:3]
    assert r + g + b < 200


def test_the_side_panels_heading_and_buttons_are_whole_while_a_counter_may_come(app, monkeypatch):
    """After Ann names a warrior, Bob's heading ("may counter ...") and the Pass button
    are drawn whole, without an ellipsis, at both sizes; the full wording when it fits."""
    from driving import Painted

    from tabletop.engine.core import Action, PlayerInfo

    setup = Setup((PlayerInfo("Margarethe", "red"), PlayerInfo("Bartholomew", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, 1)
    play_begins(match)
    from tabletop.games.skirmish.play import rounds

    # the slowest warrior (a counter can come), the longest name among them
    named = min(
        (model_id for model_id, entry in match.state.models.items() if entry["side"] == match.state.turn),
        key=lambda model_id: (rounds.ges(match.state, model_id), -len(match.state.models[model_id]["name"])),
    )
    match.act(Action("name", model=named))
    game = open_game(app, match)
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.view.draw(app.surface)
    panel = game.view.side.rect
    texts = painted.within(panel)
    assert not [text for text in texts if text.endswith("…")], texts
    assert any(text.startswith("Bartholomew may counter") for text in texts), texts
    assert "Pass" in texts
