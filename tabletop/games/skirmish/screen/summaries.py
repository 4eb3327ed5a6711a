"""What the shell asks of the skirmish screen besides the table: each player's
summary, the screen's keys named, and the prompt saying what the step asks."""

from __future__ import annotations

from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    CHOOSING,
    DEPLOYING,
    HANDS,
    LAYOUT,
    MISSIONS,
    NAMING,
    OVER,
    REVOKING,
    TACTICS,
    TERRAIN,
)
from tabletop.games.skirmish.screen.fight import Fight
from tabletop.games.skirmish.screen.non_players import NonPlayers
from tabletop.games.skirmish.screen.panel import SidePanel
from tabletop.games.skirmish.screen.reading import Reading
from tabletop.i18n import _, language, ngettext, pgettext
from tabletop.ui import caches
from tabletop.ui.gameview import PlayerSummary, ViewContext


def players_summary(ctx: ViewContext, reading: Reading) -> list[PlayerSummary]:
    """Each player's line in the shell: warriors, SP, cards, activations; the
    preparation's pools and terrain points; victory points once a mission is played."""
    shown = reading.shown
    summaries = []
    for seat, name in enumerate(ctx.names):
        own = [m for m in shown.warriors if m.side == seat]
        details = [ngettext("{count} warrior", "{count} warriors", len(own))]
        if not reading.setting_up:
            details.append(_("{sp} SP", sp=shown.sp[seat]))
            if shown.seats[seat].hand_chosen:
                # as Eden's line has it: the line stays whole beside the score at 1280x680
                details.append(_("{count} in hand", count=shown.seats[seat].hand_size))
            details.append(_("{activated} activated", activated=sum(1 for m in own if m.activated)))
        else:
            if shown.phase != LAYOUT:  # the book's preparation: the pools count from its bid on
                details.append(_("{sp} SP", sp=shown.sp[seat]))
            if shown.terrain_budget is not None:
                details.append(
                    _(
                        "{spent} of {total} terrain points",
                        spent=shown.seats[seat].terrain_points,
                        total=shown.terrain_budget,
                    )
                )
            if shown.seats[seat].ready:
                details.append(_("ready") if shown.phase == LAYOUT else _("deployed"))
        # victory points once a mission is played (a game without missions scores none)
        score = str(shown.seats[seat].sig) if any(s.played_mission for s in shown.seats) else ""
        summaries.append(PlayerSummary(seat, name, ctx.colour(seat), score, details))
    return summaries


def shortcuts() -> list[tuple[str, str]]:
    """The screen's keys, named."""
    home, backspace = pgettext("the key", "Home"), pgettext("the key", "Backspace")
    delete = pgettext("the key", "Delete")
    return [
        ("V", _("Select and move warriors and terrain")),
        ("M", _("Tape measure: drag between two points")),
        ("L", _("Line of sight: click the viewer, then the target")),
        ("E", _("Explosion template (a click pins it)")),
        ("F", _("Flame template: click the attacker")),
        ("A", _("Show or hide how far the selected warrior can move")),
        ("G", _("Show or hide the centimetre grid")),
        ("R", _("Turn the terrain or template in hand (Shift: the other way)")),
        ("+ / -", _("Zoom in / out")),
        (_("Wheel"), _("Zoom; turns what is in hand")),
        (_("Right drag / arrows"), _("Move the view")),
        (f"0 / {home}", _("Show the whole table")),
        (f"{delete} / {backspace}", _("Remove the selected piece or warrior (while laying out)")),
        ("Shift", _("While dragging a warrior: follow your own path")),
        (pgettext("the key", "Enter"), _("Pass the table on / pass the naming / end the activation")),
    ]


@caches.drawn(8, sized=False)
def activation_prompt(allowance: float, language: str) -> str:
    """What an activation asks, with the allowance, in `language` (the one in use:
    the words are kept by it; the top bar asks every frame)."""
    return _("Move the active warrior (1 AP, up to {cm:g} cm) or attack; then end it.", cm=allowance / 10)


def prompt(reading: Reading, side: SidePanel, fight: Fight, non_players: NonPlayers) -> str | None:
    """What the step asks of the player now, in a sentence."""
    if side.tactics.offered():
        return side.tactics.prompt()
    if reading.phase == REVOKING:  # a card played at an attack's moment: the attack waits for the answer
        return _("A card with Widerruf shows: revoke it by paying its SP, or let it stand.")
    if fight.pending():
        return fight.choice_prompt() or _("The attack waits for its rolls.")
    armed = fight.armed_lines()
    if armed:  # what to do with the attack in hand
        return " ".join(armed)
    said = non_players.prompt()
    if said is not None:
        return said
    if reading.phase == LAYOUT:
        return _("Lay out terrain and your warriors, then press Ready.")
    if reading.phase == NAMING:
        return _("Name a warrior by its GES, counter with a higher one, or pass.")
    if reading.phase == ACTIVATION:
        return activation_prompt(reading.shown.allowance, language())
    if reading.phase == TERRAIN:
        return _("Place terrain in turns, one piece a turn.")
    if reading.phase == DEPLOYING and reading.seat is not None and reading.shown.seats[reading.seat].edge is None:
        # the header's line is short: the panel says the rest (the other side takes the opposite edge)
        return _("Choose the edge you deploy along.")
    if reading.phase == DEPLOYING:
        return _("Deploy your warriors wholly inside your zone.")
    preparing = reading.shown.round == 0  # the preparation's own bid (S8)
    if reading.phase == BIDDING and preparing:
        return _("Bid strategy points in private: the higher bid says who begins the preparation.")
    if reading.phase == BIDDING:
        return _("Bid strategy points in private: the higher bid says who begins the round.")
    if reading.phase == CHOOSING and preparing:
        return _("The bid is won: say who begins the preparation.")
    if reading.phase == CHOOSING:
        return _("The bid is won: say who begins the round.")
    if reading.phase == OVER:
        return _("The game is over.")
    if reading.phase == MISSIONS:
        return _("Choose your mission: a secret one stays hidden, an open one is shown.")
    if reading.phase == HANDS:
        return _("Choose your tactical hand in private: as many cards as your leader's PSI.")
    if reading.phase == TACTICS:
        return _("The tactical phase: play one card of your hand, or none.")
    return _("The end phase: rolls for the markers, then a new round.")
