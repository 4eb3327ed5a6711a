"""The weather played (optional rule 3; rulebook L804-824, DECISIONS.md S29, S35, S37):
the option's roll before preparation step 1, each weather's effect where the rules
decide it, the end-of-round rolls and the change roll after a round."""

from __future__ import annotations

from tabletop.engine.core import CHANCE, Action, PlayerInfo, Setup
from tabletop.games.skirmish.play import weather_play
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import BIDDING, DEPLOYING, END, HANDS, LAYOUT, NAMING, TACTICS, table_of
from tabletop.games.skirmish.table.sight import sight
from tabletop.games.skirmish.table.terrain_moves import end_within

from .positions import NAMES, act, refused, round_begun_by, through_the_bid
from .test_preparation import BOTTOM_SPOTS, TOP_SPOTS, at_deployment, book_match, told
from .test_preparation import refused as match_refused
from .test_tactical_phase import HAND_A, HAND_B, at_hands, model


def rolled(state, faces) -> list[str]:
    """The chance step's dice given; the log lines."""
    step = RULES.apply_chance(state, tuple(faces))
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


# -- the roll before the game (S29) -------------------------------------------------------------


def test_the_weather_is_rolled_before_preparation_step_1_and_kept_in_the_save():
    match = book_match(weather="on")
    assert match.actor == CHANCE and match.state.phase == BIDDING  # before the preparation bid
    spec = match.chance_spec()
    assert (spec.kind, spec.count, spec.sides) == ("dice", 2, 6)
    match.roll((1, 2))
    assert match.state.weather == ["storm"] and match.actor == 0
    assert told(match) == ["Weather: 1 + 2 = 3: Storm. Every movement action is limited to 8 cm instead of 10."]
    assert RULES.encode(match.state)["weather"] == ["storm"] and match.state.options["weather"] == "on"
    assert match.view(1).weather == ("storm",) and match.view(1).allowance == 80.0
    # without the option no weather is rolled, and the save keeps no option
    plain = book_match()
    assert plain.actor == 0 and plain.state.weather == [] and "weather" not in plain.state.options


def test_two_weathers_are_rolled_and_combine():
    match = book_match(weather="two")
    match.roll((1, 2))
    assert match.actor == CHANCE
    match.roll((6, 6))
    assert match.state.weather == ["storm", "snowstorm"] and match.actor == 0
    assert told(match)[-1] == "Weather: 6 + 6 = 12: Snowstorm joins. A tactical card costs 3 SP instead of 2."
    kept = book_match(weather="two")
    kept.roll((2, 2))
    kept.roll((3, 4))  # normal weather adds nothing
    assert kept.state.weather == ["dense_fog"]
    assert told(kept)[-1] == "Weather: 3 + 4 = 7: Normal weather; the weather in force stays."


def test_the_weather_is_rolled_before_a_freely_laid_out_table_too():
    players = (PlayerInfo("A", "red"), PlayerInfo("B", "blue"))
    state = RULES.new_state(Setup(players, {**RULES.default_options(), "weather": "on"}, 0))
    assert state.phase == LAYOUT and RULES.actor(state) == CHANCE
    rolled(state, (5, 5))
    assert state.weather == ["acid_rain"] and RULES.actor(state) == 0


# -- storm (S37) ------------------------------------------------------------------------------------


def test_a106_storm_limits_a_move_and_a_charge_to_8_cm():
    state = position(
        warriors={"yuri": Warrior(0, (100, 100), "yuri"), "gorm": Warrior(1, (500, 500), "gorm")},
        phase="activation",
        active="yuri",
        weather=("storm",),
    )
    assert refused(state, "move", model="yuri", path=((100.0, 100.0), (185.0, 100.0))) == (
        "The path costs 8.5 cm; a move may cost 8 cm."
    )
    act(state, "move", model="yuri", path=((100.0, 100.0), (180.0, 100.0)))
    # a charge: Vladd 30 mm, Gorm 40 mm; contact 85 mm on is too far, 75 mm is not
    far = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "gorm": Warrior(1, (220, 300), "gorm")},
        phase="activation",
        active="vladd",
        weather=("storm",),
    )
    assert "a move may cost 8 cm" in refused(
        far, "charge", model="vladd", target="gorm", path=((100.0, 300.0), (184.9, 300.0))
    )
    near = position(
        warriors={"vladd": Warrior(0, (100, 300), "vladd"), "gorm": Warrior(1, (210, 300), "gorm")},
        phase="activation",
        active="vladd",
        weather=("storm",),
    )
    act(near, "charge", model="vladd", target="gorm", path=((100.0, 300.0), (174.9, 300.0)))
    assert "gorm" in table_of(near).contacts("vladd")


