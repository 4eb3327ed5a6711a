"""The attack under way in the player view: who must answer, the question in words and
the options with their moves and labels; nothing while no attack is under way, only
the kind while it waits for dice."""

from __future__ import annotations

from tabletop.engine.core import CHANCE, Action
from tabletop.engine.views import as_json
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.views import player_view

from .test_combat import NAMES, act, roll, vladd_and_gorm


def test_the_view_shows_the_defenders_question_and_its_options():
    state = vladd_and_gorm()
    assert player_view(state, 0).attack is None
    act(state, "attack", model="vladd", target="gorm")
    attack = player_view(state, 0).attack
    assert attack is not None and attack.kind == "melee"
    assert attack.chooser == 1 == RULES.actor(state)
    assert attack.prompt is not None and "Gorm" in attack.prompt.render(NAMES)
    assert [option.action for option in attack.options] == [
        Action("react", reaction=reaction) for reaction in ("passive", "dodge", "strike_back")
    ]
    assert [option.label.render(NAMES) for option in attack.options] == ["Stay passive", "Dodge", "Strike back"]
    assert player_view(state, 1) == player_view(state, 0)  # nothing is hidden
    as_json(player_view(state, 1))  # plain data


def test_while_the_attack_waits_for_dice_the_view_asks_nobody():
    state = vladd_and_gorm()
    act(state, "attack", model="vladd", target="gorm")
    act(state, "react", reaction="passive")
    assert RULES.actor(state) == CHANCE
    attack = player_view(state, None).attack
    assert attack is not None and (attack.chooser, attack.prompt, attack.options) == (None, None, ())
    while state.pending is not None and RULES.actor(state) == CHANCE:
        roll(state, 1)
    assert state.pending is None and player_view(state, None).attack is None


def test_the_ap_an_attack_under_way_has_spent_show_at_once():
    # Vladd attacks (1 AP) and Gorm dodges (1 AP): both cards say so while the rolls wait
    state = vladd_and_gorm()
    act(state, "attack", model="vladd", target="gorm")
    act(state, "react", reaction="dodge")
    assert RULES.actor(state) == CHANCE
    seen = {w.id: w.ap for w in player_view(state, 0).warriors}
    assert seen["vladd"] == 2 and seen["gorm"] == 2
    assert state.models["vladd"]["ap"] == 3  # the state's entry changes when the melee ends
