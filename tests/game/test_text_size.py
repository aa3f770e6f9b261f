"""Text size for everyone (issue 31, ask 6): one scale for every word, the largest a window holds, live."""

from __future__ import annotations

import pygame
import pytest
from helpers import frames

from game.app import App, build_parser
from game.checks.layout_check import check_app
from game.looks.text_size import SMALLEST_WINDOW, TEXT_SIZES, fitting_text_size
from game.looks.themes import theme_dict
from game.widgets.text import MIN_TEXT_PX, TextCache


@pytest.mark.parametrize(
    ("wanted", "window", "shown"),
    [(100, (960, 600), 100), (125, (960, 600), 125), (150, (960, 600), 125), (200, (960, 600), 125),
     (150, (1280, 800), 150), (200, (1600, 1000), 150), (200, (1920, 1080), 200), (200, (3840, 2160), 200),
     (150, (1279, 1000), 125), (125, (800, 500), 100)],
)
def test_a_window_shows_the_largest_size_it_holds(wanted, window, shown):
    assert fitting_text_size(wanted, window) == shown


def test_every_size_names_its_smallest_window():
    assert set(SMALLEST_WINDOW) == set(TEXT_SIZES)
    for size in TEXT_SIZES:
        assert fitting_text_size(size, SMALLEST_WINDOW[size]) == size


def test_the_cache_draws_every_size_larger_and_keeps_its_smallest_pixels():
    text = TextCache()
    plain = text.get("Ураган", 20).get_height()
    assert text.set_scale(1.5) and not text.set_scale(1.5)
    assert text.get("Ураган", 20).get_height() == TextCache().get("Ураган", 30).get_height() > plain
    # Text shrunk to fit its room goes down to the same pixels at every size.
    assert text.font(text.min_size).get_height() <= TextCache().font(MIN_TEXT_PX + 1).get_height()
    size, lines = text.fit("Ш" * 40, 20, 200)
    assert size == text.min_size and all(text.font(size).size(line)[0] <= 200 for line in lines)


def test_the_theme_fonts_follow_the_scale():
    plain, large = theme_dict(), theme_dict(scale=2.0)
    sized = [name for name, block in plain.items()
             if isinstance(block, dict) and "size" in block.get("font", {})]
    assert sized
    for name in sized:
        assert int(large[name]["font"]["size"]) == 2 * int(plain[name]["font"]["size"])


def app_at(size: tuple[int, int], text_size: int | None = None) -> App:
    argv = ["--lang", "en"] + (["--text-size", str(text_size)] if text_size else [])
    return App(build_parser().parse_args(argv), headless=True, size=size)


def test_text_size_flag_sets_the_run_and_a_small_window_falls_back_once():
    app = app_at((960, 600), 200)
    try:
        assert app.text_size_wanted == 200 and app.text_size == 125 and app.text.scale == 1.25
        assert app.toast is not None and "200" in app.toast[0] and "125" in app.toast[0]
        app.toast = None
        app.on_window_resized((961, 601))  # the same fallback: not said again
        assert app.toast is None and app.text_size == 125
        app.settings.set("text_size", 125, save=False)  # chosen in Settings: the run's flag gives way
        assert app.text_size_wanted == app.text_size == 125 and app.toast is None
    finally:
        app.close()


def test_the_setting_changes_the_menus_live():
    from game.menus.menu import MenuScene

    app = app_at((1920, 1080))
    try:
        app.stack.push(MenuScene(app))
        frames(app, 2)
        before = app.stack.top.buttons["new"].rect.height
        app.settings.set("text_size", 200, save=False)
        frames(app, 2)
        assert app.text_size == 200
        assert app.stack.top.buttons["new"].rect.height > before
        assert check_app(app) == []
    finally:
        app.close()


def test_the_layout_check_catches_a_planted_overlap_at_a_large_text_size():
    """At 200 % a text of the screen's own, grown with the size, printed over a button is reported."""
    from game.menus.menu import MenuScene

    class Planted(MenuScene):
        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            button = self.buttons["settings"]
            img = self.app.text.get("Planted", 20)  # across the button's top edge, not on it
            surface.blit(img, (button.rect.x + 10, button.rect.y - img.get_height() // 2))

    app = app_at((1920, 1080), 200)
    try:
        app.stack.push(Planted(app))
        frames(app, 2)
        found = check_app(app)
        assert any("Planted" in p and "overlaps" in p for p in found), found
    finally:
        app.close()


def test_how_to_play_under_your_turn_wraps_at_the_chosen_size_rather_than_shrinking(make_app, monkeypatch):
    """Uragan's first turn at 200 %: the keys line under "Your turn" keeps the size the window shows
    (it was fitted onto one line, down to the smallest pixels: about 9 px at 1920x1080)."""
    from uragan_tables import new_table, settle

    from game.words.i18n import t

    app = make_app(lang="ru", size=(1920, 1080))
    app.text_size_wanted = 200
    app.apply_text_size()
    assert app.text.scale == 2.0
    table = new_table(app)
    settle(app, table)
    how = t("uragan.how_to_play")
    sizes: list[int] = []
    real_get = table.text.get

    def get(words: str, size: int, *a, **k):
        if words and words in how:
            sizes.append(size)
        return real_get(words, size, *a, **k)

    monkeypatch.setattr(table.text, "get", get)
    table.draw(app.screen)
    plain = max(12, int(1080 * 0.018))  # the keys line's size at 100 %, the least it may be drawn at
    assert sizes and min(sizes) >= plain

