"""Burning terrain (Entflammbar with Brand, rulebook L702; DECISIONS S31, S35): under the
extended terrain rules a flammable piece receives fire markers.

- A weapon with Brand (X) whose template reaches a flammable piece, or that shoots at
  one (play/destruction.py), gives it X fire markers (S31); each new marker counts as
  an attack on a piece with Zerstörung (X) (play/destruction.py). A piece with a
  marker burns: it can no longer be crossed and hinders sight one step more
  (table/terrain.py); the fire never dies (S35).
- A warrior touching a burning piece (standing in it counts as touching, S35) at its
  activation or at the end of its move receives one fire marker at once.
- In the end phase, before the fire roll (step 3), every burning piece gets one more
  marker and every warrior still standing in burning terrain one more fire marker.
- A warrior activated in burning terrain must first move out of it (L702, S35): until
  it has made a move its other actions are refused (`must_leave`; the refusal is
  play/checks.active_warrior's); a move may leave burning terrain but not end in it
  (the table's `standing_in`). One that cannot leave (`way_out`: no move left to it,
  or nowhere one move or a climb, swim or jump from where it stands would take it) is
  not held: it stays, may act otherwise, and burns again in the end phase.

A piece's markers are its entry's "fire" count; "burning" says it has any.
"""

from __future__ import annotations

from tabletop.engine.core import Event
from tabletop.games.skirmish.play import auras, destruction, limits
from tabletop.games.skirmish.play.attack import MARKERS, count_message
from tabletop.games.skirmish.play.checks import IN_FIRE, LEAVE_FIRE
from tabletop.games.skirmish.play.state import SkirmishState, kinds, table_of
from tabletop.games.skirmish.table import measure, planar, terrain_moves
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.reach import grow
from tabletop.i18n import N_, Message, data_name

TRAPPED = N_("{name} stands in burning terrain and cannot get out: it stays and burns on.")


def flammable(state: SkirmishState, piece_id: str) -> bool:
    return table_of(state).ruleset.terrain_rules and kinds()[state.pieces[piece_id]["kind"]].properties.flammable


def burning_pieces(state: SkirmishState) -> list[str]:
    return [piece for piece, data in state.pieces.items() if data.get("burning") and flammable(state, piece)]


def touching(state: SkirmishState, model: str) -> list[str]:
    """The burning pieces the warrior's base touches or stands in."""
    table = table_of(state)
    warrior = table.models[model]
    reach = warrior.radius + table.contact + EPS
    return [
        piece for piece in burning_pieces(state) if table.pieces[piece].distance_to_point(warrior.position) <= reach
    ]


def standing_in(state: SkirmishState, model: str) -> list[str]:
    """The burning pieces the warrior's base overlaps."""
    table = table_of(state)
    warrior = table.models[model]
    return [
        piece
        for piece in burning_pieces(state)
        if any(
            planar.point_convex_signed_distance(warrior.position, part) < warrior.radius - EPS
            for part in table.pieces[piece].parts
        )
    ]


def set_fire(state: SkirmishState, piece_id: str, markers: int, by: str | Message) -> list[Event]:
    """`markers` fire markers on a flammable piece (by the warrior or cause named `by`):
    it burns; each marker is an attack on it if it can be destroyed."""
    if markers <= 0 or not flammable(state, piece_id):
        return []
    data = state.pieces[piece_id]
    data["fire"] = data.get("fire", 0) + markers
    name = Message(kinds()[data["kind"]].name)
    said = Message.counted(
        "{piece} gets {count} fire marker.", "{piece} gets {count} fire markers.", markers, {"piece": name}
    )
    events = [Event(said, kind="burning", data={"piece": piece_id})]
    if not data.get("burning"):
        data["burning"] = True
        table_of(state).set_burning(piece_id, True)
        events.append(Event(Message(N_("{piece} is burning."), {"piece": name}), kind="burning"))
    if destruction.strength(state, piece_id):
        events += destruction.hit(state, piece_id, by, markers)
    return events


def template_reaches(
    state: SkirmishState, template: measure.Template, fire: int, by: str | Message, attacker: str | None = None
) -> list[Event]:
    """A Brand (X) weapon's template on the table: every flammable piece it reaches
    gets X markers (S31), but one that the `attacker` (model id) may not attack (L748)."""
    if fire <= 0:
        return []
    table = table_of(state)
    outline = template.polygon()
    events: list[Event] = []
    for piece_id in list(state.pieces):
        if not flammable(state, piece_id) or piece_id not in table.pieces:
            continue
        if attacker is not None and auras.attack_refusal(state, attacker, piece_id) is not None:
            continue
        if any(planar.convex_distance(outline, part) <= EPS for part in table.pieces[piece_id].parts):
            events += set_fire(state, piece_id, fire, by)
            table = table_of(state)  # a destroyed piece makes the table anew
    return events


def _catch(state: SkirmishState, model: str, count: int = 1) -> list[Event]:
    entry = state.models[model]
    entry["markers"]["fire"] += count
    return [Event(count_message(MARKERS["fire"], count, {"warrior": entry["name"]}), kind="marker")]


def after_move(state: SkirmishState, model: str) -> list[Event]:
    """A move has ended (or the warrior is activated): touching burning terrain gives a
    fire marker; having moved, it need no longer leave first."""
    if model not in state.models:
        return []
    state.effects = [effect for effect in state.effects if effect.get(LEAVE_FIRE) != model]
    return _catch(state, model) if touching(state, model) else []


def activated(state: SkirmishState, model: str) -> list[Event]:
    """The warrior is activated: a fire marker if it touches burning terrain; standing
    in it, it must first move out (S35)."""
    if not burning_pieces(state):
        return []
    events = _catch(state, model) if touching(state, model) else []
    if standing_in(state, model):
        name = data_name(state.models[model]["name"])
        if way_out(state, model):
            state.effects.append({LEAVE_FIRE: model})
            events.append(Event(Message(IN_FIRE, {"name": name})))
        else:
            events.append(Event(Message(TRAPPED, {"name": name})))
    return events


def way_out(state: SkirmishState, model: str) -> bool:
    """Whether the warrior can move out of the burning terrain it stands in (S35): it
    may still make a move, and the area one move reaches (the table's reach, without
    the places a move out of that terrain may not end) is not empty (asked a part at a
    time, till one holds a place), or a climb, swim or jump may begin where it stands."""
    if limits.MOVE_COST.refusal_of(state.models[model]) is not None:
        return False
    table = table_of(state)
    return any(grow(table, model).parts) or bool(terrain_moves.moves_from_here(table, model))


def must_leave(state: SkirmishState, model: str) -> bool:
    return any(effect.get(LEAVE_FIRE) == model for effect in state.effects)


def end_phase(state: SkirmishState) -> list[Event]:
    """End-phase step 3, before the fire roll: burning pieces burn on, warriors in them too."""
    events: list[Event] = []
    for piece in burning_pieces(state):
        if piece in state.pieces:
            events += set_fire(state, piece, 1, Message(N_("The fire")))
    for model in list(state.models):
        if standing_in(state, model):
            events += _catch(state, model)
    return events
