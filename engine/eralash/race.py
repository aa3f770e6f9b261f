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
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import permutations

from engine.cards import SUIT_MASK
from engine.eralash.options import Options
from engine.eralash.race_table import DIFF_POINTS, SIDE_POINTS, TRICKS

__all__ = ["TRICK_TILT", "deal_points_spread", "ends_now", "hand_points", "robber_chances", "tricks_to_end"]


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
    goes on, and the chance is what the deals to come make of it:

    - the trick race: each further deal splits its tricks among the sides as the bots' own play splits
      them (``race_table.TRICKS``, counted from Club robbers by ``tools/fit_robber.py``); the robber
      ends after the first deal that brings a side to the target, or at once on a slam;
    - the points to come: each further deal adds runs and honours to every side, as dealing gives them
      (``race_table.SIDE_POINTS``, and the exact difference of two sides' points, ``DIFF_POINTS``);
      when the robber ends, the most points win (ties share).

    - a robber trick's own worth (``TRICK_TILT``): while the robber's end is open, the side that ends
      it tends to be the one dealt the strong hand that deal, points and tricks together, so a side's
      chance leans a little toward its robber tricks (about half a point of chance a trick, 4 players).

    The chances sum to 1. The position between deals is all that counts (``deals_played`` does not
    change the chance). Calibration against robbers played out by Clubs:
    docs/benchmarks.md, "Eralash — robber chance calibration".
    """
    sides = 2 if pairs and n_players == 4 else n_players
    if len(points) != sides or len(tricks) != sides:
        raise ValueError(f"{sides} sides need {sides} points and tricks, not {len(points)} and {len(tricks)}")
    if max(tricks) >= options.target:
        return ends_now(points)
    low = min(points)
    lead = tuple(int(round(p - low)) for p in points)
    return _chances(n_players, sides, lead, tuple(tricks), options)


@lru_cache(maxsize=65536)
def _chances(
    n_players: int, sides: int, lead: tuple[int, ...], tricks: tuple[int, ...], options: Options
) -> tuple[float, ...]:
    hand = options.hand_size(n_players)
    game = (n_players, sides == 2 and n_players == 4, hand)
    ends, slam = _future(game, tuple(sorted(tricks, reverse=True)), options.target, _DEPTH[sides])
    value = [slam] * sides
    honours = (options.aces_three, options.aces_four)
    for k, p_end in enumerate(ends):
        if p_end > 1e-12:
            share = _shares(game, options.classic_runs, honours, lead, k + 1)
            for i in range(sides):
                value[i] += p_end * share[i]
    total = sum(value)
    chances = [v / total for v in value]
    tilt = TRICK_TILT.get(game[:2])
    if tilt is not None:
        ends_next = ends[0] + sides * slam  # the chance that the next deal ends the robber
        lean = (1.0 - ends_next) * (tilt[0] + tilt[1] * ends_next)
        mean = sum(tricks) / sides
        chances = [c * math.exp(lean * (t - mean)) for c, t in zip(chances, tricks, strict=True)]
        total = sum(chances)
        chances = [c / total for c in chances]
    return tuple(chances)


# What a robber trick is worth beyond when it ends the robber, by (players, pairs): each side's chance
# is tilted by exp(k · (its tricks − the mean)), normalised, with k = (1 − e) · (A + B · e) and e the
# chance that the next deal ends the robber. The side that ends a robber whose end is open tends to be
# the one dealt the strong hand that deal — its tricks and its points go together — while the deals
# above are drawn independently of the points; a robber the next deal surely ends (e = 1) is decided by
# the points whoever takes the tricks. (A, B) fitted to played-out robbers by ``tools/trick_worth.py``:
# 4 players after one and two deals of Clubs, one trick moved between two seats and both positions played
# on by the same 120 Club robbers (docs/benchmarks.md, "A robber trick's worth, played out"). 3 players
# need none: after a first deal of 17 tricks the next deal all but ends the robber (e 0.83–1.0), and a
# trick played out is worth +0.04 ± 0.08 points of chance, which the untilted chance gives (+0.03). Pairs
# to 13 end with the second deal (e = 1); 2 players and the short deals are not measured.
TRICK_TILT: dict[tuple[int, bool], tuple[float, float]] = {(4, False): (0.016, 0.10)}

# Most further deals the trick race follows one by one (what may remain after them is valued as ending
# after the last): at the default target every robber ends within 4 deals.
_DEPTH = {2: 12, 3: 8, 4: 4}
_TINY = 1e-10


@cache
def _trick_splits(game: tuple[int, bool, int]) -> tuple[tuple[tuple[int, ...], float, int], ...]:
    """Every way one deal's tricks may split among the sides, with its chance (the seats alike) and
    the side that takes them all (-1: no slam)."""
    counts = TRICKS[game]
    total = sum(counts.values())
    hand = game[2]
    out: list[tuple[tuple[int, ...], float, int]] = []
    for split, c in sorted(counts.items()):
        perms = sorted(set(permutations(split)))
        out.extend((p, c / total / len(perms), p.index(hand) if hand in p else -1) for p in perms)
    return tuple(out)


@cache
def _slam_chance(game: tuple[int, bool, int]) -> float:
    """The chance that one given side takes every trick of a deal."""
    sides = 2 if game[1] else game[0]
    return sum(p for _, p, slam in _trick_splits(game) if slam >= 0) / sides


@cache
def _future(
    game: tuple[int, bool, int], tricks: tuple[int, ...], target: int, depth: int
) -> tuple[tuple[float, ...], float]:
    """The trick race from ``tricks`` (sorted, most first): the chance that the robber ends on points
    after exactly 1, 2, … more deals (what is left after ``depth`` deals counts as the last), and each
    side's chance to end it by a slam (the same for every side: each deal's split is alike for all)."""
    sides = len(tricks)
    slam = _slam_chance(game)
    if depth == 1 or sum(tricks) + game[2] > sides * (target - 1):  # the next deal surely ends it
        return (1.0 - sides * slam,) + (0.0,) * (depth - 1), slam
    ends = [0.0] * depth
    later: dict[tuple[int, ...], float] = {}
    for split, p, slammer in _trick_splits(game):
        if slammer >= 0:
            continue
        after = tuple(sorted([t + x for t, x in zip(tricks, split, strict=True)], reverse=True))
        if after[0] >= target:
            ends[0] += p
        else:
            later[after] = later.get(after, 0.0) + p
    total_slam = slam
    for after, p in later.items():
        sub_ends, sub_slam = _future(game, after, target, depth - 1)
        for k, e in enumerate(sub_ends):
            ends[k + 1] += p * e
        total_slam += p * sub_slam
    return tuple(ends), total_slam


@lru_cache(maxsize=4096)
def _shares(
    game: tuple[int, bool, int], classic: bool, honours: tuple[int, int], lead: tuple[int, ...], deals: int
) -> tuple[float, ...]:
    """Each side's share of the robber if it ends after ``deals`` more deals of points (ties share)."""
    if len(lead) == 2:
        diff = _sum_of(_diff_points(game, classic, honours), deals)
        margin = lead[0] - lead[1]
        win = tie = 0.0
        for d, p in diff.items():
            if margin + d > 0:
                win += p
            elif margin + d == 0:
                tie += p
        first = win + tie / 2
        return first, 1.0 - first
    one = _sum_of(_side_points(game[2], classic, honours), deals)
    values = sorted(one)
    below: dict[int, float] = {}  # P(X < v) for the values X takes, and the cumulative sum by value
    acc = 0.0
    for v in values:
        below[v] = acc
        acc += one[v]

    def under(x: int) -> float:
        """P(X < x) for any whole ``x``."""
        if x in below:
            return below[x]
        i = bisect_left(values, x)
        return 1.0 if i >= len(values) else below[values[i]]

    sides = len(lead)
    out = []
    for i in range(sides):
        rivals = [j for j in range(sides) if j != i]
        share = 0.0
        for x in values:
            px = one[x]
            if px < _TINY:
                continue
            mine = lead[i] + x
            # each rival j: below mine (a) or level with it (b); ties share the robber equally
            ab = [(under(mine - lead[j]), one.get(mine - lead[j], 0.0)) for j in rivals]
            share += px * _tied_share(ab)
        out.append(share)
    return tuple(out)


