"""The player's settings, kept in settings.json beside the saves."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from tabletop.engine.saves import user_dir, write_json_atomic

DICE_MODES = ("app", "physical")


@dataclass
class Settings:
    language: str = "en"
    #: "app": the program rolls; "physical": the players roll real dice and type the faces
    dice_mode: str = "app"
    #: ask the others to look away before a seat's secrets are shown
    curtain: bool = True
    fullscreen: bool = False
    #: window size when not full screen
    window: tuple[int, int] = (1280, 800)

    @classmethod
    def path(cls) -> Path:
        return user_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings, or the defaults and the reason when the file is bad."""
        path = cls.path()
        if not path.exists():
            return cls(), None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a mapping")
        except (OSError, ValueError) as err:
            return cls(), f"{path}: {err}"
        settings = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key in known:
                setattr(settings, key, value)
        settings._repair()
        return settings, None

    def _repair(self) -> None:
        """Replace any value of the wrong kind by its default."""
        default = Settings()
        if self.dice_mode not in DICE_MODES:
            self.dice_mode = default.dice_mode
        if not isinstance(self.language, str):
            self.language = default.language
        for name in ("curtain", "fullscreen"):
            if not isinstance(getattr(self, name), bool):
                setattr(self, name, getattr(default, name))
        w = self.window
        if not (isinstance(w, list | tuple) and len(w) == 2 and all(isinstance(v, int) and v > 0 for v in w)):
            self.window = default.window
        self.window = (max(1280, self.window[0]), max(720, self.window[1]))

    def save(self) -> None:
        data = asdict(self)
        data["window"] = list(self.window)
        write_json_atomic(self.path(), data)
