"""Uragan Master (and the arena's Oracle): information-set MCTS that plays to win the match.

Each iteration samples the hidden cards with ``View.determinize`` (the opponent's hand and the stock,
drawn from the cards this seat has not seen), walks one shared search tree (single-observer ISMCTS),
and finishes the deal with a random playout. The value of a finished deal is not its points but the
chance of winning the match from the scores it leaves (``match_win_chance``), blended with a little
of the point difference so that a lost-or-won match still prefers the better deal.

Plays that break a capture priority are never searched: the opponent could claim them into one of
the lawful captures, which are searched anyway. The search runs the deal under strict claims for
that reason; claim decisions and the offender's pick at the root are searched like any move.
The Oracle is the same search handed the true deal instead of samples.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from functools import lru_cache
from math import comb, tanh

from engine.bots.search import Deadline, decision_rng, ismcts, random_rollout
from engine.bots.uragan_club import CARD_WORTH, SEVEN_OF_HEARTS
from engine.cards import HEARTS, SUIT_MASK
from engine.uragan.capture import capture_table
from engine.uragan.deal_state import PLAY, Deal, legal_moves_in
from engine.uragan.deck import ROUNDS, VALUE, VALUE_MASK
from engine.uragan.moves import Play
from engine.uragan.primiera import _BEST
from engine.uragan.view import View

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

POINTS_BLEND = 0.15  # weight of the deal's point difference beside the match-win chance
POINTS_SCALE = 8.0  # a deal won by this many points counts as fully won on that term


@lru_cache(maxsize=1)
def _deal_distribution() -> tuple[tuple[int, int, float], ...]:
    counts: dict[tuple[int, int], float] = {}
    for x, y, n in DEAL_POINTS:
        counts[(x, y)] = counts.get((x, y), 0.0) + n
        counts[(y, x)] = counts.get((y, x), 0.0) + n
    total = sum(counts.values())
    return tuple((x, y, n / total) for (x, y), n in sorted(counts.items()))


@lru_cache(maxsize=8)
def _win_table(target: int) -> tuple[tuple[float, ...], ...]:
    """W[a][b]: the chance that the player with ``a`` points beats the one with ``b`` (both below
    ``target``) from the start of a deal, under the deal distribution; equals and overshoots follow
    RULES.md, Uragan 10 (past the target the higher total wins; equal totals play on)."""
    dist = _deal_distribution()
    p_nothing = sum(p for x, y, p in dist if x == 0 and y == 0)
    table = [[0.5] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            acc = 0.0
            for x, y, p in dist:
                if x == 0 and y == 0:
                    continue
                acc += p * _after(a + x, b + y, target, table)
            table[a][b] = acc / (1.0 - p_nothing)
    return tuple(tuple(row) for row in table)


def _after(a: int, b: int, target: int, table: list[list[float]] | tuple[tuple[float, ...], ...]) -> float:
    if a >= target or b >= target:
        if a == b:
            return 0.5  # equal totals past the target: another deal, an even chance
        return 1.0 if a > b else 0.0
    return table[a][b]


def match_win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance of winning the match with ``mine`` against ``theirs`` at the end of a deal."""
    return _after(mine, theirs, target, _win_table(target))


def make_evaluator(match_points: Sequence[int], target: int):  # noqa: ANN201 - a closure
    """``evaluate(deal) -> (value of seat 0, value of seat 1)`` for a finished deal."""
    a0, a1 = int(match_points[0]), int(match_points[1])
    table = _win_table(target)
    cache: dict[tuple[float, float], tuple[float, float]] = {}

    def evaluate(deal: Deal) -> tuple[float, float]:
        x0, x1 = deal.score()
        got = cache.get((x0, x1))
        if got is None:
            p0 = _after(a0 + int(x0), a1 + int(x1), target, table)
            diff = max(-0.5, min(0.5, (x0 - x1) / (2 * POINTS_SCALE)))
            v0 = (1.0 - POINTS_BLEND) * p0 + POINTS_BLEND * (0.5 + diff)
            got = cache[(x0, x1)] = (v0, 1.0 - v0)
        return got

    return evaluate


