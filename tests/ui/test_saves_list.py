"""The list of saved games says "finished" only of a game tabletop has seen end; a
save that merely says so is "not checked yet" (issue 16, point 11 in the listing)."""

from __future__ import annotations

import random

from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup, play_random
from tabletop.engine.saves import _checksum, encode_match, save_match, saves_dir, write_json_atomic
from tabletop.games import registry
from tabletop.ui import art
from tabletop.ui.saves_list import LoadDialog


def _testgame(steps: int | None) -> Match:
    rules = registry.get("testgame")
    match = Match(rules, default_setup(rules), 3)
    play_random(match, random.Random(3), steps=steps)
    return match


def test_a_save_said_to_be_over_is_listed_as_not_checked(app, ui, monkeypatch):
    ended = _testgame(None)
    assert ended.over
    save_match(ended, saves_dir() / "ended.json")
    forged = encode_match(_testgame(2))
    forged["over"] = True
    forged["checksum"] = _checksum(forged)
    write_json_atomic(saves_dir() / "forged.json", forged)
    drawn: list[str] = []
    real = art.text

    def record(surface, content, *args, **kw):
        drawn.append(content)
        return real(surface, content, *args, **kw)

    monkeypatch.setattr(art, "text", record)
    ui.press("Load a saved game")
    assert isinstance(app.top, LoadDialog)
    app.run_until_idle()
    states = sorted({text.partition(" · ")[2] for text in drawn if " · " in text and ":" in text.partition(" · ")[0]})
    assert states == ["finished", "said to be finished, not checked yet"]
