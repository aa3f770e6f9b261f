"""The race module: each side's chance to win the robber from a position between deals."""

from __future__ import annotations

import pytest

from engine.eralash import Options
from engine.eralash.race import ends_now, robber_chances, tricks_to_end

CASES = [
    (4, False, Options()),
    (4, True, Options(pairs=True)),
    (3, False, Options()),
    (3, False, Options(short_deal=True)),
    (2, False, Options(short_deal=True)),
    (2, False, Options(target=40)),
    (4, False, Options(classic_runs=True, aces_three=0, aces_four=0)),
]


def test_ends_now_gives_the_points_leader_the_robber_and_shares_ties() -> None:
    assert ends_now([10, 30, 5]) == (0.0, 1.0, 0.0)
    assert ends_now([30, 30, 5, 0]) == (0.5, 0.5, 0.0, 0.0)


def test_tricks_to_end_counts_down_to_the_target() -> None:
    assert tricks_to_end([1, 3, 6, 3], 13) == (12, 10, 7, 10)
    assert tricks_to_end([14, 3], 13) == (0, 10)


@pytest.mark.parametrize("n,pairs,opts", CASES)
def test_chances_sum_to_one_and_equal_sides_share(n: int, pairs: bool, opts: Options) -> None:
    sides = opts.sides(n)
    even = robber_chances(n, pairs, [20.0] * sides, [2] * sides, 1, opts)
    assert sum(even) == pytest.approx(1.0)
    assert even == pytest.approx([1.0 / sides] * sides, abs=0.01)


@pytest.mark.parametrize("n,pairs,opts", CASES)
def test_more_points_never_lower_the_chance(n: int, pairs: bool, opts: Options) -> None:
    sides = opts.sides(n)
    tricks = [3] * sides
    last = -1.0
    for lead in range(0, 120, 10):
        points = [30.0 + lead] + [30.0] * (sides - 1)
        chance = robber_chances(n, pairs, points, tricks, 1, opts)[0]
        assert chance >= last - 1e-9
        last = chance
    assert last > 1.0 / sides


def test_an_ended_robber_is_decided_by_the_points() -> None:
    assert robber_chances(4, False, [10, 40, 0, 0], [13, 5, 4, 4], 2, Options()) == (0.0, 1.0, 0.0, 0.0)
    with pytest.raises(ValueError):
        robber_chances(4, True, [10, 40, 0, 0], [1, 2, 3, 4], 1, Options(pairs=True))
