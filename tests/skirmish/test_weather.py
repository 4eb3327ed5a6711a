"""The optional weather rule (rulebook L804-824; DECISIONS.md S29, S35, S37): the
table of data/skirmish/weather.yaml, what the weathers in force do together, the
change roll, and the checks that refuse a broken weather.yaml at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import resources
from tabletop.games.skirmish.play.weather import (
    MOVE_ALLOWANCE,
    Conditions,
    change_of,
    changed,
    normal,
    rolls_at_end_of_round,
    sheltered,
    weather_of,
)
from tabletop.games.skirmish.schema import WEATHER_FILE, bundled
from tests.skirmish.test_cards_data import broken, problems

WEATHER = Path(resources.DATA) / WEATHER_FILE


def data():
    return bundled()[WEATHER_FILE]


@pytest.mark.parametrize(
    ("total", "key"),
    [
        (2, "ion_storm"),
        (3, "storm"),
        (4, "dense_fog"),
        (5, "dense_fog"),
        (6, "normal"),
        (7, "normal"),
        (8, "light_fog"),
        (9, "light_fog"),
        (10, "acid_rain"),
        (11, "acid_rain"),
        (12, "snowstorm"),
    ],
)
def test_the_weather_of_each_total_of_2_dice(total, key):
    assert weather_of(data(), total).key == key


def conditions(*totals):
    return Conditions(tuple(weather_of(data(), t) for t in totals))


def test_a109_normal_weather_has_no_effect():
    found = conditions(7)
    assert (found.move_allowance, found.sight_limit, found.card_cost, found.deploy_alternately, found.end_of_round) == (
        MOVE_ALLOWANCE,
        None,
        2,
        False,
        (),
    )


def test_storm_limits_every_movement_action_to_8_cm_and_fog_sight_to_15():
    # S37, A106, A107: the figures the rules limit moves and sight by
    assert conditions(3).move_allowance == 80.0
    assert conditions(4).sight_limit == 150.0
    assert conditions(12).card_cost == 3  # A110, see A80
    assert conditions(8).deploy_alternately


def test_combined_weathers_take_the_tightest_of_each():
    both = conditions(3, 5, 12)
    assert (both.move_allowance, both.sight_limit, both.card_cost) == (80.0, 150.0, 3)


def test_the_end_of_round_rolls_of_ion_storm_and_acid_rain():
    (ion,) = conditions(2).end_of_round
    assert (ion.attribute, ion.difficulty, ion.wound, ion.marker) == ("wid", 6, "torso", None)
    assert rolls_at_end_of_round(ion, non_player=False, sheltered=True)
    assert not rolls_at_end_of_round(ion, non_player=True, sheltered=False)  # NSKs are immune (L808)
    (rain,) = conditions(10).end_of_round
    assert (rain.attribute, rain.difficulty, rain.wound, rain.marker) == ("wid", 5, None, "poison")
    assert not rolls_at_end_of_round(rain, non_player=False, sheltered=True)
    assert rolls_at_end_of_round(rain, non_player=True, sheltered=False)  # only the ion storm spares NSKs (S36)


def test_sheltered_means_touching_cover_at_every_check_of_the_round():
    # S35, A112: Kira touched the tree at the start, after each move and at the check; Nia only at the end
    assert sheltered([True, True, True])
    assert not sheltered([False, True, True])
    assert not sheltered([])


def test_a113_changing_weather():
    storm = weather_of(data(), 3)
    assert [change_of(data(), face) for face in range(1, 7)] == ["again", "stays", "stays", "stays", "stays", "normal"]
    assert changed(data(), (storm,), 6) == (normal(data()),)
    assert changed(data(), (storm,), 4) == (storm,)
    assert [w.key for w in changed(data(), (storm,), 1, 12)] == ["storm", "snowstorm"]
    assert [w.key for w in changed(data(), (normal(data()),), 1, 4)] == ["dense_fog"]
    assert changed(data(), (storm,), 1, 3) == (storm,)  # the same weather is not added twice
    assert changed(data(), (storm,), 1, 7) == (storm,)


def test_the_bundled_weather_has_no_fault():
    assert problems(WEATHER) == []


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("rolls: [12]", "rolls: [11]", "cover the totals 2 to 12, each once"),
        ("    rolls: [3]\n", "    rolls: [3]\n    normal: true\n", "exactly one weather is the normal one"),
        (
            "marker: poison, sheltered: true",
            "marker: poison, wound: legs, sheltered: true",
            "either a wound or a marker",
        ),
        ("  stays: [2, 3, 4, 5]", "  stays: [2, 3, 4]", "share the faces 1 to 6, each once"),
        ("move_limit: 80", "move_limit: 80.5", "integer"),
    ],
)
def test_a_broken_weather_file_is_refused(tmp_path, old, new, words):
    path, _line = broken(tmp_path, WEATHER, old, new)
    found = problems(path)
    assert len(found) == 1 and words in found[0][2], found
