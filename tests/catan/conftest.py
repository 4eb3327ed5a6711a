"""The app for Catan's screen tests, at both window sizes."""

import driving
import pytest

from tabletop.settings import Settings


@pytest.fixture
def app(window_size):
    """The app in a (dummy) window with real dice: the test enters the faces, so it
    decides every roll."""
    settings = Settings()
    settings.dice_mode = "physical"
    with driving.running_app(settings, size=window_size) as application:
        yield application
