"""Rounds (rulebook 4.B, L370-446; DECISIONS S14-S16, S22): starter warriors on the
table with 3 AP, naming by current GES with counters and passes, one activation a
warrior per round, limits per round and per game, and the end phase in the book's
order with its rolls as chance steps. Scenarios: skirmish-acceptance.md."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop.engine.core import CHANCE, Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.games.skirmish.card_schema import Uses
from tabletop.games.skirmish.play import limits
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, BIDDING, CHOOSING, END, NAMING, OVER, SkirmishState
from tabletop.games.skirmish.play.warriors import in_force
from tabletop.games.skirmish.unit_files import bundled_unit

from .positions import NAMES, act, play_begins, refused, round_begun_by, through_the_bid


def new_match(**options) -> Match:
    setup = Setup((PlayerInfo("A", "red"), PlayerInfo("B", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def roll(state: SkirmishState, *faces: int) -> list[str]:
    """Chance answers the roll asked for with these faces; the log lines."""
    assert RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    assert spec.count == len(faces), spec.reason.render(NAMES)
    step = RULES.apply_chance(state, tuple(faces))
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def reason(state: SkirmishState) -> str:
    return RULES.chance_spec(state).reason.render(NAMES)


# A: Yuri (GES 5), Vladd (4), Tony (4); B: Elenia (5), Kira (5), Nia (4)
A35_WARRIORS = {
    "yuri": Warrior(0, (100, 100), "yuri"),
    "vladd": Warrior(0, (100, 200), "vladd"),
    "tony": Warrior(0, (100, 300), "tony"),
    "elenia": Warrior(1, (500, 100), "elenia"),
    "kira": Warrior(1, (500, 200), "kira"),
    "nia": Warrior(1, (500, 300), "nia"),
}


def a35(**stated) -> SkirmishState:
    warriors = {**A35_WARRIORS, **stated.pop("warriors", {})}
    return position(warriors=warriors, phase=stated.pop("phase", NAMING), round=stated.pop("round", 2), **stated)


# -- the warriors on the table -------------------------------------------------------------------


def test_a34_every_warrior_has_3_ap_when_play_begins():
    match = new_match()
    for entry in match.state.models.values():
        entry["ap"] = 0  # whatever happened while laying out
    play_begins(match)
    assert match.state.phase == NAMING and match.state.round == 1
    assert {entry["ap"] for entry in match.state.models.values()} == {3}


def test_the_demo_tables_models_are_starter_warriors_in_their_players_colours():
    setup = Setup((PlayerInfo("A", "green"), PlayerInfo("B", "yellow")), RULES.default_options(), 0)
    state = Match(RULES, setup, 1).state
    assert state.models["m04"]["warrior"] == "vladd" and state.models["m04"]["name"] == "Vladd"
    assert state.models["m03"]["base"] == 40.0  # Gorm's card
    assert {m["colour"] for m in state.models.values() if m["side"] == 0} == {"#348c46"}
    assert {m["colour"] for m in state.models.values() if m["side"] == 1} == {"#deb830"}


def test_each_player_picks_a_starter_unit_and_places_it():
    match = new_match(
        start="empty",
        unit_1=bundled_unit("unit-a").to_setup(),
        unit_2=bundled_unit("unit-c").to_setup(),
        preparation="free",
    )
    assert [[m["warrior"] for m in roster] for roster in match.state.rosters] == [
        ["yuri", "vladd", "tony", "brutus"],
        ["abama", "ngobo", "mbeki", "kuma"],
    ]
    match.act(Action("add_model", base=40.0, at=(300.0, 100.0)))
    assert list(match.state.models.values())[-1]["warrior"] == "brutus"
    with pytest.raises(IllegalAction, match="40 mm"):
        match.act(Action("add_model", base=40.0, at=(400.0, 100.0)))  # Brutus was the only one
    for x in (100.0, 150.0, 200.0):
        match.act(Action("add_model", base=30.0, at=(x, 100.0)))
    with pytest.raises(IllegalAction, match="Every warrior of your unit"):
        match.act(Action("add_model", base=30.0, at=(250.0, 100.0)))
    match.act(Action("end_turn"))
    match.act(Action("add_model", base=40.0, at=(300.0, 500.0)))
    assert list(match.state.models.values())[-1]["warrior"] == "abama"


def test_each_sides_sp_pool_is_its_warriors_psi():
    """Unit A: 4 + 3 + 5 + 2 = 14; unit B: 4 + 3 + 1 + 2 = 10 (S8, no bids)."""
    match = new_match(
        start="empty",
        unit_1=bundled_unit("unit-a").to_setup(),
        unit_2=bundled_unit("unit-b").to_setup(),
        preparation="free",
    )
    for x in (100.0, 150.0, 200.0):
        match.act(Action("add_model", base=30.0, at=(x, 100.0)))
    match.act(Action("add_model", base=40.0, at=(300.0, 100.0)))
    match.act(Action("end_turn"))
    for x in (100.0, 150.0, 200.0):
        match.act(Action("add_model", base=30.0, at=(x, 500.0)))
    match.act(Action("add_model", base=40.0, at=(300.0, 500.0)))
    match.act(Action("ready"))
    assert match.state.sp == [0, 0]  # set when play begins
    match.act(Action("ready"))
    assert match.state.sp == [14, 10]
    told = [line.message.render(["A", "B"]) for entry in match.history[-1:] for line in entry]
    assert "Play begins. Strategy points: A 14, B 10." in told


# -- naming and activation -----------------------------------------------------------------------


def test_a35_counter_naming_by_ges():
    state = a35()
    act(state, "name", model="tony")
    assert state.turn == 1 and state.named == ["tony"]  # B may counter
    lines = act(state, "name", model="elenia")
    # A's only warrior of GES 5 cannot counter a 5: Elenia is activated at once
    assert state.phase == ACTIVATION and state.active == "elenia" and state.turn == 1
    assert lines == ["B counters with Elenia, GES 5.", "Elenia is activated with 3 AP."]
    # had A been asked, Yuri (5) would have been refused: 5 is not higher than 5
    asked = a35(named=["tony", "elenia"])
    assert asked.turn == 0
    assert "GES above 5" in refused(asked, "name", model="yuri")
    act(state, "done")
    assert state.phase == NAMING and state.turn == 0  # the side not activated names
    act(state, "name", model="yuri")
    assert state.active == "yuri"  # B has nobody above 5
    act(state, "done")
    assert state.phase == NAMING and state.turn == 1


def test_naming_uses_current_ges():
    """Rage adds to GES, poison takes from it (S14: current GES)."""
    state = a35(warriors={"vladd": Warrior(0, (100, 200), "vladd", markers={"rage": 2})})
    assert in_force(state.models["vladd"], "ges") == 6
    act(state, "name", model="tony")
    act(state, "name", model="elenia")  # A's raging Vladd (GES 6) may counter now
    assert state.turn == 0
    act(state, "name", model="vladd")
    assert state.active == "vladd"
    poisoned = a35(warriors={"yuri": Warrior(0, (100, 100), "yuri", markers={"poison": 1})})
    assert in_force(poisoned.models["yuri"], "ges") == 4
    act(poisoned, "name", model="tony")
    act(poisoned, "name", model="elenia")  # poisoned Yuri (GES 4) cannot counter her 5
    assert poisoned.active == "elenia"


def test_only_ones_own_warriors_are_named():
    state = a35()
    assert "other player" in refused(state, "name", model="kira")
    assert "no such warrior" in refused(state, "name", model="gorm")


def test_a37_passing():
    state = a35()
    assert "names a warrior first" in refused(state, "pass")  # the beginner's first naming
    later = a35(opened=True)
    act(later, "pass")
    assert later.turn == 1 and later.passes == 1
    act(later, "name", model="nia")
    assert later.turn == 0  # A could counter with Yuri; A lets Nia stand
    act(later, "pass")
    assert later.active == "nia" and later.passes == 0
    act(later, "done")
    assert later.turn == 0
    act(later, "pass")
    lines = act(later, "pass")  # two passes in a row
    assert "The activation phase ends." in lines
    # nobody else is activated this round: the end phase ran and round 3 opens with its bid
    assert later.round == 3 and later.phase == BIDDING
    lines = round_begun_by(later, 1)
    assert later.beginner == 1 and later.phase == NAMING and later.turn == 1
    assert "Round 3 begins; B names first." in lines


def test_a38_a_side_with_nobody_left_is_skipped():
    state = position(
        warriors={
            "yuri": Warrior(0, (100, 100), "yuri", activated=True),
            "kira": Warrior(1, (500, 200), "kira"),
            "nia": Warrior(1, (500, 300), "nia"),
        },
        phase=NAMING,
        turn=1,
        round=2,
        opened=True,
    )
    act(state, "name", model="nia")  # no counter is possible: activated at once
    assert state.active == "nia"
    act(state, "done")
    assert state.phase == NAMING and state.turn == 1  # A is skipped
    lines = act(state, "pass")  # B may stop: the phase ends
    assert "The activation phase ends." in lines and state.round == 3


def test_the_phase_ends_when_everybody_has_been_activated():
    state = position(
        warriors={"yuri": Warrior(0, (100, 100), "yuri", activated=True), "kira": Warrior(1, (500, 200), "kira")},
        phase=NAMING,
        turn=1,
        opened=True,
    )
    act(state, "name", model="kira")
    lines = act(state, "done")
    assert "End phase of round 1." in lines and state.round == 2 and state.phase == BIDDING


def test_a40_a_warrior_without_ap_counts_as_activated():
    state = a35(warriors={"nia": Warrior(1, (500, 300), "nia", ap=0)}, opened=True, turn=1)
    assert state.models["nia"]["activated"]
    assert "no AP left" in refused(state, "name", model="nia")
    dodged_once = a35(warriors={"nia": Warrior(1, (500, 300), "nia", ap=2)}, opened=True, turn=1)
    act(dodged_once, "name", model="nia")
    lines = act(dodged_once, "pass")  # A lets her stand
    assert "Nia is activated with 2 AP." in lines


def test_a41_one_activation_a_round_and_ap_left_for_reactions():
    state = a35(phase=ACTIVATION, active="tony", warriors={"tony": Warrior(0, (100, 300), "tony", ap=1)})
    lines = act(state, "done")
    assert lines[0] == "Tony ends its activation with 1 AP left."
    assert state.models["tony"]["ap"] == 1  # kept for reactions until the end phase
    act(state, "pass")  # B passes
    assert state.turn == 0
    assert "activated this round" in refused(state, "name", model="tony")
    act(state, "pass")  # A passes too: the end phase lets the AP lapse, 3 new ones
    assert state.round == 3 and state.models["tony"]["ap"] == 3 and not state.models["tony"]["activated"]


def test_the_bids_winner_says_who_begins_the_round():
    match = new_match()
    play_begins(match, beginner=1)
    assert match.state.beginner == 1 and match.actor == 1 and match.state.phase == NAMING


# -- the active warrior's moves and the limits -----------------------------------------------------


def test_a_move_costs_1_ap_and_three_a_round():
    state = position(
        warriors=[Warrior(0, (100, 300), "yuri"), Warrior(1, (500, 300))],
        phase=ACTIVATION,
        active="w1",
        options={"spacing": "warn"},
    )
    for step in range(3):
        x = 100.0 + 20 * step
        act(state, "move", model="w1", path=((x, 300.0), (x + 20.0, 300.0)))
    assert state.models["w1"]["ap"] == 0 and state.models["w1"]["round_uses"] == {"move": 3}
    assert "no AP left" in refused(state, "move", model="w1", path=((160.0, 300.0), (170.0, 300.0)))
    limited = position(
        warriors=[Warrior(0, (100, 300), "yuri", ap=3, round_uses={"move": 3}), Warrior(1, (500, 300))],
        phase=ACTIVATION,
        active="w1",
    )
    assert "Yuri has moved 3 times this round, its limit." == refused(
        limited, "move", model="w1", path=((100.0, 300.0), (110.0, 300.0))
    )


def test_a14_an_ability_of_3_a_game_and_1_a_round():
    """The limits' mechanism with a test ability {game: 3, round: 1} (L466)."""
    ability = Uses(game=3, round=1)
    entry = position(warriors=[Warrior(0, (100, 300))]).models["w1"]
    for _round in (1, 2, 3):
        assert limits.refusal(entry, "ability:test", ability, "Test ability") is None
        limits.record(entry, "ability:test")
        assert limits.refusal(entry, "ability:test", ability, "Test ability") is not None  # a second use
        limits.new_round(entry)
    fourth = limits.refusal(entry, "ability:test", ability, "Test ability")
    assert (
        fourth is not None
        and fourth.render(NAMES) == "Yuri has used the ability Test ability 3 times this game, its limit."
    )
    assert limits.left(entry, "ability:test", ability) == 0 and limits.left(entry, "move", Uses()) is None


