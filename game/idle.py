"""Waiting for the next event without spending CPU: the loop's sleep when nothing on screen moves.

pygame-ce's ``pygame.event.wait(timeout)`` is its own loop that pumps the queue and sleeps 1 ms at a
time (about 2 % of a core at rest under X11). SDL's own ``SDL_WaitEventTimeout`` really blocks (on the
window system's connection, woken by a posted event or an SDL timer), so ``EventWaiter`` calls it
through ctypes on the very SDL library pygame loaded, with a NULL event: it only waits, and the event
stays in the queue for ``pygame.event.get()``. Where that library cannot be found (or is older than
2.0.22, whose wait still polls) it sleeps in short steps and looks at the queue between them.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import time
from pathlib import Path
from typing import Any

POLL_STEP = 0.008  # the fallback's sleep between looks at the queue: half a frame at 60 Hz


def _loaded_sdl_path() -> str | None:
    """The file of the SDL 2 library this process has loaded (pygame's own copy), or None."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError), open("/proc/self/maps", encoding="utf-8", errors="replace") as f:
            for line in f:
                if "libSDL2-2" in line:  # pygame's own copy (libSDL2-2.0.so.0, libSDL2-2-<hash>.0.so…)
                    return line.rsplit(None, 1)[-1]
        return None
    with contextlib.suppress(Exception):
        import pygame

        folder = Path(pygame.__file__).parent
        names = ("SDL2.dll",) if sys.platform == "win32" else ("libSDL2-2.0.0.dylib",)
        for base in (folder, folder / ".dylibs", folder.parent / "pygame_ce.libs",
                     Path(getattr(sys, "_MEIPASS", folder))):
            for name in names:
                if (base / name).is_file():
                    return str(base / name)
        if sys.platform == "win32":
            return "SDL2.dll"  # a loaded module of that name is found first
    return None


def _sdl_wait() -> Any:
    """SDL_WaitEventTimeout of the loaded SDL (2.0.22 or later), or None."""
    path = _loaded_sdl_path()
    if path is None:
        return None
    try:
        lib = ctypes.CDLL(path)
        version = (ctypes.c_uint8 * 3)()
        lib.SDL_GetVersion(version)
        if tuple(version) < (2, 0, 22):
            return None
        wait = lib.SDL_WaitEventTimeout
        wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
        wait.restype = ctypes.c_int
        return wait
    except (OSError, AttributeError):
        return None


class EventWaiter:
    """``wait(seconds)``: return when an event is queued or the time is up (the event stays queued)."""

    def __init__(self, pg: Any, use_sdl: bool | None = None) -> None:
        self.pg = pg
        if use_sdl is None:
            use_sdl = os.environ.get("SALON_WAIT", "") != "poll"
        self._sdl = _sdl_wait() if use_sdl else None

    @property
    def blocking(self) -> bool:
        """True when the wait is SDL's own (no CPU spent while waiting)."""
        return self._sdl is not None

    def wait(self, seconds: float) -> None:
        ms = max(0, int(seconds * 1000))
        if self._sdl is not None:
            self._sdl(None, ms)
            return
        end = time.perf_counter() + ms / 1000
        while not self.pg.event.peek():
            left = end - time.perf_counter()
            if left <= 0:
                return
            time.sleep(min(POLL_STEP, left))
