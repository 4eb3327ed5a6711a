"""The unit editor (reached from the skirmish card of the launcher and from the
new-game screen) and the new-game screen's pick of each player's unit, at both
window sizes, read off the drawn screen."""

from __future__ import annotations

import driving
import pygame

from tabletop.games.skirmish import unit_files
from tabletop.games.skirmish.play.units import Member, Unit
from tabletop.games.skirmish.screen.unit_editor import UnitEditor
from tabletop.games.skirmish.unit_files import bundled_unit
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.newgame import NewGame
from tabletop.ui.theme import GREEN, RED


def open_editor(app, ui) -> UnitEditor:
    """Click Units on the skirmish card of the launcher."""
    rect, _info = next((r, i) for r, i in app.top.cards if i.id == "skirmish")
    units = [b for b in ui.widgets() if getattr(b, "text", None) == "Units" and rect.contains(b.rect)]
    assert units, "the skirmish card has no Units button"
    ui.click(units[0].rect.center)
    assert isinstance(app.top, UnitEditor)
    return app.top


def add(ui, editor: UnitEditor, name: str) -> None:
    rect = next(r for r, w in editor.gallery if w.name == name)
    ui.click(rect.center)


def drawn(app, painted: driving.Painted, area: pygame.Rect) -> list[str]:
    painted.texts.clear()
    app.top.draw(app.surface)
    return painted.within(area)


def inked(surface: pygame.Surface, rect: pygame.Rect, colour) -> bool:
    """Some pixel of `rect` is `colour` (text drawn in it)."""
    return any(
        surface.get_at((x, y))[:3] == colour for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
    )


def test_a_unit_is_built_from_the_cards_checked_as_it_grows_and_saved(app, ui, monkeypatch):
    painted = driving.Painted(monkeypatch)
    editor = open_editor(app, ui)
    assert [w.name for _r, w in editor.gallery] == ["Yuri", "Vladd", "Tony", "Brutus", "Mira"]
    for name in ("Yuri", "Vladd", "Tony", "Brutus", "Mira"):
        add(ui, editor, name)
    editor = app.top
    shown = drawn(app, painted, editor.unit_panel)
    assert "106 of 100 points · 17 SP" in shown
    assert "• 106 points: over the limit of 100 by 6." in shown
    assert "• The unit needs a name." in shown
    over = next(rect for text, rect in painted.texts if text == "• 106 points: over the limit of 100 by 6.")
    assert inked(app.surface, over, RED)
    # Mira out again, Tony to lead, a name: every rule kept
    ui.click(
        next(
            b for b in ui.widgets() if getattr(b, "text", None) == "×" and b.rect.y >= editor.member_rows[4].y
        ).rect.center
    )
    editor = app.top
    ui.click(editor.leader_chips[2].rect.center)
    editor = app.top
    ui.type_into(editor.name_entry, "Raiders")
    shown = drawn(app, painted, editor.unit_panel)
    assert "88 of 100 points · 14 SP" in shown
    ready = next(rect for text, rect in painted.texts if text == "Ready to play: every rule is kept.")
    assert inked(app.surface, ready, GREEN)
    assert editor.leader_chips[2].is_selected and not editor.leader_chips[0].is_selected
    ui.press("Save")
    saved = unit_files.saved()
    assert [(s.path.name, s.unit.name) for s in saved] == [("raiders.yaml", "Raiders")]
    assert saved[0].unit.leader() == Member("tony", "Tony", True)
    assert "Raiders" in ui.labels()  # listed with the saved units


def test_a_stigma_unit_and_a_broken_file_show_their_reasons(app, ui, monkeypatch):
    folder = unit_files.user_folder()
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text("name: Broken\nkind: stigma\nsymbol: chaos\nwarriors: []\n", encoding="utf-8")
    painted = driving.Painted(monkeypatch)
    editor = open_editor(app, ui)
    assert "broken.yaml (broken)" in ui.labels()
    ui.press("broken.yaml (broken)")
    editor = app.top
    assert editor.note_bad and "broken.yaml:4: warriors:" in editor.note
    ui.press("Stigma")
    ui.press("Chaos")
    editor = app.top
    assert [w.name for _r, w in editor.gallery] == ["Yuri", "Dzala", "Voss", "Kira"]
    for name in ("Yuri", "Dzala", "Voss", "Kira"):
        add(ui, editor, name)
        editor = app.top
    shown = drawn(app, painted, editor.unit_panel)
    assert "80 of 100 points · 7 SP" in shown  # (4 + 3 + 3 + 3) / 2 rounded up (A26)
    ui.press("Faction")  # the warriors stay; the rule says which do not belong
    editor = app.top
    shown = drawn(app, painted, editor.unit_panel)
    assert any(line.startswith("• Dzala's faction is Clan Bamaka, not Jokergang") for line in shown), shown
    # the warriors the rule refuses are ringed in red, the others not
    app.run_until_idle()
    for index, refused in enumerate((False, True, True, True)):
        row = editor.member_rows[index]
        edge = pygame.Rect(row.x - editor.theme.px(4) - 2, row.y, editor.theme.px(4) + 2, row.h)
        assert inked(app.surface, edge, RED) == refused, index


def test_each_player_picks_a_unit_and_the_game_holds_it_in_full(app, ui):
    crew = Unit("Crew", "faction", "jokergang", 100, (Member("yuri", "Red Yuri", True), Member("mira", "Mira")))
    path = unit_files.save(crew)
    rect, _info = next((r, i) for r, i in app.top.cards if i.id == "skirmish")
    ui.click((rect.centerx, rect.y + rect.h // 4))
    screen = app.top
    assert isinstance(screen, NewGame)
    labels = [label for label, _value in screen.unit_choices]
    assert labels == ["The table's warriors", "Unit A: Jokergang", "Unit B: Matriarchat", "Unit C: Clan Bamaka", "Crew"]
    ui.choose(screen.unit_menus[0], "4")
    ui.choose(app.top.unit_menus[1], "2")
    # the editor opens over the screen and the choices survive its closing
    ui.press("Units…")
    assert isinstance(app.top, UnitEditor)
    ui.press("Close")
    screen = app.top
    assert isinstance(screen, NewGame) and screen.seat_units == [4, 2]
    ui.press("Start the game")
    assert isinstance(app.top, GameScreen)
    match = app.top.match
    assert match.setup.options["unit_1"] == crew.to_setup()
    assert match.setup.options["unit_2"] == bundled_unit("unit-b").to_setup()
    unit_files.delete(path)  # the game in progress does not need the file
    assert match.state.units[0] == crew.to_setup()
    assert [m["name"] for m in match.state.rosters[0]] == ["Red Yuri", "Mira"]
