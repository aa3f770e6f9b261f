"""Messages that say what is wrong: a data folder that is a symlink loop or names no one's home, records
folders likewise, the engine's stdin closed, ``arena --option aces=``, a killed review in the player's
language; and a killed app leaves no leaked-semaphore warning behind. Records follow ``--data-dir``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from helpers import app_on_disk, frames, headless_app
from places import DATA, ROOT

from game.botworker import WORKER_STOPPED, Reply, error_text
from game.store.paths import ensure_data_dir
from game.words import i18n

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def test_a_symlink_loop_as_data_folder_says_so(tmp_path):
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    folder, reason = ensure_data_dir(str(loop))
    assert reason is not None and "link" in reason and "File exists" not in reason


def test_a_data_dir_flag_naming_no_ones_home_is_one_line_and_exit_2():
    argv = [sys.executable, "-m", "game", "--data-dir", "~nosuchuser-h22/x"]
    done = subprocess.run(argv, cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "~nosuchuser-h22/x" in lines[0] and "home" in lines[0]


def test_salon_data_dir_naming_no_ones_home_is_a_notice_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SALON_DATA_DIR", "~nosuchuser-h22/x")
    from game.app import App, build_parser

    app = App(build_parser().parse_args(["--lang", "en", "--size", "960x600"]))
    try:
        assert app.store.read_only is not None and "home" in app.store.read_only
        assert [n.key for n in app.store.notices] == ["storage.read_only"]
        app.settings.set("volume", 0.3)
        app.store.flush()
    finally:
        app.close()
    assert list(tmp_path.iterdir()) == []


def test_salon_records_dir_naming_no_ones_home_is_a_notice(tmp_path, monkeypatch):
    monkeypatch.setenv("SALON_RECORDS_DIR", "~nosuchuser-h22/records")
    from game.review.browser import RecordsScene
    from game.review.open import save_record_file

    app = headless_app("en")
    assert save_record_file(app, {"game": "uragan"}) is None
    assert app.toast[2] == "warn" and "home" in app.toast[0]
    browser = app.stack.push(RecordsScene(app))
    frames(app, 2)
    assert "home" in browser.error


def test_records_follow_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("SALON_RECORDS_DIR", raising=False)
    monkeypatch.delenv("SALON_DATA_DIR", raising=False)
    from game.store.records import records_folder
    from game.store.saves import Session

    app = app_on_disk(tmp_path / "portable")
    try:
        assert app.records_folder() == tmp_path / "portable" / "records"
        match = Session.new(None, "uragan", {}, ["A", "B"], [None, "club"], seed=1).match
        path = app.save_match_record(match)
        assert path is not None and path.parent == tmp_path / "portable" / "records"
    finally:
        app.close()
    assert records_folder(None) != tmp_path / "portable" / "records"  # no --data-dir: the documents folder


def test_engine_review_with_stdin_closed_says_so():
    done = subprocess.run(f"{sys.executable} -m engine review - --seat 0 <&-", shell=True, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "standard input" in done.stderr and "NoneType" not in done.stderr


def test_arena_aces_option_says_how_it_is_given():
    from engine.eralash.options import Options

    with pytest.raises(ValueError) as err:
        Options.from_strings({"aces": "30"})
    assert "aces.3" in str(err.value) and "known are" not in str(err.value)
    with pytest.raises(ValueError) as err:
        Options.from_strings({"jokers": "yes"})
    assert "aces.3" in str(err.value) and not str(err.value).endswith("aces")


def test_a_killed_review_is_said_in_the_players_language():
    from game.menus.menu import MenuScene
    from game.review.open import open_record

    app = headless_app("ru")
    app.stack.push(MenuScene(app))
    viewer = open_record(app, str(DATA / "uragan_claims.json"))
    viewer.start_review(0)
    rid = viewer.review_id
    assert rid is not None

    class Stopped:
        pending = {rid}

        def take(self, request_id):
            return [Reply(rid, None, WORKER_STOPPED)] if request_id == rid else []

        def cancel(self, rid): ...

    app.worker = Stopped()
    frames(app, 2)
    assert viewer.review_state == "failed" and viewer.review_error == i18n.t("worker.stopped")
    assert "bot worker" not in viewer.review_error and error_text("other") == "other"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_killed_app_leaves_no_leaked_semaphores():
    code = ("from game.botworker import BotWorker\nw = BotWorker()\nw.start()\n"
            "print('up', flush=True)\nimport time\ntime.sleep(600)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "up"
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=120)  # the tracker and the worker close stderr as they go
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "leaked" not in err and "resource_tracker" not in err, err
