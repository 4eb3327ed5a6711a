"""Action abilities and putting out fire on the screen, among the attacks of the side
panel (screen/fight.py): one button for each action ability of the active warrior and
one to put out a fire marker, each off with the rules' reason. An ability that reaches
another warrior is taken in hand and its target clicked on the table, lit up as attack
targets are; one without a target is used at once. A heal asks for the zone with the
panel's choice buttons (the question of the attack under way), or takes the only one.

Whether a use is allowed is the rules' word: every action is judged by `ctx.check`."""

from __future__ import annotations

import math

from tabletop.engine.core import Action
from tabletop.games.skirmish.card_schema import Ability, Zone
from tabletop.games.skirmish.play.abilities import action_abilities, heals, needs_target, use_action
from tabletop.games.skirmish.play.moves import EXTINGUISH, USE
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.screen.profile_card import card_of
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import _
from tabletop.ui.gameview import ViewContext, marked

#: the offers' kinds: an ability (its key as the item) and putting out fire
KINDS = (USE.kind, EXTINGUISH.kind)


class Abilities:
    """The active warrior's abilities as offers, the targets of the one in hand, and the
    zone a heal waits for."""

    def __init__(self, ctx: ViewContext, reading: Reading) -> None:
        self.ctx = ctx
        self.reading = reading
        #: a heal waiting for its zone: (the match's revision, the ability's key, its target)
        self._asking: tuple[int, str, str] | None = None

    def ability(self, model_id: str, key: str) -> Ability | None:
        return next((a for a in action_abilities(self.reading.warriors[model_id].warrior) if a.key == key), None)

    # -- the buttons ------------------------------------------------------------------------

    def offers(self, model_id: str) -> list[tuple[str, str, str, str]]:
        """(kind, item, label, reason) of each ability of the warrior, then of putting out fire."""
        found = []
        for ability in action_abilities(self.reading.warriors[model_id].warrior):
            reasons = [self.ctx.check(self.action(model_id, ability, target)) for target in self.candidates(model_id)]
            reason = "" if any(r is None for r in reasons) else (reasons[0] or "")
            found.append((USE.kind, ability.key, marked(ability.name), reason))
        if dict(self.reading.warriors[model_id].markers).get("fire"):  # offered only while it burns
            put_out = self.ctx.check(EXTINGUISH.action(model=model_id))
            found.append((EXTINGUISH.kind, "", _("Put out fire"), put_out or ""))
        return found

    def candidates(self, model_id: str) -> list[str]:
        """The warriors an ability might reach: its own side's nearest first and itself after
        them (so a refusal names a friend), then the enemies."""
        warriors = self.reading.warriors
        own = warriors[model_id]
        others = sorted(
            (w.id for w in warriors.values() if w.id != model_id),
            key=lambda other: (warriors[other].side != own.side, math.dist(own.position, warriors[other].position)),
        )
        friends = [w for w in others if warriors[w].side == own.side]
        return [*friends, model_id, *others[len(friends) :]]

    def action(self, model_id: str, ability: Ability, target: str | None, zone: Zone | None = None) -> Action:
        """The use of `ability` on `target` (None or the warrior itself when it needs none);
        a heal takes `zone`, or the first with a wound."""
        if not needs_target(ability):
            return use_action(model_id, ability.key)
        if heals(ability) and zone is None and target in self.reading.warriors:
            healable = card_of(self.reading.warriors[target]).healable()
            zone = healable[0] if healable else None
        return use_action(model_id, ability.key, target, zone)

    def at_once(self, model_id: str, kind: str, item: str) -> Action | None:
        """The action a click on the offer makes at once (no target to click), or None."""
        if kind == EXTINGUISH.kind:
            return EXTINGUISH.action(model=model_id)
        ability = self.ability(model_id, item)
        if ability is not None and not needs_target(ability):
            return use_action(model_id, ability.key)
        return None

    # -- on the table -----------------------------------------------------------------------

    def aimed(self, model_id: str, item: str, target: str | None) -> Action | None:
        """The use of the ability in hand on the warrior `target`, or None."""
        ability = self.ability(model_id, item)
        if ability is None or target is None or target not in self.reading.warriors:
            return None
        return self.action(model_id, ability, target)

    def targets(self, model_id: str, item: str) -> list[str]:
        """The warriors the ability in hand may reach now."""
        found = []
        for target in self.candidates(model_id):
            action = self.aimed(model_id, item, target)
            if action is not None and self.ctx.check(action) is None:
                found.append(target)
        return found

    def press(self, model_id: str, item: str, target: str) -> bool:
        """A click on `target` with the ability in hand: a heal with a choice of zones asks
        for the zone; otherwise the use is made (the rules judge it). True when done."""
        action = self.aimed(model_id, item, target)
        ability = self.ability(model_id, item)
        if action is None or ability is None or self.ctx.check(action) is not None:
            return False
        if heals(ability) and len(card_of(self.reading.warriors[target]).healable()) > 1:
            self._asking = (self.reading.revision, item, target)
            return True
        return self.ctx.submit(action)

    # -- the zone of a heal ----------------------------------------------------------------

    def asking(self) -> bool:
        """True while a heal waits for its zone (until the match changes)."""
        if self._asking is not None and self._asking[0] != self.reading.revision:
            self._asking = None
        return self._asking is not None

    def stop_asking(self) -> bool:
        """Esc or a right click while a heal waits for its zone: the heal is put down.
        False when none was waiting."""
        asking = self.asking()
        self._asking = None
        return asking

    def prompt(self) -> str | None:
        if not self.asking() or self._asking is None:
            return None
        active = self.reading.shown.active or ""
        return _(
            "Which wounded zone of {name} does {healer} heal?",
            name=self.reading.label(self._asking[2]),
            healer=self.reading.label(active),
        )

    def choices(self) -> list[tuple[Action, str]]:
        """The zones with a wound, each as the use that heals it."""
        active = self.reading.shown.active
        if not self.asking() or self._asking is None or active is None:
            return []
        _revision, item, target = self._asking
        ability = self.ability(active, item)
        if ability is None:
            return []
        zones = card_of(self.reading.warriors[target]).healable()
        # the question names the heal: each button is a zone, as the card names it
        return [(self.action(active, ability, target, zone), marked(ZONE_NAMES[zone]).capitalize()) for zone in zones]
