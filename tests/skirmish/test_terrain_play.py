"""The extended terrain rules in play: climbing, swimming and jumping (S33), destroying
terrain (S31), hiding (S32), high ground (S33), hostile water and the cesspool (S34)."""

from __future__ import annotations

import pytest

from tabletop.engine.core import CHANCE
from tabletop.games.skirmish.play import hiding
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION, table_of
from tabletop.games.skirmish.play.warriors import card
from tabletop.games.skirmish.table import terrain_moves
from tests.skirmish.positions import NAMES, act, refused


def _terrain(pieces, *warriors: Warrior, active: str = "w1", turn: int = 0, size: float = 600.0):
    return position(
        size=size,
        terrain=pieces,
        warriors=warriors,
        phase=ACTIVATION,
        active=active,
        turn=turn,
        options={"spacing": "warn", "ruleset": "terrain"},
    )


def _roll(state, *faces: int) -> list[str]:
    """The dice the rules wait for, with these faces; the log lines."""
    assert RULES.actor(state) == CHANCE
    spec = RULES.chance_spec(state)
    assert (spec.kind, spec.count) == ("dice", len(faces)), spec
    step = RULES.apply_chance(state, faces)
    RULES.check_invariants(state)
    return [event.message.render(NAMES) for event in step.events]


def _reason(state) -> str:
    return RULES.chance_spec(state).reason.render(NAMES)


# -- swimming -------------------------------------------------------------------------------


def _lake(*warriors: Warrior):
    # the lake's left corner is (240, 290); its top point (300, 260)
    return _terrain([Piece("contaminated_lake", (300, 300))], *warriors)


def test_a94_swimming_costs_2_ap_and_head_wounds_until_a_success_then_the_lakes_hostility():
    state = _lake(Warrior(0, (225, 290), "nia"), Warrior(1, (550, 550)))
    lines = act(state, "swim", model="w1", piece="t1", at=(300.0, 245.0))
    assert lines == ["Nia swims through Contaminated lake."]
    nia = state.models["w1"]
    assert nia["ap"] == 1 and nia["round_uses"]["move"] == 1
    # WID 3, one item: 2 dice at difficulty 4
    assert _reason(state) == "Nia's WID roll, difficulty 4: 2 dice"
    lines = _roll(state, 1, 3)
    assert lines[-1] == "Nia swallows water: a wound to the head, armour ignored."
    assert card(nia).is_wounded("head") and nia["position"] == [225.0, 290.0]
    lines = _roll(state, 4, 2)
    assert "Nia swims across." in lines
    assert nia["position"] == [300.0, 245.0]
    # then the lake's hostility: 1 wound, the zone rolled
    assert lines[-1] == "Nia ends its move in hostile terrain: 1 wound, armour ignored."
    before = list(nia["marks"])
    lines = _roll(state, 4)  # Nia's hit index: 4 is the torso
    assert sum(nia["marks"]) == sum(before) + 1 and RULES.actor(state) == 0


def test_a94_a_second_failed_swim_roll_puts_her_out_of_action():
    state = _lake(Warrior(0, (225, 290), "nia"), Warrior(1, (550, 550)))
    act(state, "swim", model="w1", piece="t1", at=(300.0, 245.0))
    _roll(state, 1, 3)
    lines = _roll(state, 2, 2)
    assert "Nia is out of action and leaves the table." in lines
    assert "w1" not in state.models and RULES.actor(state) == 1


def test_a95_a_swim_with_full_protection_is_allowed_and_one_without_dice_is_refused():
    torrent = [Piece("torrent", (300, 300))]  # its right end: x = 400, y 285 to 315
    state = _terrain(torrent, Warrior(0, (420, 300), "k7"), Warrior(1, (100, 100)))
    # WID 6, Schockfaust -1, Kampfpanzer (Vollschutz) -2: 3 dice at difficulty 5
    act(state, "swim", model="w1", piece="t1", at=(340.0, 259.0))
    assert _reason(state) == "K-7's WID roll, difficulty 5: 3 dice"
    # Reyes poisoned, torso wounded (WID 2), three items: a pool of -1
    reyes = Warrior(0, (415, 300), "reyes", marks=(0, 0, 2, 0), markers={"poison": 1})
    state = _terrain(torrent, reyes, Warrior(1, (100, 100)))
    assert card(state.models["w1"]).is_wounded("torso")
    assert refused(state, "swim", model="w1", piece="t1", at=(340.0, 259.0)) == (
        "Reyes would swim with -1 dice: a swim needs at least one."
    )


