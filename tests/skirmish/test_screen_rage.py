"""The end phase's question of rage on the shared screen: the two answers ("Remove
a rage marker", "Keep the rage") are read whole at both window sizes (found at the
table at 1366x768: side by side they showed "Remove a r..." and "Keep the ra...")."""

from __future__ import annotations

from driving import open_game, press

from tabletop.engine.core import CHANCE, Action, IllegalAction
from tabletop.games.skirmish.play import rounds
from tabletop.games.skirmish.play.state import END, NAMING, REVOKING, TACTICS
from tabletop.ui import art

from .test_tactical_phase import in_tactical_phase, model


def at_the_rage(match):
    """Played on (each activation ended at once, every pass taken) until the end
    phase asks about a warrior's rage."""
    while not (match.state.phase == END and match.state.end.get("step") == rounds.RAGE_STEP and match.actor != CHANCE):
        state = match.state
        if match.actor == CHANCE:
            match.roll()
        elif state.phase == REVOKING:
            match.act(Action("revoke", revoke=False))
        elif state.phase == TACTICS:
            match.act(Action("no_card"))
        elif state.phase == NAMING:
            try:
                match.act(Action("pass"))
            except IllegalAction:  # the round's first naming is not a pass
                match.act(Action("name", model=rounds.to_activate(state, state.turn)[0]))
        else:
            match.act(Action("done"))


def test_both_answers_to_the_rage_are_read_whole(app, monkeypatch):
    match = in_tactical_phase()
    match.act(Action("play_card", card="battle_cry", targets=(model(match, "Tony"), model(match, "Yuri"))))
    at_the_rage(match)
    game = open_game(app, match)
    fitted: dict[str, bool] = {}
    real = art.text

    def record(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
        fitted[content] = max_width is None or font.size(content)[0] <= max_width
        return real(surface, content, font, colour, pos, anchor, shadow, max_width)

    monkeypatch.setattr(art, "text", record)
    game.view.panels._panels.clear()
    game.draw(app.surface)
    assert fitted["Remove a rage marker"] and fitted["Keep the rage"]
    raging = match.state.end["queue"][0]
    press(app, game, "rage_off")  # the button above does what it says
    app.run_until_idle()
    assert match.state.models[raging]["markers"]["rage"] == 0
