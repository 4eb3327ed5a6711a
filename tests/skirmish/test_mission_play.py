"""Missions in play (rulebook L174-196, L342, L364-368, L440-442; DECISIONS S7, S11, S12,
S30, S41; play/mission_play.py, play/victory.py): step 5 of the preparation, the
secret kept, the objective markers, the victory points at step 10 and at the end."""

from __future__ import annotations

import random

import pytest

from tabletop import i18n
from tabletop.engine.core import Action, IllegalAction, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play import missions, rounds, victory
from tabletop.games.skirmish.play.mission_play import may_play, secret_alternatives
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import DEPLOYING, END, MISSIONS, OVER, TERRAIN, SkirmishState, table_of
from tabletop.games.skirmish.play.units import Unit
from tabletop.games.skirmish.unit_files import bundled_unit
from tabletop.i18n import Message

from .positions import NAMES, missions_played, through_the_bid, told

#: a stigma unit of Veränderung with Ngobo (A5), and an I.S.C. unit (Datenbergung)
CHANGE = Unit.from_setup(["Change", "stigma", "change", 100, [["ngobo", "Ngobo", True], ["mira", "Mira", False]]])
ISC = Unit.from_setup(["I.S.C.", "faction", "isc", 100, [["reyes", "Reyes", True], ["kessler", "Kessler", False]]])


def book_match(first: Unit | str = "unit-a", second: Unit | str = "unit-b", **options) -> Match:
    """Two built units on the empty table, the preparation's bid won by A: step 5."""
    units = [bundled_unit(u) if isinstance(u, str) else u for u in (first, second)]
    chosen = {
        **RULES.default_options(),
        "start": "empty",
        "unit_1": units[0].to_setup(),
        "unit_2": units[1].to_setup(),
        **options,
    }
    match = Match(RULES, Setup((PlayerInfo("A", "red"), PlayerInfo("B", "blue")), chosen, 0), 1)
    through_the_bid(match, 0)
    assert match.state.phase == MISSIONS and match.actor == 0
    return match


