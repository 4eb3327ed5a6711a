"""Deployment in the book's preparation (step 7, rulebook L348-358; DECISIONS S13):
the preparation's beginner deploys first: he chooses any table edge (`edge`), the
other side takes the opposite one; he places every warrior of his unit wholly
inside his zone (`add_model`, `place_model`, `remove_model`: play/laying_out.py,
with the zone from state.zone_of), then says so (`deployed`); the other side
deploys the same way. A zone is the own half by the side's deployment: open
battle at least 20 cm from the centre line, ambush at least 20 cm from the
table's centre (play/deployment.py). No warrior may stand in contact with an
enemy when its side has deployed.
"""

from __future__ import annotations

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.play import deployment, mission_play, preparation
from tabletop.games.skirmish.play.checks import illegal
from tabletop.games.skirmish.play.laying_out import start_fault, unplaced
from tabletop.games.skirmish.play.moves import DEPLOYED, EDGE
from tabletop.games.skirmish.play.state import SkirmishState
from tabletop.i18n import N_, Message, data_name

#: the kind of deployment when the game has no missions to say it (S13: the book's
#: open battle)
DEFAULT_DEPLOYMENT = "open_battle"

EDGE_NAMES = {
    "top": N_("the top edge"),
    "right": N_("the right edge"),
    "bottom": N_("the bottom edge"),
    "left": N_("the left edge"),
}


@EDGE.check
def _check_edge(rules: object, state: SkirmishState, edge: str) -> None:
    if state.edges[state.turn] is not None:
        raise illegal(N_("The edges are chosen."))


@EDGE.apply
def _edge(rules: object, state: SkirmishState, edge: str) -> Step:
    seat = state.turn
    chosen = deployment.edge_named(edge)
    state.edges[seat] = chosen
    state.edges[1 - seat] = deployment.OPPOSITE[chosen]
    for side in (0, 1):
        if state.deployments[side] is None:
            state.deployments[side] = DEFAULT_DEPLOYMENT
    message = Message(
        N_("{player} deploys along {edge}; {other_player} along the opposite one."),
        {"player": seat, "edge": Message(EDGE_NAMES[chosen]), "other_player": 1 - seat},
    )
    return Step([Event(message, kind="edge"), *mission_play.edge_chosen(state)])


@DEPLOYED.check
def _check_deployed(rules: object, state: SkirmishState) -> None:
    seat = state.turn
    if state.edges[seat] is None:
        raise illegal(N_("First choose the edge your warriors deploy along."))
    waiting = unplaced(state, seat)
    if waiting:
        raise illegal(
            N_("Every warrior of your unit deploys: {name} waits beside the table."), name=data_name(waiting[0]["name"])
        )
    fault = start_fault(state, seat)  # in its zone, none touching an enemy: as when a laid-out table starts
    if fault is not None:
        raise IllegalAction(fault)


@DEPLOYED.apply
def _deployed(rules: object, state: SkirmishState) -> Step:
    seat = state.turn
    state.ready[seat] = True
    events = [Event(Message(N_("{player} has deployed."), {"player": seat}))]
    if all(state.ready):
        return Step(events + preparation.step_done(state), commits=True)
    state.turn = 1 - seat
    return Step(events)
