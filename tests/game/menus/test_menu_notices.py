"""The menu shows every notice from the data folder, wrapped inside its plaque, until dismissed."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest
from helpers import app_on_disk

from game.words import i18n


def make_app(folder: Path, size: str = "1024x640", lang: str = "en"):
    return app_on_disk(folder, lang, size)


@pytest.mark.parametrize("size", ["1024x640", "1920x1080"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_notice_is_shown_whole_and_can_be_dismissed(tmp_path: Path, size: str, lang: str) -> None:
    from game.menus.menu import MenuScene

    (tmp_path / "save.json").write_text("{ this is not json", encoding="utf-8")
    (tmp_path / "settings.json").write_text('{"version": 1, "language": "' + lang + '", "volume": "loud"}',
                                            encoding="utf-8")
    (tmp_path / "stats.json").write_text('{"version": 99}', encoding="utf-8")
    app = make_app(tmp_path, size, lang)
    try:
        from game.store.stats import Stats

        Stats.load(app.store)
        menu = app.stack.push(MenuScene(app))
        app.frame(0.016, [])
        assert not (tmp_path / "save.json").exists()  # the damaged save is set aside at once
        texts = menu.notice_texts()
        assert len(texts) >= 3  # the save, the setting, the newer statistics
        shown = " ".join(line for line, _ in menu.notice_lines)
        for text in texts:
            for word in text.split():
                assert word[:8] in shown.replace("\n", " ") or len(word) > 20
        box = menu.notice_box
        screen = pygame.Rect((0, 0), app.size)
        assert screen.contains(box)
        assert not box.colliderect(menu.panel.rect)
        bold, font = app.text.font(menu.notice_size + 2, "bold"), app.text.font(menu.notice_size)
        for line, title in menu.notice_lines:
            assert (bold if title else font).size(line)[0] <= box.width - 2 * 18
        used = 18 + 6 + sum(font.get_linesize() for _ in menu.notice_lines)
        assert used <= box.height - 40  # the lines end above the button
        dismiss = menu.buttons["dismiss"]
        assert box.contains(dismiss.rect)
        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=dismiss)])
        assert menu.notice_box is None and not app.store.notices
        assert "dismiss" not in menu.buttons
    finally:
        app.close()
        i18n.set_language("en")


def test_no_notice_no_plaque(tmp_path: Path) -> None:
    from game.menus.menu import MenuScene

    app = make_app(tmp_path)
    try:
        menu = app.stack.push(MenuScene(app))
        app.frame(0.016, [])
        assert menu.notice_box is None and "dismiss" not in menu.buttons
    finally:
        app.close()
