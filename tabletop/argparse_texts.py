"""argparse's own words ("usage:", "options", its errors) in the player's language.

argparse marks its texts for gettext and looks each one up when it is written,
through the gettext functions its module holds (`argparse._`, `argparse.ngettext`);
the standard library ships no translations of them. Here they get msgids in our
catalog (the extractor finds them below) and `install` points those two names at
our catalogs, so argparse speaks the current language. What a newer Python
changes is caught by tests/test_cli_language.py: the help must come out
translated, and every text of the running argparse must be listed here.
"""

from __future__ import annotations

import argparse
import gettext

from tabletop import i18n
from tabletop.i18n import N_, Nn_

#: the texts a player may meet on tabletop's command line (Python 3.10 to 3.13)
SHOWN = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_(" (default: %(default)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
SHOWN_COUNTED = (Nn_("expected %s argument", "expected %s arguments"),)

#: argparse's texts tabletop's command line never shows, left in English: mistakes
#: in building a parser (a programmer's), file arguments and deprecations (it has none)
NOT_SHOWN = (
    "%r is not callable",
    "'required' is an invalid argument for positionals",
    ".__call__() not defined",
    "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r",
    "conflicting subparser alias: %s",
    "conflicting subparser: %s",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "mutually exclusive arguments must be optional",
    'argument "-" with mode %r',
    "can't open '%(filename)s': %(error)s",
    "argument '%(argument_name)s' is deprecated",
    "command '%(parser_name)s' is deprecated",
    "option '%(option)s' is deprecated",
    ("conflicting option string: %s", "conflicting option strings: %s"),
)


def install() -> None:
    """Let argparse write its texts in the current language (from now on, for every
    parser: argparse looks a text up when it writes it, and a parser's own help and
    group titles when it is made). Nothing happens on a Python whose argparse
    reaches gettext in another way; it stays English there."""
    ours: dict[str, object] = {}
    if getattr(argparse, "_", None) in (gettext.gettext, i18n.marked):
        ours["_"] = i18n.marked
    if getattr(argparse, "ngettext", None) in (gettext.ngettext, i18n.ngettext):
        # filling in {count} changes nothing: argparse's texts have %-fields, no {fields}
        ours["ngettext"] = i18n.ngettext
    vars(argparse).update(ours)
