"""Names from the data in the skirmish game's attack lines, in the language of the
moment: a shot, a thrown template, the flame and a melee with its reactions, played
in German between the marauders, whose card names the catalog translates
(Marauder: Marodeur, Plunderer: Plünderer). Every line of the log, every question
and every roll's reason names them in German, never in English; so is a terrain
piece in the way of a shot or a throw (Wall: Mauer). So do the lines of the
activation (naming, moving, its end and its refusals), the abilities, hostile
terrain, the limits and the victory points scored for a non-player warrior."""

from __future__ import annotations

import random
import re

import pytest
from skirmish.positions import NAMES, act, refused

from tabletop import i18n
from tabletop.engine.core import CHANCE, Action
from tabletop.games.skirmish.play import chance, combat, describing
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, NAMING, NON_PLAYER_SIDE, SkirmishState
from tabletop.games.skirmish.play.warriors import card_warrior

ENGLISH = re.compile(r"\b(Marauder|Plunderer)\b")


@pytest.fixture
def german():
    i18n.set_language("de")
    assert i18n._("Marauder") == "Marodeur" and i18n._("Plunderer") == "Plünderer"
    yield
    i18n.set_language("en")


@pytest.fixture
def armed(monkeypatch):
    """The marauder carries a molotov cocktail and a flamethrower besides its machete."""
    warriors = starter_set().warriors
    marauder = warriors["marauder"]
    equipment = [*marauder.equipment, "molotov_cocktail", "flamethrower"]
    monkeypatch.setitem(warriors, "marauder", marauder.model_copy(update={"equipment": equipment}))


def _said(state: SkirmishState) -> list[str]:
    """What the players read while an attack waits: the question or the roll's reason,
    and the options offered."""
    need = combat.need(state)
    if need is None:
        return []
    if isinstance(need, chance.PendingRoll):
        return [chance.reason(need).render(NAMES)]
    offered = [combat.describe(state, action).render(NAMES) for action in combat.choices(state)]
    return [need.prompt.render(NAMES), *offered]


def _resolve(state: SkirmishState, face: int, reaction: str = "passive") -> list[str]:
    """The attack under way to its end, the first roll's dice all showing `face`
    and later ones by a seeded roll (a comparison of equal dice would tie for
    ever), the attacked one reacting by `reaction`, every other choice its first option."""
    rng = random.Random(face)
    lines: list[str] = []
    for step_number in range(60):
        if state.pending is None:
            return lines
        lines += _said(state)
        if RULES.actor(state) == CHANCE:
            spec = RULES.chance_spec(state)
            dice = tuple(face if step_number == 0 else rng.randint(1, spec.sides) for _ in range(spec.count))
            step = RULES.apply_chance(state, dice)
            lines += [event.message.render(NAMES) for event in step.events]
            continue
        offered = combat.choices(state)
        chosen = next((a for a in offered if a.get("reaction") == reaction), offered[0])
        lines += act(state, chosen.kind, **dict(chosen))
    raise AssertionError("the attack did not end")


def _marauders(
    terrain: tuple[Piece, ...] = (), phase: str = ACTIVATION, **placed: tuple[float, float]
) -> SkirmishState:
    """The marauder (side A) and the plunderer (side B) where `placed`, the first
    one placed active (in the activation phase; in the naming, side A names), among
    `terrain` (the terrain rules). A position holds players' warriors only: each
    stands as Yuri and then takes up its marauder's card and name, as a non-player
    warrior's entry has them (warriors.new_entry)."""
    sides = {"marauder": 0, "plunderer": 1}
    warriors = {key: Warrior(sides[key], at, "yuri") for key, at in placed.items()}
    active = next(iter(placed)) if phase == ACTIVATION else None
    options = {"spacing": "warn", "ruleset": "terrain"} if terrain else None
    state = position(terrain=terrain, warriors=warriors, phase=phase, active=active, options=options)
    for key in placed:
        state.models[key].update(warrior=key, name=card_warrior(key).name)
    return state


def _assert_german(lines: list[str], *expected: str) -> None:
    english = [line for line in lines if ENGLISH.search(line)]
    assert not english, "\n".join(english)
    shown = "\n".join(lines)
    for name in expected:
        assert name in shown, shown


