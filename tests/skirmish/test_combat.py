"""Attacks in the match (rulebook 5, L470-480; 6, L490-590; 8, L600-652; DECISIONS
S16-S25): melee attacks, charges, breaking away, shots, throws and the flame as moves
of the active warrior, their rolls as chance steps and their choices as moves of the
side that chooses, their outcome applied once. Scenarios: skirmish-acceptance.md."""

from __future__ import annotations

from tabletop.engine.core import CHANCE, Action
from tabletop.games.skirmish.play import combat, rounds
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, BIDDING, NAMING, NON_PLAYER_SIDE, SkirmishState, table_of

from .positions import NAMES, act, refused, round_begun_by


def roll(state: SkirmishState, face: int) -> list[str]:
    """Chance answers the roll asked for with every die showing `face`."""
    assert RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    step = RULES.apply_chance(state, tuple(face for _ in range(spec.count)))
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def resolve(state: SkirmishState, face: int, **answers) -> list[str]:
    """Carry the attack under way to its end: every die shows `face`; each choice
    is `answers[kind]` (the chosen option) where given, else its first option."""
    lines: list[str] = []
    while state.pending is not None:
        if RULES.actor(state) == CHANCE:
            lines += roll(state, face)
            continue
        offered = combat.choices(state)
        chosen = next((a for a in offered if answers.get(a.kind) in dict(a).values()), offered[0])
        lines += act(state, chosen.kind, **dict(chosen))
    return lines


def vladd_and_gorm(**vladd) -> SkirmishState:
    """Vladd (A, active) in contact with Gorm (B)."""
    return position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd", **vladd), "gorm": Warrior(1, (135, 300), "gorm")},
        phase=ACTIVATION,
        active="vladd",
    )


def test_a12_a_third_attack_in_a_round_is_refused_and_the_next_round_allows_two():
    state = vladd_and_gorm()
    assert "gorm" in table_of(state).contacts("vladd")
    for _attack in range(2):
        act(state, "attack", model="vladd", target="gorm")
        resolve(state, 1)
    assert state.models["vladd"]["ap"] == 1 and state.models["vladd"]["round_uses"] == {"attack": 2}
    assert refused(state, "attack", model="vladd", target="gorm") == "Vladd has attacked 2 times this round, its limit."
    next_round(state)
    assert state.round == 2
    state.active, state.phase, state.turn = "vladd", ACTIVATION, 0
    for _attack in range(2):
        act(state, "attack", model="vladd", target="gorm")
        resolve(state, 1)
    assert state.models["vladd"]["round_uses"] == {"attack": 2}


def next_round(state: SkirmishState) -> None:
    """End the activation and let everybody pass until the next round begins (its
    bid to A)."""
    number = state.round
    if state.phase == ACTIVATION:
        act(state, "done")
    while state.round == number:
        if RULES.actor(state) == CHANCE:
            roll(state, 6)
        elif state.phase == NAMING and (state.opened or state.named):
            act(state, "pass")
        elif state.phase == NAMING:  # the round's first naming may not be a pass
            act(state, "name", model=rounds.to_activate(state, state.turn)[0])
        elif state.phase == ACTIVATION:
            act(state, "done")
        else:
            act(state, "rage", model=state.end["queue"][0], remove=True)
    if state.phase == BIDDING:
        round_begun_by(state, 0)


def test_a68_a_feared_warrior_moves_and_dodges_but_makes_no_attack():
    tony = Warrior(0, (100, 300), "tony", markers={"fear": 1})
    state = position(
        warriors={"tony": tony, "gorm": Warrior(1, (135, 300), "gorm"), "kira": Warrior(1, (400, 300), "kira")},
        phase=ACTIVATION,
        active="tony",
    )
    feared = "Tony has a fear marker: it may only move and dodge."
    assert refused(state, "attack", model="tony", target="gorm") == feared
    assert refused(state, "shoot", model="tony", item="pistol", target="kira") == feared
    path = ((100.0, 300.0), (100.0, 250.0))
    assert refused(state, "charge", model="tony", target="gorm", path=path) == feared
    RULES.check(state, Action("move", model="tony", path=path))  # moving is allowed (it breaks away first)
    # attacked in melee, he is offered passive or dodge, not strike back
    gorm = position(
        warriors={"tony": tony, "gorm": Warrior(1, (135, 300), "gorm")}, phase=ACTIVATION, active="gorm", turn=1
    )
    act(gorm, "attack", model="gorm", target="tony")
    assert RULES.actor(gorm) == 0 and combat.need(gorm).options == ("passive", "dodge")
    assert refused(gorm, "react", reaction="strike_back") == "Choose one of: passive, dodge."


