"""Give memory freed by a closed screen back to the system, so a long session's resident size holds.

Surfaces are large blocks (a 1920x1080 backdrop is 8 MB). glibc's allocator raises its mmap threshold
as big blocks come and go, after which they are carved from the heap, and freed ones stay resident.
``release_free_memory()`` collects reference cycles (a closed scene's surfaces wait for that) and asks
glibc to return free pages (``malloc_trim``; elsewhere only the collection runs). The app calls it when
a screen has closed, never within a steady stream of frames, and at most every few seconds.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
import time
from typing import Any

MIN_INTERVAL_S = 3.0
_libc: Any = None
_last = 0.0


def _glibc() -> Any:
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                if hasattr(lib, "malloc_trim"):
                    _libc = lib
            except OSError:
                pass
    return _libc


def release_free_memory(force: bool = False) -> bool:
    """Free what closed screens left in reference cycles (they hold their big surfaces until the
    cycle collector runs, which a frame loop that allocates little rarely triggers), then return free
    heap pages to the system (glibc only). True when it ran."""
    global _last
    now = time.monotonic()
    if not force and now - _last < MIN_INTERVAL_S:
        return False
    _last = now
    gc.collect()
    lib = _glibc()
    if not lib:
        return False
    try:
        lib.malloc_trim(0)
    except (OSError, AttributeError):
        return False
    return True
