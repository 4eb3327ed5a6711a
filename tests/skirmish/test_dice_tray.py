"""The dice tray explains a skirmish attack: each roll on its own row with the dice
that count lit (successes, or the dice above WID in the fire), the hit roll beside the
target's hit index with the face rolled and the face read after the attacker's shift,
and the wounds the attack left written under them."""

from __future__ import annotations

import pygame
from driving import Painted, open_game

from tabletop.engine.core import Action
from tabletop.ui import theme as th

from .test_screen_fight import vladd_and_gorm


def struck(kat=(6, 6, 1, 1, 1, 1, 1), hit=1, shift=2):
    """Vladd strikes a passive Gorm with typed dice: 2 successes against WID 5, hit roll
    `hit`, shifted to `shift` (one success spent, one left)."""
    match = vladd_and_gorm()
    match.act(Action("attack", model="vladd", target="gorm"))
    match.act(Action("react", reaction="passive"))
    match.roll(kat)
    match.roll((hit,))
    match.act(Action("shift", face=shift))
    assert match.state.pending is None
    return match


def events(match):
    return [event for step in match.history for event in step]


def text(message, match):
    return message.render(match.player_names)


def test_an_attribute_rolls_dice_at_or_above_the_difficulty_are_lit_and_its_row_says_the_successes():
    match = struck()
    pool = next(e for e in events(match) if e.kind == "dice" and len(e.data["faces"]) == 7)
    assert pool.data["lit"] == [True, True, False, False, False, False, False]
    assert text(pool.data["row"], match) == "Vladd's KAT roll, difficulty 5: 2 successes"
    assert pool.data["joins"] is False  # the attack's first roll opens its group


def test_the_hit_roll_carries_the_targets_hit_index_and_joins_the_attacks_rolls():
    match = struck()
    hit = [e for e in events(match) if e.kind == "dice"][-1]
    assert [text(zone, match) for zone in hit.data["index"]] == ["head", "arms", "arms", "torso", "torso", "legs"]
    assert text(hit.data["row"], match) == "Hit roll on Gorm: 1 = head"
    assert hit.data["joins"] is True


def test_the_strike_is_the_outcome_of_the_rolls_with_the_face_read_after_the_shift():
    match = struck()
    outcome = next(e for e in events(match) if e.data.get("result"))
    assert outcome.data["face"] == 2
    assert text(outcome.data["summary"], match) == "Gorm: 1 wound (arms)"


def test_a_strike_without_success_says_the_attack_fails():
    match = vladd_and_gorm()
    match.act(Action("attack", model="vladd", target="gorm"))
    match.act(Action("react", reaction="passive"))
    match.roll((1, 1, 1, 1, 1, 1, 1))
    outcome = next(e for e in events(match) if e.data.get("result"))
    assert text(outcome.data["summary"], match) == "No success: the attack fails"
    assert "face" not in outcome.data


def test_a_new_attack_opens_a_new_group_of_rolls():
    match = struck()
    match.act(Action("attack", model="vladd", target="gorm"))
    match.act(Action("react", reaction="passive"))
    match.roll((6, 1, 1, 1, 1, 1, 1))
    newest = [e for e in events(match) if e.kind == "dice"][-1]
    assert newest.data["joins"] is False


def test_the_tray_shows_the_attacks_rows_the_index_and_the_wounds(app, monkeypatch):
    match = struck()
    game = open_game(app, match)
    painted = Painted(monkeypatch)
    game.draw(app.surface)
    in_tray = painted.within(game.tray_rect)
    assert "Vladd's KAT roll, difficulty 5: 2 successes" in in_tray
    assert "Hit roll on Gorm: 1 = head" in in_tray
    assert "Gorm: 1 wound (arms)" in in_tray
    assert ["head", "arms", "arms", "torso", "torso", "legs"] == [
        t for t in in_tray if t in ("head", "arms", "torso", "legs")
    ]
    # the face read after the shift (2) is filled in gold, the face rolled (1) is not
    cells = {content: rect for content, rect in painted.texts if game.tray_rect.contains(rect) and content in "123456"}
    beside = lambda rect: tuple(app.surface.get_at((rect.left - 3, rect.centery)))[:3]  # noqa: E731
    assert beside(cells["2"]) == th.GOLD
    assert beside(cells["1"]) != th.GOLD


