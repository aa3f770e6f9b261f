"""Sharp on HiDPI screens: the window opens in real pixels sized from the desktop, the card art is
rasterised at exactly the size it is drawn."""

from __future__ import annotations

import os

import pytest

from game.app import MIN_SIZE, App, build_parser, fit_window, hidpi_hints


def test_a_first_window_grows_with_a_large_desktop():
    w, h = fit_window((1280, 800), (3840, 2160), grow=True)
    assert w > 2400 and h > 1500
    assert w <= 3840 * 0.94 and h <= 2160 * 0.88
    assert abs(w / h - 1280 / 800) < 0.01


def test_a_remembered_size_is_kept_but_never_larger_than_the_desktop():
    assert fit_window((1500, 900), (3840, 2160), grow=False) == (1500, 900)
    w, h = fit_window((1920, 1080), (1366, 768), grow=False)
    assert w <= 1366 * 0.94 and h <= 768 * 0.88
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]


def test_no_desktop_known_means_the_wanted_size():
    assert fit_window((1280, 800), None, grow=True) == (1280, 800)
    assert fit_window((200, 100), None) == MIN_SIZE


def test_windows_gets_per_monitor_dpi_awareness(monkeypatch):
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    monkeypatch.delenv("SDL_WINDOWS_DPI_SCALING", raising=False)
    hidpi_hints()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    assert os.environ["SDL_WINDOWS_DPI_SCALING"] == "0"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_cards_are_rasterised_at_the_size_they_are_drawn(size):
    from game.uragan.table import UraganTable

    app = App(build_parser().parse_args(["--lang", "en"]), headless=True, size=size)
    try:
        table = UraganTable.new_game(app, seed=1)
        app.stack.push(table)
        table.resize(app.screen.get_size())
        face = table.images.face(next(iter(table.sprites)))
        assert face.get_size() == table.layout.card  # no scaling between the SVG and the screen
        assert table.layout.size == app.screen.get_size()
    finally:
        app.close()