def refused(match: Match, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        match.act(action)
    return caught.value.reason.render(NAMES)


def test_a5_a_faction_mission():
    """Unit C (Clan Bamaka) plays Rückzug in den kontaminierten Bereich: accepted, face up,
    readable by the other player at once; C deploys by open battle. Unit A (Jokergang)
    and a Veränderung stigma unit with Ngobo may not play it."""
    match = book_match("unit-c", "unit-a")
    match.act(Action("mission", mission="retreat"))
    state = match.state
    assert state.missions[0] == "retreat" and state.deployments[0] == "open_battle"
    for looker in (None, 0, 1):
        seat = RULES.view(state, looker).seats[0]
        assert seat.mission == "retreat" and not seat.secret_mission and seat.played_mission
    assert "A plays the open mission Retreat into the contaminated area (open battle)" in told(match, None)[-1]
    assert match.actor == 1
    assert "not a mission of your unit's symbol" in refused(match, Action("mission", mission="retreat"))
    stigma = book_match(CHANGE, "unit-a")
    assert "not a mission of your unit's symbol" in refused(stigma, Action("mission", mission="retreat"))


def test_a_mission_of_a_symbol_all_warriors_share_by_s7s_option():
    retreat = victory.catalogue()["retreat"]
    assert may_play(victory.catalogue()["annihilation"], "jokergang")  # no symbol: every unit
    assert not may_play(retreat, "change")
    assert may_play(retreat, "change", frozenset({"clan_bamaka", "change"}))


def test_two_open_missions_must_differ_two_secret_ones_need_not():
    match = book_match()
    match.act(Action("mission", mission="annihilation"))
    assert "choose another than Annihilation" in refused(match, Action("mission", mission="annihilation"))
    match.act(Action("mission", mission="plunder"))
    assert match.state.phase == TERRAIN
    both_secret = book_match()
    both_secret.act(Action("mission", mission="bounty"))
    both_secret.act(Action("mission", mission="bounty"))  # S11: the same secret mission twice
    assert both_secret.state.missions == ["bounty", "bounty"]
    assert "played your mission" in refused(book_match_after_one(), Action("mission", mission="trap"))


def book_match_after_one() -> Match:
    """A has played, and it is A's turn again (as a test of the check: twice is refused)."""
    match = book_match()
    match.act(Action("mission", mission="annihilation"))
    match.state.turn = 0
    return match


def test_the_deployment_kind_comes_from_the_mission():
    """A plays Vernichtung (open battle), B Hinterhalt (ambush): B's zone keeps 20 cm
    from the table's centre, A's from the centre line."""
    match = book_match(terrain_pieces=2)
    missions_played(match, "annihilation", "trap")
    assert match.state.deployments == ["open_battle", "ambush"]
    for x in (100.0, 230.0, 360.0, 490.0):
        match.act(Action("add_piece", terrain="tree", at=(x, 150.0), rotation=0.0))
    assert match.state.phase == DEPLOYING
    match.act(Action("edge", edge="top"))
    view = RULES.view(match.state, None)
    assert [(s.edge, s.deployment) for s in view.seats] == [("top", "open_battle"), ("bottom", "ambush")]


def test_a_secret_mission_stays_hidden_until_the_game_ends():
    match = book_match()
    assert RULES.secret_holder(match.state) == 0 and RULES.holds_secret(match.state, 0)
    match.act(Action("mission", mission="bounty"))
    state = match.state
    assert RULES.secret_holder(state) == 1  # B chooses in private in turn
    own, other, public = (RULES.view(state, looker).seats[0] for looker in (0, 1, None))
    assert own.mission == "bounty" and own.secret_mission
    assert other.mission is None and public.mission is None and other.secret_mission and public.played_mission
    assert told(match, None)[-1] == "A plays a secret mission, face down."
    assert told(match, 0)[-1] == "A plays the secret mission Bounty."
    # the leak test: only A's mission differs, and nobody else's view changes
    changed = RULES.perturb_secrets(state, 0, random.Random(1))
    assert changed is not None and changed.missions[0] == "trap"
    for looker in (None, 1):
        assert RULES.view(changed, looker) == RULES.view(state, looker)
    assert RULES.view(changed, 0) != RULES.view(state, 0)
    # B's open mission and the rest of the preparation: the public log names no secret
    action = Action("mission", mission="annihilation")
    mine, theirs = RULES.apply(RULES.copy_state(state), action), RULES.apply(changed, action)
    assert [e.for_seat(None) for e in mine.events] == [e.for_seat(None) for e in theirs.events]
    assert not any("Bounty" in line for line in told(match, None) + told(match, 1))


def test_objective_markers_on_the_centre_in_step_5_and_on_the_centre_line_with_the_edge():
    """Plünderung's marker lies on the centre as the mission is played (terrain keeps
    5 cm from it, S12); Datenbergung's two lie on the centre line, 15 cm from the side
    edges, once the first deployer's edge is chosen."""
    match = book_match(ISC, "unit-b", terrain_pieces=2)
    match.act(Action("mission", mission="data_recovery"))
    assert match.state.objectives == {}  # on the centre line: not before the edge
    match.act(Action("mission", mission="plunder"))
    assert match.state.objectives == {"marker-2-1": [300.0, 300.0]}
    assert "B places 1 objective marker." in told(match, None)
    assert match.state.phase == TERRAIN
    assert "objective" in refused(match, Action("add_piece", terrain="tree", at=(330.0, 300.0), rotation=0.0))
    for x in (100.0, 230.0, 360.0, 490.0):
        match.act(Action("add_piece", terrain="tree", at=(x, 520.0), rotation=0.0))
    assert match.state.phase == DEPLOYING
    match.act(Action("edge", edge="left"))
    assert match.state.objectives == {
        "marker-2-1": [300.0, 300.0],
        "marker-1-1": [300.0, 450.0],
        "marker-1-2": [300.0, 150.0],
    }
    assert table_of(match.state).objectives["marker-1-1"] == (300.0, 450.0)
    assert "A places 2 objective markers." in told(match, None)


# -- victory points ----------------------------------------------------------------------


def end_of_round(number: int, played: tuple[str | None, str | None], sig=(0, 0)) -> SkirmishState:
    """A's Tony, Vladd; B's Elenia (leader), Nia, Gorm, Kira on the table in round `number`'s
    activation phase; the missions `played`."""
    state = position(
        warriors={
            "tony": Warrior(0, (100, 100), "tony"),
            "vladd": Warrior(0, (200, 100), "vladd"),
            "elenia": Warrior(1, (100, 500), "elenia"),
            "nia": Warrior(1, (200, 500), "nia"),
            "gorm": Warrior(1, (300, 500), "gorm"),
            "kira": Warrior(1, (400, 500), "kira"),
        },
        phase="naming",
        round=number,
    )
    state.leaders = ["Tony", "Elenia"]
    state.missions = list(played)
    state.sig = list(sig)
    return state


def to_the_end_phase(state: SkirmishState) -> list[str]:
    events = rounds.begin_end_phase(state)
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in events]


