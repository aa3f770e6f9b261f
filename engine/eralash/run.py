"""Runs (секансы): maximal sequences of 3+ consecutive cards of one suit, and what they score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.cards import RANK_INDEX, SUIT_SYMBOLS, Card, CardSet, Suit

# A = 11; K, Q, J, 10 = 10; pips at face value (docs/rules.md, Eralash 3).
RANK_VALUE: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
ACE_RANK = 12


class Run(NamedTuple):
    """One declared run: its cards (a mask), suit, length and points."""

    cards: CardSet
    suit: Suit
    length: int
    points: int

    @property
    def low(self) -> Card:
        return (self.cards & -self.cards).bit_length() - 1

    @property
    def high(self) -> Card:
        return self.cards.bit_length() - 1

    def label(self, lang: str = "en") -> str:
        """``8-9-10♣``: ranks low to high, then the suit symbol."""
        lo = self.low % 13
        ranks = "-".join(RANK_INDEX[lang][r] for r in range(lo, lo + self.length))
        return ranks + SUIT_SYMBOLS[self.suit]

    def describe(self, lang: str = "en") -> str:
        """``8-9-10♣ — 27``: the run and its points, as the score sheet shows it."""
        return f"{self.label(lang)} — {self.points}"


def run_points(ranks: Sequence[int]) -> int:
    """Points of a run given its ranks (0 = two … 12 = Ace): A-K-Q-J = 41, 8-7-6-5 = 26."""
    return sum(RANK_VALUE[r] for r in ranks)


def _suit_runs(m: int, classic: bool) -> tuple[tuple[int, int, int], ...]:
    """The runs of a 13-bit suit pattern as (lowest rank, length, points)."""
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


# SUIT_RUNS[classic][pattern]: runs of a 13-bit suit pattern; built once (8192 patterns each).
SUIT_RUNS: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...] = tuple(
    tuple(_suit_runs(m, classic) for m in range(1 << 13)) for classic in (False, True)
)


def _build_run_objects() -> list[tuple[Run, ...]]:
    """RUNS_OF[classic << 15 | suit << 13 | pattern]: the runs of one suit pattern as Run objects."""
    table: list[tuple[Run, ...]] = [()] * (1 << 16)
    for classic in (0, 1):
        for m, found in enumerate(SUIT_RUNS[classic]):
            if not found:
                continue
            for suit in range(4):
                base = 13 * suit
                table[classic << 15 | suit << 13 | m] = tuple(
                    Run(((1 << length) - 1) << (base + lo), suit, length, pts) for lo, length, pts in found
                )
    return table


RUNS_OF: list[tuple[Run, ...]] = _build_run_objects()


def hand_runs(hand: CardSet, classic: bool = False) -> tuple[Run, ...]:
    """Every run in ``hand`` as a tuple, by suit (spades, hearts, diamonds, clubs) then rank."""
    k = 0x8000 if classic else 0
    t = RUNS_OF
    return (
        t[k | hand & 0x1FFF]
        + t[k | 0x2000 | hand >> 13 & 0x1FFF]
        + t[k | 0x4000 | hand >> 26 & 0x1FFF]
        + t[k | 0x6000 | hand >> 39]
    )


def find_runs(hand: CardSet, classic: bool = False) -> list[Run]:
    """Every run in ``hand``, by suit (spades, hearts, diamonds, clubs) then rank."""
    return list(hand_runs(hand, classic))


def run_neighbours(run: Run) -> CardSet:
    """The cards just below and above a run, in its suit: its owner cannot hold them (runs are maximal)."""
    lo, hi = run.low % 13, run.high % 13
    base = 13 * run.suit
    m = 0
    if lo > 0:
        m |= 1 << (base + lo - 1)
    if hi < 12:
        m |= 1 << (base + hi + 1)
    return m
