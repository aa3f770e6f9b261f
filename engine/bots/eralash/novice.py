"""Eralash Novice: plays like someone who learned the rules this evening.

Legal, plausible cards with a beginner's habits: leads its biggest cards at once, wins a trick with
the highest card it can (even over its partner), trumps whenever it may, throws away whatever comes
to hand, and never looks at the score sheet. Now and then it simply plays a card at random. Trump,
when it must choose, is its longest suit. Instant.
"""

from __future__ import annotations

import random
from typing import Any

from engine.bots.eralash.view import (
    Situation,
    choose_trump_move,
    decision_rng,
    to_card_move,
    trump_choices,
)
from engine.cards import SUIT_MASK, card_list
from engine.eralash.trick import beats, winning_index

__all__ = ["NoviceBot"]

WHIM = 0.25  # chance of a card picked for no reason at all


class NoviceBot:
    sees_all = False

    def __init__(self, seed: int = 0, name: str = "novice") -> None:
        self.name = name
        self.seed = seed

    def choose(self, view: Any, full: Any = None) -> Any:
        legal = list(view.legal_moves())
        if not legal:
            raise ValueError(f"seat {view.seat} has no move to make now (seat {view.cur} is to move)")
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, view)
        sit = Situation.of(view)
        if sit.trump is None:
            lengths = [(sit.hand & SUIT_MASK[s]).bit_count() for s in range(4)]
            return choose_trump_move(view, max(trump_choices(view), key=lambda s: lengths[s]))
        by_card = {to_card_move(m): m for m in legal}
        card = novice_card(sit, sorted(by_card), rng)
        return by_card[card]

    def __repr__(self) -> str:
        return f"NoviceBot(seed={self.seed})"


def novice_card(sit: Situation, legal: list[int], rng: random.Random) -> int:
    trump = sit.trump
    assert trump is not None
    if rng.random() < WHIM:
        return rng.choice(legal)
    if not sit.trick:
        # the biggest card first: a beginner's idea of "taking tricks"
        return max(legal, key=lambda c: (c % 13, rng.random()))
    best = sit.trick[winning_index(sit.trick, trump)]
    winners = [c for c in legal if beats(c, best, trump)]
    if winners and rng.random() < 0.8:
        return max(winners, key=lambda c: (c // 13 != trump, c % 13))  # the highest, trumps last
    led = sit.trick[0] // 13
    follow = [c for c in legal if c // 13 == led]
    if follow:
        return rng.choice(follow)
    return rng.choice(card_list(sum(1 << c for c in legal)))
