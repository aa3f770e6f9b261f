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


def _has_colour(surface: pygame.Surface, rgb: tuple[int, int, int], rect: pygame.Rect | None = None) -> bool:
    area = surface.subsurface(rect or surface.get_rect())
    return pygame.mask.from_threshold(area, (*rgb, 255), (2, 2, 2, 255)).count() > 0


def test_suit_symbols_in_text_follow_the_deck_colours() -> None:
    from game.widgets.suits import FOUR_COLOUR, TWO_COLOUR, suit_palette
    from game.widgets.text import TextCache

    pygame.font.init()
    text = TextCache()
    blue, green, red = FOUR_COLOUR[2], FOUR_COLOUR[3], TWO_COLOUR[2]
    four = text.get("3♦ берёт 3♣", 40, (243, 230, 196), suits=suit_palette(True))
    two = text.get("3♦ берёт 3♣", 40, (243, 230, 196), suits=suit_palette(False))
    plain = text.get("3♦ берёт 3♣", 40, (243, 230, 196))
    assert _has_colour(four, blue) and _has_colour(four, green) and not _has_colour(four, red)
    assert _has_colour(two, red) and not _has_colour(two, blue)
    assert not _has_colour(plain, red) and not _has_colour(plain, blue)
    assert abs(four.get_width() - plain.get_width()) <= 2  # the same line, only coloured


def test_the_table_writes_suits_in_the_four_colours(tmp_path: Path) -> None:
    from game.scenes import open_table
    from game.widgets.suits import FOUR_COLOUR

    app = app_on_disk(tmp_path, lang="ru")
    try:
        table = open_table(app, "uragan", level="novice")
        frames(app, 3)
        table.say("Светлана: 3♦ берёт 3♣", 60)
        app.settings.set("four_colour", True)
        frames(app, 1)
        box = table.layout.message.inflate(table.layout.message.width, 40).clip(app.screen.get_rect())
        assert _has_colour(app.screen, FOUR_COLOUR[2], box)  # ♦ blue
        assert _has_colour(app.screen, FOUR_COLOUR[3], box)  # ♣ green
    finally:
        app.close()


def test_the_uragan_count_on_the_sheet_is_gold_not_warning_red() -> None:
    from helpers import headless_app

    from game.themes import GLOW, WARN
    from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetRow

    app = headless_app()
    sheet = Sheet("Итоги сдачи", ["Вы", "Светлана"], [SheetRow("Ураганы", [2, 0], "2 : 0", accent=True)])
    scene = ScoreSheetScene(app, sheet, step=0)
    scene.enter()
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    assert _has_colour(surface, GLOW, scene.box)
    assert not _has_colour(surface, WARN, scene.box)
