"""The skirmish game's moves in words: what the undo and redo buttons and a replay
say a move does (names and pieces as shown, never a secret: a bid's amount is
the bidder's own and the undo shows it only to the seat that made it)."""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.games.skirmish.play import abilities, combat, deploying, hands, victory
from tabletop.games.skirmish.play.cards import starter_set
from tabletop.games.skirmish.play.moves import (
    ACTIVATE_NSK,
    ADD_MODEL,
    ADD_PIECE,
    ATTACK_PIECE,
    BEGIN,
    BID,
    CLIMB,
    DEPLOYED,
    DONE,
    EDGE,
    END_TURN,
    HAND,
    HIDE,
    JUMP,
    MISSION,
    MOVE_MODEL,
    NAME,
    NO_CARD,
    NSK_ORDER,
    OPEN_HAND,
    PASS,
    PLACE_MODEL,
    PLACE_NSK,
    PLACE_PIECE,
    PLAY_CARD,
    RAGE,
    READY,
    REMOVE_MODEL,
    REMOVE_PIECE,
    REVOKE,
    SHOOT_PIECE,
    SWIM,
    TERRAIN_DONE,
)
from tabletop.games.skirmish.play.state import SkirmishState, kinds
from tabletop.i18n import N_, Message, data_name

#: what a non-player warrior activated is made to do, in words
NSK_DUTIES = {
    "attack": N_("{name} attacks"),
    "charge": N_("{name} charges"),
    "shoot": N_("{name} shoots"),
    "roam": N_("{name} roams"),
    "stay": N_("{name} stays"),
}

#: the moves of the extended terrain rules in words
TERRAIN_KINDS = {
    CLIMB.kind: N_("{name} climbs {piece}"),
    SWIM.kind: N_("{name} swims through {piece}"),
    JUMP.kind: N_("{name} jumps over {piece}"),
    ATTACK_PIECE.kind: N_("{name} attacks {piece}"),
    SHOOT_PIECE.kind: N_("{name} shoots at {piece}"),
    HIDE.kind: N_("{name} hides in {piece}"),
}


def describe(state: SkirmishState, action: Action) -> Message:
    """A move in words, for the undo and redo buttons and the replay."""
    kind = action.kind
    if kind == END_TURN.kind:
        return Message(N_("Pass the table on"))
    if kind == READY.kind:
        return Message(N_("Ready to play"))
    if kind == ADD_PIECE.kind:
        catalogue = kinds()
        name = catalogue[action["terrain"]].name if action.get("terrain") in catalogue else "?"
        return Message(
            N_("Place {terrain} at {x:.1f}, {y:.1f} cm"),
            {"terrain": name, "x": action["at"][0] / 10, "y": action["at"][1] / 10},
        )
    if kind == PLACE_PIECE.kind:
        return Message(
            N_("Move a terrain piece to {x:.1f}, {y:.1f} cm"),
            {"x": action["at"][0] / 10, "y": action["at"][1] / 10},
        )
    if kind == REMOVE_PIECE.kind:
        return Message(N_("Remove a terrain piece"))
    if kind == ADD_MODEL.kind:
        return Message(
            N_("Place a warrior on a {base:g} mm base at {x:.1f}, {y:.1f} cm"),
            {"base": action["base"], "x": action["at"][0] / 10, "y": action["at"][1] / 10},
        )
    if kind == PLACE_MODEL.kind:
        return Message(
            N_("Put a warrior at {x:.1f}, {y:.1f} cm"), {"x": action["at"][0] / 10, "y": action["at"][1] / 10}
        )
    if kind == REMOVE_MODEL.kind:
        return Message(N_("Take a warrior off the table"))
    if kind == MOVE_MODEL.kind:
        end = action["path"][-1]
        return Message(N_("Move a warrior to {x:.1f}, {y:.1f} cm"), {"x": end[0] / 10, "y": end[1] / 10})
    model_name = data_name(state.models.get(action.get("model", ""), {}).get("name", "?"))
    if kind == NAME.kind:
        return Message(N_("Name {name}"), {"name": model_name})
    if kind == PASS.kind:
        return Message(N_("Let the warrior named stand") if state.named else N_("Pass"))
    if kind == DONE.kind:
        return Message(N_("End the activation"))
    if kind in combat.KINDS:
        return combat.describe(state, action)
    if kind in abilities.KINDS:
        return abilities.describe(state, action)
    if kind in TERRAIN_KINDS:
        piece = state.pieces.get(action.get("piece", ""))
        terrain = Message(kinds()[piece["kind"]].name) if piece else "?"
        return Message(TERRAIN_KINDS[kind], {"name": model_name, "piece": terrain})
    if kind == TERRAIN_DONE.kind:
        return Message(N_("Place no more terrain"))
    if kind == EDGE.kind:
        return Message(N_("Deploy along {edge}"), {"edge": Message(deploying.EDGE_NAMES[action["edge"]])})
    if kind == DEPLOYED.kind:
        return Message(N_("My warriors are deployed"))
    if kind == BID.kind:
        return Message(N_("Bid {sp} SP"), {"sp": action["sp"]})
    if kind == BEGIN.kind:
        return Message(N_("{player} begins"), {"player": action["player"]})
    if kind == MISSION.kind:
        found = victory.catalogue().get(action["mission"])
        return Message(N_("Play {mission}"), {"mission": Message(found.name) if found else action["mission"]})
    if kind == HAND.kind:
        return Message(N_("Take this hand"))
    if kind == PLAY_CARD.kind:
        card = hands.cards().get(action["card"])
        return Message(N_("Play {card}"), {"card": Message(card.name) if card else action["card"]})
    if kind == NO_CARD.kind:
        return Message(N_("Play no card"))
    if kind == REVOKE.kind:
        return Message(N_("Revoke the card") if action["revoke"] else N_("Let the card stand"))
    if kind == PLACE_NSK.kind:
        warrior = starter_set().warriors.get(action["warrior"])
        return Message(
            N_("Place {warrior} at {x:.1f}, {y:.1f} cm"),
            {
                "warrior": Message(warrior.name) if warrior else action["warrior"],
                "x": action["at"][0] / 10,
                "y": action["at"][1] / 10,
            },
        )
    if kind == ACTIVATE_NSK.kind:
        return Message(N_("Activate {name}"), {"name": model_name})
    if kind == NSK_ORDER.kind:
        activated = data_name(state.models.get((state.end or {}).get("nsk") or "", {}).get("name", "?"))
        return Message(NSK_DUTIES[action["duty"]], {"name": activated})
    if kind == OPEN_HAND.kind:
        return Message(N_("Open the tactical hand"))
    if kind == RAGE.kind:
        return Message(
            N_("Take a rage marker off {name}") if action["remove"] else N_("Keep the rage of {name}"),
            {"name": model_name},
        )
    return Message(kind)
