"""A clock for budget tests: every read advances it by a fixed step, so "the budget stops the search"
is checked by counting, never by how fast this machine happens to be right now."""

from __future__ import annotations

import types
from typing import Any


def ticking_clock(monkeypatch: Any, modules: list[Any], step: float = 0.001) -> dict[str, int]:
    """Replace ``time`` in each of ``modules`` by a clock that moves ``step`` seconds per read.

    Returns ``{"reads": n}``, updated as the clock is read."""
    state = {"reads": 0}

    def perf_counter() -> float:
        state["reads"] += 1
        return state["reads"] * step

    fake = types.SimpleNamespace(perf_counter=perf_counter, monotonic=perf_counter, time=perf_counter)
    for module in modules:
        monkeypatch.setattr(module, "time", fake)
    return state
