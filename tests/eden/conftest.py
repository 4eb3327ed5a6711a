"""The fixtures of Eden's screen tests: the app at each window size and a table to
drive it."""

import driving
import pytest

from tabletop.settings import Settings

from .table import Table


@pytest.fixture
def settings():
    return Settings()


@pytest.fixture
def app(settings, window_size):
    with driving.running_app(settings, size=window_size) as application:
        yield application


@pytest.fixture
def table(app):
    return Table(app)