def test_the_move_limit_starts_again_each_round():
    """A 3 / Runde action may be used three times again in the next round (L458-460, A12's pattern)."""
    state = position(
        warriors=[Warrior(0, (100, 300), "yuri", round_uses={"move": 3}, ap=0), Warrior(1, (500, 300))],
        phase=END,
    )
    assert (
        state.round == 2 and state.models["w1"]["round_uses"] == {} and state.models["w1"]["game_uses"] == {"move": 3}
    )


# -- the end phase ---------------------------------------------------------------------------------


def test_a64_fire():
    state = position(warriors=[Warrior(0, (100, 300), "yuri", markers={"fire": 2}), Warrior(1, (500, 300))], phase=END)
    assert reason(state) == "Fire on Yuri: 3 dice, a wound for each above WID 4"
    roll(state, 5, 4, 6)
    assert reason(state) == "Hit roll on Yuri: one die"
    lines = roll(state, 1)
    assert "Yuri takes 2 wounds to the head from the fire." in lines
    yuri = state.models["w1"]
    assert yuri["marks"] == [2, 0, 0, 0] and in_force(yuri, "psi") == 3 and yuri["markers"]["fire"] == 1


def test_a65_fire_and_armour():
    state = position(warriors=[Warrior(0, (100, 300), "reyes", markers={"fire": 1}), Warrior(1, (500, 300))], phase=END)
    roll(state, 6, 6, 2)
    roll(state, 1)
    assert state.models["w1"]["marks"] == [1, 0, 0, 0] and state.models["w1"]["markers"]["fire"] == 0


