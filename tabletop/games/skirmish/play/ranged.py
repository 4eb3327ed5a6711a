"""Ranged attacks with a shooting or throwing weapon as a pure resolution (rulebook 6.B,
L548-574; section 8, L600-652; DECISIONS S5, S6, S23-S25).

A shot is an Attack (1 AP, 2 a round, L480) by a free warrior: no enemy touches it
(friends may, S23). Its target is a nearest enemy within the weapon's range, edge to
edge, and in sight; enemies engaged in melee may be skipped (L558). The table's own
geometry decides range, sight, obstacles and the nearest target (table/measure.py,
table/sight.py); this module never measures by itself.

The steps (L560-574): the shooter's KAT roll (the weapon's bonus counts, -1 for each
obstacle in the corridor or -X under the terrain rules) against the target's GES; no
success and the shot misses (S6). On an engaged target an odd number of successes
strays to the warrior touching the target that is nearest to the shooter, whatever
its side (S24). The hit roll on the target's index, shifted first by the target's own
effect (Geschmeidig, its player's choice, S3), then by the shooter spending successes
(one kept). Strength roll: the weapon's STÄ plus the successes kept against the
target's WID; each success a wound in the zone, less its armour (ranged armour too,
L746). The weapon's Brand and Furcht markers follow when a success survived to the hit
roll, wound or not (S25; the option "only with a wound" is `markers_need_wound`). No
reaction is offered to a ranged attack (S23).

Under the terrain rules a shooter on high ground adds 5 cm to its range and 2 to its
KAT against a target not on high ground (L694, S33).

A `Shot` is immutable plain data: `need` says what comes next (a chance.PendingRoll
or a `Choice`), `rolled(faces)` and `chose(option)` give the next shot with the
`events` of that step, until `outcome` is set. `to_data`/`from_data` keep a pending
shot in a match state. Costs and limits are the match's to enforce: `attack_cost`
says what a shot costs and which limits it counts against.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from tabletop.engine.core import ChanceSpec, Event, IllegalAction
from tabletop.games.skirmish.card_schema import Item, Mode
from tabletop.games.skirmish.play import chance
from tabletop.games.skirmish.play.attack import (
    DICE_AGAINST,
    HIGH_GROUND_KAT,
    HIT_TO,
    SUCCESSES,
    WOUNDS,
    Choice,
    Given,
    Modifiers,
    Outcome,
    Victim,
    Wound,
    check_free,
    count_message,
    element_name,
    reach,
    weapon,
    weapon_markers,
)
from tabletop.games.skirmish.play.chance import PendingRoll
from tabletop.games.skirmish.play.dice import (
    HitRoll,
    Successes,
    attacker_shifts,
    attribute_roll,
    effect_shifts,
    strength_roll,
    successes_after_shift,
)
from tabletop.games.skirmish.play.melee_messages import ARMOUR_TOOK
from tabletop.games.skirmish.play.profile import ProfileCard, through_armour
from tabletop.games.skirmish.table import measure, terrain_moves
from tabletop.games.skirmish.table.planar import EPS
from tabletop.games.skirmish.table.sight import sight
from tabletop.games.skirmish.table.table import Table
from tabletop.i18n import N_, Message, Nn_, data_name

NOT_AN_ENEMY = N_("{target} is not an enemy of {warrior}.")
OUT_OF_RANGE = N_("{target} is {distance:.1f} cm away; the {item} reaches {reach:.1f} cm.")
OUT_OF_SIGHT = N_("{warrior} cannot see {target}: {blocker} is in the way.")
#: dense fog (L812-814): nothing farther than the sight limit is seen
IN_FOG = N_(
    "{warrior} cannot see {target} {distance:.1f} cm away: in the fog nothing farther than {limit:g} cm is seen."
)
HIDDEN = N_("{target} is hidden: only an enemy at most 5 cm away may attack it.")
NOT_NEAREST = N_("{nearer} is nearer: a shot goes to a nearest enemy in range and sight.")

# -- choices -------------------------------------------------------------------------
CHOOSE_STRAY = N_("The shot strays: pick which of the equally near warriors it hits.")
CHOOSE_EFFECT_SHIFT = N_("{target}'s player may move the hit roll of {face} by up to {by}, one way.")
CHOOSE_SHIFT = N_("{shooter} may spend successes to move the hit roll of {face}, keeping one.")

# -- the log -------------------------------------------------------------------------
OBSTACLES = Nn_("{count} obstacle", "{count} obstacles")
DICE_PAST = N_("{dice} ({obstacles}: -{penalty} KAT)")
SHOT_MISSED = N_("{shooter} shoots at {target} ({item}): {dice}, no success: the shot misses.")
SHOT_STRAYS = N_("{target} is engaged and the successes are odd: the shot strays to {stray}.")
SHOT_LANDED = N_(
    "{shooter} shoots {target} ({item}): {dice}, {successes}, {hit}, strength {strength} against WID {wid}, {wounds}."
)


def target_refusals(
    table: Table,
    cards: Mapping[str, ProfileCard],
    shooter: str,
    item: Item,
    mode: Mode,
    unseen: frozenset[str] = frozenset(),
) -> dict[str, Message | None]:
    """Every enemy on the table with why it may not be shot at (None: it may): hidden
    from the shooter (`unseen`, S32), out of range, out of sight, or a nearer enemy
    to shoot first (L558)."""
    name = data_name(cards[shooter].warrior.name)
    limit = reach(table, shooter, mode)
    found = measure.targets(table, shooter, limit, unseen)
    allowed = set(found.allowed)
    seen = {candidate.model for candidate in found.candidates}
    # a candidate is refused only when a free enemy stands nearer: the first free one is
    nearest = next((c.model for c in found.candidates if not c.engaged), None)
    side = table.models[shooter].side
    answer: dict[str, Message | None] = {}
    for other in table.models.values():
        if other.side == side:
            continue
        target = data_name(cards[other.id].warrior.name if other.id in cards else other.name)
        if other.id in unseen:
            answer[other.id] = Message(HIDDEN, {"target": target})
        elif other.id in allowed:
            answer[other.id] = None
        elif other.id in seen and nearest is not None:
            answer[other.id] = Message(NOT_NEAREST, {"nearer": element_name(table, cards, nearest)})
        else:
            distance = measure.edge_distance(table, shooter, other.id)
            if distance > limit + EPS:
                params = {"target": target, "distance": distance / 10, "item": Message(item.name), "reach": limit / 10}
                answer[other.id] = Message(OUT_OF_RANGE, params)
            else:
                looked = sight(table, shooter, other.id)
                if looked.too_far:
                    params = {"warrior": name, "target": target, "distance": distance / 10}
                    answer[other.id] = Message(IN_FOG, {**params, "limit": (table.sight_limit or 0) / 10})
                    continue
                blocker = element_name(table, cards, looked.blocker or "")
                params = {"warrior": name, "target": target, "blocker": blocker}
                answer[other.id] = Message(OUT_OF_SIGHT, params)
    return answer


# -- the shot -----------------------------------------------------------------------------


Stage = Literal["kat", "stray", "hit", "effect_shift", "shift", "strength", "done"]


@dataclass(frozen=True)
class Shot:
    """A shot being resolved; see the module docstring. Make one with `aim`."""

    shooter: str
    shooter_name: str
    item: str
    item_name: str
    strength: int
    fire: int
    fear: int
    kat: int  # KAT in force with the weapon's bonus (and high ground), before obstacles
    penalty: int  # obstacles in the corridor
    obstacles: int
    target: Victim  # the intended target, then the one hit
    intended: str  # the name of the intended target
    engaged: bool  # the intended target was not free: odd successes stray (S24)
    strays: tuple[Victim, ...] = ()  # the warriors touching the intended target
    markers_need_wound: bool = False
    stage: Stage = "kat"
    dice: int = 0
    successes: int = 0
    face: int = 0  # the hit roll, then after the target's own shift
    rolled_face: int = 0
    kept: int = 0
    outcome: Outcome | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)

    # -- what comes next -----------------------------------------------------------

    @property
    def need(self) -> PendingRoll[Any] | Choice | None:
        """The next roll or choice; None once the shot has its outcome."""
        if self.stage == "kat":
            return chance.attribute(self.shooter_name, "KAT", attribute_roll(self.kat - self.penalty, self.target.ges))
        if self.stage == "hit":
            return chance.hit(self.target.name, HitRoll(self.target.hit_index))
        if self.stage == "strength":
            return chance.strength(self.target.name, strength_roll(self.strength, self.kept, self.target.wid))
        if self.stage == "stray":
            ids: tuple[int | str, ...] = tuple(v.id for v in _nearest(self.strays))
            return Choice(self.shooter, "stray", ids, Message(CHOOSE_STRAY))
        if self.stage == "effect_shift":
            params = {"target": data_name(self.target.name), "face": self.rolled_face, "by": self.target.shift}
            faces: tuple[int | str, ...] = effect_shifts(self.rolled_face, self.target.shift)
            return Choice(self.target.id, "effect_shift", faces, Message(CHOOSE_EFFECT_SHIFT, params))
        if self.stage == "shift":
            params = {"shooter": data_name(self.shooter_name), "face": self.face}
            return Choice(
                self.shooter, "shift", attacker_shifts(self.face, self.successes), Message(CHOOSE_SHIFT, params)
            )
        return None

    def chance_spec(self) -> ChanceSpec | None:
        """The engine's chance step for the roll waited for; None when a choice is
        waited for, the shot is over, or the roll needs no dice (then call
        `rolled(())` at once: it fails, L240)."""
        need = self.need
        return chance.chance_spec(need) if isinstance(need, PendingRoll) else None

    # -- taking the dice and the choices -------------------------------------------------

    def rolled(self, faces: tuple[int, ...]) -> Shot:
        """The next shot once the roll waited for shows `faces`."""
        need = self.need
        if not isinstance(need, PendingRoll):
            raise ValueError(f"the shot waits for no roll at stage {self.stage}")
        result = chance.settle(need, faces)
        event = chance.rolled(need, result)
        if self.stage == "kat":
            assert isinstance(result, Successes)
            return replace(self, dice=len(result.faces), successes=result.successes)._after_kat(event)
        if self.stage == "hit":
            face = faces[0]
            after = replace(self, rolled_face=face, face=face, stage="effect_shift" if self.target.shift else "shift")
            return after._skip_lone_choice((event,))
        assert isinstance(result, Successes)
        return self._land(result.successes, event)

    def chose(self, option: int | str) -> Shot:
        """The next shot once the choice waited for is made."""
        need = self.need
        if not isinstance(need, Choice) or option not in need.options:
            raise IllegalAction(Message(N_("That choice is not on offer.")))
        if self.stage == "stray":
            stray = next(v for v in self.strays if v.id == option)
            return replace(self, target=stray, stage="hit", events=self._strayed(stray))
        assert isinstance(option, int)
        if self.stage == "effect_shift":
            return replace(self, face=option, stage="shift")._skip_lone_choice(())
        kept = successes_after_shift(self.successes, self.face, option)
        return replace(self, face=option, kept=kept, stage="strength", events=())

    # -- the steps ---------------------------------------------------------------------

    def _dice_line(self) -> Message:
        dice = count_message(DICE_AGAINST, self.dice, {"attribute": "GES", "value": self.target.ges})
        if not self.obstacles:
            return dice
        obstacles = count_message(OBSTACLES, self.obstacles)
        return Message(DICE_PAST, {"dice": dice, "obstacles": obstacles, "penalty": self.penalty})

    def _after_kat(self, event: Event) -> Shot:
        if self.successes == 0:
            line = Message(
                SHOT_MISSED,
                {
                    "shooter": data_name(self.shooter_name),
                    "target": data_name(self.target.name),
                    "item": Message(self.item_name),
                    "dice": self._dice_line(),
                },
            )
            outcome = Outcome(False, (), (), line, summary=chance.missed())
            return replace(self, stage="done", outcome=outcome, events=(event,))
        events: tuple[Event, ...] = (event,)
        if self.engaged and self.successes % 2 == 1 and self.strays:
            nearest = _nearest(self.strays)
            if len(nearest) > 1:
                return replace(self, stage="stray", events=events)
            return replace(self, target=nearest[0], stage="hit", events=events + self._strayed(nearest[0]))
        return replace(self, stage="hit", events=events)

    def _strayed(self, stray: Victim) -> tuple[Event, ...]:
        return (Event(Message(SHOT_STRAYS, {"target": data_name(self.intended), "stray": data_name(stray.name)})),)

    def _skip_lone_choice(self, events: tuple[Event, ...]) -> Shot:
        """A choice with one option makes itself (one success: nothing to spend)."""
        need = self.need
        if isinstance(need, Choice) and len(need.options) == 1:
            return replace(self.chose(need.options[0]), events=events)
        return replace(self, events=events)

    def _land(self, strength_successes: int, event: Event) -> Shot:
        zone = self.target.hit_index[self.face - 1]
        wounds = through_armour(strength_successes, self.target.armour_of(zone))
        markers: tuple[Given, ...] = ()
        if wounds or not self.markers_need_wound:
            markers = weapon_markers(self.target.id, self.fire, self.fear)
        line = Message(
            SHOT_LANDED,
            {
                "shooter": data_name(self.shooter_name),
                "target": data_name(self.target.name),
                "item": Message(self.item_name),
                "dice": self._dice_line(),
                "successes": count_message(SUCCESSES, self.successes),
                "hit": Message(HIT_TO[zone], {"face": self.face}),
                "strength": self.strength + self.kept,
                "wid": self.target.wid,
                "wounds": count_message(WOUNDS, wounds),
            },
        )
        hurt = (Wound(self.target.id, zone, wounds),) if wounds else ()
        summary = chance.wounded(self.target.name, zone, wounds)
        outcome = Outcome(bool(wounds), hurt, markers, line, self.face, summary)
        taken = strength_successes - wounds  # as a melee says it (a field against shots too, L746)
        said = (Event(count_message(ARMOUR_TOOK, taken, {"name": data_name(self.target.name)})),) if taken else ()
        return replace(self, stage="done", outcome=outcome, events=(event, *said))

    # -- state ---------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """A pending shot as plain JSON data (its outcome and events are not kept:
        the match applies them when the shot ends)."""
        data = {name: value for name, value in self.__dict__.items() if name not in ("outcome", "events")}
        data["target"] = self.target.to_data()
        data["strays"] = [victim.to_data() for victim in self.strays]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Shot:
        return cls(
            **{
                **data,
                "target": Victim.from_data(data["target"]),
                "strays": tuple(Victim.from_data(v) for v in data["strays"]),
            }
        )


def _nearest(victims: tuple[Victim, ...]) -> tuple[Victim, ...]:
    """The victims nearest to the shooter (ties: all of them, for the shooter to pick, S24)."""
    least = min(v.distance for v in victims)
    return tuple(v for v in victims if v.distance <= least + EPS)


def aim(
    table: Table,
    cards: Mapping[str, ProfileCard],
    shooter: str,
    target: str,
    item_key: str,
    modifiers: Modifiers | None = None,
    markers_need_wound: bool = False,
    unseen: frozenset[str] = frozenset(),
) -> Shot:
    """A shot by `shooter` with the item `item_key` at `target` (model ids; `cards`
    by model id, `modifiers` per model id and attribute). IllegalAction says why it
    cannot be made: the shooter is not free, carries no such shooting weapon, or the
    target is out of range, out of sight or not a nearest enemy. The AP and limits
    (`attack_cost`) are the match's to check first."""
    mods = modifiers or {}
    card = cards[shooter]
    check_free(table, cards, shooter)
    item, mode = weapon(card, item_key, "shooting")
    if table.models[target].side == table.models[shooter].side:
        raise IllegalAction(
            Message(
                NOT_AN_ENEMY, {"target": element_name(table, cards, target), "warrior": data_name(card.warrior.name)}
            )
        )
    refusal = target_refusals(table, cards, shooter, item, mode, unseen).get(target)
    if refusal is not None:
        raise IllegalAction(refusal)
    seen = sight(table, shooter, target)
    kat = card.attribute("kat", using=mode, modifiers=(mods.get(shooter, {}).get("kat", 0),))
    if terrain_moves.below(table, shooter, target):
        kat += HIGH_GROUND_KAT
    engaged = table.engaged(target)
    strays = tuple(
        Victim.of(table, cards, other, shooter, mods) for other in table.contacts(target) if other != shooter
    )
    return Shot(
        shooter=shooter,
        shooter_name=card.warrior.name,
        item=item.key,
        item_name=item.name,
        strength=mode.strength or 0,
        fire=mode.fire or 0,
        fear=mode.fear or 0,
        kat=kat,
        penalty=seen.penalty,
        obstacles=len(seen.obstacles),
        target=Victim.of(table, cards, target, shooter, mods),
        intended=cards[target].warrior.name,
        engaged=engaged,
        strays=strays if engaged else (),
        markers_need_wound=markers_need_wound,
    )
