"""Where Salon keeps the player's files: the platform's user data folder, or ``--data-dir``.

``platformdirs.user_data_dir("Salon", appauthor=False)``: ``~/.local/share/Salon`` on Linux,
``%LOCALAPPDATA%\\Salon`` on Windows, ``~/Library/Application Support/Salon`` on macOS. The
``SALON_DATA_DIR`` environment variable stands in for ``--data-dir`` (tests, portable installs).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs

APP_NAME = "Salon"
ENV_VAR = "SALON_DATA_DIR"

SETTINGS_FILE = "settings.json"
SAVE_FILE = "save.json"
STATS_FILE = "stats.json"


def default_data_dir() -> Path:
    """The platform's per-user data folder for Salon (not created)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class DataDirError(ValueError):
    """A data folder named so that it can never be found (``~nosuchuser/x``): one line for the player."""


def expand(text: str | os.PathLike[str], where: str) -> Path:
    """``text`` with ``~`` expanded; ``DataDirError`` when it names the home of no user on this system."""
    try:
        return Path(text).expanduser()
    except (RuntimeError, KeyError) as err:  # Path.expanduser: "Could not determine home directory"
        raise DataDirError(f"{where} {os.fsdecode(text)!r} names a home folder that does not exist") from err


def resolve_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``override`` (from ``--data-dir``), else ``$SALON_DATA_DIR``, else the platform folder;
    ``DataDirError`` for a ``~user`` that does not exist."""
    if override:
        return expand(override, "--data-dir")
    env = os.environ.get(ENV_VAR)
    if env:
        return expand(env, ENV_VAR)
    return default_data_dir()


def is_portable(override: str | os.PathLike[str] | None = None) -> bool:
    """Did the player name the data folder (``--data-dir`` or ``$SALON_DATA_DIR``)? Then the records
    are kept in it too, not in the documents folder."""
    return bool(override) or bool(os.environ.get(ENV_VAR))


def ensure_data_dir(override: str | os.PathLike[str] | None = None) -> tuple[Path, str | None]:
    """Create the data folder and check that it can be written: ``(path, None)``, or ``(path, reason)``
    when it cannot (the app then reads what it can from ``path``, writes nothing, and tells the
    player why). Nothing is created anywhere else: no temporary folder is left behind."""
    try:
        folder = resolve_data_dir(override)
    except DataDirError as err:  # $SALON_DATA_DIR=~nosuchuser/x: run, save nothing, and say why
        return Path(os.environ.get(ENV_VAR, "")), str(err)  # never created or written: read_only
    try:
        os.stat(folder)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return folder, "it is a link that leads back to itself"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe_write(folder)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return folder, "a link on the way to it leads back to itself"
        if isinstance(err, FileExistsError) and os.path.islink(folder):
            return folder, "it is a link to nothing"
        return folder, err.strerror or str(err)
    return folder, None


def probe_write(folder: Path) -> None:
    """Create and remove an empty file in ``folder``; ``OSError`` if the folder cannot be written."""
    probe = folder / f".probe-{os.getpid()}"
    probe.write_bytes(b"")
    probe.unlink()
