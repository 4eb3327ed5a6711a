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
    assert game.view.fight.armed_label() == "Shoot at terrain"  # the heading of the help box
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
    assert "Drag the active warrior." in words
    assert "…" not in words


def _gold_below(app, game, piece_at: tuple[float, float], half_height: float) -> bool:
    """Whether the gold ring runs just below the piece lying at `piece_at` (a wall,
    `half_height` mm from its middle to its lower side): a few pixels round where
    screen/marks.py draws it."""
    from tabletop.games.skirmish.screen.marks import PIECE_RING
    from tabletop.ui import theme as th

    x, y = game.view.to_screen((piece_at[0], piece_at[1] + half_height))
    grow = game.view.theme.px(PIECE_RING[0])
    return any(
        tuple(app.surface.get_at((round(x) + dx, round(y + grow) + dy)))[:3] == th.GOLD
        for dx in (-1, 0, 1)
        for dy in range(-3, 4)
    )


def test_the_walls_a_shot_or_a_throw_may_hit_are_ringed_those_out_of_reach_are_not(app):
    """Kessler 10 cm from one wall (edge to edge) and 34 cm from another: with the shot at
    terrain in hand (the assault rifle reaches 30 cm) only the near wall is ringed in
    gold, as the warriors a shot may hit are; with the hand grenade (15 cm) too; with
    nothing in hand, none."""
    near, far = (300.0, 300.0), (300.0, 60.0)
    match = _match(
        {"near": Piece("wall", near), "far": Piece("wall", far)},
        {"kessler": Warrior(0, (300, 420), "kessler"), "yuri": Warrior(1, (100, 560), "yuri")},
        "kessler",
    )
    game = open_game(app, match)
    game.draw(app.surface)
    assert not _gold_below(app, game, near, 5) and not _gold_below(app, game, far, 5)
    press(app, game, "fight-shoot_piece-assault_rifle")
    app.run_until_idle()
    assert game.view.fight.terrain.targets("kessler", "shoot_piece", "assault_rifle") == ["near"]
    assert _gold_below(app, game, near, 5) and not _gold_below(app, game, far, 5)
    # put down, then the hand grenade: the near wall lies in its 15 cm
    press(app, game, "fight-shoot_piece-assault_rifle")
    press(app, game, "fight-throw-hand_grenade")
    app.run_until_idle()
    assert game.view.fight.armed == ("throw", "hand_grenade")
    assert _gold_below(app, game, near, 5) and not _gold_below(app, game, far, 5)
    # put down: no ring
    press(app, game, "fight-throw-hand_grenade")
    app.run_until_idle()
    assert game.view.fight.armed is None and not _gold_below(app, game, near, 5)
