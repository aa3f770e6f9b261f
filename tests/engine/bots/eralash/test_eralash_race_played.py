"""The fitted robber chance agrees with robbers played out by Clubs (a small sample; the full
calibration is docs/benchmarks.md, "Eralash — robber chance calibration")."""

from __future__ import annotations

import importlib.util
import random

import pytest
from places import ROOT

from engine.eralash import Options
from engine.eralash.race import robber_chances

pytestmark = pytest.mark.slow


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fit_robber", ROOT / "tools" / "fit_robber.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "n,opts,points,tricks",
    [
        (4, Options(pairs=True), [41.0, 12.0], [8, 5]),  # the second deal ends it: the points to come
        (3, Options(short_deal=True), [30.0, 0.0, 12.0], [6, 4, 3]),
    ],
)
def test_played_out_robbers_agree_with_the_chance(n: int, opts: Options, points: list[float],
                                                  tricks: list[int]) -> None:
    tool = _tool()
    robbers = 240
    sides = opts.sides(n)
    won = [0.0] * sides
    for r in range(robbers):
        rng = random.Random(f"test:{r}")
        bots = tool._clubs(n, 7000 + r)
        _, result = tool.play_robber(opts, n, bots, rng, points, tricks, 1, dealer=r % n)
        won = [a + b for a, b in zip(won, result, strict=True)]
    predicted = robber_chances(n, opts.pairs, points, tricks, 1, opts)
    for side in range(sides):  # 0.1 is over three standard errors of 240 robbers
        assert won[side] / robbers == pytest.approx(predicted[side], abs=0.1)
