"""The system's language where no variable names one (macOS started from the Finder:
the languages the user set), and settings files from before the language could be
left unchosen: the first start after the upgrade follows the system."""

from __future__ import annotations

import json
import locale
import subprocess
import sys

import pytest

from tabletop import i18n
from tabletop.settings import Settings

#: what `defaults read -g AppleLanguages` writes on a Mac set to German, then English
APPLE_LANGUAGES = '(\n    "de-DE",\n    en\n)\n'


def runner(answer: str | BaseException):
    """A fake `defaults`: gives `answer` (or raises it) and keeps the commands asked."""
    asked: list[list[str]] = []

    def run(command: list[str]) -> str:
        asked.append(command)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    run.asked = asked  # type: ignore[attr-defined]
    return run


@pytest.fixture
def mac(monkeypatch):
    """macOS started from the Finder: no variable, Python's locale left at C."""
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(locale, "getlocale", lambda *category: (None, None))


def test_on_a_mac_the_languages_the_user_set_decide(mac):
    run = runner(APPLE_LANGUAGES)
    assert i18n.system_language({}, run) == "de"
    assert run.asked == [["defaults", "read", "-g", "AppleLanguages"]]


@pytest.mark.parametrize(
    ("listed", "language"),
    [
        ('(\n    "ja-JP",\n    "fr-CA",\n    de\n)\n', "fr"),  # the first one tabletop has
        ('(\n    "en-GB",\n    "nl-NL"\n)\n', "en"),
        ('(\n    "nl-BE"\n)\n', "nl"),
        ('(\n    "zh-Hans-CN",\n    "ja-JP"\n)\n', None),
        ("", None),
    ],
)
def test_the_users_list_is_read_in_its_order(mac, listed, language):
    assert i18n.system_language({}, runner(listed)) == language


@pytest.mark.parametrize(
    "failure",
    [
        FileNotFoundError("defaults"),
        subprocess.TimeoutExpired(["defaults"], 1.0),
        subprocess.CalledProcessError(1, ["defaults"]),
    ],
    ids=["no defaults", "too slow", "no such setting"],
)
def test_when_the_list_cannot_be_read_the_locale_decides(mac, monkeypatch, failure):
    assert i18n.system_language({}, runner(failure)) is None
    monkeypatch.setattr(locale, "getlocale", lambda *category: ("fr_FR", "UTF-8"))
    assert i18n.system_language({}, runner(failure)) == "fr"


def test_a_variable_set_on_a_mac_still_decides(mac):
    run = runner(APPLE_LANGUAGES)
    assert i18n.system_language({"LANG": "nl_NL.UTF-8"}, run) == "nl"
    assert run.asked == []  # no need to ask


def test_the_real_runner_gives_up_quietly(monkeypatch):
    def missing(*args, **kwargs):
        raise FileNotFoundError("defaults")

    monkeypatch.setattr(subprocess, "run", missing)
    assert i18n.mac_languages() == []


def test_linux_asks_no_list(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    run = runner(APPLE_LANGUAGES)
    assert i18n.system_language({}, run) is None and run.asked == []


# -- settings files of older versions -----------------------------------------------------


def _write(data: dict) -> None:
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text(json.dumps(data))


GERMAN = {"LANG": "de_DE.UTF-8"}


def test_an_old_file_with_the_old_default_english_follows_the_system():
    # every save wrote the default "en" before a language could be left unchosen
    _write({"language": "en", "dice_mode": "physical", "curtain": True, "fullscreen": False, "window": [1280, 800]})
    settings = Settings.load()[0]
    assert settings.language is None and settings.dice_mode == "physical"
    assert settings.opening_language(GERMAN) == "de"


def test_an_old_file_with_another_language_keeps_it():
    # only the settings dialog set a language other than the default
    _write({"language": "fr", "dice_mode": "app"})
    assert Settings.load()[0].opening_language(GERMAN) == "fr"


def test_english_chosen_in_the_settings_stays_english():
    Settings(language="en").save()
    assert json.loads(Settings.path().read_text())["language_chosen"] is True
    assert Settings.load()[0].opening_language(GERMAN) == "en"


def test_a_file_saved_before_any_choice_says_so():
    Settings(dice_mode="physical").save()
    assert json.loads(Settings.path().read_text())["language_chosen"] is False
    assert Settings.load()[0].opening_language(GERMAN) == "de"


def test_a_language_not_marked_chosen_is_not_taken():
    _write({"language": "nl", "language_chosen": False})
    assert Settings.load()[0].language is None
    _write({"language": "nl", "language_chosen": "yes"})  # a broken mark: not a choice
    assert Settings.load()[0].language is None
