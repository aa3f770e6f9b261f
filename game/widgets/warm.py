"""Warming assets off the render thread: SVG rasterising releases the GIL, so a helper thread can
make the cloth and every card face while the window keeps drawing frames.

``Warmer.start(job)`` runs ``job()`` in a daemon thread; ``ready`` turns True when it ends (an error
is kept in ``error``; the caller then simply makes images on demand as before).

``Warmer.inline = True`` runs every job at once on the caller's thread: the tests set it, so no test
depends on how fast a helper thread happens to run on the machine it is given.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar


class Warmer:
    inline: ClassVar[bool] = False

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._generation = 0
        self.error: BaseException | None = None

    def start(self, job: Callable[[], None]) -> None:
        self._generation += 1
        generation = self._generation
        self.error = None

        def run() -> None:
            try:
                job()
            except Exception as err:  # a missing SVG: images will be made (or replaced) on demand
                if generation == self._generation:
                    self.error = err

        if Warmer.inline:
            self._thread = None
            run()
            return
        self._thread = threading.Thread(target=run, name="salon-warm", daemon=True)
        self._thread.start()

    @property
    def ready(self) -> bool:
        return self._thread is None or not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        if self._thread is not None:
            self._thread.join(timeout)
        return self.ready
