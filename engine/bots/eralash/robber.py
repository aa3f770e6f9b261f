"""What a deal's tricks are worth at game level: each side's chance of winning the robber.

In Eralash the points come only from runs and honours, written when declared; tricks decide only
*when* the robber ends (some side's total reaches the target) and the slam. So a deal's outcome is
judged by the robber it leaves: ended now (the side with most points wins, ties share), a slam (the
slam-maker wins at once), or going on — then the points still to come decide, and the more deals
remain the more a points lead can melt. Search bots value every finished deal with ``RobberValue``.
"""

from __future__ import annotations

import math
import random
from functools import cache

from engine.cards import SUIT_MASK

__all__ = ["RobberValue", "deal_points_spread", "hand_points"]

CONTROL = 1.0  # at most doubles (or zeroes) a side's chance for leading (trailing) the trick race ...
CONTROL_SCALE = 3.0  # ... by about this many tricks (tanh); tuned in docs/benchmarks.md, Bots — Eralash
TIEBREAK = 0.02  # a whisker for own tricks, so that otherwise-equal plays still look purposeful


def run_points(hand: int, classic: bool) -> int:
    """Points of every maximal run (three or more in sequence) in ``hand`` (docs/rules.md, Eralash 3)."""
    total = 0
    for s in range(4):
        m = (hand & SUIT_MASK[s]) >> (13 * s)
        r = 0
        while r < 13:
            if m >> r & 1:
                start = r
                while r < 13 and m >> r & 1:
                    r += 1
                if r - start >= 3 and (not classic or r == 13):
                    total += sum(_RANK_VALUE[k] for k in range(start, r))
            else:
                r += 1
    return total


_RANK_VALUE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


def hand_points(hand: int, classic: bool, aces3: int, aces4: int) -> int:
    """Runs plus Ace honours of one dealt hand."""
    aces = sum(hand >> (13 * s + 12) & 1 for s in range(4))
    honours = aces4 if aces == 4 else aces3 if aces == 3 else 0
    return run_points(hand, classic) + honours


# Moments of one random hand's run points R and Ace count k, by (hand size, classic runs), from
# 60,000 random hands each: E[R], E[R^2], E[R; k=3], E[R; k=4], P(k=3), P(k=4).
_MOMENTS: dict[tuple[int, bool], tuple[float, ...]] = {
    (13, False): (11.1138, 360.897, 0.3447, 0.0179, 0.0415, 0.0026),
    (13, True): (1.7214, 60.632, 0.1615, 0.0098, 0.0414, 0.0022),
    (17, False): (24.9205, 1082.5247, 1.8789, 0.1809, 0.0881, 0.009),
    (17, True): (4.2672, 161.5889, 0.6852, 0.0714, 0.0883, 0.009),
    (26, False): (82.2858, 7689.3412, 19.4676, 4.3362, 0.2484, 0.0572),
    (26, True): (18.5458, 983.7486, 6.5574, 1.737, 0.25, 0.0553),
}


@cache
def deal_points_spread(hand_size: int, n_players: int, classic: bool, aces3: int, aces4: int) -> float:
    """Standard deviation of one seat's points (runs + honours) in one deal."""
    moments = _MOMENTS.get((hand_size, classic))
    if moments is None:
        return _simulated_spread(hand_size, classic, aces3, aces4)
    r1, r2, r3, r4, p3, p4 = moments
    mean = r1 + aces3 * p3 + aces4 * p4
    square = r2 + 2 * aces3 * r3 + 2 * aces4 * r4 + aces3 * aces3 * p3 + aces4 * aces4 * p4
    return max(1.0, math.sqrt(max(0.0, square - mean * mean)))


def _simulated_spread(hand_size: int, classic: bool, aces3: int, aces4: int) -> float:
    rng = random.Random(1)
    values = [
        hand_points(sum(1 << c for c in rng.sample(range(52), hand_size)), classic, aces3, aces4)
        for _ in range(400)
    ]
    mean = sum(values) / len(values)
    return max(1.0, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values)))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class RobberValue:
    """Maps one deal's tricks per seat to each seat's chance of winning the robber.

    ``points`` and ``tricks_before`` are per side (a seat, or a team when ``pairs``), with this deal's
    runs and honours already in ``points``. Results are cached per trick vector.
    """

    def __init__(
        self,
        n_players: int,
        pairs: bool,
        points: list[float],
        tricks_before: list[int],
        target: int,
        tricks_per_deal: int,
        spread: float,
    ) -> None:
        self.n = n_players
        self.pairs = pairs and n_players == 4
        self.sides = 2 if self.pairs else n_players
        self.points = list(points)
        self.tricks_before = list(tricks_before)
        self.target = target
        self.tricks_per_deal = tricks_per_deal
        self.side_spread = spread * (math.sqrt(2.0) if self.pairs else 1.0)
        self._cache: dict[tuple[int, ...], tuple[float, ...]] = {}

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.pairs else seat

    def __call__(self, won: list[int] | tuple[int, ...]) -> tuple[float, ...]:
        key = tuple(won)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self._value(key)
        return hit

    def _value(self, won: tuple[int, ...]) -> tuple[float, ...]:
        sides = self.sides
        side_won = [0] * sides
        for seat, w in enumerate(won):
            side_won[self.side_of(seat)] += w
        total = sum(side_won)
        side_value = self.side_values(side_won, complete=total == self.tricks_per_deal)
        return tuple(
            side_value[self.side_of(s)] + TIEBREAK * won[s] / max(1, self.tricks_per_deal)
            for s in range(self.n)
        )

    def side_values(self, side_won: list[int], complete: bool = True) -> list[float]:
        """Each side's chance of winning the robber once this deal ends with ``side_won`` tricks."""
        sides = self.sides
        if complete:
            for i in range(sides):
                if side_won[i] == self.tricks_per_deal:  # slam: the robber is won at once
                    return [1.0 if j == i else 0.0 for j in range(sides)]
        totals = [self.tricks_before[i] + side_won[i] for i in range(sides)]
        pts = self.points
        if max(totals) >= self.target:
            best = max(pts)
            tied = [i for i in range(sides) if pts[i] == best]
            return [1.0 / len(tied) if i in tied else 0.0 for i in range(sides)]
        # The robber goes on: the leader's edge is worth less the more deals are likely to remain.
        per_deal = self.tricks_per_deal / sides
        deals_left = max(1.0, (self.target - max(totals)) / (per_deal * 1.25))
        scale = self.side_spread * math.sqrt(2.0 * deals_left)
        raw = []
        for i in range(sides):
            p = 1.0
            for j in range(sides):
                if j != i:
                    p *= _phi((pts[i] - pts[j]) / scale)
            raw.append(p)
        # The side nearest the target decides when the next deals end the robber (it can take the
        # tricks that end it while ahead, or hold back while behind): an option worth having while the
        # points to come are unknown. Measured: +1.6 points of robbers won against three Clubs.
        for i in range(sides):
            rival = max(totals[j] for j in range(sides) if j != i)
            raw[i] *= 1.0 + CONTROL * math.tanh((totals[i] - rival) / CONTROL_SCALE)
        norm = sum(raw)
        return [r / norm for r in raw] if norm > 0 else [1.0 / sides] * sides
