"""Ranged attacks on the skirmish screen, as players make them (DECISIONS S23-S26): a shot
by clicking a lit target, a throw aimed at any point of the table (the explosion
template follows the pointer, the measure from the thrower's base edge shows, friends
under it are marked in the warning colour), a flame turned round the attacker by the
pointer; where the rules refuse, their reason under the pointer and nothing made."""

from __future__ import annotations

import driving
from driving import Painted, click, control, open_game, press

from tabletop.engine.core import CHANCE, Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.card_schema import ZONES
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, snap_point
from tabletop.games.skirmish.screen.overlay import BAD, WARN
from tabletop.ui import theme as th


def match_of(warriors: dict[str, tuple[int, tuple[float, float]]], active: str, seed: int = 3) -> Match:
    """Ann's and Bob's starter warriors (seat, position) in the activation, `active` to act."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, seed)
    match.state = position(
        warriors={key: Warrior(seat, at, key) for key, (seat, at) in warriors.items()},
        phase=ACTIVATION,
        active=active,
    )
    return match


def at(game, point):
    """The screen pixel of a table point (mm)."""
    x, y = game.view.to_screen(point)
    return (round(x), round(y))


def spot(game, model_id):
    return at(game, game.view.reading.warriors[model_id].position)


def ring_colour(app, game, model_id, grow: int = 2):
    """The colour at the top of a warrior, in the middle of the ring drawn round it
    `grow` px outside its base."""
    warrior = game.view.reading.warriors[model_id]
    x, y = game.view.to_screen(warrior.position)
    t = game.view.theme
    radius = warrior.base / 2 * game.view.scale + t.px(grow) - max(1, t.px(3)) // 2
    return tuple(app.surface.get_at((round(x), round(y - radius))))[:3]


def settle(app, game, match) -> None:
    """Roll the attack under way to its end, taking the first option of each choice."""
    while match.state.pending is not None:
        if match.actor == CHANCE:
            match.roll()
            game.view.on_events([])
            app.run_until_idle()
        else:
            press(app, game, "choice-0")


def log_lines(game, match) -> list[str]:
    return [entry.message.render(["Ann", "Bob"]) for step in match.history for entry in step]


def test_a_shot_from_the_panel_lights_the_target_and_lands_wounds_on_its_card(app, monkeypatch):
    match = match_of({"tony": (0, (100, 300)), "gorm": (1, (250, 300)), "kira": (1, (500, 100))}, "tony", seed=1)
    game = open_game(app, match)
    press(app, game, "fight-shoot-pistol")
    app.run_until_idle()
    assert ring_colour(app, game, "gorm", 5) == th.GOLD  # the nearest enemy lit
    assert ring_colour(app, game, "kira", 5) != th.GOLD
    click(app, spot(game, "gorm"))
    assert match.state.pending is not None
    settle(app, game, match)
    marks = match.state.models["gorm"]["marks"]
    assert sum(marks) > 0
    assert any("Tony shoots Gorm (Pistol)" in line for line in log_lines(game, match))
    assert any(line.startswith("Strength roll against Gorm") for line in log_lines(game, match))
    # Gorm's card shows the wounds ticked off
    ticks: list[bool] = []
    from tabletop.games.skirmish import card_art

    real = card_art.point_box

    def record(surface, square, red, ticked):
        ticks.append(ticked)
        return real(surface, square, red, ticked)

    monkeypatch.setattr(card_art, "point_box", record)
    game.view.choose("gorm")
    game.view.panels._panels.clear()
    game.view.draw(app.surface)
    assert ticks.count(True) == sum(marks)


def throw_scene() -> Match:
    """Yuri (Ann's, a Molotov cocktail) with Tony beside the spot he aims at, Kira
    (Bob's) on its other side; Gorm (Bob's) farther."""
    return match_of(
        {
            "yuri": (0, (100, 300)),
            "tony": (0, (210, 270)),
            "kira": (1, (210, 330)),
            "gorm": (1, (450, 300)),
        },
        "yuri",
    )


def test_a_throw_aimed_at_an_empty_point_catches_both_warriors_near_it(app, monkeypatch):
    match = throw_scene()
    game = open_game(app, match)
    press(app, game, "fight-throw-molotov_cocktail")
    painted = Painted(monkeypatch)
    driving.move(app, at(game, (205, 300)))  # between Tony and Kira, on no base
    game.view.draw(app.surface)
    aim = game.view.fight.aimed()
    assert aim is not None and aim.refusal == ""
    assert set(aim.under) == {"tony", "kira"} and aim.friends == ("tony",)
    assert ring_colour(app, game, "tony") == WARN  # a friend under the template: the warning colour
    assert ring_colour(app, game, "kira") == BAD
    pointer = game.view.to_table(at(game, (205, 300)))
    assert aim.action["at"] == snap_point(pointer)  # the point as the rules take it
    assert abs(aim.distance - 90) < 2  # from Yuri's base edge to the point
    assert f"{aim.distance / 10:.1f} of 15.0 cm" in painted.drawn()
    click(app, at(game, (205, 300)))
    settle(app, game, match)
    lines = log_lines(game, match)
    assert any(line.startswith("Explosion on Tony") for line in lines)
    assert any(line.startswith("Explosion on Kira") for line in lines)
    assert any("Yuri throws the Molotov cocktail: 2 warriors under the template." in line for line in lines)
    assert match.state.models["yuri"]["ap"] == 2


def test_a_throw_out_of_range_is_refused_under_the_pointer_and_nothing_is_made(app, monkeypatch):
    match = throw_scene()
    game = open_game(app, match)
    press(app, game, "fight-throw-molotov_cocktail")
    painted = Painted(monkeypatch)
    far = (100, 300 - 15 - 200)  # 20 cm from Yuri's base edge
    driving.move(app, at(game, far))
    game.view.draw(app.surface)
    aim = game.view.fight.aimed()
    reason = game.view.ctx.check(aim.action)  # the rules' own words
    assert reason == f"The point is {aim.distance / 10:.1f} cm from Yuri; the Molotov cocktail reaches 15.0 cm."
    assert abs(aim.distance - 200) < 2 and aim.refusal == reason
    assert reason in painted.drawn()
    said = next(rect for text, rect in painted.texts if text == reason)
    pointer = at(game, far)
    assert said.top > pointer[1] and said.left < pointer[0] < said.right  # under the pointer
    assert f"{aim.distance / 10:.1f} of 15.0 cm" in painted.drawn()
    history = len(match.history)
    click(app, at(game, far))
    assert match.state.pending is None and len(match.history) == history
    assert match.state.models["yuri"]["ap"] == 3
    assert game.view.fight.armed == ("throw", "molotov_cocktail")  # still in hand


def flame_scene() -> Match:
    """Mira (Ann's, a flamethrower), Sabra (Bob's) nearest to her, Gorm (Bob's) behind
    Sabra, Brutus (Ann's) off to the side."""
    return match_of(
        {
            "mira": (0, (100, 100)),
            "sabra": (1, (180, 100)),
            "gorm": (1, (250, 120)),
            "brutus": (0, (200, 190)),
        },
        "mira",
    )


def test_a_flame_turned_over_the_nearest_enemy_burns_it_and_the_one_behind(app, monkeypatch):
    match = flame_scene()
    game = open_game(app, match)
    press(app, game, "fight-flame-flamethrower")
    driving.move(app, at(game, (300, 108)))
    game.view.draw(app.surface)
    aim = game.view.fight.aimed()
    assert aim is not None and aim.refusal == ""
    assert abs(aim.action["angle"] - 3.0) < 1.0  # towards the pointer
    assert set(aim.under) == {"sabra", "gorm"}
    assert ring_colour(app, game, "sabra") == BAD and ring_colour(app, game, "gorm") == BAD
    click(app, at(game, (300, 108)))
    settle(app, game, match)
    for burnt in ("sabra", "gorm"):
        assert match.state.models[burnt]["marks"] == [1] * len(ZONES)  # a wound in each zone
    assert match.state.models["brutus"]["marks"] == [0] * len(ZONES)
    assert any("Mira turns the Flamethrower on the enemy: 2 warriors" in line for line in log_lines(game, match))


def test_a_flame_turned_away_from_the_nearest_enemy_is_refused(app, monkeypatch):
    match = flame_scene()
    game = open_game(app, match)
    press(app, game, "fight-flame-flamethrower")
    painted = Painted(monkeypatch)
    away = (100, 250)  # straight down, away from Sabra
    driving.move(app, at(game, away))
    game.view.draw(app.surface)
    assert "The flame must cover Sabra, the nearest enemy." in painted.drawn()
    assert ring_colour(app, game, "sabra", 7) == th.GOLD  # the one it must cover
    history = len(match.history)
    click(app, at(game, away))
    assert match.state.pending is None and len(match.history) == history
    assert match.state.models["mira"]["ap"] == 3


def test_the_throw_is_offered_with_no_enemy_in_reach_for_it_may_land_on_any_point(app):
    match = match_of({"yuri": (0, (100, 300)), "gorm": (1, (550, 300))}, "yuri")
    game = open_game(app, match)
    throw = control(game, "fight-throw-molotov_cocktail")
    assert throw.enabled  # Gorm is 40 cm away, the cocktail reaches 15 cm: it may still be thrown
    match.state.models["yuri"]["ap"] = 0
    game.view.on_events([])
    app.run_until_idle()
    throw = control(game, "fight-throw-molotov_cocktail")
    reason = game.view.ctx.check(Action("throw", model="yuri", item="molotov_cocktail", at=(100.0, 300.0)))
    assert not throw.enabled and reason == "Yuri needs 1 AP." and reason in throw.tooltip


def test_with_a_throw_in_hand_the_panel_says_how_to_aim_and_esc_puts_it_down(app, monkeypatch):
    match = match_of({"yuri": (0, (100, 300)), "kira": (1, (300, 300))}, "yuri")
    game = open_game(app, match)
    press(app, game, "fight-throw-molotov_cocktail")
    assert game.view.fight.armed is not None
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    drawn = " ".join(painted.drawn())
    assert "Throw Molotov cocktail" in drawn  # the readout's heading
    prompt = game.view.prompt()
    assert "All under the template are hit, yours too." in prompt and "Esc or right click: put it down." in prompt
    assert prompt in drawn or any(line.rstrip("…") and prompt.startswith(line.rstrip("…")) for line in painted.drawn())
    driving.key(app, pygame_key("K_ESCAPE"))
    assert game.view.fight.armed is None and app.top is game  # put down, the menu not opened


def test_a_right_click_puts_down_the_attack_in_hand(app):
    match = match_of({"yuri": (0, (100, 300)), "kira": (1, (300, 300))}, "yuri")
    game = open_game(app, match)
    press(app, game, "fight-throw-molotov_cocktail")
    click(app, at(game, (200, 500)), button=3)
    assert game.view.fight.armed is None and len(match.history) == 0


def pygame_key(name: str) -> int:
    import pygame

    return int(getattr(pygame, name))


def test_the_panel_says_the_shooter_picks_his_own_hit_face_not_that_he_answers_the_attack(app, monkeypatch):
    match = match_of({"tony": (0, (100, 300)), "gorm": (1, (250, 300)), "kira": (1, (500, 100))}, "tony", seed=1)
    game = open_game(app, match)
    press(app, game, "fight-shoot-pistol")
    click(app, spot(game, "gorm"))
    while match.actor == CHANCE:
        match.roll()
        game.view.on_events([])
        app.run_until_idle()
    assert match.actor == 0 and match.state.pending is not None  # Ann may move her hit roll
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    drawn = painted.drawn()
    assert any("Ann picks the hit face" in text for text in drawn)
    assert not any("answers the attack" in text for text in drawn)
