"""The launcher's game cards: each registered game (its rules imported after the
first frame, or why they could not be), its picture and its card, also shown at
the top of the new-game screen.

The first frame draws the cards without the data layer (pydantic, YAML): the
titles come from the registry and the pictures from data/GAME/game.yaml as it is
written (`plain_picture`); the data layer comes in with the rules.
"""

from __future__ import annotations

import dataclasses
import os
import re
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, TypeVar

import pygame

from tabletop import resources
from tabletop.engine.files import DATA_LIMIT, read_bytes_checked
from tabletop.games import registry
from tabletop.i18n import _, marked, ngettext
from tabletop.ui import art
from tabletop.ui import theme as th
from tabletop.ui.shell import fault_text

if TYPE_CHECKING:
    from tabletop.engine.data import UserData
    from tabletop.engine.rules import GameRules

T = TypeVar("T")


@dataclass
class GameInfo:
    """One launcher card: a game; once imported, its rules, or why they could not
    be loaded."""

    id: str
    #: None until the rules are imported (after the first frame), or when they failed to
    rules: GameRules | None = None
    error: str = ""
    #: what the player's own data folder did to the game: files added, or why they were not used
    note: str = ""
    note_is_fault: bool = False

    @property
    def title(self) -> str:
        return game_title(self.id)

    @property
    def playable_rules(self) -> GameRules | None:
        """The rules, when they loaded and no fault was found in the game's data."""
        return self.rules if not self.error else None

    @property
    def playable(self) -> bool:
        """No fault found in the game's rules or data (none is known before they are
        imported and checked)."""
        return not self.error

    def load(self) -> None:
        """Import the game's rules (once); a failure becomes the card's error."""
        if self.rules is not None or self.error:
            return
        from tabletop.engine.data import DataError

        try:
            self.rules = registry.get(self.id)
        except DataError as err:
            self.error = str(err)
        except Exception as err:  # a broken game must not take the launcher down
            traceback.print_exc()
            self.error = fault_text(err)

    def from_data(self, read: Callable[[], T]) -> T | None:
        """What `read` takes from the game's data (its picture, its description),
        or None when that finds a fault in the data, which the card then shows."""
        from tabletop.engine.data import DataError

        try:
            return read()
        except DataError as err:
            self.error = str(err)
            return None

    def check_data(self) -> None:
        """Import the game's rules, load and check its bundled data (kept for the
        game: its rules use the same); a fault becomes the card's error."""
        from tabletop.engine.data import load_bundled, user_data

        self.load()
        rules = self.playable_rules
        if rules is not None and rules.dataset is not None:
            if self.from_data(lambda: load_bundled(rules.dataset)) is not None:
                report = user_data(rules.dataset)
                self.note, self.note_is_fault = user_data_note(report), bool(report.problems)


def user_data_note(report: UserData) -> str:
    """The card's line about the player's own data: which files it uses, or which
    file is broken, where and why (the game then plays with its bundled data)."""
    if report.problems:
        problem = report.problems[0]
        folder = str(report.folder) + os.sep
        name = problem.file[len(folder) :] if problem.file.startswith(folder) else problem.file
        return _(
            "Your data is not used, the bundled data is: {problem}",
            problem=dataclasses.replace(problem, file=name.replace(os.sep, "/")),
        )
    names = report.added + report.replaced
    if not names:
        return ""
    shown = ", ".join(PurePosixPath(name).name for name in names)
    return ngettext("With your file {names}", "With your files {names}", len(names), names=shown)


def players_text(rules: GameRules) -> str:
    """How many players the game takes, for its card."""
    low, high = rules.player_limits()
    if low == high:
        return ngettext("{count} player", "{count} players", low)
    return _("{low}–{high} players", low=low, high=high)


def load_games(include_hidden: bool = False) -> list[GameInfo]:
    """Every registered game that has a screen (without test-only ones unless
    asked), none of them imported yet (GameInfo.load does that)."""
    return [GameInfo(game_id) for game_id in registry.ids(include_hidden) if registry.playable(game_id)]


def game_title(game_id: str) -> str:
    """A game's title from the registry, without importing the game (its id for a
    game tabletop does not know, such as a save's from another version)."""
    try:
        return marked(registry.title(game_id))
    except KeyError:
        return game_id


#: game.yaml's one line as the games write it: `picture: ` and a path that YAML reads
#: as that very text (plain names, no "..", ending in .png), perhaps a comment after it
_PLAIN_PICTURE = re.compile(r"picture: +([\w-][\w.-]*(?:/[\w-][\w.-]*)*\.png)(?: +#.*)?", re.ASCII)


def plain_picture(game_id: str) -> str | None:
    """The picture data/GAME/game.yaml names, read without the data layer when the
    file is written as the games write it (comment lines and `picture:
    launcher/eden.png`), "" when there is no such file (as game_picture says);
    None for anything else, which only game_picture may read. The picture is
    checked with the rest of the data (GameInfo.check_data)."""
    path = resources.DATA / game_id / "game.yaml"
    if not path.is_file():
        return ""
    try:
        text = read_bytes_checked(path, DATA_LIMIT).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = [line.removesuffix("\r").rstrip(" ") for line in text.split("\n")]
    if not all(line.isprintable() for line in lines):  # a tab, or a line break of YAML's own
        return None
    written = [line for line in lines if line and not line.lstrip(" ").startswith("#")]
    found = _PLAIN_PICTURE.fullmatch(written[0]) if len(written) == 1 else None
    return found.group(1) if found else None


