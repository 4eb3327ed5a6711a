"""The translation layer: every user-facing string goes through `_`.

Message ids are the English text itself, so English is always complete. Other
languages live in data/i18n/LANG.yaml as a mapping from the English text to the
translation; a missing entry falls back to English.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = {"en": "English", "nl": "Nederlands", "fr": "Français", "de": "Deutsch"}

_catalog: dict[str, str] = {}
_language = "en"
_listeners: list[Callable[[str], None]] = []


def N_(text: str, /) -> str:
    """Mark a string for translation where it is defined; translate it where shown."""
    return text


def _(text: str, /, **params: Any) -> str:
    """Translate `text` into the current language and fill in its {named} fields."""
    translated = _catalog.get(text, text)
    if not params:
        return translated
    try:
        return translated.format(**params)
    except (KeyError, IndexError, ValueError):
        return text.format(**params)


def language() -> str:
    return _language


def available_languages() -> dict[str, str]:
    """Languages with a catalog (English always), code -> native name."""
    from tabletop.resources import data_path

    found = {"en": LANGUAGES["en"]}
    for code, name in LANGUAGES.items():
        if data_path("i18n", f"{code}.yaml").exists():
            found[code] = name
    return found


def set_language(code: str) -> None:
    """Switch language; an unknown or broken catalog leaves English in place."""
    global _language
    _catalog.clear()
    _language = "en"
    if code != "en":
        from tabletop.engine.data import DataError, load_string_map
        from tabletop.resources import data_path

        path = data_path("i18n", f"{code}.yaml")
        if path.exists():
            try:
                _catalog.update(load_string_map(path))
                _language = code
            except DataError:
                _language = "en"
    for listener in list(_listeners):
        listener(_language)


def on_language_change(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


def fields(text: str) -> set[str]:
    """The {named} fields a message uses, to check that translations keep them."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Message:
    """A message the rules emit; the view translates it when it shows it.

    Parameters named `player` or ending in `_player` hold a seat number and are
    shown as that player's name; a parameter that is itself a Message is
    translated with it.
    """

    text: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, player_names: list[str] | None = None) -> str:
        params = dict(self.params)
        for key, value in self.params.items():
            if isinstance(value, Message):
                params[key] = value.render(player_names)
            elif (key == "player" or key.endswith("_player")) and isinstance(value, int):
                if player_names and 0 <= value < len(player_names):
                    params[key] = player_names[value]
        return _(self.text, **params)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        return cls(data["text"], dict(data.get("params", {})))
