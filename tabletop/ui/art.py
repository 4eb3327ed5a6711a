"""Artwork drawn by code: table textures, framed panels, soft shadows, cards, dice
with pips, pawns and text helpers.

The app frame and every game's view draw with these, so the whole table shares
one look. The tileable textures come from sprites/textures (made by
scripts/make_sprites.py); everything else is drawn here. Returned surfaces are
cached: blit them, do not draw on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame
import pygame.gfxdraw

from tabletop.resources import sprite_path
from tabletop.ui import theme as th
from tabletop.ui.caches import Bounded, drawn

Colour = tuple[int, int, int] | tuple[int, int, int, int]

#: pip positions of die faces 1-6 on a 3x3 grid (column, row)
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}

SUPERSAMPLE = 3


def ready(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha when a window exists (faster blits), else as is."""
    try:
        return surface.convert_alpha()
    except pygame.error:
        return surface


def opaque(surface: pygame.Surface) -> pygame.Surface:
    """convert() when a window exists (the fastest blits, for surfaces without
    transparency), else as is."""
    try:
        return surface.convert()
    except pygame.error:
        return surface


@drawn(64, sized=False)
def sprite(name: str) -> pygame.Surface | None:
    """An image from sprites/ (None when the file is missing or unreadable)."""
    path = sprite_path(name)
    if not name or not path.is_file():
        return None
    try:
        return ready(pygame.image.load(str(path)))
    except (pygame.error, OSError):
        return None