def test_the_tray_grows_for_the_skirmish_rows_and_the_log_keeps_its_room(app):
    match = struck()
    game = open_game(app, match)
    small = game.theme.font(th.SMALL).get_linesize()
    assert game.tray_rect.h >= 3 * (small + 20)
    assert game.log_rect.h >= 8 * small
    assert game.tray_rect.bottom <= game.log_rect.top
    assert pygame.Rect(game.rect).contains(game.log_rect)


def test_the_fire_roll_lights_the_dice_above_wid_and_its_hit_roll_joins_it():
    from tabletop.games.skirmish.play.position import Warrior, position
    from tabletop.games.skirmish.play.rules import RULES
    from tabletop.games.skirmish.play.state import END

    state = position(warriors=[Warrior(0, (100, 300), "yuri", markers={"fire": 2}), Warrior(1, (500, 300))], phase=END)
    fire = RULES.apply_chance(state, (5, 4, 6)).events
    burn = next(e for e in fire if e.kind == "dice")
    assert burn.data["lit"] == [True, False, True]  # above Yuri's WID 4
    assert burn.data["row"].render(["Ann", "Bob"]) == "Fire on Yuri: 2 wounds"
    hit_step = RULES.apply_chance(state, (1,)).events
    hit = next(e for e in hit_step if e.kind == "dice")
    assert hit.data["joins"] is True
    wound = next(e for e in hit_step if e.data.get("result"))
    assert wound.data["face"] == 1


def test_the_readme_picture_of_a_fight_is_made_again_by_its_script(tmp_path, monkeypatch):
    """docs/screenshots/skirmish-fight.png comes from showcase.py --fight: an attack
    fought out on the demo table until a wound lands, the warrior struck on its card
    and the attack's rolls in the tray."""
    from pathlib import Path

    from tabletop.games.skirmish import showcase
    from tabletop.ui.game_screen import tray

    shown = []
    real = tray.roll_group
    monkeypatch.setattr(tray, "roll_group", lambda match: shown.append(real(match)) or shown[-1])
    out = showcase.make_fight(tmp_path / "fight.png", (1280, 680))
    assert pygame.image.load(str(out)).get_size() == (1280, 680)
    assert shown and shown[-1] is not None and len(shown[-1].rolls) >= 2 and shown[-1].result is not None
    bundled = pygame.image.load(str(Path(__file__).parents[2] / "docs" / "screenshots" / "skirmish-fight.png"))
    assert bundled.get_size() == (1920, 1080)


def test_a_shift_is_logged_and_the_tray_reads_the_index_at_the_new_face():
    from tabletop.engine.core import PlayerInfo, Setup
    from tabletop.engine.match import Match
    from tabletop.games.skirmish.play.position import Warrior, position
    from tabletop.games.skirmish.play.rules import RULES
    from tabletop.games.skirmish.play.state import ACTIVATION
    from tabletop.ui.game_screen.tray import roll_group

    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0), 1)
    match.state = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "elenia": Warrior(1, (130.5, 300), "elenia")},
        phase=ACTIVATION,
        active="vladd",
    )
    match.act(Action("attack", model="vladd", target="elenia"))
    match.act(Action("react", reaction="passive"))
    match.roll((6, 1, 1, 1, 1, 1, 1))  # 1 success: nothing for Vladd to spend
    match.roll((2,))
    assert match.actor == 1  # Elenia's player may shift it (Supple)
    lines = [event.message.render(match.player_names) for event in match.act(Action("shift", face=3))]
    assert lines[0] == "The hit roll is shifted from 2 to 3."
    group = roll_group(match)
    assert group is not None and group.face == 3
