"""One writer per data folder: a second Salon on the same folder opens it read-only and says so, and the
lock goes with the process that held it, even when it is killed.

Real processes: the first app runs in a child process (``python -m game --data-dir D`` with the dummy
video driver), the second is an App in this process on the same folder.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import app_on_disk
from places import ROOT

from game.store.lock import HELD_ELSEWHERE, lock_data_folder
from game.store.saves import Session


def _digests(folder: Path) -> dict[str, str]:
    files = [p for p in sorted(folder.iterdir()) if p.is_file()]
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def _wait_for_lock(folder: Path, proc: subprocess.Popen[str], timeout: float = 120.0) -> None:
    """Until the child holds the folder (it answers when its lock is taken; never a fixed wait)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        lock, refused = lock_data_folder(folder)
        mine = refused is None
        if not mine:
            return
        lock.release()  # type: ignore[union-attr]
        time.sleep(0.05)
    raise AssertionError("the first app never locked its data folder")


@pytest.fixture
def first_app(tmp_path):
    """A real Salon process on ``tmp_path/data`` with a game in progress, killed (SIGKILL) at the end."""
    folder = tmp_path / "data"
    from game.store.storage import Store

    session = Session.new(Store(folder), "uragan", {}, ["Анна", "Павел"], [None, "club"], seed=2)
    session.play(session.match.legal_moves()[0])
    session.store.flush()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "game", "--data-dir", str(folder), "--size", "960x600"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for_lock(folder, proc)
        yield folder, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=60)


def test_a_second_app_on_the_same_folder_is_read_only_and_says_so(first_app):
    folder, _ = first_app
    before = _digests(folder)
    app = app_on_disk(folder, lang="ru")
    try:
        assert app.store.read_only == HELD_ELSEWHERE
        notices = [n.key for n in app.store.notices]
        assert "storage.locked" in notices
        from game.menus.menu import MenuScene

        menu = app.stack.push(MenuScene(app))
        app.frame(0.016, [])
        assert any("Салон уже открыт" in text for text in menu.notice_texts())
        # everything a player could do that writes: nothing reaches the folder
        app.settings.set("volume", 0.11)
        session = Session.resume(app.store)
        assert session is not None
        session.play(session.match.legal_moves()[0])
        session.save(background=False)
        app.store.flush()
    finally:
        app.close()
    assert _digests(folder) == before


def test_the_lock_goes_with_a_killed_process(first_app):
    folder, proc = first_app
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    app = app_on_disk(folder)
    try:
        assert app.store.read_only is None and app.data_lock is not None and app.data_lock.held
        app.settings.set("volume", 0.25)
        app.store.flush()
        assert '"volume": 0.25' in (folder / "settings.json").read_text(encoding="utf-8")
    finally:
        app.close()
    again, refused = lock_data_folder(folder)
    mine = refused is None
    assert mine  # closed: released
    again.release()  # type: ignore[union-attr]


def test_two_apps_in_one_process_do_not_both_write(tmp_path):
    first = app_on_disk(tmp_path)
    try:
        second = app_on_disk(tmp_path)
        try:
            assert first.store.read_only is None and second.store.read_only == HELD_ELSEWHERE
        finally:
            second.close()
    finally:
        first.close()
