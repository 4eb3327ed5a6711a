"""The skirmish game's rolls as chance steps of the engine.

A roll waiting for its dice is a `PendingRoll`: the roll (play/dice.py) and what it
is, in words. `chance_spec` asks the engine for its dice with a reason the players
read ("Yuri's PSI roll, difficulty 5: 4 dice"); a roll without dice (an attribute at
0, L240) asks for none and is settled at once with no faces. `settle` turns the faces
drawn or typed into the roll's outcome and `rolled` is its line in the log. Players
who roll real dice type a whole pool in one go: `parse_faces` reads "35146" or
"3 5 1 4 6" and says plainly what is wrong with anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tabletop.engine.core import ChanceSpec, Event, IllegalAction
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.dice import (
    SIDES,
    AttributeRoll,
    Burn,
    Comparison,
    ComparisonRoll,
    FireRoll,
    Hit,
    HitRoll,
    Roll,
    Successes,
)
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.i18n import N_, Message, Nn_, data_name

#: a warrior's name in a roll's words: a card's name (translated where shown) or a message
Name = str | Message

T = TypeVar("T")

# -- what a roll is ("{roll}" in the reasons and log lines below) --------------------
ATTRIBUTE = N_("{warrior}'s {attribute} roll")
STRENGTH = N_("Strength roll against {warrior}")
EXPLOSION = N_("Explosion on {warrior}")
COMPARISON = N_("{warrior} and {other} compare {attribute}")
HIT = N_("Hit roll on {warrior}")
FIRE = N_("Fire on {warrior}")

# -- the reasons the engine shows when it asks for the dice ----------------------------
POOL_REASON = Nn_("{roll}, difficulty {difficulty}: {count} die", "{roll}, difficulty {difficulty}: {count} dice")
COMPARISON_REASON = N_("{roll}: one die each, {warrior}'s first")
HIT_REASON = N_("{roll}: one die")
FIRE_REASON = Nn_(
    "{roll}: {count} die, a wound for each above WID {wid}", "{roll}: {count} dice, a wound for each above WID {wid}"
)

# -- the log lines -------------------------------------------------------------------
POOL_ROLLED = Nn_(
    "{roll} at difficulty {difficulty}: {faces}, {count} success.",
    "{roll} at difficulty {difficulty}: {faces}, {count} successes.",
)
NO_DICE = N_("{roll} fails without dice.")
COMPARED = N_("{roll}: {warrior} {first}, {other} {second}; {winner} wins.")
COMPARED_TIE = N_("{roll}: {first} each and equal {attribute}; roll again.")
HIT_ROLLED = N_("{roll}: {face}.")
BURNED = Nn_("{roll}: {faces}, {count} wound.", "{roll}: {faces}, {count} wounds.")

# -- the lines of the dice tray, one above each roll of an attack ----------------------
POOL_ROW = Nn_("{roll}, difficulty {difficulty}: {count} success", "{roll}, difficulty {difficulty}: {count} successes")
COMPARED_ROW = N_("{attribute}: {warrior} {first}, {other} {second}; {winner} wins")
COMPARED_TIE_ROW = N_("{attribute}: {first} each; roll again")
HIT_ROW = N_("{roll}: {face} = {zone}")
BURNED_ROW = Nn_("{roll}: {count} wound", "{roll}: {count} wounds")
#: an attack's outcome under its rolls
WOUNDED_ROW = Nn_("{target}: {count} wound ({zone})", "{target}: {count} wounds ({zone})")
MISSED_ROW = N_("No success: the attack fails")

# -- typing the faces in -------------------------------------------------------------
NO_FACES = Nn_("Type the face of the die.", "Type the faces of the {count} dice, for example 35146.")
NOT_A_FACE = N_('"{text}" is not a face: type the faces as numbers from 1 to {sides}.')
FACE_OUT_OF_RANGE = N_("{face} is not a face of a die with {sides} sides: type 1 to {sides}.")
WRONG_COUNT = Nn_(
    "Type {count} face, one for each die (you typed {typed}).",
    "Type {count} faces, one for each die (you typed {typed}).",
)


@dataclass(frozen=True)
class PendingRoll(Generic[T]):
    """A roll waiting for its dice: the roll, what it is in words (`what`, used in its
    reason and its log line) and, for a comparison, the two warriors' names and the
    attribute they compare (its log line names the winner)."""

    roll: Roll[T]
    what: Message
    names: tuple[Name, ...] = ()

    @property
    def dice(self) -> int:
        return self.roll.dice


def attribute(warrior: Name, attribute: str, roll: AttributeRoll) -> PendingRoll[Successes]:
    """An attribute roll of a warrior (made with dice.attribute_roll, dodge_roll,
    disengage_roll, fear_roll ...); `attribute` is PSI, KAT, WID or GES as printed."""
    return PendingRoll(roll, Message(ATTRIBUTE, {"warrior": data_name(warrior), "attribute": attribute}))


def strength(target: Name, roll: AttributeRoll) -> PendingRoll[Successes]:
    """A shot's strength roll against its target (dice.strength_roll)."""
    return PendingRoll(roll, Message(STRENGTH, {"warrior": data_name(target)}))