def test_a86_vernichtung():
    """In round 2 B loses Nia and the leader Elenia: A scores 1 + 2 = 3 SIG at step 10."""
    state = end_of_round(2, ("annihilation", "plunder"))
    rounds.remove(state, "gorm")
    state.fallen["gorm"]["round"] = 1  # fell in round 1: scored then
    rounds.remove(state, "nia")
    rounds.remove(state, "elenia")
    lines = to_the_end_phase(state)
    assert state.sig == [3, 0]
    assert "A scores by Annihilation: 2 enemy warriors removed: 3 SIG." in lines
    assert "B scores no SIG by Plunder." in lines
    assert "Victory points: A 3 SIG, B 0 SIG." in lines
    assert state.round == 3 and state.phase != END  # step 10 came before the next round
    view = RULES.view(state, None)
    assert [(e.side, e.round, e.points, e.how.render()) for e in view.earned] == [
        (0, 2, 3, "2 enemy warriors removed: 3 SIG.")
    ]


@pytest.mark.parametrize(("code", "short"), [("en", "SIG"), ("nl", "SIG"), ("fr", "PV"), ("de", "SIG")])
def test_a86_the_scoring_line_says_the_points_once_in_every_language(code, short):
    """The log's line for a mission's goal names the mission and what the goal earned,
    its points said once (not "A scores 3 SIG by …: 3 SIG.")."""
    state = end_of_round(2, ("annihilation", "plunder"))
    rounds.remove(state, "nia")
    rounds.remove(state, "elenia")
    try:
        i18n.set_language(code)
        lines = to_the_end_phase(state)
        removed = Message.from_json(state.scored[0]["how"]).render()  # "2 enemy warriors removed: 3 SIG."
    finally:
        i18n.set_language("en")
    scoring = [line for line in lines if removed in line]
    assert len(scoring) == 1 and scoring[0].count(short) == 1 and scoring[0].count("3") == 1, scoring
    """After round 5's step 10 A has 7 SIG and B 5: A wins; 6 and 6: a draw."""
    state = end_of_round(5, ("annihilation", None), sig=(4, 5))
    rounds.remove(state, "nia")
    rounds.remove(state, "elenia")  # 1 + 2 = 3 at step 10 of round 5
    lines = to_the_end_phase(state)
    assert state.phase == OVER and state.sig == [7, 5]
    result = RULES.result(state)
    assert result is not None and result.winners == (0,) and result.scores == (7, 5)
    assert result.message is not None and result.message.render(NAMES) == "Victory points: A 7 SIG, B 5 SIG."
    assert lines.index("Round 5 is over: the game ends.") > lines.index("Victory points: A 7 SIG, B 5 SIG.")
    drawn = end_of_round(5, ("annihilation", None), sig=(3, 6))
    rounds.remove(drawn, "nia")
    rounds.remove(drawn, "elenia")
    to_the_end_phase(drawn)
    result = RULES.result(drawn)
    assert result is not None and result.winners == (0, 1) and result.scores == (6, 6)


