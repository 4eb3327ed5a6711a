"""The language of the command line and of the first start: --language, else the
system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); argparse's own words translated;
the window opens in the language chosen in the settings, in the system's until
one is chosen, and in --language's for that run without saving it."""

from __future__ import annotations

import argparse
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import driving
import pytest

import tabletop
from tabletop import argparse_texts, cli, i18n
from tabletop.cli import main
from tabletop.settings import Settings

ROOT = Path(tabletop.__file__).resolve().parent.parent
_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _english_afterwards():
    """main() sets the language for the rest of the process: English again after each test."""
    yield
    i18n.set_language("en")


@pytest.fixture
def environ(monkeypatch):
    """`environ(LANG="de_DE.UTF-8")`: the system asks for that and nothing else."""

    def set_(**values: str) -> None:
        for name in _VARIABLES:
            monkeypatch.delenv(name, raising=False)
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return set_


@pytest.fixture(scope="module")
def catalogs():
    """code -> {English: translation} of the bundled catalogs (singular texts)."""
    from babel.messages.pofile import read_po

    found = {}
    for code in ("nl", "fr", "de"):
        with (i18n.LOCALE / code / "LC_MESSAGES" / "tabletop.po").open("rb") as po:
            found[code] = {m.id: m.string for m in read_po(po) if isinstance(m.id, str) and m.id}
    return found


def _run(argv, capsys) -> tuple[int, str, str]:
    """main(argv): its exit code, stdout and stderr (argparse's exits included)."""
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


# -- which language the system asks for ---------------------------------------------------


@pytest.mark.parametrize(
    ("variables", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_BE"}, "fr"),
        ({"LANG": "nl_NL@euro"}, "nl"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "C"}, None),
        ({"LANG": "POSIX"}, None),
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": ""}, None),
        ({"LANG": "ja_JP.UTF-8"}, None),
        ({}, None),
        ({"LANGUAGE": "ja:fr_CA:de", "LANG": "nl_NL.UTF-8"}, "fr"),  # its first entry tabletop has
        ({"LANGUAGE": "", "LANG": "de_AT"}, "de"),  # empty: not set
        ({"LC_ALL": "nl_BE.UTF-8", "LANG": "de_DE.UTF-8"}, "nl"),
        ({"LC_MESSAGES": "fr_FR", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, None),  # the first one set decides, as in gettext
        ({"LANG": "../../etc"}, None),
    ],
)
def test_the_system_language_follows_gettexts_variables(variables, language):
    assert i18n.system_language(variables) == language


def test_without_the_variables_windows_says_its_locale(monkeypatch):
    import locale

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(locale, "getlocale", lambda *category: ("German_Germany", "1252"))
    assert i18n.system_language({}) == "de"
    monkeypatch.setattr(locale, "getlocale", lambda *category: ("Dutch_Belgium", "1252"))
    assert i18n.system_language({}) == "nl"
    monkeypatch.setattr(locale, "getlocale", lambda *category: (None, None))
    assert i18n.system_language({}) is None
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) == "fr"  # a variable set still decides


def test_the_codes_offered_are_the_available_languages():
    assert cli._language_codes() == list(i18n.available_languages())


# -- the command line ---------------------------------------------------------------------


def test_language_de_gives_the_help_in_german(environ, capsys, catalogs):
    environ(LANGUAGE="de", LANG="C.UTF-8")
    code, out, _err = _run(["--help"], capsys)
    de = catalogs["de"]
    assert code == 0
    assert out.startswith(de["usage: "] + "tabletop ")
    assert de["options"] + ":" in out and de["positional arguments"] + ":" in out
    assert de["show this help message and exit"] in out
    assert de["start a new game straight away"] in out  # a command's line
    assert de["commands:"] in out
    assert "usage" not in out and "show this help" not in out


def test_a_commands_help_is_german_too(environ, capsys, catalogs):
    environ(LANGUAGE="de")
    code, out, _err = _run(["screenshot", "--help"], capsys)
    de = catalogs["de"]
    assert code == 0
    assert out.startswith(de["usage: "] + "tabletop screenshot ")
    assert de["the PNG file to write"] in out and de["draw the launcher instead of a game"] in out


