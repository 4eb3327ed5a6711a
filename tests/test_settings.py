"""Settings persist, and a bad settings file never stops the program."""

from tabletop.settings import Settings


def test_defaults_when_no_file():
    settings, problem = Settings.load()
    assert problem is None
    assert settings == Settings()


def test_saved_settings_come_back():
    settings = Settings(language="de", dice_mode="physical", curtain=False, window=(1600, 900))
    settings.save()
    loaded, problem = Settings.load()
    assert problem is None
    assert loaded == settings


def test_corrupt_file_gives_defaults_and_says_where():
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text("{not json")
    settings, problem = Settings.load()
    assert settings == Settings()
    assert str(Settings.path()) in problem


def test_wrong_values_are_replaced_by_defaults():
    Settings.path().parent.mkdir(parents=True, exist_ok=True)
    Settings.path().write_text('{"dice_mode": "loaded", "curtain": "yes", "window": [100, 100], "colour": 3}')
    settings, problem = Settings.load()
    assert problem is None
    assert settings.dice_mode == "app"
    assert settings.curtain is True
    assert settings.window == (1280, 720)
