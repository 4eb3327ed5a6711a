"""The skirmish game's moves, declared once (tabletop.engine.moves), with the
phases that allow each. Laying out: play/laying_out.py; naming and activating:
play/activation.py; the round and its end phase: play/rounds.py.

Every length is a millimetre on the table, a float rounded to 0.1 mm in actions
so the log replays exactly (a `Position` is a tuple of two such floats);
rotations are degrees, clockwise, rounded to 0.1.
"""

from __future__ import annotations

from tabletop.engine.moves import Move, Moves
from tabletop.games.skirmish.play.state import ACTIVATION, END, LAYOUT, NAMING
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
    phases=(LAYOUT,),
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
    phases=(LAYOUT,),
    base=float,
    at=Position,
)
PLACE_MODEL = Move(
    "place_model", N_("Put one of your warriors somewhere else."), phases=(LAYOUT,), model=str, at=Position
)
REMOVE_MODEL = Move("remove_model", N_("Take one of your warriors off the table."), phases=(LAYOUT,), model=str)
READY = Move("ready", N_("Say the table suits you and pass it on; play begins when both are ready."), phases=(LAYOUT,))
END_TURN = Move("end_turn", N_("Pass the table on to the other player."), phases=(LAYOUT,))

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
DONE = Move("done", N_("End the active warrior's activation; its AP left serve for reactions."), phases=(ACTIVATION,))

# -- the end phase ----------------------------------------------------------------------------
RAGE = Move(
    "rage",
    N_("Remove one rage marker of your warrior, or keep them all."),
    phases=(END,),
    model=str,
    remove=bool,
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
    NAME,
    PASS,
    MOVE_MODEL,
    DONE,
    RAGE,
    phase_of=lambda state: state.phase,
    not_now={
        LAYOUT: N_("Warriors move once play has begun; now lay out the table."),
        NAMING: N_("First a warrior is named and activated."),
        ACTIVATION: N_("A warrior is active: it acts, or its activation ends."),
        END: N_("The round is in its end phase."),
    },
)
