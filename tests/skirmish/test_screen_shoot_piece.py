"""Shooting at a terrain piece (Zerstörung from afar, L686; S31) on the skirmish screen:
the active warrior's panel offers a shot at terrain with each shooting item; taken in
hand, a click on a destructible piece in range and sight makes it; out of range the
offer is off with the rules' reason. At both window sizes, reading what is drawn."""

from __future__ import annotations

from driving import Painted, click, control, open_game, press

from tabletop.games.skirmish.play.position import Piece, Warrior

from .test_screen_terrain_play import _match


def test_kessler_shoots_the_wall_from_12_cm_with_the_panels_offer(app, monkeypatch):
    match = _match(
        {"wall": Piece("wall", (300, 300))},
        {"kessler": Warrior(0, (300, 420), "kessler"), "yuri": Warrior(1, (100, 100), "yuri")},
        "kessler",
    )
    game = open_game(app, match)
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    side = game.view.side.rect
    assert "Shoot at terrain" in painted.within(side)
    shot = control(game, "fight-shoot_piece-assault_rifle")
    assert shot is not None and shot.enabled
    assert shot.tooltip.startswith("Assault rifle: Then click a terrain piece")
    press(app, game, "fight-shoot_piece-assault_rifle")
    assert game.view.fight.armed == ("shoot_piece", "assault_rifle")
    assert game.view.fight.armed_lines()[0] == "Click a destructible terrain piece in range and sight."
    # a click on open ground puts it down; taken again, a click on the wall shoots
    click(app, game.view.to_screen((150.0, 500.0)))
    assert game.view.fight.armed is None and match.state.pieces["wall"].get("damage", 0) == 0
    press(app, game, "fight-shoot_piece-assault_rifle")
    click(app, game.view.to_screen((300.0, 300.0)))
    assert match.state.pieces["wall"]["damage"] == 1 and match.state.models["kessler"]["ap"] == 2
    assert game.view.fight.armed is None


def test_a_wall_out_of_range_leaves_the_shot_off_with_the_reason(app):
    match = _match(
        {"wall": Piece("wall", (300, 100))},
        {"kessler": Warrior(0, (300, 560), "kessler"), "yuri": Warrior(1, (100, 400), "yuri")},
        "kessler",
    )
    game = open_game(app, match)
    shot = control(game, "fight-shoot_piece-assault_rifle")
    assert shot is not None and not shot.enabled
    assert "the Assault rifle reaches 30.0 cm" in shot.tooltip


def test_with_three_rows_of_offers_the_help_box_still_says_the_whole_help(app, monkeypatch):
    """Kessler touching the wall: attacks, "Attack Wall" and "Shoot at terrain" take
    three rows; the help box below the large card still shows its whole sentence."""
    match = _match(
        {"wall": Piece("wall", (300, 300))},
        {"kessler": Warrior(0, (300, 320), "kessler"), "yuri": Warrior(1, (100, 100), "yuri")},
        "kessler",
    )
    game = open_game(app, match)
    assert control(game, "fight-attack_piece-wall") and control(game, "fight-shoot_piece-assault_rifle")
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    words = " ".join(painted.within(game.view.info.rect))
    assert "Drag the active warrior to move it, or end its activation." in words
    assert "…" not in words
