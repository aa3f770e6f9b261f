"""Each game's review parts by the game's name: what the coach's shared modules ask instead of
branching on it (engine.games, above the coach, holds the same objects in each game's entry)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.review import eralash, uragan
from engine.review.parts import ReviewParts
from engine.state import RecordError

REVIEWS: Mapping[str, ReviewParts] = {parts.name: parts for parts in (eralash.REVIEW, uragan.REVIEW)}


_NAMES = " or ".join(f'"{g}"' for g in REVIEWS)


def review_parts(game: object) -> ReviewParts:
    """The review parts of ``game``; RecordError (a record naming an unknown game) otherwise."""
    if not isinstance(game, str) or game not in REVIEWS:
        raise RecordError(f"unknown game {game!r}: expected {_NAMES}")
    return REVIEWS[game]
