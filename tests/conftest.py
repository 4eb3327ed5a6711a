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


@pytest.fixture(params=[(1280, 680), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
def window_size(request):
    """Each screen test runs twice: at a 1366x768 laptop's usable area and at full HD
    (the sizes of driving.SIZES)."""
    return request.param


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    """Every test gets its own empty folder for saves, settings and the player's own
    data (data/ in it), and a system that asks for no language."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.delenv("TABLETOP_DATA", raising=False)
    # where no language is chosen the system's is used: the tests' system asks for none
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return home


@pytest.fixture
def translated(tmp_path, monkeypatch):
    """Switch to a language made for the test: `translated({"Hold": "Houden"})` writes
    tabletop.po for "nl" into a temporary locale folder and switches to it (plural
    forms: {("{count} card", "{count} cards"): ("{count} kaart", "{count} kaarten")});
    `now=False` only offers the language. English again afterwards."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from tabletop import i18n

    def switch(messages: dict, code: str = "nl", now: bool = True) -> None:
        catalog = Catalog(locale=code, domain=i18n.DOMAIN)
        for english, translation in messages.items():
            catalog.add(english, translation)
        folder = tmp_path / "locale" / code / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f"{i18n.DOMAIN}.po").open("wb") as po:
            write_po(po, catalog)
        monkeypatch.setattr(i18n, "LOCALE", tmp_path / "locale")
        if now:
            i18n.set_language(code)
            assert i18n.language() == code

    yield switch
    i18n.set_language("en")


@pytest.fixture
def within():
    """`with within(5):` fails the block, instead of hanging, when it takes longer
    than 5 seconds (opening a named pipe without a writer waits for ever)."""
    from bounds import bounded

    return bounded
