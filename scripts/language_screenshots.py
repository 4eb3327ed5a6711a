#!/usr/bin/env python3
"""The README's pictures of each game in each language: docs/screenshots/GAME-LANG.png
(eden, catan and skirmish in nl, fr and de) at 1280x680, drawn by the games' showcase
modules (a game between two units for the skirmish game) with --language.

.venv/bin/python scripts/language_screenshots.py [--out DIR] [LANG ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: game -> its showcase module and the options of its picture
SHOWCASES = {
    "eden": ("tabletop.games.eden.showcase", []),
    "catan": ("tabletop.games.catan.showcase", []),
    "skirmish": ("tabletop.games.skirmish.showcase", ["--book"]),
}
LANGUAGES = ("nl", "fr", "de")
SIZE = "1280x680"


def main(argv: list[str] | None = None) -> int:
    import importlib

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", default=list(LANGUAGES), metavar="LANG")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    for language in args.languages:
        for game, (module, options) in SHOWCASES.items():
            out = args.out / f"{game}-{language}.png"
            importlib.import_module(module).main([str(out), "--size", SIZE, "--language", language, *options])
    return 0


if __name__ == "__main__":
    sys.exit(main())
