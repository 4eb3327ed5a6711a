"""The weather played (optional rule 3; rulebook L804-824, DECISIONS.md S29, S35, S37):
the option's rolls, the weathers in force kept in the state, and what the flow asks
of them. The table's arithmetic is play/weather.py.

- Before preparation step 1 (S29; a freely laid-out table: before anything is
  placed) 2 W6 give the weather; the option "two" or "three" rolls as often and the
  weathers combine (L824).
- The table the rules build carries the weathers' limits (state.build_table): a
  storm limits every movement action to 8 cm, dense fog sight to 15 cm (S37).
- A snowstorm makes a card cost 3 SP (tactical_phase.card_cost); light fog makes the
  players deploy in turn (laying_out, deploying).
- After end-phase step 6 (S29) each warrior the weather reaches makes its
  end-of-round roll (`end_of_round_rolls`, rolled by play/rounds.py): an ion storm
  wounds the torso, armour useless (S5); acid rain gives a poison marker to those
  not sheltered all round by a rain-cover piece (S35: touching one at the start of
  the activation phase, after each of its moves and charges, and at the check).
- The option "changing": in end-phase step 11 a d6 changes the weather (L824): 1
  another 2 W6 roll adds a weather, 2-5 it stays, 6 normal weather.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.core import ChanceSpec, Event
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.options import WEATHER
from tabletop.games.skirmish.play import auras, dice
from tabletop.games.skirmish.play.chance import PendingRoll, attribute
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.play.state import SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card, card_warrior
from tabletop.games.skirmish.play.weather import Conditions, change_of, changed, named, weather_of
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.table import Table
from tabletop.games.skirmish.weather_schema import Weather, WeatherData
from tabletop.i18n import N_, Message, data_name

#: the option's values: the 2 W6 rolls before the game
ROLLS_BEFORE = {"off": 0, "on": 1, "changing": 1, "two": 2, "three": 3}

START, CHANGE, AGAIN = "start", "change", "again"

ROLLED = N_("Weather: {first} + {second} = {total}: {weather}. {effect}")
ADDED = N_("Weather: {first} + {second} = {total}: {weather} joins. {effect}")
KEPT = N_("Weather: {first} + {second} = {total}: {weather}; the weather in force stays.")
CHANGE_ROLLED = {
    "again": N_("Weather change: {face}: another weather joins; 2 dice are rolled."),
    "stays": N_("Weather change: {face}: the weather stays."),
    "normal": N_("Weather change: {face}: the weather turns to normal weather."),
}
STRUCK = N_("{name} takes a wound to the {zone} from the ion storm, armour useless.")
POISONED = N_("{name} gets a poison marker from the acid rain.")


def data() -> WeatherData:
    found: WeatherData = schema.bundled()[schema.WEATHER_FILE]
    return found


def catalogue() -> dict[str, Weather]:
    return {weather.key: weather for weather in data().weathers}


def weathers(keys: Sequence[str]) -> tuple[Weather, ...]:
    return named(data(), keys).weathers


def conditions(state: SkirmishState) -> Conditions:
    """What the weathers in force do together (none: no weather)."""
    return named(data(), state.weather)


# -- the rolls ---------------------------------------------------------------------------------


def begin(state: SkirmishState) -> None:
    """As the game is set up: the option's rolls are the first thing to happen."""
    count = ROLLS_BEFORE.get(state.options.get(WEATHER, "off"), 0)
    if count:
        state.weather_roll = {"kind": START, "left": count}


def waiting(state: SkirmishState) -> bool:
    return state.weather_roll is not None


def changes(state: SkirmishState) -> bool:
    """The option "changing": a d6 after each round (L824)."""
    return state.options.get(WEATHER) == "changing"


def await_change(state: SkirmishState) -> None:
    state.weather_roll = {"kind": CHANGE}


def chance_spec(state: SkirmishState) -> ChanceSpec:
    assert state.weather_roll is not None
    if state.weather_roll["kind"] == CHANGE:
        reason = Message(N_("Weather change: one die (1 another weather joins, 2-5 it stays, 6 normal weather)"))
        return ChanceSpec("dice", count=1, sides=6, reason=reason)
    return ChanceSpec("dice", count=2, sides=6, reason=Message(N_("Weather: 2 dice, their sum on the weather table")))


