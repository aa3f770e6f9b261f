"""Primiera: the best captured card of each suit, by 7 = 21, 6 = 18, A = 16, 5 = 15 … J = 8, summed."""

from __future__ import annotations

from engine.cards import SUITS, CardSet

# Points per rank 0..12 (two .. Ace); 8, 9, 10 are not in the Uragan deck.
RANK_POINTS: tuple[int, ...] = (12, 13, 14, 15, 18, 21, 0, 0, 0, 8, 9, 10, 16)



def _best_points() -> tuple[int, ...]:
    """_BEST[suit_bits]: the best card's points within one suit's 13-bit pattern (by doubling:
    the patterns with rank r are those without it, each with r's points if they beat the best)."""
    table = [0]
    for points in RANK_POINTS:
        table += [b if b > points else points for b in table]
    return tuple(table)


_BEST: tuple[int, ...] = _best_points()


def suit_points(captured: CardSet) -> list[int]:
    """Each suit's best card points (0 for a suit with no captured card)."""
    return [_BEST[captured >> (13 * s) & 0x1FFF] for s in SUITS]


def primiera(captured_mask: CardSet, all_suits: bool = True) -> int:
    """The primiera total of a pile; with ``all_suits`` a pile missing a suit has none (0)."""
    pts = suit_points(captured_mask)
    if all_suits and not all(pts):
        return 0
    return sum(pts)
