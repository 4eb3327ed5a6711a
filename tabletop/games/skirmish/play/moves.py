"""The skirmish game's moves, declared once (tabletop.engine.moves), with the
phases that allow each. Laying out: play/laying_out.py; naming and activating:
play/activation.py; the round and its end phase: play/rounds.py.

Every length is a millimetre on the table, a float rounded to 0.1 mm in actions
so the log replays exactly (a `Position` is a tuple of two such floats);
rotations are degrees, clockwise, rounded to 0.1.
"""

from __future__ import annotations

from typing import Literal

from tabletop.engine.moves import Move, Moves
from tabletop.games.skirmish.card_schema import Zone
from tabletop.games.skirmish.play.state import (
    ACTIVATION,
    BIDDING,
    CARD_MOMENT,
    CHOOSING,
    DEPLOYING,
    END,
    HANDS,
    INFESTATION,
    LAYOUT,
    MISSIONS,
    NAMING,
    OVER,
    RESOLVE,
    REVOKING,
    TACTICS,
    TERRAIN,
)
from tabletop.i18n import N_

#: a position on the table: x and y in millimetres from the top left corner, as
#: floats given to 0.1 mm (the screen snaps what it sends; an int is refused)
Position = tuple[float, float]
#: the corners of a moved path, from where the warrior stands to where it stops
Corners = tuple[Position, ...]

# -- laying out the table ----------------------------------------------------------------------
ADD_PIECE = Move(
    "add_piece",
    N_("Place a new terrain piece of a kind at a position, turned clockwise by a rotation in degrees."),
    phases=(LAYOUT, TERRAIN),
    terrain=str,
    at=Position,
    rotation=float,
)
PLACE_PIECE = Move(
    "place_piece",
    N_("Move or turn a terrain piece already on the table."),
    phases=(LAYOUT,),
    piece=str,
    at=Position,
    rotation=float,
)
REMOVE_PIECE = Move("remove_piece", N_("Take a terrain piece off the table."), phases=(LAYOUT,), piece=str)
ADD_MODEL = Move(
    "add_model",
    N_("Place the next warrior of your unit on a base of that size (mm) at a position."),
    phases=(LAYOUT, DEPLOYING),
    base=float,
    at=Position,
)
PLACE_MODEL = Move(
    "place_model", N_("Put one of your warriors somewhere else."), phases=(LAYOUT, DEPLOYING), model=str, at=Position
)
REMOVE_MODEL = Move(
    "remove_model", N_("Take one of your warriors off the table."), phases=(LAYOUT, DEPLOYING), model=str
)
READY = Move("ready", N_("Say the table suits you and pass it on; play begins when both are ready."), phases=(LAYOUT,))
END_TURN = Move("end_turn", N_("Pass the table on to the other player."), phases=(LAYOUT,))

# -- the book's preparation (play/preparation.py) ----------------------------------------------
TERRAIN_DONE = Move(
    "terrain_done",
    N_("Place no more terrain (under the terrain rules: when no piece you can afford fits, or by the option)."),
    phases=(TERRAIN,),
)
EDGE = Move(
    "edge",
    N_("Deploying first, choose the table edge your warriors deploy along; the other side takes the opposite one."),
    phases=(DEPLOYING,),
    edge=Literal["top", "right", "bottom", "left"],
)
DEPLOYED = Move(
    "deployed",
    N_("Every warrior of your unit stands in your zone: the other side deploys, or play begins."),
    phases=(DEPLOYING,),
)

# -- non-player warriors (optional rule 2, play/non_player_play.py) -------------------------------
PLACE_NSK = Move(
    "place_nsk",
    N_(
        "Spend infestation points on a non-player warrior of that value and place it where non-player "
        "warriors may stand."
    ),
    phases=(INFESTATION,),
    warrior=str,
    at=Position,
)
ACTIVATE_NSK = Move(
    "activate_nsk",
    N_("Activate a non-player warrior not yet activated this round; the players take turns."),
    phases=(END,),
    model=str,
)
NSK_ORDER = Move(
    "nsk_order",
    N_(
        "Carry out the action the rules force on the non-player warrior activated: attack, charge or shoot at "
        "a warrior, roam along a straight path, or stay."
    ),
    phases=(END,),
    duty=Literal["attack", "charge", "shoot", "roam", "stay"],
    target=str | None,
    path=Corners,
)

# -- missions (play/mission_play.py) -----------------------------------------------------------
MISSION = Move(
    "mission",
    N_("Play a mission your unit may play: a secret one face down, an open one shown; two open ones must differ."),
    phases=(MISSIONS,),
    mission=str,
)