def test_a_swim_must_start_touching_the_water_and_end_at_its_edge():
    state = _lake(Warrior(0, (200, 290), "nia"), Warrior(1, (550, 550)))
    assert refused(state, "swim", model="w1", piece="t1", at=(300.0, 245.0)) == (
        "Nia must touch Contaminated lake to swim through it."
    )
    state = _lake(Warrior(0, (225, 290), "nia"), Warrior(1, (550, 550)))
    assert refused(state, "swim", model="w1", piece="t1", at=(300.0, 235.0)).startswith("A swim may not end there")
    assert refused(state, "climb", model="w1", piece="t1", at=(300.0, 245.0)) == "Contaminated lake cannot be climbed."


# -- climbing --------------------------------------------------------------------------------


def _rock(*warriors: Warrior):
    # the rocky hill (Klettern 2): its lowest point (295, 335)
    return _terrain([Piece("rocky_hill", (300, 300))], *warriors)


def test_climbing_up_and_only_by_a_climb_down():
    state = _rock(Warrior(0, (300, 350), "vladd"), Warrior(1, (550, 550)))
    act(state, "climb", model="w1", piece="t1", at=(300.0, 300.0))
    assert state.models["w1"]["ap"] == 1
    assert _reason(state) == "Vladd's GES roll, difficulty 2: 4 dice"
    lines = _roll(state, 1, 1, 2, 1)
    assert lines[-1] == "Vladd climbs to its end." and state.models["w1"]["position"] == [300.0, 300.0]
    assert terrain_moves.on_high_ground(table_of(state), (300.0, 300.0))
    # S33: from the top a plain move is refused, a climb down is the way
    state.models["w1"]["ap"] = 3
    assert refused(state, "move", model="w1", path=((300.0, 300.0), (300.0, 360.0))) == (
        "Vladd stands on Rocky hill: it comes down only by climbing."
    )
    act(state, "climb", model="w1", piece="t1", at=(300.0, 350.0))
    _roll(state, 6, 6, 6, 6)
    assert state.models["w1"]["position"] == [300.0, 350.0]
    assert state.models["w1"]["round_uses"]["move"] == 2


def test_a_failed_climb_stays_and_a_failed_wid_roll_wounds_every_zone_armour_ignored():
    state = _rock(Warrior(0, (300, 355), "brutus"), Warrior(1, (550, 550)))  # leather jacket: armour
    act(state, "climb", model="w1", piece="t1", at=(300.0, 300.0))
    assert _roll(state, 1, 1, 1)[-1] == "Brutus fails the climb and stays where it was."
    assert _reason(state) == "Brutus's WID roll, difficulty 2: 6 dice"
    lines = _roll(state, 1, 1, 1, 1, 1, 1)
    assert lines[-1] == "Brutus falls: a wound in each zone, armour ignored."
    assert state.models["w1"]["marks"] == [1, 1, 1, 1] and state.models["w1"]["position"] == [300.0, 355.0]
    # a WID success: unhurt
    state = _rock(Warrior(0, (300, 355), "brutus"), Warrior(1, (550, 550)))
    act(state, "climb", model="w1", piece="t1", at=(300.0, 300.0))
    _roll(state, 1, 1, 1)
    assert _roll(state, 1, 1, 1, 1, 1, 2)[-1] == "Brutus lands unhurt."
    assert state.models["w1"]["marks"] == [0, 0, 0, 0]


def test_terrain_moves_count_among_the_three_moves_and_are_allowed_under_fear():
    state = _rock(Warrior(0, (300, 350), "vladd", markers={"fear": 1}, round_uses={"move": 3}), Warrior(1, (550, 550)))
    assert refused(state, "climb", model="w1", piece="t1", at=(300.0, 300.0)) == (
        "Vladd has moved 3 times this round, its limit."
    )
    state = _rock(Warrior(0, (300, 350), "vladd", markers={"fear": 1}), Warrior(1, (550, 550)))
    act(state, "climb", model="w1", piece="t1", at=(300.0, 300.0))
    state = _rock(Warrior(0, (300, 350), "vladd", ap=1), Warrior(1, (550, 550)))
    assert refused(state, "climb", model="w1", piece="t1", at=(300.0, 300.0)) == "Vladd needs 2 AP."


