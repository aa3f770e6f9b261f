"""Where Salon keeps the player's files: the platform's user data folder, or ``--data-dir``.

``platformdirs.user_data_dir("Salon", appauthor=False)``: ``~/.local/share/Salon`` on Linux,
``%LOCALAPPDATA%\\Salon`` on Windows, ``~/Library/Application Support/Salon`` on macOS. The
``SALON_DATA_DIR`` environment variable stands in for ``--data-dir`` (tests, portable installs).
"""

from __future__ import annotations

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


def resolve_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``override`` (from ``--data-dir``), else ``$SALON_DATA_DIR``, else the platform folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return default_data_dir()


def ensure_data_dir(override: str | os.PathLike[str] | None = None) -> tuple[Path, str | None]:
    """Create the data folder and check that it can be written: ``(path, None)``, or ``(path, reason)``
    when it cannot (the app then reads what it can from ``path``, writes nothing, and tells the
    player why). Nothing is created anywhere else: no temporary folder is left behind."""
    folder = resolve_data_dir(override)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe_write(folder)
    except OSError as err:
        return folder, err.strerror or str(err)
    return folder, None


def probe_write(folder: Path) -> None:
    """Create and remove an empty file in ``folder``; ``OSError`` if the folder cannot be written."""
    probe = folder / f".probe-{os.getpid()}"
    probe.write_bytes(b"")
    probe.unlink()
