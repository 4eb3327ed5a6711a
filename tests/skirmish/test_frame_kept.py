"""What a frame in play keeps from one frame to the next instead of drawing or
wording it again: each kept thing is what drawing it afresh gives, and changes
with what it shows."""

from __future__ import annotations

import pygame
from driving import open_game

from tabletop import i18n
from tabletop.engine.core import Action
from tabletop.games.skirmish import card_art
from tabletop.games.skirmish.play.state import NON_PLAYER_SIDE, table_of
from tabletop.games.skirmish.play.warriors import ROUND_AP
from tabletop.games.skirmish.screen import marks, summaries

from .test_screen_moving import in_play


def _plates_drawn_afresh(view, surface: pygame.Surface) -> None:
    """Each warrior's AP plate drawn straight onto the table, as a frame once did."""
    t = view.theme
    radius = max(2, t.px(4))
    width = ROUND_AP * (radius * 2 + radius // 2 + 1)
    for model_id, model in view.reading.table.models.items():
        if model.side == NON_PLAYER_SIDE:
            continue
        sx, sy = view.camera.to_screen(model.position)
        x = round(sx)
        below = round(sy + model.radius * view.camera.scale) + radius + t.px(3)
        plate = pygame.Rect(0, 0, width + t.px(4), radius * 2 + t.px(4))
        plate.center = (x, below)
        pygame.draw.rect(surface, marks.KNOT_EDGE, plate, border_radius=plate.h // 2)
        card_art.ap_pips(surface, (x + width // 2, below), radius, view.reading.warriors[model_id].ap, ROUND_AP)


def _same_plates(app, view) -> bool:
    """The plates of a frame: one blit a warrior, the pixels drawn afresh."""
    app.draw()
    blits = []

    class Counted(pygame.Surface):
        def blit(self, source, dest, *rest, **named):
            blits.append(source.get_size())
            return super().blit(source, dest, *rest, **named)

    kept = Counted(app.surface.get_size())
    kept.blit(app.surface, (0, 0))
    afresh = app.surface.copy()
    blits.clear()
    view.marks.draw_ap(kept)
    _plates_drawn_afresh(view, afresh)
    players = [m for m in view.reading.table.models.values() if m.side != NON_PLAYER_SIDE]
    assert len(blits) == len(players)
    return pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(afresh, "RGB")


def test_the_ap_plates_blitted_are_those_drawn_on_the_table_and_follow_the_ap(app):
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view
    ap = view.reading.warriors["m13"].ap
    assert _same_plates(app, view)
    x, y = table_of(match.state).models["m13"].position
    assert game.view.ctx.submit(Action("move", model="m13", path=((x, y), (x + 30.0, y))))
    app.run_until_idle()
    assert view.reading.warriors["m13"].ap == ap - 1, "a move spends an AP"
    assert _same_plates(app, view)


def test_the_activations_prompt_is_worded_once_for_its_allowance_and_language(app, monkeypatch):
    """The top bar asks every frame what the step asks: in an activation, the
    sentence with the allowance is worded once (writing the number the language's
    way costs about 0.1 ms), and anew in another language."""
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view
    worded = []
    original = summaries._
    monkeypatch.setattr(summaries, "_", lambda text, **params: worded.append(text) or original(text, **params))
    summaries.activation_prompt.cache_clear()
    said = view.prompt()
    assert said is not None and "10 cm" in said and len(worded) == 1
    assert view.prompt() == said and len(worded) == 1
    try:
        i18n.set_language("de")
        german = view.prompt()
        assert german != said and len(worded) == 2
    finally:
        i18n.set_language("en")
    assert view.prompt() == said


def test_a_panels_opaque_middle_is_copied_and_only_its_rim_blended_the_same_as_blended_whole(app):
    """The tool bar and the side panel: an opaque band as tall as the panel is a
    plain copy, the rest (rounded corners, shadow) blended; the frame is the one
    the panels blended whole give, also once a panel is drawn again (another
    warrior chosen)."""
    match = in_play("m13")
    game = open_game(app, match)
    view = game.view

    def frames() -> tuple[bytes, bytes]:
        app.draw()
        kept = pygame.image.tobytes(app.surface, "RGB")
        pieces = {name: entry[1] for name, entry in view.panels._panels.items()}
        for name, entry in view.panels._panels.items():
            whole = next(piece for piece, _at, part in entry[1] if piece.get_flags() & pygame.SRCALPHA)
            view.panels._panels[name] = (entry[0], [(whole, (0, 0), whole.get_rect())], entry[2])
        app.draw()
        blended = pygame.image.tobytes(app.surface, "RGB")
        for name, entry in view.panels._panels.items():
            view.panels._panels[name] = (entry[0], pieces[name], entry[2])
        return kept, blended

    kept, blended = frames()
    assert kept == blended
    for name in ("toolbar", "side"):
        pieces = view.panels._panels[name][1]
        core, at, _part = pieces[0]
        assert not core.get_flags() & pygame.SRCALPHA, f"the {name}'s middle is opaque"
        rect = getattr(view, name).rect
        assert core.get_height() == rect.h and core.get_width() > rect.w // 2
    before = view.panels._panels["side"][0]
    view.choose(next(m for m in view.reading.warriors if m != "m13" and view.reading.own(m)))
    kept, blended = frames()
    assert view.panels._panels["side"][0] != before, "drawn again"
    assert kept == blended