def test_in_contact_a_climb_breaks_away_first_then_rolls_its_own_roll():
    """A climb is "eine Bewegung als Aktion" (L696): a warrior in contact with an enemy
    breaks away first as before any move (L472, S18), the climb's 2 AP and its move
    paid once; the climb's roll follows."""
    state = _rock(Warrior(0, (300, 350), "vladd"), Warrior(1, (300, 385), "gorm"))
    assert table_of(state).engaged("w1")
    lines = act(state, "climb", model="w1", piece="t1", at=(300.0, 300.0))
    assert lines == ["Vladd climbs Rocky hill.", "Vladd tries to break away."]
    assert _reason(state) == "Vladd's GES roll, difficulty 3: 4 dice"  # Gorm's GES
    assert _roll(state, 6, 1, 1, 1)[-1] == "Vladd breaks away from the melee."
    vladd = state.models["w1"]
    assert vladd["ap"] == 1 and vladd["round_uses"]["move"] == 1
    assert _reason(state) == "Vladd's GES roll, difficulty 2: 4 dice"  # the climb's
    lines = _roll(state, 1, 1, 2, 1)
    assert lines[-1] == "Vladd climbs to its end." and vladd["position"] == [300.0, 300.0]
    assert vladd["ap"] == 1 and vladd["round_uses"]["move"] == 1 and state.pending is None


def test_in_contact_a_jump_that_fails_to_break_away_is_punished_then_jumps():
    state = _chasm(Warrior(0, (300, 321), "yuri"), Warrior(1, (300, 356), "gorm"))
    assert table_of(state).engaged("w1")
    act(state, "jump", model="w1", piece="t1", at=(300.0, 270.0))
    failed = "Yuri does not break away: each enemy in contact may strike before the move."
    assert _roll(state, 1, 1, 1, 1, 1)[-1] == failed
    act(state, "answer", option="decline")
    assert state.models["w1"]["ap"] == 2  # the jump's 1 AP
    assert _reason(state) == "Yuri's GES roll, difficulty 2: 5 dice"
    _roll(state, 1, 1, 1, 1, 2)
    assert state.models["w1"]["position"] == [300.0, 270.0]


def test_the_basic_rules_have_no_climbing():
    state = position(
        terrain=[Piece("rocky_hill", (300, 300))],
        warriors=[Warrior(0, (300, 350), "vladd"), Warrior(1, (550, 550))],
        phase=ACTIVATION,
        active="w1",
        options={"spacing": "warn", "ruleset": "basic"},
    )
    assert refused(state, "climb", model="w1", piece="t1", at=(300.0, 300.0)) == "Rocky hill cannot be climbed."


# -- jumping ---------------------------------------------------------------------------------


def _chasm(*warriors: Warrior):
    return _terrain([Piece("chasm", (300, 300))], *warriors)


def test_a_jump_costs_1_ap_and_a_failed_one_puts_the_warrior_out_of_action():
    state = _chasm(Warrior(0, (300, 321), "yuri"), Warrior(1, (550, 550)))
    act(state, "jump", model="w1", piece="t1", at=(300.0, 270.0))
    assert state.models["w1"]["ap"] == 2
    assert _reason(state) == "Yuri's GES roll, difficulty 2: 5 dice"
    _roll(state, 1, 1, 1, 1, 2)
    assert state.models["w1"]["position"] == [300.0, 270.0]
    state = _chasm(Warrior(0, (300, 321), "yuri"), Warrior(1, (550, 550)))
    act(state, "jump", model="w1", piece="t1", at=(300.0, 270.0))
    lines = _roll(state, 1, 1, 1, 1, 1)
    assert "Yuri falls into Chasm." in lines and "w1" not in state.models
    # a jump goes over the piece: not away from it
    state = _chasm(Warrior(0, (300, 321), "yuri"), Warrior(1, (550, 550)))
    assert refused(state, "jump", model="w1", piece="t1", at=(300.0, 380.0)).startswith("A jump may not end there")


# -- destroying terrain ---------------------------------------------------------------------


