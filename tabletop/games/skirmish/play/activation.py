"""The activation phase (rulebook L398-416, L448-488; DECISIONS S14-S16): naming,
countering, passing, and the active warrior's actions.

- Naming: the side to name names a warrior of its own that may still be activated
  (not activated this round, some AP left). The other side may counter with one of
  a strictly higher current GES, and so on (L400); a side that cannot or will not
  counter lets the warrior named last stand, and it is activated (L402). When the
  side to answer has nobody who could counter, the warrior is activated at once.
- Passing: not naming at all. The round's beginner may not pass its first naming
  (L410); two passes in a row end the phase, and so does a pass when the other
  side has nobody left (L412, L404).
- The active warrior: moves (1 AP, 3 a round, the table's exact checks: the path
  of straight segments within the 10 cm allowance, never through what it may not
  cross, not ending in contact with an enemy), then ends its activation; the AP it
  keeps serve for reactions until the end phase (L488, S15). It is activated once a
  round (L414). A warrior in contact with an enemy that begins a move breaks away
  first (L472, S18; play/attack_moves.py), then moves along its path if it may.
"""

from __future__ import annotations

from tabletop.engine.core import Event, IllegalAction, Step
from tabletop.games.skirmish.play import attack_moves, burning, climbing, hiding, hostile, limits, rounds, weather_play
from tabletop.games.skirmish.play.checks import active_warrior, check_path, illegal
from tabletop.games.skirmish.play.moves import DONE, MOVE_MODEL, NAME, PASS, Corners
from tabletop.games.skirmish.play.state import SkirmishState, table_of
from tabletop.games.skirmish.play.warriors import may_be_activated, spend_ap
from tabletop.games.skirmish.table import movement
from tabletop.i18n import N_, Message, data_name

# -- naming ---------------------------------------------------------------------------------


@NAME.check
def _check_name(rules: object, state: SkirmishState, model: str) -> None:
    entry = state.models.get(model)
    if entry is None:
        raise illegal(N_("There is no such warrior."))
    if entry["side"] != state.turn:
        raise illegal(N_("That warrior belongs to the other player."))
    if not may_be_activated(entry):
        if entry["ap"] <= 0:
            raise illegal(N_("{name} has no AP left: it counts as activated."), name=data_name(entry["name"]))
        raise illegal(N_("{name} has been activated this round."), name=data_name(entry["name"]))
    if state.named:
        last = state.named[-1]
        above = rounds.ges(state, last)
        if rounds.ges(state, model) <= above:
            raise illegal(
                N_("A counter needs a GES above {ges}: {name} has GES {own}."),
                ges=above,
                name=data_name(entry["name"]),
                own=rounds.ges(state, model),
            )


@NAME.apply
def _name(rules: object, state: SkirmishState, model: str) -> Step:
    entry = state.models[model]
    value = rounds.ges(state, model)
    text = N_("{player} counters with {name}, GES {ges}.") if state.named else N_("{player} names {name}, GES {ges}.")
    events = [
        Event(Message(text, {"player": entry["side"], "name": data_name(entry["name"]), "ges": value}), kind="name")
    ]
    state.named.append(model)
    state.opened = True
    state.passes = 0
    answer = 1 - entry["side"]
    if rounds.counters(state, answer, value):
        state.turn = answer
    else:
        events += rounds.activate(state, model)
    return Step(events)


@PASS.check
def _check_pass(rules: object, state: SkirmishState) -> None:
    if not state.named and not state.opened and state.turn == state.beginner:
        raise illegal(N_("The round's beginner names a warrior first; passing comes later."))


@PASS.apply
def _pass(rules: object, state: SkirmishState) -> Step:
    seat = state.turn
    if state.named:
        last = state.named[-1]
        events = [
            Event(
                Message(
                    N_("{player} lets {name} stand."), {"player": seat, "name": data_name(state.models[last]["name"])}
                )
            )
        ]
        return Step(events + rounds.activate(state, last))
    state.passes += 1
    events = [Event(Message(N_("{player} passes."), {"player": seat}), kind="pass")]
    other = 1 - seat
    if state.passes >= 2 or not rounds.to_activate(state, other):
        for entry in state.models.values():
            entry["activated"] = True
        events.append(Event(Message(N_("The activation phase ends."))))
        return Step(events + rounds.begin_end_phase(state))
    state.turn = other
    return Step(events)


# -- the active warrior ---------------------------------------------------------------------


@MOVE_MODEL.check
def _check_move(rules: object, state: SkirmishState, model: str, path: Corners) -> None:
    entry = active_warrior(state, model)
    if entry["ap"] < limits.MOVE_COST.ap:
        raise illegal(N_("{name} has no AP left."), name=data_name(entry["name"]))
    spent = limits.MOVE_COST.refusal_of(entry)
    if spent is not None:
        raise IllegalAction(spent)
    on_top = climbing.plain_move_refusal(state, model)  # S33: it comes down by a climb
    if on_top is not None:
        raise IllegalAction(on_top)
    check_path(state, model, path)
    if not movement.move_may_end(table_of(state), model, path[-1]):
        raise illegal(N_("A move may not end in contact with an enemy."))


@MOVE_MODEL.apply
def _move(rules: object, state: SkirmishState, model: str, path: Corners) -> Step:
    table = table_of(state)
    unhidden = hiding.ends(state, model)  # moving ends hiding (S32)
    if table.engaged(model):
        # a warrior in contact breaks away first; the move's AP and use are among its spends
        return attack_moves.disengage(state, model, path)
    seat = state.turn
    length, cost = movement.path_cost(table, path)
    entry = state.models[model]
    entry["position"] = list(path[-1])
    table.move_model(model, path[-1])
    weather_play.moved(state, model)
    spend_ap(entry, limits.MOVE_COST.ap)
    limits.MOVE_COST.record(entry)
    params = {"player": seat, "name": data_name(entry["name"]), "distance": length / 10}
    if cost > length + 0.05:
        message = Message.counted(
            "{name} moves {distance:.1f} cm (counting {cost:.1f} cm); {count} AP left.",
            "{name} moves {distance:.1f} cm (counting {cost:.1f} cm); {count} AP left.",
            entry["ap"],
            {**params, "cost": cost / 10},
        )
    else:
        message = Message.counted(
            "{name} moves {distance:.1f} cm; {count} AP left.",
            "{name} moves {distance:.1f} cm; {count} AP left.",
            entry["ap"],
            params,
        )
    moved = Event(message, kind="move", data={"model": model, "path": [list(p) for p in path]})
    # ending in hostile terrain hurts (S34); its hit rolls follow
    return Step([*unhidden, moved, *burning.after_move(state, model), *hostile.after_move(state, model)])


@DONE.apply
def _done(rules: object, state: SkirmishState) -> Step:
    model = state.active
    assert model is not None
    entry = state.models[model]
    events = [
        Event(
            Message.counted(
                "{name} ends its activation with {count} AP left.",
                "{name} ends its activation with {count} AP left.",
                entry["ap"],
                {"name": data_name(entry["name"])},
            )
        )
    ]
    # the side that did not activate names next (S14)
    return Step(events + rounds.naming_by(state, 1 - entry["side"]))
