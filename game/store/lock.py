"""One writer per data folder: a lock held for the app's whole run, released when the process ends.

On POSIX the lock is ``fcntl.flock`` on ``.salon.lock`` in the folder (on Windows ``filelock``'s
``msvcrt.locking``); the system drops it when the process dies, even by SIGKILL, so a crash never
leaves the folder locked. One rule decides what the app does:

- the lock is taken: this app is the folder's writer;
- the lock is held by another process: read-only, "Salon is already open with this data folder";
- ``.salon.lock`` cannot be opened or locked for any other reason (a read-only file of another
  user that cannot even be read, a dangling symlink, a folder, a special file): read-only, and the
  reason is said. Never "no lock support": two writers on one folder lose games;
- only when the file system itself has no locks (``flock`` answers ENOLCK, EOPNOTSUPP, ENOSYS) is
  the app a writer without a lock, and it says so.

A ``.salon.lock`` that is a read-only regular file is opened for reading and locked all the same
(``flock`` does not need write access): a restored backup does not keep the folder read-only.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat as stat_module
import sys
from pathlib import Path
from typing import Any

LOCK_FILE = ".salon.lock"
HELD_ELSEWHERE = "Salon is already open with this data folder"
NO_LOCKS = "this drive has no file locks"  # the one case the app writes without a lock
_NO_SUPPORT = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP)}


class LockRefused(OSError):
    """``.salon.lock`` cannot be taken (not "held by another Salon"): the reason, for the player."""


class DataLock:
    """The lock on one data folder; ``acquire()`` is False when another process holds it, raises
    ``LockRefused`` when the lock file cannot be used, and ``NoLocks`` when the drive has no locks."""

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._fd: int | None = None
        self._win: Any = None

    def acquire(self) -> bool:
        """Take the lock if it is free (never waits). False: another Salon has the folder."""
        if sys.platform == "win32":  # pragma: no cover - Windows
            return self._acquire_windows()
        import fcntl

        fd = self._open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            os.close(fd)
            if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            if err.errno in _NO_SUPPORT:
                raise NoLocks(err.errno, NO_LOCKS) from None
            raise LockRefused(err.errno, f"{LOCK_FILE} cannot be locked ({err.strerror})") from None
        self._fd = fd
        return True

    def _open(self) -> int:
        """The lock file, opened without following a link and never blocking; ``LockRefused`` with
        the reason when it is not a regular file this process may open."""
        nofollow = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            st = None
        except OSError as err:
            raise LockRefused(err.errno, f"{LOCK_FILE} cannot be looked at ({err.strerror})") from None
        if st is not None and stat_module.S_ISLNK(st.st_mode):
            target = "a link to nothing" if not os.path.exists(self.path) else "a link"
            raise LockRefused(errno.ELOOP, f"{LOCK_FILE} is {target}, not a lock file")
        if st is not None and not stat_module.S_ISREG(st.st_mode):
            what = "a folder" if stat_module.S_ISDIR(st.st_mode) else "not a regular file"
            raise LockRefused(errno.EISDIR, f"{LOCK_FILE} is {what}, not a lock file")
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | nofollow, 0o644)
        except PermissionError:
            try:  # a read-only lock file (another user's, a restored backup): flock needs no write
                fd = os.open(self.path, os.O_RDONLY | nofollow)
            except OSError as err:
                raise LockRefused(err.errno, f"{LOCK_FILE} cannot be opened ({err.strerror})") from None
        except OSError as err:
            raise LockRefused(err.errno, f"{LOCK_FILE} cannot be opened ({err.strerror})") from None
        if not stat_module.S_ISREG(os.fstat(fd).st_mode):  # swapped between the look and the open
            os.close(fd)
            raise LockRefused(errno.EINVAL, f"{LOCK_FILE} is not a regular file")
        return fd

    def _acquire_windows(self) -> bool:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout

        try:
            self._win = FileLock(str(self.path), timeout=0, thread_local=False, fallback_to_soft=False)
        except TypeError:
            self._win = FileLock(str(self.path), timeout=0, thread_local=False)
        try:
            self._win.acquire(timeout=0)
        except Timeout:
            return False
        except OSError as err:
            raise LockRefused(err.errno, f"{LOCK_FILE} cannot be opened ({err.strerror})") from None
        return True

    @property
    def held(self) -> bool:
        return self._fd is not None or bool(self._win is not None and self._win.is_locked)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing the last descriptor drops the flock
            self._fd = None
        if self._win is not None:
            with contextlib.suppress(Exception):
                self._win.release(force=True)


class NoLocks(OSError):
    """The file system has no locks at all (a network drive without them)."""


def lock_data_folder(folder: Path | str) -> tuple[DataLock | None, str | None]:
    """``(lock, None)``: this process now holds ``folder`` and writes it. ``(None, reason)``: it
    does not, and ``reason`` says why: ``HELD_ELSEWHERE`` (another Salon), ``NO_LOCKS`` (the drive
    has none: the app writes all the same and says so) or why ``.salon.lock`` cannot be taken (the
    app is read-only and says so)."""
    lock = DataLock(folder)
    try:
        if lock.acquire():
            return lock, None
    except NoLocks:
        return None, NO_LOCKS
    except OSError as err:
        return None, str(err.args[1] if len(err.args) > 1 else err)
    return None, HELD_ELSEWHERE
