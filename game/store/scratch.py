"""A scratch copy of a data folder, for checks that must read the player's files but never change them."""

from __future__ import annotations

import os
import stat as stat_module
from pathlib import Path

from game.store.storage import MAX_BYTES, RESERVE_FILE, CorruptFile, read_regular_bytes

LOCK_FILE = ".salon.lock"


def scratch_copy(source: Path | str, target: Path | str) -> Path:
    """Copy the data folder ``source`` into the new folder ``target`` and return ``target``.

    Only ``source``'s regular files at the top level are read (through the guarded reader: no FIFO,
    device or oversized file is opened), and nothing in ``source`` is created, changed or removed. A
    missing or unreadable ``source`` gives an empty copy, as a first start would see."""
    source, target = Path(source), Path(target)
    target.mkdir(parents=True, exist_ok=False)
    try:
        names = sorted(os.listdir(source))
    except OSError:
        return target
    for name in names:
        if name in (LOCK_FILE, RESERVE_FILE) or name.startswith(".probe-") or name.endswith(".tmp"):
            continue
        path = source / name
        try:
            if not stat_module.S_ISREG(os.lstat(path).st_mode) and not path.is_file():
                continue
            data = read_regular_bytes(path, MAX_BYTES)
        except (OSError, CorruptFile, ValueError):
            continue
        try:
            (target / name).write_bytes(data)
        except (OSError, ValueError):  # a name this file system cannot hold: the copy goes without it
            continue
    return target
