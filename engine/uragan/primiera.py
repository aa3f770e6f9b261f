"""Primiera: the best captured card of each suit, by 7 = 21, 6 = 18, A = 16, 5 = 15 … J = 8, summed."""

from __future__ import annotations

from engine.cards import SUITS, CardSet

# Points per rank 0..12 (two .. Ace); 8, 9, 10 are not in the Uragan deck.
RANK_POINTS: tuple[int, ...] = (12, 13, 14, 15, 18, 21, 0, 0, 0, 8, 9, 10, 16)

# _BEST[suit_bits]: the best card's points within one suit's 13-bit pattern.
_BEST: tuple[int, ...] = tuple(
    max((RANK_POINTS[r] for r in range(13) if bits >> r & 1), default=0) for bits in range(1 << 13)
)


def suit_points(captured: CardSet) -> list[int]:
    """Each suit's best card points (0 for a suit with no captured card)."""
    return [_BEST[captured >> (13 * s) & 0x1FFF] for s in SUITS]


def primiera(captured_mask: CardSet, all_suits: bool = True) -> int:
    """The primiera total of a pile; with ``all_suits`` a pile missing a suit has none (0)."""
    pts = suit_points(captured_mask)
    if all_suits and not all(pts):
        return 0
    return sum(pts)
