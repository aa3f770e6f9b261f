"""Salon's version: from the installed package's metadata, or the frozen app's build note.

``pip install`` (wheel or editable) records the version in the package metadata. The frozen app
carries no metadata: ``build.spec`` writes the version into the module ``salon_build_info``, which
it bundles. A bare clone that was never installed reads ``pyproject.toml`` beside ``game/``.
"""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from pathlib import Path

DIST_NAME = "salon"


def version() -> str:
    """``X.Y.Z``, or ``unknown`` when no source knows it."""
    if getattr(sys, "frozen", False):
        try:
            import salon_build_info  # type: ignore[import-not-found]  # written by build.spec

            return str(salon_build_info.VERSION)
        except ImportError:
            pass
    try:
        return importlib.metadata.version(DIST_NAME)
    except importlib.metadata.PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"