def test_a13_the_molotov_cocktail_is_thrown_once_a_game_in_the_match():
    yuri = Warrior(0, (100, 300), "yuri")
    state = position(
        # Nia stays out of it: the fire may burn Kira and the game goes on
        warriors={"yuri": yuri, "kira": Warrior(1, (250, 300), "kira"), "nia": Warrior(1, (500, 500), "nia")},
        phase=ACTIVATION,
        active="yuri",
        round=1,
    )
    act(state, "throw", model="yuri", item="molotov_cocktail", at=(250.0, 300.0))
    resolve(state, 1)
    assert state.models["yuri"]["game_uses"]["item:molotov_cocktail"] == 1
    next_round(state)
    next_round(state)
    assert state.round == 3
    state.active, state.phase, state.turn = "yuri", ACTIVATION, 0
    assert (
        refused(state, "throw", model="yuri", item="molotov_cocktail", at=(250.0, 300.0))
        == "Yuri has used the item Molotov cocktail 1 time this game, its limit."
    )


# -- melee -------------------------------------------------------------------------------------------


def test_a_melee_attack_waits_for_the_reaction_then_rolls_and_marks_the_wounds():
    state = vladd_and_gorm()
    act(state, "attack", model="vladd", target="gorm")
    assert RULES.actor(state) == 1  # Gorm's player reacts
    # (and a card or none while the attack's moment is offered, S28)
    assert [m.kind for m in RULES.allowed_moves(state)] == ["react", "shift", "answer", "play_card", "no_card"]
    assert "An attack is under way" in refused(state, "done")
    act(state, "react", reaction="passive")
    assert RULES.actor(state) == CHANCE  # Vladd's KAT roll
    resolve(state, 6)
    assert "gorm" in state.removed or sum(state.models["gorm"]["marks"]) > 0  # six on every die: wounds
    assert state.models["vladd"]["ap"] == 2 and state.models["vladd"]["round_uses"] == {"attack": 1}


def test_a_dodge_costs_the_target_1_ap_and_no_limit():
    state = vladd_and_gorm()
    act(state, "attack", model="vladd", target="gorm")
    resolve(state, 6, react="dodge")  # the dodge's GES roll cancels every success
    gorm = state.models["gorm"]
    assert gorm["ap"] == 2 and gorm["round_uses"] == {} and gorm["marks"] == [0, 0, 0, 0]
    assert state.models["vladd"]["ap"] == 2 and state.models["vladd"]["round_uses"] == {"attack": 1}


def test_a_warrior_out_of_action_leaves_the_table_at_once():
    state = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "gorm": Warrior(1, (135, 300), "gorm", marks=(1, 3, 5, 3))},
        phase=ACTIVATION,
        active="vladd",
    )
    state.models["gorm"]["name"] = "Gorm 2"  # the name on the table, not the card's
    act(state, "attack", model="vladd", target="gorm")
    lines = resolve(state, 6)
    assert "gorm" not in state.models and state.removed == ["gorm"]
    assert [line for line in lines if "out of action" in line] == ["Gorm 2 is out of action and leaves the table."]
    assert state.active == "vladd"  # the attacker acts on


def test_the_line_of_a_warrior_leaving_the_table_is_about_its_side_a_non_player_one_about_none():
    state = position(
        warriors={
            "gorm": Warrior(1, (135, 300), "gorm"),
            "plunderer": Warrior(NON_PLAYER_SIDE, (300, 300), "plunderer"),
            "vladd": Warrior(0, (100, 400), "vladd"),
        },
        phase=ACTIVATION,
        active="vladd",
    )
    assert [event.data["about"] for event in rounds.remove(state, "gorm")] == [1]  # the log's dot: B's colour
    assert [event.data["about"] for event in rounds.remove(state, "plunderer")] == [None]  # a neutral dot