def _tied_share(ab: list[tuple[float, float]]) -> float:
    """E[1 / (1 + rivals level)] over the rivals each below (a) or level (b), none above."""
    poly = [1.0]  # poly[m]: chance that exactly m rivals are level and the rest below
    for a, b in ab:
        nxt = [0.0] * (len(poly) + 1)
        for m, q in enumerate(poly):
            nxt[m] += q * a
            nxt[m + 1] += q * b
        poly = nxt
    return sum(q / (m + 1) for m, q in enumerate(poly))


@cache
def _side_points(hand: int, classic: bool, honours: tuple[int, int]) -> dict[int, float]:
    """One side's points in one deal (a hand of ``hand`` cards: its runs and honours)."""
    counts = SIDE_POINTS[hand, classic]
    total = sum(counts.values())
    out: dict[int, float] = {}
    for (runs, aces), c in counts.items():
        x = runs + _honour(aces, honours)
        out[x] = out.get(x, 0.0) + c / total
    return out


@cache
def _diff_points(game: tuple[int, bool, int], classic: bool, honours: tuple[int, int]) -> dict[int, float]:
    """The first side's points less the second's in one deal of a two-sided game (as likely as the
    second's less the first's)."""
    counts = DIFF_POINTS[game[0], game[2], classic]
    total = sum(counts.values())
    out: dict[int, float] = {}
    for (runs, aces), c in counts.items():
        x = runs + (_honour(aces, honours) if aces >= 0 else -_honour(-aces, honours))
        for y in (x, -x):  # the two sides alike: the sample made symmetric
            out[y] = out.get(y, 0.0) + c / total / 2
    return out


def _honour(aces: int, honours: tuple[int, int]) -> int:
    return honours[0] if aces == 3 else honours[1] if aces == 4 else 0


_SUMS: dict[tuple[int, int], dict[int, float]] = {}


def _sum_of(one: dict[int, float], deals: int) -> dict[int, float]:
    """The distribution of the sum of ``deals`` independent draws from ``one``."""
    key = (id(one), deals)  # ``one`` is a cached table: its id is stable while it lives
    hit = _SUMS.get(key)
    if hit is not None:
        return hit
    if deals == 1:
        out = one
    else:
        part = _sum_of(one, deals - 1)
        acc: dict[int, float] = {}
        for x, p in part.items():
            for y, q in one.items():
                pq = p * q
                if pq > 1e-12:
                    acc[x + y] = acc.get(x + y, 0.0) + pq
        out = acc
    _SUMS[key] = out
    return out


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
