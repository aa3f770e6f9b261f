"""Section 4 of issue 12: the player's gender, --lang for one run, the player's name on the sheet, …"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest
from helpers import app_on_disk, frames

from game import i18n
from game.storage import WRITER


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def on_disk(folder: Path, name: str = "settings.json") -> dict:
    assert WRITER.flush()
    return json.loads((folder / name).read_text(encoding="utf-8"))


def press(app, button) -> None:
    app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def test_the_player_chooses_a_gender_in_settings_and_the_table_follows(tmp_path: Path) -> None:
    from game.scenes import open_table
    from game.scenes.settings_screen import SettingsScene

    app = app_on_disk(tmp_path, lang="ru")
    try:
        app.settings.set("player_name", "Маша")
        scene = app.stack.push(SettingsScene(app))
        frames(app, 1)
        assert scene.buttons["player_gender_neutral"][0].is_selected  # neutral by default
        press(app, scene.buttons["player_gender_feminine"][0])
        assert app.settings.player_gender == "feminine"
        assert on_disk(tmp_path)["player_gender"] == "feminine"
        assert scene.buttons["player_gender_feminine"][0].is_selected
        app.stack.pop()
        table = open_table(app, "uragan", level="novice")
        frames(app, 2)
        assert table.form(table.me) == "f"
        assert table.form(1 - table.me) == "f"  # Светлана, the default opponent
        app.settings.set("player_gender", "masculine")
        assert table.form(table.me) == "m"
    finally:
        app.close()


def _saved_language(folder: Path, lang: str) -> None:
    from game.settings import Settings
    from game.storage import Store

    s = Settings(Store(folder))
    s.set("language", lang)
    assert WRITER.flush()


def test_lang_applies_to_this_run_only(tmp_path: Path) -> None:
    _saved_language(tmp_path, "en")
    app = app_on_disk(tmp_path, lang="ru")
    try:
        assert i18n.get_language() == "ru"
        app.settings.set("four_colour", True)  # any later save must not write the run's language
        assert on_disk(tmp_path)["language"] == "en"
        assert on_disk(tmp_path)["four_colour"] is True
    finally:
        app.close()
    from game.app import App, build_parser

    app = App(build_parser().parse_args(["--data-dir", str(tmp_path), "--size", "1280x800"]))
    try:
        assert i18n.get_language() == "en"  # the next run without --lang: the saved language
    finally:
        app.close()


def test_choosing_a_language_in_settings_persists_even_over_lang(tmp_path: Path) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.settings_screen import SettingsScene

    _saved_language(tmp_path, "en")
    app = app_on_disk(tmp_path, lang="ru")
    try:
        menu = app.stack.push(MenuScene(app))
        frames(app, 1)
        assert menu.buttons["new"].text == "Новая игра"
        scene = app.stack.push(SettingsScene(app))
        frames(app, 1)
        assert scene.buttons["language_ru"][0].is_selected  # the language in use
        press(app, scene.buttons["language_en"][0])  # the saved one, chosen again
        assert i18n.get_language() == "en"
        assert pygame.display.get_caption()[0] == "Salon"  # the app heard of it (the window title)
        assert menu.images.lang == "en"  # and the menu's cards below
        press(app, scene.buttons["language_ru"][0])
        assert on_disk(tmp_path)["language"] == "ru"
    finally:
        app.close()
