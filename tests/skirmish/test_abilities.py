"""Action abilities in the match (rulebook L594-598, L660; DECISIONS S4, S16, S21,
S38-S39): used in the activation of the warrior that has them, paid in AP and SP,
kept to their limits, needing their items, refused under fear, reaching the targets
their cards name on the table, and applied by hand when their effects are only text."""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.games.skirmish.card_schema import Ability
from tabletop.games.skirmish.play import abilities, limits
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, SkirmishState
from tabletop.games.skirmish.play.warriors import card

from .positions import NAMES, act, refused


def table(active: str, **warriors: Warrior) -> SkirmishState:
    state = position(warriors=warriors, phase=ACTIVATION, active=active)
    return state


# -- healing -------------------------------------------------------------------------------


def mbeki_and_ngobo(**mbeki) -> SkirmishState:
    """Mbeki (Healer, A, active) touching Ngobo, both white arm points of Ngobo marked."""
    return table(
        "mbeki",
        mbeki=Warrior(0, (100, 300), "mbeki", **mbeki),
        ngobo=Warrior(0, (130.5, 300), "ngobo", marks=(0, 2, 0, 0)),
        kuma=Warrior(1, (400, 300), "kuma"),
    )


def test_a76_mbekis_healer_heals_ngobos_arms_in_the_match():
    state = mbeki_and_ngobo()
    assert card(state.models["ngobo"]).printed("kat") == 4
    lines = act(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms")
    assert lines == ["Mbeki heals 1 wound of Ngobo Flitzehand (arms; 1 AP)."]
    ngobo = card(state.models["ngobo"])
    assert ngobo.marked("arms") == 1 and not ngobo.is_wounded("arms") and ngobo.printed("kat") == 5
    assert state.models["mbeki"]["ap"] == 2
    assert state.models["mbeki"]["round_uses"] == {"ability:healer": 1}


def test_the_healer_heals_himself_and_the_healing_player_picks_the_zone():
    state = mbeki_and_ngobo(marks=(1, 1, 0, 0))
    assert refused(state, "use", model="mbeki", ability="healer", target="mbeki") == "Choose the zone of Mbeki to heal."
    assert (
        refused(state, "use", model="mbeki", ability="healer", target="mbeki", zone="legs")
        == "Mbeki has no wound there (legs)."
    )
    assert act(state, "use", model="mbeki", ability="healer", target="mbeki", zone="head") == [
        "Mbeki heals 1 wound of its own (head; 1 AP)."
    ]
    assert state.models["mbeki"]["marks"] == [0, 1, 0, 0]


def test_healing_needs_a_wound():
    state = mbeki_and_ngobo()
    assert (
        refused(state, "use", model="mbeki", ability="healer", target="mbeki", zone="head")
        == "Mbeki has no wound to heal."
    )


def test_the_healer_heals_once_a_round():
    state = mbeki_and_ngobo(marks=(1, 0, 0, 0))
    act(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms")
    assert (
        refused(state, "use", model="mbeki", ability="healer", target="mbeki", zone="head")
        == "Mbeki has used the ability Healer 1 time this round, its limit."
    )


def test_the_healer_heals_only_a_friend_touching_him():
    state = table(
        "mbeki",
        mbeki=Warrior(0, (100, 300), "mbeki"),
        ngobo=Warrior(0, (140, 300), "ngobo", marks=(0, 1, 0, 0)),
        kuma=Warrior(1, (69.5, 300), "kuma", marks=(0, 1, 0, 0)),
    )
    assert (
        refused(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms")
        == "Ngobo Flitzehand is not touching Mbeki."
    )
    assert (
        refused(state, "use", model="mbeki", ability="healer", target="kuma", zone="arms")
        == "Kuma is not a friend of Mbeki."
    )
    assert refused(state, "use", model="mbeki", ability="healer") == "Name the warrior Healer is used on."


def test_an_ability_costs_its_ap():
    state = mbeki_and_ngobo(ap=0, activated=False)
    state.models["mbeki"]["ap"] = 0
    assert refused(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms") == "Mbeki needs 1 AP."


# -- needs, fear, whose activation ----------------------------------------------------------


def hale_and_reyes(**hale) -> SkirmishState:
    return table(
        "hale",
        hale=Warrior(0, (100, 300), "hale", **hale),
        reyes=Warrior(0, (130.5, 300), "reyes", marks=(0, 0, 1, 0)),
        kessler=Warrior(1, (400, 300), "kessler"),
    )


def test_the_medic_needs_her_medikit(monkeypatch):
    state = hale_and_reyes()
    assert act(state, "use", model="hale", ability="medic", target="reyes", zone="torso") == [
        "Hale heals 1 wound of Reyes (torso; 1 AP)."
    ]
    hale = starter_set().warriors["hale"]
    monkeypatch.setitem(starter_set().warriors, "hale", hale.model_copy(update={"equipment": ["pistol"]}))
    state = hale_and_reyes()
    assert (
        refused(state, "use", model="hale", ability="medic", target="reyes", zone="torso")
        == "Hale needs the item Medikit to use Medic."
    )


def test_the_medic_heals_a_friend_not_herself():
    state = hale_and_reyes(marks=(1, 0, 0, 0))
    assert (
        refused(state, "use", model="hale", ability="medic", target="hale", zone="head")
        == "Hale cannot use Medic on itself."
    )


def test_a_feared_warrior_uses_no_action_ability():
    state = hale_and_reyes(markers={"fear": 1})
    assert (
        refused(state, "use", model="hale", ability="medic", target="reyes", zone="torso")
        == "Hale has a fear marker: it may only move and dodge."
    )


def test_only_the_active_warrior_uses_its_abilities_and_only_its_own():
    state = hale_and_reyes()
    assert refused(state, "use", model="reyes", ability="radio_order", target="hale") == (
        "Only the active warrior acts now."
    )
    assert refused(state, "use", model="hale", ability="healer", target="reyes") == (
        "Hale has no action ability Healer."
    )


def test_abilities_are_used_only_in_the_activation():
    state = position(
        warriors={"hale": Warrior(0, (100, 300), "hale"), "kessler": Warrior(1, (400, 300), "kessler")},
        phase="naming",
    )
    assert refused(state, "use", model="hale", ability="medic", target="hale", zone="head") == (
        "First a warrior is named and activated."
    )


# -- AP and markers given ------------------------------------------------------------------


def test_the_radio_order_gives_a_friend_an_ap_once_a_game():
    state = table(
        "reyes",
        reyes=Warrior(0, (100, 300), "reyes"),
        hale=Warrior(0, (500, 500), "hale", ap=1),
        kessler=Warrior(1, (400, 300), "kessler"),
    )
    assert act(state, "use", model="reyes", ability="radio_order", target="hale") == ["Reyes gives Hale 1 AP (1 AP)."]
    assert state.models["hale"]["ap"] == 2 and state.models["reyes"]["ap"] == 2
    assert refused(state, "use", model="reyes", ability="radio_order", target="hale") == (
        "Reyes has used the ability Radio order 1 time this game, its limit."
    )
    limits.new_round(state.models["reyes"])  # a later round: the game's count stays
    assert refused(state, "use", model="reyes", ability="radio_order", target="hale") == (
        "Reyes has used the ability Radio order 1 time this game, its limit."
    )
    assert state.models["reyes"]["game_uses"] == {"ability:radio_order": 1}


def test_the_radio_order_goes_to_a_friend():
    state = table(
        "reyes",
        reyes=Warrior(0, (100, 300), "reyes"),
        kessler=Warrior(1, (400, 300), "kessler"),
    )
    assert refused(state, "use", model="reyes", ability="radio_order", target="kessler") == (
        "Kessler is not a friend of Reyes."
    )
    assert refused(state, "use", model="reyes", ability="radio_order", target="reyes") == (
        "Reyes cannot use Radio order on itself."
    )


def sabra(gorm_at=(200.0, 300.0), **sabra) -> SkirmishState:
    """Sabra (Command: 1 SP, 1 a round, a slave within 10 cm gets 1 rage)."""
    return table(
        "sabra",
        sabra=Warrior(0, (100, 300), "sabra", **sabra),
        gorm=Warrior(0, gorm_at, "gorm"),
        kira=Warrior(0, (100, 200), "kira"),
        vladd=Warrior(1, (500, 500), "vladd"),
    )


def test_command_costs_an_sp_and_gives_a_slave_within_10_cm_rage():
    state = sabra()
    pool = state.sp[0]
    # Gorm's base (40 mm) is 65 mm from Sabra's (30 mm) edge to edge
    assert act(state, "use", model="sabra", ability="command", target="gorm") == [
        "Sabra gives Gorm 1 rage marker (1 SP)."
    ]
    assert state.sp[0] == pool - 1 and state.models["sabra"]["ap"] == 3
    assert state.models["gorm"]["markers"]["rage"] == 1
    assert refused(state, "use", model="sabra", ability="command", target="gorm") == (
        "Sabra has used the ability Command 1 time this round, its limit."
    )


def test_command_reaches_only_a_slave_within_10_cm():
    state = sabra(gorm_at=(240.0, 300.0))
    assert refused(state, "use", model="sabra", ability="command", target="gorm") == (
        "Gorm is 10.5 cm from Sabra; Command reaches 10 cm."
    )
    assert refused(state, "use", model="sabra", ability="command", target="kira") == (
        "Command works only on a warrior of type slave; Kira is not one."
    )


def test_command_needs_an_sp_in_the_pool():
    state = sabra()
    state.sp[0] = 0
    assert refused(state, "use", model="sabra", ability="command", target="gorm") == (
        "Sabra needs 1 SP of its side's pool."
    )


# -- applied by hand -----------------------------------------------------------------------


def test_an_ability_of_text_only_pays_its_cost_and_logs_its_text(monkeypatch):
    kuma = starter_set().warriors["kuma"]
    war_cry = Ability(
        key="war_cry",
        name="War cry",
        kind="action",
        cost={"ap": 1, "sp": 1},
        limit={"round": 1},
        text="Every enemy within 10 cm loses its nerve.",
    )
    monkeypatch.setitem(starter_set().warriors, "kuma", kuma.model_copy(update={"abilities": [war_cry]}))
    state = table("kuma", kuma=Warrior(0, (100, 300), "kuma"), vladd=Warrior(1, (400, 300), "vladd"))
    assert abilities.by_hand(war_cry) and not abilities.needs_target(war_cry)
    assert refused(state, "use", model="kuma", ability="war_cry", target="vladd") == (
        "War cry is applied by hand: it takes no target and no zone."
    )
    pool = state.sp[0]
    assert act(state, "use", model="kuma", ability="war_cry") == [
        "Kuma uses War cry (1 AP and 1 SP): Every enemy within 10 cm loses its nerve. The players apply it by hand."
    ]
    assert state.models["kuma"]["ap"] == 2 and state.sp[0] == pool - 1
    assert (
        refused(state, "use", model="kuma", ability="war_cry")
        == "Kuma has used the ability War cry 1 time this round, its limit."
    )


def test_random_play_offers_the_abilities_the_rules_allow():
    state = mbeki_and_ngobo()
    offered = [a for a in RULES.legal_actions(state) if a.kind == "use"]
    assert offered == [Action("use", model="mbeki", ability="healer", target="ngobo", zone="arms")]
    assert RULES.describe(state, offered[0]).render(NAMES) == "Mbeki uses Healer on Ngobo Flitzehand"


def test_the_healers_round_limit_comes_back_in_the_next_round():
    state = mbeki_and_ngobo()
    act(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms")
    assert "this round" in refused(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms")
    limits.new_round(state.models["mbeki"])
    state.models["mbeki"]["ap"] = 3
    act(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms")
    assert card(state.models["ngobo"]).marked("arms") == 0


def test_a_warrior_that_is_not_active_uses_no_ability_in_the_activation():
    state = mbeki_and_ngobo()
    state.active = "ngobo"
    assert refused(state, "use", model="mbeki", ability="healer", target="ngobo", zone="arms") == (
        "Only the active warrior acts now."
    )


def test_the_radio_order_needs_the_radio(monkeypatch):
    reyes = starter_set().warriors["reyes"]
    monkeypatch.setitem(starter_set().warriors, "reyes", reyes.model_copy(update={"equipment": ["pistol"]}))
    state = table(
        "reyes",
        reyes=Warrior(0, (100, 300), "reyes"),
        hale=Warrior(0, (500, 500), "hale", ap=1),
        kessler=Warrior(1, (400, 300), "kessler"),
    )
    assert refused(state, "use", model="reyes", ability="radio_order", target="hale") == (
        "Reyes needs the item Radio to use Radio order."
    )
