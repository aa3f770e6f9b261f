"""Handing things to the desktop: open a folder in the system's file manager.

``open_folder(path)`` returns None when the file manager was asked to open it, else a short reason
for the player. It never raises: no file manager, a missing ``xdg-open`` or a refusal is a message.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TIMEOUT = 15.0  # seconds a launcher may take to hand the folder over (it returns once the window opens)


def folder_command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that opens ``path`` on ``platform`` (None on Windows: ``os.startfile`` does it)."""
    if platform == "win32":
        return None
    if platform == "darwin":
        return ["open", str(path)]
    return ["xdg-open", str(path)]


def open_folder(path: Path, command: list[str] | None = None) -> str | None:
    """Open ``path`` (created if missing) in the file manager; None on success, else why not."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return err.strerror or str(err)
    command = command or folder_command(path)
    try:
        if command is None:
            os.startfile(str(path))  # type: ignore[attr-defined]  # noqa: S606 - Windows only, no shell
            return None
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT,
                              stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        return f"{command[0] if command else 'startfile'}: not found"
    except subprocess.TimeoutExpired:
        return None  # still starting the file manager: it did not refuse
    except OSError as err:
        return err.strerror or str(err)
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        return reason[-1][:160] if reason else f"{command[0]} exited with {done.returncode}"
    return None
