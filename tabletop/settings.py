"""The player's settings, kept in settings.json beside the saves."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from tabletop.engine.files import DATA_LIMIT, FileRefused, read_bytes_checked
from tabletop.resources import user_dir

DICE_MODES = ("app", "physical")


@dataclass
class Settings:
    #: the language chosen in the settings; None until one is chosen: the window
    #: then opens in the system's language (`opening_language`). The file says
    #: whether it was chosen ("language_chosen"): older files wrote "en" unasked.
    language: str | None = None
    #: "app": the program rolls; "physical": the players roll real dice and type the faces
    dice_mode: str = "app"
    #: ask the others to look away before a seat's secrets are shown
    curtain: bool = True
    fullscreen: bool = False
    #: window size when not full screen (its inside, in the system's units)
    window: tuple[int, int] = (1280, 800)
    #: where the window's inside was on the desktop (None: not known yet); the
    #: window opens fitted to the screen it is on now (tabletop.ui.window)
    position: tuple[int, int] | None = None

    @classmethod
    def path(cls) -> Path:
        return user_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings, or the defaults and the reason when the file is bad."""
        path = cls.path()
        try:
            data = json.loads(read_bytes_checked(path, DATA_LIMIT).decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a mapping")
        except FileRefused as err:
            return cls(), None if err.missing else str(err)
        except (ValueError, RecursionError) as err:
            return cls(), f"{path}: {err}"
        settings = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key in known:
                setattr(settings, key, value)
        if not _language_chosen(data):
            settings.language = None
        settings._repair()
        return settings, None

    def _repair(self) -> None:
        """Replace any value of the wrong kind by its default."""
        default = Settings()
        if self.dice_mode not in DICE_MODES:
            self.dice_mode = default.dice_mode
        if not isinstance(self.language, str | None):
            self.language = default.language
        for name in ("curtain", "fullscreen"):
            if not isinstance(getattr(self, name), bool):
                setattr(self, name, getattr(default, name))
        if not _pair(self.window) or min(self.window) <= 0:
            self.window = default.window
        self.window = (self.window[0], self.window[1])
        if self.position is not None:
            self.position = (self.position[0], self.position[1]) if _pair(self.position) else None

    def opening_language(self, environ: dict[str, str] | None = None) -> str:
        """The language the window opens in: the one chosen in the settings, else
        the system's when tabletop has it (the first start), else English."""
        from tabletop.i18n import system_language

        return self.language or system_language(environ) or "en"

    def save(self) -> None:
        from tabletop.engine.saves import write_json_atomic  # here: the launcher starts without the saves

        data = asdict(self)
        data["window"] = list(self.window)
        data["position"] = list(self.position) if self.position is not None else None
        data["language_chosen"] = self.language is not None
        write_json_atomic(self.path(), data)


def _language_chosen(data: dict[str, object]) -> bool:
    """Whether the player chose the file's language. A file from before
    "language_chosen" was written holds "en" whenever it was saved before a
    language was chosen (it was the default): that "en" was not chosen, any
    other language was (only the settings dialog set one)."""
    if "language_chosen" in data:
        return data["language_chosen"] is True
    return data.get("language") != "en"


def _pair(value: object) -> bool:
    """Two whole numbers (a size or a position as JSON keeps it: a list)."""
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