def test_a_charge_moves_into_contact_and_attacks_for_2_ap():
    state = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "gorm": Warrior(1, (200, 300), "gorm")},
        phase=ACTIVATION,
        active="vladd",
    )
    act(state, "charge", model="vladd", target="gorm", path=((100.0, 300.0), (164.9, 300.0)))
    assert "gorm" in table_of(state).contacts("vladd")
    resolve(state, 1)
    vladd = state.models["vladd"]
    assert vladd["ap"] == 1 and vladd["round_uses"] == {"charge": 1, "attack": 1}
    RULES.check(state, Action("attack", model="vladd", target="gorm"))  # 1 AP and an attack are left
    assert refused(state, "charge", model="vladd", target="gorm", path=((164.9, 300.0), (160.0, 300.0))) == (
        "Vladd is in contact with an enemy: a charge starts free."
    )


def test_a43_a_charge_without_contact_is_a_plain_move_in_the_match():
    state = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "gorm": Warrior(1, (200, 300), "gorm")},
        phase=ACTIVATION,
        active="vladd",
    )
    lines = act(state, "charge", model="vladd", target="gorm", path=((100.0, 300.0), (140.0, 300.0)))
    assert lines == ["Vladd charges Gorm but makes no contact: a plain move."]
    assert state.pending is None and RULES.actor(state) == 0  # no melee follows
    vladd = state.models["vladd"]
    assert vladd["position"] == [140.0, 300.0] and "gorm" not in table_of(state).contacts("vladd")
    assert vladd["ap"] == 2 and vladd["round_uses"] == {"move": 1}  # 1 AP, one of the moves; the charge unused
    act(state, "charge", model="vladd", target="gorm", path=((140.0, 300.0), (164.9, 300.0)))
    assert "gorm" in table_of(state).contacts("vladd")  # the round's charge is still there


def test_breaking_away_moves_after_a_success_and_pays_the_move_once():
    state = vladd_and_gorm()
    act(state, "move", model="vladd", path=((100.0, 300.0), (40.0, 300.0)))
    assert state.models["vladd"]["position"] == [100.0, 300.0]
    resolve(state, 6)
    vladd = state.models["vladd"]
    assert vladd["position"] == [40.0, 300.0] and vladd["ap"] == 2 and vladd["round_uses"] == {"move": 1}


def test_held_while_breaking_away_the_enemy_may_strike_and_the_warrior_stays():
    state = vladd_and_gorm()
    act(state, "move", model="vladd", path=((100.0, 300.0), (40.0, 300.0)))
    lines = resolve(state, 1, answer="attack")
    gorm = state.models["gorm"]
    assert gorm["ap"] == 2 and gorm["round_uses"] == {"attack": 1}  # the punishment: 1 AP and an attack
    assert state.models["vladd"]["ap"] == 2 and state.models["vladd"]["round_uses"] == {"move": 1}
    assert lines


# -- ranged ------------------------------------------------------------------------------------------


def test_a_shot_pays_its_cost_when_made_and_its_wounds_at_its_end():
    state = position(
        warriors={"tony": Warrior(0, (100, 300), "tony"), "kira": Warrior(1, (300, 300), "kira")},
        phase=ACTIVATION,
        active="tony",
    )
    assert refused(state, "shoot", model="tony", item="bow", target="kira") == "Tony does not carry the item Bow."
    act(state, "shoot", model="tony", item="pistol", target="kira")
    assert state.models["tony"]["ap"] == 2 and state.models["tony"]["round_uses"] == {"attack": 1}
    resolve(state, 6)
    assert state.pending is None
    kira = state.models.get("kira")
    assert kira is None or sum(kira["marks"]) > 0
    assert state.models["tony"]["ap"] == 2  # never paid twice


