"""The side panel's tactical cards, behind the curtain (play/hands.py,
play/tactical_phase.py): choosing the hand (the deck's cards, each taken or put
back with a click, a counter of how many are chosen of how many allowed, "Take
this hand"); in the tactical phase the hand with "Play" on each card (a card that
reaches warriors shows them to pick from) and "Play no card"; the opponent's
"Revoke (X SP)" or "Let it stand" for a card with Widerruf just shown. When an
attack on one of the seat's warriors offers its moment (Deckung, Schutzwall), the
same hand with "Play" on each card and "Play no card", before the roll. In the
seat's own activation, "Tactical card ..." opens the hand behind the curtain for a
card on the active warrior (Erste Hilfe: "Play", then the wounded zone it heals),
shown whenever the public facts let the side play one (the deck, SP, leader,
Störsender), whatever the hand holds."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tabletop.engine.core import Action
from tabletop.games.skirmish.card_schema import Zone
from tabletop.games.skirmish.play import abilities, hands, tactical_phase, tactics
from tabletop.games.skirmish.play.profile import ZONE_NAMES
from tabletop.games.skirmish.play.state import ACTIVATION, HANDS, REVOKING, TACTICS, SkirmishState, snap_point
from tabletop.games.skirmish.play.warriors import card as card_of
from tabletop.games.skirmish.screen.camera import Camera
from tabletop.games.skirmish.screen.measuring import BLAST, draw_template
from tabletop.games.skirmish.screen.overlay import Overlay
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.games.skirmish.table import measure
from tabletop.games.skirmish.table.planar import Point
from tabletop.games.skirmish.tactics_schema import TacticalCard
from tabletop.i18n import _, ngettext, pgettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.gameview import GameView, marked

#: the phases whose controls this module draws
PHASES = (HANDS, TACTICS, REVOKING)


class Tactics:
    """The hand being chosen, the card picked to play and its warriors (kept on the
    screen until they are sent), and the controls."""

    def __init__(self, view: GameView, reading: Reading, submit: Callable[[Action], bool]) -> None:
        self.view = view
        self.reading = reading
        self.submit = submit
        self.chosen: list[str] = []
        self.card: str | None = None
        self.targets: list[str] = []
        self._for: tuple[int | None, str, int] = (None, "", -1)

    # -- what the panel keeps -----------------------------------------------------------

    def _state(self) -> SkirmishState:
        state = self.view.ctx.match.state
        assert isinstance(state, SkirmishState)
        return state

    def _fresh(self) -> None:
        """A new seat or step starts from nothing chosen (a deck that is the whole hand: all of it)."""
        shown = self.reading.shown
        owner = (self.reading.seat, shown.phase, len(shown.cards_played) + shown.round * 100)
        if owner == self._for:
            return
        self._for = owner
        self.card, self.targets = None, []
        seat = self.reading.seat
        deck = self.deck()
        self.chosen = [card.key for card in deck] if seat is not None and len(deck) == self.allowed() else []

    def offered(self) -> bool:
        """The seat at the screen decides from its hand outside the tactical phase: an
        attack's moment offered to it, or its hand opened in its activation."""
        seat = self.reading.seat
        return seat is not None and tactical_phase.hand_open(self._state(), seat)

    def at_attack(self) -> bool:
        """An attack's moment is offered to the seat at the screen (before the roll)."""
        found = tactical_phase.offered(self._state())
        return found is not None and found["side"] == self.reading.seat

    def may_open(self) -> bool:
        """In the seat's activation, with no attack under way: its side could play a
        card on the active warrior by what the table shows (its hand is not asked)."""
        state, seat = self._state(), self.reading.seat
        return (
            seat is not None
            and state.phase == ACTIVATION
            and state.pending is None
            and not state.card_moment
            and state.active is not None
            and tactical_phase.moment_open(state, seat, "friend_active")
        )

    def draw_open(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The control that opens the hand behind the curtain."""
        self.view.button(
            surface,
            "open_hand",
            rect,
            _("Tactical card ..."),
            lambda: self.submit(Action("open_hand")),
            tip=_("Open your tactical hand behind the curtain: a card on the active warrior, or none"),
        )

    def prompt(self) -> str:
        """The line that says what the open hand waits for."""
        if self.at_attack():
            return _("Before the roll: play a card of your hand, or none.")
        return _("Your activation: play a card of your hand on the active warrior, or none.")

    def healable(self) -> tuple[Zone, ...]:
        """The wounded zones of the active warrior (a healing card names one, S4)."""
        state = self._state()
        entry = state.models.get(state.active or "")
        return card_of(entry).healable() if entry is not None else ()

    def showing(self) -> bool:
        """The panel shows the cards: choosing the hand, the tactical phase, a
        Widerruf, or an attack's moment."""
        return self.reading.shown.phase in PHASES or self.offered()

    def deck(self) -> list[TacticalCard]:
        seat = self.reading.seat
        return hands.deck_of(self._state(), seat) if seat is not None else []

    def allowed(self) -> int:
        seat = self.reading.seat
        return self.reading.shown.seats[seat].hand_allowed if seat is not None else 0

    def hand(self) -> list[TacticalCard]:
        seat = self.reading.seat
        own = self.reading.shown.seats[seat].hand if seat is not None else None
        found = hands.cards()
        return [found[key] for key in own or ()]

    def toggle(self, key: str) -> None:
        self._fresh()
        if key in self.chosen:
            self.chosen.remove(key)
        elif len(self.chosen) < self.allowed():
            self.chosen.append(key)

    def pick(self, key: str) -> None:
        """A card of the hand picked to play: its warriors are picked next."""
        self._fresh()
        if self.card != key:
            self.card, self.targets = key, []

    def aim(self, model_id: str) -> None:
        self._fresh()
        if model_id in self.targets:
            self.targets.remove(model_id)
        else:
            self.targets.append(model_id)

    def play_action(self, key: str, zone: Zone | None = None) -> Action:
        targets = tuple(self.targets) if key == self.card else ()
        if zone is not None:
            return Action("play_card", card=key, targets=targets, zone=zone)
        return Action("play_card", card=key, targets=targets)

    def laying(self) -> TacticalCard | None:
        """The card picked whose template a click on the table lays (Contaminated area)."""
        self._fresh()
        # asked every frame: the cards (the data's, by key) only once one is picked
        if self.card is None or self.reading.seat is None or self.reading.shown.phase != TACTICS:
            return None
        found = hands.cards().get(self.card)
        return found if found is not None and tactical_phase.places_template(found) else None

    def lay(self, point: Point) -> None:
        """Play the card picked with its template centred on `point` (table mm)."""
        found = self.laying()
        if found is not None:
            self.submit(Action("play_card", card=found.key, targets=(), at=snap_point(point)))

    def draw_laying(self, surface: pygame.Surface, overlay: Overlay, camera: Camera, pointer: tuple[int, int]) -> None:
        """The template of the card picked where a click would lay it, the warriors under it ringed."""
        if self.laying() is None or not camera.on_table(pointer):
            return
        table = self.reading.table
        template = measure.explosion(table, snap_point(camera.to_table(pointer)))
        draw_template(overlay, surface, template, BLAST, measure.models_under(table, template))

    def play(self, key: str) -> None:
        """Play the card; one that still wants its warriors, or the point of its
        template, is picked instead."""
        self._fresh()
        seat = self.reading.seat
        found = hands.cards()[key]
        if tactical_phase.places_template(found):
            self.pick(key)
            return
        if tactical_phase.heals(found):
            zones = self.healable()
            if len(zones) == 1:  # one wounded zone: nothing to choose
                self.submit(self.play_action(key, zones[0]))
            else:
                self.pick(key)
            return
        wanted = tactical_phase.wanted(self._state(), seat, found) if seat is not None else 0
        if wanted and (self.card != key or len(self.targets) != wanted):
            self.pick(key)
            return
        self.submit(self.play_action(key))

    def key(self) -> tuple[object, ...]:
        return (tuple(self.chosen), self.card, tuple(self.targets), self.offered())

    # -- words ---------------------------------------------------------------------------

    def whose(self, player: str) -> tuple[str, ...]:
        phase = self.reading.shown.phase
        if phase == HANDS:
            return (
                _("{player} chooses a tactical hand in private", player=player),
                _("{player} chooses", player=player),
            )
        if phase == TACTICS:
            return (_("{player} may play a tactical card", player=player), _("{player} plays", player=player))
        if self.at_attack():
            return (_("{player} may play a card before the roll", player=player), _("{player} plays", player=player))
        if self.offered():
            return (
                _("{player} may play a card on the active warrior", player=player),
                _("{player} plays", player=player),
            )
        return (_("{player} may revoke the card", player=player), _("{player} decides", player=player))

    def note(self) -> str:
        """The line above the buttons."""
        self._fresh()
        shown = self.reading.shown
        if shown.phase == HANDS:
            return ngettext(
                "Chosen {chosen} of {count} card; the other player sees only how many.",
                "Chosen {chosen} of {count} cards; the other player sees only how many.",
                self.allowed(),
                chosen=len(self.chosen),
            )
        if shown.phase == TACTICS or self.offered():
            laid = self.laying()
            if laid is not None:
                return _("{card}: click the table where its template lies.", card=marked(laid.name))
            if self.card is not None:
                seat = self.reading.seat
                found = hands.cards()[self.card]
                if tactical_phase.heals(found):
                    return _("{card}: pick the wounded zone it heals.", card=marked(found.name))
                wanted = tactical_phase.wanted(self._state(), seat, found) if seat is not None else 0
                if wanted:
                    return ngettext(
                        "{card}: pick {count} warrior it reaches, then Play.",
                        "{card}: pick {count} warriors it reaches, then Play.",
                        wanted,
                        card=marked(found.name),
                    )
            return _("A card costs {cost} SP; a name is played once a game.", cost=shown.card_cost)
        played = shown.cards_played[-1] if shown.cards_played else None
        seat = self.reading.seat
        if played is None or seat is None:
            return ""
        cost = hands.cards()[played.card].revoke or 0
        return _("Revoking costs {cost} SP; your pool holds {sp}.", cost=cost, sp=shown.sp[seat])

    # -- drawing -------------------------------------------------------------------------

    def draw_cards(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The deck to choose from, or the hand to play from, in `area`."""
        self._fresh()
        view, shown = self.view, self.reading.shown
        t = view.theme
        small = t.font(th.SMALL)
        bold = t.font(th.SMALL, bold=True)
        gap = t.px(6)
        height = max(t.px(36), t.fs(th.SMALL) + t.px(16))
        y = area.y
        if shown.phase == REVOKING:
            played = shown.cards_played[-1] if shown.cards_played else None
            if played is not None:
                found = hands.cards()[played.card]
                art.text(surface, marked(found.name), bold, th.INK, (area.x, y), max_width=area.w)
                y += bold.get_linesize()
                lines = art.wrap(marked(found.text), small, area.w)
                if played.targets:
                    names = ", ".join(self.reading.label(model_id) for model_id in played.targets)
                    lines += art.wrap(_("Played on: {names}", names=names), small, area.w)
                for line in lines:
                    art.text(surface, line, small, th.INK_SOFT, (area.x, y), max_width=area.w)
                    y += small.get_linesize()
                buttons_h = max(t.px(54), t.fs(th.BODY) + t.px(22))
                view.button(
                    surface,
                    "revoke",
                    pygame.Rect(area.x, max(y + gap, area.bottom - buttons_h), area.w, buttons_h),
                    _("Revoke ({cost} SP)", cost=found.revoke or 0),
                    lambda: self.submit(Action("revoke", revoke=True)),
                    colour=th.GOLD,
                    tip=_("Pay the Widerruf: the card is discarded without effect"),
                )
            return
        title = _("Your deck") if shown.phase == HANDS else _("Your tactical hand")
        art.text(surface, title, bold, th.INK, (area.x, y), max_width=area.w)
        y += bold.get_linesize() + t.px(2)
        cards = self.deck() if shown.phase == HANDS else self.hand()
        play_w = min(area.w // 3, max(t.px(60), bold.size(_("Play"))[0] + t.px(24)))
        # each card's words under its name when they all fit, else only the picked card's
        words = {card.key: art.wrap(marked(card.text), small, area.w - t.px(8)) for card in cards}
        room = area.bottom - y - len(cards) * (height + gap)
        with_words = sum(len(lines) for lines in words.values()) * small.get_linesize() <= room - self._targets_h(
            height, gap
        )
        for card in cards:
            if y + height > area.bottom:
                break
            name = marked(card.name)
            text = marked(card.text)
            if shown.phase == HANDS:
                taken = card.key in self.chosen
                view.button(
                    surface,
                    f"deck-{card.key}",
                    pygame.Rect(area.x, y, area.w, height),
                    name,
                    functools.partial(self.toggle, card.key),
                    enabled=taken or len(self.chosen) < self.allowed(),
                    selected=taken,
                    font_size=th.SMALL,
                    tip=text,
                    reason=_("The hand is full: put a card back first."),
                )
            else:
                view.button(
                    surface,
                    f"card-{card.key}",
                    pygame.Rect(area.x, y, area.w - play_w - gap, height),
                    name,
                    functools.partial(self.pick, card.key),
                    selected=self.card == card.key,
                    font_size=th.SMALL,
                    tip=text,
                )
                refusal = self._refusal(card)
                view.button(
                    surface,
                    f"play-{card.key}",
                    pygame.Rect(area.right - play_w, y, play_w, height),
                    _("Play"),
                    functools.partial(self.play, card.key),
                    enabled=refusal is None,
                    colour=th.GOLD,
                    font_size=th.SMALL,
                    tip=_("Play {card}: {text}", card=name, text=text),
                    reason=refusal or "",
                )
            y += height + gap
            if with_words:
                for line in words[card.key]:
                    art.text(surface, line, small, th.INK_SOFT, (area.x + t.px(4), y - t.px(3)), max_width=area.w)
                    y += small.get_linesize()
                y += t.px(2)
        y = self._draw_targets(surface, pygame.Rect(area.x, y, area.w, area.bottom - y), height, gap)
        shown_card = hands.cards().get(self.card or "") if shown.phase == TACTICS else None
        if shown_card is not None and not with_words:
            for line in art.wrap(marked(shown_card.text), small, area.w):
                if y + small.get_linesize() > area.bottom:
                    break
                art.text(surface, line, small, th.INK_SOFT, (area.x, y), max_width=area.w)
                y += small.get_linesize()

    def _refusal(self, card: TacticalCard) -> str | None:
        """Why the card cannot be played now (its warriors not yet picked is no refusal)."""
        seat = self.reading.seat
        if seat is None:
            return _("It is not your turn.")
        state = self._state()
        now = tactical_phase.player_now(state)
        occasion = tactical_phase.occasion(state, seat, now[1] if now is not None else "tactical_phase")
        refusal = tactics.play_refusal(card, occasion, hands.hand_of(state, seat))
        if refusal is None and not tactical_phase.wanted(state, seat, card):
            refusal = tactical_phase.target_refusal(state, seat, card, ())
        if refusal is None and tactical_phase.heals(card) and state.active is not None and not self.healable():
            refusal = abilities.zone_refusal(state, state.active, None)  # nothing to heal
        return refusal.render(self.view.ctx.names) if refusal is not None else None

    def _reachable(self) -> list[str]:
        """The warriors the picked card may reach, when it wants them named."""
        seat = self.reading.seat
        card = hands.cards().get(self.card or "")
        if card is None or seat is None or self.reading.shown.phase != TACTICS:
            return []
        state = self._state()
        reach = tactical_phase.reach(card)
        if reach is None or not tactical_phase.wanted(state, seat, card):
            return []
        return tactical_phase.eligible(state, seat, reach)

    def _targets_h(self, height: int, gap: int) -> int:
        card = hands.cards().get(self.card or "")
        picked = self.healable() if card is not None and tactical_phase.heals(card) else self._reachable()
        rows = (len(picked) + 1) // 2
        return rows * (height + gap)

    def _draw_targets(self, surface: pygame.Surface, area: pygame.Rect, height: int, gap: int) -> int:
        """The warriors the picked card may reach, each picked or put back with a click."""
        card = hands.cards().get(self.card or "")
        if card is not None and tactical_phase.heals(card):
            return self._draw_zones(surface, area, card, height, gap)
        reachable = self._reachable()
        if card is None or not reachable:
            return area.y
        columns = 2
        wide = (area.w - gap * (columns - 1)) // columns
        y = area.y
        for index, model_id in enumerate(reachable):
            row, column = divmod(index, columns)
            rect = pygame.Rect(area.x + column * (wide + gap), area.y + row * (height + gap), wide, height)
            if rect.bottom > area.bottom:
                break
            self.view.button(
                surface,
                f"reach-{model_id}",
                rect,
                self.reading.label(model_id),
                functools.partial(self.aim, model_id),
                selected=model_id in self.targets,
                font_size=th.SMALL,
                tip=_("{card} reaches {name}", card=marked(card.name), name=self.reading.label(model_id)),
            )
            y = rect.bottom + gap
        return y

    def _draw_zones(self, surface: pygame.Surface, area: pygame.Rect, card: TacticalCard, height: int, gap: int) -> int:
        """The wounded zones of the active warrior, each playing the healing card picked on it."""
        columns = 2
        wide = (area.w - gap * (columns - 1)) // columns
        y = area.y
        for index, zone in enumerate(self.healable()):
            row, column = divmod(index, columns)
            rect = pygame.Rect(area.x + column * (wide + gap), area.y + row * (height + gap), wide, height)
            if rect.bottom > area.bottom:
                break
            name = marked(ZONE_NAMES[zone]).capitalize()
            self.view.button(
                surface,
                f"zone-{zone}",
                rect,
                name,
                functools.partial(self.submit, self.play_action(card.key, zone)),
                colour=th.GOLD,
                font_size=th.SMALL,
                tip=_("{card} heals a wound there ({zone})", card=marked(card.name), zone=name),
            )
            y = rect.bottom + gap
        return y

    def draw(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        """The bottom row: take the hand; play no card; revoke or let stand."""
        self._fresh()
        view, shown, seat = self.view, self.reading.shown, self.reading.seat
        if seat is None:
            return
        if shown.phase == HANDS:
            view.button(
                surface,
                "take_hand",
                row,
                _("Take this hand"),
                lambda: self.submit(Action("hand", cards=tuple(self.chosen))),
                enabled=len(self.chosen) == self.allowed(),
                colour=th.GOLD,
                tip=_("Keep these cards; the other player sees only how many"),
                reason=ngettext("Choose {count} card.", "Choose {count} cards.", self.allowed() - len(self.chosen)),
            )
        elif shown.phase == TACTICS or self.offered():
            view.button(
                surface,
                "no_card",
                row,
                _("Play no card"),
                lambda: self.submit(Action("no_card")),
                key=pgettext("the key", "Enter"),
                tip=_("Keep your cards this round"),
            )
        else:
            view.button(
                surface,
                "let_stand",
                row,
                _("Let it stand"),
                lambda: self.submit(Action("revoke", revoke=False)),
                tip=_("The card takes effect"),
            )