def fitted(image: pygame.Surface, size: tuple[int, int], cover: bool = True) -> pygame.Surface:
    """`image` scaled smoothly to cover (or fit inside) `size`, centred and cropped."""
    w, h = size
    iw, ih = image.get_size()
    factor = max(w / iw, h / ih) if cover else min(w / iw, h / ih)
    scaled = pygame.transform.smoothscale(image, (max(1, round(iw * factor)), max(1, round(ih * factor))))
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(scaled, ((w - scaled.get_width()) // 2, (h - scaled.get_height()) // 2))
    return out


def tiled(texture: pygame.Surface, size: tuple[int, int], offset: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """A surface of `size` filled by repeating `texture`."""
    out = pygame.Surface(size)
    tw, th_ = texture.get_size()
    ox, oy = offset[0] % tw, offset[1] % th_
    for y in range(-oy, size[1], th_):
        for x in range(-ox, size[0], tw):
            out.blit(texture, (x, y))
    return out


def _texture(name: str, fallback: Colour, size: tuple[int, int], offset: tuple[int, int] = (0, 0)) -> pygame.Surface:
    image = sprite(f"textures/{name}.png")
    if image is None:
        out = pygame.Surface(size)
        out.fill(fallback)
        return out
    return tiled(image, size, offset)


# -- shapes ------------------------------------------------------------------------


@drawn(32)
def _corner(radius: int) -> pygame.Surface:
    """An anti-aliased quarter disc (the top-left corner of a rounded rectangle)."""
    big = pygame.Surface((radius * 2 * SUPERSAMPLE, radius * 2 * SUPERSAMPLE), pygame.SRCALPHA)
    pygame.draw.circle(big, (255, 255, 255, 255), (radius * SUPERSAMPLE, radius * SUPERSAMPLE), radius * SUPERSAMPLE)
    disc = pygame.transform.smoothscale(big, (radius * 2, radius * 2))
    return disc.subsurface((0, 0, radius, radius)).copy()


# every button and label box has its own: the recent ones of one window size (large
# masks add up, so not every size a game ever shows)
@drawn(128)
def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White, opaque inside a rounded rectangle with smooth corners, clear outside."""
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    radius = max(0, min(radius, w // 2, h // 2))
    if radius:
        corner = _corner(radius)
        for flip_x, flip_y, pos in (
            (False, False, (0, 0)),
            (True, False, (w - radius, 0)),
            (False, True, (0, h - radius)),
            (True, True, (w - radius, h - radius)),
        ):
            mask.fill((0, 0, 0, 0), (*pos, radius, radius))
            mask.blit(pygame.transform.flip(corner, flip_x, flip_y), pos)
    return mask


def clip_rounded(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A copy of `surface` with rounded, anti-aliased corners."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    out.blit(rounded_mask(out.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def rounded_rect(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int, width: int = 0) -> None:
    """A filled (or outlined, `width` > 0) rounded rectangle with smooth corners."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    if width == 0:
        shape = pygame.Surface(rect.size, pygame.SRCALPHA)
        shape.fill(colour)
        shape.blit(rounded_mask(rect.size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(shape, rect.topleft)
        return
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


@drawn(64)
def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle, `blur` pixels larger on each side."""
    w, h = size
    out = pygame.Surface((w + blur * 2, h + blur * 2), pygame.SRCALPHA)
    shape = pygame.Surface((w, h), pygame.SRCALPHA)
    shape.fill((0, 0, 0, alpha))
    shape.blit(rounded_mask((w, h), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(shape, (blur, blur))
    if blur > 0:
        # blur a smaller copy: much faster, and a shadow has no detail to lose
        small = pygame.transform.smoothscale(out, (max(1, out.get_width() // 4), max(1, out.get_height() // 4)))
        small = pygame.transform.gaussian_blur(small, max(1, blur // 4))
        out = pygame.transform.smoothscale(small, out.get_size())
    return out


def drop_shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    blur: int,
    offset: tuple[int, int] = (0, 0),
    alpha: int = 110,
) -> None:
    """Blit a soft shadow under `rect`."""
    rect = pygame.Rect(rect)
    shadow = soft_shadow(rect.size, radius, blur, alpha)
    surface.blit(shadow, (rect.x - blur + offset[0], rect.y - blur + offset[1]))


def vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """A surface shading from `top` to `bottom`."""
    strip = pygame.Surface((1, 2), pygame.SRCALPHA)
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, size)


# -- table and panels --------------------------------------------------------------


@drawn(4)
def table(size: tuple[int, int]) -> pygame.Surface:
    """The wooden table top that fills the window, darker towards the edges."""
    out = _texture("wood", th.WOOD, size)
    w, h = size
    vignette = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            vignette.set_at((x, y), (10, 4, 0, int(150 * d**2.2)))
    out.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return ready(out)


@drawn(32)
def panel(size: tuple[int, int], kind: str = "parchment", radius: int = 14, border: int = 2) -> pygame.Surface:
    """A framed panel: `kind` parchment, felt, wood or dark (translucent wood)."""
    w, h = size
    if kind == "felt":
        base = _texture("felt", th.FELT, size)
        edge = (16, 48, 30)
    elif kind == "wood":
        base = _texture("wood", th.WOOD, size, offset=(97, 211))
        edge = th.WOOD_DARK
    elif kind == "dark":
        base = pygame.Surface(size, pygame.SRCALPHA)
        base.fill((34, 20, 10, 226))
        edge = th.GOLD_DARK
    else:
        base = _texture("parchment", th.PARCHMENT, size)
        edge = (120, 84, 50)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(base, (0, 0))
    if kind in ("felt", "wood"):
        # an inner shade along the rim makes the surface sit lower than its frame
        shade = pygame.Surface(size, pygame.SRCALPHA)
        depth = max(4, min(w, h) // 30)
        for i in range(depth):
            a = int(90 * (1 - i / depth) ** 2)
            pygame.draw.rect(shade, (0, 0, 0, a), (i, i, w - 2 * i, h - 2 * i), 1, border_radius=max(0, radius - i))
        out.blit(shade, (0, 0))
    else:
        highlight = vertical_gradient((w, h), (255, 255, 255, 50), (255, 255, 255, 0))
        out.blit(highlight, (0, 0))
    out.blit(rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if border:
        pygame.draw.rect(out, edge, out.get_rect(), border, border_radius=radius)
    return out


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    kind: str = "parchment",
    radius: int = 14,
    border: int = 2,
    shadow: int = 12,
) -> None:
    """Blit a framed panel with a soft shadow at `rect`."""
    rect = pygame.Rect(rect)
    if rect.w < 4 or rect.h < 4:
        return
    if shadow:
        drop_shadow(surface, rect, radius, shadow, (0, shadow // 3))
    surface.blit(panel(rect.size, kind, radius, border), rect.topleft)


def dim(surface: pygame.Surface, alpha: int = 150, rect: pygame.Rect | None = None) -> None:
    """Darken the surface (behind a dialog)."""
    rect = pygame.Rect(rect) if rect else surface.get_rect()
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((12, 6, 2, alpha))
    surface.blit(shade, rect.topleft)


# -- text --------------------------------------------------------------------------


def text(
    surface: pygame.Surface,
    content: str,
    font: pygame.font.Font,
    colour: Colour,
    pos: tuple[int, int],
    anchor: str = "topleft",
    shadow: Colour | None = None,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line of text with its `anchor` point at `pos`; an optional shadow
    one pixel down-right. Text wider than `max_width` is drawn a little smaller
    (`shrunk`), and shortened with an ellipsis if that is not enough."""
    if max_width is not None:
        font = shrunk(content, font, max_width)
        content = ellipsize(content, font, max_width)
    image = rendered(content, font, colour)
    rect = image.get_rect(**{anchor: pos})
    if shadow is not None:
        offset = max(1, font.get_height() // 18)
        surface.blit(rendered(content, font, shadow), rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


#: lines as rendered and as wrapped: a panel drawn again mostly shows the lines it showed
_Line = tuple[str, pygame.font.Font, tuple[int, ...]]
_rendered: Bounded[_Line, pygame.Surface] = Bounded("tabletop.ui.art.rendered", 256)
_wrapped: Bounded[tuple[str, pygame.font.Font, int], tuple[str, ...]] = Bounded("tabletop.ui.art.wrap", 256)


def rendered(content: str, font: pygame.font.Font, colour: Colour) -> pygame.Surface:
    """A line rendered (antialiased) in `font` and `colour`, kept: blit it, never draw on it."""
    key = (content, font, tuple(colour))
    found = _rendered.get(key)
    return found if found is not None else _rendered.put(key, font.render(content, True, colour))


#: how much smaller than its font a line may be drawn to fit its room (a longer language)
SHRINK = 0.8


def shrunk(content: str, font: pygame.font.Font, width: int) -> pygame.font.Font:
    """`font`, or its face down to SHRINK of its size, the largest in which `content`
    fits `width` (the smallest when none does): a line in a longer language shrinks
    a little before it is shortened."""
    if font.size(content)[0] <= width:
        return font
    smaller = font
    for smaller in _smaller(font):
        if smaller.size(content)[0] <= width:
            break
    return smaller


def _smaller(font: pygame.font.Font) -> Iterable[pygame.font.Font]:
    """The theme's face of `font` at each size from one below it down to SHRINK of it
    (none for a font the theme did not load)."""
    if font.name != "Noto Sans":
        return
    style, size = font.style_name, font.point_size
    for smaller in range(size - 1, max(1, int(size * SHRINK)) - 1, -1):
        yield th.load_font(smaller, "Bold" in style, "Italic" in style)


def ellipsize(content: str, font: pygame.font.Font, width: int) -> str:
    """`content`, cut with an ellipsis so it fits into `width` pixels."""
    if font.size(content)[0] <= width:
        return content
    while content and font.size(content + "…")[0] > width:
        content = content[:-1]
    return content + "…"


def wrap(content: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split `content` into lines no wider than `width` (long words are cut; kept)."""
    key = (content, font, width)
    found = _wrapped.get(key)
    if found is None:
        found = _wrapped.put(key, tuple(_wrap(content, font, width)))
    return list(found)


def _wrap(content: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def text_block(
    surface: pygame.Surface,
    content: str,
    font: pygame.font.Font,
    colour: Colour,
    rect: pygame.Rect,
    align: str = "left",
    line_gap: float = 1.15,
) -> int:
    """Draw wrapped text inside `rect` (top aligned): a text too long for it is drawn
    a little smaller (as `shrunk`), and if that is not enough the last line that fits
    ends in an ellipsis; returns the height used."""
    rect = pygame.Rect(rect)

    def laid_out(font: pygame.font.Font) -> tuple[int, list[str], int]:
        step = int(font.get_linesize() * line_gap)
        fitting = max(0, (rect.h - font.get_height()) // step + 1) if rect.h >= font.get_height() else 0
        return step, wrap(content, font, rect.w), fitting

    step, lines, fitting = laid_out(font)
    if len(lines) > fitting:
        for smaller in _smaller(font):
            trial = laid_out(smaller)
            if len(trial[1]) <= trial[2]:
                font = smaller
                step, lines, fitting = trial
                break
    if len(lines) > fitting and fitting:
        lines = lines[:fitting]
        lines[-1] = (
            ellipsize(lines[-1] + "…", font, rect.w) if font.size(lines[-1] + "…")[0] > rect.w else lines[-1] + "…"
        )
    else:
        lines = lines[:fitting]
    y = rect.top
    for line in lines:
        if align == "center":
            text(surface, line, font, colour, (rect.centerx, y), "midtop")
        else:
            text(surface, line, font, colour, (rect.left, y))
        y += step
    return y - rect.top


# -- dice, cards, pawns ----------------------------------------------------------


def _shade(colour: Sequence[int], factor: float) -> tuple[int, int, int]:
    """Lighter (factor > 1) or darker (factor < 1) version of an rgb colour."""
    if factor >= 1:
        r, g, b = (min(255, int(c + (255 - c) * (factor - 1))) for c in colour[:3])
    else:
        r, g, b = (max(0, int(c * factor)) for c in colour[:3])
    return r, g, b


def shade(colour: Sequence[int], factor: float) -> tuple[int, int, int]:
    """Lighter (factor > 1, up to 2 = white) or darker (factor < 1) colour."""
    return _shade(colour, factor)


def ink_on(colour: Sequence[int]) -> tuple[int, int, int]:
    """Dark ink or cream, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return th.INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else th.CREAM


@drawn(96)
def die_face(
    size: int, value: int, body: tuple[int, int, int] = th.CREAM, pip: tuple[int, int, int] = th.INK, sides: int = 6
) -> pygame.Surface:
    """A die seen from above showing `value`: rounded ivory body and pips (a number
    for dice with more than six sides)."""
    s = SUPERSAMPLE
    big = size * s
    out = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 5
    rect = pygame.Rect(0, 0, big, big)
    pygame.draw.rect(out, _shade(body, 0.72), rect, border_radius=radius)
    inner = rect.inflate(-big // 14, -big // 14).move(-big // 60, -big // 60)
    pygame.draw.rect(out, body, inner, border_radius=int(radius * 0.85))
    gloss = inner.inflate(-big // 5, -big // 5).move(-big // 24, -big // 24)
    glow = pygame.Surface(gloss.size, pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (255, 255, 255, 60), glow.get_rect())
    out.blit(glow, gloss.topleft)
    if 1 <= value <= 6 and sides <= 6:
        step = inner.w / 4
        r = max(2, int(inner.w * 0.095))
        for col, row in PIPS[value]:
            cx = int(inner.x + step * (col + 1))
            cy = int(inner.y + step * (row + 1))
            pygame.draw.circle(out, _shade(pip, 1.35), (cx + s, cy + s), r)
            pygame.draw.circle(out, pip, (cx, cy), r)
    else:
        font = th.load_font(int(big * 0.5), bold=True)
        text(out, str(value), font, pip, inner.center, "center")
    return pygame.transform.smoothscale(out, (size, size))


@drawn(64)
def card_face(
    size: tuple[int, int], paper: tuple[int, int, int] = th.CREAM, frame: tuple[int, int, int] = th.GOLD_DARK
) -> pygame.Surface:
    """An empty card front: paper with rounded corners, a thin outer edge and an
    inner frame line; the caller draws the content."""
    w, h = size
    radius = max(4, min(w, h) // 11)
    out = pygame.Surface(size, pygame.SRCALPHA)
    paper_surface = _texture("parchment", paper, size, offset=(w * 7, h * 3))
    tint = pygame.Surface(size, pygame.SRCALPHA)
    tint.fill((*paper, 150))
    paper_surface.blit(tint, (0, 0))
    out.blit(paper_surface, (0, 0))
    out.blit(vertical_gradient(size, (255, 255, 255, 60), (0, 0, 0, 18)), (0, 0))
    out.blit(rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, _shade(paper, 0.55), out.get_rect(), max(1, w // 90), border_radius=radius)
    inset = max(4, w // 14)
    pygame.draw.rect(
        out,
        frame,
        out.get_rect().inflate(-inset * 2, -inset * 2),
        max(1, w // 70),
        border_radius=max(2, radius - inset // 2),
    )
    return out


@drawn(32)
def card_back(size: tuple[int, int], colour: tuple[int, int, int] = (128, 36, 30)) -> pygame.Surface:
    """A card back: coloured, with a brass lattice and a centre medallion."""
    w, h = size
    radius = max(4, min(w, h) // 11)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill(colour)
    lattice = _shade(colour, 1.25)
    step = max(8, w // 6)
    for x in range(-h, w + h, step):
        pygame.draw.line(out, lattice, (x, 0), (x + h, h), max(1, w // 60))
        pygame.draw.line(out, lattice, (x + h, 0), (x, h), max(1, w // 60))
    inset = max(4, w // 12)
    inner = out.get_rect().inflate(-inset * 2, -inset * 2)
    pygame.draw.rect(out, th.GOLD, inner, max(2, w // 40), border_radius=max(2, radius - inset // 2))
    medal = max(6, w // 5)
    pygame.draw.circle(out, _shade(colour, 0.7), inner.center, medal)
    pygame.draw.circle(out, th.GOLD, inner.center, medal, max(2, w // 40))
    pygame.draw.circle(out, th.GOLD, inner.center, medal // 3)
    out.blit(vertical_gradient(size, (255, 255, 255, 40), (0, 0, 0, 40)), (0, 0))
    out.blit(rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, _shade(colour, 0.45), out.get_rect(), max(1, w // 80), border_radius=radius)
    return out


@drawn(64)
def pawn(height: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A wooden pawn in a player's colour, about `height` tall (width 0.8 x)."""
    s = SUPERSAMPLE
    H = height * s
    W = int(H * 0.8)
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    dark = _shade(colour, 0.55)
    light = _shade(colour, 1.35)
    cx = W // 2
    head_r = int(H * 0.2)
    head_c = (cx, head_r + int(H * 0.03))
    base = pygame.Rect(int(W * 0.08), int(H * 0.78), int(W * 0.84), int(H * 0.2))
    body = [
        (cx - int(W * 0.14), head_c[1] + head_r - int(H * 0.04)),
        (cx + int(W * 0.14), head_c[1] + head_r - int(H * 0.04)),
        (cx + int(W * 0.38), base.centery),
        (cx - int(W * 0.38), base.centery),
    ]
    pygame.draw.ellipse(out, dark, base.move(0, s * 2))
    pygame.draw.ellipse(out, colour, base)
    pygame.draw.polygon(out, colour, body)
    pygame.draw.circle(out, colour, head_c, head_r)
    # light from the top left
    pygame.draw.circle(out, light, (head_c[0] - head_r // 3, head_c[1] - head_r // 3), head_r // 3)
    pygame.draw.polygon(
        out, dark, [body[1], (body[1][0] - int(W * 0.05), body[1][1]), (body[2][0] - int(W * 0.1), body[2][1]), body[2]]
    )
    outline = _shade(colour, 0.35)
    pygame.draw.circle(out, outline, head_c, head_r, max(1, s))
    pygame.draw.lines(out, outline, False, [body[0], body[3]], max(1, s))
    pygame.draw.lines(out, outline, False, [body[1], body[2]], max(1, s))
    pygame.draw.ellipse(out, outline, base, max(1, s))
    return pygame.transform.smoothscale(out, (max(1, W // s), height))


@drawn(64)
def token(radius: int, colour: tuple[int, int, int], ring: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A round wooden token in `colour` with a bevelled rim."""
    s = SUPERSAMPLE
    R = radius * s
    out = pygame.Surface((R * 2 + s * 2, R * 2 + s * 2), pygame.SRCALPHA)
    c = (R + s, R + s)
    pygame.draw.circle(out, _shade(colour, 0.5), (c[0], c[1] + s), R)
    pygame.draw.circle(out, _shade(colour, 0.8), c, R)
    pygame.draw.circle(out, colour, c, int(R * 0.84))
    pygame.draw.circle(out, _shade(colour, 1.25), (c[0] - R // 4, c[1] - R // 4), int(R * 0.35))
    pygame.draw.circle(out, colour, c, int(R * 0.6))
    if ring:
        pygame.draw.circle(out, ring, c, R, max(2, R // 7))
    size = out.get_width() // s
    return pygame.transform.smoothscale(out, (size, size))


def blit_centered(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> pygame.Rect:
    rect = image.get_rect(center=center)
    surface.blit(image, rect)
    return rect


def hstack(widths: Iterable[int], total: int, gap: int) -> list[int]:
    """Left edges of items of `widths` centred in a row `total` wide."""
    widths = list(widths)
    used = sum(widths) + gap * max(0, len(widths) - 1)
    x = (total - used) // 2
    lefts = []
    for w in widths:
        lefts.append(x)
        x += w + gap
    return lefts
