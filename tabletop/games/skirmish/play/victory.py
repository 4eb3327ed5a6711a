"""Victory points in play (rulebook L364-368, L440-442; DECISIONS S11, S30, S41): the
missions the sides play (play/mission_play.py) score on the state, by the plain
functions of play/missions.py.

- Step 10 of each end phase (L440-442): each mission that scores each end phase adds
  what it earned to its side's SIG, never below 0, with a log line for each goal
  that earned (its `Earned` message says how) or one saying it earned nothing.
- The end of the game (L364): the missions that score at the end (the secret ones,
  S11) are revealed in the log and score; rules.result reads the SIG (S30).
- Non-player warriors never count in a mission (S41): a mission counts only the two sides'
  warriors, those on the table and those put out of action (`note_removed` keeps
  what a mission needs of a warrior that left the table: its side, card and round).
- A non-player warrior put out of action by a player's attack scores its infestation
  value to that player (L800, `non_players_killed`).
- A secret mission is its player's until the game ends (`readable`).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Event
from tabletop.games.skirmish import schema
from tabletop.games.skirmish.mission_schema import Mission
from tabletop.games.skirmish.play import missions
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.state import NON_PLAYER_SIDE, OVER, SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import card_warrior
from tabletop.i18n import N_, Message, data_name


def catalogue() -> dict[str, Mission]:
    """The missions of missions.yaml by key, in data order."""
    return {mission.key: mission for mission in schema.bundled()[schema.MISSIONS_FILE].missions}


def marker_prefix(side: int) -> str:
    """The start of the ids of `side`'s mission's markers ("marker-1-1": side 1's first)."""
    return f"marker-{side + 1}-"


def note_removed(state: SkirmishState, model_id: str, entry: dict[str, Any]) -> None:
    """A warrior put out of action, as the missions count it later."""
    state.fallen[model_id] = {
        "side": entry["side"],
        "warrior": entry["warrior"],
        "name": entry["name"],
        "round": state.round,
    }


def fighters(state: SkirmishState) -> list[missions.Fighter]:
    """Every player's warrior of the game, on the table or put out of action."""
    items = starter_set().items
    found = []
    for model_id, entry in state.models.items():
        if entry["side"] == NON_PLAYER_SIDE:
            continue
        warrior = card_warrior(entry["warrior"])
        carries = frozenset(mode.category for key in warrior.equipment for mode in items[key].modes)
        leader = state.leaders[entry["side"]] == entry["name"]
        found.append(missions.Fighter(model_id, entry["side"], warrior.points or 0, leader, carries))
    for model_id, fell in state.fallen.items():
        if fell["side"] == NON_PLAYER_SIDE:
            continue
        warrior = card_warrior(fell["warrior"])
        leader = fell["side"] in (0, 1) and state.leaders[fell["side"]] == fell["name"]
        found.append(missions.Fighter(model_id, fell["side"], warrior.points or 0, leader, removed_in=fell["round"]))
    return found


def score(state: SkirmishState, at_end: bool) -> list[Event]:
    """Step 10 of an end phase (`at_end` False: the missions that score each end
    phase), or the end of the game (those that score at the end, revealed first):
    each adds what it earned to its side's SIG (never below 0)."""
    events: list[Event] = []
    table = table_of(state)
    everyone = fighters(state)
    for side in (state.first, 1 - state.first):
        key = state.missions[side]
        if key is None:
            continue
        mission = catalogue()[key]
        if (mission.scores == "end") != at_end:
            continue
        name = Message(mission.name)
        if mission.secret:
            reveal = Message(
                N_("{player}'s secret mission is revealed: {mission}. {text}"),
                {"player": side, "mission": name, "text": Message(mission.text)},
            )
            events.append(Event(reveal, kind="mission"))
        spots = [(spot[0], spot[1]) for oid, spot in state.objectives.items() if oid.startswith(marker_prefix(side))]
        earned = missions.score(mission, side, table, everyone, state.round, spots)
        for got in earned:
            state.sig[side] = missions.total(state.sig[side], got.points)
            state.scored.append(
                {"side": side, "round": 0 if at_end else state.round, "points": got.points, "how": got.how.to_json()}
            )
            # `how` ends with the points it earned ("…: 2 SIG."): the line says them once
            message = Message(
                N_("{player} scores by {mission}: {how}"), {"player": side, "mission": name, "how": got.how}
            )
            events.append(Event(message, kind="sig"))
        if not earned:
            nothing = Message(N_("{player} scores no SIG by {mission}."), {"player": side, "mission": name})
            events.append(Event(nothing, kind="sig"))
    if events:
        events.append(Event(standing(state), kind="sig", data={"about": None}))  # both sides
    return events


#: the score sheet's line for a non-player warrior put out of action (kept in the state
#: with the warrior's name as on the table; `shown` names it in the language shown)
NON_PLAYER_KILLED = N_("{name}, a non-player warrior, put out of action: {points} SIG.")


def shown(how: Message) -> Message:
    """What earned the points, as the log and the score sheet show it: a non-player
    warrior by its name in the language shown (its card's name translated)."""
    if how.text == NON_PLAYER_KILLED and isinstance(how.params.get("name"), str):
        return Message(how.text, {**how.params, "name": data_name(how.params["name"])}, how.plural)
    return how


def non_players_killed(state: SkirmishState, out: tuple[str, ...], attacker: int | None) -> list[Event]:
    """Non-player warriors among `out` (still on the table) put out of action by an
    attack of `attacker`'s warrior: their infestation values to its SIG (L800; None:
    not by a player's attack, nobody scores)."""
    events: list[Event] = []
    for model_id in out:
        entry = state.models.get(model_id)
        if attacker is None or entry is None or entry["side"] != NON_PLAYER_SIDE:
            continue
        points = card_warrior(entry["warrior"]).contamination or 0
        # the score sheet's line says what it earned, as a mission's goals do
        how = Message(NON_PLAYER_KILLED, {"name": entry["name"], "points": points})
        state.sig[attacker] = missions.total(state.sig[attacker], points)
        state.scored.append({"side": attacker, "round": state.round, "points": points, "how": how.to_json()})
        message = Message(N_("{player} scores: {how}"), {"player": attacker, "how": shown(how)})
        events.append(Event(message, kind="sig"))
    return events


def standing(state: SkirmishState) -> Message:
    """Both sides' victory points."""
    return Message(
        N_("Victory points: {first_player} {first_sig} SIG, {second_player} {second_sig} SIG."),
        {"first_player": 0, "first_sig": state.sig[0], "second_player": 1, "second_sig": state.sig[1]},
    )


def secret(state: SkirmishState, side: int) -> bool:
    """Whether `side` plays a secret mission not yet revealed (it is until the game ends)."""
    key = state.missions[side]
    return key is not None and catalogue()[key].secret and state.phase != OVER


def readable(state: SkirmishState, side: int, looker: int | None) -> str | None:
    """`side`'s mission as `looker` may read it: an open one, the looker's own, or any
    once the game is over (None: none played, or a secret kept from the looker)."""
    key = state.missions[side]
    if key is None or (secret(state, side) and looker != side):
        return None
    return key
