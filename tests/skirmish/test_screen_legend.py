"""The skirmish help's legend (F1): each mark of the table with its picture, drawn
with the screen's own art in the marks' own colours; the keys stay those handled."""

from __future__ import annotations

import driving
import pygame

from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup
from tabletop.games import registry
from tabletop.games.skirmish.screen.marks import CONTACT_ENEMY, CONTACT_FRIEND
from tabletop.games.skirmish.screen.overlay import BAD, WARN
from tabletop.games.skirmish.screen.terrain_reach import HOSTILE
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.help import HelpDialog

#: each mark's label and a colour its picture shows
MARKS = {
    "A red bar: two enemies' bases in contact": CONTACT_ENEMY,
    "A teal bar: two bases of one side in contact": CONTACT_FRIEND,
    "A red ring: this warrior is in contact with an enemy": BAD,
    "A gold ring: the selected warrior": th.GOLD,
    "A tick: this warrior has been activated this round": th.GREEN,
    "Shaded: how far the selected warrior can move now (A shows or hides it)": None,
    "A move being dragged: its path and where the warrior would stand": None,
    "Hatched red over the shading (terrain rules): a move may end here, but hostile terrain wounds": art.shade(
        HOSTILE, 0.7
    ),
    "An obstacle in the line of sight, outlined, with what it takes off a ranged attack": WARN,
}


def test_the_help_shows_each_mark_of_the_table_with_its_picture(app, monkeypatch):
    rules = registry.get("skirmish")
    match = Match(rules, default_setup(rules), 5)
    driving.open_game(app, match)
    driving.key(app, pygame.K_F1)
    dialog = app.top
    assert isinstance(dialog, HelpDialog)
    lines: list[tuple[str, pygame.Rect]] = []
    real = art.text

    def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        rect = real(surface, content, font, colour, pos, anchor, shadow, max_width)
        lines.append((content, rect))
        return rect

    monkeypatch.setattr(art, "text", record)
    column = dialog.keys
    box = max(dialog.theme.px(64), dialog.theme.font(th.BODY).get_linesize() * 2)

    def shows(rect: pygame.Rect, colour) -> bool:
        """The picture left of a label shows `colour` (or anything, for None)."""
        seen = set()
        for x in range(column.rect.x, rect.x, 2):
            for y in range(
                max(column.rect.top, rect.centery - box // 2), min(column.rect.bottom, rect.centery + box // 2), 2
            ):
                seen.add(tuple(app.surface.get_at((x, y))[:3]))
        if colour is None:
            return len(seen) > 20
        return any(all(abs(a - b) <= 14 for a, b in zip(pixel, colour, strict=True)) for pixel in seen)

    found: dict[str, bool] = {}
    driving.move(app, column.rect.center)
    while True:
        lines.clear()
        app.draw()
        text = [(content, rect) for content, rect in lines if column.rect.contains(rect)]
        joined = " ".join(content for content, _rect in text)
        for label, colour in MARKS.items():
            first = label.split(" ")[0:3]
            for content, rect in text:
                if label.startswith(content) and content.split(" ")[0:3] == first and label in joined:
                    found[label] = found.get(label, False) or shows(rect, colour)
        before = column.scroll
        driving.wheel(app, -1)
        if column.scroll == before:
            break
    assert set(found) == set(MARKS), f"not in the help: {set(MARKS) - set(found)}"
    assert all(found.values()), f"without their picture: {[k for k, v in found.items() if not v]}"
