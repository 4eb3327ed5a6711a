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
    Settings.path().write_text(
        '{"dice_mode": "loaded", "curtain": "yes", "window": [0, 100], "position": "left", "colour": 3}'
    )
    settings, problem = Settings.load()
    assert problem is None
    assert settings.dice_mode == "app"
    assert settings.curtain is True
    assert settings.window == Settings().window
    assert settings.position is None


def test_a_small_window_size_is_kept_as_saved():
    """The window opens no smaller than the screens are laid out for, or as large
    as the screen allows (tabletop.ui.window.fit_window): not the settings' job."""
    Settings(window=(100, 100), position=(-20, 5)).save()
    settings, _problem = Settings.load()
    assert settings.window == (100, 100) and settings.position == (-20, 5)