def test_fire_without_a_wound_needs_no_hit_roll_and_fire_can_kill():
    state = position(
        warriors=[
            Warrior(0, (100, 300), "yuri", markers={"fire": 1}),
            Warrior(1, (500, 300), "nia", markers={"fire": 1}, marks=(1, 0, 0, 0)),
        ],
        phase=END,
    )
    roll(state, 1, 2, 3)  # Yuri: nothing above WID 4
    assert state.models["w1"]["markers"]["fire"] == 0
    assert reason(state).startswith("Fire on Nia")
    roll(state, 6, 6, 6)
    lines = roll(state, 1)  # the head: Nia's last point
    assert "Nia is out of action and leaves the table." in lines
    assert "w2" not in state.models and state.removed == ["w2"]
    # the round left B with nobody on the table: the game ends (L366, S30)
    assert state.phase == OVER and "B has no warriors left on the table: the game ends." in lines


def test_a67_fear():
    state = position(warriors=[Warrior(0, (100, 300), "tony", markers={"fear": 3}), Warrior(1, (500, 300))], phase=END)
    assert reason(state) == "Tony's PSI roll, difficulty 5: 5 dice"
    roll(state, 5, 6, 1, 2, 3)
    assert state.models["w1"]["markers"]["fear"] == 1


def test_a73_an_attribute_at_0_fails_without_dice():
    state = position(
        warriors=[Warrior(0, (100, 300), "gorm", markers={"poison": 1, "fear": 1}), Warrior(1, (500, 300))],
        phase=END,
    )
    assert state.round == 2  # no dice were asked
    assert state.models["w1"]["markers"] == {"fire": 0, "fear": 1, "poison": 0, "rage": 0, "slow": 0}


