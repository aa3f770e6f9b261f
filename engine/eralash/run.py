"""Runs (секансы): maximal sequences of 3+ consecutive cards of one suit, and what they score."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
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


@cache
def runs_table() -> list[tuple[Run, ...]]:
    """``runs_table()[classic << 15 | suit << 13 | pattern]``: one suit pattern's runs, low to high.

    Built on first use (a few milliseconds), not at import: a pattern's runs are those of the
    pattern below its top block of consecutive ranks, plus that block when it is 3 cards or more.
    """
    table: list[tuple[Run, ...]] = [()] * (1 << 16)
    for suit in range(4):
        base = 13 * suit
        # block[lo][length]: the run of ``length`` ranks from ``lo``, or None when too short to count
        block = [
            [
                Run(((1 << length) - 1) << (base + lo), suit, length, run_points(range(lo, lo + length)))
                if length >= 3 else None
                for length in range(14 - lo)
            ]
            for lo in range(13)
        ]
        free, classic = suit << 13, 0x8000 | suit << 13
        for m in range(7, 1 << 13):
            top = m.bit_length() - 1
            lo = (~m & ((1 << top) - 1)).bit_length()  # the lowest rank of the top block
            run = block[lo][top - lo + 1]
            below = table[free | m & ((1 << lo) - 1)]
            if run is None:
                if below:
                    table[free | m] = below
                continue
            table[free | m] = (*below, run)
            if top == ACE_RANK:  # classic runs count only when they reach the Ace
                table[classic | m] = (run,)
    return table


def hand_runs(hand: CardSet, classic: bool = False) -> tuple[Run, ...]:
    """Every run in ``hand`` as a tuple, by suit (spades, hearts, diamonds, clubs) then rank."""
    k = 0x8000 if classic else 0
    t = runs_table()
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
