"""The drawing code's caches have bounds: every cache of a drawing module is listed
with its bound, and a game screen drawn at many window sizes and zoom levels keeps
each within it and forgets the pictures of the sizes no longer shown."""

from __future__ import annotations

import functools
import importlib
import pkgutil

from driving import move, open_game, wheel

import tabletop.games
import tabletop.ui
from tabletop.engine.match import Match
from tabletop.engine.randomplay import default_setup
from tabletop.games import registry
from tabletop.ui.caches import bounded_caches

SIZES = [(800 + 37 * i, 600 + 23 * (i % 7)) for i in range(30)]


def _drawing_modules():
    """tabletop.ui's modules and every game's art and view modules."""
    names = [f"tabletop.ui.{m.name}" for m in pkgutil.iter_modules(tabletop.ui.__path__)]
    for found in pkgutil.walk_packages(tabletop.games.__path__, "tabletop.games."):
        if found.name.rpartition(".")[2] in ("art", "view", "views"):
            names.append(found.name)
    return [importlib.import_module(n) for n in names if not n.endswith("showcase")]


def test_every_cache_of_the_drawing_code_is_listed_with_a_bound():
    modules = _drawing_modules()
    listed = {c.name: c.maxsize for c in bounded_caches()}
    found = []
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == module.__name__:
                found.append(f"{module.__name__}.{value.__qualname__}")
    assert found
    assert [name for name in found if name not in listed] == []
    assert all(bound > 0 for bound in listed.values())
    assert "tabletop.ui.theme.load_font" in listed


def _sizes():
    return {c.name: c.size for c in bounded_caches()}


def _within_bounds():
    return [f"{c.name} {c.size}/{c.maxsize}" for c in bounded_caches() if c.size > c.maxsize]


def test_a_game_drawn_at_many_sizes_and_zooms_keeps_its_caches_within_their_bounds(app):
    rules = registry.get("skirmish")
    game = open_game(app, Match(rules, default_setup(rules), 1))
    app.tick(1 / 60)
    first = _sizes()
    zoomed = []
    for n, size in enumerate(SIZES):
        app.resize(size)
        app.run_until_idle()
        if n % 3 == 0:
            move(app, game.view.viewport.center)
            fitted = game.view.scale
            wheel(app, 2 if n % 2 else -2)
            zoomed.append(game.view.scale != fitted)
        app.tick(1 / 60)
        assert _within_bounds() == []
    assert all(zoomed)
    # back at the first size, the caches hold that size's pictures and no old ones
    app.resize((1280, 680))
    app.run_until_idle()
    app.tick(1 / 60)
    grown = {name: (first.get(name, 0), size) for name, size in _sizes().items() if size > first.get(name, 0)}
    assert grown == {}


def test_a_game_opened_leaves_what_it_loaded_out_of_the_collectors_passes_and_a_closed_one_is_freed(app):
    """Once a game's screen is drawn, the rules, data and screen are frozen (gc.freeze):
    a full collection no longer walks them; a game closed since is let go when the next
    one opens (what was frozen is let in again and collected first)."""
    import gc
    import weakref

    rules = registry.get("testgame")
    first = open_game(app, Match(rules, default_setup(rules), 1))
    assert gc.get_freeze_count() > 0
    gone = weakref.ref(first)
    del first
    app.open_launcher()
    app.run_until_idle()
    open_game(app, Match(rules, default_setup(rules), 2))
    assert gone() is None


def test_a_line_of_text_is_rendered_and_wrapped_once_and_anew_for_other_words_font_or_colour(monkeypatch):
    """A panel drawn again (the readout while a warrior is dragged) mostly shows the
    lines it showed: each is rendered and wrapped once; other words, another font or
    colour make another picture, the same as rendered afresh."""
    import pygame

    from tabletop.ui import art
    from tabletop.ui import theme as th

    pygame.font.init()
    font, bold = th.load_font(16), th.load_font(16, True)
    sized = []

    class Counted:
        def __init__(self, font):
            self.font = font

        def size(self, text):
            sized.append(text)
            return self.font.size(text)

    words = "Path 6.5 cm: 3.0 + 2 × 3.5 in heavy terrain = 10.0 of 10 cm"
    counted = Counted(font)
    lines = art.wrap(words, counted, 120)
    assert len(lines) > 1 and sized
    sized.clear()
    assert art.wrap(words, counted, 120) == lines and sized == []
    assert art.wrap(words, counted, 200) != lines and sized
    surface = pygame.Surface((400, 60))
    for content, face, colour in (
        (words, font, th.INK),
        (words, font, th.GOLD),
        (words, bold, th.INK),
        ("Path", font, th.INK),
    ):
        image = art.rendered(content, face, colour)
        assert art.rendered(content, face, colour) is image
        afresh = face.render(content, True, colour)
        assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(afresh, "RGBA")
        surface.fill((0, 0, 0))
        art.text(surface, content, face, colour, (0, 0))
        drawn = pygame.image.tobytes(surface, "RGB")
        surface.fill((0, 0, 0))
        surface.blit(afresh, (0, 0))
        assert drawn == pygame.image.tobytes(surface, "RGB")
    assert art.rendered(words, font, th.INK) is not art.rendered(words, font, th.GOLD)
    assert art.rendered(words, font, th.INK) is not art.rendered(words, bold, th.INK)
