"""Missions in play (rulebook L174-196, L342, L364-368, L440-442; DECISIONS S7, S11,
S12, S30, S41): the mission each side plays in preparation step 5, its objective
markers, its victory points (SIG) at each end phase or at the end, and the end of
the game. The scoring itself is play/missions.py; this module plays it on the state.

- Step 5 (L342, S11): the preparation's beginner plays a mission from those his unit
  may play (`mission`), then the other side. A mission may be played by a unit when
  its symbol is none or the unit's chosen symbol (S7). A secret mission is chosen
  behind the curtain and stays its player's until the game ends: the other seat's
  view and the public log say only that a secret mission was played. An open one is
  shown at once. When both are open they must differ: the second player chooses
  another (L342). Each side deploys by its mission (state.deployments, L352-358).
- Objective markers (S12): a marker on the table's centre is placed when its
  mission is played, so terrain keeps its distance from it. A marker on the centre
  line depends on the first deployer's edge (the line runs between the two halves):
  it is placed when that edge is chosen (step 7), after the terrain; terrain placed
  before does not keep its distance from it. Marker ids name the side, never the
  mission ("marker-1-1": side 1's first marker), so a secret mission's markers would
  not name it.
- Victory points: play/victory.py.
"""

from __future__ import annotations

from tabletop.engine.core import Action, Event, Step
from tabletop.games.skirmish.mission_schema import Mission
from tabletop.games.skirmish.play import missions, preparation, units, victory
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.deployment import edge_named
from tabletop.games.skirmish.play.moves import MISSION
from tabletop.games.skirmish.play.state import SkirmishState, snap, table_of
from tabletop.games.skirmish.play.victory import catalogue, marker_prefix
from tabletop.i18n import N_, Message, Nn_

PLACED = Nn_("{player} places {count} objective marker.", "{player} places {count} objective markers.")
#: the words of a mission's kind and deployment, as the screen shows them
KIND_NAMES = {True: N_("secret"), False: N_("open")}
DEPLOYMENT_NAMES = {"open_battle": N_("open battle"), "ambush": N_("ambush")}


def may_play(mission: Mission, symbol: str | None, shared: frozenset[str] = frozenset()) -> bool:
    """Whether a unit built on `symbol` may play the mission (L194-196, S7): its
    symbol is none or the unit's; with S7's option also a symbol all its warriors
    share (`shared`, as tactics.shared_symbols finds it)."""
    return mission.symbol is None or mission.symbol == symbol or mission.symbol in shared


def choices(state: SkirmishState, side: int) -> list[Mission]:
    """The missions `side`'s unit may play, in data order."""
    unit = state.units[side]
    symbol = units.Unit.from_setup(unit).symbol if unit is not None else None
    return [mission for mission in catalogue().values() if may_play(mission, symbol)]


# -- step 5 --------------------------------------------------------------------------------


@MISSION.check
def _check_mission(rules: object, state: SkirmishState, mission: str) -> None:
    seat = state.turn
    found = catalogue().get(mission)
    if found is None:
        raise illegal(N_("There is no such mission."))
    if state.missions[seat] is not None:
        raise illegal(N_("You have played your mission."))
    if found not in choices(state, seat):
        raise illegal(N_("{mission} is not a mission of your unit's symbol."), mission=Message(found.name))
    other = state.missions[1 - seat]
    if not found.secret and other == mission and not catalogue()[other].secret:
        raise illegal(N_("Both missions are open: choose another than {mission}."), mission=Message(found.name))


@MISSION.apply
def _mission(rules: object, state: SkirmishState, mission: str) -> Step:
    seat = state.turn
    played = catalogue()[mission]
    state.missions[seat] = mission
    state.deployments[seat] = played.deployment
    name = Message(played.name)
    if played.secret:
        events = [
            Event(
                Message(N_("{player} plays the secret mission {mission}."), {"player": seat, "mission": name}),
                kind="mission",
                seat=seat,
                public=Message(N_("{player} plays a secret mission, face down."), {"player": seat}),
            )
        ]
    else:
        words = Message(
            N_("{player} plays the open mission {mission} ({deployment}): {text}"),
            {
                "player": seat,
                "mission": name,
                "deployment": Message(DEPLOYMENT_NAMES[played.deployment]),
                "text": Message(played.text),
            },
        )
        events = [Event(words, kind="mission")]
    events += _place(state, seat, played, centre_line=False)
    if state.missions[1 - seat] is None:
        state.turn = 1 - seat
        return Step(events)
    return Step(events + preparation.step_done(state), commits=True)


def _place(state: SkirmishState, side: int, mission: Mission, centre_line: bool) -> list[Event]:
    """The mission's markers on the centre (when it is played) or on the centre line
    (when the first deployer's edge is chosen)."""
    first_edge = state.edges[state.first]
    table = table_of(state)
    if centre_line and first_edge is None:
        return []
    spots = missions.objective_spots(mission, table, edge_named(first_edge) if first_edge else "top")
    count = 0
    for number, (objective, spot) in enumerate(zip(mission.objectives, spots, strict=True), start=1):
        if (objective.place == "centre_line") != centre_line:
            continue
        key = f"{marker_prefix(side)}{number}"
        state.objectives[key] = [snap(spot[0]), snap(spot[1])]
        table.objectives[key] = (state.objectives[key][0], state.objectives[key][1])
        count += 1
    if not count:
        return []
    return [Event(Message(PLACED[0], {"player": side, "count": count}, PLACED[1]), kind="objectives")]


def edge_chosen(state: SkirmishState) -> list[Event]:
    """Step 7's first edge is chosen: the markers on the centre line are placed."""
    events = []
    for side in (state.first, 1 - state.first):
        key = state.missions[side]
        if key is not None:
            events += _place(state, side, catalogue()[key], centre_line=True)
    return events


def sample(state: SkirmishState) -> list[Action]:
    """The missions the side to choose may play now (for random play)."""
    seat = state.turn
    other = state.missions[1 - seat]
    open_other = other if other is not None and not catalogue()[other].secret else None
    return [MISSION.action(mission=m.key) for m in choices(state, seat) if m.secret or m.key != open_other]


def secret_alternatives(state: SkirmishState, side: int) -> list[str]:
    """The other secret missions of the same deployment `side` might have played in
    place of its secret one not yet revealed (for the leak tests)."""
    if not victory.secret(state, side):
        return []
    played = catalogue()[str(state.missions[side])]
    return [
        m.key
        for m in choices(state, side)
        if m.secret and m.key != played.key and m.deployment == played.deployment and not m.objectives
    ]
