"""Honours: only Aces count — 3 Aces or all 4 score the table's agreed points, announced not shown."""

from __future__ import annotations

from engine.cards import RANK_MASK, CardSet
from engine.eralash.options import Options

ACES: CardSet = RANK_MASK[12]


def aces_held(hand: CardSet) -> int:
    return (hand & ACES).bit_count()


def honour_points(aces: int, options: Options) -> int:
    """Points for holding ``aces`` Aces as dealt (docs/rules.md, Eralash 5)."""
    if aces == 3:
        return options.aces_three
    if aces == 4:
        return options.aces_four
    return 0


def announced_aces(aces: int, options: Options) -> int:
    """How many Aces a player announces: the count when it scores, else 0 (nothing is said)."""
    return aces if honour_points(aces, options) > 0 else 0


def unannounced_counts(options: Options) -> frozenset[int]:
    """Ace counts a player who announced nothing may hold."""
    return frozenset(k for k in range(5) if announced_aces(k, options) == 0)
