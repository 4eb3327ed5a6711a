"""The look of the app: the palette, sizes that follow the window, fonts and the
pygame_gui theme.

Everything is designed for a 1920x1080 window and scaled from the real window
size, so the table reads the same from arm's length on a small laptop and on a
large or HiDPI screen. Text uses the Noto Sans fonts that ship inside pygame_gui's
data folder (found by path, not copied).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pygame

from tabletop.ui.caches import Bounded

# -- palette (warm wood, parchment, brass and ink) -------------------------------
INK = (52, 34, 20)
INK_SOFT = (104, 80, 58)
PARCHMENT = (244, 231, 203)
PARCHMENT_DARK = (222, 201, 160)
CREAM = (252, 246, 232)
WOOD_DARK = (46, 28, 16)
WOOD = (112, 70, 40)
WOOD_LIGHT = (168, 116, 70)
GOLD = (214, 172, 82)
GOLD_DARK = (150, 112, 44)
RED = (160, 50, 34)
GREEN = (52, 112, 64)
FELT = (36, 92, 62)
SHADOW = (0, 0, 0)
WHITE = (255, 255, 255)

#: font sizes at 1080p (px): body text is read from arm's length
SMALL = 19
BODY = 23
LARGE = 29
HEADING = 36
TITLE = 56
HUGE = 84

#: the design size every layout number refers to
DESIGN = (1920, 1080)
#: fonts never shrink below this share of their design size (small windows)
MIN_FONT_SCALE = 0.76


def _font_dir() -> Path:
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("pygame_gui is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


FONT_DIR = _font_dir()
FONT_FILES = {
    (False, False): FONT_DIR / "NotoSans-Regular.ttf",
    (True, False): FONT_DIR / "NotoSans-Bold.ttf",
    (False, True): FONT_DIR / "NotoSans-Italic.ttf",
    (True, True): FONT_DIR / "NotoSans-BoldItalic.ttf",
}
THEME_FILE = Path(__file__).with_name("theme.json")

#: the fonts of one window size, and a few more while it is resized
_fonts: Bounded[tuple[Path, int], pygame.font.Font] = Bounded("tabletop.ui.theme.load_font", 64)
_theme_json: dict[str, Any] | None = None

# keys of pygame_gui "misc" blocks that are lengths in pixels
_MISC_LENGTHS = {
    "border_width",
    "shadow_width",
    "shape_corner_radius",
    "text_horiz_alignment_padding",
    "text_vert_alignment_padding",
    "rect_width",
    "open_button_width",
    "list_item_height",
}


def load_font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """A Noto Sans font of `size` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_FILES[(bold, italic)]
    key = (path, size)
    font = _fonts.get(key)
    if font is None:
        font = _fonts.put(key, pygame.font.Font(str(path), size))
    return font


class Theme:
    """Sizes and fonts for one window size.

    `px(n)` turns a length designed at 1080p into pixels for this window; `font(n)`
    gives the font for a size designed at 1080p (shrinking less than layout does,
    so text stays readable on small windows).
    """

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.scale = min(self.size[0] / DESIGN[0], self.size[1] / DESIGN[1])
        self.font_scale = max(self.scale, MIN_FONT_SCALE)

    def px(self, length: float) -> int:
        """A design length (at 1920x1080) in pixels for this window."""
        return int(round(length * self.scale))

    def fs(self, size: float) -> int:
        """A design font size in pixels for this window."""
        return max(10, int(round(size * self.font_scale)))

    def font(self, size: float = BODY, bold: bool = False, italic: bool = False) -> pygame.font.Font:
        return load_font(self.fs(size), bold, italic)

    def gui_theme(self) -> dict[str, Any]:
        """The pygame_gui theme for this window: theme.json with its font sizes and
        lengths scaled and the font files filled in."""
        global _theme_json
        if _theme_json is None:
            _theme_json = json.loads(THEME_FILE.read_text(encoding="utf-8"))
        return self._scaled(_theme_json)

    def _scaled(self, node: Any, key: str = "") -> Any:
        if isinstance(node, dict):
            out = {k: self._scaled(v, k) for k, v in node.items()}
            if key == "font":
                bold = out.get("bold") in ("1", 1, True)
                out.setdefault("name", "noto_sans")
                out["regular_path"] = str(FONT_FILES[(False, False)])
                out["bold_path"] = str(FONT_FILES[(True, False)])
                out["italic_path"] = str(FONT_FILES[(False, True)])
                out["bold_italic_path"] = str(FONT_FILES[(True, True)])
                out["size"] = str(self.fs(float(node.get("size", BODY))))
                out["bold"] = "1" if bold else "0"
            return out
        if key in _MISC_LENGTHS and isinstance(node, str):
            value = float(node)
            scaled = max(1, self.px(value)) if value > 0 else 0
            return str(scaled)
        if key == "padding" and isinstance(node, str):
            parts = [max(1, self.px(float(p))) for p in node.split(",")]
            return ",".join(str(p) for p in parts)
        return node
