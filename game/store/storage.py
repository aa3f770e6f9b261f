"""Versioned JSON files that survive crashes: atomic writes, forward migrations, bad files kept aside.

Every file Salon writes (settings, the game in progress, statistics) goes through a ``Store``:

- a write goes to a temporary file in the same folder, is flushed and fsynced, then ``os.replace``-d
  over the old one, so a crash at any instant leaves either the old file or the new one, never half;
- a file that cannot be read (truncated, not JSON, no version) is renamed aside with a timestamp,
  ``save.corrupt-20261129-142233.json``, and the game goes on with defaults;
- a file from a newer Salon is left untouched and is never written over in this session;
- an older file is migrated forward step by step through the kind's migration table.

Problems become ``Notice`` values (an i18n key, its parameters and an English sentence) that the app
shows on the menu. JSON only, never a binary object dump.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import os
import shutil
import stat as stat_module
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

Migration = Callable[[dict[str, Any]], dict[str, Any]]

TMP_SUFFIX = ".tmp"
REPLACE_RETRIES = 10  # Windows: an antivirus or indexer may hold the target for a moment
REPLACE_DELAY = 0.05
STALE_TMP_SECONDS = 60.0


@dataclass(frozen=True)
class Notice:
    """One sentence for the player about a file: ``key`` and ``params`` for i18n, ``text`` in English."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.key


@dataclass(frozen=True)
class FileKind:
    """A kind of versioned file: its name, current version and the steps from each old version.

    ``migrations[v]`` turns a version-``v`` document into a version-``v + 1`` one.
    """

    name: str  # "settings", "save", "stats"
    filename: str  # "settings.json"
    version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)

    def migrate(self, doc: dict[str, Any]) -> dict[str, Any]:
        """Bring ``doc`` from its version up to ``self.version``; ``KeyError`` if a step is missing."""
        v = doc["version"]
        while v < self.version:
            doc = self.migrations[v](dict(doc))
            v += 1
            doc["version"] = v
        return doc


class CorruptFile(ValueError):
    """The bytes on disk are not a usable document of this kind."""


def to_json_text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_json_atomic(path: Path, data: Any, *, retries: int = REPLACE_RETRIES) -> None:
    """Write ``data`` as JSON to ``path`` so that a crash at any instant leaves old or new, never half."""
    write_text_atomic(Path(path), to_json_text(data), retries=retries)


KILL_ENV = "SALON_KILL_AT"  # tests: SIGKILL this process at its Nth change of the file system
_changes = [0]
_changes_lock = threading.Lock()


def fs_change(what: str) -> None:
    """Called just before each change the app makes to the data folder (a temporary file made, a
    rename, a removal). With ``$SALON_KILL_AT=N`` the process kills itself (SIGKILL) at the Nth: the
    kill-at-every-write tests run each change as a point of death. ``$SALON_KILL_LOG`` names a file
    each change is appended to (the tests count the points)."""
    at = os.environ.get(KILL_ENV)
    log = os.environ.get("SALON_KILL_LOG")
    if not at and not log:
        return
    with _changes_lock:
        _changes[0] += 1
        n = _changes[0]
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(f"{n} {what}\n")
        if at and n == int(at):
            import signal

            os.kill(os.getpid(), signal.SIGKILL)