def explosion(warrior: Name, roll: AttributeRoll) -> PendingRoll[Successes]:
    """An Explosiv (X) roll on a warrior under the template (dice.explosion_roll)."""
    return PendingRoll(roll, Message(EXPLOSION, {"warrior": data_name(warrior)}))


def comparison(warrior: Name, other: Name, attribute: str, roll: ComparisonRoll) -> PendingRoll[Comparison]:
    """Two warriors compare an attribute; the first die is `warrior`'s."""
    names = (data_name(warrior), data_name(other))
    what = Message(COMPARISON, {"warrior": names[0], "other": names[1], "attribute": attribute})
    return PendingRoll(roll, what, (*names, attribute))


def hit(target: Name, roll: HitRoll) -> PendingRoll[Hit]:
    """A hit roll on the target's hit index."""
    return PendingRoll(roll, Message(HIT, {"warrior": data_name(target)}))


def fire(warrior: Name, roll: FireRoll) -> PendingRoll[Burn]:
    """The end phase's fire roll on a warrior with Brand markers."""
    return PendingRoll(roll, Message(FIRE, {"warrior": data_name(warrior)}))


def chance_spec(pending: PendingRoll[T]) -> ChanceSpec | None:
    """The engine's chance step for the roll's dice, with its reason; None for a roll
    that needs no dice (settle it at once with no faces)."""
    if pending.dice == 0:
        return None
    return ChanceSpec("dice", count=pending.dice, sides=SIDES, reason=reason(pending))


def reason(pending: PendingRoll[T]) -> Message:
    """Why the dice are asked for, in words: the roll, its difficulty, how many dice."""
    roll, what = pending.roll, pending.what
    if isinstance(roll, AttributeRoll):
        return count_message(POOL_REASON, roll.dice, {"roll": what, "difficulty": roll.difficulty})
    if isinstance(roll, ComparisonRoll):
        return Message(COMPARISON_REASON, {"roll": what, "warrior": pending.names[0]})
    if isinstance(roll, FireRoll):
        return count_message(FIRE_REASON, roll.dice, {"roll": what, "wid": roll.wid})
    if isinstance(roll, HitRoll):
        return Message(HIT_REASON, {"roll": what})
    raise TypeError(f"no reason for {type(roll).__name__}")


def settle(pending: PendingRoll[T], faces: tuple[int, ...]) -> T:
    """The roll's outcome from the faces the engine drew or the players typed."""
    return pending.roll.outcome(faces)