def test_a85_victory_points_never_below_0_in_play(monkeypatch):
    """A player with 1 SIG whose mission loses 3 at step 10 has 0 (L440)."""
    state = end_of_round(2, ("annihilation", None), sig=(1, 0))
    monkeypatch.setattr(missions, "score", lambda *a, **k: [missions.Earned(0, -3, Message("lost"))])
    to_the_end_phase(state)
    assert state.sig == [0, 0]


def test_secret_missions_are_revealed_and_score_at_the_end():
    """Kopfgeld (B, secret): 5 SIG at the end if the enemy leader is out; Hinterhalt (A):
    1 per 10 points of enemy warriors out, rounded up; neither scores before the end."""
    state = end_of_round(4, ("trap", "bounty"))
    rounds.remove(state, "nia")  # 14 points
    lines = to_the_end_phase(state)
    assert state.sig == [0, 0] and not any("SIG" in line for line in lines)
    state = end_of_round(5, ("trap", "bounty"))
    rounds.remove(state, "nia")
    state.fallen["nia"]["round"] = 4
    rounds.remove(state, "tony")  # A's leader
    lines = to_the_end_phase(state)
    assert state.phase == OVER and state.sig == [2, 5]
    assert "A's secret mission is revealed: Trap." in " ".join(lines)
    assert "B's secret mission is revealed: Bounty." in " ".join(lines)
    assert "B scores by Bounty: The enemy leader is out of action: 5 SIG." in lines
    view = RULES.view(state, None)
    assert [s.mission for s in view.seats] == ["trap", "bounty"]  # both shown once the game is over
    assert [(e.side, e.round) for e in view.earned] == [(0, 0), (1, 0)]


def test_non_player_warriors_never_count():
    """A warrior of neither side (S41) is no enemy: removing it scores nothing."""
    state = end_of_round(2, ("annihilation", None))
    state.fallen["marauder"] = {"side": 2, "warrior": "marauder", "name": "Marauder", "round": 2}
    to_the_end_phase(state)
    assert state.sig == [0, 0]


def test_a_whole_book_game_keeps_the_secret_missions_from_the_public_log():
    """Random book games through the missions: before each step, the same step taken
    where a seat's secret mission differs shows the same public log, and no other
    seat's view differs (the engine's leak tests, on games with missions)."""
    for seed in range(2):
        match = book_match(terrain_pieces=2)
        rng = random.Random(seed)
        match.act(Action("mission", mission="bounty"))
        match.act(rng.choice(match.legal_actions()))
        for x in (100.0, 230.0, 360.0, 490.0):  # the terrain where it fits (the sample's spots may not)
            match.act(Action("add_piece", terrain="tree", at=(x, 150.0), rotation=0.0))
        checked = 0
        for _ in range(300):
            if match.over:
                break
            if match.actor is not None and match.actor >= 0:
                action = rng.choice(match.legal_actions())
                alternatives = secret_alternatives(match.state, 0)
                if alternatives:
                    other = RULES.copy_state(match.state)
                    other.missions[0] = rng.choice(alternatives)
                    for looker in (None, 1):
                        assert RULES.view(other, looker) == RULES.view(match.state, looker)
                    try:
                        RULES.check(other, action)
                    except IllegalAction:
                        pass
                    else:
                        before = RULES.copy_state(match.state)
                        mine = RULES.apply(before, action).events
                        theirs = RULES.apply(other, action).events
                        if before.phase != OVER:  # the end reveals the secret missions
                            assert [e.for_seat(None) for e in mine] == [e.for_seat(None) for e in theirs]
                        checked += 1
                match.act(action)
            else:
                match.roll()
        assert checked > 20