@pytest.mark.parametrize("face", [6, 4, 1])
def test_a_shot_names_the_shooter_and_the_target_in_german(german, face):
    state = _marauders(plunderer=(100, 300), marauder=(300, 300))
    lines = act(state, "shoot", model="plunderer", item="pistol", target="marauder")
    lines += _resolve(state, face)
    _assert_german(lines, "Plünderer", "Marodeur")


def test_a_shot_refused_names_the_target_in_german(german):
    state = _marauders(plunderer=(50, 300), marauder=(550, 300))
    _assert_german([refused(state, "shoot", model="plunderer", item="pistol", target="marauder")], "Marodeur")


@pytest.mark.parametrize("face", [6, 1])
def test_a_thrown_template_names_the_thrower_and_those_under_it_in_german(german, armed, face):
    state = _marauders(marauder=(100, 300), plunderer=(250, 300))
    lines = act(state, "throw", model="marauder", item="molotov_cocktail", at=(250.0, 300.0))
    lines += _resolve(state, face)
    _assert_german(lines, "Plünderer", "Marodeur")


def test_a_throw_refused_names_the_thrower_in_german(german, armed):
    state = _marauders(marauder=(50, 300), plunderer=(550, 300))
    _assert_german([refused(state, "throw", model="marauder", item="molotov_cocktail", at=(550.0, 300.0))], "Marodeur")


@pytest.mark.parametrize("face", [6, 1])
def test_the_flame_names_who_lays_it_and_who_burns_in_german(german, armed, face):
    state = _marauders(marauder=(100, 300), plunderer=(160, 300))
    lines = act(state, "flame", model="marauder", item="flamethrower", angle=0.0)
    lines += _resolve(state, face)
    _assert_german(lines, "Plünderer", "Marodeur")


@pytest.mark.parametrize("reaction", ["passive", "dodge", "strike_back"])
@pytest.mark.parametrize("face", [6, 3, 1])
def test_a_melee_and_its_reactions_name_the_fighters_in_german(german, reaction, face):
    state = _marauders(marauder=(100, 300), plunderer=(130, 300))
    lines = act(state, "attack", model="marauder", target="plunderer")
    lines += _resolve(state, face, reaction)
    _assert_german(lines, "Plünderer", "Marodeur")


def test_a_described_move_names_the_warriors_in_german(german):
    state = _marauders(marauder=(100, 300), plunderer=(130, 300))
    described = combat.describe(state, Action("attack", model="marauder", target="plunderer")).render(NAMES)
    _assert_german([described], "Plünderer", "Marodeur")


@pytest.mark.parametrize("kind", ["shoot", "throw"])
def test_a_wall_in_the_way_is_named_in_german(german, armed, kind):
    state = position(
        terrain=[Piece("wall", (300, 300), rotation=90)],
        warriors={"tony": Warrior(0, (230, 300), "tony"), "kira": Warrior(1, (370, 300), "kira")},
        phase=ACTIVATION,
        active="tony",
    )
    if kind == "shoot":
        said = refused(state, "shoot", model="tony", item="pistol", target="kira")
    else:
        state.models["tony"].update(warrior="marauder", name="Marauder")
        said = refused(state, "throw", model="tony", item="molotov_cocktail", at=(350.0, 300.0))
    assert "Mauer" in said and "Wall" not in said, said


# -- the activation, abilities, hostile terrain, limits and victory lines ----------------------


def test_naming_and_the_activation_name_the_warrior_in_german(german):
    state = _marauders(phase=NAMING, marauder=(100, 300), plunderer=(400, 300))
    lines = [describing.describe(state, Action("name", model="marauder")).render(NAMES)]
    lines += act(state, "name", model="marauder")  # the plunderer cannot counter: the marauder is activated
    _assert_german(lines, "Marodeur")
    assert any("Marodeur" in line and "GES" in line for line in lines), lines


def test_a_move_and_the_end_of_the_activation_name_the_warrior_in_german(german):
    state = _marauders(marauder=(100, 300), plunderer=(400, 300))
    lines = act(state, "move", model="marauder", path=((100.0, 300.0), (150.0, 300.0)))
    lines += act(state, "done")
    _assert_german(lines, "Marodeur")


