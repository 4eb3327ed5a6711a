"""Action abilities and putting out fire on the skirmish screen, as players use them:
buttons among the attacks in the side panel (each off with the rules' reason), the
ability taken in hand and its target clicked on the table (lit up as attack targets
are), a heal's zone asked with the panel's choice buttons or taken when it is the
only one, and the log's line. Every test runs at both window sizes."""

from __future__ import annotations

import driving
from driving import Painted, click, control, open_game, press

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION
from tabletop.ui import theme as th

NAMES = ["Ann", "Bob"]


def mbeki_heals(ngobo_marks=(1, 2, 0, 0), **mbeki) -> Match:
    """Mbeki (Ann's, active, Healer) touching Ngobo (Ann's); Kuma (Bob's) far off."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, 3)
    match.state = position(
        warriors={
            "mbeki": Warrior(0, (300, 300), "mbeki", **mbeki),
            "ngobo": Warrior(0, (330.5, 300), "ngobo", marks=ngobo_marks),
            "kuma": Warrior(1, (300, 500), "kuma", marks=(0, 1, 0, 0)),
        },
        phase=ACTIVATION,
        active="mbeki",
    )
    return match


def spot(game, model_id):
    return game.view.to_screen(game.view.reading.warriors[model_id].position)


def redrawn(app, game, monkeypatch) -> str:
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.view.draw(app.surface)
    return " ".join(painted.drawn())


def last_lines(game) -> list[str]:
    return [event.message.render(NAMES) for event in game.view.ctx.match.history[-1]]


def test_the_abilities_and_put_out_fire_are_buttons_among_the_attacks_each_off_with_the_rules_reason(app):
    game = open_game(app, mbeki_heals())
    healer = control(game, "fight-use-healer")
    assert control(game, "fight-attack") is not None  # beside the attacks
    assert healer.enabled
    # putting out fire is offered only while the warrior burns; under fear it is off
    assert "fight-extinguish" not in [hit.name for hit in game.view.hits]
    game = open_game(app, mbeki_heals(markers={"fire": 1, "fear": 1}))
    put_out = control(game, "fight-extinguish")
    assert not put_out.enabled and "it may only move and dodge" in put_out.tooltip


def test_a_feared_healer_is_off_with_the_reason(app):
    game = open_game(app, mbeki_heals(markers={"fear": 1}))
    healer = control(game, "fight-use-healer")
    assert not healer.enabled and "it may only move and dodge" in healer.tooltip


def test_a_heal_in_hand_lights_its_target_and_asks_for_the_zone_with_the_choice_buttons(app, monkeypatch):
    match = mbeki_heals()
    game = open_game(app, match)
    press(app, game, "fight-use-healer")
    ngobo = game.view.reading.warriors["ngobo"]
    centre = game.view.to_screen(ngobo.position)
    radius = int(ngobo.base / 2 * game.view.scale) + game.view.theme.px(5)
    ring = app.surface.get_at((centre[0], centre[1] + radius - 1))
    assert tuple(ring)[:3] == th.GOLD  # the friend it may heal lit up
    assert game.view.fight.targets() == ["ngobo"]
    assert game.view.fight.armed_lines()[0] == "Click a lit warrior the ability reaches."
    click(app, spot(game, "ngobo"))
    assert match.state.models["ngobo"]["marks"] == [1, 2, 0, 0]  # nothing healed yet: the zone is asked
    drawn = redrawn(app, game, monkeypatch)
    assert "Which wounded zone of Ngobo Flitzehand does Mbeki heal?" in drawn
    assert [control(game, f"choice-{i}").tooltip for i in range(2)] == ["Head", "Arms"]
    press(app, game, "choice-1")
    assert match.state.models["ngobo"]["marks"] == [1, 1, 0, 0]
    assert last_lines(game) == ["Mbeki heals 1 wound of Ngobo Flitzehand (arms; 1 AP)."]
    assert not game.view.fight.pending() and control(game, "fight-use-healer") is not None


def test_a_heal_with_one_wounded_zone_takes_it(app):
    match = mbeki_heals(ngobo_marks=(0, 1, 0, 0))
    game = open_game(app, match)
    press(app, game, "fight-use-healer")
    click(app, spot(game, "ngobo"))
    assert match.state.models["ngobo"]["marks"] == [0, 0, 0, 0]
    assert match.state.models["mbeki"]["ap"] == 2


def test_a_warrior_the_ability_cannot_reach_says_why_under_the_mouse(app, monkeypatch):
    match = mbeki_heals()
    game = open_game(app, match)
    press(app, game, "fight-use-healer")
    painted = Painted(monkeypatch)
    driving.move(app, spot(game, "kuma"))
    game.view.draw(app.surface)
    expected = game.view.ctx.check(Action("use", model="mbeki", ability="healer", target="kuma", zone="arms"))
    assert expected == "Kuma is not a friend of Mbeki."
    assert expected in painted.drawn()
    click(app, spot(game, "kuma"))
    assert match.state.models["kuma"]["marks"] == [0, 1, 0, 0] and match.state.models["mbeki"]["ap"] == 3


def test_put_out_fire_is_done_on_the_click(app):
    match = mbeki_heals(markers={"fire": 2})
    game = open_game(app, match)
    assert control(game, "fight-extinguish").enabled
    press(app, game, "fight-extinguish")
    assert match.state.models["mbeki"]["markers"]["fire"] == 1 and match.state.models["mbeki"]["ap"] == 2
    assert last_lines(game) == ["Mbeki puts out a fire marker (1 AP); 1 fire marker left."]


def test_esc_puts_down_a_heal_waiting_for_its_zone_and_the_panel_says_whose_choice_it_is(app, monkeypatch):
    import pygame

    match = mbeki_heals()
    game = open_game(app, match)
    press(app, game, "fight-use-healer")
    click(app, spot(game, "ngobo"))
    drawn = redrawn(app, game, monkeypatch)
    assert "Ann picks the zone to heal" in drawn and "answers the attack" not in drawn
    driving.key(app, pygame.K_ESCAPE)
    assert not game.view.fight.pending() and app.top is game  # put down, the menu not opened
    assert match.state.models["ngobo"]["marks"] == [1, 2, 0, 0] and match.state.models["mbeki"]["ap"] == 3
    assert control(game, "fight-use-healer").enabled