def write_text_atomic(path: Path, text: str, *, retries: int = REPLACE_RETRIES) -> None:
    """Temporary file in the same folder, flush, fsync, ``os.replace``, fsync the folder."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}{TMP_SUFFIX}")
    try:
        fs_change(f"write {path.name}")
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        fs_change(f"replace {path.name}")
        _replace(tmp, path, retries)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _replace(src: Path, dst: Path, retries: int) -> None:
    for attempt in range(retries + 1):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == retries:
                raise
            time.sleep(REPLACE_DELAY * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open a directory and needs no such step."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


Text = str | Callable[[], str]  # a file's text, or what makes it
Writer = Callable[[Path, str], None]


class BackgroundWriter:
    """Writes files on a helper thread, so a save after every move never stalls a frame (an fsync
    costs milliseconds to tens of milliseconds). Writes to one path coalesce: only the newest text
    is written. ``flush`` waits for what is pending; it runs at exit, and before any load.
    """

    def __init__(self) -> None:
        self._pending: dict[Path, tuple[Text, Callable[[OSError], None], Callable[[], None], Writer]] = {}
        self._busy: Path | None = None
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, text: Text, on_error: Callable[[OSError], None],
               on_done: Callable[[], None], write: Writer | None = None) -> None:
        """Write ``text`` to ``path`` soon (a function is called for the text on the writer thread);
        ``write(path, text)`` does the writing (default ``write_text_atomic``)."""
        with self._cond:
            self._pending[path] = (text, on_error, on_done, write or write_text_atomic)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="salon-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def cancel(self, path: Path) -> None:
        """Drop a pending write of ``path`` and wait if it is being written right now."""
        with self._cond:
            self._pending.pop(path, None)
            while self._busy == path:
                self._cond.wait(0.05)

    def flush(self, path: Path | None = None, timeout: float = 10.0) -> bool:
        """Wait until ``path`` (or everything) is written; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._waiting(path):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    def _waiting(self, path: Path | None) -> bool:
        if path is None:
            return bool(self._pending) or self._busy is not None
        return path in self._pending or self._busy == path

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                path = next(iter(self._pending))
                text, on_error, on_done, write = self._pending.pop(path)
                self._busy = path
            try:
                write(path, text() if callable(text) else text)
            except OSError as err:
                on_error(err)
            except (TypeError, ValueError) as err:  # a document that cannot be JSON: a failed write
                on_error(OSError(f"not written: {err}"))
            else:
                on_done()
            finally:
                with self._cond:
                    self._busy = None
                    self._cond.notify_all()


WRITER = BackgroundWriter()
atexit.register(WRITER.flush)


RESERVE_FILE = ".salon.reserve"
RESERVE_BYTES = 96 * 1024  # room for a save and the statistics, given up when the disk is full

MAX_BYTES = 8 * 1024 * 1024  # a long Eralash match saves in tens of kilobytes
MAX_DEPTH = 32  # our documents nest five or six deep
MAX_INT_DIGITS = 40  # no count, seed or size comes near; longer is damage, not data
MAX_VERSION = 10_000  # a "newer" file beyond this is damage, not a Salon from the future


def read_regular_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (``engine.files.read_regular_bytes``, the one guarded
    reader): ``FileNotFoundError`` when missing, ``CorruptFile`` when it is not a regular file (a
    folder, a FIFO, a device: opening one could block start-up) or is larger than ``limit``."""
    from engine.files import FileRefused
    from engine.files import read_regular_bytes as guarded

    try:
        return guarded(path, limit)
    except FileRefused as err:
        raise CorruptFile(str(err)) from None


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise CorruptFile("a number far too long")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise CorruptFile(f"{name} is not a JSON number")


def check_shape(doc: Any, max_depth: int = MAX_DEPTH) -> None:
    """``CorruptFile`` if ``doc`` nests deeper than ``max_depth`` or holds text that cannot be written
    back as UTF-8 (a lone surrogate from a ``\\ud800`` escape). Iterative: no recursion limit to hit."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > max_depth:
            raise CorruptFile(f"nested deeper than {max_depth}")
        if isinstance(node, dict):
            for k, v in node.items():
                _check_text(k)
                stack.append((v, depth + 1))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
        elif isinstance(node, str):
            _check_text(node)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise CorruptFile("text that is not valid Unicode") from err