def test_a_storm_limits_the_end_of_a_climb_swim_or_jump_and_the_view_asks_the_rules():
    calm = position(warriors=[Warrior(0, (100, 100))], options={"ruleset": "terrain"})
    storm = position(warriors=[Warrior(0, (100, 100))], options={"ruleset": "terrain"}, weather=("storm",))
    assert (end_within(table_of(calm)), end_within(table_of(storm))) == (100.0, 80.0)
    assert (RULES.view(calm, 0).allowance, RULES.view(storm, 0).allowance) == (100.0, 80.0)


# -- dense fog -----------------------------------------------------------------------------------


def fog(yuri_x: float):
    return position(
        warriors={"kira": Warrior(0, (100, 300), "kira"), "yuri": Warrior(1, (yuri_x, 300), "yuri")},
        phase="activation",
        active="kira",
        weather=("dense_fog",),
    )


def test_a107_in_dense_fog_kira_cannot_target_yuri_16_cm_away_but_can_at_14():
    # Kira's bow reaches 25 cm; bases 30 mm: 16 cm edge to edge is 190 mm between the centres
    assert refused(fog(290.0), "shoot", model="kira", item="bow", target="yuri") == (
        "Kira cannot see Yuri 16.0 cm away: in the fog nothing farther than 15 cm is seen."
    )
    RULES.check(fog(270.0), Action("shoot", model="kira", item="bow", target="yuri"))
    clear = position(
        warriors={"kira": Warrior(0, (100, 300), "kira"), "yuri": Warrior(1, (290, 300), "yuri")},
        phase="activation",
        active="kira",
    )
    RULES.check(clear, Action("shoot", model="kira", item="bow", target="yuri"))


def test_in_dense_fog_nothing_farther_than_15_cm_is_seen_warrior_or_point():
    table = table_of(fog(290.0))
    assert sight(table, "kira", "yuri").too_far and not sight(table, "kira", "yuri").visible
    assert not sight(table, "kira", (266.0, 300.0)).visible  # 15.1 cm from her base's edge
    assert sight(table, "kira", (264.0, 300.0)).visible
    assert sight(table_of(fog(270.0)), "kira", "yuri").visible


# -- snowstorm --------------------------------------------------------------------------------


def test_a110_a_roll_of_12_is_a_snowstorm_and_a_card_costs_3_sp():
    match = book_match(weather="on", weather_faces=(6, 6))
    assert match.state.weather == ["snowstorm"] and match.view(0).card_cost == 3
    assert told(match) == ["Weather: 6 + 6 = 12: Snowstorm. A tactical card costs 3 SP instead of 2."]


def test_a80_in_a_snowstorm_a_player_with_2_sp_cannot_play_a_card():
    match = at_hands(weather="on", weather_faces=(6, 6))
    match.act(Action("hand", cards=HAND_A))
    match.act(Action("hand", cards=HAND_B))
    through_the_bid(match, 0)
    state = match.state
    assert state.phase == TACTICS and match.view(0).card_cost == 3
    state.sp[0] = 2
    tony = model(match, "Tony")
    adrenaline = Action("play_card", card="adrenaline", targets=(tony,))
    assert match_refused(match, adrenaline) == "A card costs 3 SP; the pool holds 2."
    state.sp[0] = 3
    match.act(adrenaline)
    assert state.sp[0] == 0


# -- light fog ----------------------------------------------------------------------------------


def test_in_light_fog_the_players_deploy_one_warrior_each_in_turn():
    match = at_deployment(weather="on", weather_faces=(4, 4))
    assert match.state.weather == ["light_fog"] and match.state.phase == DEPLOYING
    assert told(match)[-1] == (
        "Deployment in light fog: A chooses an edge; then each player deploys one warrior in turn."
    )
    match.act(Action("edge", edge="top"))
    order = []
    for number in range(4):  # three warriors on 30 mm bases and one on a 40 mm base each
        base = 40.0 if number == 3 else 30.0
        for spots in (TOP_SPOTS, BOTTOM_SPOTS):
            order.append(match.actor)
            match.act(Action("add_model", base=base, at=spots[number]))
    assert order == [0, 1] * 4
    assert match.actor == 1  # A has nobody left to place: B says it has deployed, then A
    match.act(Action("deployed"))
    match.act(Action("deployed"))
    assert match.state.phase == HANDS
    # without light fog the first deployer places all of his warriors first
    calm = at_deployment(weather="on", weather_faces=(3, 4))
    calm.act(Action("edge", edge="top"))
    calm.act(Action("add_model", base=30.0, at=TOP_SPOTS[0]))
    assert calm.actor == 0


