"""Make the app icon files the build needs from one square PNG, with pygame only.

    python packaging/icons.py SOURCE.png OUT_DIR [--ico GIVEN.ico]

writes OUT_DIR/tabletop.png (256 px, for Linux), OUT_DIR/tabletop.ico (Windows; a
given .ico is copied instead) and OUT_DIR/tabletop.icns (macOS). Both containers
hold PNG images, which Windows (since Vista) and macOS (since 10.7) read.
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: icns element types holding PNG data, by pixel size
ICNS_TYPES = (
    (16, b"icp4"),
    (32, b"icp5"),
    (64, b"icp6"),
    (128, b"ic07"),
    (256, b"ic08"),
    (512, b"ic09"),
    (1024, b"ic10"),
)


def load_square(path: Path) -> pygame.Surface:
    """The picture at `path`; raises ValueError unless it is square and at least 256 px."""
    picture = pygame.image.load(str(path))
    width, height = picture.get_size()
    if width != height or width < 256:
        raise ValueError(f"{path}: the icon must be square and at least 256x256 pixels, not {width}x{height}")
    # 32-bit with alpha, which smoothscale needs (convert_alpha would need a window)
    rgba = pygame.Surface((width, height), pygame.SRCALPHA, 32)
    rgba.blit(picture, (0, 0))
    return rgba


def png_bytes(picture: pygame.Surface, size: int) -> bytes:
    """`picture` scaled to size x size, encoded as PNG."""
    if picture.get_size() != (size, size):
        picture = pygame.transform.smoothscale(picture, (size, size))
    out = io.BytesIO()
    pygame.image.save(picture, out, "icon.png")
    return out.getvalue()


def ico_bytes(picture: pygame.Surface) -> bytes:
    """A Windows .ico with PNG images of every size in ICO_SIZES."""
    images = [(size, png_bytes(picture, size)) for size in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        side = 0 if size >= 256 else size  # 0 means 256 in an icon directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns_bytes(picture: pygame.Surface) -> bytes:
    """A macOS .icns with PNG images up to the source's own size."""
    largest = picture.get_width()
    body = b""
    for size, kind in ICNS_TYPES:
        if size <= largest:
            data = png_bytes(picture, size)
            body += kind + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def make_icons(source: Path, out_dir: Path, given_ico: Path | None = None) -> None:
    picture = load_square(source)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "tabletop.png").write_bytes(png_bytes(picture, 256))
    if given_ico is not None:
        shutil.copyfile(given_ico, out_dir / "tabletop.ico")
    else:
        (out_dir / "tabletop.ico").write_bytes(ico_bytes(picture))
    (out_dir / "tabletop.icns").write_bytes(icns_bytes(picture))


def main(argv: list[str]) -> int:
    args = list(argv)
    given = None
    if "--ico" in args:
        at = args.index("--ico")
        given = Path(args[at + 1])
        del args[at : at + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        make_icons(Path(args[0]), Path(args[1]), given)
    except (ValueError, pygame.error, OSError) as err:
        print(f"cannot make the icons: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
