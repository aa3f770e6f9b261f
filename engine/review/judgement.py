"""What a game's judge returns for one decision, and how it becomes a verdict's numbers."""

from __future__ import annotations

from typing import NamedTuple


class Judgement(NamedTuple):
    best: object
    value_played: float
    value_best: float
    iterations: int


def settle(played: object, j: Judgement, noise: float) -> tuple[object, float, float, float, bool]:
    """(best, win_played, win_best, loss, nearly_best): values rounded to 4 places, loss never
    negative, and a gap under ``noise`` counted as none (the played move is reported as best)."""
    wp = round(min(1.0, max(0.0, j.value_played)), 4)
    wb = round(min(1.0, max(0.0, j.value_best)), 4)
    if j.best == played:
        return played, wp, wp, 0.0, False
    if wb - wp < noise:
        return played, wp, wp, 0.0, True
    return j.best, wp, wb, round(wb - wp, 4), False
