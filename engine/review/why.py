"""Why a move costs or helps, in words: the reasons of a judged decision and of a hint, in ru and en.

``hint_why(view, move, game)`` is the one line the app shows beside a hint; ``decision_why`` is the
``why`` of a verdict marked inaccuracy or mistake. Both are built from typed reasons
(``engine.review.uragan.why``, ``engine.review.eralash.why``) that look only at what the seat's
``View`` shows, and turned into words by ``engine.review.words``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.review import words
from engine.review.games import review_parts
from engine.review.judgement import DEAL_UNIT
from engine.review.reasons import BetterValue, Decided

MOST = 2  # reasons per sentence


def game_reasons(game: str, view: Any, played: object, best: object, **facts: Any) -> list[Any]:
    """The typed reasons the better move beats the played one, most telling first."""
    return review_parts(game).reasons(view, played, best, **facts)


def decision_why(game: str, view: Any, played: object, best: object, *, loss: float = 0.0,
                 deal_loss: float | None = None, exact: bool = False, line: Sequence[object] = (),
                 deal_best: float | None = None, deal_played: float | None = None,
                 **facts: Any) -> dict[str, str] | None:
    """The ``why`` of a decision whose better move is ``best``: {"en": .., "ru": ..}.

    ``facts`` are what the review knows beyond the view (Uragan: ``claimed``/``forced``, what
    followed a priority-breaking play; Eralash: ``decided``). When no reason of the position
    applies, the sentence says what the better move is worth (``deal_loss`` in the deal's unit,
    else ``loss`` in win chance). An ``exact`` verdict whose ``line`` plays the deal out leads
    with what best play gives ("solved exactly: with best play you finish with 22 cards ...")."""
    if best == played and not facts.get("decided"):
        return None
    found = game_reasons(game, view, played, best, **facts)
    if not found and best != played:
        unit = DEAL_UNIT[game]
        if deal_loss is not None and deal_loss >= 0.05:
            found = [BetterValue(best, deal_loss, unit)]
        elif loss > 0:
            found = [BetterValue(best, loss, "chance")]
    solved = review_parts(game).exact_reason(view, line, deal_best, deal_played) if exact else None
    if solved is not None:
        found = [solved, *found]
    n = MOST + (solved is not None)
    # a rider (what the better move gives up) is said with the reasons it is weighed against
    chosen = [*found[:n], *[r for r in found[n:] if getattr(r, "rider", False)][:1]]
    return words.say_both(chosen, len(chosen))


def decided_why() -> dict[str, str]:
    """The line at the head of a decided deal's review: nothing the seat did changed the result."""
    return words.say_both([Decided()]) or {}


def hint_why(view: Any, move: object, game: str) -> dict[str, str] | None:
    """One line on why the hinted ``move`` is good from ``view`` ({"en": .., "ru": ..}), or None
    when there is nothing to say beyond the move itself. The line is a clause meant to follow the
    move ("… — it takes the whole table: an uragan, 1 point."): small first letter, full stop."""
    return words.say_hint(review_parts(game).hint_reasons(view, move))
