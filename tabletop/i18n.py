"""The translation layer: gettext catalogs, every user-facing string goes through it.

Message ids are the English text itself, so English is always complete. A language
is a catalog tabletop/locale/LANG/LC_MESSAGES/tabletop.po (made from the template
tabletop/locale/tabletop.pot, see README.md); it is read with Babel when the
language is chosen, so no compiled .mo file has to be made or kept in step. A
missing or broken translation falls back to English.

- `N_(text)` marks a text where it is defined (a title, an option label, a message
  table); it stays the English id, and is translated where it is shown: `marked(text)`,
  or as the text of a `Message`.
- `_(text, **params)`, `ngettext(singular, plural, n, **params)` (every text with a
  count: never "(s)") and `pgettext(context, text)` (a short word that means two
  things) translate now and fill in the {named} fields.
- `Message` is a lazy message: the rules emit it, it is saved in the log, and it is
  translated in the language of the moment each time it is rendered (`str()` too).
  `Message.counted(singular, plural, count, params)` picks the plural form by count.
- Numbers with decimals ({cm:.1f}, {size:g}) are written the current language's way
  (`format_decimal`).
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from collections.abc import Sequence

    import babel

DOMAIN = "tabletop"
#: the catalogs: LOCALE/LANG/LC_MESSAGES/tabletop.po, the template LOCALE/tabletop.pot
LOCALE = Path(__file__).resolve().parent / "locale"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def N_(text: str, /) -> str:
    """Mark a string for translation where it is defined; translate it where shown."""
    return text


def Nn_(singular: str, plural: str, /) -> tuple[str, str]:
    """Mark a counted text where it is defined (a table of messages); it is
    translated where shown, by `Message.counted(*pair, count)` or ngettext."""
    return singular, plural


class _Formatter(string.Formatter):
    """str.format, but numbers with decimals are written the current language's way."""

    _DECIMALS = re.compile(r"\.(\d+)f|g?")

    def format_field(self, value: Any, format_spec: str) -> Any:
        spec = self._DECIMALS.fullmatch(format_spec)
        if spec is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
            if spec.group(1):
                return format_decimal(value, int(spec.group(1)))
            if isinstance(value, float) or format_spec:  # a plain int ({seat}, {year}) stays as it is
                return format_decimal(value)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def _filled(translated: str, english: str, params: dict[str, Any]) -> str:
    """`translated` with its fields filled in; English when the translation is broken."""
    if not params:
        return translated
    try:
        return _FORMATTER.format(translated, **params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return _FORMATTER.format(english, **params)


def _(text: str, /, **params: Any) -> str:
    """Translate `text` into the current language and fill in its {named} fields."""
    return _filled(_translations.gettext(text), text, params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of a counted text that fits `n` in the current language, filled in;
    {count} is `n` unless given: `ngettext("{count} move", "{count} moves", n)`."""
    params.setdefault("count", n)
    return _filled(_translations.ngettext(singular, plural, n), singular if n == 1 else plural, params)


def pgettext(context: str, text: str, /, **params: Any) -> str:
    """Translate a text that means different things in different places (a short
    word such as "Open"); `context` tells the translator which one this is."""
    return _filled(_translations.pgettext(context, text), text, params)


def marked(text: str) -> str:
    """Translate a text marked with N_() where it was defined (a game's title,
    colour and option labels, a message constant), now that it is shown."""
    return _translations.gettext(text)


def language() -> str:
    return _language


def _catalog_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _native_name(code: str) -> str:
    import babel  # here: the launcher's first frame needs no language data

    try:
        name = babel.Locale.parse(code).get_display_name(code) or code
    except (ValueError, babel.UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def available_languages() -> dict[str, str]:
    """Languages with a catalog (English always), code -> its own name for itself."""
    found = {"en": "English"}
    if LOCALE.is_dir():
        for folder in sorted(LOCALE.iterdir()):
            if folder.name != "en" and _catalog_path(folder.name).is_file():
                found[folder.name] = _native_name(folder.name)
    return found


def _load(code: str) -> gettext.GNUTranslations:
    """The catalog of a language, read from its .po and compiled in memory."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with _catalog_path(code).open("rb") as po:
        catalog = read_po(po, locale=code, domain=DOMAIN, abort_invalid=True)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def set_language(code: str) -> None:
    """Switch the language at once; an unknown or broken catalog leaves English."""
    global _translations, _language
    _translations, _language = gettext.NullTranslations(), "en"
    if code != "en" and _catalog_path(code).is_file():
        try:
            _translations, _language = _load(code), code
        except Exception:  # a broken catalog: any fault of the file reader
            pass


@cache
def _locale(code: str) -> babel.Locale:
    import babel

    try:
        return babel.Locale.parse(code)
    except (ValueError, babel.UnknownLocaleError):
        return babel.Locale.parse("en")


def format_decimal(value: float, places: int | None = None) -> str:
    """A number as the current language writes it: `places` decimals (2.5 -> "2,5"
    in Dutch with 1), or as many as it has, up to 3, when None."""
    import babel.numbers

    if places is None:
        pattern = "#,##0.###"
    else:
        value = float(f"{value:.{places}f}")  # Python's rounding, as {:.1f} had it
        pattern = "#,##0." + "0" * places if places else "#,##0"
    return babel.numbers.format_decimal(value, format=pattern, locale=_locale(_language))


def format_list(items: Sequence[object], style: Literal["standard", "or"] = "standard") -> str:
    """Items (texts, Messages) as the current language lists them: "A, B and C" in
    English, "A, B en C" in Dutch; `style` "or" for a choice ("A, B or C")."""
    import babel.lists

    return babel.lists.format_list([str(item) for item in items], style=style, locale=_locale(_language))


@dataclass(frozen=True)
class Listed:
    """A list as a parameter of a Message, written out (`format_list`) in the
    language of the moment it is shown: `Message(N_("Sold: {fields}."), {"fields": Listed(("A1", "B2"))})`."""

    items: tuple[object, ...]
    style: Literal["standard", "or"] = "standard"

    def __format__(self, spec: str) -> str:
        return format_list(self.items, self.style)

    def __str__(self) -> str:
        return format_list(self.items, self.style)


def fields(text: str) -> set[str]:
    """The {named} fields a message uses, to check that translations keep them."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Message:
    """A message the rules emit; the view translates it when it shows it.

    Parameters named `player` or ending in `_player` hold a seat number and are
    shown as that player's name; a parameter that is itself a Message is
    translated with it. With `plural` the text is counted: the form is picked by
    the parameter `count` (make one with `Message.counted`).
    """

    text: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str | None = None

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, params: dict[str, Any] | None = None) -> Message:
        """A counted message: `Message.counted("{count} card", "{count} cards", n, {"player": 0})`."""
        return cls(singular, {**(params or {}), "count": count}, plural)

    def render(self, player_names: list[str] | None = None) -> str:
        params = dict(self.params)
        for key, value in self.params.items():
            if isinstance(value, Message):
                params[key] = value.render(player_names)
            elif (key == "player" or key.endswith("_player")) and isinstance(value, int):
                if player_names and 0 <= value < len(player_names):
                    params[key] = player_names[value]
        if self.plural is not None:
            count = self.params.get("count", 0)
            return ngettext(self.text, self.plural, count if isinstance(count, int) else 0, **params)
        return _(self.text, **params)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.text, "params": dict(self.params)}
        if self.plural is not None:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        return cls(data["text"], dict(data.get("params", {})), data.get("plural"))


def data_name(name: str | Message) -> Message:
    """A name from the data (a warrior's card, an item, a terrain piece) as a message
    parameter: translated where it is shown when a catalog has it (the extractor
    takes the data's names into the template), else shown as written (a modder's
    new card, a name a player typed). A Message stays as it is. A name numbered on
    the table ("Marauder 2", the second of its card) is its card's name translated
    and its number.

    >>> data_name("Marauder 2").params
    {'name': Message(text='Marauder', params={}, plural=None), 'number': '2'}
    """
    if isinstance(name, Message):
        return name
    # an empty text would look up the catalog's header
    if not name:
        return Message("{name}", {"name": name})
    card, _space, number = name.rpartition(" ")
    if card and number.isdigit():
        return Message("{name} {number}", {"name": Message(card), "number": number})
    return Message(name)


def system_language(environ: dict[str, str] | None = None, run: Runner | None = None) -> str | None:
    """The language the system asks for, when tabletop has it (a code of
    `available_languages`); None when it asks for none (C, POSIX, nothing set) or
    for one without a catalog here. The command line and the first start use it.

    gettext's order: the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set
    decides; LANGUAGE is a list (de_AT:de:en), its first entry tabletop has wins;
    the others hold one locale (de_DE.UTF-8, fr_BE, nl_NL@euro). Where none is set
    the system's settings decide: on macOS (started from the Finder) the list of
    languages the user set (`mac_languages`, `run` runs `defaults` there), then the
    system's locale as Python reads it; on Windows that locale, named in English
    (German_Germany).
    """
    import locale
    import os
    import sys

    variables = dict(os.environ) if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = variables.get(variable, "")
        if value:
            asked = value.split(":") if variable == "LANGUAGE" else [value]
            break
    else:
        if sys.platform not in ("win32", "darwin"):
            return None
        # the Finder leaves Python's locale at C on many Macs: the user's list first
        asked = mac_languages(run) if sys.platform == "darwin" else []
        asked.append(locale.getlocale()[0] or "")
    for entry in asked:
        name = re.split(r"[_.@-]", entry.strip(), maxsplit=1)[0].lower()
        if len(name) > 3:  # Windows names the language in English: German_Germany
            english = {(_locale(code).english_name or "").lower(): code for code in available_languages()}
            name = english.get(name, "")
        # a language of available_languages(), found without reading the languages' names
        # (babel: the launcher's first frame comes before it)
        if re.fullmatch("[a-z]{2,3}", name) and (name == "en" or _catalog_path(name).is_file()):
            return name
    return None


#: runs a command and gives what it wrote (`system_language`'s `run`, a fake in the tests)
Runner = Callable[[list[str]], str]


def _run_briefly(command: list[str]) -> str:
    import subprocess

    return subprocess.run(command, capture_output=True, text=True, timeout=1.0, check=True).stdout


def mac_languages(run: Runner | None = None) -> list[str]:
    """The languages the user set in macOS's settings, the preferred first
    (`defaults read -g AppleLanguages`: a list such as ("de-DE", en)); an empty
    list when it cannot be read (no such setting, no `defaults`, it took too long)."""
    import subprocess

    try:
        listed = (run or _run_briefly)(["defaults", "read", "-g", "AppleLanguages"])
    except (OSError, subprocess.SubprocessError, UnicodeError, ValueError):
        return []
    entries = (line.strip().rstrip(",").strip().strip('"') for line in listed.splitlines())
    return [entry for entry in entries if re.fullmatch(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]+)*", entry)]