def test_a89_four_attacks_destroy_a_wall_and_leave_a_destroyed_area_of_its_outline():
    state = _terrain([Piece("wall", (300, 300))], Warrior(0, (300, 320), "vladd"), Warrior(1, (550, 550)))
    outline = [list(corner) for corner in table_of(state).pieces["t1"].outline]
    lines = act(state, "attack_piece", model="w1", piece="t1")
    assert lines == ["Vladd attacks Wall: 1 of 4 attacks counted."]
    vladd = state.models["w1"]
    assert vladd["ap"] == 2 and vladd["round_uses"]["attack"] == 1 and RULES.actor(state) == 0
    act(state, "attack_piece", model="w1", piece="t1")
    assert refused(state, "attack_piece", model="w1", piece="t1") == "Vladd has attacked 2 times this round, its limit."
    # the next round (any warrior, any round)
    vladd["ap"], vladd["round_uses"] = 3, {}
    act(state, "attack_piece", model="w1", piece="t1")
    lines = act(state, "attack_piece", model="w1", piece="t1")
    assert lines == [
        "Vladd attacks Wall: 4 of 4 attacks counted.",
        "Wall is destroyed: a destroyed area of its outline takes its place.",
    ]
    assert state.pieces["t1"]["kind"] == "destroyed_area"
    table = table_of(state)
    assert [list(corner) for corner in table.pieces["t1"].outline] == outline
    effect = table.effect("t1")
    assert effect.passable and effect.penalty == 2
    # the warrior may now cross where the wall stood
    vladd["ap"], vladd["round_uses"] = 3, {}
    act(state, "move", model="w1", path=((300.0, 320.0), (300.0, 280.0)))
    assert refused(state, "attack_piece", model="w1", piece="t1") == "Destroyed area cannot be destroyed."


def test_attacking_a_piece_needs_contact_and_no_fear():
    state = _terrain([Piece("wall", (300, 300))], Warrior(0, (300, 330), "vladd"), Warrior(1, (550, 550)))
    assert refused(state, "attack_piece", model="w1", piece="t1") == "Vladd does not touch Wall."
    state = _terrain(
        [Piece("wall", (300, 300))], Warrior(0, (300, 320), "vladd", markers={"fear": 1}), Warrior(1, (550, 550))
    )
    assert "fear" in refused(state, "attack_piece", model="w1", piece="t1")
    state = _terrain([Piece("swamp", (300, 300))], Warrior(0, (300, 350), "vladd"), Warrior(1, (550, 550)))
    assert refused(state, "attack_piece", model="w1", piece="t1") == "Swamp cannot be destroyed."


# -- hiding ----------------------------------------------------------------------------------


def _heap(*warriors: Warrior, active: str = "w1", turn: int = 0):
    # the rubbish heap's left corner is (265, 300): Kira at (250, 300) touches it
    return _terrain([Piece("rubbish_heap", (300, 300))], *warriors, active=active, turn=turn)


def _put(state, model: str, at: tuple[float, float]) -> None:
    state.models[model]["position"] = list(at)
    table_of(state).move_model(model, at)


def test_a91_hiding_in_a_rubbish_heap():
    # Kira touches the heap, Kessler is 16 cm away (edge to edge), Nia further
    kira, kessler, nia = Warrior(0, (250, 300), "kira"), Warrior(1, (60, 300), "kessler"), Warrior(1, (250, 520), "nia")
    state = _heap(kira, kessler, nia)
    lines = act(state, "hide", model="w1", piece="t1", path=((250.0, 300.0), (275.0, 300.0)))
    assert lines[-1] == "Kira hides in Large rubbish heap." and state.models["w1"]["hidden"] == "t1"
    # Kessler comes to 8 cm: he may not shoot her, and the nearest rule skips her
    state.active, state.turn = "w2", 1
    _put(state, "w2", (165.0, 300.0))
    assert refused(state, "shoot", model="w2", item="assault_rifle", target="w1") == (
        "Kira is hidden: only an enemy at most 5 cm away may attack it."
    )
    assert hiding.unseen_by(state, "w2") == {"w1"}
    # 4 cm away he may: the shot ends her hiding
    _put(state, "w2", (205.0, 300.0))
    lines = act(state, "shoot", model="w2", item="assault_rifle", target="w1")
    assert "Kira is hidden no longer." in lines and "hidden" not in state.models["w1"]