# -- acid rain and ion storm: the end-of-round rolls -----------------------------------------------


def test_a112_acid_rain_poisons_those_not_sheltered_all_round():
    # the tree's octagon has corners 22 mm above and below its centre: Kira touches it from above
    state = position(
        terrain={"tree": Piece("tree", (300, 300))},
        warriors={
            "kira": Warrior(0, (300, 262.5), "kira"),
            "nia": Warrior(0, (300, 420.0), "nia"),
            "kessler": Warrior(1, (100, 100), "kessler"),
        },
        phase=NAMING,
        weather=("acid_rain",),
    )
    act(state, "name", model="nia")
    act(state, "move", model="nia", path=((300.0, 420.0), (300.0, 337.5)))  # her last move ends touching the tree
    assert weather_play.under_cover(table_of(state), "nia")
    act(state, "done")
    act(state, "name", model="kessler")
    act(state, "pass")  # Kira could counter: she lets him stand
    act(state, "done")
    act(state, "name", model="kira")
    act(state, "done")
    assert state.phase == END and RULES.actor(state) == CHANCE
    rolls = [roll["model"] for roll in [state.end["roll"], *state.end["rolls"]]]
    assert rolls == ["nia", "kessler"]  # Kira, under the tree all round, does not roll
    assert RULES.chance_spec(state).count == 3  # Nia's WID 3
    assert rolled(state, (5, 1, 1)) == ["Nia's WID roll at difficulty 5: 5 1 1, 1 success."]
    assert RULES.chance_spec(state).count == 4  # Kessler's WID 4
    lines = rolled(state, (1, 2, 3, 4))
    assert "Kessler gets a poison marker from the acid rain." in lines
    assert state.models["kessler"]["markers"]["poison"] == 1
    assert state.models["nia"]["markers"]["poison"] == 0
    # still there through the next round: step 5 of its end phase takes it off
    assert state.phase == BIDDING and state.round == 2
    round_begun_by(state, 0)
    assert state.models["kessler"]["markers"]["poison"] == 1


def test_the_ion_storm_wounds_the_torso_through_armour():
    state = position(
        warriors={"yuri": Warrior(0, (100, 100), "yuri"), "brutus": Warrior(1, (400, 400), "brutus")},
        phase=NAMING,
        weather=("ion_storm",),
    )
    for name in ("yuri", "brutus"):  # Brutus's GES 3 cannot counter Yuri's 5
        act(state, "name", model=name)
        act(state, "done")
    assert state.phase == END
    assert rolled(state, (6, 1, 1, 1)) == ["Yuri's WID roll at difficulty 6: 6 1 1 1, 1 success."]
    assert sum(state.models["yuri"]["marks"]) == 0
    lines = rolled(state, (1, 2, 3, 4, 5, 5))
    # Brutus's leather jacket (torso +1) does not help
    assert "Brutus takes a wound to the torso from the ion storm, armour useless." in lines
    assert state.models["brutus"]["marks"][2] == 1 and sum(state.models["brutus"]["marks"]) == 1


# -- the change roll (A113) -------------------------------------------------------------------------


def round_ended(weather=("storm",), round=1):
    state = position(
        warriors={"yuri": Warrior(0, (100, 100), "yuri"), "kira": Warrior(1, (400, 400), "kira")},
        phase=NAMING,
        round=round,
        options={"weather": "changing"},
        weather=weather,
    )
    for name in ("yuri", "kira"):
        act(state, "name", model=name)
        act(state, "done")
    return state


def test_a113_the_weather_changes_after_each_round_by_the_option():
    state = round_ended()
    assert state.phase == END and RULES.actor(state) == CHANCE and RULES.chance_spec(state).count == 1
    assert rolled(state, (6,))[0] == "Weather change: 6: the weather turns to normal weather."
    assert state.weather == ["normal"] and state.phase == BIDDING and state.round == 2
    assert table_of(state).allowance == 100.0
    stays = round_ended()
    assert rolled(stays, (3,))[0] == "Weather change: 3: the weather stays." and stays.weather == ["storm"]
    again = round_ended()
    assert rolled(again, (1,)) == ["Weather change: 1: another weather joins; 2 dice are rolled."]
    assert RULES.actor(again) == CHANCE and RULES.chance_spec(again).count == 2
    rolled(again, (2, 3))
    assert again.weather == ["storm", "dense_fog"] and again.phase == BIDDING
    assert table_of(again).sight_limit == 150.0 and table_of(again).allowance == 80.0
    # after the last round the game ends without a change roll
    last = round_ended(round=5)
    assert last.phase == "over" and RULES.actor(last) is None
