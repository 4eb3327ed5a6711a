"""The command line: `tabletop --help` lists it all."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop import __version__, i18n
from tabletop.i18n import (
    Message,
    _,
    available_languages,
    marked,
    ngettext,
    set_language,
    system_language,
)

if TYPE_CHECKING:
    import pygame

    from tabletop.engine.core import Setup
    from tabletop.engine.rules import GameRules


def _game_ids() -> list[str]:
    """The games players may name (the test game is left out, though it plays)."""
    from tabletop.games import registry

    return registry.ids(include_hidden=False)


def _language_codes() -> list[str]:
    """The codes of available_languages(), without reading the languages' names
    (babel: the launcher's first frame comes before it)."""
    found = {path.parts[-3] for path in i18n.LOCALE.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po")}
    return ["en", *sorted(found - {"en"})]


def _parser() -> argparse.ArgumentParser:
    codes = ", ".join(_language_codes())
    about = [
        _(
            "One screen in the middle of the table for Eden, Catan and the Eden skirmish game. "
            "Without a command, the launcher opens."
        ),
        _(
            "Languages: {codes}. The command line speaks the one --language names, else the "
            "system's (the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set), else "
            "the one chosen in the settings. The window opens in the one --language names, else "
            "the one chosen in its settings, else the system's. --language changes no setting.",
            codes=codes,
        ),
    ]
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="\n\n".join(textwrap.fill(paragraph, 78) for paragraph in about),
        formatter_class=argparse.RawDescriptionHelpFormatter,  # keeps the synopses' lines
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"tabletop {__version__}",
        help=_("show program's version number and exit"),  # argparse's own text, which it translates from 3.13 on
    )
    parser.add_argument(
        "--language",
        type=_language,
        metavar="CODE",
        help=_("the language of this run: {codes}", codes=codes),
    )
    parser.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help=_("your own game data, laid out like data/ (default: $TABLETOP_DATA, else data/ in the user folder)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help=_("start a new game straight away"))
    play.add_argument("game", metavar="GAME", help=_("the game: {games}", games=", ".join(_game_ids())))
    play.add_argument(
        "--players", metavar="NAMES", help=_("player names, comma separated, in seat order (e.g. Ann,Bob,Cas)")
    )
    play.add_argument(
        "--first",
        type=int,
        metavar="N",
        help=_("which player begins, counted from 1 (default 1); not for a game whose rules decide who begins"),
    )
    play.add_argument(
        "--seed", type=int, metavar="N", help=_("random seed, for a game that can be played again exactly")
    )
    play.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=_("a game option (repeatable)")
    )

    resume = sub.add_parser("resume", help=_("continue a saved game, or the last autosave"))
    resume.add_argument("save", nargs="?", metavar="SAVE", help=_("the save file (default: the last autosave)"))

    selftest = sub.add_parser("selftest", help=_("play, draw, save and reload every game without a screen"))
    selftest.add_argument("--seed", type=int, default=1, metavar="N")
    selftest.add_argument("--steps", type=_count, metavar="K", help=_("at most this many actions per game"))

    validate = sub.add_parser(
        "validate",
        help=_("check data files (default: all bundled data)"),
        description=_(
            "Check data files against their game's schema, printing file:line: field: message. "
            "A file outside the data folder is checked as the data file its name and folder "
            "name (e.g. .../catan/rules.yaml), or --game, point to."
        ),
    )
    validate.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help=_("files or folders (default: all bundled data)")
    )
    validate.add_argument(
        "--game", help=_("check the files as data files of this game: {games}", games=", ".join(_game_ids()))
    )

    inspect = sub.add_parser("inspect", help=_("print a saved game as JSON"))
    inspect.add_argument("save", type=Path, metavar="SAVE")

    shot = sub.add_parser("screenshot", help=_("draw a game after random moves into a PNG, without a window"))
    shot.add_argument("game", metavar="GAME")
    shot.add_argument("--out", type=Path, required=True, metavar="FILE.png", help=_("the PNG file to write"))
    shot.add_argument("--seed", type=int, default=1, metavar="N")
    shot.add_argument("--steps", type=_count, default=0, metavar="K", help=_("random legal actions before drawing"))
    shot.add_argument("--size", default="1920x1080", metavar="WxH", help=_("WIDTHxHEIGHT (default 1920x1080)"))
    shot.add_argument(
        "--seat",
        type=_seat,
        metavar="N",
        help=_("draw as this player sees it, counted from 1 (default: whose turn it is)"),
    )
    shot.add_argument("--launcher", action="store_true", help=_("draw the launcher instead of a game"))
    for command in sub.choices.values():
        # --language may also follow the command; the top-level help tells of it
        command.add_argument("--language", type=_language, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    # the top-level help shows every command's synopsis
    lines = []
    for command in sub.choices.values():
        first, *rest = command.format_usage().rstrip().splitlines()
        cut = first.index(command.prog)  # after argparse's "usage: "
        lines += ["  " + first[cut:], *("  " + line[cut:] for line in rest)]
    parser.epilog = "\n".join([_("commands:"), *lines])
    return parser


def _language(text: str) -> str:
    """An argparse type: a language tabletop has."""
    languages = available_languages()
    if text not in languages:
        known = ", ".join(f"{code} ({name})" for code, name in languages.items())
        raise argparse.ArgumentTypeError(
            _("no language called {code}; the languages are {known}", code=text, known=known)
        )
    return text


def _language_asked(argv: Sequence[str]) -> str | None:
    """What --language says, read before the parser is made (its help is written
    in that language); whether it is a language is checked by the parser."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument("--language")
    try:
        known, _rest = early.parse_known_args(argv)
    except argparse.ArgumentError:  # --language without a code: the parser says so
        return None
    return known.language


def _count(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number of 0 or more", text=text))
    return value


def _seat(text: str) -> int:
    """An argparse type: a seat counted from 1 (checked against the players later)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(_("{text} is not a seat: seats are counted from 1", text=text))
    return value


def _error(text: str) -> int:
    print(text, file=sys.stderr)
    return 2


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(_("size must look like 1920x1080, not {text}", text=text)) from None
    if w < 320 or h < 240 or w > 8000 or h > 8000:
        raise ValueError(_("size {text} is out of range", text=text))
    return w, h


def _setup_from_args(rules: GameRules, args: argparse.Namespace) -> Setup:
    from tabletop.engine.core import Setup
    from tabletop.engine.randomplay import default_setup

    names = [n.strip() for n in args.players.split(",")] if args.players else None
    if args.first is not None and not rules.players_choose_first:
        raise ValueError(
            _("{game} decides who begins by its own rules; leave out --first.", game=Message(rules.title).render())
        )
    setup = default_setup(rules, names=names)
    options = dict(setup.options)
    specs = {spec.key: spec for spec in rules.option_specs()}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or key not in specs:
            known = ", ".join(specs) or _("none")
            raise ValueError(_("unknown option {item}; this game's options: {known}", item=item, known=known))
        options[key] = specs[key].parse(value)
    first = args.first - 1 if args.first is not None else 0
    setup = Setup(setup.players, options, first)
    rules.check_setup(setup)
    return setup


def cmd_play(args: argparse.Namespace) -> int:
    from tabletop.engine.core import IllegalAction
    from tabletop.games import registry

    try:
        rules = registry.get(args.game)
    except KeyError:
        return _error(_("No game called {game}. Games: {games}", game=args.game, games=", ".join(_game_ids())))
    try:
        setup = _setup_from_args(rules, args)
    except IllegalAction as err:
        return _error(err.reason.render())
    except ValueError as err:
        return _error(str(err))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    from tabletop.ui.app import run

    return run(start=("new", args.game, setup, seed), language=args.language)


def cmd_resume(args: argparse.Namespace) -> int:
    from tabletop.engine.saves import Autosaver, SaveError, latest_autosave

    path = Path(args.save) if args.save else latest_autosave()
    if path is None:
        return _error(_("There is no autosaved game to continue."))
    try:
        # every check of loading (replay included) before a window opens
        saver = Autosaver.resume(path)
    except SaveError as err:
        print(err.render(), file=sys.stderr)
        return 1
    from tabletop.ui.app import run

    return run(start=("open", saver), language=args.language)


def cmd_launcher(args: argparse.Namespace) -> int:
    from tabletop.ui.app import run

    return run(start=None, language=args.language)


def cmd_validate(args: argparse.Namespace) -> int:
    from tabletop.games import registry
    from tabletop.validation import validate

    if args.game is not None and args.game not in registry.ids(include_hidden=True):
        return _error(_("No game called {game}. Games: {games}", game=args.game, games=", ".join(_game_ids())))
    if args.game is not None and not args.paths:
        return _error(_("--game needs the files to check"))
    problems = validate(list(args.paths) or None, game=args.game)
    for problem in problems:
        print(problem)
    if problems:
        print(ngettext("{count} problem found.", "{count} problems found.", len(problems)), file=sys.stderr)
        return 1
    print(_("All data is valid."))
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    from tabletop.engine.saves import SaveError, load_match
    from tabletop.engine.views import as_json

    try:
        match = load_match(args.save)
    except SaveError as err:
        print(err.render(), file=sys.stderr)
        return 1
    actor = match.actor
    spec = match.chance_spec()  # None unless chance acts
    result = match.result()
    out = {
        "game": match.rules.id,
        "options": dict(match.setup.options),
        "players": [dict(p.to_json(), seat=i + 1) for i, p in enumerate(match.players)],
        "first": match.setup.first + 1,
        "actions_played": len(match.log),
        "turn": (
            None
            if actor is None
            else {"chance": spec.kind, "reason": spec.reason.render() if spec.reason else None}
            if spec is not None
            else {"seat": actor + 1, "player": match.player_names[actor]}
        ),
        "public": as_json(match.view(None)),
        "private": {match.player_names[s]: as_json(match.view(s)) for s in range(len(match.players))},
        "phase": match.rules.phase(match.state),
        "moves_now": [
            {"kind": move.kind, "help": marked(move.help), "takes": sorted(move.params)}
            for move in match.rules.allowed_moves(match.state)
        ]
        if actor is not None and spec is None
        else [],
        "legal_actions": [
            {"action": a.to_json(), "text": match.rules.describe(match.state, a).render(match.player_names)}
            for a in match.legal_actions()
        ],
        "result": result.to_json() if result else None,
        "can_undo": match.can_undo,
    }
    print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
    return 0


def cmd_screenshot(args: argparse.Namespace) -> int:
    from tabletop.games import registry

    try:
        size = _size(args.size)
    except ValueError as err:
        return _error(str(err))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tabletop.ui import render

    if args.launcher:
        return _write_png(render.render_launcher(size), args.out)
    try:
        rules = registry.get(args.game)
    except KeyError:
        return _error(_("No game called {game}. Games: {games}", game=args.game, games=", ".join(_game_ids())))
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup, play_random

    setup = default_setup(rules)
    if args.seat is not None and args.seat > len(setup.players):
        return _error(_("--seat {seat}: this game has seats 1 to {count}", seat=args.seat, count=len(setup.players)))
    match = Match(rules, setup, args.seed)
    play_random(match, random.Random(args.seed), steps=args.steps)
    match.settle_chance()
    seat = args.seat - 1 if args.seat is not None else None
    return _write_png(render.render_game(match, size, seat=seat), args.out)


def _write_png(surface: pygame.Surface, out: Path) -> int:
    from tabletop.ui import render

    try:
        render.save_png(surface, out)
    except render.WriteError as err:
        print(
            _("The picture could not be written to {file}: {error}", file=str(out), error=err.reason), file=sys.stderr
        )
        return 1
    print(out)
    return 0


def selftest_game(rules: GameRules, seed: int, steps: int | None, tmp: Path) -> str:
    """Play one game at random, draw it, save, reload and compare. Returns a line."""
    from tabletop.engine.match import Match
    from tabletop.engine.randomplay import default_setup, play_random
    from tabletop.engine.saves import load_match, save_match
    from tabletop.games import registry

    start = time.perf_counter()
    match = Match(rules, default_setup(rules), seed)
    rules.check_invariants(match.state)
    made = play_random(match, random.Random(seed), steps=steps, after=lambda m: rules.check_invariants(m.state))
    drawn = registry.playable(rules.id)
    if drawn:
        from tabletop.ui import render

        for size in ((1280, 680), (1920, 1080)):
            for seat in [None, *range(len(match.players))]:
                render.render_game(match, size, seat=seat)
            render.render_game(match, size, curtain=True)
    path = tmp / f"{rules.id}.json"
    save_match(match, path)
    again = load_match(path)
    if again.hash() != match.hash() or again.view(None) != match.view(None):
        raise AssertionError("the reloaded game differs from the one saved")
    state = _("game over") if match.over else _("stopped")
    drawing = _("drawn") if drawn else _("no screen yet")
    return _(
        "{game}: {actions} actions, {state}, {drawing}, saved and replayed ({seconds:.1f} s)",
        game=rules.id,
        actions=made,
        state=state,
        drawing=drawing,
        seconds=time.perf_counter() - start,
    )


def cmd_selftest(args: argparse.Namespace) -> int:
    import tempfile
    import traceback

    from tabletop.games import registry

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in registry.ids(include_hidden=True):
            try:
                line = selftest_game(registry.get(game_id), args.seed, args.steps, Path(tmp))
                print(f"{_('ok'):<4} {line}")
                passed += 1
            except Exception as err:  # report and go on with the next game
                print(f"{_('FAIL'):<4} {game_id}: {type(err).__name__}: {err}")
                traceback.print_exc(limit=4, file=sys.stderr)
                failed += 1
    print(_("{passed} passed, {failed} failed", passed=passed, failed=failed))
    return 1 if failed else 0


COMMANDS = {
    None: cmd_launcher,
    "play": cmd_play,
    "resume": cmd_resume,
    "selftest": cmd_selftest,
    "validate": cmd_validate,
    "inspect": cmd_inspect,
    "screenshot": cmd_screenshot,
}


def command_line_language(asked: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The language the command line speaks: `asked` (--language) when tabletop has
    it, else the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else the one
    chosen in the settings, else English. The window's own rule is
    Settings.opening_language: there the settings' choice comes before the system's."""
    from tabletop.settings import Settings

    if asked is not None and asked in _language_codes():
        return asked
    return system_language(environ) or Settings.load()[0].language or "en"


def main(argv: Sequence[str] | None = None) -> int:
    from tabletop import argparse_texts

    for stream in (sys.stdout, sys.stderr):
        # a console that cannot show a character gets a replacement, not a crash
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    argv = sys.argv[1:] if argv is None else list(argv)
    set_language(command_line_language(_language_asked(argv)))
    argparse_texts.install()
    args = _parser().parse_args(argv)
    if args.data is not None:
        os.environ["TABLETOP_DATA"] = str(args.data)  # read where the data is loaded (resources.user_data_dir)
    try:
        return COMMANDS[args.command](args)
    except ValueError as err:
        # the data layer is imported by the command that needs it, not to start the launcher
        from tabletop.engine.data import DataError

        if not isinstance(err, DataError):
            raise
        return _error(_("The game data has a problem:") + "\n" + str(err))


if __name__ == "__main__":
    sys.exit(main())
