"""tools/trick_worth.py's fit finds a planted tilt, and no tilt where the played-out robbers show none."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import trick_worth  # noqa: E402


def _rows(planted: tuple[float, float], seed: int = 3) -> list[dict[str, Any]]:
    """Positions whose 'played out' shares are the untilted chance tilted by ``planted``."""
    rng = random.Random(seed)
    rows = []
    for _ in range(12):
        tricks = [rng.randrange(1, 9) for _ in range(4)]
        raw = [rng.random() + 0.1 for _ in range(4)]
        base = [r / sum(raw) for r in raw]
        variants = []
        for i, j in ((0, 1), (2, 3), (1, 2)):
            moved = list(tricks)
            if moved[j] == 0:
                continue
            moved[i] += 1
            moved[j] -= 1
            variants.append(moved)
        row = []
        for t in [tricks, *variants]:
            model = [b * (1 + 0.01 * (x - 4)) for b, x in zip(base, t, strict=True)]
            model = [m / sum(model) for m in model]
            row.append({"tricks": t, "model": model, "played": trick_worth._tilt(model, t, planted)})
        rows.append({"variants": row})
    return rows


def test_the_fit_finds_a_planted_tilt() -> None:
    pairs = trick_worth._pairs(_rows((0.02, 0.1)))
    assert trick_worth._best(pairs, trick_worth.GRID) == (0.02, 0.1)


def test_the_fit_finds_no_tilt_where_there_is_none() -> None:
    pairs = trick_worth._pairs(_rows((0.0, 0.0)))
    assert trick_worth._best(pairs, trick_worth.GRID) == (0.0, 0.0)
