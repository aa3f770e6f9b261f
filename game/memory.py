"""Give memory freed by a closed screen back to the system, so a long session's resident size holds.

Surfaces are large blocks (a 1920x1080 backdrop is 8 MB). glibc's allocator raises its mmap threshold
as big blocks come and go, after which they are carved from the heap, and freed ones stay resident.
``release_free_memory()`` collects reference cycles (a closed scene's surfaces wait for that) and asks
glibc to return free pages (``malloc_trim``; elsewhere only the collection runs). The app calls it when
a screen has closed, never within a steady stream of frames, and at most every few seconds.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import sys
import time
from typing import Any

MIN_INTERVAL_S = 3.0
ARENAS = 2  # glibc's malloc arenas (M_ARENA_MAX); its default (8 per core) gives each helper thread its own
M_ARENA_MAX = -8  # mallopt's parameter number (malloc.h)
_libc: Any = None
_last = 0.0


def _open_libc() -> Any:
    """glibc by its usual name first: ``find_library`` runs ``ldconfig`` (a process, tens of ms at
    start-up) and is only asked when that name is not there."""
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")


def _glibc() -> Any:
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = _open_libc()
                if hasattr(lib, "malloc_trim"):
                    _libc = lib
            except OSError:
                pass
    return _libc


def release_free_memory(force: bool = False) -> bool:
    """Free what closed screens left in reference cycles (they hold their big surfaces until the
    cycle collector runs, which a frame loop that allocates little rarely triggers), then return free
    heap pages to the system (glibc only). True when it ran (False: it ran less than
    ``MIN_INTERVAL_S`` ago)."""
    global _last
    now = time.monotonic()
    if not force and now - _last < MIN_INTERVAL_S:
        return False
    _last = now
    gc.collect()
    lib = _glibc()
    if lib:
        with contextlib.suppress(OSError, AttributeError):
            lib.malloc_trim(0)
    return True


def limit_arenas(arenas: int = ARENAS) -> bool:
    """Let glibc's allocator keep at most ``arenas`` heaps (call before helper threads start).

    Each thread that allocates gets an arena of its own by default, and what a helper thread frees
    (a background composed off the frame loop, card art) stays resident in it: about 10 MB at an
    Eralash table (docs/benchmarks.md, "Light and quick — memory"). Python's small objects are behind
    the GIL anyway, so the threads lose nothing by sharing. ``MALLOC_ARENA_MAX`` in the environment
    wins. True when set."""
    import os

    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    lib = _glibc()
    if not lib or not hasattr(lib, "mallopt"):
        return False
    try:
        return bool(lib.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        return False
