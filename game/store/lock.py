"""One writer per data folder: a lock held for the app's whole run, released when the process ends.

``filelock`` locks ``.salon.lock`` in the folder with the system's own locks (``fcntl.flock`` on Linux
and macOS, ``msvcrt.locking`` on Windows); the system drops them when the process dies, even by
SIGKILL, so a crash never leaves the folder locked. A second app on the same folder gets no lock and
opens it read-only (it says so and writes nothing).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

LOCK_FILE = ".salon.lock"
HELD_ELSEWHERE = "Salon is already open with this data folder"


class DataLock:
    """The lock on one data folder; ``acquire()`` is False when another process holds it."""

    def __init__(self, folder: Path | str) -> None:
        from filelock import FileLock

        self.path = Path(folder) / LOCK_FILE
        # thread_local=False: the app's helper threads write under the lock the main thread took.
        # No "soft" lock (a file that merely exists) on a drive without system locks: that one would
        # outlive a killed process and keep the folder read-only for good.
        try:
            self._lock: Any = FileLock(str(self.path), timeout=0, thread_local=False, fallback_to_soft=False)
        except TypeError:  # an older filelock: it has no soft fallback to turn off
            self._lock = FileLock(str(self.path), timeout=0, thread_local=False)

    def acquire(self) -> bool:
        """Take the lock if it is free (never waits). False: another Salon has the folder."""
        from filelock import Timeout

        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            return False
        return True

    @property
    def held(self) -> bool:
        return bool(self._lock.is_locked)

    def release(self) -> None:
        with contextlib.suppress(Exception):
            self._lock.release(force=True)


def lock_data_folder(folder: Path | str) -> tuple[DataLock | None, bool]:
    """``(lock, True)`` when this process now holds ``folder``; ``(None, False)`` when another Salon does.
    A lock that cannot be made at all (no lock support on the drive) gives ``(None, True)``: the app
    goes on as the folder's writer, as it did before there were locks."""
    try:
        lock = DataLock(folder)
        if lock.acquire():
            return lock, True
    except (OSError, ImportError):  # no lock support here (a network drive, an odd system)
        return None, True
    return None, False
