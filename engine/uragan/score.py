"""End-of-deal points (docs/rules.md, Uragan 9): cards, hearts, the seven of hearts, primiera, uragans."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import HEARTS, SEVEN, SUIT_MASK, CardSet, make
from engine.uragan.primiera import primiera

CATEGORIES = ("cards", "hearts", "seven", "primiera", "uragans")
SEVEN_OF_HEARTS = make(SEVEN, HEARTS)
CARDS_NEEDED = 21  # more than half of 40
HEARTS_NEEDED = 6  # more than half of 10


def _most(a: int, b: int, needed: int) -> tuple[int, int]:
    if a > b and a >= needed:
        return 1, 0
    if b > a and b >= needed:
        return 0, 1
    return 0, 0


def breakdown(piles: Sequence[CardSet], uragans: Sequence[int], all_suits: bool) -> dict[str, Any]:
    """``{"counts": [...], "points": [...]}`` per seat, as the replay output and end-of-deal screen show.

    counts: cards, hearts, primiera (0 when the all-suits option leaves the seat without one),
    seven (1 if the seat holds the seven of hearts), uragans. points: one per category and "total".
    """
    n_cards = [p.bit_count() for p in piles]
    n_hearts = [(p & SUIT_MASK[HEARTS]).bit_count() for p in piles]
    prim = [primiera(p, all_suits) for p in piles]
    seven = [int(bool(p >> SEVEN_OF_HEARTS & 1)) for p in piles]
    cards_pts = _most(n_cards[0], n_cards[1], CARDS_NEEDED)
    hearts_pts = _most(n_hearts[0], n_hearts[1], HEARTS_NEEDED)
    prim_pts = _most(prim[0], prim[1], 1)
    counts = []
    points = []
    for s in (0, 1):
        counts.append({"cards": n_cards[s], "hearts": n_hearts[s], "primiera": prim[s],
                       "seven": seven[s], "uragans": uragans[s]})
        pts = {"cards": cards_pts[s], "hearts": hearts_pts[s], "seven": seven[s],
               "primiera": prim_pts[s], "uragans": uragans[s]}
        pts["total"] = sum(pts.values())
        points.append(pts)
    return {"counts": counts, "points": points}
