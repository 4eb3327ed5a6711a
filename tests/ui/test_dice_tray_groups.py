"""Which rolls the dice tray shows: the newest with the rolls it joins (at most
MAX_ROWS, oldest first), and the outcome that came after them; a plain roll (Catan's,
Eden's) stays one row of large dice."""

from __future__ import annotations

from types import SimpleNamespace

from tabletop.engine.core import Event
from tabletop.i18n import Message
from tabletop.ui.game_screen.tray import MAX_ROWS, roll_group


def dice(faces, joins=None, **data):
    if joins is not None:
        data["joins"] = joins
    return Event(Message("rolled"), kind="dice", data={"faces": list(faces), **data})


def result(name):
    return Event(Message(name), data={"result": True})


def match(*steps):
    return SimpleNamespace(history=[list(step) for step in steps])


def test_no_roll_yet_shows_nothing():
    assert roll_group(match([Event(Message("hello"))])) is None


def test_a_plain_roll_is_one_row_and_not_explained():
    group = roll_group(match([dice((3, 4))], [dice((6, 6))]))
    assert group is not None and [e.data["faces"] for e in group.rolls] == [[6, 6]]
    assert not group.explained and group.index == 1


def test_joined_rolls_show_together_oldest_first_up_to_the_limit():
    rolls = [dice((1,), joins=False)] + [dice((k,), joins=True) for k in range(2, 6)]
    group = roll_group(match(*[[roll] for roll in rolls]))
    assert group is not None and group.explained
    assert [e.data["faces"] for e in group.rolls] == [[k] for k in range(6 - MAX_ROWS, 6)]


def test_a_roll_that_does_not_join_opens_a_new_group():
    group = roll_group(match([dice((1,), joins=False)], [dice((2,), joins=True)], [dice((3,), joins=False)]))
    assert group is not None and [e.data["faces"] for e in group.rolls] == [[3]]


def test_the_outcome_is_the_newest_result_after_the_newest_roll():
    old = result("old outcome")
    new = result("new outcome")
    group = roll_group(match([dice((1,), joins=False), old], [dice((2,), joins=False)], [new, Event(Message("x"))]))
    assert group is not None and group.result is new
    still = roll_group(match([dice((1,), joins=False), old], [dice((2,), joins=False)]))
    assert still is not None and still.result is None