def rolled(pending: PendingRoll[T], outcome: T) -> Event:
    """The roll's line in the log; a roll with dice shows them in the dice tray, with
    the dice that count lit, a short line above them and, for a hit roll, the hit
    index it is read on (the tray's data, tabletop/ui/game_screen/tray.py)."""
    what = pending.what
    tray: dict[str, Any] = {}
    if isinstance(outcome, Successes):
        faces = outcome.faces
        if not faces:
            return Event(Message(NO_DICE, {"roll": what}))
        params = {"roll": what, "difficulty": outcome.difficulty, "faces": _written(faces)}
        message = count_message(POOL_ROLLED, outcome.successes, params)
        tray["lit"] = [face >= outcome.difficulty for face in faces]
        tray["row"] = count_message(POOL_ROW, outcome.successes, {"roll": what, "difficulty": outcome.difficulty})
    elif isinstance(outcome, Comparison):
        faces = outcome.faces
        warrior, other, attribute_name = pending.names
        first, second = outcome.totals
        if outcome.winner is None:
            message = Message(COMPARED_TIE, {"roll": what, "first": first, "attribute": attribute_name})
            tray["row"] = Message(COMPARED_TIE_ROW, {"attribute": attribute_name, "first": first})
        else:
            params = {"warrior": warrior, "other": other, "first": first, "second": second}
            winner = pending.names[outcome.winner]
            message = Message(COMPARED, {**params, "roll": what, "winner": winner})
            tray["row"] = Message(COMPARED_ROW, {**params, "attribute": attribute_name, "winner": winner})
            tray["lit"] = [outcome.winner == 0, outcome.winner == 1]
    elif isinstance(outcome, Hit):
        faces = (outcome.face,)
        message = Message(HIT_ROLLED, {"roll": what, "face": outcome.face})
        hit_index: tuple[str, ...] = pending.roll.hit_index if isinstance(pending.roll, HitRoll) else ()
        tray["index"] = [zone_name(zone) for zone in hit_index]
        tray["row"] = Message(HIT_ROW, {"roll": what, "face": outcome.face, "zone": zone_name(outcome.zone)})
    elif isinstance(outcome, Burn):
        faces = outcome.faces
        message = count_message(BURNED, outcome.wounds, {"roll": what, "faces": _written(faces)})
        assert isinstance(pending.roll, FireRoll)  # a burn comes only from the fire roll
        tray["lit"] = [face > pending.roll.wid for face in faces]
        tray["row"] = count_message(BURNED_ROW, outcome.wounds, {"roll": what})
    else:
        raise TypeError(f"no log line for {type(outcome).__name__}")
    return Event(message, kind="dice", data={"faces": list(faces), **tray})


def outcome_data(face: int | None = None, summary: Message | None = None) -> dict[str, Any]:
    """The data that makes an event the outcome of the rolls before it: the dice tray
    writes `summary` (or the event's line) under them and marks the face the hit index
    was finally read at."""
    data: dict[str, Any] = {"result": True}
    if face is not None:
        data["face"] = face
    if summary is not None:
        data["summary"] = summary
    return data


def wounded(target: Name, zone: str, wounds: int) -> Message:
    """An attack's outcome in short: "Gorm: 2 wounds to the arms"."""
    return count_message(WOUNDED_ROW, wounds, {"target": data_name(target), "zone": zone_name(zone)})


def missed() -> Message:
    return Message(MISSED_ROW)


#: the body zones' names by the hit index's words
_ZONE_WORDS: dict[str, str] = {str(key): name for key, name in ZONE_NAMES.items()}


def zone_name(zone: str) -> Message:
    """A body zone's name (of a hit index), translated where shown."""
    return Message(_ZONE_WORDS[zone])


def _written(faces: tuple[int, ...]) -> str:
    """Faces as the log writes them: "1 4 5 6"."""
    return " ".join(str(face) for face in faces)


def parse_faces(text: str, count: int, sides: int = SIDES) -> tuple[int, ...]:
    """The faces of `count` dice typed in one go: "35146", "3 5 1 4 6" or "3,5,1,4,6"
    (dice of up to 9 sides may run together; larger ones need spaces or commas).
    IllegalAction says what is wrong: a character that is no face, a face the die
    does not have, or too few or too many faces.

    >>> parse_faces("35146", 5)
    (3, 5, 1, 4, 6)
    """
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalAction(count_message(NO_FACES, count))
    tokens = [digit for word in words for digit in word] if sides <= 9 else words
    faces = []
    for token in tokens:
        if not token.isascii() or not token.isdigit():
            raise IllegalAction(Message(NOT_A_FACE, {"text": token, "sides": sides}))
        face = int(token)
        if not 1 <= face <= sides:
            raise IllegalAction(Message(FACE_OUT_OF_RANGE, {"face": face, "sides": sides}))
        faces.append(face)
    if len(faces) != count:
        raise IllegalAction(count_message(WRONG_COUNT, count, {"typed": len(faces)}))
    return tuple(faces)
