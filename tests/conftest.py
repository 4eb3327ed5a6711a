import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# The same examples on every run, and no wall-clock limits: a busy CI machine must
# neither change what is tested nor fail a test for being slow.
settings.register_profile(
    "tabletop",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("tabletop")


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    """Every test gets its own empty folder for saves and settings."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    return home