def rolled(state: SkirmishState, outcome: tuple[int, ...]) -> list[Event]:
    """The weather roll's faces carried out; the weathers in force change and the
    table takes their limits."""
    roll = state.weather_roll
    assert roll is not None
    table = data()
    if roll["kind"] == CHANGE:
        (face,) = outcome
        what = change_of(table, face)
        state.weather_roll = {"kind": AGAIN} if what == "again" else None
        if what != "again":
            state.weather = [w.key for w in changed(table, weathers(state.weather), face)]
        events = [Event(Message(CHANGE_ROLLED[what], {"face": face}), kind="weather", data={"faces": [face]})]
        return events + _limited(state)
    first, second = outcome
    found = weather_of(table, first + second)
    current = weathers(state.weather)
    after = changed(table, current, 1, first + second) if current else (found,)
    state.weather = [w.key for w in after]
    if found not in after or found in current:
        text = KEPT
    else:
        text = ADDED if len(after) > 1 else ROLLED
    left = roll.get("left", 1) - 1
    state.weather_roll = {"kind": START, "left": left} if roll["kind"] == START and left > 0 else None
    params = {
        "first": first,
        "second": second,
        "total": first + second,
        "weather": Message(found.name),
        "effect": Message(found.text),
    }
    event = Event(Message(text, params), kind="weather", data={"faces": [first, second]})
    return [event, *_limited(state)]


def _limited(state: SkirmishState) -> list[Event]:
    if state.table is not None:
        conditions(state).limit(state.table)
    return []


# -- shelter from acid rain (S35) --------------------------------------------------------------


def _shelters(state: SkirmishState) -> bool:
    return any(roll.sheltered for roll in conditions(state).end_of_round)


def under_cover(table: Table, model_id: str) -> bool:
    """The warrior touches a rain-cover piece (tree, dense forest, wreck), or stands in one."""
    model = table.models[model_id]
    near = model.radius + table.contact + EPS
    return any(
        piece.kind.rain_cover and (piece.contains(model.position) or piece.distance_to_point(model.position) <= near)
        for piece in table.pieces.values()
    )


def activation_begins(state: SkirmishState) -> None:
    """The activation phase begins: those not under cover now are exposed this round."""
    state.exposed = []
    if _shelters(state):
        table = table_of(state)
        state.exposed = [model_id for model_id in state.models if not under_cover(table, model_id)]


def moved(state: SkirmishState, model_id: str) -> None:
    """A warrior's move or charge ended: away from cover it is exposed this round."""
    if _shelters(state) and model_id in state.models and model_id not in state.exposed:
        if not under_cover(table_of(state), model_id):
            state.exposed.append(model_id)


def sheltered(state: SkirmishState, model_id: str) -> bool:
    """Under cover at every moment of the round that counts, the check included."""
    return model_id not in state.exposed and under_cover(table_of(state), model_id)


# -- the end-of-round rolls --------------------------------------------------------------------


def end_of_round_rolls(state: SkirmishState) -> list[dict[str, Any]]:
    """The rolls after end-phase step 6, weather by weather, warrior by warrior:
    {"kind": "weather", "model", "check" (the weather's key)}."""
    found: list[dict[str, Any]] = []
    for weather in weathers(state.weather):
        roll = weather.end_of_round
        if roll is None:
            continue
        for model_id, entry in state.models.items():
            if card_warrior(entry["warrior"]).contamination is not None and not roll.non_player:
                continue  # non-player warriors are immune to the ion storm (L808)
            if roll.sheltered and sheltered(state, model_id):
                continue
            found.append({"kind": "weather", "model": model_id, "check": weather.key})
    return found


def pending(state: SkirmishState, roll: Mapping[str, Any]) -> PendingRoll[dice.Successes]:
    entry = state.models[roll["model"]]
    check = catalogue()[roll["check"]].end_of_round
    assert check is not None
    value = auras.attribute_in_force(state, roll["model"], check.attribute)
    return attribute(entry["name"], check.attribute.upper(), dice.attribute_roll(value, check.difficulty))


def settled(state: SkirmishState, roll: Mapping[str, Any], result: dice.Successes) -> tuple[list[Event], bool]:
    """A failed end-of-round roll's wound or marker; True when the wound put the
    warrior out of action (the caller takes it off the table)."""
    if result.successes:
        return [], False
    entry = state.models[roll["model"]]
    check = catalogue()[roll["check"]].end_of_round
    assert check is not None
    if check.marker is not None:
        entry["markers"][check.marker] += 1
        return [
            Event(Message(POISONED, {"name": data_name(entry["name"])}), kind="marker", data={"model": roll["model"]})
        ], False
    assert check.wound is not None
    after = card(entry).hit(check.wound, 1, armour_ignored=True)  # armour useless (L808, S5)
    entry["marks"] = list(after.marks)
    message = Message(STRUCK, {"name": data_name(entry["name"]), "zone": Message(ZONE_NAMES[check.wound])})
    return [Event(message, kind="wound", data={"model": roll["model"], "zone": check.wound})], after.out_of_action
