"""Is every text on the screen whole? Records each text the app paints while one
frame is drawn, and reads every pygame_gui widget's text against its rect.

A painted text (tabletop.ui.art.text, which art.text_block calls for each line)
is cut off when its ink
  - reaches outside the surface's clip rect (a scrolled area that has a scroll bar
    may cut its texts: the players scroll to them),
  - reaches outside what it belongs to: a board button's face, a dialog's panel,
  - lies under (or touches) a widget of its own layer, which pygame_gui draws
    over it.
An ellipsis that art.text(max_width=...) or art.text_block made is meant and
allowed at the small size, except in the help (F1), which is there to be read
whole, and except where the check is given `kept_short` (test_text_fits.py and
the real languages' walks): then only the texts it names, with the reason, may
stay shortened. At the large size (1920x1080) there is room for every text whole.
The skirmish game's panels, drawn once per change (PanelCache), are drawn again
in each frame looked at.
A widget's text (UIButton, UILabel) is cut off when the font's size of it is
larger than the rect less its border, shadow and padding, or when pygame_gui laid
it out narrower than that; pygame_gui's own "Label Rect is too small for text"
warning counts too.

Used as `with TextCheck(app, size) as check: ... check.look("what the screen shows")`;
`check.findings` lists what was found, one line each; `check.shortened` the texts
shortened on purpose. With TEXTCHECK_PICTURES set to a folder, each frame judged is
saved there as a PNG; with TEXTCHECK_SHOW set, `assert_whole` prints its lists even
when nothing is cut off (run pytest with -s).
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import wraps
from typing import Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIScrollingContainer,
    UITextEntryLine,
    UITooltip,
)

from tabletop.games.skirmish.screen.panel_cache import PanelCache
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.gameview import BoardButton
from tabletop.ui.help import HelpDialog
from tabletop.ui.layers import Dialog
from tabletop.ui.shell import Layer

#: a range whose two ends are the same number ("2 to 2 players", "3–3")
EMPTY_RANGE = re.compile(r"\b(\d+)\s*(?:to|–|-)\s*\1\b")
#: a text this many pixels or closer to a widget drawn over it touches it
TOUCH = 2


@dataclass(frozen=True)
class Owner:
    """What a painted text belongs to and must stay inside."""

    kind: str  # "button", "dialog", "layer"
    name: str
    rect: pygame.Rect | None
    surface: pygame.Surface | None  # where the owner is drawn (`rect` is on it)
    layer: Layer | None = None
    over_widgets: bool = False  # drawn after the layer's widgets (draw_over)


@dataclass(frozen=True)
class Painted:
    """One text painted by art.text."""

    content: str  # as drawn (with the ellipsis when it was shortened)
    ink: pygame.Rect  # where its pixels are, on the surface it was drawn on
    surface: pygame.Surface
    clip: pygame.Rect
    on_window: bool
    ellipsized: bool
    owners: tuple[Owner, ...]
    mask: pygame.mask.Mask  # its pixels, from `ink`'s top left


#: says why a text shortened at the small size may stay so (None: it may not)
KeptShort = Callable[[Any, Painted], str | None]


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _import_screens() -> None:
    """Every screen and dialog class, so that their draw methods are wrapped."""
    import tabletop.games.catan.screen
    import tabletop.games.eden.screen
    import tabletop.games.testgame.view
    import tabletop.ui.dialogs
    import tabletop.ui.game_screen
    import tabletop.ui.help
    import tabletop.ui.launcher
    import tabletop.ui.newgame
    import tabletop.ui.saves_list  # noqa: F401


def _rect(r: Any) -> str:
    r = pygame.Rect(r)
    return f"({r.x}, {r.y}, {r.w}, {r.h})"


class TextCheck:
    """Records the texts of the frames drawn by `look` and judges them."""

    def __init__(self, app: Any, size: tuple[int, int], kept_short: KeptShort | None = None) -> None:
        self.app = app
        self.size = size
        self.large = size[0] >= 1920
        #: with a judge of the texts that may stay shortened (it says why, or None),
        #: every other text shortened at the small size is cut off too
        self.kept_short = kept_short
        #: the same, consulted at both sizes (the pseudo-language's longer words)
        self.kept_short_always: KeptShort | None = None
        self.recording = False
        self.owners: list[Owner] = []
        self.painted: list[Painted] = []
        #: (text, rect, why) of each text cut off: the screens it was found on
        self._found: dict[tuple[str, str, str], list[str]] = {}
        #: the same of the texts shortened with a meant ellipsis (allowed)
        self._shortened: dict[tuple[str, str, str], list[str]] = {}
        self._undo: list[Callable[[], None]] = []
        self._warnings: list[warnings.WarningMessage] = []
        #: the shortened texts art.ellipsize made in this frame (a screen may shorten a
        #: part of a text, a name, before it draws the whole)
        self._cut: set[str] = set()

    # -- recording -----------------------------------------------------------------

    def _patch(self, owner: Any, name: str, new: Any) -> None:
        old = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
        setattr(owner, name, new)
        self._undo.append(lambda: setattr(owner, name, old))

    def __enter__(self) -> TextCheck:
        _import_screens()
        check = self
        original_text = art.text
        original_block = art.text_block
        original_ellipsize = art.ellipsize

        def ellipsize(content, font, width):
            shown = original_ellipsize(content, font, width)
            if check.recording and shown != content:
                check._cut.add(shown)
            return shown

        def text(surface, content, font, colour, pos, anchor="topleft", shadow=None, max_width=None):
            rect = original_text(surface, content, font, colour, pos, anchor, shadow, max_width)
            if check.recording:
                check._record(surface, content, font, rect, max_width)
            return rect

        block_lines: list[str] = []

        def text_block(surface, content, font, colour, rect, align="left", line_gap=1.15):
            block_lines.append(content)
            try:
                return original_block(surface, content, font, colour, rect, align, line_gap)
            finally:
                block_lines.pop()

        self._block = block_lines
        self._patch(art, "text", text)
        self._patch(art, "text_block", text_block)
        self._patch(art, "ellipsize", ellipsize)
        self._wrap(BoardButton, "draw", self._button_owner)
        self._redrawn(PanelCache)
        self._chrome_redrawn()
        for cls in [Layer, *_subclasses(Layer)]:
            for name in ("draw", "draw_over"):
                if name in cls.__dict__:
                    self._wrap(cls, name, self._layer_owner(name == "draw_over"))
        self._catch = warnings.catch_warnings(record=True)
        self._warnings = self._catch.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, *exc: object) -> None:
        self._catch.__exit__(*exc)
        for undo in reversed(self._undo):
            undo()

    def _redrawn(self, cls: type) -> None:
        """A panel cache draws its panels again in a frame that is looked at (a panel
        blitted from the cache would paint no text)."""
        method = cls.__dict__["draw"]
        check = self

        @wraps(method)
        def draw(this, surface, name, *args, **kwargs):
            if check.recording:
                this._panels.pop(name, None)
            return method(this, surface, name, *args, **kwargs)

        self._patch(cls, "draw", draw)

    def _chrome_redrawn(self) -> None:
        """The game screen's top bar, players panel and log are drawn again in a frame
        that is looked at (kept from an earlier frame they would paint no text)."""
        method = GameScreen.__dict__["_chrome"]
        check = self

        @wraps(method)
        def chrome(this):
            if check.recording:
                this._chrome_key = None
            return method(this)

        self._patch(GameScreen, "_chrome", chrome)

    def _wrap(self, cls: type, name: str, owner_of: Callable[..., Owner]) -> None:
        """While `cls.name` draws, the texts belong to what `owner_of` says."""
        method = cls.__dict__[name]

        @wraps(method)
        def wrapped(this, surface, *args, **kwargs):
            self.owners.append(owner_of(this, surface, *args, **kwargs))
            try:
                return method(this, surface, *args, **kwargs)
            finally:
                self.owners.pop()

        self._patch(cls, name, wrapped)

    @staticmethod
    def _button_owner(button: BoardButton, surface: pygame.Surface, theme: th.Theme) -> Owner:
        # a chosen button's face sits lower, on its base
        face = button.rect.union(button.rect.move(0, theme.px(4)))
        return Owner("button", button.label, face, surface)

    def _layer_owner(self, over: bool) -> Callable[[Layer, pygame.Surface], Owner]:
        def owner(layer: Layer, surface: pygame.Surface) -> Owner:
            if isinstance(layer, Dialog):
                name = layer.dialog_title() or type(layer).__name__
                return Owner("dialog", name, pygame.Rect(layer.panel), surface, layer, over)
            return Owner("layer", type(layer).__name__, None, surface, layer, over)

        return owner

    def _record(self, surface: pygame.Surface, content: str, font: pygame.font.Font, rect: pygame.Rect, max_width):
        if max_width is not None:
            font = art.shrunk(content, font, max_width)
        shown = art.ellipsize(content, font, max_width) if max_width is not None else content
        ellipsized = shown != content or any(cut in shown for cut in self._cut)
        if self._block and shown.endswith("…") and shown not in self._block[-1]:
            ellipsized = True  # text_block's last line, cut
        image = font.render(shown, True, (255, 255, 255))
        bounds = image.get_bounding_rect()
        if not bounds.w:
            return
        ink = bounds.move(rect.topleft)
        mask = pygame.mask.from_surface(image.subsurface(bounds))
        clip = surface.get_clip().clip(surface.get_rect())
        on_window = surface is self.app.surface
        self.painted.append(Painted(shown, ink, surface, clip, on_window, ellipsized, tuple(self.owners), mask))

    def assert_whole(self) -> None:
        """Fail, listing them, when texts were found cut off (and, for the record, the
        texts shortened on purpose)."""
        size = f"{self.size[0]}x{self.size[1]}"
        lines = [f"{len(self.findings)} texts cut off at {size}:", *self.findings]
        if self.shortened:
            lines += [f"shortened with an ellipsis at {size} (allowed):", *self.shortened]
        if os.environ.get("TEXTCHECK_SHOW"):
            print("\n".join(lines))
        assert not self.findings, "\n".join(lines)

    # -- looking -------------------------------------------------------------------

    def look(self, screen: str) -> None:
        """Draw one frame of what the app shows now and note every text cut off in it
        (and the warnings pygame_gui gave since the last look)."""
        self.painted = []
        self._cut = set()
        self.recording = True
        try:
            self.app.draw()
        finally:
            self.recording = False
        folder = os.environ.get("TEXTCHECK_PICTURES")
        if folder:  # to look at what was judged
            name = re.sub(r"[^a-z0-9]+", "-", screen.lower()).strip("-")
            pygame.image.save(self.app.surface, os.path.join(folder, f"{self.size[0]}-{name}.png"))
        for text in self.painted:
            self._judge_painted(screen, text)
        top = self.app.top
        if top is not None:
            for widget in top.ui.get_sprite_group().sprites():
                self._judge_widget(screen, widget)
        for warning in self._warnings:
            message = str(warning.message)
            if "too small for text" in message:
                self._find(screen, message, "", "pygame_gui's warning")
        self._warnings.clear()

    @staticmethod
    def _lines(found: dict[tuple[str, str, str], list[str]]) -> list[str]:
        lines = []
        for (text, rect, why), screens in found.items():
            also = f" (also: {'; '.join(screens[1:])})" if len(screens) > 1 else ""
            lines.append(" ".join(part for part in (f"{screens[0]}: {text!r}", rect, why) if part) + also)
        return lines

    @property
    def findings(self) -> list[str]:
        """Each text cut off: the first screen it was found on, the text, its rect
        (x, y, w, h of its ink, or of the widget), why, and the other screens."""
        return self._lines(self._found)

    @property
    def shortened(self) -> list[str]:
        """Each text shortened with an ellipsis where that is allowed."""
        return self._lines(self._shortened)

    def _find(self, screen: str, text: str, rect: str, why: str) -> None:
        screens = self._found.setdefault((text, rect, why), [])
        if screen not in screens:
            screens.append(screen)

    def _note_shortened(self, screen: str, text: Painted, why: str = "") -> None:
        screens = self._shortened.setdefault((text.content, _rect(text.ink), why), [])
        if screen not in screens:
            screens.append(screen)

    def _judge_painted(self, screen: str, text: Painted) -> None:
        layer = next((o for o in reversed(text.owners) if o.layer is not None), None)
        if layer is not None and layer.layer is not self.app.top:
            return  # a screen under a dialog: judged when it was on top
        where = _rect(text.ink)
        if EMPTY_RANGE.search(text.content):
            self._find(screen, text.content, where, "states a range whose two ends are the same")
        if not text.clip.contains(text.ink) and not self._scrolled_away(text):
            self._find(screen, text.content, where, f"is cut by the edge of its surface or clip {_rect(text.clip)}")
        for owner in text.owners:
            if owner.rect is not None and owner.surface is text.surface and not owner.rect.contains(text.ink):
                why = f"sticks out of its {owner.kind} {owner.name!r} {_rect(owner.rect)}"
                self._find(screen, text.content, where, why)
        button = next((o for o in reversed(text.owners) if o.kind == "button"), None)
        dialog = next((o for o in reversed(text.owners) if o.kind == "dialog"), None)
        if text.ellipsized:
            kept = self.kept_short_always(self.app, text) if self.kept_short_always is not None else None
            if dialog is not None and isinstance(dialog.layer, HelpDialog):
                self._find(screen, text.content, where, "is shortened in the help, which is there to be read whole")
            elif kept is not None:
                self._note_shortened(screen, text, kept)
            elif self.large:
                what = f"the label of button {button.name!r}" if button is not None else "a text"
                self._find(screen, text.content, where, f"is {what} shortened at the large size, where there is room")
            elif self.kept_short is None:
                self._note_shortened(screen, text)
            else:
                why = self.kept_short(self.app, text)
                if why is None:
                    what = f"the label of button {button.name!r}" if button is not None else "a text"
                    self._find(screen, text.content, where, f"is {what} shortened, where it should be whole")
                else:
                    self._note_shortened(screen, text, why)
        if text.on_window and layer is not None and not layer.over_widgets:
            for widget, area in self._covering(layer.layer):
                if isinstance(widget, UITextEntryLine) and widget.rect.contains(text.ink):
                    continue  # the grey hint of an empty field, drawn inside it on purpose
                hidden, near = self._hidden_pixels(text, widget, area)
                name = getattr(widget, "text", "") or type(widget).__name__
                if hidden:
                    why = f"has {hidden} pixels under the widget {name!r} {_rect(widget.rect)}"
                    self._find(screen, text.content, where, why)
                elif near:
                    why = f"touches the widget {name!r} {_rect(widget.rect)} ({TOUCH} px or closer)"
                    self._find(screen, text.content, where, why)

    def _scrolled_away(self, text: Painted) -> bool:
        """Cut only at the top or bottom of an area that scrolls (one with a scroll bar)."""
        top = self.app.top
        if (
            top is None
            or not text.on_window
            or not text.clip.left <= text.ink.left <= text.ink.right <= text.clip.right
        ):
            return False
        return any(
            isinstance(widget, UIScrollingContainer)
            and widget.vert_scroll_bar is not None
            and widget.rect.contains(text.clip)
            for widget in top.ui.get_sprite_group().sprites()
        )

    @staticmethod
    def _hidden_pixels(text: Painted, widget: Any, area: pygame.Rect) -> tuple[int, bool]:
        """How many of the text's pixels the widget's opaque pixels cover within
        `area`, and whether they come TOUCH pixels close or closer."""
        if not area.colliderect(text.ink.inflate(TOUCH * 2, TOUCH * 2)) or widget.image is None:
            return 0, False
        covers = pygame.mask.from_surface(widget.image)
        inside = pygame.mask.Mask(covers.get_size())
        inside.draw(pygame.mask.Mask(area.size, fill=True), (area.x - widget.rect.x, area.y - widget.rect.y))
        covers = covers.overlap_mask(inside, (0, 0))
        offset = (text.ink.x - widget.rect.x, text.ink.y - widget.rect.y)
        # only the pixels inside the clip were drawn
        shown = pygame.mask.Mask(text.mask.get_size())
        clip = text.clip.move(-text.ink.x, -text.ink.y)
        shown.draw(pygame.mask.Mask(clip.size, fill=True), clip.topleft)
        shown = text.mask.overlap_mask(shown, (0, 0))
        hidden = covers.overlap_area(shown, offset)
        if hidden:
            return hidden, True
        grown = pygame.mask.Mask((shown.get_size()[0] + TOUCH * 2, shown.get_size()[1] + TOUCH * 2))
        for dx in range(TOUCH * 2 + 1):
            for dy in range(TOUCH * 2 + 1):
                grown.draw(shown, (dx, dy))
        return 0, bool(covers.overlap_area(grown, (offset[0] - TOUCH, offset[1] - TOUCH)))

    def _covering(self, layer: Layer) -> list[tuple[Any, pygame.Rect]]:
        """The visible widgets of `layer` that pygame_gui paints over its artwork,
        with the part of the window each covers (inside its containers)."""
        out = []
        root = layer.ui.get_root_container()
        for widget in layer.ui.get_sprite_group().sprites():
            if isinstance(widget, (UIContainer, UIScrollingContainer, UIDropDownMenu, UITooltip)):
                continue
            if not widget.visible or widget is root:
                continue
            area = pygame.Rect(widget.rect)
            container = widget.ui_container
            while container is not None and container is not root:
                area = area.clip(container.rect)
                container = getattr(container, "ui_container", None)
            if area.w > 0 and area.h > 0:
                out.append((widget, area))
        return out

    def _judge_widget(self, screen: str, widget: Any) -> None:
        if not isinstance(widget, (UIButton, UILabel)) or not widget.visible:
            return
        if widget.rect.w <= 0 or widget.rect.h <= 0:
            return  # draws nothing
        content = widget.text
        if not content or widget.font is None:
            return
        w, h = widget.font.get_rect(content).size
        if isinstance(widget, UIButton):
            border = widget.border_width
            if not isinstance(border, dict):
                border = dict.fromkeys(("left", "right", "top", "bottom"), border)
            shadow = widget.shadow_width
            room_w = (
                widget.rect.w - border["left"] - border["right"] - 2 * (shadow + widget.text_horiz_alignment_padding)
            )
            room_h = widget.rect.h - border["top"] - border["bottom"] - 2 * shadow
        else:
            room_w, room_h = widget.rect.w, widget.rect.h
        layout = getattr(getattr(widget, "drawable_shape", None), "text_box_layout", None)
        if layout is not None and layout.layout_rect.w < min(w, room_w):
            # laid out for an older, narrower rect (a scroll bar's arrow, sized after it was made)
            why = f"is laid out {layout.layout_rect.w} px wide, narrower than the text ({w} px)"
            self._find(screen, content, _rect(widget.rect), why)
        if w > room_w or h > room_h:
            kind = type(widget).__name__
            self._find(
                screen,
                content,
                _rect(widget.rect),
                f"does not fit its {kind}: the text is {w}x{h}, the room {room_w}x{room_h}",
            )