def test_a70_rage_is_its_players_choice():
    state = position(
        warriors=[Warrior(0, (100, 300), "vladd", markers={"rage": 2}), Warrior(1, (500, 300), "kira")], phase=END
    )
    vladd = state.models["w1"]
    assert [in_force(vladd, a) for a in ("kat", "ges", "wid", "psi")] == [8, 6, 2, 1]
    assert state.phase == END and RULES.actor(state) == 0  # player A decides, B has no say
    assert "First the rage of Vladd" in refused(state, "rage", model="w2", remove=True)
    act(state, "rage", model="w1", remove=True)
    assert [in_force(vladd, a) for a in ("kat", "ges", "wid", "psi")] == [7, 5, 3, 2] and state.round == 2
    kept = position(warriors=[Warrior(0, (100, 300), "vladd", markers={"rage": 2}), Warrior(1, (500, 300))], phase=END)
    act(kept, "rage", model="w1", remove=False)
    assert kept.models["w1"]["markers"]["rage"] == 2


def test_a71_slow():
    state = position(warriors=[Warrior(0, (100, 300), "mira", markers={"slow": 2}), Warrior(1, (500, 300))], phase=END)
    mira = state.models["w1"]
    assert (state.round, mira["ap"], mira["markers"]["slow"]) == (2, 2, 1)
    for expected in ((3, 2, 0), (4, 3, 0)):
        finish_round(state)
        assert (state.round, state.models["w1"]["ap"], state.models["w1"]["markers"]["slow"]) == expected


