"""The skirmish game's moves in words (play/describing.py): what the undo and redo
buttons say. Every move of the rules has its words; none shows its key."""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.games.skirmish.play.moves import MOVES
from tabletop.games.skirmish.play.position import Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import NON_PLAYER_SIDE


def _words(state, action: Action) -> str:
    return RULES.describe(state, action).render()


def test_the_non_player_warriors_moves_and_the_open_hand_are_said_in_words():
    state = position(
        warriors={
            "vladd": Warrior(0, (300.0, 300.0), "vladd"),
            "plunderer": Warrior(NON_PLAYER_SIDE, (330.5, 300.0), "plunderer"),
        },
        phase="activation",
        active="vladd",
    )
    assert (
        _words(state, Action("place_nsk", warrior="marauder", at=(120.0, 250.0))) == "Place Marauder at 12.0, 25.0 cm"
    )
    assert _words(state, Action("activate_nsk", model="plunderer")) == "Activate Plunderer"
    state.end = {"nsk": "plunderer"}
    assert _words(state, Action("nsk_order", duty="attack", target="vladd", path=())) == "Plunderer attacks"
    assert _words(state, Action("open_hand")) == "Open the tactical hand"


def test_no_move_is_described_by_its_key():
    """Whatever the action's parameters, its words are never the bare key (a move added
    to the rules without words would show it on the undo button)."""
    state = position(warriors={"vladd": Warrior(0, (300.0, 300.0), "vladd")}, phase="activation", active="vladd")
    samples = {
        "at": (100.0, 100.0),
        "path": ((300.0, 300.0), (310.0, 300.0)),
        "model": "vladd",
        "terrain": "tree",
        "warrior": "marauder",
        "duty": "stay",
        "edge": "top",
        "mission": "annihilation",
        "card": "cover",
        "revoke": True,
        "remove": True,
        "sp": 1,
        "player": 0,
        "base": 30.0,
    }
    for move in MOVES:
        fields = {name: samples[name] for name in move.params if name in samples}
        try:
            said = _words(state, Action(move.kind, **fields))
        except (KeyError, TypeError, IndexError):
            continue  # a parameter this sample lacks: the move is described from it
        assert said != move.kind, move.kind
