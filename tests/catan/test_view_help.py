"""The help (F1) of Catan's screen: the keys it lists are the keys the screen
handles, every one of them, and the legend shows the board's markers drawn with
Catan's art, each with its translated label."""

from __future__ import annotations

import driving
import pygame
from driving import key, open_game, press

from .helpers import give
from .test_view import CENTRE, main_phase, playing_match, reveal, roll

#: what a key is called in the help
KEY_NAMES = {pygame.K_SPACE: "Space", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter"}


def listed(game) -> set[str]:
    """The keys the view's help lists ("C / D" lists C and D; clicks are no keys)."""
    names = set()
    for keys, _what in game.view.shortcuts():
        names |= {part.strip() for part in keys.split("/")}
    return names - {"Right-click"}


def handled(game) -> set[str]:
    """The keys of the controls drawn now, by their names in the help."""
    return {KEY_NAMES.get(code, pygame.key.name(code).upper()) for hit in game.view.hits for code in hit.keys}


def test_the_help_lists_every_key_the_screen_handles_and_no_other(app):
    match = playing_match(theft="optional")
    give(match.state, 0, wood=1, ore=2)
    give(match.state, 1, wood=3, brick=3, wool=3, ore=3)
    game = open_game(app, match)
    reveal(app, game)
    seen = handled(game)  # the roll
    roll(app, game, (6, 6))
    seen |= handled(game)  # building, trading, the end of the turn
    press(app, game, "bank")
    seen |= handled(game)
    press(app, game, "bank_done")
    press(app, game, "players")
    press(app, game, "partner-1")
    press(app, game, "give-wood")
    press(app, game, "want-ore")
    press(app, game, "send_offer")
    reveal(app, game)
    seen |= handled(game)  # the answer to an offer
    key(app, pygame.K_d)
    reveal(app, game)
    press(app, game, "end_turn")
    # Bob rolls a 7: he gives back cards, then moves the robber to a hex where Ann may be robbed
    reveal(app, game)
    roll(app, game, (3, 4))
    seen |= handled(game)
    for resource in ("wood", "brick", "wool", "ore", "wood", "brick"):
        press(app, game, f"hand-{resource}")
    key(app, pygame.K_RETURN)
    assert match.state.phase == "robber"
    reveal(app, game)
    driving.click(app, game.view.island.hex_px[CENTRE])
    seen |= handled(game)  # rob nobody
    assert "N" in seen and "Enter" in seen
    assert seen == listed(game), (
        f"handled, not listed: {seen - listed(game)}; listed, not handled: {listed(game) - seen}"
    )


def test_the_legend_shows_the_boards_markers_in_catans_art(app, translated):
    match = playing_match()
    game = main_phase(app, match)
    entries = game.view.legend()
    labels = [label for _picture, label in entries]
    assert len(entries) >= 10 and len(set(labels)) == len(labels) and all(labels)
    for picture, label in entries:
        w, h = picture.get_size()
        assert 0 < w <= game.theme.px(80) and 0 < h <= game.theme.px(80), label
        assert pygame.mask.from_surface(picture).count() > w * h // 20, f"{label!r}: an empty picture"
    # the pieces stand in the player's colour
    colour = game.view.ctx.colour(0)
    settlement = entries[0][0]
    assert any(
        sum(abs(a - b) for a, b in zip(settlement.get_at((x, y))[:3], colour, strict=True)) < 40
        for x in range(settlement.get_width())
        for y in range(settlement.get_height())
    )
    assert "The robber: its land hex produces nothing" in labels
    translated({"The robber: its land hex produces nothing": "De rover: zijn land brengt niets op"})
    assert "De rover: zijn land brengt niets op" in [label for _p, label in game.view.legend()]
