"""``python -m engine bench --game eralash``: random full deals per second and move-generation costs."""

from __future__ import annotations

import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from engine.eralash.deal import Deal
from engine.eralash.options import Options


def _rate(body: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Run ``body`` (returning how many units it did) for ``seconds`` of this process's CPU time.

    CPU time, not wall time: on a shared machine other processes would otherwise halve the figure.
    """
    units = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        units += body()
        now = time.process_time()
        if now >= deadline:
            return units, now - start


def _positions(rng: random.Random, count: int) -> list[Deal]:
    """Mid-deal positions (some cards of some tricks played) to time per-move operations on."""
    out: list[Deal] = []
    opts = Options()
    while len(out) < count:
        d = Deal.new(opts, 4, rng.randrange(4), rng)
        for _ in range(rng.randrange(40)):
            moves = d.legal_moves()
            d.play(moves[int(rng.random() * len(moves))])
        out.append(d)
    return out


def run(seconds: float = 3.0) -> dict[str, Any]:
    """Throughput on one core: full 4-player deals (dealing, runs, trump, 52 random legal cards).

    Rates are per second of CPU time of this one process; ``wall_deals_per_second`` is the same
    measurement by the wall clock (lower when other processes share the cores).
    """
    rng = random.Random(2024)
    opts = Options()

    def deals() -> int:
        for i in range(200):
            Deal.new(opts, 4, i & 3, rng).random_playout(rng)
        return 200

    wall = time.perf_counter()
    n_deals, t_deals = _rate(deals, seconds)
    wall = time.perf_counter() - wall
    positions = _positions(rng, 500)

    def legal() -> int:
        for d in positions:
            d.legal_moves()
        return len(positions)

    n_legal, t_legal = _rate(legal, seconds / 3)

    def copies() -> int:
        for d in positions:
            d.copy()
        return len(positions)

    n_copy, t_copy = _rate(copies, seconds / 3)
    views = [d.view(d.current_player()) for d in positions[:100]]

    def determinize() -> int:
        for v in views:
            v.determinize(rng)
        return len(views)

    n_det, t_det = _rate(determinize, seconds / 3)
    return {
        "random_deals_per_second": round(n_deals / t_deals),
        "wall_deals_per_second": round(n_deals / wall),
        "legal_moves_us": round(t_legal / n_legal * 1e6, 3),
        "copy_us": round(t_copy / n_copy * 1e6, 3),
        "determinize_us": round(t_det / n_det * 1e6, 1),
        "players": 4,
        "seconds": seconds,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