def finish_round(state: SkirmishState) -> None:
    """Play the round on: every naming activated at once and ended, passes once allowed."""
    number = state.round
    while state.round == number or state.phase == BIDDING:
        if state.phase == BIDDING:
            round_begun_by(state, 0)
        elif state.phase == ACTIVATION:
            act(state, "done")
        elif state.opened or state.named:
            act(state, "pass")
        else:
            act(state, "name", model=next(m for m, e in state.models.items() if e["side"] == state.turn))


def test_a77_the_order_of_the_end_phase():
    """Fire (3), fear (4), poison (5), rage (6), the AP lapse (7), 3 new AP (8), slow
    (9), the round's effects end (11). Non-player warriors, weather and victory
    points come with part 2."""
    state = position(
        warriors=[
            Warrior(0, (100, 300), "yuri", ap=1, markers={"fire": 1, "fear": 1, "poison": 1, "rage": 1, "slow": 1}),
            Warrior(1, (500, 300)),
        ],
        phase=ACTIVATION,
        active="w1",
    )
    state.effects.append({"until": "round end"})
    act(state, "done")
    act(state, "pass")  # B names next and passes; A has nobody left: the phase ends
    assert state.phase == END
    assert reason(state).startswith("Fire on Yuri")  # 3
    roll(state, 1, 1, 1)
    assert reason(state).startswith("Yuri's PSI roll")  # 4, poison and rage still counting (PSI 4 - 1 - 1)
    assert RULES.chance_spec(state).count == 2
    roll(state, 1, 1)
    yuri = state.models["w1"]
    assert yuri["markers"]["poison"] == 0 and yuri["markers"]["fear"] == 1  # 5 done; 6 waits
    assert RULES.actor(state) == 0 and yuri["ap"] == 1
    act(state, "rage", model="w1", remove=True)
    assert yuri["ap"] == 2 and yuri["markers"]["slow"] == 0  # 7, 8, 9
    assert state.effects == [] and state.round == 2  # 11


def test_undo_goes_back_to_the_last_roll_never_past_it():
    match = new_match()
    play_begins(match)
    match.state.models["m12"]["markers"]["fire"] = 1  # Ngobo burns
    for entry in match.state.models.values():
        if entry is not match.state.models["m12"]:
            entry["activated"] = True
    match.act(Action("name", model="m12"))
    match.act(Action("done"))
    assert match.actor == CHANCE
    match.roll((1, 1, 1))
    assert match.state.round == 2
    assert not match.can_undo  # the roll stands
    through_the_bid(match, 1)
    match.act(Action("name", model="m05"))  # B begins round 2: Elenia, GES 5, nobody counters
    assert match.state.active == "m05" and match.can_undo
    match.undo()
    assert match.state.phase == NAMING
    match.undo()  # B's choice to begin may be taken back, not the roll-off that made B choose
    assert match.state.phase == CHOOSING and not match.can_undo


