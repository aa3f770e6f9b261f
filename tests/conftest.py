"""Test set-up: everything headless (no window, no sound device)."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def warm_inline():
    """Asset warming runs on the calling thread in tests: frames never wait on a helper thread's
    speed, which differs from machine to machine (a test that does want the thread sets it back)."""
    from game.widgets.warm import Warmer

    Warmer.inline = True
    yield
    Warmer.inline = False


@pytest.fixture
def make_app():
    """``make_app(lang=…, size=…, bots=…, speed=…)``: a headless App, closed after the test."""
    from helpers import headless_app

    made = []

    def make(**kwargs):
        made.append(headless_app(**kwargs))
        return made[-1]

    yield make
    for app in made:
        app.close()
