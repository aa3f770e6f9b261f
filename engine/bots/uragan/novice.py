"""Uragan Novice: plausible play with a beginner's mistakes, instant.

A beginner grabs: it takes the capture with the most cards (it likes hearts and sweeps it sees),
but never looks at what it leaves on the table for the opponent. With nothing to take it trails a
card of its choice without counting the unseen cards — often a seven or a heart it should guard.
It sometimes overlooks a capture and trails a card that could take (the opponent may claim), and it
notices a priority broken against it only half the time.
"""

from __future__ import annotations

import random

from engine.bots.search import decision_rng
from engine.cards import HEARTS
from engine.uragan.claim import breach
from engine.uragan.moves import CLAIM, LET_STAND, Claim, LetStand, Move, Play
from engine.uragan.view import View

OVERLOOK = 0.12  # chance of missing every capture on a turn
NOTICE_BREACH = 0.5  # chance of claiming a priority broken against it


def _grab_score(move: Play, table: int) -> tuple[int, int, int]:
    taken = move.take | (1 << move.card)
    hearts = sum(1 for c in range(13 * HEARTS, 13 * HEARTS + 13) if taken >> c & 1)
    sweep = int(move.take == table)
    return (sweep, taken.bit_count(), hearts)


class UraganNovice:
    sees_all = False

    def __init__(self, seed: int = 0, name: str = "novice") -> None:
        self.name = name
        self.seed = seed

    def choose(self, view: View, full: object = None) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        rng = decision_rng(self.seed, view)
        if isinstance(moves[0], (LetStand, Claim)):
            return CLAIM if rng.random() < NOTICE_BREACH else LET_STAND
        if view.pending is not None:  # picking the capture a claim demands: any will do
            return rng.choice(moves)
        return self._play(view, [m for m in moves if isinstance(m, Play)], rng)

    def _play(self, view: View, moves: list[Play], rng: random.Random) -> Play:
        captures = [m for m in moves if m.take and breach(m.card, m.take, view.table) is None]
        trails = [m for m in moves if not m.take]
        if captures and (rng.random() >= OVERLOOK or not trails):
            best = max(_grab_score(m, view.table) for m in captures)
            return rng.choice([m for m in captures if _grab_score(m, view.table) == best])
        lawful = [m for m in trails if breach(m.card, 0, view.table) is None]
        # With nothing it sees to take, a beginner trails: a lawful trail if one comes to mind,
        # otherwise whatever card (a trail that could have captured, open to a claim).
        pool = lawful if lawful and rng.random() < 0.8 else trails
        return rng.choice(pool)