def test_a91_the_nearest_rule_passes_over_a_hidden_warrior_and_moving_ends_hiding():
    kira, kessler = Warrior(0, (250, 300), "kira"), Warrior(1, (60, 300), "kessler")
    state = _heap(kira, kessler, Warrior(0, (90, 420), "nia"))
    act(state, "hide", model="w1", piece="t1", path=((250.0, 300.0), (275.0, 300.0)))
    state.active, state.turn = "w2", 1
    _put(state, "w2", (165.0, 300.0))  # Kira 8 cm away, Nia 11 cm
    act(state, "shoot", model="w2", item="assault_rifle", target="w3")
    assert RULES.actor(state) == CHANCE and state.models["w1"]["hidden"] == "t1"
    # her own move ends it
    state = _heap(kira, kessler)
    act(state, "hide", model="w1", piece="t1", path=((250.0, 300.0), (275.0, 300.0)))
    lines = act(state, "move", model="w1", path=((275.0, 300.0), (265.0, 300.0)))
    assert lines[0] == "Kira is hidden no longer."


def test_a91_with_an_enemy_14_cm_away_she_cannot_hide():
    state = _heap(Warrior(0, (250, 300), "kira"), Warrior(1, (80, 300), "kessler"))
    assert refused(state, "hide", model="w1", piece="t1", path=((250.0, 300.0), (275.0, 300.0))) == (
        "Kessler is 14.0 cm away: hiding needs every enemy 15 cm away or more."
    )
    state = _heap(Warrior(0, (240, 300), "kira"), Warrior(1, (40, 300), "kessler"))
    assert refused(state, "hide", model="w1", piece="t1", path=((240.0, 300.0), (275.0, 300.0))) == (
        "Kira must touch Large rubbish heap to hide in it."
    )
    state = _heap(Warrior(0, (250, 300), "kira"), Warrior(1, (60, 300), "kessler"))
    assert refused(state, "hide", model="w1", piece="t1", path=((250.0, 300.0), (250.0, 320.0))) == (
        "A move to hide ends on the hiding place."
    )


# -- high ground -----------------------------------------------------------------------------


def test_a92_from_a_small_hill_kessler_rolls_two_more_dice_and_reaches_5_cm_further():
    # Kessler on the hill's centre, Yuri below it, 33 cm away edge to edge
    hill = [Piece("small_hill", (300, 300))]
    state = _terrain(hill, Warrior(0, (300, 300), "kessler"), Warrior(1, (300, 660), "yuri"), size=800.0)
    act(state, "shoot", model="w1", item="assault_rifle", target="w2")
    # KAT 4 + 2, Yuri's GES 5 the difficulty
    assert RULES.chance_spec(state).count == 6
    level = _terrain([], Warrior(0, (300, 300), "kessler"), Warrior(1, (300, 660), "yuri"), size=800.0)
    assert "reaches 30.0 cm" in refused(level, "shoot", model="w1", item="assault_rifle", target="w2")


# -- the chemical cesspool --------------------------------------------------------------------


def test_a98_the_sewage_pond_laid_as_a_chemical_cesspool_hurts_as_the_acid_cloud():
    from tabletop.games.skirmish.play.state import kinds

    pond, cesspool = kinds()["sewage_pond"], kinds()["chemical_cesspool"]
    # its placer picks hostile 1 or 2: the same pond, cost and outline either way
    assert (pond.cost, pond.footprint) == (cesspool.cost, cesspool.footprint)
    assert (pond.properties.hostile, cesspool.properties.hostile) == (1, 2)
    # the variant is placed only under the terrain rules (under the basic rules it is the same pond)
    for ruleset, allowed in (("terrain", True), ("basic", False)):
        laying = position(options={"spacing": "warn", "ruleset": ruleset})
        lay = {"terrain": "chemical_cesspool", "at": (300.0, 300.0), "rotation": 0.0}
        if allowed:
            act(laying, "add_piece", **lay)
        else:
            assert refused(laying, "add_piece", **lay) == "There is no such terrain."
    state = _terrain([Piece("chemical_cesspool", (300, 300))], Warrior(0, (250, 300), "reyes"), Warrior(1, (550, 550)))
    lines = act(state, "move", model="w1", path=((250.0, 300.0), (280.0, 300.0)))
    assert lines[-1] == "Reyes ends its move in hostile terrain: 2 wounds, armour ignored."
    _roll(state, 1)
    _roll(state, 6)
    assert state.models["w1"]["marks"][0] == 1 and state.models["w1"]["marks"][3] == 1


