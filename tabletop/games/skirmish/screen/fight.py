"""Attacks on the screen: the attacks the active warrior may make now (attack, charge,
shoot, throw, flame with each item that allows it), the one taken in hand until a
target is clicked on the table, the targets it may hit lit up, and the choice an
attack under way waits for (reaction, faces to shift to, attack or decline). The
warrior's action abilities and putting out fire join the attacks (screen/abilities.py).

Whether an attack is allowed is the rules' word: every action is judged by
`ctx.check`, and its refusal is what the player reads."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.card_schema import Category
from tabletop.games.skirmish.play.state import ACTIVATION, snap_angle, snap_point
from tabletop.games.skirmish.screen import abilities, terrain_offers
from tabletop.games.skirmish.screen.aiming import AIMED, Aim, Aiming
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.hand import Hand
from tabletop.games.skirmish.screen.marks import piece_ring
from tabletop.games.skirmish.screen.overlay import Overlay
from tabletop.games.skirmish.screen.profile_card import card_of
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import _
from tabletop.ui import theme as th
from tabletop.ui.gameview import ViewContext, marked

#: the attacks by the item mode that allows them (None: no item)
MODES: tuple[tuple[str, Category | None], ...] = (
    ("attack", None),
    ("charge", None),
    ("shoot", "shooting"),
    ("throw", "throwable"),
    ("flame", "area"),
)


@dataclass(frozen=True)
class Offer:
    """One attack the active warrior may take in hand: its kind, the item it uses
    ("" for none), its label, why it cannot be made now ("" when it can) and the
    item's name when the label leaves it out."""

    kind: str
    item: str
    label: str
    reason: str
    item_name: str = ""

    @property
    def name(self) -> str:
        return f"fight-{self.kind}-{self.item}" if self.item else f"fight-{self.kind}"