# -- who begins the round ------------------------------------------------------------------
BID = Move(
    "bid",
    N_("Bid strategy points for who begins, in private; both bids are shown together and both are spent."),
    phases=(BIDDING,),
    sp=int,
)
BEGIN = Move(
    "begin",
    N_("Having won the bid (or when the other side's leader fell), say which player begins the round."),
    phases=(CHOOSING,),
    player=int,
)

# -- the activation phase ---------------------------------------------------------------------
NAME = Move(
    "name",
    N_("Name one of your warriors not yet activated, with its GES; a counter names one with a higher GES."),
    phases=(NAMING,),
    model=str,
)
PASS = Move(
    "pass",
    N_("Name nobody: let the warrior named stand, or forgo an activation."),
    phases=(NAMING,),
)
MOVE_MODEL = Move(
    "move",
    N_("Move the active warrior along a path of straight segments (1 AP, 3 a round)."),
    phases=(ACTIVATION,),
    model=str,
    path=Corners,
)
ATTACK = Move(
    "attack",
    N_("The active warrior attacks an enemy in contact in melee (1 AP, 2 attacks a round)."),
    phases=(ACTIVATION,),
    model=str,
    target=str,
)
CHARGE = Move(
    "charge",
    N_("The active warrior, free, charges along a path into contact with an enemy and attacks (2 AP, once a round)."),
    phases=(ACTIVATION,),
    model=str,
    target=str,
    path=Corners,
)
SHOOT = Move(
    "shoot",
    N_("The active warrior, free, shoots with an item at a nearest enemy in range and sight (1 AP, an attack)."),
    phases=(ACTIVATION,),
    model=str,
    item=str,
    target=str,
)
THROW = Move(
    "throw",
    N_("The active warrior, free, throws an item onto a point in range and sight (1 AP, an attack)."),
    phases=(ACTIVATION,),
    model=str,
    item=str,
    at=Position,
)
FLAME = Move(
    "flame",
    N_("The active warrior, free, lays the flame of an area weapon at an angle in degrees (1 AP, an attack)."),
    phases=(ACTIVATION,),
    model=str,
    item=str,
    angle=float,
)
USE = Move(
    "use",
    N_(
        "The active warrior uses an action ability of its card, paying its AP and SP: on a target warrior, "
        "healing a zone with a wound, as the ability says."
    ),
    phases=(ACTIVATION,),
    model=str,
    ability=str,
    target=str | None,
    zone=Zone | None,
)
EXTINGUISH = Move(
    "extinguish",
    N_("The active warrior puts out one of its fire markers (1 AP, as often as it likes)."),
    phases=(ACTIVATION,),
    model=str,
)
# -- the extended terrain rules (play/climbing.py, play/destruction.py, play/hiding.py) ----------
CLIMB = Move(
    "climb",
    N_(
        "The active warrior climbs onto a piece it touches, or down from the top it stands on, "
        "to a point (2 AP, a move, a GES roll)."
    ),
    phases=(ACTIVATION,),
    model=str,
    piece=str,
    at=Position,
)
SWIM = Move(
    "swim",
    N_("The active warrior swims through water it touches to a point touching its edge (2 AP, a move, a WID roll)."),
    phases=(ACTIVATION,),
    model=str,
    piece=str,
    at=Position,
)
JUMP = Move(
    "jump",
    N_("The active warrior jumps over a piece it touches to a point beyond it (1 AP, a move, a GES roll)."),
    phases=(ACTIVATION,),
    model=str,
    piece=str,
    at=Position,
)
ATTACK_PIECE = Move(
    "attack_piece",
    N_("The active warrior attacks a destructible terrain piece it touches (1 AP, an attack, no roll)."),
    phases=(ACTIVATION,),
    model=str,
    piece=str,
)
SHOOT_PIECE = Move(
    "shoot_piece",
    N_(
        "The active warrior, free, shoots with an item at a destructible terrain piece in range and sight "
        "(1 AP, an attack)."
    ),
    phases=(ACTIVATION,),
    model=str,
    item=str,
    piece=str,
)
HIDE = Move(
    "hide",
    N_(
        "The active warrior, touching a hiding place and 15 cm or more from every enemy, "
        "moves onto it and hides (1 AP, a move)."
    ),
    phases=(ACTIVATION,),
    model=str,
    piece=str,
    path=Corners,
)
DONE = Move("done", N_("End the active warrior's activation; its AP left serve for reactions."), phases=(ACTIVATION,))

