"""Non-player warriors in play (optional rule 2; rulebook L762-802, DECISIONS.md S36;
play/non_player_play.py): placed in turns in preparation step 6a, activated in end
phase step 2 with part 1's attacks, victory points for killing them."""

from __future__ import annotations

from tabletop.engine.core import CHANCE, Action
from tabletop.games.skirmish.play import infestation, non_player_play, victory
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import DEPLOYING, END, INFESTATION, NON_PLAYER_SIDE, TERRAIN
from tabletop.i18n import Message

from .positions import NAMES, act, refused, told
from .test_preparation import prepared_to_terrain
from .test_preparation import refused as refused_in_match

NSK = NON_PLAYER_SIDE
STRIKES_BACK = "Plunderer strikes back."


def at_infestation(level: int):
    """A game between units A (beginning) and B at the terrain step, two trees placed
    each, then step 6a with this infestation level."""
    match = prepared_to_terrain(terrain_pieces=2, infestation=level)
    for x in (100.0, 230.0, 360.0, 490.0):
        match.act(Action("add_piece", terrain="tree", at=(x, 80.0), rotation=0.0))
    return match


def rolled(state, *faces: int) -> list[str]:
    """The roll waited for, with these faces (one face: every die shows it)."""
    assert RULES.actor(state) == CHANCE
    if len(faces) == 1:
        faces = faces * RULES.chance_spec(state).count
    step = RULES.apply_chance(state, tuple(faces))
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def test_a21_infestation_level_3():
    """A places a Plünderer (2), B a Mutant (3), A a Marodeur (1): both pools are 0
    and placement ends; a base closer than 15 cm to another non-player warrior is refused."""
    match = at_infestation(3)
    state = match.state
    assert state.phase == INFESTATION and match.actor == 0 and state.pools == [3, 3]
    # B's mission is secret: they stand within 20 cm of the centre too (S36)
    match.act(Action("place_nsk", warrior="plunderer", at=(300.0, 200.0)))
    assert state.pools == [1, 3] and match.actor == 1
    # 15 cm edge to edge from the Plünderer: its 15 mm radius, the Mutant's 20 mm
    too_near = Action("place_nsk", warrior="mutant", at=(300.0, 200.0 + 15 + 149.9 + 20))
    assert "Non-player warriors keep 15 cm from each other." in refused_by(match, too_near)
    far = Action("place_nsk", warrior="mutant", at=(300.0, 90.0))
    assert "within 20 cm of the table centre" in refused_by(match, far)
    match.act(Action("place_nsk", warrior="mutant", at=(300.0, 200.0 + 15 + 150 + 20)))
    assert state.pools == [1, 0] and match.actor == 0
    dear = Action("place_nsk", warrior="plunderer", at=(470.0, 300.0))
    assert "costs 2 infestation points" in refused_by(match, dear)
    match.act(Action("place_nsk", warrior="marauder", at=(470.0, 300.0)))
    assert state.pools == [0, 0]
    assert state.phase == DEPLOYING and match.actor == 0  # placement over: A deploys first
    placed = [(e["warrior"], e["side"], e["colour"]) for e in state.models.values()]
    assert placed == [(k, NSK, "#8c8472") for k in ("plunderer", "mutant", "marauder")]
    lines = told(match, None)
    assert "A places Plunderer 1 (infestation value 2); 1 point left." in lines
    assert "B places Mutant 2 (infestation value 3); 0 points left." in lines


def refused_by(match, action: Action) -> str:
    return refused_in_match(match, action)


def test_without_the_option_there_is_no_step_6a():
    match = prepared_to_terrain(terrain_pieces=2)
    assert match.state.phase == TERRAIN
    for x in (100.0, 230.0, 360.0, 490.0):
        match.act(Action("add_piece", terrain="tree", at=(x, 80.0), rotation=0.0))
    assert match.state.phase == DEPLOYING


def test_a_rest_that_finds_no_room_is_lost():
    match = at_infestation(2)
    state = match.state
    # the area within 20 cm of both centre lines holds few bases 15 cm apart
    for _turn in range(4):
        if state.phase != INFESTATION:
            break
        spot = infestation.room(state, 15.0)
        assert spot is not None
        match.act(Action("place_nsk", warrior="marauder", at=spot))
    assert state.phase == DEPLOYING and state.pools == [0, 0]
    assert len(infestation.on_table(state)) == 4


def end_phase(*warriors: tuple[str, Warrior], **kwargs):
    """The end phase of round 1 begun by A with these warriors: at step 2."""
    state = position(warriors=dict(warriors), phase=END, turn=0, **kwargs)
    assert state.end["step"] == 2 and RULES.actor(state) == 0
    return state


