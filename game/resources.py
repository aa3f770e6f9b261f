"""One place that finds bundled files: source tree, installed package, or PyInstaller's bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def base_dir() -> Path:
    """The folder holding ``sprites/``, ``sounds/`` and ``game/`` (read-only at run time)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """``resource_path("sprites", "cards", "AS.svg")`` wherever the app runs from."""
    return base_dir().joinpath(*parts)
