"""The reasons both games share: a deal nothing could change, and a better move with no simpler cause."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Decided:
    """Nothing the seat could have done in this deal would have changed the result."""


@dataclass(frozen=True)
class BetterValue:
    """Nothing simpler to point at: the better move is worth ``amount`` more (``unit``: "points",
    deal points; "tricks"; "chance", win chance)."""

    best: object
    amount: float
    unit: str
