"""Putting out fire (rulebook L658; DECISIONS S16, S21): during its own activation a
warrior with fire markers removes one for 1 AP, as often as it likes; not under fear."""

from __future__ import annotations

from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.state import ACTIVATION, NAMING, SkirmishState

from .positions import act, refused


def burning(**yuri) -> SkirmishState:
    return position(
        warriors={"yuri": Warrior(0, (100, 300), "yuri", **yuri), "gorm": Warrior(1, (400, 300), "gorm")},
        phase=ACTIVATION,
        active="yuri",
    )


def test_a_fire_marker_is_put_out_for_1_ap_as_often_as_the_ap_allow():
    state = burning(markers={"fire": 3})
    assert act(state, "extinguish", model="yuri") == ["Yuri puts out a fire marker (1 AP); 2 fire markers left."]
    assert act(state, "extinguish", model="yuri") == ["Yuri puts out a fire marker (1 AP); 1 fire marker left."]
    assert act(state, "extinguish", model="yuri") == ["Yuri puts out a fire marker (1 AP); 0 fire markers left."]
    assert state.models["yuri"]["ap"] == 0 and state.models["yuri"]["markers"]["fire"] == 0
    assert state.models["yuri"]["round_uses"] == {}  # no limit counts it (S16)


def test_putting_out_fire_needs_a_fire_marker_and_an_ap():
    assert refused(burning(), "extinguish", model="yuri") == "Yuri has no fire marker to put out."
    assert refused(burning(markers={"fire": 1}, ap=0), "extinguish", model="yuri") == "Yuri needs 1 AP."


def test_a_feared_warrior_puts_out_no_fire():
    state = burning(markers={"fire": 1, "fear": 1})
    assert refused(state, "extinguish", model="yuri") == "Yuri has a fear marker: it may only move and dodge."


def test_only_in_its_own_activation():
    state = position(
        warriors={
            "yuri": Warrior(0, (100, 300), "yuri", markers={"fire": 1}),
            "gorm": Warrior(1, (400, 300), "gorm", markers={"fire": 1}),
        },
        phase=ACTIVATION,
        active="yuri",
    )
    assert refused(state, "extinguish", model="gorm") == "That warrior belongs to the other player."
    named = position(
        warriors={"yuri": Warrior(0, (100, 300), "yuri", markers={"fire": 1}), "gorm": Warrior(1, (400, 300), "gorm")},
        phase=NAMING,
    )
    assert refused(named, "extinguish", model="yuri") == "First a warrior is named and activated."
