"""Attacks in the match (rulebook 5, L470-480; 6, L490-590; 8, L600-652; DECISIONS
S16-S25): melee attacks, charges, breaking away, shots, throws and the flame as moves
of the active warrior, their rolls as chance steps and their choices as moves of the
side that chooses, their outcome applied once. Scenarios: skirmish-acceptance.md."""

from __future__ import annotations

import pytest

from tabletop.engine.core import CHANCE, Action, IllegalAction
from tabletop.games.skirmish.play import combat
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, NAMING, SkirmishState, table_of

NAMES = ["A", "B"]


def act(state: SkirmishState, kind: str, **params) -> list[str]:
    action = Action(kind, **params)
    RULES.check(state, action)
    step = RULES.apply(state, action)
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def refused(state: SkirmishState, kind: str, **params) -> str:
    with pytest.raises(IllegalAction) as caught:
        RULES.check(state, Action(kind, **params))
    return caught.value.reason.render(NAMES)


def roll(state: SkirmishState, face: int) -> list[str]:
    """Chance answers the roll asked for with every die showing `face`."""
    assert RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    step = RULES.apply_chance(state, tuple(face for _ in range(spec.count)))
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def resolve(state: SkirmishState, face: int, **answers) -> list[str]:
    """Carry the attack under way to its end: every die shows `face`; each choice
    is `answers[kind]` (a move and its parameters) or its first option."""
    lines: list[str] = []
    while state.pending is not None:
        if RULES.actor(state) == CHANCE:
            lines += roll(state, face)
            continue
        kinds = [move.kind for move in RULES.allowed_moves(state)]
        chosen = next((answers[kind] for kind in kinds if kind in answers), None)
        if chosen is None:
            for kind in kinds:
                param = {"react": "reaction", "shift": "face", "answer": "option"}[kind]
                options = combat.need(state).options
                chosen = (kind, {param: options[0]})
                break
        lines += act(state, chosen[0], **chosen[1])
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
    assert (
        refused(state, "attack", model="vladd", target="gorm")
        == "Vladd has used attacks 2 times this round, its limit."
    )
    next_round(state)
    assert state.round == 2
    state.active, state.phase, state.turn = "vladd", ACTIVATION, 0
    for _attack in range(2):
        act(state, "attack", model="vladd", target="gorm")
        resolve(state, 1)
    assert state.models["vladd"]["round_uses"] == {"attack": 2}


def next_round(state: SkirmishState) -> None:
    """End the activation and let everybody pass until the next round begins."""
    number = state.round
    if state.phase == ACTIVATION:
        act(state, "done")
    while state.round == number:
        if RULES.actor(state) == CHANCE:
            roll(state, 6)
        elif state.phase == NAMING:
            act(state, "pass")
        else:
            act(state, "rage", model=state.end["queue"][0], remove=True)


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
        warriors={"yuri": yuri, "kira": Warrior(1, (250, 300), "kira")}, phase=ACTIVATION, active="yuri", round=1
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
        == "Yuri has used Molotov cocktail 1 time this game, its limit."
    )
