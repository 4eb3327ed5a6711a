"""The app for the skirmish screen's tests, at both window sizes."""

import driving
import pytest


@pytest.fixture
def app(window_size):
    with driving.running_app(size=window_size) as application:
        yield application
