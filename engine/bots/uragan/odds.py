"""Uragan match odds: the chance of winning the match to the target from a score, for the bots.

Built once per target from a distribution of deal points (``DEAL_POINTS``: two Club players, 3000
seeded deals, ``Deal.score()`` tallied per deal); docs/rules.md, Uragan 10 settles
overshoots (past the target the higher total wins, equal totals play on). Master values a deal by
what it does to this chance, not by its points: ahead in the match it avoids risks, behind it takes
them.
"""

from __future__ import annotations

from functools import lru_cache

# Deal points (non-dealer, dealer) between two Club players over 3000 deals: the distribution the
# match-win table is built on. Counts; the table symmetrizes them (who deals alternates).
DEAL_POINTS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 1), (0, 2, 17), (0, 3, 98), (0, 4, 256), (0, 5, 73), (0, 6, 17), (0, 7, 3), (0, 8, 1),
    (1, 0, 1), (1, 1, 13), (1, 2, 149), (1, 3, 254), (1, 4, 135), (1, 5, 49), (1, 6, 13), (1, 8, 1),
    (1, 10, 1), (2, 0, 14), (2, 1, 126), (2, 2, 319), (2, 3, 144), (2, 4, 78), (2, 5, 25), (2, 6, 7),
    (2, 7, 2), (3, 0, 74), (3, 1, 200), (3, 2, 166), (3, 3, 55), (3, 4, 24), (3, 5, 6), (3, 6, 2),
    (4, 0, 238), (4, 1, 148), (4, 2, 79), (4, 3, 14), (4, 4, 4), (5, 0, 69), (5, 1, 44), (5, 2, 15),
    (5, 3, 5), (5, 4, 3), (6, 0, 17), (6, 1, 15), (6, 2, 3), (6, 4, 1), (7, 0, 6), (7, 1, 6),
    (7, 2, 2), (8, 0, 4), (8, 2, 1), (10, 0, 2),
)


@lru_cache(maxsize=1)
def _deal_distribution() -> tuple[tuple[int, int, float], ...]:
    counts: dict[tuple[int, int], float] = {}
    for x, y, n in DEAL_POINTS:
        counts[(x, y)] = counts.get((x, y), 0.0) + n
        counts[(y, x)] = counts.get((y, x), 0.0) + n
    total = sum(counts.values())
    return tuple((x, y, n / total) for (x, y), n in sorted(counts.items()))


@lru_cache(maxsize=8)
def win_table(target: int) -> tuple[tuple[float, ...], ...]:
    """W[a][b]: the chance that the player with ``a`` points beats the one with ``b`` (both below
    ``target``) from the start of a deal, under the deal distribution; equals and overshoots follow
    docs/rules.md, Uragan 10 (past the target the higher total wins; equal totals play on)."""
    dist = _deal_distribution()
    p_nothing = sum(p for x, y, p in dist if x == 0 and y == 0)
    table = [[0.5] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            acc = 0.0
            for x, y, p in dist:
                if x == 0 and y == 0:
                    continue
                acc += p * outcome(a + x, b + y, target, table)
            table[a][b] = acc / (1.0 - p_nothing)
    return tuple(tuple(row) for row in table)


def outcome(a: int, b: int, target: int, table: list[list[float]] | tuple[tuple[float, ...], ...]) -> float:
    if a >= target or b >= target:
        if a == b:
            return 0.5  # equal totals past the target: another deal, an even chance
        return 1.0 if a > b else 0.0
    return table[a][b]


def match_win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance of winning the match with ``mine`` against ``theirs`` at the end of a deal."""
    return outcome(mine, theirs, target, win_table(target))


def match_value(e0: float, e1: float, a0: int, a1: int, target: int) -> float:
    """Seat 0's match-win chance with fractional expected deal points, interpolated bilinearly."""
    table = win_table(target)
    x0, x1 = a0 + e0, a1 + e1
    i0, i1 = int(x0), int(x1)
    f0, f1 = x0 - i0, x1 - i1
    w00 = outcome(i0, i1, target, table)
    w10 = outcome(i0 + 1, i1, target, table)
    w01 = outcome(i0, i1 + 1, target, table)
    w11 = outcome(i0 + 1, i1 + 1, target, table)
    return (w00 * (1 - f0) * (1 - f1) + w10 * f0 * (1 - f1) + w01 * (1 - f0) * f1 + w11 * f0 * f1)