class Resampler:
    """``View.determinize`` made cheap for thousands of samples of one decision.

    The view's determinization fixes everything public; only which unseen card lies in which hidden
    place (the opponent's hand, the rounds still in the stock) changes between samples. So one
    determinized deal is the template and each sample reshuffles the unseen cards into its places.
    """

    def __init__(self, view: View, options: object) -> None:
        import random

        base = view.determinize(random.Random(0))
        base.options = options  # type: ignore[assignment]
        self.base = base
        opp = 1 - view.seat
        self.opp = opp
        self.round = view.round
        self.opp_known = base.dealt[2 * view.round + opp] & ~base.hands[opp]  # cards it has played
        self.opp_size = view.hand_sizes[opp]
        self.pool = [c for c in range(52) if view.unseen() >> c & 1]
        self.future = [2 * r + s for r in range(view.round + 1, ROUNDS) for s in (opp, view.seat)]

    def sample(self, rng) -> Deal:  # noqa: ANN001
        pool = self.pool[:]
        rand = rng.random
        for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates on floats: quicker than shuffle()
            j = int(rand() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        d = self.base.copy()
        hand = 0
        for c in pool[:self.opp_size]:
            hand |= 1 << c
        d.hands[self.opp] = hand
        dealt = list(d.dealt)
        dealt[2 * self.round + self.opp] = self.opp_known | hand
        pos = self.opp_size
        for slot in self.future:
            m = 0
            for c in pool[pos:pos + 6]:
                m |= 1 << c
            dealt[slot] = m
            pos += 6
        d.dealt = tuple(dealt)
        return d


_MOVES_CACHE: dict[tuple[int, int], list] = {}


def strict_moves(deal: Deal) -> list:
    """A sampled deal's legal moves under strict claims, cached by (hand, table) while playing."""
    if deal.phase != PLAY:
        return deal.legal_moves()
    key = (deal.hands[deal.turn], deal.table)
    got = _MOVES_CACHE.get(key)
    if got is None:
        if len(_MOVES_CACHE) > 300_000:
            _MOVES_CACHE.clear()
        got = _MOVES_CACHE[key] = legal_moves_in(PLAY, key[0], key[1], True, None)
    return got


def lawful_moves(view: View) -> list:
    """The view's legal moves without the plays that break a priority (see the module docstring)."""
    return legal_moves_in(view.phase, view.hand if view.turn == view.seat else 0, view.table, True,
                          view.pending)


class UraganMaster:
    """ISMCTS within ``budget`` seconds (or ``max_iterations``); ``sees_all`` makes it the Oracle."""

    def __init__(self, seed: int = 0, budget: float | None = 0.8, sees_all: bool = False,
                 max_iterations: int | None = None, exploration: float = 0.25,
                 rollout: str = "static") -> None:
        self.name = "oracle" if sees_all else "master"
        self.seed = seed
        self.budget = budget
        self.sees_all = sees_all
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.rollout = rollout
        self.last_iterations = 0

    def choose(self, view: View, full: Deal | None = None) -> object:
        start = time.perf_counter()
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root_moves = lawful_moves(view) if view.pending is None else moves
        if len(root_moves) == 1:
            return root_moves[0]
        strict = dataclasses.replace(view.options, claims="strict")
        if self.sees_all:
            if full is None:
                raise ValueError("the Oracle must be handed the full deal")
            truth = full

            def sample(rng: object) -> Deal:
                d = truth.copy()
                d.options = strict
                return d
        else:
            sample = Resampler(view, strict).sample  # type: ignore[assignment]

        # the budget bounds the whole answer: keep a margin for setting up and returning
        budget = None if self.budget is None else max(0.0, self.budget * 0.92 - (time.perf_counter() - start))
        deadline = Deadline(budget, self.max_iterations)
        if self.rollout == "static":
            evaluate, rollout = make_static_evaluator(view.match_points, view.target), no_rollout
        else:
            evaluate = make_evaluator(view.match_points, view.target)
            rollout = greedy_playout if self.rollout == "greedy" else random_rollout
        result = ismcts(sample, root_moves, view.seat, evaluate, decision_rng(self.seed, view), deadline,
                        exploration=self.exploration, rollout=rollout, moves=strict_moves)
        self.last_iterations = result.iterations
        return result.move


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
        if len(_WORTH_CACHE) > 500_000:
            _WORTH_CACHE.clear()
        _WORTH_CACHE[mask] = w
    return w


def greedy_playout(deal: Deal, rng, epsilon: float = 0.15) -> None:  # noqa: ANN001
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
    return sum(comb(n, i) for i in range(k, n + 1)) / 2**n


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


def match_value(e0: float, e1: float, a0: int, a1: int, target: int) -> float:
    """Seat 0's match-win chance with fractional expected deal points, interpolated bilinearly."""
    table = _win_table(target)
    x0, x1 = a0 + e0, a1 + e1
    i0, i1 = int(x0), int(x1)
    f0, f1 = x0 - i0, x1 - i1
    w00 = _after(i0, i1, target, table)
    w10 = _after(i0 + 1, i1, target, table)
    w01 = _after(i0, i1 + 1, target, table)
    w11 = _after(i0 + 1, i1 + 1, target, table)
    return (w00 * (1 - f0) * (1 - f1) + w10 * f0 * (1 - f1) + w01 * (1 - f0) * f1 + w11 * f0 * f1)


def make_static_evaluator(match_points: Sequence[int], target: int):  # noqa: ANN201 - a closure
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
