"""Preparation step 6 on a crowded table (play/terrain_turns.py): each player must
spend his terrain points while a piece he can afford fits, and "fits" is judged on
the table as it is and on the rules' own 0.1 mm grid, so the step never asks for a
piece that cannot be placed, and its refusal says where one can."""

from __future__ import annotations

from tabletop.engine.core import Action
from tabletop.games.skirmish.play import terrain_turns

from .test_preparation import prepared_to_terrain, refused


def test_a88_on_the_crowded_demo_table_the_refusal_names_a_piece_the_rules_take_where_it_says():
    """The demo's pieces laid first, the extended terrain rules: A may not stop, and
    the refusal names a piece and where it fits; the rules take it there."""
    match = prepared_to_terrain(start="demo", ruleset="terrain")
    state = match.state
    assert len(state.pieces) > 10  # a crowded table
    found = terrain_turns.affordable_spot(state, 0)
    assert found is not None
    kind, at, turn = found
    said = refused(match, Action("terrain_done"))
    assert f"at {round(at[0] / 10)}, {round(at[1] / 10)} cm): place it." in said, said
    match.act(Action("add_piece", terrain=kind.key, at=at, rotation=turn))  # the rules take it there
    assert len([p for p in state.pieces.values() if p.get("owner") == 0]) == 1 and match.actor == 1