def test_a_shot_that_puts_a_warrior_out_of_action_says_so_once_by_its_name_on_the_table():
    state = position(
        warriors={"tony": Warrior(0, (100, 300), "tony"), "gorm": Warrior(1, (300, 300), "gorm", marks=(1, 3, 5, 3))},
        phase=ACTIVATION,
        active="tony",
    )
    state.models["gorm"]["name"] = "Gorm 2"
    act(state, "shoot", model="tony", item="pistol", target="gorm")
    lines = resolve(state, 6)
    assert "gorm" not in state.models
    assert [line for line in lines if "out of action" in line] == ["Gorm 2 is out of action and leaves the table."]


def test_the_flame_wounds_everyone_under_it_at_once():
    state = position(
        warriors={"mira": Warrior(0, (100, 300), "mira"), "sabra": Warrior(1, (160, 300), "sabra")},
        phase=ACTIVATION,
        active="mira",
    )
    act(state, "flame", model="mira", item="flamethrower", angle=0.0)
    assert state.pending is None and state.models["mira"]["ap"] == 2
    sabra = state.models.get("sabra")
    assert sabra is None or (sum(sabra["marks"]) >= 4 and sabra["markers"]["fire"] >= 1)


def test_undo_never_goes_past_an_attacks_roll():
    from tabletop.engine.core import PlayerInfo, Setup
    from tabletop.engine.match import Match

    setup = Setup((PlayerInfo("A", "red"), PlayerInfo("B", "blue")), RULES.default_options(), 0)
    match = Match(RULES, setup, 3)
    match.state = vladd_and_gorm()
    match.act(Action("attack", model="vladd", target="gorm"))
    match.act(Action("react", reaction="passive"))
    assert match.actor == CHANCE
    match.roll()
    assert not match.can_undo


def test_a_warrior_leaves_the_table_also_in_a_copied_state_whose_geometry_is_not_built_yet():
    from tabletop.games.skirmish.play import rounds

    state = RULES.copy_state(vladd_and_gorm())  # the copy builds its geometry on first use
    assert state.table is None
    rounds.remove(state, "gorm")
    assert "gorm" not in table_of(state).models and state.removed == ["gorm"]


# -- the choices in the match, driven by typed faces -------------------------------------------------


def faces(state: SkirmishState, *shown: int) -> list[str]:
    """Chance answers the roll asked for with exactly these faces."""
    assert RULES.actor(state) == CHANCE
    assert RULES.chance_spec(state).count == len(shown), RULES.chance_spec(state)
    step = RULES.apply_chance(state, shown)
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def offered(state: SkirmishState) -> list[Action]:
    return combat.choices(state)


def vladd_and_nia() -> SkirmishState:
    state = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "nia": Warrior(1, (130, 300), "nia")},
        phase=ACTIVATION,
        active="vladd",
    )
    assert "nia" in table_of(state).contacts("vladd")
    return state


def test_strike_back_the_comparison_decides_and_the_loser_may_follow_up_in_the_match():
    state = vladd_and_nia()
    act(state, "attack", model="vladd", target="nia")
    assert RULES.actor(state) == 1 and Action("react", reaction="strike_back") in offered(state)
    act(state, "react", reaction="strike_back")
    faces(state, 6, 1)  # the comparison: Vladd 13 against Nia 4, Vladd strikes
    faces(state, 1, 1, 1, 1, 1, 1, 6)  # his KAT roll: 1 success
    faces(state, 6)  # the hit roll: legs
    assert state.models["nia"]["marks"] == [0, 0, 0, 0]  # wounds land when the melee ends
    assert RULES.actor(state) == 1  # Nia lost and may attack at once
    assert offered(state) == [Action("answer", option="attack"), Action("answer", option="decline")]
    act(state, "answer", option="attack")
    assert RULES.actor(state) == 0  # Vladd has the ordinary reactions
    assert offered(state) == [Action("react", reaction=r) for r in ("passive", "dodge", "strike_back")]
    act(state, "react", reaction="passive")
    while RULES.actor(state) == CHANCE:  # Nia's KAT roll fails
        faces(state, *(1,) * RULES.chance_spec(state).count)
    assert state.pending is None
    nia, vladd = state.models["nia"], state.models["vladd"]
    assert nia["marks"][3] == 1 and vladd["marks"] == [0, 0, 0, 0]
    assert (nia["ap"], nia["round_uses"]) == (1, {"attack": 2})  # the strike back and the follow-up
    assert (vladd["ap"], vladd["round_uses"]) == (2, {"attack": 1})