def test_a101_a_compulsory_charge():
    """Tony 8 cm from the Marodeur in sight, Kira 9 cm: it must charge one of them, the
    activating player picks (not necessarily the nearest), along at most 10 cm without
    touching another player's warrior; then it attacks and the target reacts normally."""
    tony_x = 300.0 + 15 + 80 + 15
    kira_x = 300.0 - 15 - 90 - 15
    state = end_phase(
        ("marauder", Warrior(NSK, (300.0, 300.0), "marauder")),
        ("tony", Warrior(0, (tony_x, 300.0), "tony")),
        ("kira", Warrior(1, (kira_x, 300.0), "kira")),
    )
    lines = act(state, "activate_nsk", model="marauder")
    assert lines == ["A activates Marauder; it must charge a warrior within 10 cm in sight."]
    assert RULES.actor(state) == 0  # targets of both sides: A chooses
    assert "must charge" in refused(state, "nsk_order", duty="roam", target=None, path=((300.0, 300.0), (300.0, 340.0)))
    short = ((300.0, 300.0), (kira_x + 30.0 + 5.0, 300.0))
    assert "must end in contact with Kira" in refused(state, "nsk_order", duty="charge", target="kira", path=short)
    path = ((300.0, 300.0), (kira_x + 30.0, 300.0))  # 9 cm straight into contact
    lines = act(state, "nsk_order", duty="charge", target="kira", path=path)
    assert lines[0] == "Marauder charges Kira."
    assert state.models["marauder"]["position"] == [kira_x + 30.0, 300.0]
    # Kira reacts as usual: B chooses among all the reactions, with AP
    assert RULES.actor(state) == 1
    assert {a["reaction"] for a in RULES.legal_actions(state)} == {"passive", "dodge", "strike_back"}


def test_a101_a_charge_may_not_touch_another_players_warrior():
    tony_x = 300.0 + 15 + 80 + 15
    state = end_phase(
        ("marauder", Warrior(NSK, (300.0, 300.0), "marauder")),
        ("tony", Warrior(0, (tony_x, 300.0), "tony")),
        ("kira", Warrior(1, (tony_x - 30.0, 330.5), "kira")),
    )
    act(state, "activate_nsk", model="marauder")
    path = ((300.0, 300.0), (tony_x - 30.0, 300.0))  # into contact with Tony and Kira at once
    # no way to Tony without touching Kira: only Kira may be charged
    assert refused(state, "nsk_order", duty="charge", target="tony", path=path) == "It must choose one of: Kira."
    assert "touch no other player's warrior" in refused(state, "nsk_order", duty="charge", target="kira", path=path)


def test_a103_taking_over():
    """B must activate the last non-player warrior and its only target is B's Gorm: A
    chooses and rolls for that attack."""
    state = position(
        warriors={
            "marauder": Warrior(NSK, (300.0, 300.0), "marauder"),
            "gorm": Warrior(1, (300.0 + 15 + 20 + 0.5, 300.0), "gorm"),
        },
        phase=END,
        turn=1,
        first=1,
    )
    assert RULES.actor(state) == 1
    lines = act(state, "activate_nsk", model="marauder")
    assert lines == [
        "B activates Marauder; it must attack a warrior in contact, and only at B's warriors: A takes it over."
    ]
    assert RULES.actor(state) == 0
    act(state, "nsk_order", duty="attack", target="gorm", path=())
    assert RULES.actor(state) == 1  # Gorm reacts: his own player chooses


def test_a104_attacking_a_non_player_warrior():
    """Vladd attacks a Plünderer: it strikes back at once without AP, B rolls for it;
    the comparison decides the blow; it makes no follow-up attack. Put out of action,
    it scores its infestation value to A."""
    state = position(
        warriors={
            "vladd": Warrior(0, (300.0, 300.0), "vladd"),
            "plunderer": Warrior(NSK, (330.5, 300.0), "plunderer", marks=(1, 2, 2, 2)),
        },
        phase="activation",
        active="vladd",
    )
    state.models["plunderer"]["name"] = "Plunderer 2"  # its name on the table
    lines = act(state, "attack", model="vladd", target="plunderer")
    assert lines == ["Vladd attacks Plunderer 2 in melee.", STRIKES_BACK]
    assert RULES.actor(state) == CHANCE  # no reaction to choose: the comparison is rolled
    assert state.pending["data"]["fighters"][1]["side"] == 1  # B rolls and chooses for it
    lines = rolled(state, 6, 1)
    assert lines[0] == "Vladd and Plunderer compare KAT: Vladd 13, Plunderer 4; Vladd wins."
    rolled(state, 6)  # 7 successes
    rolled(state, 4)  # the hit roll: torso
    assert RULES.actor(state) == 0  # Vladd may shift the hit roll: he keeps it
    lines = act(state, "shift", face=4)
    assert state.pending is None  # no follow-up by the non-player warrior
    assert "plunderer" not in state.models
    # one line saying it leaves, by its name on the table; the score says what it earned
    assert [line for line in lines if "out of action" in line] == [
        "A scores: Plunderer 2, a non-player warrior, put out of action: 2 SIG.",
        "Plunderer 2 is out of action and leaves the table.",
    ]
    assert state.sig == [2, 0] and state.scored[0]["points"] == 2
    sheet = Message.from_json(state.scored[0]["how"]).render()
    assert sheet == "Plunderer 2, a non-player warrior, put out of action: 2 SIG."
    assert state.models["vladd"]["ap"] == 2  # Vladd paid his attack; the Plünderer paid nothing


