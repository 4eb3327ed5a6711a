"""Melee as pure resolution (rulebook 6.A, L490-546, and the charge and disengaging of
L470-478; DECISIONS S16-S21, S25, S27, S36).

A `Melee` is a small immutable value that says what it needs next (`next`): a roll
waiting for its dice (a play/chance PendingRoll; a roll without dice is settled at
once), or a `Choice` of a player (the target's reaction, the effect owner's shift of
the hit roll, the attacker's shift, the follow-up after a strike back, the punishment
of a warrior breaking away). `roll(faces)` and `choose(option)` give the next value
and the log lines of the step, until `done`; `outcome` then says what the match must
apply: the cards with their wounds, AP spent and the limit each spend counts against,
markers given, items used, warriors out of action and, when breaking away, whether
the warrior may now move. The value is plain data (`to_data`, `from_data`) so the
match can keep it in its state while the players roll and choose.

The rules it keeps:

- A melee attack (L494-518): the target reacts first (S20; play/reaction.py says
  what it is offered). Then the striker's KAT roll, with the bonus of the melee
  weapon he uses (L634, S27), against the target's WID; no success ends the attack
  (S6). The hit roll: an effect on the target that shifts it (Geschmeidig) is chosen
  by its owner first, then the striker may spend successes, keeping one (S3). A
  dodging target then rolls GES against the striker's KAT for this attack (S20),
  each success cancelling one (L542). Each success left is a wound in the zone hit,
  armour taking its share (L518, L624); a warrior with a zone full is out (L298).
- The weapon's markers (Peitsche: Furcht (1)) land when a success survives the
  dodge, wound or not (S25; an option asks for a wound); a card may cap a marker
  (Maschine: no Furcht).
- Strike back (L520-528, S19): a KAT comparison, weapons counted (S2); the winner
  strikes, the loser is passive. If the original target lost and both are still on
  the table, it may at once attack the initiator (1 AP and an attack), who has the
  ordinary reactions; the attack limit ends the chain. An option allows it after a
  won comparison too. A non-player warrior never follows up (S36).
- Charge (L474-478, S17): the path is the match's. Ended in contact, 2 AP and the
  round's charge, then a melee attack at no AP that counts as an attack; otherwise a
  plain move (1 AP, one of the moves).
- Breaking away (L472, S18): a GES roll against the highest GES among the enemies in
  contact, before the move. Without a success each of them may spend 1 AP and an
  attack to strike the warrior, who stays passive (never a non-player warrior, S36);
  then it moves, if it is still on the table.

AP and the limits per round are the match's: each spend names its AP and the action
whose limit it counts against ("attack", "charge", "move"; dodging: none).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from tabletop.engine.core import Event, IllegalAction
from tabletop.games.skirmish.card_schema import MARKERS, Marker
from tabletop.games.skirmish.play import chance
from tabletop.games.skirmish.play import melee_messages as say
from tabletop.games.skirmish.play.attack import count_message
from tabletop.games.skirmish.play.dice import (
    ComparisonRoll,
    HitRoll,
    after_dodge,
    attacker_shifts,
    attribute_roll,
    disengage_roll,
    dodge_roll,
    effect_shifts,
    successes_after_shift,
)
from tabletop.games.skirmish.play.melee_parts import DEFAULT_OPTIONS, Choice, Given, Options, Outcome, Spend
from tabletop.games.skirmish.play.profile import ZONE_NAMES, ProfileCard
from tabletop.games.skirmish.play.reaction import (
    ATTACK_COST,
    ATTACK_NOW,
    CHARGE_ATTACK_COST,
    CHARGE_COST,
    DECLINE,
    DODGE,
    DODGE_COST,
    FOLLOW_UP_COST,
    MISSED_CHARGE_COST,
    MOVE_COST,
    PASSIVE,
    PUNISH_COST,
    STRIKE_BACK,
    STRIKE_BACK_COST,
    Cost,
    Fighter,
    Reaction,
    reactions,
)
from tabletop.i18n import Message

# -- what a melee waits for: play/melee_parts.py -----------------------------------------

Stage = Literal[
    "reaction", "compare", "kat", "hit", "effect_shift", "attacker_shift", "dodge", "follow_up", "disengage", "punish",
    "done",
]  # fmt: skip


@dataclass(frozen=True)
class Melee:
    """A melee attack, a charge's attack or a warrior breaking away, under way.

    `initiator` and `target` are the refs of the attack under way (the mover and its
    latest punisher while breaking away), `striker` and `struck` those of the strike
    under way (after a comparison the winner strikes). `successes` and `face` follow
    the strike as it is shifted and dodged; `rolled_successes`, `rolled_face`, `pool`
    and `wid` are what its rolls showed, for the log. While breaking away the target is
    the warrior breaking away throughout, and `punishers` the enemies still to choose."""

    fighters: tuple[Fighter, ...]
    stage: Stage
    initiator: str
    target: str
    reaction: Reaction = PASSIVE
    striker: str = ""
    struck: str = ""
    successes: int = 0
    rolled_successes: int = 0
    pool: int = 0
    wid: int = 0
    rolled_face: int = 0
    face: int = 0
    breaking_away: bool = False
    punishers: tuple[str, ...] = ()
    options: Options = Options()
    spends: tuple[Spend, ...] = ()
    given: tuple[Given, ...] = ()
    items_used: tuple[tuple[str, str], ...] = ()
    may_move: bool | None = None

    # -- reading --------------------------------------------------------------------

    def fighter(self, ref: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.ref == ref:
                return fighter
        raise KeyError(ref)

    @property
    def done(self) -> bool:
        return self.stage == "done"

    @property
    def next(self) -> chance.PendingRoll[Any] | Choice | None:
        """The roll or the choice the melee waits for; None when it is done."""
        stage = self.stage
        if stage == "done":
            return None
        if stage in ("reaction", "effect_shift", "attacker_shift", "follow_up", "punish"):
            return self._choice()
        return self._roll()

    @property
    def outcome(self) -> Outcome:
        """What happened so far (all of it once `done`)."""
        return Outcome(
            self.fighters,
            self.spends,
            self.given,
            self.items_used,
            tuple(f.ref for f in self.fighters if f.card.out_of_action),
            self.may_move,
        )

    def _roll(self) -> chance.PendingRoll[Any]:
        stage = self.stage
        if stage == "compare":
            first, second = self.fighter(self.initiator), self.fighter(self.target)
            roll = ComparisonRoll(first.value("kat", True), second.value("kat", True))
            return chance.comparison(first.name, second.name, "KAT", roll)
        striker, struck = self.fighter(self.striker or self.initiator), self.fighter(self.struck or self.target)
        if stage == "kat":
            return chance.attribute(
                striker.name, "KAT", attribute_roll(striker.value("kat", True), struck.value("wid"))
            )
        if stage == "hit":
            return chance.hit(struck.name, HitRoll(tuple(struck.card.warrior.hit_index)))
        if stage == "dodge":
            return chance.attribute(struck.name, "GES", dodge_roll(struck.value("ges"), striker.value("kat", True)))
        if stage == "disengage":
            mover = self.fighter(self.target)
            enemies = [f.value("ges") for f in self.fighters if f.ref != mover.ref]
            return chance.attribute(mover.name, "GES", disengage_roll(mover.value("ges"), enemies))
        raise ValueError(f"no roll at stage {stage}")

    def _choice(self) -> Choice:
        stage = self.stage
        options: tuple[str | int, ...]
        if stage == "reaction":
            who, other = self.fighter(self.target), self.fighter(self.initiator)
            options = reactions(who)
        elif stage == "effect_shift":
            who, other = self.fighter(self.struck), self.fighter(self.striker)
            options = effect_shifts(self.face, who.hit_shift)
        elif stage == "attacker_shift":
            who, other = self.fighter(self.striker), self.fighter(self.struck)
            options = attacker_shifts(self.face, self.successes)
        elif stage == "follow_up":
            who, other = self.fighter(self.target), self.fighter(self.initiator)
            options = (ATTACK_NOW, DECLINE)
        else:  # punish
            who, other = self.fighter(self.punishers[0]), self.fighter(self.target)
            options = (ATTACK_NOW, DECLINE)
        prompt = Message(say.PROMPTS[stage], {"name": who.name, "other": other.name, "face": self.face})
        return Choice(stage, who.ref, who.side, options, prompt)  # type: ignore[arg-type]

    # -- steps ------------------------------------------------------------------------

    def roll(self, faces: tuple[int, ...]) -> tuple[Melee, tuple[Event, ...]]:
        """The melee after the faces of the roll it waits for, and the step's log."""
        pending = self.next
        if not isinstance(pending, chance.PendingRoll):
            raise IllegalAction(Message(say.NOTHING_TO_ROLL))
        result = chance.settle(pending, faces)
        events = [chance.rolled(pending, result)]
        melee: Melee = getattr(self, f"_rolled_{self.stage}")(result, events)
        return melee._settled(events)

    def choose(self, option: str | int) -> tuple[Melee, tuple[Event, ...]]:
        """The melee after the choice it waits for, and the step's log."""
        pending = self.next
        if not isinstance(pending, Choice):
            raise IllegalAction(Message(say.NOTHING_TO_CHOOSE))
        if option not in pending.options or type(option) is not type(pending.options[0]):
            written = ", ".join(str(o) for o in pending.options)
            raise IllegalAction(Message(say.NOT_AN_OPTION, {"option": str(option), "options": written}))
        events: list[Event] = []
        melee: Melee = getattr(self, f"_chose_{self.stage}")(option, events)
        return melee._settled(events)

    def _settled(self, events: list[Event]) -> tuple[Melee, tuple[Event, ...]]:
        """Settle at once what needs no one: a roll without dice, a choice of one."""
        melee: Melee = self
        while True:
            pending = melee.next
            if isinstance(pending, chance.PendingRoll) and pending.dice == 0:
                result = chance.settle(pending, ())
                events.append(chance.rolled(pending, result))
                melee = getattr(melee, f"_rolled_{melee.stage}")(result, events)
            elif isinstance(pending, Choice) and len(pending.options) == 1:
                melee = getattr(melee, f"_chose_{melee.stage}")(pending.options[0], events)
            else:
                return melee, tuple(events)

    def _with(self, fighter: Fighter, **changes: Any) -> Melee:
        fighters = tuple(fighter if f.ref == fighter.ref else f for f in self.fighters)
        return replace(self, fighters=fighters, **changes)

    def _paid(self, ref: str, cost: Cost) -> Melee:
        fighter = self.fighter(ref)
        if fighter.non_player:  # no AP and no limits: its attacks and charges cost nothing (S36)
            return self
        return self._with(fighter.spent(cost), spends=(*self.spends, Spend(ref, cost.ap, cost.counts_as)))

    # the reaction and the comparison

    def _chose_reaction(self, option: Reaction, events: list[Event]) -> Melee:
        target = self.fighter(self.target)
        melee = replace(self, reaction=option, striker=self.initiator, struck=self.target)
        if option == STRIKE_BACK and target.non_player:
            events.append(_log(say.STRIKES_BACK_FREE, name=target.name))
            return replace(melee, stage="compare")
        events.append(_log(say.REACTS[option], name=target.name))
        if option == DODGE:
            return replace(melee._paid(self.target, DODGE_COST), stage="kat")
        if option == STRIKE_BACK:
            return replace(melee._paid(self.target, STRIKE_BACK_COST), stage="compare")
        return replace(melee, stage="kat")

    def attacked_anew(self, before: Melee) -> tuple[str, str] | None:
        """The attacker and the warrior attacked when the choice that led from `before`
        to this began a new attack in the melee: a follow-up or a punishment (each an
        attack with its own card moment, S28). None: it began none."""
        if (before.stage, self.stage) in (("follow_up", "reaction"), ("punish", "kat")):
            return self.initiator, self.target
        return None

    def dodged_free(self) -> tuple[Melee, tuple[Event, ...]]:
        """The target dodges without paying its AP (a tactical card, Schutzwall): before
        it reacts, or when it is punished while breaking away (S28)."""
        events = [_log(say.REACTS[DODGE], name=self.fighter(self.target).name)]
        melee = replace(self, reaction=DODGE, striker=self.initiator, struck=self.target, stage="kat")
        return melee._settled(events)

    def _rolled_compare(self, result: Any, events: list[Event]) -> Melee:
        if result.winner is None:
            return self  # equal totals and equal KAT: roll again (L244)
        winner, loser = (self.initiator, self.target) if result.winner == 0 else (self.target, self.initiator)
        events.append(_log(say.COMPARISON_WON, name=self.fighter(winner).name, other=self.fighter(loser).name))
        return replace(self, stage="kat", striker=winner, struck=loser)

    # the strike

    def _rolled_kat(self, result: Any, events: list[Event]) -> Melee:
        striker, struck = self.fighter(self.striker), self.fighter(self.struck)
        melee = replace(
            self,
            successes=result.successes,
            rolled_successes=result.successes,
            pool=len(result.faces),
            wid=struck.value("wid"),
        )
        if striker.weapon is not None:
            melee = replace(melee, items_used=(*melee.items_used, (striker.ref, striker.weapon)))
        if not result.succeeded:  # no hit roll without a success (S6)
            params = {"striker": striker.name, "target": struck.name, "wid": melee.wid}
            missed = _log(say.MISSES, dice=count_message(say.DICE, melee.pool), **params)
            missed.data.update(chance.outcome_data(summary=chance.missed()))
            events.append(missed)
            return melee._strike_over(events)
        return replace(melee, stage="hit")

    def _rolled_hit(self, result: Any, events: list[Event]) -> Melee:
        melee = replace(self, rolled_face=result.face, face=result.face)
        if self.fighter(self.struck).hit_shift:
            return replace(melee, stage="effect_shift")
        return replace(melee, stage="attacker_shift")

    def _chose_effect_shift(self, face: int, events: list[Event]) -> Melee:
        return replace(self, face=face, stage="attacker_shift")

    def _chose_attacker_shift(self, face: int, events: list[Event]) -> Melee:
        melee = replace(self, face=face, successes=successes_after_shift(self.successes, self.face, face))
        if self.reaction == DODGE and self.struck == self.target:
            return replace(melee, stage="dodge")
        return melee._wound(melee.successes, 0, events)

    def _rolled_dodge(self, result: Any, events: list[Event]) -> Melee:
        left = after_dodge(self.successes, result.successes)
        return self._wound(left, self.successes - left, events)

    def _wound(self, successes: int, dodged: int, events: list[Event]) -> Melee:
        """Each success left a wound in the zone hit, armour first (L518, L546, L624);
        the weapon's markers (S25); out of action (L298)."""
        striker, struck = self.fighter(self.striker), self.fighter(self.struck)
        zone = struck.card.hit_zone(self.face)
        card = struck.card.hit(zone, successes)
        wounds = card.marked(zone) - struck.card.marked(zone)
        armour = min(successes, struck.card.armour(zone))
        face: int | Message = self.face
        if self.face != self.rolled_face:
            face = Message(say.MOVED_FACE, {"face": self.rolled_face, "moved": self.face})
        params: dict[str, Any] = {
            "striker": striker.name,
            "target": struck.name,
            "dice": count_message(say.DICE, self.pool),
            "wid": self.wid,
            "successes": count_message(say.SUCCESSES, self.rolled_successes),
            "face": face,
            "zone": Message(ZONE_NAMES[zone]),
            "wounds": count_message(say.WOUNDS, wounds),
        }
        if self.reaction == DODGE and struck.ref == self.target:
            struck_line = _log(say.STRIKES_DODGED, cancelled=count_message(say.DODGED, dodged), **params)
        else:
            struck_line = _log(say.STRIKES, **params)
        struck_line.data.update(chance.outcome_data(self.face, chance.wounded(struck.name, zone, wounds)))
        events.append(struck_line)
        if armour:
            events.append(Event(count_message(say.ARMOUR_TOOK, armour, {"name": struck.name})))
        melee = self._with(replace(struck, card=card), successes=successes)
        # "with a wound" counts what gets through the armour, as for a shot, not what the
        # zone still had room for (excess wounds are lost, S4)
        if successes >= 1 and (successes > armour or not self.options.markers_need_wound):
            melee = melee._markers(striker, melee.fighter(struck.ref), events)
        if card.out_of_action:
            events.append(_log(say.OUT_OF_ACTION, name=struck.name))
        return melee._strike_over(events)

    def _markers(self, striker: Fighter, struck: Fighter, events: list[Event]) -> Melee:
        """The striker's weapon's Furcht (X) and Brand (X) on the warrior struck (S25)."""
        mode = striker.weapon_mode
        if mode is None or striker.weapon is None:
            return self
        melee = self
        weapon_markers: tuple[tuple[Marker, int | None], ...] = (("fear", mode.fear), ("fire", mode.fire))
        for marker, printed in weapon_markers:
            room = struck.marker_room(marker)
            count = min(printed or 0, room if room is not None else printed or 0)
            if count <= 0:
                continue
            markers = list(struck.markers)
            markers[MARKERS.index(marker)] += count
            struck = replace(struck, markers=(markers[0], markers[1], markers[2], markers[3], markers[4]))
            melee = melee._with(struck, given=(*melee.given, Given(struck.ref, marker, count, striker.weapon)))
            item = next(i.name for i in striker.card.items if i.key == striker.weapon)
            markers_text = count_message(say.MARKER_NAMES[marker], count)
            events.append(_log(say.GETS_MARKERS, name=struck.name, markers=markers_text, item=Message(item)))
        return melee

    # after a strike

    def _strike_over(self, events: list[Event]) -> Melee:
        initiator, target = self.fighter(self.initiator), self.fighter(self.target)
        on_table = not initiator.card.out_of_action and not target.card.out_of_action
        lost = self.striker == self.initiator
        if (
            self.reaction == STRIKE_BACK
            and on_table
            and (lost or self.options.follow_up_after_won)
            and not target.non_player
            and target.may_attack
        ):
            return replace(self, stage="follow_up")
        return self._attack_over(events)

    def _attack_over(self, events: list[Event]) -> Melee:
        if self.breaking_away:
            return self._next_punisher(events)
        return replace(self, stage="done")

    def _chose_follow_up(self, option: str, events: list[Event]) -> Melee:
        first, second = self.fighter(self.target), self.fighter(self.initiator)
        if option == DECLINE:
            events.append(_log(say.LETS_IT_END, name=first.name))
            return self._attack_over(events)
        events.append(_log(say.FOLLOWS_UP, name=first.name, other=second.name))
        melee = replace(self, initiator=first.ref, target=second.ref, reaction=PASSIVE, striker="", struck="")
        return replace(melee._paid(first.ref, FOLLOW_UP_COST), stage="reaction")

    # breaking away

    def _rolled_disengage(self, result: Any, events: list[Event]) -> Melee:
        mover = self.fighter(self.target)
        if result.succeeded:
            events.append(_log(say.BREAKS_AWAY, name=mover.name))
            return replace(self, stage="done", may_move=True)
        events.append(_log(say.HELD, name=mover.name))
        punishers = tuple(f.ref for f in self.fighters if f.ref != mover.ref)
        return replace(self, punishers=punishers)._next_punisher(events)

    def _next_punisher(self, events: list[Event]) -> Melee:
        """The next enemy in contact that may strike the warrior breaking away (AP, an
        attack left, no fear; never a non-player warrior, S36); done when none is left
        or the warrior is out of action."""
        if self.fighter(self.target).card.out_of_action:
            return replace(self, stage="done", punishers=(), may_move=False)
        punishers = self.punishers
        while punishers:
            enemy = self.fighter(punishers[0])
            if enemy.may_attack and not enemy.non_player:
                return replace(self, stage="punish", punishers=punishers)
            punishers = punishers[1:]
        return replace(self, stage="done", punishers=(), may_move=True)

    def _chose_punish(self, option: str, events: list[Event]) -> Melee:
        enemy, mover = self.fighter(self.punishers[0]), self.fighter(self.target)
        rest = self.punishers[1:]
        if option == DECLINE:
            events.append(_log(say.LETS_GO, name=enemy.name, other=mover.name))
            return replace(self, punishers=rest)._next_punisher(events)
        events.append(_log(say.PUNISHES, name=enemy.name, other=mover.name))
        melee = replace(self, punishers=rest, initiator=enemy.ref, striker=enemy.ref, struck=mover.ref)
        return replace(melee._paid(enemy.ref, PUNISH_COST), stage="kat", reaction=PASSIVE)

    # -- state --------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The melee as plain JSON data, for the match's state and saves."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["fighters"] = [fighter.to_data() for fighter in self.fighters]
        data["options"] = asdict(self.options)
        data["spends"] = [asdict(spend) for spend in self.spends]
        data["given"] = [asdict(given) for given in self.given]
        data["items_used"] = [list(used) for used in self.items_used]
        data["punishers"] = list(self.punishers)
        return data

    @classmethod
    def from_data(
        cls, data: Mapping[str, Any], restore: Callable[[Mapping[str, Any]], ProfileCard] | None = None
    ) -> Melee:
        """A melee from `to_data`; cards are restored from the starter set unless
        `restore` is given."""
        if restore is None:
            from tabletop.games.skirmish.play.cards import starter_set

            restore = starter_set().restore
        return cls(
            **{
                **data,
                "fighters": tuple(Fighter.from_data(fighter, restore) for fighter in data["fighters"]),
                "options": Options(**data["options"]),
                "spends": tuple(Spend(**spend) for spend in data["spends"]),
                "given": tuple(Given(**given) for given in data["given"]),
                "items_used": tuple((warrior, item) for warrior, item in data["items_used"]),
                "punishers": tuple(data["punishers"]),
            }
        )


