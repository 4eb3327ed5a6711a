"""Terrain auras on the skirmish screen: the card of a warrior under an aura shows
what the aura gives it with the piece it comes from, whole (wrapped over its lines),
and the attribute in force with the bonus; read off what is drawn, at both window
sizes."""

from __future__ import annotations

import os

import pygame
from driving import open_game

from tabletop.engine.core import PlayerInfo, Setup
from tabletop.engine.match import Match
from tabletop.games.skirmish.play.position import Piece, Warrior, position
from tabletop.games.skirmish.play.rules import RULES
from tabletop.games.skirmish.play.state import ACTIVATION

from .test_screen_cards import show


def _match(terrain, warriors, active: str) -> Match:
    options = {**RULES.default_options(), "ruleset": "terrain"}
    match = Match(RULES, Setup((PlayerInfo("Ann", "red"), PlayerInfo("Bob", "blue")), options, 0), 1)
    match.state = position(
        terrain=terrain, warriors=warriors, phase=ACTIVATION, active=active, options={"ruleset": "terrain"}
    )
    return match


def test_the_card_shows_the_generators_field_and_the_statues_psi_with_their_pieces(app, monkeypatch):
    # Yuri 1.5 cm from the generator, Elenia 3 cm from the statue; Kira far from both
    match = _match(
        {"field": Piece("energy_field_generator", (150, 200)), "statue": Piece("cult_statue", (450, 200))},
        {
            "yuri": Warrior(0, (150, 245), "yuri"),
            "kira": Warrior(0, (300, 500), "kira"),
            "elenia": Warrior(1, (450, 259), "elenia"),
        },
        "yuri",
    )
    game = open_game(app, match)
    field = "Energy field generator: Gyromagnetic field, armour +2 against ranged attacks"
    statue = "Feminist cult statue: PSI +1"
    for model, said, psi in (("yuri", field, "4"), ("elenia", statue, "5"), ("kira", None, "3")):
        match.state.turn = match.state.models[model]["side"]  # her own player looks at her card
        painted, panel = show(app, game, match, model, monkeypatch)
        if os.environ.get("CARD_PICTURES"):
            size = app.surface.get_width()
            pygame.image.save(app.surface, os.path.join(os.environ["CARD_PICTURES"], f"aura-{model}-{size}.png"))
        drawn = [(text, rect) for text, rect in painted.texts if panel.contains(rect)]
        texts = [text for text, _rect in drawn]
        joined = " ".join(texts)
        if said is None:
            assert "Energy field generator:" not in joined and "Feminist cult statue:" not in joined
        else:
            assert said in joined, texts  # every word of it, in order, none cut off
            assert not any(text.endswith("…") for text in texts if text in said)
        # the PSI in force: the big figure under the label
        label = next(rect for text, rect in drawn if text == "PSI")
        value = next(text for text, rect in drawn if rect.top > label.top and abs(rect.centerx - label.centerx) < 4)
        assert value == psi, (model, value)