# -- burning terrain ---------------------------------------------------------------------------


def _burn(state, piece: str = "t1") -> None:
    """The piece set on fire as a Brand weapon would (play/burning.py)."""
    from tabletop.games.skirmish.play import burning

    burning.set_fire(state, piece, 1, "Mira")
    RULES.check_invariants(state)


def test_a_flame_reaching_bushes_sets_them_burning_and_counts_as_an_attack_on_them():
    # Mira's flamethrower (Brand 1) laid at 0 degrees reaches the bushes and Gorm beyond
    bushes = [Piece("bushes", (300, 300))]
    state = _terrain(bushes, Warrior(0, (200, 300), "mira"), Warrior(1, (400, 300), "gorm"))
    assert table_of(state).effect("t1").passable
    lines = act(state, "flame", model="w1", item="flamethrower", angle=0.0)
    assert "Bushes gets 1 fire marker." in lines and "Bushes is burning." in lines
    assert "Mira attacks Bushes: 1 of 3 attacks counted." in lines
    assert state.pieces["t1"]["burning"] and state.pieces["t1"]["fire"] == 1
    effect = table_of(state).effect("t1")
    assert not effect.passable and effect.penalty == 3  # Sichthindernis 2, +1 while it burns


def _yuri_in_burning_bushes():
    """Yuri (w1) stands in bushes set burning, Gorm far off; the naming phase."""
    state = position(
        terrain=[Piece("bushes", (300, 300))],
        warriors=[Warrior(0, (300, 300), "yuri"), Warrior(1, (500, 500), "gorm")],
        phase="naming",
        options={"spacing": "warn", "ruleset": "terrain"},
    )
    _burn(state)
    return state


def test_a_warrior_in_burning_bushes_gets_a_fire_marker_and_must_move_out_first():
    state = _yuri_in_burning_bushes()
    lines = act(state, "name", model="w1")
    assert "Yuri gets 1 fire marker." in lines
    assert lines[-1] == "Yuri stands in burning terrain: it must first move out."
    assert state.models["w1"]["markers"]["fire"] == 1
    assert refused(state, "extinguish", model="w1") == "Yuri stands in burning terrain: it must first move out."
    # a move may leave the burning bushes, not end in them
    assert refused(state, "move", model="w1", path=((300.0, 300.0), (310.0, 300.0))) == (
        "The base would overlap a terrain piece."
    )
    lines = act(state, "move", model="w1", path=((300.0, 300.0), (300.0, 380.0)))
    assert state.models["w1"]["markers"]["fire"] == 1  # clear of it: no new marker
    act(state, "extinguish", model="w1")
    assert state.models["w1"]["markers"]["fire"] == 0


def test_a_move_out_of_burning_bushes_may_not_bend_while_still_in_them():
    """Only the first leg of the way out passes through the bushes: a move going
    10 mm deeper in and then across them is refused, the same way straight across
    is made."""
    state = _yuri_in_burning_bushes()
    act(state, "name", model="w1")
    bent = ((300.0, 300.0), (290.0, 300.0), (380.0, 300.0))
    assert refused(state, "move", model="w1", path=bent) == "The base would overlap a terrain piece."
    act(state, "move", model="w1", path=((300.0, 300.0), (380.0, 300.0)))
    assert state.models["w1"]["position"] == [380.0, 300.0]