class Fight:
    """The attack in hand and the choice under way."""

    def __init__(
        self,
        ctx: ViewContext,
        camera: Camera,
        reading: Reading,
        hand: Hand,
        overlay: Overlay,
    ) -> None:
        self.ctx = ctx
        self.camera = camera
        self.reading = reading
        self.hand = hand
        self.overlay = overlay
        self.aiming = Aiming(ctx, camera, reading, hand, overlay)
        #: the attack taken in hand: its kind and item ("" for none)
        self.armed: tuple[str, str] | None = None
        #: the offers as last worked out, for the match's revision and attacker they were for
        self._offers: tuple[tuple[int, str], list[Offer]] | None = None
        #: the targets of the attack in hand as last worked out, and what for
        self._targets: tuple[tuple[int, str, tuple[str, str]], list[str]] | None = None
        #: the active warrior's action abilities and putting out fire (screen/abilities.py)
        self.abilities = abilities.Abilities(ctx, reading)
        #: what it may do with the terrain where it stands (screen/terrain_offers.py)
        self.terrain = terrain_offers.TerrainOffers(ctx, reading)

    # -- what can be done -------------------------------------------------------------------

    def pending(self) -> bool:
        """True while an attack is under way, or a heal waits for its zone."""
        return self.reading.shown.attack is not None or self.abilities.asking()

    def choice_prompt(self) -> str | None:
        """The question the attack under way asks now, or None while it waits for dice."""
        if self.abilities.asking():
            return self.abilities.prompt()
        attack = self.reading.shown.attack
        if attack is None or attack.prompt is None:
            return None
        return attack.prompt.render(self.ctx.names)

    def whose(self, player: str) -> tuple[str, ...]:
        """Who answers the attack under way, and what he is asked."""
        attack = self.reading.shown.attack
        question = attack.question if attack is not None else None
        if question == "reaction":
            return (_("{player} picks a reaction", player=player),)
        if question in ("shift", "effect_shift", "attacker_shift"):
            return (_("{player} picks the hit face", player=player),)
        if question == "stray":
            return (_("{player} picks whom the stray shot hits", player=player),)
        if question in ("follow_up", "punish"):
            return (_("{player} attacks or declines", player=player),)
        return (_("{player} answers the attack", player=player),)

    def choices(self) -> list[tuple[Action, str]]:
        """The options of the choice under way, each with its words."""
        if self.abilities.asking():
            return self.abilities.choices()
        attack = self.reading.shown.attack
        if attack is None or self.ctx.actor is None or self.ctx.actor < 0:
            return []
        return [(option.action, option.label.render(self.ctx.names)) for option in attack.options]

    def attacker(self) -> str | None:
        """The active warrior when its player may attack with it now."""
        reading = self.reading
        active = reading.shown.active
        if reading.phase != ACTIVATION or self.pending() or active is None or active not in reading.warriors:
            return None
        return active if reading.own(active) else None

    def enemies(self, model_id: str) -> list[str]:
        """The warriors of the other side, nearest first."""
        warriors = self.reading.warriors
        own = warriors[model_id]
        return sorted(
            (w.id for w in warriors.values() if w.side != own.side),
            key=lambda other: math.dist(own.position, warriors[other].position),
        )

    def action(self, kind: str, item: str, model_id: str, target: str) -> Action:
        """The attack of `kind` with `item` on `target`: a charge goes straight until the
        bases touch, a throw lands on the target, a flame points at it."""
        warriors = self.reading.warriors
        own, other = warriors[model_id], warriors[target]
        if kind == "attack":
            return Action("attack", model=model_id, target=target)
        if kind == "shoot":
            return Action("shoot", model=model_id, item=item, target=target)
        if kind == "throw":
            return Action("throw", model=model_id, item=item, at=snap_point(other.position))
        (x, y), (ex, ey) = own.position, other.position
        if kind == "flame":
            angle = snap_angle(math.degrees(math.atan2(ey - y, ex - x)))
            return Action("flame", model=model_id, item=item, angle=angle)
        gap = math.dist((x, y), (ex, ey)) or 1.0
        touch = (own.base + other.base) / 2 + 0.2
        end = snap_point((ex - (ex - x) * touch / gap, ey - (ey - y) * touch / gap))
        return Action("charge", model=model_id, target=target, path=((x, y), end))

    def offers(self) -> list[Offer]:
        """The attacks of the active warrior, each on when some enemy may be its target;
        off with the rules' refusal for the nearest enemy."""
        model_id = self.attacker()
        if model_id is None:
            return []
        # every offer asks the rules about every enemy: once per change of the match
        asked = (self.reading.revision, model_id)
        if self._offers is not None and self._offers[0] == asked:
            return self._offers[1]
        items = card_of(self.reading.warriors[model_id]).items
        enemies = self.enemies(model_id)
        found: list[Offer] = []
        for kind, mode in MODES:
            used = [("", "")] if mode is None else [(i.key, marked(i.name)) for i in items if i.mode(mode) is not None]
            for item, item_name in used:
                # the verb alone names the attack unless two items share it
                label = offer_label(kind, item_name) if len(used) > 1 else offer_label(kind, "")
                reasons = [self.ctx.check(action) for action in self.probes(kind, item, model_id, enemies)]
                if not reasons:
                    reason = _("No enemy is on the table.")
                elif any(reason is None for reason in reasons):
                    reason = ""
                else:
                    reason = reasons[0] or ""
                found.append(Offer(kind, item, label, reason, item_name))
        found += self._ability_offers(model_id)
        found += [Offer(*offer) for offer in self.terrain.offers(model_id)]
        self._offers = (asked, found)
        return found

    def probes(self, kind: str, item: str, model_id: str, enemies: list[str]) -> list[Action]:
        """The attacks the rules are asked about to tell whether an offer is on: one on
        each enemy; a throw once, at the thrower's own spot, for it may land on any
        point in range and sight (S26), and only the thrower's AP, uses and freedom
        can stop it everywhere."""
        if kind == "throw":
            own = self.reading.warriors[model_id].position
            return [Action("throw", model=model_id, item=item, at=snap_point(own))]
        return [self.action(kind, item, model_id, enemy) for enemy in enemies]

    @staticmethod
    def offer_tip(offer: Offer) -> str:
        """What a click on an offer's button leads to."""
        tips = {
            "attack": _("Then click a lit enemy on the table"),
            "charge": _("Then click a lit enemy on the table"),
            "shoot": _("Then click a lit enemy on the table"),
            "throw": _("Then click a point on the table"),
            "flame": _("Then turn the flame with the pointer and click"),
            "extinguish": _("Takes off a fire marker for 1 AP"),
            "climb": _("Then click where the climb ends, in its hatched area"),
            "swim": _("Then click where the swim ends, in its hatched area"),
            "jump": _("Then click where the jump ends, in its hatched area"),
            "attack_piece": _("Attacks the piece at once: no roll"),
            "hide": _("Moves onto the piece at once and hides"),
            "shoot_piece": _("Then click a terrain piece on the table"),
        }
        tip = tips.get(offer.kind, _("Then click the warrior it is for, if it asks for one"))
        return f"{offer.item_name}: {tip}" if offer.item_name else tip

    def put_down(self) -> bool:
        """Put down the attack or ability in hand, or a heal waiting for its zone; False
        when nothing was."""
        if self.abilities.stop_asking():
            return True
        if self.armed is None:
            return False
        self.armed = None
        return True

    def armed_label(self) -> str:
        """The attack in hand as its button says it ("" for none)."""
        if self.armed is None:
            return ""
        offer = next((o for o in self.offers() if (o.kind, o.item) == self.armed), None)
        if offer is None:
            return ""
        if offer.kind in terrain_offers.KINDS or not offer.item_name:
            return offer.label  # "Shoot at terrain", not an attack's verb with the item
        return offer_label(offer.kind, offer.item_name)

    def armed_lines(self) -> list[str] | None:
        """What to do with the attack in hand, in words (None: nothing is in hand)."""
        if self.armed is None or self.attacker() is None:
            return None
        how = {
            "attack": _("Click a lit enemy in contact."),
            "charge": _("Click a lit enemy: the warrior goes straight until the bases touch."),
            "shoot": _("Click a lit enemy to shoot."),
            "throw": _("Click a point in reach. All under the template are hit, yours too."),
            "flame": _("Turn the flame onto the nearest enemy, then click."),
            "use": _("Click a lit warrior the ability reaches."),
            "climb": _("Click a point in the hatched area where the move ends."),
            "swim": _("Click a point in the hatched area where the move ends."),
            "jump": _("Click a point in the hatched area where the move ends."),
            "shoot_piece": _("Click a destructible terrain piece in range and sight."),
        }
        return [how.get(self.armed[0], ""), _("Esc or right click: put it down.")]

    def arm(self, offer: Offer) -> None:
        """Take an attack in hand (again: put it down)."""
        if offer.kind in abilities.KINDS and self._use_at_once(offer):
            return
        if offer.kind in terrain_offers.AT_ONCE:
            model_id = self.attacker()
            action = self.terrain.at_once(model_id, offer.kind, offer.item) if model_id is not None else None
            self.armed = None
            if action is not None and self.ctx.check(action) is None:
                self.ctx.submit(action)
            return
        wanted = (offer.kind, offer.item)
        self.armed = None if self.armed == wanted else wanted

    # -- abilities and putting out fire (screen/abilities.py) ---------------------------------

    def _ability_offers(self, model_id: str) -> list[Offer]:
        """The warrior's action abilities and putting out fire, after its attacks."""
        return [Offer(*offer) for offer in self.abilities.offers(model_id)]

    def _use_at_once(self, offer: Offer) -> bool:
        """An ability without a target, or putting out fire, is used on the click."""
        model_id = self.attacker()
        action = self.abilities.at_once(model_id, offer.kind, offer.item) if model_id is not None else None
        if action is None:
            return False
        self.armed = None
        if self.ctx.check(action) is None:
            self.ctx.submit(action)
        return True

    def _ability_in_hand(self) -> bool:
        return self.armed is not None and self.armed[0] in abilities.KINDS

    def _press_ability(self, model_id: str, element: str | None) -> bool:
        """A click on the table with an ability in hand: on a warrior it may reach it is used
        (a heal with several wounded zones asks which); elsewhere it is put down."""
        assert self.armed is not None
        item = self.armed[1]
        if element is None or self.abilities.aimed(model_id, item, element) is None:
            self.armed = None
            return True
        if self.abilities.press(model_id, item, element):
            self.armed = None
        return True

    # -- on the table -----------------------------------------------------------------------

    def armed_action(self, target: str | None) -> Action | None:
        model_id = self.attacker()
        if self.armed is None or model_id is None or target is None or target not in self.reading.warriors:
            return None
        if self._ability_in_hand():
            return self.abilities.aimed(model_id, self.armed[1], target)
        if self.armed[0] in terrain_offers.KINDS:
            return None  # aimed at a point of the table, not at a warrior
        if self.reading.warriors[target].side == self.reading.warriors[model_id].side:
            return None
        return self.action(self.armed[0], self.armed[1], model_id, target)

    def aimed(self) -> Aim | None:
        """The throw or flame in hand where the pointer aims it (None: no such attack in
        hand, or the pointer is off the table)."""
        model_id = self.attacker()
        if self.armed is None or model_id is None or self.armed[0] not in AIMED:
            return None
        return self.aiming.aim(self.armed[0], self.armed[1], model_id)

    def refusal(self, target: str | None) -> str | None:
        """Why the attack in hand cannot hit `target` (None: it can, or nothing is in hand)."""
        action = self.armed_action(target)
        return self.ctx.check(action) if action is not None else None

    def press(self, element: str | None) -> bool:
        """A click on the table with an attack in hand: on an enemy it is made (the rules
        judge it); elsewhere the attack is put down."""
        model_id = self.attacker()
        if self.armed is None or model_id is None:
            self.armed = None
            return False
        if self._ability_in_hand():
            return self._press_ability(model_id, element)
        if self.armed[0] in terrain_offers.AIMED_MOVES:
            return self._press_terrain(model_id)
        if self.armed[0] in terrain_offers.AT_PIECE:
            return self._press_piece(model_id, element)
        if self.armed[0] in AIMED:
            return self._press_aimed()
        action = self.armed_action(element)
        if action is None:
            self.armed = None
            return True
        if self.ctx.check(action) is None and self.ctx.submit(action):
            self.armed = None
        return True

    def _terrain_action(self, model_id: str) -> Action | None:
        """The climb, swim or jump in hand ending under the pointer (None: off the table)."""
        assert self.armed is not None
        pointer = self.hand.pointer
        if not self.camera.on_table(pointer):
            return None
        return self.terrain.aimed(model_id, self.armed[0], self.armed[1], self.camera.to_table(pointer))

    def _press_terrain(self, model_id: str) -> bool:
        """A click with a climb, swim or jump in hand: made when it may end there (else
        nothing happens: the reason is under the pointer); off the table it is put down."""
        action = self._terrain_action(model_id)
        if action is None:
            self.armed = None
        elif self.ctx.check(action) is None and self.ctx.submit(action):
            self.armed = None
        return True

    def _piece_action(self, model_id: str, element: str | None) -> Action | None:
        """The shot in hand at the terrain piece `element` (None: not a piece)."""
        assert self.armed is not None
        if element is None or element not in self.reading.table.pieces:
            return None
        return self.terrain.at_piece(model_id, self.armed[1], element)

    def _press_piece(self, model_id: str, element: str | None) -> bool:
        """A click with a shot at terrain in hand: on a piece it is made when the rules
        allow it (else nothing happens: the reason is under the pointer); elsewhere it
        is put down."""
        action = self._piece_action(model_id, element)
        if action is None:
            self.armed = None
        elif self.ctx.check(action) is None and self.ctx.submit(action):
            self.armed = None
        return True

    def _press_aimed(self) -> bool:
        """A click with a throw or flame in hand: made where it is aimed when the rules
        allow it (else nothing happens: their reason is under the pointer); off the
        table it is put down."""
        aim = self.aimed()
        if aim is None:
            self.armed = None
        elif not aim.refusal and self.ctx.submit(aim.action):
            self.armed = None
        return True

    def targets(self) -> list[str]:
        """The enemies the attack in hand may hit now (none for a throw or flame: they
        are aimed at a point or an angle; the warriors an ability in hand may reach)."""
        model_id = self.attacker()
        if self.armed is None or model_id is None or self.armed[0] in (*AIMED, *terrain_offers.KINDS):
            return []
        # the rules are asked about every warrior: once per change of the match, not per frame
        asked = (self.reading.revision, model_id, self.armed)
        if self._targets is not None and self._targets[0] == asked:
            return self._targets[1]
        if self._ability_in_hand():
            found = self.abilities.targets(model_id, self.armed[1])
        else:
            found = [enemy for enemy in self.enemies(model_id) if self.refusal(enemy) is None]
        self._targets = (asked, found)
        return found

    def draw(self, surface: pygame.Surface) -> None:
        """Rings round the targets the attack in hand may hit; under the pointer on one it
        may not, the rules' refusal."""
        model_id = self.attacker()
        if self.armed is None or model_id is None:
            return
        if self.armed[0] in terrain_offers.HITTING_PIECES:
            # the destructible pieces it may hit, ringed as the warriors are (S31)
            for piece_id in self.terrain.targets(model_id, *self.armed):
                piece_ring(self.overlay, surface, piece_id)
        if self.armed[0] in AIMED:
            aim = self.aimed()
            if aim is not None:
                self.aiming.draw(surface, aim)
            return
        t = self.ctx.theme
        if self.armed[0] in terrain_offers.KINDS:
            if self.armed[0] in terrain_offers.AT_PIECE:
                action = self._piece_action(model_id, self.hand.hovered)
            else:
                action = self._terrain_action(model_id)
            reason = self.ctx.check(action) if action is not None else None
            if reason:
                x, y = self.hand.pointer
                self.overlay.pill(surface, reason, (x, y + t.px(28)), th.CREAM)
            return
        for enemy in self.targets():
            warrior = self.reading.warriors[enemy]
            centre = self.camera.to_screen(warrior.position)
            radius = int(warrior.base / 2 * self.camera.scale) + t.px(5)
            pygame.draw.circle(surface, th.GOLD, centre, radius, max(2, t.px(3)))
        hovered = self.hand.hovered
        reason = self.refusal(hovered)
        if reason:
            x, y = self.hand.pointer
            self.overlay.pill(surface, reason, (x, y + t.px(28)), th.CREAM)


def offer_label(kind: str, item: str) -> str:
    """What an attack's button says: its verb, with the item when one is given."""
    if kind == "attack":
        return _("Attack")
    if kind == "charge":
        return _("Charge")
    if kind == "shoot":
        return _("Shoot {item}", item=item) if item else _("Shoot")
    if kind == "throw":
        return _("Throw {item}", item=item) if item else _("Throw")
    return _("Flame {item}", item=item) if item else _("Flame")