def picture_name(info: GameInfo) -> str | None:
    """The game's launcher picture, relative to sprites/ ("" for none), or None for
    a game with a fault."""
    if info.error:
        return None
    name = plain_picture(info.id)
    if name is None:
        from tabletop.engine.gamedata import game_picture

        name = info.from_data(lambda: game_picture(info.id))
    return name


def picture(info: GameInfo, size: tuple[int, int]) -> pygame.Surface | None:
    """The game's launcher picture scaled to `size`, if it has one (none for a game
    with a fault)."""
    name = picture_name(info)
    image = art.sprite(name) if name else None
    return art.fitted(image, size) if image is not None else None


def draw_picture(surface: pygame.Surface, info: GameInfo, rect: pygame.Rect, radius: int) -> None:
    """The game's picture, or a drawn emblem (dice and cards) for a game without one,
    or warning stripes for a game that failed to load."""
    image = picture(info, rect.size)
    if image is None:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        if info.error:
            image.fill((120, 40, 30))
            step = max(12, rect.w // 12)
            for x in range(-rect.h, rect.w, step * 2):
                pygame.draw.polygon(
                    image, (150, 56, 40), [(x, rect.h), (x + step, rect.h), (x + step + rect.h, 0), (x + rect.h, 0)]
                )
            font = th.load_font(max(10, rect.h // 2), bold=True)
            art.text(image, "!", font, th.CREAM, image.get_rect().center, "center")
        else:
            image.blit(art.panel(rect.size, "felt", radius=0, border=0), (0, 0))
            size = rect.h // 2
            back = art.card_back((int(size * 0.7), size))
            image.blit(pygame.transform.rotate(back, 12), (rect.w // 2 - size // 1.3, rect.h // 4))
            image.blit(
                pygame.transform.rotate(art.die_face(size // 2, 5), -10),
                (rect.w // 2 + size // 8, rect.h // 2 - size // 6),
            )
    surface.blit(art.clip_rounded(image, radius), rect.topleft)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, info: GameInfo, theme: th.Theme, lifted: bool) -> None:
    """A game's card: its picture, title, players and description (once its rules
    are imported), or what is wrong with it; `lifted` while the pointer is on it."""
    t = theme
    rules = info.playable_rules
    description = info.from_data(lambda: marked(rules.description)) if rules is not None else None
    lift = t.px(8) if lifted else 0
    card = rect.move(0, -lift)
    art.drop_shadow(surface, card, t.px(22), t.px(24 + lift), (0, t.px(10 + lift)))
    surface.blit(art.panel(card.size, "parchment", radius=t.px(22), border=max(2, t.px(3))), card.topleft)
    inner = card.inflate(-t.px(40), -t.px(40))
    pic = pygame.Rect(inner.x, inner.y, inner.w, int(inner.w * 0.62))
    draw_picture(surface, info, pic, t.px(14))
    pygame.draw.rect(surface, th.WOOD, pic, max(1, t.px(2)), border_radius=t.px(14))
    y = pic.bottom + t.px(18)
    title_font = t.font(th.HEADING, bold=True)
    for line in art.wrap(info.title, title_font, inner.w)[:2]:  # a long title takes two lines
        art.text(surface, line, title_font, th.INK, (inner.x, y), max_width=inner.w)
        y += title_font.get_linesize() + t.px(2)
    body = t.font(th.BODY)
    button_h = max(t.px(64), t.fs(th.BODY) + t.px(28))
    bottom = inner.bottom - button_h - t.px(14)
    if info.playable and registry.entry(info.id).units:  # the launcher's Units button above New game
        bottom -= button_h + t.px(14)
    # the players and the description are drawn once the rules are imported
    if rules is not None and description is not None:
        players = players_text(rules)
        seats = ((200, 50, 40), (50, 90, 200), (236, 236, 226), (230, 140, 40))[: min(rules.max_players, 4)]
        pawns = [art.pawn(t.fs(th.BODY) + t.px(6), colour) for colour in seats]
        step = pawns[0].get_width() - t.px(4)
        for k, pawn in enumerate(pawns):
            surface.blit(pawn, (inner.x + k * step, y))
        art.text(
            surface,
            players,
            t.font(th.BODY, bold=True),
            th.INK_SOFT,
            (inner.x + len(pawns) * step + pawns[0].get_width() // 2, y + pawns[0].get_height() // 2),
            "midleft",
        )
        y += pawns[0].get_height() + t.px(14)
        if info.note:
            colour = th.RED if info.note_is_fault else th.INK_SOFT
            room = pygame.Rect(inner.x, y, inner.w, bottom - y)
            y += art.text_block(surface, info.note, t.font(th.SMALL), colour, room) + t.px(8)
        art.text_block(surface, description, body, th.INK, pygame.Rect(inner.x, y, inner.w, bottom - y))
    elif info.error:  # a fault in its rules or data
        y += art.text_block(
            surface,
            _("This game cannot be loaded:"),
            t.font(th.BODY, bold=True),
            th.RED,
            pygame.Rect(inner.x, y, inner.w, bottom - y),
        ) + t.px(8)
        art.text_block(surface, info.error, t.font(th.SMALL), th.RED, pygame.Rect(inner.x, y, inner.w, bottom - y))
