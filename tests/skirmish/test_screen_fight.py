"""Attacks on the skirmish screen, as players make them: the active warrior's attacks
as buttons in the side panel (each off with the rules' reason), a click on a target
on the table makes the attack, the attacked side's choice shown with the question
of the attack under way, the wounds on the profile card and the log's line."""

from __future__ import annotations

import driving
from driving import Painted, click, control, open_game, press

from tabletop.engine.core import CHANCE, Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION
from tabletop.ui import theme as th


def vladd_and_gorm(seed: int = 3) -> Match:
    """Vladd (Ann's, active) in contact with Gorm (Bob's); Kira (Bob's) far off."""
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, seed)
    match.state = position(
        warriors={
            "vladd": Warrior(0, (100, 300), "vladd"),
            "gorm": Warrior(1, (135, 300), "gorm"),
            "kira": Warrior(1, (500, 100), "kira"),
        },
        phase=ACTIVATION,
        active="vladd",
    )
    return match


def spot(game, model_id):
    return game.view.to_screen(game.view.reading.warriors[model_id].position)


def test_the_active_warriors_attacks_are_buttons_each_off_with_the_rules_reason(app):
    match = vladd_and_gorm()
    game = open_game(app, match)
    attack = control(game, "fight-attack")
    charge = control(game, "fight-charge")
    assert attack.enabled
    assert not charge.enabled and "a charge starts free" in charge.tooltip


def test_an_enemy_out_of_reach_says_why_under_the_mouse(app, monkeypatch):
    match = vladd_and_gorm()
    game = open_game(app, match)
    press(app, game, "fight-attack")
    painted = Painted(monkeypatch)
    driving.move(app, spot(game, "kira"))
    game.view.draw(app.surface)
    expected = game.view.ctx.check(Action("attack", model="vladd", target="kira"))
    assert expected and expected in painted.drawn()
    click(app, spot(game, "kira"))
    assert match.state.pending is None and match.actor == 0  # nothing was made


def test_a_melee_attack_from_the_panel_the_reaction_on_screen_the_wounds_on_the_card(app, monkeypatch):
    match = vladd_and_gorm(seed=2)
    game = open_game(app, match)
    press(app, game, "fight-attack")
    gorm = game.view.reading.warriors["gorm"]
    centre = game.view.to_screen(gorm.position)
    radius = int(gorm.base / 2 * game.view.scale) + game.view.theme.px(5)
    ring = app.surface.get_at((centre[0], centre[1] - radius + 1))
    assert tuple(ring)[:3] == th.GOLD  # the target lit up
    click(app, spot(game, "gorm"))
    assert match.state.pending is not None and match.actor == 1  # Gorm's player answers
    painted = Painted(monkeypatch)
    game.view.panels._panels.clear()
    game.view.draw(app.surface)
    assert "Gorm is attacked by Vladd: stay passive, dodge or strike back?" in " ".join(painted.drawn())
    assert [control(game, f"choice-{i}").tooltip for i in range(3)] == ["Stay passive", "Dodge", "Strike back"]
    assert "fight-attack" not in [hit.name for hit in game.view.hits]  # nothing else while it waits
    press(app, game, "choice-0")
    while match.actor == CHANCE:
        match.roll()
        game.view.on_events([])
        app.run_until_idle()
    assert match.state.pending is None
    assert match.state.models["gorm"]["marks"] == [0, 1, 0, 0]
    lines = [entry for entry in game.view.ctx.match.history[-1]]
    assert any("Vladd strikes Gorm" in e.message.render(["Ann", "Bob"]) for e in lines)
    # the card of Gorm shows the wound ticked on the arms
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
    assert ticks.count(True) == 1
