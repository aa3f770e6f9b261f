"""Uragan position values for Master's search: finished deals, unfinished deals, a greedy rollout.

``make_evaluator`` values a finished deal by the match-win chance it leaves (``engine.bots.uragan.odds``),
blended with a little of the point difference. ``make_static_evaluator`` also values an unfinished
deal, from the expected points of each category given the cards captured so far — what lets the
search stop at any leaf instead of playing the deal out at random, which is both quicker and far
less noisy. ``greedy_playout`` is the alternative rollout policy (kept for experiments).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from math import comb, tanh

from engine.bots.uragan.club import CARD_WORTH, SEVEN_OF_HEARTS
from engine.bots.uragan.odds import match_value, outcome, win_table
from engine.cards import HEARTS, SUIT_MASK
from engine.uragan.capture import capture_table
from engine.uragan.deal import PLAY, Deal
from engine.uragan.deck import ROUNDS, VALUE, VALUE_MASK
from engine.uragan.moves import Play
from engine.uragan.primiera import _BEST

Evaluator = Callable[[Deal], tuple[float, float]]

POINTS_BLEND = 0.15  # weight of the deal's point difference beside the match-win chance
POINTS_SCALE = 8.0  # a deal won by this many points counts as fully won on that term


def make_evaluator(match_points: Sequence[int], target: int) -> Evaluator:
    """``evaluate(deal) -> (value of seat 0, value of seat 1)`` for a finished deal."""
    a0, a1 = int(match_points[0]), int(match_points[1])
    table = win_table(target)
    cache: dict[tuple[float, float], tuple[float, float]] = {}

    def evaluate(deal: Deal) -> tuple[float, float]:
        x0, x1 = deal.score()
        got = cache.get((x0, x1))
        if got is None:
            p0 = outcome(a0 + int(x0), a1 + int(x1), target, table)
            diff = max(-0.5, min(0.5, (x0 - x1) / (2 * POINTS_SCALE)))
            v0 = (1.0 - POINTS_BLEND) * p0 + POINTS_BLEND * (0.5 + diff)
            got = cache[(x0, x1)] = (v0, 1.0 - v0)
        return got

    return evaluate


# -- a greedy rollout policy ------------------------------------------------------------------------

_WORTH_CACHE: dict[int, float] = {}


def _worth(mask: int) -> float:
    w = _WORTH_CACHE.get(mask)
    if w is None:
        w = 0.0
        m = mask
        while m:
            low = m & -m
            w += CARD_WORTH[low.bit_length() - 1]
            m ^= low
        if len(_WORTH_CACHE) > 100_000:
            _WORTH_CACHE.clear()
        _WORTH_CACHE[mask] = w
    return w


def greedy_playout(deal: Deal, rng: random.Random, epsilon: float = 0.15) -> None:
    """Finish the deal with a capture-greedy policy (strict claims assumed): take what is worth
    most (an uragan counts a point), else trail the least valuable card, avoiding a table of ten or
    less; a random lawful move with probability ``epsilon``."""
    rand = rng.random
    while not deal._over:
        if deal.phase != PLAY or rand() < epsilon:
            ms = deal.legal_moves()
            deal.play(ms[int(rand() * len(ms))])
            continue
        seat = deal.turn
        hand = deal.hands[seat]
        table = deal.table
        caps = capture_table(table)
        last_round = deal.round == ROUNDS - 1
        best_move = None
        best = -99.0
        tsum = _table_sum(table)
        m = hand
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            v = VALUE[card]
            equal = table & VALUE_MASK[v]
            if equal:
                e = equal
                while e:
                    t = e & -e
                    e ^= t
                    s = _worth(t | low) + (1.0 if t == table and not last_round else 0.0)
                    if s > best:
                        best, best_move = s, Play(card, t)
            elif caps[v]:
                for t in caps[v]:
                    s = _worth(t | low) + (1.0 if t == table and not last_round else 0.0)
                    if s > best:
                        best, best_move = s, Play(card, t)
            else:
                s = -_worth(low) - (0.6 if tsum + v <= 10 else 0.0)
                if s > best:
                    best, best_move = s, Play(card, 0)
        assert best_move is not None  # the hand is never empty while the deal goes on
        deal.play(best_move)


def _table_sum(table: int) -> int:
    s = 0
    while table:
        low = table & -table
        s += VALUE[low.bit_length() - 1]
        table ^= low
    return s


# -- a static evaluation of an unfinished deal --------------------------------------------------------


def _binomial_tail(n: int, k: int) -> float:
    """P(Binomial(n, 1/2) >= k)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, i) for i in range(k, n + 1)) / (1 << n)