def test_a_warrior_walled_in_burning_bushes_cannot_get_out_acts_otherwise_and_burns_on():
    from tabletop.games.skirmish.play import rounds

    # four walls round the bushes: no move takes Yuri's base anywhere off them (S35)
    walled = [
        Piece("bushes", (300, 300)),
        Piece("wall", (300, 264)),
        Piece("wall", (300, 336)),
        Piece("wall", (244, 300), 90.0),
        Piece("wall", (356, 300), 90.0),
    ]
    state = position(
        terrain=walled,
        warriors=[Warrior(0, (300, 300), "yuri"), Warrior(1, (500, 500), "gorm")],
        phase="naming",
        options={"spacing": "warn", "ruleset": "terrain"},
    )
    _burn(state)
    lines = act(state, "name", model="w1")
    assert "Yuri gets 1 fire marker." in lines
    assert lines[-1] == "Yuri stands in burning terrain and cannot get out: it stays and burns on."
    # not held: it may put out its fire marker (and then has nothing more to do)
    act(state, "extinguish", model="w1")
    assert state.models["w1"]["markers"]["fire"] == 0
    act(state, "done")
    # it burns again in the end phase, before the fire roll
    state.models["w2"]["activated"] = True
    lines = [event.message.render(NAMES) for event in rounds.begin_end_phase(state)]
    assert "Yuri gets 1 fire marker." in lines and state.models["w1"]["markers"]["fire"] == 1


def test_a_move_ending_touching_burning_terrain_gives_a_fire_marker():
    bushes = [Piece("bushes", (300, 300))]  # its lowest edge near y = 320
    state = _terrain(bushes, Warrior(0, (300, 400), "yuri"), Warrior(1, (500, 500), "gorm"))
    _burn(state)
    gap = table_of(state).pieces["t1"].distance_to_point((300.0, 400.0)) - 15
    lines = act(state, "move", model="w1", path=((300.0, 400.0), (300.0, round(400 - gap, 1))))
    assert "Yuri gets 1 fire marker." in lines and state.models["w1"]["markers"]["fire"] == 1


def test_in_the_end_phase_burning_terrain_burns_on_and_so_does_a_warrior_left_in_it():
    from tabletop.games.skirmish.play import rounds

    bushes = [Piece("bushes", (300, 300))]
    state = _terrain(bushes, Warrior(0, (300, 300), "yuri"), Warrior(1, (500, 500), "gorm"))
    _burn(state)
    events = rounds.begin_end_phase(state)
    lines = [event.message.render(NAMES) for event in events]
    assert "Bushes gets 1 fire marker." in lines
    assert "The fire attacks Bushes: 2 of 3 attacks counted." in lines
    assert "Yuri gets 1 fire marker." in lines
    # then the fire roll of step 3 for Yuri
    assert RULES.actor(state) == CHANCE and "Fire on Yuri" in _reason(state)


# -- random play -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, warrior, kinds",
    [
        ("rocky_hill", Warrior(0, (300, 350), "vladd"), {"climb"}),
        ("contaminated_lake", Warrior(0, (225, 290), "nia"), {"swim"}),
        ("chasm", Warrior(0, (300, 321), "yuri"), {"jump"}),
        ("wall", Warrior(0, (300, 320), "vladd"), {"attack_piece"}),
        ("rubbish_heap", Warrior(0, (250, 300), "kira"), {"hide"}),
    ],
)
def test_random_play_climbs_swims_jumps_attacks_pieces_and_hides(kind, warrior, kinds):
    state = _terrain([Piece(kind, (300, 300))], warrior, Warrior(1, (550, 550)))
    sampled = RULES.legal_actions(state)
    assert kinds <= {action.kind for action in sampled}
    for action in sampled:
        RULES.check(state, action)  # every one of them legal


def test_a_piece_in_range_and_sight_may_be_shot_at_and_a_throwable_landing_on_it_counts():
    wall = [Piece("wall", (300, 300))]  # its lower side at y = 305
    state = _terrain(wall, Warrior(0, (300, 420), "kessler"), Warrior(1, (100, 100), "yuri"))
    lines = act(state, "shoot_piece", model="w1", item="assault_rifle", piece="t1")
    assert lines == ["Kessler attacks Wall: 1 of 4 attacks counted."]
    kessler = state.models["w1"]
    assert kessler["ap"] == 2 and kessler["round_uses"]["attack"] == 1 and RULES.actor(state) == 0
    # the hand grenade lands on the wall: one more
    lines = act(state, "throw", model="w1", item="hand_grenade", at=(300.0, 300.0))
    assert "Kessler attacks Wall: 2 of 4 attacks counted." in lines
    # out of range: 30 cm for the assault rifle
    far = _terrain(wall, Warrior(0, (300, 660), "kessler"), Warrior(1, (100, 100), "yuri"), size=800.0)
    assert refused(far, "shoot_piece", model="w1", item="assault_rifle", piece="t1") == (
        "Wall is 34.0 cm away; the Assault rifle reaches 30.0 cm."
    )
    # behind a rocky hill (impenetrable) it is not seen
    hidden = _terrain(
        [*wall, Piece("rocky_hill", (300, 400))], Warrior(0, (300, 480), "kessler"), Warrior(1, (100, 100), "yuri")
    )
    assert refused(hidden, "shoot_piece", model="w1", item="assault_rifle", piece="t1") == "Kessler does not see Wall."


