"""The skirmish player view: the table as the players see it, as typed plain data."""

from __future__ import annotations

import dataclasses
import json

from tabletop.engine.core import Action, PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.engine.views import as_json
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import table_of
from tabletop.games.skirmish.play.views import SkirmishPlayerView, view_table

from .positions import through_the_bid


def new_match(**options) -> Match:
    setup = Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), {**RULES.default_options(), **options}, 0)
    return Match(RULES, setup, 1)


def _fields(value):
    """Every value a view holds, nested dataclasses and tuples opened."""
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _fields(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _fields(item)
    else:
        yield value


def test_the_view_shows_the_table_the_state_holds():
    match = new_match(ruleset="terrain")
    view = RULES.view(match.state, 0)
    assert isinstance(view, SkirmishPlayerView)
    shown, held = view_table(view), table_of(match.state)
    assert (shown.width, shown.height, shown.ruleset) == (held.width, held.height, held.ruleset)
    assert {k: (p.kind.key, p.position, p.rotation, p.outline, p.burning) for k, p in shown.pieces.items()} == {
        k: (p.kind.key, p.position, p.rotation, p.outline, p.burning) for k, p in held.pieces.items()
    }
    assert list(shown.models.values()) == list(held.models.values())
    assert shown.objectives == held.objectives
    assert [w.id for w in view.warriors] == list(match.state.models)
    assert [p.id for p in view.pieces] == list(match.state.pieces)


def test_the_view_is_plain_data_in_tuples():
    view = RULES.view(new_match().state, None)
    assert all(v is None or isinstance(v, bool | int | float | str) for v in _fields(view))
    data = as_json(view)
    assert json.loads(json.dumps(data)) == data
    assert data["warriors"][0]["position"] == list(view.warriors[0].position)


def test_the_view_says_who_acts_with_what_where_each_seat_deploys_and_the_spacing():
    match = new_match(start="empty", deployment="open_battle", spacing="enforce")
    view = RULES.view(match.state, None)
    assert [seat.edge for seat in view.seats] == ["top", "bottom"]
    assert view.options.deployment == "open_battle" and view.terrain_spacing == 50.0
    assert RULES.view(new_match(start="empty", spacing="warn").state, None).terrain_spacing == 0.0
    assert [seat.edge for seat in RULES.view(new_match().state, None).seats] == [None, None]
    match.act(Action("add_model", base=30.0, at=(100.0, 50.0)))
    match.act(Action("end_turn"))
    match.act(Action("add_model", base=30.0, at=(100.0, 550.0)))
    match.act(Action("ready"))
    assert [seat.ready for seat in RULES.view(match.state, None).seats] == [False, True]
    match.act(Action("ready"))
    through_the_bid(match, 0)
    ann, bob = list(match.state.models)
    match.act(Action("name", model=ann))  # Tony, GES 4
    match.act(Action("pass"))  # Bob lets him stand
    match.act(Action("move", model=ann, path=((100.0, 50.0), (150.0, 50.0))))
    view = RULES.view(match.state, None)
    assert [(w.id, w.warrior, w.activated, w.ap, w.moves_left, w.position) for w in view.warriors] == [
        (ann, "tony", True, 2, 2, (150.0, 50.0)),
        (bob, "elenia", False, 3, 3, (100.0, 550.0)),
    ]
    assert dict(view.warriors[0].attributes) == {"psi": 5, "kat": 4, "wid": 3, "ges": 4}
    assert view.phase == "activation" and view.turn == 0 and view.active == ann and view.round == 1
    assert view.sp == (5, 4)