def test_refusals_of_the_activation_and_the_limits_name_the_warrior_in_german(german):
    state = _marauders(marauder=(100, 300), plunderer=(130, 300))
    state.models["marauder"]["ap"] = 0
    said = [
        refused(state, "move", model="marauder", path=((100.0, 300.0), (90.0, 300.0))),
        refused(state, "attack", model="marauder", target="plunderer"),
    ]
    _assert_german(said, "Marodeur")


def test_an_ability_and_putting_out_a_fire_name_the_warriors_in_german(german, monkeypatch):
    warriors = starter_set().warriors
    healer = warriors["mbeki"].abilities
    monkeypatch.setitem(warriors, "marauder", warriors["marauder"].model_copy(update={"abilities": healer}))
    state = _marauders(marauder=(100, 300), plunderer=(130, 300))
    state.models["plunderer"]["side"] = state.models["marauder"]["side"]
    state.models["plunderer"]["marks"] = [0, 1, 0, 0]
    action = Action("use", model="marauder", ability="healer", target="plunderer", zone="arms")
    lines = [describing.describe(state, action).render(NAMES)]
    lines += act(state, "use", model="marauder", ability="healer", target="plunderer", zone="arms")
    state.models["marauder"]["markers"]["fire"] = 1
    lines += act(state, "extinguish", model="marauder")
    _assert_german(lines, "Marodeur", "Plünderer")


def test_hostile_terrain_names_the_warrior_in_german(german):
    state = _marauders((Piece("chemical_cesspool", (300, 300)),), marauder=(250, 300), plunderer=(550, 550))
    lines = act(state, "move", model="marauder", path=((250.0, 300.0), (280.0, 300.0)))
    lines.append(RULES.chance_spec(state).reason.render(NAMES))  # the hit roll's reason
    _assert_german(lines, "Marodeur")
    assert "hostile" not in " ".join(lines)


def test_a_non_player_warrior_put_out_of_action_is_named_in_german_in_the_victory_line(german):
    state = position(
        warriors={
            "vladd": Warrior(0, (300.0, 300.0), "vladd"),
            "plunderer": Warrior(NON_PLAYER_SIDE, (330.5, 300.0), "plunderer", marks=(1, 2, 2, 2)),
        },
        phase=ACTIVATION,
        active="vladd",
    )
    lines = act(state, "attack", model="vladd", target="plunderer")
    for faces in ((6, 1), (6,), (4,)):
        spec = RULES.chance_spec(state)
        dice = faces if len(faces) == spec.count else faces * spec.count
        lines += [event.message.render(NAMES) for event in RULES.apply_chance(state, dice).events]
    lines += act(state, "shift", face=4)
    _assert_german(lines, "Plünderer")
    assert any("SIG" in line and "Plünderer" in line for line in lines), lines
    # the score sheet's line too (kept in the state by the name on the table)
    sheet = [earned.how.render(NAMES) for earned in RULES.view(state, None).earned]
    assert sheet and all("Plünderer" in line and "Plunderer" not in line for line in sheet), sheet


def test_a_warrior_numbered_on_the_table_is_named_by_its_cards_translated_name(german):
    """The second marauder on the table is "Marauder 2": in German "Marodeur 2"."""
    state = _marauders(marauder=(100, 300), plunderer=(400, 300))
    state.models["marauder"]["name"] = "Marauder 2"
    lines = act(state, "move", model="marauder", path=((100.0, 300.0), (150.0, 300.0)))
    _assert_german(lines, "Marodeur 2")


def test_a_climb_and_its_roll_name_the_warrior_in_german(german):
    state = _marauders((Piece("rocky_hill", (300, 300)),), marauder=(300, 250), plunderer=(550, 550))
    from tabletop.games.skirmish.play import climbing

    move = climbing.plan(state, "climb", "marauder", next(iter(state.pieces)))
    assert move is not None and move.may_start, "the marauder stands at the foot of the hill"
    at = climbing.ends_of(move)[0]
    lines = act(state, "climb", model="marauder", piece=next(iter(state.pieces)), at=at)
    lines.append(RULES.chance_spec(state).reason.render(NAMES))
    _assert_german(lines, "Marodeur")
