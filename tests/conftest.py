import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    """Every test gets its own empty folder for saves and settings."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    return home
