"""The 13-bit suit-pattern tables, now built on first use or by doubling, equal the straightforward
construction they replace (each pattern's bits tested one by one), and importing the engine builds
none of the lazy ones."""

from __future__ import annotations

import subprocess
import sys

from engine.cards import suit_cards, suit_counts
from engine.eralash import deal as eralash_deal
from engine.eralash import determinize
from engine.eralash.run import ACE_RANK, Run, run_points, runs_table
from engine.uragan.primiera import _BEST, RANK_POINTS


def _suit_runs(m: int, classic: bool) -> tuple[tuple[int, int, int], ...]:
    out = []
    r = 0
    while r < 13:
        if m >> r & 1:
            start = r
            while r < 13 and m >> r & 1:
                r += 1
            length = r - start
            if length >= 3 and (not classic or r - 1 == ACE_RANK):
                out.append((start, length, run_points(range(start, r))))
        else:
            r += 1
    return tuple(out)


def test_runs_table_equals_the_run_by_run_construction() -> None:
    table = runs_table()
    assert len(table) == 1 << 16
    for classic in (0, 1):
        for m in range(1 << 13):
            found = _suit_runs(m, bool(classic))
            for suit in range(4):
                base = 13 * suit
                expected = tuple(
                    Run(((1 << length) - 1) << (base + lo), suit, length, pts) for lo, length, pts in found
                )
                assert table[classic << 15 | suit << 13 | m] == expected, (classic, suit, bin(m))


def test_suit_cards_and_counts_equal_bit_by_bit_tables() -> None:
    for base in (0, 13, 26, 39):
        assert suit_cards(base) == tuple(
            tuple(base + r for r in range(13) if m >> r & 1) for m in range(1 << 13)
        )
    assert suit_counts() == tuple(m.bit_count() for m in range(1 << 13))
    assert suit_counts() == eralash_deal._COUNT
    assert eralash_deal._select() == suit_cards(0)


def test_bits_lists_a_set_lowest_first() -> None:
    masks = [0, 1, (1 << 52) - 1, 0x8000_0000_0001, 0x1FFF << 13, 0b1010_0110_0101 << 26 | 0b11 << 48]
    masks += [(m * 0x9E3779B97F4A7C15) & ((1 << 52) - 1) for m in range(1, 200)]
    for mask in masks:
        assert determinize.bits(mask) == [c for c in range(52) if mask >> c & 1]


def test_primiera_best_equals_the_max_over_each_pattern() -> None:
    assert tuple(
        max((RANK_POINTS[r] for r in range(13) if m >> r & 1), default=0) for m in range(1 << 13)
    ) == _BEST


def test_importing_the_engine_builds_no_lazy_table() -> None:
    code = (
        "import engine.games\n"
        "from engine.eralash import deal, determinize, run\n"
        "print(run.runs_table.cache_info().currsize, determinize._suit_cards.cache_info().currsize,"
        " deal._select.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["0", "0", "0"]