# -- an attack under way ---------------------------------------------------------------------
REACT = Move(
    "react",
    N_("Answer a melee attack: stay passive, dodge (1 AP) or strike back (1 AP and an attack)."),
    phases=(RESOLVE,),
    reaction=Literal["passive", "dodge", "strike_back"],
)
SHIFT = Move("shift", N_("Shift the hit roll to one of the faces offered."), phases=(RESOLVE,), face=int)
ANSWER = Move(
    "answer",
    N_("Answer the attack's question: attack or decline, or name the warrior a stray shot hits."),
    phases=(RESOLVE,),
    option=str,
)

# -- the end phase ----------------------------------------------------------------------------
RAGE = Move(
    "rage",
    N_("Remove one rage marker of your warrior, or keep them all."),
    phases=(END,),
    model=str,
    remove=bool,
)

# -- tactical cards (play/hands.py, play/tactical_phase.py) ------------------------------------
HAND = Move(
    "hand",
    N_(
        "Choose your tactical hand in private: as many different cards of your deck as your leader's PSI "
        "(all of them when the deck holds fewer)."
    ),
    phases=(HANDS,),
    cards=tuple[str, ...],
)
PLAY_CARD = Move(
    "play_card",
    N_(
        "Play a tactical card from your hand, paying its SP, on the warriors its effect reaches (a template: at "
        "a point; healing: a zone); a card without Taktische Phase at the moment its text says."
    ),
    phases=(TACTICS, ACTIVATION, RESOLVE, CARD_MOMENT),
    card=str,
    targets=tuple[str, ...],
    at=Position | None,
    zone=Zone | None,
)
NO_CARD = Move(
    "no_card",
    N_("Play no tactical card now (this round's tactical phase, or before an attack's roll)."),
    phases=(TACTICS, RESOLVE, CARD_MOMENT),
)
OPEN_HAND = Move(
    "open_hand",
    N_("Open your tactical hand behind the curtain to play a card on your active warrior, or none."),
    phases=(ACTIVATION,),
)
REVOKE = Move(
    "revoke",
    N_("Pay the Widerruf of the card just shown to revoke it (it is discarded without effect), or let it stand."),
    phases=(REVOKING,),
    revoke=bool,
)

MOVES = Moves(
    ADD_PIECE,
    PLACE_PIECE,
    REMOVE_PIECE,
    ADD_MODEL,
    PLACE_MODEL,
    REMOVE_MODEL,
    READY,
    END_TURN,
    TERRAIN_DONE,
    EDGE,
    DEPLOYED,
    BID,
    BEGIN,
    NAME,
    PASS,
    MOVE_MODEL,
    ATTACK,
    CHARGE,
    SHOOT,
    THROW,
    FLAME,
    USE,
    EXTINGUISH,
    CLIMB,
    SWIM,
    JUMP,
    ATTACK_PIECE,
    SHOOT_PIECE,
    HIDE,
    DONE,
    REACT,
    SHIFT,
    ANSWER,
    RAGE,
    MISSION,
    HAND,
    PLAY_CARD,
    NO_CARD,
    OPEN_HAND,
    REVOKE,
    PLACE_NSK,
    ACTIVATE_NSK,
    NSK_ORDER,
    phase_of=lambda state: (
        RESOLVE if state.pending and state.phase != REVOKING else CARD_MOMENT if state.card_moment else state.phase
    ),
    not_now={
        LAYOUT: N_("Warriors move once play has begun; now lay out the table."),
        NAMING: N_("First a warrior is named and activated."),
        ACTIVATION: N_("A warrior is active: it acts, or its activation ends."),
        END: N_("The round is in its end phase."),
        BIDDING: N_("First the players bid for who begins the round."),
        CHOOSING: N_("First the bid's winner says who begins the round."),
        OVER: N_("The game is over."),
        TERRAIN: N_("Now the players place terrain in turns."),
        DEPLOYING: N_("Now the warriors are deployed."),
        MISSIONS: N_("Now the players play their missions."),
        RESOLVE: N_("An attack is under way: first its rolls and choices."),
        HANDS: N_("Now the players choose their tactical hands."),
        TACTICS: N_("Now is the tactical phase: a card is played, or none."),
        REVOKING: N_("First the card just shown is revoked or let stand."),
        INFESTATION: N_("Now the players place non-player warriors in turns."),
        CARD_MOMENT: N_("Your tactical hand is open: play a card, or none."),
    },
)
