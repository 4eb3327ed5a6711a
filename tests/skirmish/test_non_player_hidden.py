"""Non-player warriors and hidden warriors (L692, L786; DECISIONS S32, S36): a
non-player warrior does not charge or shoot a hidden warrior more than 5 cm away; one
nearer may be charged. A hidden warrior in sight within 10 cm still keeps it from
roaming (hiding keeps a warrior from being attacked, not from being seen), so it stays."""

from __future__ import annotations

from tabletop.games.skirmish.play import non_player_play
from tabletop.games.skirmish.play.position import Warrior
from tabletop.games.skirmish.play.state import NON_PLAYER_SIDE as NSK

from .positions import act
from .test_non_player_play import end_phase

TONY_X = 300.0 + 15 + 80 + 15  # 8 cm from the Marodeur, edge to edge
KIRA_X = 300.0 - 15 - 90 - 15  # 9 cm


def hidden(state, model: str) -> None:
    state.models[model]["hidden"] = "t1"  # behind a piece with Versteck (hiding.py)


def test_a_hidden_warrior_8_cm_away_is_not_charged_the_one_in_sight_is():
    state = end_phase(
        ("marauder", Warrior(NSK, (300.0, 300.0), "marauder")),
        ("tony", Warrior(0, (TONY_X, 300.0), "tony")),
        ("kira", Warrior(1, (KIRA_X, 300.0), "kira")),
    )
    hidden(state, "tony")
    found = non_player_play.orders_of(state, "marauder")
    assert found.duty == "charge" and found.targets == ("kira",)
    lines = act(state, "activate_nsk", model="marauder")
    assert lines == ["A activates Marauder; it must charge a warrior within 10 cm in sight."]


def test_a_hidden_warrior_alone_within_10_cm_is_not_charged_and_the_marauder_stays():
    state = end_phase(
        ("marauder", Warrior(NSK, (300.0, 300.0), "marauder")),
        ("tony", Warrior(0, (TONY_X, 300.0), "tony")),
        ("kira", Warrior(1, (540.0, 60.0), "kira")),
    )
    hidden(state, "tony")
    assert non_player_play.orders_of(state, "marauder").duty == "stay"


def test_a_hidden_warrior_within_5_cm_is_charged():
    state = end_phase(
        ("marauder", Warrior(NSK, (300.0, 300.0), "marauder")),
        ("tony", Warrior(0, (300.0 + 15 + 40 + 15, 300.0), "tony")),
        ("kira", Warrior(1, (540.0, 60.0), "kira")),
    )
    hidden(state, "tony")
    found = non_player_play.orders_of(state, "marauder")
    assert found.duty == "charge" and found.targets == ("tony",)


def test_a_plunderer_does_not_shoot_a_hidden_warrior_15_cm_away():
    state = end_phase(
        ("p", Warrior(NSK, (300.0, 300.0), "plunderer")),
        ("tony", Warrior(0, (300.0, 300.0 + 30.0 + 150.0), "tony")),
        ("kira", Warrior(1, (540.0, 60.0), "kira")),
    )
    hidden(state, "tony")
    assert non_player_play.orders_of(state, "p").duty == "roam"


def test_kira_hidden_in_a_rubbish_heap_8_cm_from_a_marauder_keeps_it_from_roaming():
    """The whole way: Kira hides in a Großer Müllhaufen (Versteck, Sichthindernis 1) as
    L692 says; the marauder, 8 cm from her in the end phase, sees her (the heap only
    hinders sight, L704), may not charge her (L692) and may not roam (L786): it stays."""
    from tabletop.games.skirmish.play import rounds
    from tabletop.games.skirmish.play.position import Piece, position
    from tabletop.games.skirmish.play.state import ACTIVATION, table_of
    from tabletop.games.skirmish.table.sight import sight

    state = position(
        size=600,
        terrain=[Piece("rubbish_heap", (300, 300))],  # its left corner (265, 300)
        warriors={
            "kira": Warrior(0, (250, 300), "kira"),
            "kessler": Warrior(1, (540, 540), "kessler"),
            "marauder": Warrior(NSK, (60, 60), "marauder"),
        },
        phase=ACTIVATION,
        active="kira",
        turn=0,
        options={"spacing": "warn", "ruleset": "terrain"},
    )
    act(state, "hide", model="kira", piece="t1", path=((250.0, 300.0), (275.0, 300.0)))
    assert state.models["kira"]["hidden"] == "t1"
    # the marauder has come to 8 cm from her, edge to edge, in the open
    at = (275.0 - 15 - 80 - 15, 300.0)
    state.models["marauder"]["position"] = list(at)
    table_of(state).move_model("marauder", at)
    for entry in state.models.values():
        entry["activated"] = True
    rounds.begin_end_phase(state)
    assert state.end["step"] == 2
    assert sight(table_of(state), "marauder", "kira").visible
    assert non_player_play.orders_of(state, "marauder").duty == "stay"
    lines = act(state, "activate_nsk", model="marauder")
    assert lines[:2] == ["A activates Marauder; it must stay where it is.", "Marauder stays where it is."]
    assert state.models["marauder"]["position"] == list(at) and state.models["kira"]["hidden"] == "t1"
