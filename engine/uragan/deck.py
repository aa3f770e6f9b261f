"""The 40-card Uragan deck (no 8s, 9s, 10s), card values, and the order of the deal."""

from __future__ import annotations

import random

from engine.cards import EIGHT, NINE, SUITS, TEN, CardSet, make

# Value of each card int 0..51 for capturing; 0 for the 8s, 9s and 10s, which are not in the deck.
_RANK_VALUE = (2, 3, 4, 5, 6, 7, 0, 0, 0, 8, 9, 10, 1)
VALUE: tuple[int, ...] = tuple(_RANK_VALUE[c % 13] for c in range(52))

DECK: CardSet = sum(1 << make(r, s) for s in SUITS for r in range(13) if r not in (EIGHT, NINE, TEN))
DECK_SIZE = 40
DECK_CARDS: tuple[int, ...] = tuple(c for c in range(52) if DECK >> c & 1)

# VALUE_MASK[v]: the four cards of value v (index 0 unused).
VALUE_MASK: tuple[CardSet, ...] = tuple(
    sum(1 << c for c in range(52) if VALUE[c] == v) if v else 0 for v in range(11)
)

HAND_SIZE = 6
TABLE_SIZE = 4
ROUNDS = 3
PLAYS_PER_DEAL = ROUNDS * 2 * HAND_SIZE  # 36; the 4 table cards are never played


def deal_cards(dealer: int, rng: random.Random) -> tuple[CardSet, tuple[CardSet, ...]]:
    """Shuffle and deal as docs/rules.md says: 3 to the opponent, 3 to the dealer, 4 to the table, 3 + 3.

    Then the stock gives 6 to the opponent and 6 to the dealer, twice. Returns ``(table, dealt)``
    where ``dealt[2 * round + seat]`` is what ``seat`` receives in round 0, 1 or 2.
    """
    # Sorting by random keys is a uniform shuffle and, with C-level rng.random(), cheaper than
    # rng.shuffle's per-card randbelow: deals are dealt by the thousand in benchmarks and rollouts.
    keys = [rng.random() for _ in DECK_CARDS]
    deck = [DECK_CARDS[i] for i in sorted(range(DECK_SIZE), key=keys.__getitem__)]
    opp = 1 - dealer

    def mask(part: list[int]) -> CardSet:
        m = 0
        for c in part:
            m |= 1 << c
        return m

    per_seat = [[0, 0], [0, 0], [0, 0]]
    per_seat[0][opp] = mask(deck[0:3] + deck[10:13])
    per_seat[0][dealer] = mask(deck[3:6] + deck[13:16])
    table = mask(deck[6:10])
    per_seat[1][opp] = mask(deck[16:22])
    per_seat[1][dealer] = mask(deck[22:28])
    per_seat[2][opp] = mask(deck[28:34])
    per_seat[2][dealer] = mask(deck[34:40])
    return table, tuple(m for rnd in per_seat for m in rnd)

