"""The race at the heart of Eralash: each side's chance to win the robber from a position between deals.

Points come only from the runs and Aces dealt; card play matters through *when the robber ends* (the
first side whose robber tricks reach the target ends it, and the points then decide; docs/rules.md,
Eralash) and through slams. So the state of a robber between deals is the points and the robber tricks
of each side (a seat, or a team in pairs), the deals played and the table options; this module says
what that state is worth:

- ``robber_chances(n_players, pairs, points, tricks, deals_played, options)``: each side's chance to
  win the robber from that position (a robber already ended by ``tricks`` is decided by the points);
- ``ends_now(points)``: who wins if the robber ended now (1 for the winner, shared on ties);
- ``tricks_to_end(tricks, target)``: how many more robber tricks each side needs to end it.

Pure rules-floor code: no bot, no search. The search bots' ``RobberValue`` values each finished deal
of their samples with ``robber_chances``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from engine.cards import SUIT_MASK
from engine.eralash.options import Options

__all__ = ["deal_points_spread", "ends_now", "hand_points", "robber_chances", "tricks_to_end"]


def ends_now(points: Sequence[float]) -> tuple[float, ...]:
    """Each side's share of the robber if it ended now: 1 for the points leader, shared on ties."""
    best = max(points)
    tied = [i for i, p in enumerate(points) if p == best]
    return tuple(1.0 / len(tied) if i in tied else 0.0 for i in range(len(points)))


def tricks_to_end(tricks: Sequence[int], target: int) -> tuple[int, ...]:
    """Robber tricks each side still needs to end the robber (0: it has ended it)."""
    return tuple(max(0, target - t) for t in tricks)


def robber_chances(
    n_players: int,
    pairs: bool,
    points: Sequence[float],
    tricks: Sequence[int],
    deals_played: int,
    options: Options,
) -> tuple[float, ...]:
    """Each side's chance to win the robber from a position between deals.

    ``points`` and ``tricks`` are the robber totals per side (a seat, or a team when ``pairs``) after
    ``deals_played`` finished deals; ``options`` the table's (target, classic runs, honours, short
    deal). When some side's tricks have reached the target the robber is over and the points decide
    (``ends_now``); a slam, which ends the robber at once, is the caller's to see. Otherwise the robber
    goes on: the points still to be dealt may overturn the lead, the more so the more deals the trick
    race leaves. The chances sum to 1.
    """
    sides = 2 if pairs and n_players == 4 else n_players
    if len(points) != sides or len(tricks) != sides:
        raise ValueError(f"{sides} sides need {sides} points and tricks, not {len(points)} and {len(tricks)}")
    target = options.target
    if max(tricks) >= target:
        return ends_now(points)
    hand = options.hand_size(n_players)
    spread = deal_points_spread(hand, n_players, options.classic_runs, options.aces_three, options.aces_four)
    side_spread = spread * (math.sqrt(2.0) if sides == 2 and n_players == 4 else 1.0)
    per_deal = hand / sides
    deals_left = max(1.0, (target - max(tricks)) / (per_deal * 1.25))
    scale = side_spread * math.sqrt(2.0 * deals_left)
    raw = []
    for i in range(sides):
        p = 1.0
        for j in range(sides):
            if j != i:
                p *= _phi((points[i] - points[j]) / scale)
        raw.append(p)
    norm = sum(raw)
    return tuple(r / norm for r in raw) if norm > 0 else tuple(1.0 / sides for _ in range(sides))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# --- the points a deal brings ------------------------------------------------------------------------

_RANK_VALUE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


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
