"""One place that finds the files Salon ships: ``importlib.resources``, from a clone, an installed wheel
or PyInstaller's bundle alike.

The first part of a name is the resource package that holds the file: ``sprites`` (card faces and
backs, table art, the icon), ``sounds`` (effects) or ``game`` (fonts, themes, i18n, the rules pages,
data). ``sprites`` and ``sounds`` are top-level packages of data (each has an ``__init__.py`` so that
setuptools and PyInstaller ship them like code).

    resource_path("sprites", "cards", "en-2c", "AS.svg")   # a Path, which may not exist
    asset("sounds", "deal.wav")                           # a Path to a file that exists, else AssetMissing

A missing file is a clear error naming it (``AssetMissing``), never a silent placeholder. Callers that
load a file and find it unreadable raise ``AssetUnreadable`` (``unreadable(path, error)``).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.resources
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGES = ("sprites", "sounds", "game")
_roots: dict[str, Traversable] = {}  # each package's folder, looked up once
_extracted = contextlib.ExitStack()  # files copied out of a zip import, kept until exit
atexit.register(_extracted.close)


class AssetError(Exception):
    """A file Salon ships is missing or unreadable: the installation is broken."""


class AssetMissing(AssetError, FileNotFoundError):
    def __init__(self, name: str, where: Path | str | Traversable) -> None:
        super().__init__(f"Salon's file {name} is missing (looked for {where}); reinstall Salon")
        self.name = name


class AssetUnreadable(AssetError):
    pass


def unreadable(path: Path | str, error: BaseException) -> AssetUnreadable:
    """The error to raise when a shipped file exists but cannot be loaded."""
    return AssetUnreadable(f"Salon's file {path} cannot be read ({error}); reinstall Salon")


def resource_path(package: str, *parts: str) -> Path:
    """The filesystem path of ``parts`` inside the resource package ``package`` (not checked)."""
    if package not in PACKAGES:
        raise ValueError(f"unknown resource package {package!r}; expected one of {PACKAGES}")
    root = _roots.get(package)
    if root is None:
        root = _roots[package] = importlib.resources.files(package)
    found = root.joinpath(*parts)
    if isinstance(found, Path):
        return found
    # a zip import (not how Salon is installed, but importlib.resources allows it): copy the file out
    if not found.is_file():
        raise AssetMissing("/".join((package, *parts)), found)
    return _extracted.enter_context(importlib.resources.as_file(found))


def asset(package: str, *parts: str) -> Path:
    """Like ``resource_path``, but the file must exist: else ``AssetMissing`` naming it."""
    path = resource_path(package, *parts)
    if not path.is_file():
        raise AssetMissing("/".join((package, *parts)), path)
    return path