def test_a104_the_non_player_warrior_wins_the_comparison_and_strikes_without_a_follow_up():
    state = position(
        warriors={
            "vladd": Warrior(0, (300.0, 300.0), "vladd", marks=(1, 0, 0, 0)),
            "plunderer": Warrior(NSK, (330.5, 300.0), "plunderer"),
        },
        phase="activation",
        active="vladd",
    )
    act(state, "attack", model="vladd", target="plunderer")
    lines = rolled(state, 1, 6)  # Vladd 7 + 1 against the Plünderer's 4 + 6
    assert "Plunderer wins" in lines[0]
    rolled(state, 6)
    rolled(state, 1)  # head: Vladd's last head point
    assert RULES.actor(state) == 1  # B shifts the hit roll for the Plünderer, or keeps it
    act(state, "shift", face=1)
    assert state.pending is None and "vladd" not in state.models
    assert state.sig == [0, 0]  # killing a player's warrior scores no infestation value


def test_a100_roaming_in_the_end_phase_then_the_other_player_activates_the_next():
    """A activates first (the round's beginner), then B; a roam goes up to 5 cm; a
    Marodeur with a slow marker does not roam: it stays (S36). Then step 3 follows."""
    state = end_phase(
        ("m1", Warrior(NSK, (300.0, 300.0), "marauder")),
        ("m2", Warrior(NSK, (300.0, 500.0), "marauder", markers={"slow": 1})),
        ("tony", Warrior(0, (60.0, 60.0), "tony")),
        ("kira", Warrior(1, (540.0, 60.0), "kira", markers={"fire": 1})),
    )
    act(state, "activate_nsk", model="m1")
    assert RULES.actor(state) == 0
    too_far = ((300.0, 300.0), (300.0, 350.1))
    assert "at most 5 cm" in refused(state, "nsk_order", duty="roam", target=None, path=too_far)
    RULES.check(state, Action("nsk_order", duty="roam", target=None, path=((300.0, 300.0),) * 2))  # 0 is up to 5 cm
    roam = ((300.0, 300.0), (300.0, 350.0))
    assert act(state, "nsk_order", duty="roam", target=None, path=roam) == ["Marauder roams."]
    assert RULES.actor(state) == 1  # B activates the next one
    assert "still to be activated" in refused(state, "activate_nsk", model="m1")
    lines = act(state, "activate_nsk", model="m2")
    assert lines == ["B activates Marauder; it must stay where it is.", "Marauder stays where it is."]
    assert state.end["step"] == 3 and RULES.actor(state) == CHANCE  # Kira's fire roll


def test_a_non_player_warrior_with_fear_does_not_charge_and_its_rage_comes_off_by_itself():
    state = end_phase(
        ("m1", Warrior(NSK, (300.0, 300.0), "marauder", markers={"fear": 1, "rage": 2})),
        ("tony", Warrior(0, (300.0 + 30.0 + 50.0, 300.0), "tony")),
        ("kira", Warrior(1, (540.0, 60.0), "kira")),
    )
    assert non_player_play.orders_of(state, "m1").duty == "stay"  # a player's warrior is near: no roam either
    lines = act(state, "activate_nsk", model="m1")
    assert "Marauder's PSI roll fails without dice." in lines  # step 4: PSI 2 - 2 for the rage (S22)
    assert state.models["m1"]["markers"]["rage"] == 1  # step 6: one rage marker off, nobody asked (S36)
    assert state.round == 2  # the end phase ran on to the next round's bid


def test_a_plunderer_shoots_at_a_warrior_out_of_charge_reach():
    state = end_phase(
        ("p", Warrior(NSK, (300.0, 300.0), "plunderer")),
        ("tony", Warrior(0, (300.0, 300.0 + 30.0 + 150.0), "tony")),
        ("kira", Warrior(1, (540.0, 60.0), "kira")),
    )
    assert non_player_play.orders_of(state, "p").targets == ("tony",)  # Kira is out of the pistol's range
    act(state, "activate_nsk", model="p")
    assert RULES.actor(state) == 1  # A activated it, its only target is A's Tony: B takes it over
    lines = act(state, "nsk_order", duty="shoot", target="tony", path=())
    assert RULES.actor(state) == CHANCE and state.pending["kind"] == "shot", lines


def test_missions_never_count_non_player_warriors():
    state = end_phase(
        ("p", Warrior(NSK, (300.0, 300.0), "plunderer")),
        ("tony", Warrior(0, (100.0, 100.0), "tony")),
    )
    assert [f.side for f in victory.fighters(state)] == [0]
