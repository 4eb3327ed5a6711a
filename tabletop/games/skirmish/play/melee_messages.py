"""Every text the melee shows: its log lines in the book's terms, the players'
prompts and its refusals (play/melee.py)."""

from __future__ import annotations

from tabletop.games.skirmish.card_schema import Marker
from tabletop.games.skirmish.play.reaction import DODGE, PASSIVE, STRIKE_BACK
from tabletop.i18n import N_, Nn_

MARKER_NAMES: dict[Marker, tuple[str, str]] = {
    "fire": Nn_("{count} fire marker", "{count} fire markers"),
    "fear": Nn_("{count} fear marker", "{count} fear markers"),
    "poison": Nn_("{count} poison marker", "{count} poison markers"),
    "rage": Nn_("{count} rage marker", "{count} rage markers"),
    "slow": Nn_("{count} slow marker", "{count} slow markers"),
}
DICE = Nn_("{count} die", "{count} dice")
SUCCESSES = Nn_("{count} success", "{count} successes")
WOUNDS = Nn_("{count} wound", "{count} wounds")
DODGED = Nn_("{count} dodged", "{count} dodged")
MOVED_FACE = N_("{face} moved to {moved}")

STRIKES = N_("{striker} strikes {target}: {dice} against WID {wid}, {successes}, hit roll {face} -> {zone}, {wounds}.")
STRIKES_DODGED = N_(
    "{striker} strikes {target}: {dice} against WID {wid}, {successes}, hit roll {face} -> {zone},"
    " {cancelled}, {wounds}."
)
MISSES = N_("{striker} strikes {target}: {dice} against WID {wid}, no success; the attack fails.")
ARMOUR_TOOK = Nn_("{name}'s armour takes {count} wound off.", "{name}'s armour takes {count} wounds off.")
GETS_MARKERS = N_("{name} gets {markers} ({item}).")

REACTS = {
    PASSIVE: N_("{name} stays passive."),
    DODGE: N_("{name} dodges (1 AP)."),
    STRIKE_BACK: N_("{name} strikes back (1 AP and an attack)."),
}
STRIKES_BACK_FREE = N_("{name} strikes back.")
COMPARISON_WON = N_("{name} wins the comparison and strikes; {other} may only stay passive.")
FOLLOWS_UP = N_("{name} attacks {other} at once (1 AP and an attack).")
LETS_IT_END = N_("{name} lets the exchange end.")
BREAKS_AWAY = N_("{name} breaks away from the melee.")
HELD = N_("{name} does not break away: each enemy in contact may strike before the move.")
PUNISHES = N_("{name} strikes {other} as {other} breaks away (1 AP and an attack).")
LETS_GO = N_("{name} lets {other} go.")

PROMPTS = {
    "reaction": N_("{name} is attacked by {other}: stay passive, dodge or strike back?"),
    "effect_shift": N_("The hit roll on {name} shows {face}: {name}'s player may shift it. Which face?"),
    "attacker_shift": N_("{name} may spend successes to shift the hit roll on {other}: which face?"),
    "follow_up": N_("{name} lost the comparison and may attack {other} at once (1 AP and an attack)."),
    "punish": N_("{other} failed to break away: may {name} strike (1 AP and an attack)?"),
}
NOT_AN_OPTION = N_("{option} is not one of the choices now: {options}.")
NOTHING_TO_ROLL = N_("No roll is waiting now.")
NOTHING_TO_CHOOSE = N_("No choice is waiting now.")
