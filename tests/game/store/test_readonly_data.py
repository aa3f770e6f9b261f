"""A data folder that cannot be written: the app reads what it can, writes nothing anywhere (no
temporary folder left behind), and the menu says that progress cannot be saved, naming the folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from helpers import app_on_disk

from game.botworker import InlineWorker
from game.store import paths
from game.store.saves import Session
from game.store.settings import Settings
from game.store.stats import Stats
from game.store.storage import Store


@pytest.fixture(autouse=True)
def private_temp(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> Path:
    """A temporary folder of this test's own: other programs' salon-* folders must not count."""
    folder = tmp_path_factory.mktemp("tempdir")
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _temp_leftovers() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).iterdir()}


def _menu(app):
    from game.menus.menu import MenuScene

    menu = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    return menu


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_data_dir_under_a_file_starts_and_says_so(tmp_path: Path) -> None:
    # A path whose parent is a regular file cannot be made, even by root (chmod would not stop root).
    (tmp_path / "file").write_text("not a folder")
    folder = tmp_path / "file" / "Salon"
    before = _temp_leftovers()
    app = app_on_disk(folder)
    app.worker = InlineWorker()
    try:
        assert app.store.read_only
        menu = _menu(app)
        shown = " ".join(menu.notice_texts())
        assert str(folder) in shown and "cannot be saved" in shown
        assert len(menu.notice_texts()) == 1  # the missing files are simply missing, not "unreadable"
        assert not menu.buttons["continue"].is_enabled
        app.settings.set("volume", 0.2)  # changes apply for this run, quietly not saved
        assert app.settings.volume == 0.2
    finally:
        app.close()
    assert _temp_leftovers() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    store = Store(tmp_path)
    settings = Settings.load(store)
    settings.update({"volume": 0.3, "player_name": "Анна"})
    Stats.load(store).record("uragan", ["club"], "win", game_id="g")
    session = Session.new(store, "uragan", {}, ["Анна", "Павел"], [None, "club"], seed=3)
    session.play(session.match.legal_moves()[0])
    store.flush()
    return tmp_path


def test_an_unwritable_folder_is_read_and_left_untouched(filled: Path, monkeypatch, tmp_path: Path) -> None:
    def refuse(folder: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths, "probe_write", refuse)  # as a read-only folder answers (root ignores chmod)
    before_files, before_temp = _listing(filled), _temp_leftovers()
    app = app_on_disk(filled)
    app.worker = InlineWorker()
    try:
        menu = _menu(app)
        assert any("cannot be saved" in t and str(filled) in t for t in menu.notice_texts())
        assert app.settings.volume == 0.3 and app.settings.player_name == "Анна"  # what can be read is used
        assert menu.buttons["continue"].is_enabled
        from game.screens import continue_game

        table = continue_game(app)
        assert table is not None and len(table.match.moves) >= 1
        table.session.play(table.match.legal_moves()[0])
        app.settings.set("volume", 0.9)
        assert Stats.load(app.store).get("uragan", "club").played == 1
    finally:
        app.close()
    assert _listing(filled) == before_files  # nothing written, moved or removed
    assert _temp_leftovers() == before_temp


def test_the_check_itself_fails_on_an_unwritable_folder(tmp_path: Path, monkeypatch) -> None:
    # The real probe, made to meet a refusal: ensure_data_dir reports it and creates nothing elsewhere.
    real_write = Path.write_bytes

    def no_probe(self: Path, data: bytes) -> int:
        if self.name.startswith(".probe-"):
            raise PermissionError(13, "Permission denied", str(self))
        return real_write(self, data)

    monkeypatch.setattr(Path, "write_bytes", no_probe)
    before = _temp_leftovers()
    folder, why = paths.ensure_data_dir(tmp_path / "Salon")
    assert folder == tmp_path / "Salon" and why == "Permission denied"
    assert _temp_leftovers() == before
