"""Why a move costs or helps, in words: the reasons of a judged decision and of a hint, in ru and en.

``hint_why(view, move, game)`` is the one line the app shows beside a hint; ``decision_why`` is the
``why`` of a verdict marked inaccuracy or mistake. Both are built from typed reasons
(``engine.review.uragan.why``, ``engine.review.eralash.why``) that look only at what the seat's
``View`` shows, and turned into words by ``engine.review.words``.
"""

from __future__ import annotations

from typing import Any


def hint_why(view: Any, move: object, game: str) -> dict[str, str] | None:
    """One line on why the hinted ``move`` is good from ``view`` ({"en": .., "ru": ..}), or None
    when there is nothing to say beyond the move itself."""
    return None
