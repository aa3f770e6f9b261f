"""One lock rule, on real lock files: a ``.salon.lock`` that cannot be taken is never "no lock support".

Each kind is made for real (a read-only file, a file no one may open, a dangling link, a link, a folder,
a FIFO, a lock held by another live process) and the lock is tried by a real process without
``CAP_DAC_OVERRIDE`` and ``CAP_DAC_READ_SEARCH`` (``setpriv`` drops them, so the file modes count as
they do for a player; not root: the process has none to drop). The answer is the folder's writer only
when the lock is really taken; otherwise read-only, with the reason; and only a drive with no locks at
all writes unlocked, saying so."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT

from game.store import lock as lock_module
from game.store.lock import HELD_ELSEWHERE, LOCK_FILE, NO_LOCKS, lock_data_folder
from game.store.storage import Store

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes and flock")

TRY = "from game.store.lock import lock_data_folder; import sys; print(lock_data_folder(sys.argv[1])[1])"
HOLD = ("from game.store.lock import lock_data_folder; import sys; "
        "lock, why = lock_data_folder(sys.argv[1]); "
        "print(why, flush=True); sys.stdin.read()")
CAPS = "-dac_override,-dac_read_search"


def unprivileged(argv: list[str]) -> list[str]:
    """``argv`` run without the capabilities that ignore file modes (a root CI runs it through setpriv)."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        if os.environ.get("CI"):
            pytest.fail("running as root without setpriv: file modes cannot be made to count")
        pytest.skip("running as root without setpriv: file modes cannot be made to count")
    return [setpriv, f"--inh-caps={CAPS}", f"--bounding-set={CAPS}", *argv]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def try_lock(folder: Path) -> str:
    """What a real, unprivileged process gets from ``lock_data_folder`` (its reason, "None" if taken)."""
    done = subprocess.run(unprivileged([sys.executable, "-c", TRY, str(folder)]), capture_output=True,
                          text=True, timeout=60, env=env(), cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def kind(folder: Path, name: str) -> None:
    """Make ``.salon.lock`` in ``folder`` the kind called ``name``."""
    path = folder / LOCK_FILE
    if name == "read-only file":
        path.write_bytes(b"")
        path.chmod(0o444)
    elif name == "file no one may open":
        path.write_bytes(b"")
        path.chmod(0o000)
    elif name == "dangling link":
        path.symlink_to(folder / "gone" / "lock")
    elif name == "link to a file":
        (folder / "elsewhere").write_bytes(b"")
        path.symlink_to(folder / "elsewhere")
    elif name == "folder":
        path.mkdir()
    elif name == "fifo":
        os.mkfifo(path)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    where = tmp_path / "data"
    where.mkdir()
    where.chmod(0o777)  # the unprivileged process may create files here: only the lock file's mode counts
    return where


@pytest.mark.parametrize("name, refused", [
    ("file no one may open", "cannot be opened"),
    ("dangling link", "a link to nothing"),
    ("link to a file", "is a link"),
    ("folder", "is a folder"),
    ("fifo", "not a regular file"),
])
def test_a_lock_file_that_cannot_be_taken_makes_the_app_read_only_never_a_second_writer(folder, name,
                                                                                        refused):
    kind(folder, name)
    reason = try_lock(folder)
    assert reason.startswith(LOCK_FILE) and refused in reason, reason
    assert reason not in ("None", NO_LOCKS)
    store = Store(folder, read_only=reason)  # what the app does with it: reads, writes nothing, says why
    assert [n.key for n in store.notices] == ["storage.lock_refused"]
    assert not store.save(lock_module_kind(), {"x": 1}) and not (folder / "thing.json").exists()


def lock_module_kind():  # a file kind to try a write with
    from game.store.storage import FileKind

    return FileKind("thing", "thing.json", version=1)


def test_a_read_only_lock_file_is_still_one_writer_at_a_time(folder):
    kind(folder, "read-only file")
    first = subprocess.Popen(unprivileged([sys.executable, "-c", HOLD, str(folder)]), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)
    try:
        assert first.stdout.readline().strip() == "None", first.stderr.read()  # taken, opened read-only
        assert try_lock(folder) == HELD_ELSEWHERE  # the second is kept out
    finally:
        first.stdin.close()
        first.wait(timeout=30)
    assert try_lock(folder) == "None"  # the first gone: free again


def test_a_lock_held_by_another_live_process_is_held_elsewhere(folder):
    first = subprocess.Popen(unprivileged([sys.executable, "-c", HOLD, str(folder)]), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)
    try:
        assert first.stdout.readline().strip() == "None", first.stderr.read()
        assert try_lock(folder) == HELD_ELSEWHERE
    finally:
        first.stdin.close()
        first.wait(timeout=30)


def test_only_a_drive_without_locks_writes_unlocked_and_says_so(folder, monkeypatch):
    import fcntl

    def no_locks(fd: int, op: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    lock, reason = lock_data_folder(folder)
    assert lock is None and reason == NO_LOCKS
    store = Store(folder)
    store.note_no_locks()
    assert [n.key for n in store.notices] == ["storage.no_locks"]
    assert lock_module.DataLock(folder).held is False
