"""Settings apply live wherever the player is: the menu behind the Settings screen, an open table, the
window itself."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers import app_on_disk

from game.words import i18n


@pytest.fixture
def app(tmp_path: Path):
    from game.botworker import InlineWorker

    a = app_on_disk(tmp_path)
    a.worker = InlineWorker()
    yield a
    a.close()
    i18n.set_language("en")


def test_the_menu_follows_deck_style_and_language(app):
    from game.menus.menu import MenuScene

    menu = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    assert not menu.images.four_colour
    app.settings.set("four_colour", True)
    app.settings.set("deck_index", "ru")
    assert menu.images.four_colour and menu.images.lang == "ru"
    app.settings.set("language", "ru")
    assert i18n.get_language() == "ru"
    assert pygame.display.get_caption()[0] == i18n.t("app.title")
    assert menu.buttons["new"].text == i18n.t("menu.new_game")


def test_an_open_table_follows_cards_cloth_and_speed(app):
    from game.screens import open_table

    table = open_table(app, "uragan", level="novice")
    for _ in range(5):
        app.frame(0.016, [])
    app.settings.set("four_colour", True)
    assert table.images.four_colour
    app.settings.set("card_back", "green" if table.images.back_name != "green" else "burgundy")
    assert table.images.back_name == app.settings.card_back
    app.settings.set("animation_speed", "slow")
    assert table.tweens.speed == "slow" and table.fx.speed == "slow"
    before = table.felt(app.size)
    app.settings.set("table_colour", "blue" if app.settings.table_colour != "blue" else "red")
    assert table.felt(app.size) is not before
    app.settings.set("language", "ru")
    assert any(b.label == i18n.t("table.menu") for b in table.buttons)


def test_volume_and_mute_reach_the_sounds(app):
    calls = []

    class Recorder:
        def play(self, name): ...

        def set_volume(self, v):
            calls.append(("volume", v))

        def set_muted(self, m):
            calls.append(("mute", m))

    app._sounds = Recorder()
    app.settings.set("volume", 0.25)
    app.settings.set("mute", True)
    assert ("volume", 0.25) in calls and ("mute", True) in calls


def test_fullscreen_setting_switches_the_window(app):
    assert not app.fullscreen
    app.settings.set("fullscreen", True)
    assert app.fullscreen
    app.settings.set("fullscreen", False)
    assert not app.fullscreen