def plain_bool(value: Any) -> bool | None:
    """``true``/``false`` as a hand-edited file may spell them ("yes", "no", 1, 0, "true"); None for
    anything that says neither."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("yes", "true", "1", "on", "да"):
            return True
        if word in ("no", "false", "0", "off", "нет", ""):
            return False
    return None


def parse_document(raw: bytes) -> dict[str, Any]:
    """Bytes to a checked JSON object with a sane integer ``"version"``; ``CorruptFile`` otherwise."""
    try:
        # "utf-8-sig": a byte-order mark (an editor on Windows puts one) is not damage
        doc = json.loads(raw.decode("utf-8-sig"), parse_int=_parse_int, parse_constant=_parse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:  # JSONDecodeError is a ValueError
        if isinstance(err, CorruptFile):
            raise
        raise CorruptFile(f"not readable JSON ({type(err).__name__})") from err
    if not isinstance(doc, dict):
        raise CorruptFile("not a JSON object")
    check_shape(doc)
    version = doc.get("version")
    if isinstance(version, float) and version.is_integer():  # "version": 1.0 is plainly version 1
        version = doc["version"] = int(version)
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= MAX_VERSION:
        raise CorruptFile("no valid version number")
    return doc


def read_document(path: Path) -> dict[str, Any]:
    """The JSON object at ``path`` with an integer ``"version"``; ``CorruptFile`` otherwise."""
    return parse_document(read_regular_bytes(Path(path)))


class Store:
    """The data folder: loads and saves versioned JSON files and collects notices for the player."""

    def __init__(self, folder: Path | str, read_only: str | None = None) -> None:
        """``read_only``: why the folder cannot be written (from ``paths.ensure_data_dir``). The files
        are then read as usual and nothing is written, moved or created; the player is told once."""
        self.folder = Path(folder)
        self.notices: list[Notice] = []
        self._blocked: dict[str, str] = {}  # file -> why it is never written over ("newer", "unreadable")
        self._write_failed: set[str] = set()
        self._refused_told: set[str] = set()
        self._unwritten: dict[Path, Text] = {}  # what the disk refused, kept to be written again
        self.reserve_spent = False
        self.read_only = read_only
        if read_only is not None:
            from game.store.lock import HELD_ELSEWHERE, LOCK_FILE
            from game.words.safe import safe_text

            shown = safe_text(self.folder)
            if read_only.startswith(LOCK_FILE):  # the lock file cannot be taken: another may write
                self.notices.append(Notice(
                    "storage.lock_refused", {"path": shown, "reason": safe_text(read_only)},
                    f"This window saves nothing: the lock of the data folder {shown} cannot be taken "
                    f"({read_only}), so another Salon may be writing there."))
                return
            if read_only == HELD_ELSEWHERE:
                self.notices.append(Notice(
                    "storage.locked", {"path": shown},
                    f"Salon is already open with this data folder ({shown}). This window saves nothing: "
                    "your game, settings and statistics are kept by the other one."))
                return
            self.notices.append(Notice(
                "storage.read_only", {"path": shown, "reason": safe_text(read_only)},
                f"Progress cannot be saved: the data folder {shown} cannot be written ({read_only})."))
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self._remove_stale_temporaries()
        self._make_reserve()

    def note_no_locks(self) -> None:
        """The drive has no file locks: this app writes, and the player is told that a second Salon
        on the same folder would not be kept out."""
        from game.words.safe import safe_text

        shown = safe_text(self.folder)
        self.notices.append(Notice("storage.no_locks", {"path": shown},
                                   f"The drive of the data folder {shown} has no file locks: do not open "
                                   "Salon twice with it, or one window may save over the other."))

    def path(self, kind: FileKind) -> Path:
        return self.folder / kind.filename

    def is_blocked(self, kind: FileKind) -> bool:
        """True when the file on disk is from a newer Salon, so this session leaves it alone."""
        return kind.filename in self._blocked

    def load(self, kind: FileKind) -> dict[str, Any] | None:
        """The current-version document, or None (missing, set aside as corrupt, or from a newer Salon)."""
        path = self.path(kind)
        if kind.filename in self._blocked:  # from a newer Salon or unreadable: said once, left alone
            return None
        WRITER.flush(path)  # read what this process last saved, not what it is still writing
        try:
            doc = read_document(path)
        except (FileNotFoundError, NotADirectoryError):  # missing (a folder that cannot exist: none)
            return None
        except OSError as err:
            self._note("storage.unreadable", kind, f"Could not read {path.name} ({err.strerror}); "
                       "using defaults.")
            self._blocked[kind.filename] = "unreadable"  # it may be fine: never clobber what was not read
            return None
        except CorruptFile:
            self.set_aside(kind)
            return None
        if doc["version"] > kind.version:
            self._blocked[kind.filename] = "newer"
            self._note("storage.newer", kind,
                       f"{path.name} was written by a newer version of Salon; it is kept as it is "
                       "and this session will not save over it.")
            return None
        try:
            return kind.migrate(doc)
        except Exception:  # any failure of an old file's migration: keep it aside, as for corrupt
            self.set_aside(kind)
            return None

    def _aside_path(self, kind: FileKind) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        stem = Path(kind.filename).stem
        target = self.folder / f"{stem}.corrupt-{stamp}.json"
        n = 1
        while os.path.lexists(target):
            n += 1
            target = self.folder / f"{stem}.corrupt-{stamp}-{n}.json"
        return target

    def keep_copy(self, kind: FileKind, what: str) -> Path | None:
        """A file that was only damaged in part: copy it to ``<name>.corrupt-<timestamp>.json`` (the
        good part goes on being used and is saved over the original) and tell the player."""
        path = self.path(kind)
        target = self._aside_path(kind)
        try:
            if self.read_only is not None:
                raise OSError("read-only folder")
            if not stat_module.S_ISREG(os.stat(path).st_mode):
                raise OSError("not a regular file")
            shutil.copyfile(path, target)
        except OSError:
            self._note("storage.damaged_part", kind,
                       f"Part of {path.name} ({what}) was damaged and starts again.", what=what, aside="")
            return None
        self._note("storage.damaged_part_kept", kind,
                   f"Part of {path.name} ({what}) was damaged and starts again; the file as it was is "
                   f"kept as {target.name}.", what=what, aside=target.name)
        return target

    def set_aside(self, kind: FileKind) -> Path | None:
        """Rename a bad file to ``<name>.corrupt-<timestamp>.json`` and tell the player; return the path."""
        path = self.path(kind)
        target = self._aside_path(kind)
        try:
            if self.read_only is not None:
                raise OSError("read-only folder")
            fs_change(f"set aside {path.name}")
            _replace(path, target, REPLACE_RETRIES)
        except OSError:
            self._blocked[kind.filename] = "unreadable"
            self._note("storage.corrupt_kept", kind,
                       f"{path.name} is damaged and could not be moved aside; using defaults.")
            return None
        self._note("storage.corrupt", kind,
                   f"{path.name} was damaged; it was kept as {target.name} and defaults are used.",
                   aside=target.name)
        return target

    def save(self, kind: FileKind, doc: Mapping[str, Any] | Callable[[], Mapping[str, Any]], *,
             background: bool = False) -> bool:
        """Write ``doc`` (its version set to the kind's); False when blocked or the disk refused.

        ``background=True`` (the autosave after each move) hands the write to ``WRITER`` and returns
        at once; a failure then shows up as a notice. ``doc`` may be a function making the document:
        in the background it is then called, and its JSON made, on the writer thread."""
        if self.read_only is not None:
            return False
        if kind.filename in self._blocked:
            self._refused(kind)
            return False

        def text() -> str:
            made_doc = doc() if callable(doc) else doc
            fast = getattr(made_doc, "json_text", None)
            if callable(fast):  # a document that writes its own JSON (the save: its moves made as played)
                return str(fast(kind.version))
            data = dict(made_doc)
            data["version"] = kind.version
            return to_json_text(data)

        path = self.path(kind)
        made: Text = text if callable(doc) else text()
        if background:
            WRITER.submit(path, made, lambda err: self._write_error(kind, err, made),
                          lambda: self._written(kind), self._write_or_spend_reserve)
            return True
        WRITER.cancel(path)  # an older background write must not land after this one
        try:
            self._write_or_spend_reserve(path, made() if callable(made) else made)
        except OSError as err:
            self._write_error(kind, err, made)
            return False
        except (TypeError, ValueError) as err:  # a document that cannot be JSON: a failed write
            self._write_error(kind, OSError(f"not written: {err}"), None)
            return False
        self._written(kind)
        return True

    def _written(self, kind: FileKind) -> None:
        self._write_failed.discard(kind.filename)
        self._unwritten.pop(self.path(kind), None)

    # --- a full disk: the reserve, and what is kept to be written again ------------------------------

    def _make_reserve(self) -> None:
        """A file of ``RESERVE_BYTES`` kept in the folder: on a full disk it is given up, so the
        writes that keep a game and its result still find room (``_write_or_spend_reserve``)."""
        path = self.folder / RESERVE_FILE
        with contextlib.suppress(OSError):
            if os.lstat(path).st_size >= RESERVE_BYTES:
                return
        try:
            fs_change("write reserve")
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
            try:
                if hasattr(os, "posix_fallocate"):
                    os.posix_fallocate(fd, 0, RESERVE_BYTES)
                else:  # pragma: no cover - Windows, macOS
                    os.write(fd, b"\0" * RESERVE_BYTES)
            finally:
                os.close(fd)
        except OSError:  # no room for it now: tried again at the next start
            with contextlib.suppress(OSError):
                if os.lstat(path).st_size < RESERVE_BYTES:
                    os.unlink(path)

    def _spend_reserve(self) -> bool:
        """Give the reserve up (once); True when that freed room."""
        path = self.folder / RESERVE_FILE
        try:
            if not stat_module.S_ISREG(os.lstat(path).st_mode):
                return False
            fs_change("remove reserve")
            os.unlink(path)
        except OSError:
            return False
        return True

    def _write_or_spend_reserve(self, path: Path, text: str) -> None:
        """``write_text_atomic``; on a full disk, once more after giving the reserve up."""
        try:
            write_text_atomic(path, text)
        except OSError as err:
            full = err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
            if not full or not self._spend_reserve():
                raise
            write_text_atomic(path, text)
            if not self.reserve_spent:  # said once, and only when the room set aside did keep the file
                self.reserve_spent = True
                self.notices.append(Notice("storage.disk_full", {"file": path.name},
                                           "The disk is full: Salon used the room it keeps aside to save "
                                           "your game. Free some space on the disk."))

    def write_again(self) -> bool:
        """Try once more to write what the disk refused this session (kept in memory); True when
        nothing is left unwritten. The app calls it before it closes."""
        for path, text in list(self._unwritten.items()):
            try:
                self._write_or_spend_reserve(path, text() if callable(text) else text)
            except (OSError, TypeError, ValueError):
                continue
            self._unwritten.pop(path, None)
            self._write_failed.discard(path.name)
        return not self._unwritten

    def _refused(self, kind: FileKind) -> None:
        """A write of a file this session must not write over (from a newer Salon, or unreadable): a
        failed write like any other, said once, with what it means for the player."""
        self._write_failed.add(kind.filename)
        if kind.filename in self._refused_told:
            return
        self._refused_told.add(kind.filename)
        why = self._blocked.get(kind.filename, "unreadable")
        self._note("storage.not_written_" + why, kind,
                   f"{kind.filename} is {'from a newer Salon' if why == 'newer' else 'unreadable'}: "
                   "this session does not write it, so what it would keep is not kept.")

    def write_failed(self, kind: FileKind) -> bool:
        """Did the last write of ``kind`` fail (the disk refused it)?"""
        WRITER.flush(self.path(kind))
        return kind.filename in self._write_failed

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait for background writes (the app calls this before it quits)."""
        return WRITER.flush(timeout=timeout)

    def _write_error(self, kind: FileKind, err: OSError, text: Text | None) -> None:
        if text is not None:
            self._unwritten[self.path(kind)] = text
        if kind.filename not in self._write_failed:  # one notice per file, not one per move
            self._write_failed.add(kind.filename)
            self._note("storage.write_failed", kind,
                       f"Could not write {kind.filename} ({err.strerror or err}).")

    def remove(self, kind: FileKind) -> None:
        """Delete the file (e.g. the save once its game is over); blocked files are left alone."""
        if kind.filename in self._blocked or self.read_only is not None:
            return
        WRITER.cancel(self.path(kind))  # a pending autosave must not bring the file back
        self._unwritten.pop(self.path(kind), None)
        if not os.path.lexists(self.path(kind)):
            return
        fs_change(f"remove {kind.filename}")
        with contextlib.suppress(FileNotFoundError):
            self.path(kind).unlink()

    def take_notices(self) -> list[Notice]:
        """The notices so far, emptying the list (the menu shows each once)."""
        out, self.notices = self.notices, []
        return out

    def _note(self, key: str, kind: FileKind, text: str, **params: str) -> None:
        self.notices.append(Notice(key, {"file": kind.filename, **params}, text))

    def _remove_stale_temporaries(self) -> None:
        """Temporaries left by a process killed mid-write are garbage: the real file is intact.

        Only old ones: a second Salon running at the same time may be between its write and replace.
        """
        now = time.time()
        for tmp in self.folder.glob(f".*.json.*{TMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                if now - tmp.stat().st_mtime > STALE_TMP_SECONDS:
                    tmp.unlink()
