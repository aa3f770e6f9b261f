"""Where Salon keeps the player's files: the platform's user data folder, or ``--data-dir``.

``platformdirs.user_data_dir("Salon", appauthor=False)``: ``~/.local/share/Salon`` on Linux,
``%LOCALAPPDATA%\\Salon`` on Windows, ``~/Library/Application Support/Salon`` on macOS. The
``SALON_DATA_DIR`` environment variable stands in for ``--data-dir`` (tests, portable installs).
"""

from __future__ import annotations

import os
import tempfile
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


def ensure_data_dir(override: str | os.PathLike[str] | None = None) -> tuple[Path, bool]:
    """Create and return the data folder; ``(path, False)`` means it could not be made and a fresh
    temporary folder is used instead, so the game still runs (nothing will persist)."""
    folder = resolve_data_dir(override)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return folder, True
    except OSError:
        return Path(tempfile.mkdtemp(prefix="salon-")), False