# -- starting one ------------------------------------------------------------------------


def attack(initiator: Fighter, target: Fighter, options: Options = DEFAULT_OPTIONS) -> tuple[Melee, tuple[Event, ...]]:
    """A melee attack (the Attack action, 1 AP and an attack) of `initiator` on
    `target`, an enemy in contact (L480, L494-504). It waits for the target's reaction."""
    return _started(initiator, target, (ATTACK_COST,), options)


def charge(
    charger: Fighter, target: Fighter | None, options: Options = DEFAULT_OPTIONS
) -> tuple[Melee, tuple[Event, ...]]:
    """A charge whose path the match has found (L474-478, S17): ending in contact with
    `target` it costs 2 AP and counts as the round's charge, and a melee attack on the
    target follows at no further AP, counting as an attack; with `target` None it made
    no contact and is a plain move (1 AP, one of the moves), done at once."""
    if target is None:
        melee = Melee((charger,), "done", charger.ref, charger.ref, options=options)
        return melee._paid(charger.ref, MISSED_CHARGE_COST), ()
    return _started(charger, target, (CHARGE_COST, CHARGE_ATTACK_COST), options)


def _started(
    initiator: Fighter, target: Fighter, costs: tuple[Cost, ...], options: Options
) -> tuple[Melee, tuple[Event, ...]]:
    melee = Melee((initiator, target), "reaction", initiator.ref, target.ref, options=options)
    for cost in costs:
        melee = melee._paid(initiator.ref, cost)
    return melee._settled([])


def disengage(
    mover: Fighter, enemies: tuple[Fighter, ...], options: Options = DEFAULT_OPTIONS, cost: Cost = MOVE_COST
) -> tuple[Melee, tuple[Event, ...]]:
    """A warrior in contact with `enemies` begins a move (L472, S18): the move's own
    `cost` (1 AP, a move; a climb's or swim's 2 AP) is in the spends; then its GES
    roll against the highest GES among them. The outcome's `may_move` says whether
    it may now move."""
    if not enemies:
        raise ValueError("breaking away needs an enemy in contact")
    melee = Melee((mover, *enemies), "disengage", mover.ref, mover.ref, breaking_away=True, options=options)
    return melee._paid(mover.ref, cost)._settled([])


# -- helpers ----------------------------------------------------------------------------------


def _log(text: str, **params: Any) -> Event:
    return Event(Message(text, params))
