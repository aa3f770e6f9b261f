"""The About box: opened from the main menu, it shows the version, the licence and the data folder, and
its button asks the file manager to open that folder; a refusal is a message on the sheet, not a crash."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import app_on_disk, frames

from game import desktop
from game.version import version

FAIL = [sys.executable, "-c", "import sys; print('no file manager here', file=sys.stderr); sys.exit(3)"]
OK = [sys.executable, "-c", "pass"]


def test_open_folder_reports_success_a_refusal_and_a_missing_launcher(tmp_path: Path):
    assert desktop.open_folder(tmp_path / "new", OK) is None
    assert (tmp_path / "new").is_dir()  # made first, so there is something to open
    assert desktop.open_folder(tmp_path, FAIL) == "no file manager here"
    assert "not found" in desktop.open_folder(tmp_path, [str(tmp_path / "no-such-launcher")])


def test_each_system_has_its_launcher(tmp_path: Path):
    assert desktop.folder_command(tmp_path, "linux") == ["xdg-open", str(tmp_path)]
    assert desktop.folder_command(tmp_path, "darwin") == ["open", str(tmp_path)]
    assert desktop.folder_command(tmp_path, "win32") is None  # os.startfile


def click(app, pos: tuple[int, int]) -> None:
    """A real click: the pointer moves over the button first (pygame_gui presses only a hovered one)."""
    import pygame

    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    frames(app, 1, pygame.event.get())  # pygame_gui posts the press to the event queue


def _open_about(tmp_path: Path, lang: str):
    from game.menus.menu import MenuScene

    app = app_on_disk(tmp_path / "data", lang, "960x600")
    menu = app.stack.push(MenuScene(app))
    frames(app, 2)
    click(app, menu.buttons["about"].rect.center)
    frames(app, 2)
    return app


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_menu_opens_about_with_the_version_licence_and_data_folder(tmp_path: Path, lang: str):
    app = _open_about(tmp_path, lang)
    try:
        about = app.stack.top
        assert type(about).__name__ == "AboutScene"
        shown = " ".join(line for line, *_ in about._lines)
        assert version() in shown and "MIT" in shown
        assert str(tmp_path / "data") in "".join(line for line, *_ in about._lines)  # the path may wrap
        from game.checks.layout_check import check_app

        assert check_app(app) == []
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_folder_that_cannot_be_opened_is_a_message_on_the_sheet(tmp_path: Path, monkeypatch, lang: str):
    asked: list[Path] = []

    def refuse(folder: Path, command: list[str] | None = None) -> str:
        asked.append(folder)
        return "xdg-open: not found"

    monkeypatch.setattr(desktop, "open_folder", refuse)
    app = _open_about(tmp_path, lang)
    try:
        about = app.stack.top
        button = about.buttons["open"].rect.copy()
        click(app, button.center)
        assert about.wait_opened(timeout=30)
        frames(app, 2)
        assert asked == [tmp_path / "data"]
        assert about.buttons["open"].rect == button  # the message appears under it; the button stays put
        assert about.status_is_error and "xdg-open: not found" in about.status
        shown = " ".join(line for line, *_ in about._status_lines)
        assert "xdg-open" in shown
        from game.checks.layout_check import check_app

        assert check_app(app) == []
        assert app.stack.top is about  # still there, nothing crashed
    finally:
        app.close()


def test_an_opened_folder_leaves_no_message_and_back_returns_to_the_menu(tmp_path: Path, monkeypatch):
    import pygame

    monkeypatch.setattr(desktop, "open_folder", lambda folder, command=None: None)
    app = _open_about(tmp_path, "en")
    try:
        about = app.stack.top
        click(app, about.buttons["open"].rect.center)
        assert about.wait_opened(timeout=30)
        frames(app, 2)
        assert about.status == "" and not about.status_is_error
        escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        frames(app, 2, [escape])
        assert type(app.stack.top).__name__ == "MenuScene"
    finally:
        app.close()
