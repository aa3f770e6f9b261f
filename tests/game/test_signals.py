"""Ctrl+C (SIGINT to the whole process group, as a terminal sends it) and SIGTERM end ``salon``
cleanly while a bot is thinking: exit 0, the game saved and loadable, no traceback from the app or
its bot worker, no leaked-semaphore warning, and the worker process gone. Closing while a bot thinks
stops the worker without waiting for its answer. Every wait is on an event (a line of output, the
process ending), with a generous timeout; none on the clock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT

from game.store.saves import Session, load_game
from game.store.storage import Store

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")

DRIVER = r"""
import sys, threading, time
from game.app import App, build_parser
from game.screens import continue_game
from game.menus.menu import MenuScene

app = App(build_parser().parse_args(["--data-dir", sys.argv[1], "--size", "960x600"]))
app.stack.push(MenuScene(app))
table = continue_game(app)  # the saved game, a bot to move: the table asks the real worker process
assert table is not None, "no game to continue"

def watch():
    while True:
        w = app._worker
        p = getattr(w, "_process", None)
        if p is not None and p.pid and w.pending:
            print("thinking", p.pid, flush=True)
            return
        time.sleep(0.01)

threading.Thread(target=watch, daemon=True).start()
sys.exit(app.run())
"""


def _saved_game(folder: Path) -> int:
    """A game in ``folder`` where the Master (seat 1) is to move; returns its number of moves."""
    store = Store(folder)
    session = Session.new(store, "uragan", {}, ["Анна", "Павел"], [None, "master"], seed=11)
    while session.match.current_player() != 1:
        session.play(session.match.legal_moves()[0])
    session.play(session.match.legal_moves()[0])  # the Master's first move, made for it
    while session.match.current_player() != 1:
        session.play(session.match.legal_moves()[0])
    store.flush()
    return len(session.match.moves)


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYTHONDONTWRITEBYTECODE": "1"}


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")  # ended, not yet reaped
    except FileNotFoundError:
        return True
    except OSError:
        return not Path(f"/proc/{pid}").exists()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_a_bot_thinks_ends_the_app_cleanly(tmp_path: Path, sig: int) -> None:
    moves = _saved_game(tmp_path)
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(tmp_path)], cwd=ROOT, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stdout.readline().split()  # waits until the worker process is thinking
        assert line[:1] == ["thinking"], proc.stderr.read()
        worker = int(line[1])
        os.killpg(proc.pid, sig)  # the whole group, as a terminal's Ctrl+C
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "leaked" not in err and "KeyboardInterrupt" not in err, err
    assert _gone(worker)
    saved = load_game(Store(tmp_path))
    assert saved is not None and len(saved.match["moves"]) >= moves


def test_ctrl_c_at_the_menu_of_salon(tmp_path: Path) -> None:
    """The real ``salon`` command: the worker is started while the menu shows; Ctrl+C ends both."""
    moves = _saved_game(tmp_path)
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from game.app import run; sys.exit(run())",
                             "--data-dir", str(tmp_path), "--size", "960x600"], cwd=ROOT, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        # Wait for the worker process (a child of the app) to exist: then the app is in its loop.
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        import time

        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if children.exists() and children.read_text().split():
                break
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "leaked" not in err, err
    saved = load_game(Store(tmp_path))
    assert saved is not None and len(saved.match["moves"]) == moves
