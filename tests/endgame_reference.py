"""Plain minimax with no pruning, table or equal-card merging: the reference for the endgame solver."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.eralash.trick import legal_cards as legal_mask
from engine.eralash.trick import winning_index as trick_winner


def minimax(n: int, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int],
            won: Sequence[int], side: int, utility: Callable[[tuple[int, ...]], float] | None) -> float:
    """The value for the seats in the bitmask ``side`` (they maximise, the others minimise):
    tricks taken from here on, or ``utility(final tricks per seat)``."""
    hands, trick, won = list(hands), list(trick), list(won)
    turn = (leader + len(trick)) % n
    if not any(hands) and not trick:
        return 0.0 if utility is None else utility(tuple(won))
    led = trick[0] // 13 if trick else None
    m = legal_mask(hands[turn], led, trump)
    values = []
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        h2 = hands[:]
        h2[turn] &= ~low
        t2 = [*trick, c]
        if len(t2) == n:
            w = (leader + trick_winner(t2, trump)) % n
            w2 = won[:]
            w2[w] += 1
            v = minimax(n, h2, trump, w, [], w2, side, utility)
            if utility is None:
                v += side >> w & 1
        else:
            v = minimax(n, h2, trump, leader, t2, won, side, utility)
        values.append(v)
    return max(values) if side >> turn & 1 else min(values)


def random_position(rng: random.Random, n: int, per_hand: int) -> dict:
    """Hands of ``per_hand`` cards (a few suits, so that following and trumping matter), a trump,
    a leader and maybe a trick under way."""
    suits = rng.choice((2, 3, 4))
    pool = [s * 13 + r for s in rng.sample(range(4), suits) for r in range(13)]
    cards = rng.sample(pool, n * per_hand)
    hands = [sum(1 << c for c in cards[i * per_hand:(i + 1) * per_hand]) for i in range(n)]
    trump = rng.randrange(4)
    leader = rng.randrange(n)
    won = [rng.randrange(4) for _ in range(n)]
    trick: list[int] = []
    for i in range(rng.randrange(n)):  # a few cards of the trick already down
        seat = (leader + i) % n
        led = trick[0] // 13 if trick else None
        m = legal_mask(hands[seat], led, trump)
        options = [c for c in range(52) if m >> c & 1]
        c = rng.choice(options)
        hands[seat] &= ~(1 << c)
        trick.append(c)
    return {"n": n, "hands": hands, "trump": trump, "leader": leader, "trick": trick, "won": won}