def test_the_help_in_a_subprocess_follows_language(catalogs):
    """As a player types it: `LANGUAGE=de tabletop --help`."""
    env = {k: v for k, v in os.environ.items() if k not in _VARIABLES}
    env.update(LANGUAGE="de", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "--help"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(catalogs["de"]["usage: "])
    assert catalogs["de"]["start a new game straight away"] in done.stdout


def test_lang_fr_gives_validate_in_french(environ, capsys, catalogs):
    environ(LANG="fr_FR.UTF-8")
    fr = catalogs["fr"]
    code, out, _err = _run(["validate", str(ROOT / "data" / "catan" / "rules.yaml")], capsys)
    assert (code, out.strip()) == (0, fr["All data is valid."])
    code, _out, err = _run(["validate", "--game", "catan"], capsys)
    assert (code, err.strip()) == (2, fr["--game needs the files to check"])


def test_lang_fr_gives_argparses_errors_in_french(environ, capsys, catalogs):
    environ(LANG="fr_FR.UTF-8")
    fr = catalogs["fr"]
    code, _out, err = _run(["play"], capsys)
    assert code == 2
    assert err.splitlines()[0].startswith(fr["usage: "] + "tabletop play")
    error = fr["%(prog)s: error: %(message)s\n"] % {
        "prog": "tabletop play",
        "message": fr["the following arguments are required: %s"] % "GAME",
    }
    assert err.endswith(error)
    code, _out, err = _run(["validate", "--game"], capsys)
    assert code == 2 and fr["expected one argument"] in err
    code, _out, err = _run(["chess"], capsys)
    assert code == 2 and fr["invalid choice: %(value)r (choose from %(choices)s)"].split("%")[0] in err
    code, _out, err = _run(["selftest", "--seed", "many"], capsys)
    assert code == 2 and fr["invalid %(type)s value: %(value)r"] % {"type": "int", "value": "many"} in err
    code, _out, err = _run(["inspect", "a.json", "b.json"], capsys)
    assert code == 2 and fr["unrecognized arguments: %s"] % "b.json" in err


def test_the_language_flag_beats_the_environment(environ, capsys, catalogs):
    environ(LANG="de_DE.UTF-8")
    code, out, _err = _run(["--language", "nl", "--help"], capsys)
    assert code == 0 and out.startswith(catalogs["nl"]["usage: "] + "tabletop ")
    code, out, _err = _run(["validate", "--language", "fr", "--help"], capsys)  # after the command too
    assert code == 0 and out.startswith(catalogs["fr"]["usage: "] + "tabletop validate")
    assert i18n.language() == "fr"


def test_lang_c_gives_english(environ, capsys):
    environ(LANG="C")
    code, out, _err = _run(["--help"], capsys)
    assert code == 0 and out.startswith("usage: tabletop ") and "show this help message and exit" in out
    assert i18n.language() == "en"


def test_the_environment_comes_before_the_setting_on_the_command_line(environ, capsys, catalogs):
    """A language chosen in the app speaks on the command line where the system asks for none."""
    Settings(language="nl").save()
    environ(LANG="de_DE.UTF-8")
    assert _run(["--help"], capsys)[1].startswith(catalogs["de"]["usage: "])
    environ(LANG="C.UTF-8")
    assert _run(["--help"], capsys)[1].startswith(catalogs["nl"]["usage: "])


def test_an_unknown_language_is_refused_with_the_list(environ, capsys, catalogs):
    environ(LANG="de_DE.UTF-8")
    code, out, err = _run(["--language", "xx", "validate"], capsys)
    assert code == 2 and out == ""
    wanted = catalogs["de"]["no language called {code}; the languages are {known}"].format(
        code="xx", known="en (English), de (Deutsch), fr (Français), nl (Nederlands)"
    )
    assert wanted in err and err.splitlines()[-1].startswith("tabletop: ")
    assert i18n.language() == "de"  # said in the language of the moment
    code, _out, err = _run(["--language"], capsys)
    assert code == 2 and catalogs["de"]["expected one argument"] in err


def test_the_language_flag_opens_the_window_in_it(environ, monkeypatch):
    """play, resume and the launcher hand --language to the window."""
    from tabletop.ui import app

    opened = []
    monkeypatch.setattr(app, "run", lambda start=None, language=None: opened.append(language) or 0)
    environ(LANG="de_DE.UTF-8")
    assert main(["--language", "fr"]) == 0
    assert main(["play", "catan", "--language", "nl"]) == 0
    assert main([]) == 0
    assert opened == ["fr", "nl", None]


# -- argparse's own words -------------------------------------------------------------------


def _argparse_texts() -> set[str | tuple[str, str]]:
    """Every text the running Python's argparse hands to gettext."""
    from babel.messages.extract import extract_python

    with open(inspect.getsourcefile(argparse), "rb") as source:
        found = extract_python(source, {"_": None, "ngettext": (1, 2)}, [], {})
        return {text if isinstance(text, str) else tuple(text[:2]) for _line, _f, text, _c in found if text}


def test_every_text_of_this_pythons_argparse_is_listed():
    """A Python with new texts fails here: list each as shown (and translate it) or not."""
    listed = {*argparse_texts.SHOWN, *argparse_texts.SHOWN_COUNTED, *argparse_texts.NOT_SHOWN}
    assert len(_argparse_texts()) > 30
    assert _argparse_texts() - listed == set()


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%(?:\(\w+\))?[sr]", text))


@pytest.mark.parametrize("code", ["nl", "fr", "de"])
def test_argparses_texts_keep_their_fields(code, catalogs):
    for english in argparse_texts.SHOWN:
        translation = catalogs[code][english]
        assert _placeholders(translation) == _placeholders(english), (english, translation)
        assert translation.endswith("\n") == english.endswith("\n")
        assert translation.endswith(" ") == english.endswith(" "), (english, translation)


def test_argparse_counts_in_the_language(environ, capsys):
    environ(LANGUAGE="nl")
    i18n.set_language("nl")
    argparse_texts.install()
    parser = argparse.ArgumentParser(prog="x", exit_on_error=False)
    parser.add_argument("--pair", nargs=2)
    with pytest.raises(argparse.ArgumentError) as error:
        parser.parse_args(["--pair", "a"])
    assert str(error.value) == i18n._("argument %(argument_name)s: %(message)s") % {
        "argument_name": "--pair",
        "message": i18n.ngettext("expected %s argument", "expected %s arguments", 2) % 2,
    }
    assert "expected" not in str(error.value)


# -- the window's language ---------------------------------------------------------------------


def _shown_language(app) -> str:
    """The language the settings dialog shows as chosen."""
    from tabletop.ui.dialogs import SettingsDialog

    dialog = SettingsDialog(app)
    app.push(dialog)
    app.run_until_idle()
    option = dialog.language.selected_option
    return option[1] if isinstance(option, tuple) else option


def test_the_first_start_follows_the_system(environ, window_size, catalogs):
    environ(LANG="de_DE.UTF-8")
    settings, problem = Settings.load()
    assert problem is None and settings.language is None
    with driving.running_app(settings, size=window_size) as app:
        assert i18n.language() == "de"
        assert _shown_language(app) == "de"
        assert app.top.dialog_title() == catalogs["de"]["Settings"]
    assert Settings.load()[0].language is None  # nothing chosen yet


def test_a_language_chosen_in_the_settings_beats_the_system(environ, window_size):
    Settings(language="en").save()
    environ(LANG="de_DE.UTF-8")
    with driving.running_app(Settings.load()[0], size=window_size) as app:
        assert i18n.language() == "en"
        assert _shown_language(app) == "en"


def test_the_language_of_a_run_is_not_saved(environ, window_size):
    environ(LANG="de_DE.UTF-8")
    from tabletop.ui.app import App

    app = App(size=window_size, headless=True, settings=Settings.load()[0], language="fr")
    try:
        assert i18n.language() == "fr"
        app.set_fullscreen(True)  # saves the settings
    finally:
        app.shutdown()
    saved = Settings.load()[0]
    assert saved.fullscreen is True and saved.language is None


def test_a_settings_file_without_a_language_chose_none():
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text('{"dice_mode": "physical"}')
    assert Settings.load()[0].language is None
    Settings.path().write_text('{"language": 5}')
    assert Settings.load()[0].language is None
    assert Settings(language="nl").opening_language({"LANG": "de_DE.UTF-8"}) == "nl"
    assert Settings().opening_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert Settings().opening_language({"LANG": "C"}) == "en"
