"""Trump: the suit of the longest run (then more points, then nearer the eldest), else the eldest's choice."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_NAMES, Suit
from engine.eralash.run import Run


def trump_from_runs(runs: Sequence[Sequence[Run]], eldest: int) -> tuple[int, tuple[Suit, ...]]:
    """Who names trump and from which suits: ``(seat, suits)``.

    ``runs[seat]`` are each seat's runs. With runs, the seat holding the best run (longest, then
    more points, then nearer the eldest hand in play order) names its suit; ``suits`` has one
    element unless that seat holds two equally good runs, when it picks between them. Without any
    run the eldest hand picks any of the four suits.
    """
    n = len(runs)
    best = -1
    seat_best = -1
    suits: tuple[Suit, ...] = ()
    for i in range(n):  # play order from the eldest: the first of equals keeps the right
        seat = (eldest + i) % n
        for run in runs[seat]:
            key = run.length << 9 | run.points  # longer first, then more points (points < 512)
            if key > best:
                best, seat_best, suits = key, seat, (run.suit,)
            elif key == best and seat == seat_best:
                suits = (*suits, run.suit)
    if best < 0:
        return eldest, (0, 1, 2, 3)
    return seat_best, suits


def suit_name(suit: Suit, lang: str = "en") -> str:
    return SUIT_NAMES[lang][suit]