def test_the_follow_up_may_be_declined_in_the_match():
    state = vladd_and_nia()
    act(state, "attack", model="vladd", target="nia")
    act(state, "react", reaction="strike_back")
    faces(state, 6, 1)
    faces(state, 1, 1, 1, 1, 1, 1, 6)
    faces(state, 6)
    assert act(state, "answer", option="decline")[0] == "Nia lets the exchange end."
    assert state.pending is None and RULES.actor(state) == 0
    assert state.models["nia"]["marks"][3] == 1 and state.models["nia"]["round_uses"] == {"attack": 1}


def test_s24_equally_near_strays_are_the_shooters_choice_in_the_match():
    state = position(
        warriors={
            "tony": Warrior(0, (100, 300), "tony"),
            "kira": Warrior(1, (250, 300), "kira"),
            "vladd": Warrior(0, (250, 269), "vladd"),
            "nia": Warrior(1, (250, 331), "nia"),
        },
        phase=ACTIVATION,
        active="tony",
    )
    act(state, "shoot", model="tony", item="pistol", target="kira")
    faces(state, 6, *(1,) * (RULES.chance_spec(state).count - 1))  # one success on an engaged target
    assert RULES.actor(state) == 0  # the shooter's side chooses
    assert {action["option"] for action in offered(state)} == {"vladd", "nia"}
    assert combat.describe(state, Action("answer", option="nia")).render(NAMES) == "The stray shot hits Nia"
    assert refused(state, "answer", option="kira").startswith("Choose one of:")
    act(state, "answer", option="nia")
    while state.pending is not None:
        if RULES.actor(state) == CHANCE:
            faces(state, *(6,) * RULES.chance_spec(state).count)
        else:
            act(state, offered(state)[-1].kind, **dict(offered(state)[-1]))
    assert "nia" in state.removed or sum(state.models["nia"]["marks"]) > 0
    assert state.models["kira"]["marks"] == [0, 0, 0, 0] and state.models["vladd"]["marks"] == [0, 0, 0, 0]


def test_s3_the_effect_owner_shifts_the_hit_roll_first_then_the_attacker_in_a_melee():
    state = position(
        warriors={"tony": Warrior(0, (100, 300), "tony"), "elenia": Warrior(1, (130, 300), "elenia")},
        phase=ACTIVATION,
        active="tony",
    )
    assert "elenia" in table_of(state).contacts("tony")
    act(state, "attack", model="tony", target="elenia")
    act(state, "react", reaction="passive")
    faces(state, 6, 6, 1, 1)  # 2 successes
    faces(state, 5)  # torso
    assert RULES.actor(state) == 1  # Elenia's player shifts first (her own effect)
    assert offered(state) == [Action("shift", face=face) for face in (4, 5, 6)]
    act(state, "shift", face=6)
    assert RULES.actor(state) == 0  # then Tony may spend successes, keeping one
    assert offered(state) == [Action("shift", face=face) for face in (5, 6)]
    act(state, "shift", face=6)
    assert state.pending is None and state.models["elenia"]["marks"][3] == 2


def test_s3_the_effect_owner_shifts_the_hit_roll_first_then_the_shooter():
    state = position(
        warriors={"tony": Warrior(0, (100, 300), "tony"), "elenia": Warrior(1, (250, 300), "elenia")},
        phase=ACTIVATION,
        active="tony",
    )
    act(state, "shoot", model="tony", item="pistol", target="elenia")
    faces(state, 6, 6, 1, 1)
    faces(state, 5)
    assert RULES.actor(state) == 1 and offered(state) == [Action("shift", face=face) for face in (4, 5, 6)]
    act(state, "shift", face=6)
    assert RULES.actor(state) == 0 and offered(state) == [Action("shift", face=face) for face in (5, 6)]
    act(state, "shift", face=6)
    faces(state, 6, 6, 6, 6, 6)  # the strength roll
    assert state.pending is None
    elenia = state.models.get("elenia")
    assert elenia is None or elenia["marks"][3] > 0  # the legs