# -- random rounds ---------------------------------------------------------------------------------


def _invariants(match: Match) -> None:
    RULES.check_invariants(match.state)


#: random games per test; more with SKIRMISH_RANDOM_ROUNDS=1000
GAMES = int(os.environ.get("SKIRMISH_RANDOM_ROUNDS", "1"))


def _in_play(seed: int) -> Match:
    """The demo table with both players ready: random steps go to the rounds (laying out
    has random tests of its own, and random steps there may undo a ready for ever)."""
    match = Match(RULES, default_setup(RULES), seed)
    play_begins(match)
    assert match.state.phase == NAMING
    return match


@pytest.mark.parametrize("seed", range(3))
def test_random_rounds_keep_the_invariants_and_replay(seed):
    """AP never negative, limits kept, wounds within zones, no removed warrior acting
    (RULES.check_invariants), checked after every step, with attacks among the moves;
    the log replays to the same state."""
    for game in range(GAMES):
        match = _in_play(seed * 7919 + game)
        play_random(match, random.Random(seed * 31 + game), steps=250, after=_invariants)
        assert match.state.round >= 2
        kinds = {entry.action.kind for entry in match.log}
        assert kinds & {"attack", "charge", "shoot", "throw", "flame"}, "random rounds include attacks"
        log = [type(e).from_json(json.loads(json.dumps(e.to_json()))) for e in match.log]
        assert Match.replay(RULES, match.setup, log).hash() == match.hash()


@pytest.mark.parametrize("seed", range(3))
def test_random_rounds_with_markers_keep_the_invariants(seed):
    """The same with fire, fear, poison, rage and slow markers on the warriors (as
    combat will give them): the end phase rolls, wounds and removes."""
    for game in range(GAMES):
        match = _in_play(seed * 7919 + game)
        rng = random.Random(seed * 31 + game)
        for entry in match.state.models.values():
            entry["markers"] = {marker: rng.choice((0, 0, 1, 3)) for marker in entry["markers"]}
        play_random(match, rng, steps=250, after=_invariants)
        assert match.state.round >= 2


def test_a_save_of_older_rules_is_made_by_an_older_tabletop(tmp_path, monkeypatch):
    """Rounds changed the rules (version 2, the table played in turns was 1), attacks
    again (version 3), units held in full by the set-up with wading and hostile terrain
    under the terrain rules (version 4), bids each round (5), non-player warriors (6): a
    save of the rules before is listed as made by an older tabletop, not replayed."""
    from tabletop.engine.saves import SaveError, load_match, save_match

    path = tmp_path / "skirmish.json"
    match = new_match()
    match.act(Action("ready"))
    save_match(match, path)
    assert json.loads(path.read_text())["game_version"] == RULES.version == 7
    monkeypatch.setattr(type(RULES), "version", RULES.version + 1)
    with pytest.raises(SaveError, match="made by an older tabletop") as caught:
        load_match(path)
    assert caught.value.older


@pytest.mark.parametrize(
    "model, field, message",
    [
        ("{id: a, warrior: gorm, base: 30, position: [100, 100], side: 0}", "models.0.base", "Gorm stands on a 40 mm"),
        ("{id: a, warrior: marauder, base: 30, position: [100, 100], side: 0}", "models.0.warrior", "no player's"),
    ],
)
def test_a_layouts_warriors_are_players_warriors_on_their_cards_bases(tmp_path, model, field, message):
    import shutil

    from tabletop import resources
    from tabletop.engine.data import DataError, load_dataset
    from tabletop.games.skirmish import schema

    root = tmp_path / "data"
    shutil.copytree(resources.data_path("skirmish"), root / "skirmish")
    text = f"name: Broken\ntable: {{width: 600, height: 600}}\nmodels:\n  - {model}\n"
    (root / "skirmish" / "scenarios" / "broken.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_dataset(schema.DATASET, root=root)
    assert [(p.line, p.field) for p in err.value.problems] == [(4, field)]
    assert message in err.value.problems[0].message
