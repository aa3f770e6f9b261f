"""What the tools that time the app headless share (``open_cost.py``, ``step_cost.py``): an app on a
scratch data folder, closed after use; a call timed in milliseconds; a list of them said as its
median and worst."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def headless_app(data_dir: str, size: str = "1280x800") -> Iterator[Any]:
    """The app in English at ``size`` on ``data_dir`` (SDL's dummy drivers unless others are set)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App, build_parser

    app = App(build_parser().parse_args(["--data-dir", data_dir, "--lang", "en", "--size", size]))
    try:
        yield app
    finally:
        app.close()


def timed_ms(call: Callable[[], object]) -> float:
    """How long ``call()`` took, wall time, in milliseconds."""
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def spread(ms: list[float]) -> str:
    """ "median 1.2 ms, worst 3.4 ms" (0 for none)."""
    return f"median {statistics.median(ms or [0]):.1f} ms, worst {max(ms or [0]):.1f} ms"