# -- especially hostile terrain in the end phase ---------------------------------------------


def test_a97_the_acid_cloud_hurts_in_step_3_whoever_it_has_not_hurt_this_round():
    from tabletop.games.skirmish.play import rounds

    cloud = [Piece("acid_cloud", (300, 300))]  # its left corner (260, 300)
    # Yuri inside, Kira only touching its edge, Gorm clear of it
    warriors = (Warrior(0, (300, 300), "yuri"), Warrior(0, (245, 300), "kira"), Warrior(1, (500, 500), "gorm"))
    state = _terrain(cloud, *warriors)
    lines = [event.message.render(NAMES) for event in rounds.begin_end_phase(state)]
    assert lines[-1] == "Yuri is in hostile terrain at the end of the round: 2 wounds, armour ignored."
    _roll(state, 1)
    lines = _roll(state, 6)
    assert lines[-1] == "Kira is in hostile terrain at the end of the round: 2 wounds, armour ignored."
    _roll(state, 4)
    lines = _roll(state, 4)
    # nobody else: the end phase goes on to the next round
    assert state.pending is None and state.round == 2
    # hurt by its move this round, none more in the end phase
    state = _terrain(cloud, Warrior(0, (230, 300), "yuri"), Warrior(1, (500, 500), "gorm"))
    act(state, "move", model="w1", path=((230.0, 300.0), (300.0, 300.0)))
    _roll(state, 1)
    _roll(state, 6)
    lines = [event.message.render(NAMES) for event in rounds.begin_end_phase(state)]
    assert not any("hostile terrain" in line for line in lines) and state.round == 2


def _incendiary(monkeypatch) -> None:
    """Kessler's assault rifle fires incendiary rounds: Brand (1) on its shot."""
    from tabletop.games.skirmish.play.cards import starter_set

    rifle = starter_set().items["assault_rifle"]
    modes = [mode.model_copy(update={"fire": 1}) for mode in rifle.modes]
    monkeypatch.setitem(starter_set().items, "assault_rifle", rifle.model_copy(update={"modes": modes}))


def test_a_shot_with_brand_at_a_tree_sets_it_burning_each_marker_a_further_attack(monkeypatch):
    _incendiary(monkeypatch)
    tree = [Piece("tree", (300, 300))]
    state = _terrain(tree, Warrior(0, (300, 420), "kessler"), Warrior(1, (100, 100), "yuri"))
    lines = act(state, "shoot_piece", model="w1", item="assault_rifle", piece="t1")
    assert lines == [
        "Kessler attacks Tree: 1 of 3 attacks counted.",
        "Tree gets 1 fire marker.",
        "Tree is burning.",
        "Kessler attacks Tree: 2 of 3 attacks counted.",
    ]
    assert state.pieces["t1"]["burning"] and state.pieces["t1"]["fire"] == 1
    # the next shot destroys it: a destroyed area does not burn
    lines = act(state, "shoot_piece", model="w1", item="assault_rifle", piece="t1")
    assert lines[-1] == "Tree is destroyed: a destroyed area of its outline takes its place."
    assert state.pieces["t1"]["kind"] == "destroyed_area" and not state.pieces["t1"]["burning"]


def test_a_shot_with_brand_at_a_wall_only_counts_as_an_attack(monkeypatch):
    _incendiary(monkeypatch)
    state = _terrain([Piece("wall", (300, 300))], Warrior(0, (300, 420), "kessler"), Warrior(1, (100, 100), "yuri"))
    lines = act(state, "shoot_piece", model="w1", item="assault_rifle", piece="t1")
    assert lines == ["Kessler attacks Wall: 1 of 4 attacks counted."] and not state.pieces["t1"].get("fire")
