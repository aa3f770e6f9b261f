"""A game that ends on a full disk keeps its result: the finished save stays until the result is on disk,
the next start counts it once (by its game id), and the player is told at the table. Autosave
failures are said at the table too, once.

The disk is made full by injected write failures (``ENOSPC`` from the atomic writer for chosen files);
the game is finished through the real app loop (the table, its bots inline).
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import app_on_disk, frames

from game.botworker import InlineWorker
from game.store import records as records_module
from game.store import storage
from game.store.saves import Session
from game.store.stats import Stats
from game.store.storage import Store
from game.words.i18n import t


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The names of the files the disk refuses (add to it); every other write goes through."""
    refused: set[str] = set()
    real = storage.write_json_atomic

    def write(path: Path, data: Any, **kw: Any) -> None:
        if Path(path).name in refused:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data, **kw)

    monkeypatch.setattr(storage, "write_json_atomic", write)
    monkeypatch.setattr(records_module, "write_json_atomic", write)
    real_text = storage.write_text_atomic

    def write_text(path: Path, text: str, **kw: Any) -> None:  # the background autosave's writer
        if Path(path).name in refused:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_text(path, text, **kw)

    monkeypatch.setattr(storage, "write_text_atomic", write_text)
    return refused


def _almost_over(folder: Path) -> str:
    """A saved Uragan game to 1 point, one move from its end; its game id."""
    store = Store(folder)
    session = Session.new(store, "uragan", {"target": 1}, ["Анна", "Павел"], [None, "club"], seed=11)
    while True:
        probe = session.match.copy()
        probe.play(probe.legal_moves()[0])
        if probe.is_over():
            break
        session.play(session.match.legal_moves()[0])
    session.save(background=False)
    store.flush()
    return session.saved.game_id


def _finish_at_the_table(app: Any) -> Any:
    from game.screens import continue_game

    table = continue_game(app)
    assert table is not None
    for _ in range(3000):
        if table.match.is_over():
            break
        if table.is_human_turn() and not table.busy():
            table.submit(table.match.legal_moves()[0])
        frames(app, 1, dt=0.25)
    assert table.match.is_over()
    frames(app, 2)
    return table


def test_a_result_the_disk_refused_is_kept_told_and_counted_once_at_the_next_start(tmp_path, full_disk):
    from game.app import settle_unrecorded_result

    game_id = _almost_over(tmp_path)
    full_disk.update({"stats.json", "last_game.json"})
    app = app_on_disk(tmp_path, lang="ru")
    app.worker = InlineWorker()
    try:
        _finish_at_the_table(app)
        assert app.toast is not None and app.toast[0] == t("storage.result_pending")
    finally:
        app.close()
    saved = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    assert saved["game_id"] == game_id  # before: removed anyway, and the result was lost
    assert not (tmp_path / "stats.json").exists()

    full_disk.clear()  # room again; the next start
    for start in range(2):
        app = app_on_disk(tmp_path, lang="ru")
        try:
            settle_unrecorded_result(app)  # what play() does before the menu
            keys = [n.key for n in app.store.notices]
            assert ("storage.result_kept" in keys) == (start == 0)
        finally:
            app.close()
        stats = Stats.load(Store(tmp_path))
        assert stats.total("uragan").played == 1 and game_id in stats.recorded_ids  # once, not twice
        assert not (tmp_path / "save.json").exists()


def test_a_result_written_normally_removes_the_save(tmp_path):
    _almost_over(tmp_path)
    app = app_on_disk(tmp_path)
    app.worker = InlineWorker()
    try:
        _finish_at_the_table(app)
    finally:
        app.close()
    assert not (tmp_path / "save.json").exists() and (tmp_path / "last_game.json").exists()
    assert Stats.load(Store(tmp_path)).total("uragan").played == 1


def test_an_autosave_the_disk_refuses_is_said_at_the_table_once(tmp_path, full_disk):
    from game.screens import continue_game

    store = Store(tmp_path)
    session = Session.new(store, "uragan", {}, ["Анна", "Павел"], [None, "club"], seed=5)
    store.flush()
    app = app_on_disk(tmp_path, lang="en")
    app.worker = InlineWorker()
    try:
        table = continue_game(app)
        full_disk.add("save.json")
        told = []
        for _ in range(400):
            if table.is_human_turn() and not table.busy():
                table.submit(table.match.legal_moves()[0])
            frames(app, 1, dt=0.25)
            if app.toast is not None and app.toast[0] not in told:
                told.append(app.toast[0])
            if len(table.match.moves) > 8:
                break
        app.store.flush()  # the refused write has come back from the writer thread (no guessing)
        frames(app, 1, dt=0.25)
        if app.toast is not None and app.toast[0] not in told:
            told.append(app.toast[0])
        said = [x for x in told if x == t("storage.autosave_failed", file="save.json")]
        assert said == [t("storage.autosave_failed", file="save.json")]  # shown, and only once
    finally:
        app.close()
    assert session.saved.game_id in (tmp_path / "save.json").read_text(encoding="utf-8")  # the last good one


def test_new_game_never_writes_over_a_finished_game_it_could_not_count(tmp_path, full_disk):
    """Issue 30's gap: a match ended with stats.json refused even past the reserve keeps the finished
    game in save.json, to be counted later. New game used to start over it (the new game's save
    replaced it: the result gone for good). Now it is refused, saying why, with nothing written; once
    the disk takes stats.json again New game counts the old game first (once) and starts."""
    from game.menus.new_game import NewGameScene
    from game.store.saves import UncountedGame, end_match, load_game

    gid = _almost_over(tmp_path)
    store = Store(tmp_path)
    playing = Session.resume(store)
    assert playing is not None
    playing.play(playing.match.legal_moves()[0])
    full_disk.add("stats.json")
    assert end_match(store, playing, Stats.load(store))[1] == "pending"
    store.flush()

    def kept_game() -> tuple[str, list]:
        doc = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
        return doc["game_id"], doc["match"]["moves"]

    save = kept_game()
    assert save[0] == gid

    with pytest.raises(UncountedGame):
        Session.new(Store(tmp_path), "uragan", {}, ["Анна", "Павел"], [None, "club"], seed=3)
    assert kept_game() == save

    app = app_on_disk(tmp_path)
    try:
        app.worker = InlineWorker()
        dialog = NewGameScene(app)
        app.stack.push(dialog)
        frames(app, 1)
        dialog.start()
        frames(app, 1)
        assert app.stack.top is dialog  # no table
        assert app.toast is not None and app.toast[0] == t("storage.new_game_refused_full")
        assert kept_game() == save
        kept = load_game(Store(tmp_path))
        assert kept is not None and kept.game_id == gid and kept.restore_match().is_over()

        full_disk.clear()  # room again
        dialog.start()
        frames(app, 1)
        assert app.stack.top is not dialog and app.stack.top.match.moves == []  # the new game's table
        app.store.flush()
        assert Stats.load(Store(tmp_path)).recorded_ids.count(gid) == 1
        fresh = load_game(Store(tmp_path))
        assert fresh is not None and fresh.game_id != gid
    finally:
        app.close()
