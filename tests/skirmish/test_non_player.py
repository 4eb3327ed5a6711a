"""Non-player warriors (optional rule 2; rulebook L762-802, DECISIONS.md S36;
play/non_player.py): what a pool buys, where they may be placed, what each must do
when activated, roaming, and who rolls for it."""

from __future__ import annotations

import pytest

from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.non_player import (
    Orders,
    buyable,
    controller,
    only_heavy,
    orders,
    placement_refusal,
    roam_refusal,
)
from tabletop.games.skirmish.play.state import kinds
from tabletop.games.skirmish.table.table import Model, Table
from tabletop.games.skirmish.table.terrain import TerrainPiece

NSK = 2  # the side of non-player warriors: the enemy of both players
SQUARE = ((-40.0, -40.0), (40.0, -40.0), (40.0, 40.0), (-40.0, 40.0))


def table(*models, pieces=()):
    laid = Table(600.0, 600.0)
    for model_id, side, x, y, *base in models:
        laid.add_model(Model(model_id, float(base[0]) if base else 30.0, (x, y), side))
    for piece_id, kind, x, y in pieces:
        laid.add_piece(TerrainPiece(piece_id, kinds()[kind], (x, y), 0.0, SQUARE))
    return laid


def test_a_pool_buys_non_player_warriors_of_its_value_or_less():
    cards = starter_set().of_faction("marauders")
    assert [c.key for c in buyable(3, cards)] == ["marauder", "plunderer", "mutant"]
    assert [c.key for c in buyable(1, cards)] == ["marauder"]
    assert buyable(0, cards) == []  # a rest that buys none is lost (S36)


def test_only_heavy_terrain_alone_lets_them_stand_and_roam():
    assert only_heavy(kinds()["swamp"])
    assert not only_heavy(kinds()["dense_forest"])  # heavy, but also hostile, flammable, ...
    assert not only_heavy(kinds()["wall"])


def test_placed_wholly_within_20_cm_of_both_centre_lines():
    # S36: outside every open-battle zone whichever edge the first deployer picks
    laid = table()
    assert placement_refusal(laid, (485.0, 300.0), 15.0, (), ambush_possible=False) is None
    assert "within 20 cm of both centre lines" in str(placement_refusal(laid, (485.1, 300.0), 15.0, (), False))
    assert "within 20 cm of both centre lines" in str(placement_refusal(laid, (300.0, 114.9), 15.0, (), False))
    # a corner of that square is still 20 cm from both lines, but not from the centre
    assert placement_refusal(laid, (480.0, 480.0), 15.0, (), ambush_possible=False) is None
    assert "table centre" in str(placement_refusal(laid, (480.0, 480.0), 15.0, (), ambush_possible=True))
    assert placement_refusal(laid, (300.0 + 185.0, 300.0), 15.0, (), ambush_possible=True) is None


def test_placed_15_cm_from_each_other_off_terrain_and_other_bases():
    laid = table(("m1", NSK, 300, 300), pieces=[("swamp", "swamp", 300, 400), ("wall", "wall", 400, 300)])
    assert "keep 15 cm from each other" in str(placement_refusal(laid, (300.0, 479.9 - 30), 15.0, ["m1"], False))
    assert placement_refusal(laid, (300.0, 480.0), 15.0, ["m1"], False) is None
    assert placement_refusal(laid, (300.0, 400.0), 15.0, [], False) is None  # on the swamp: heavy alone
    assert "off terrain" in str(placement_refusal(laid, (400.0, 300.0), 15.0, [], False))
    assert "Another base" in str(placement_refusal(laid, (320.0, 300.0), 15.0, [], False))


def test_a100_roaming():
    # no player's warrior within 10 cm in sight: the activating player moves it up to 5 cm
    laid = table(
        ("marauder", NSK, 300, 300),
        ("tony", 0, 300, 430.1),
        pieces=[("swamp", "swamp", 200, 300), ("wall", "wall", 300, 215)],
    )
    assert orders(laid, "marauder", {"tony"}, {}) == Orders("roam")
    assert roam_refusal(laid, "marauder", (250.0, 300.0)) is None  # onto the swamp: heavy terrain alone
    assert "at most 5 cm" in str(roam_refusal(laid, "marauder", (249.9, 300.0)))
    assert "keeps off terrain" in str(roam_refusal(laid, "marauder", (300.0, 250.0)))  # into the wall
    laid.move_model("tony", (300.0, 375.0))
    assert roam_refusal(laid, "marauder", (300.0, 345.0)) is None  # into contact: touching is no overlap
    assert "in the way" in str(roam_refusal(laid, "marauder", (300.0, 346.0)))


def test_a_player_warrior_near_and_in_sight_compels_a_charge():
    # A101's layout: Tony 8 cm and Kira 9 cm away, both in sight: it charges one of them
    laid = table(("marauder", NSK, 300, 300), ("tony", 0, 410, 300), ("kira", 1, 300, 420))
    assert orders(laid, "marauder", {"tony", "kira"}, {}) == Orders("charge", ("tony", "kira"))
    # behind a wall Kira is out of sight: only Tony
    walled = table(
        ("marauder", NSK, 300, 300), ("tony", 0, 410, 300), ("kira", 1, 300, 420), pieces=[("wall", "wall", 300, 367)]
    )
    assert orders(walled, "marauder", {"tony", "kira"}, {}) == Orders("charge", ("tony",))


def test_in_contact_it_attacks_and_fear_or_slow_hold_it_back():
    laid = table(("marauder", NSK, 300, 300), ("tony", 0, 330, 300), ("kira", 1, 300, 330))
    assert orders(laid, "marauder", {"tony", "kira"}, {}) == Orders("attack", ("tony", "kira"))
    assert orders(laid, "marauder", {"tony", "kira"}, {"fear": 1}) == Orders("stay")
    far = table(("marauder", NSK, 300, 300), ("tony", 0, 500, 300))
    assert orders(far, "marauder", {"tony"}, {"fear": 1}) == Orders("roam")
    assert orders(far, "marauder", {"tony"}, {"slow": 1}) == Orders("stay")


def test_a_ranged_non_player_warrior_shoots_when_it_cannot_charge():
    laid = table(("plunderer", NSK, 300, 300), ("tony", 0, 300, 480))
    assert orders(laid, "plunderer", {"tony"}, {}, shooting_range=200.0) == Orders("shoot", ("tony",))
    assert orders(laid, "plunderer", {"tony"}, {}, shooting_range=100.0) == Orders("roam")


@pytest.mark.parametrize(("activating", "sides", "rolls"), [(1, [1], 0), (0, [0], 1), (1, [0, 1], 1), (0, [1], 0)])
def test_a103_taking_over(activating, sides, rolls):
    # B must activate the last NSK and its only target is B's Gorm: A chooses and rolls
    assert controller(activating, sides) == rolls