@lru_cache(maxsize=1)
def _majority_tables() -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    """P(seat A wins "most cards" / "most hearts") from the counts captured so far, the rest split
    at random."""
    cards_t = tuple(
        tuple(_binomial_tail(40 - a - b, 21 - a) if a + b <= 40 else 0.0 for b in range(41))
        for a in range(41)
    )
    hearts_t = tuple(
        tuple(_binomial_tail(10 - a - b, 6 - a) if a + b <= 10 else 0.0 for b in range(11))
        for a in range(11)
    )
    return cards_t, hearts_t


_HEART_BITS = SUIT_MASK[HEARTS]


def expected_points(deal: Deal) -> tuple[float, float]:
    """Expected deal points per seat of an unfinished deal: uragans so far, plus each category's
    chance from the cards captured (the uncaptured cards split at random), plus what the seat to
    move can take at once (it holds those cards in this sample)."""
    cards_t, hearts_t = _majority_tables()
    p0, p1 = deal.piles
    c0, c1 = p0.bit_count(), p1.bit_count()
    h0, h1 = (p0 & _HEART_BITS).bit_count(), (p1 & _HEART_BITS).bit_count()
    e0 = deal.uragans[0] + cards_t[c0][c1] + hearts_t[h0][h1]
    e1 = deal.uragans[1] + cards_t[c1][c0] + hearts_t[h1][h0]
    if p0 >> SEVEN_OF_HEARTS & 1:
        e0 += 1.0
    elif p1 >> SEVEN_OF_HEARTS & 1:
        e1 += 1.0
    else:
        e0 += 0.5
        e1 += 0.5
    q0, q1 = _suit_best(p0), _suit_best(p1)
    remaining = 40 - c0 - c1
    chance = 0.5 + 0.5 * tanh((q0 - q1) / (6.0 + 1.5 * remaining))
    e0 += chance
    e1 += 1.0 - chance
    if deal.phase == PLAY and deal.table:
        gain = _best_grab(deal.hands[deal.turn], deal.table, deal.round == ROUNDS - 1)
        if deal.turn == 0:
            e0 += GRAB_WEIGHT * gain
        else:
            e1 += GRAB_WEIGHT * gain
    return e0, e1


GRAB_WEIGHT = 0.7  # the side to move will usually make its best capture; not always (it may wait)


def _suit_best(pile: int) -> int:
    return (_BEST[pile & 0x1FFF] + _BEST[pile >> 13 & 0x1FFF] + _BEST[pile >> 26 & 0x1FFF]
            + _BEST[pile >> 39 & 0x1FFF])


def _best_grab(hand: int, table: int, last_round: bool) -> float:
    caps = capture_table(table)
    best = 0.0
    m = hand
    while m:
        low = m & -m
        m ^= low
        v = VALUE[low.bit_length() - 1]
        equal = table & VALUE_MASK[v]
        if equal:
            e = equal
            while e:
                t = e & -e
                e ^= t
                s = _worth(t | low) + (1.0 if t == table and not last_round else 0.0)
                best = max(best, s)
        else:
            for t in caps[v]:
                s = _worth(t | low) + (1.0 if t == table and not last_round else 0.0)
                best = max(best, s)
    return best


def make_static_evaluator(match_points: Sequence[int], target: int) -> Evaluator:
    """``evaluate(deal)`` for finished and unfinished deals alike (no rollout needed)."""
    a0, a1 = int(match_points[0]), int(match_points[1])
    finished = make_evaluator(match_points, target)

    def evaluate(deal: Deal) -> tuple[float, float]:
        if deal._over:
            return finished(deal)
        e0, e1 = expected_points(deal)
        p0 = match_value(e0, e1, a0, a1, target)
        diff = max(-0.5, min(0.5, (e0 - e1) / (2 * POINTS_SCALE)))
        v0 = (1.0 - POINTS_BLEND) * p0 + POINTS_BLEND * (0.5 + diff)
        return v0, 1.0 - v0

    return evaluate


def no_rollout(state: object, rng: object) -> None:
    """The static evaluation judges the leaf as it stands."""
