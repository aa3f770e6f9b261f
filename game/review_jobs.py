"""The review as the bot worker runs it: ``engine.review``, optionally limited to some deals.

"Review this deal" judges one deal of a longer game: the record keeps every deal before it (so the
match score is right), and only that deal's decisions are searched. Without ``deals`` this is
exactly ``engine.review.review_record``. No pygame here: the worker process imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


def review_deals(record: Any, seat: int, budget: float | None = None, seed: int = 0, *,
                 deals: list[int] | None = None, iterations: int | None = None,
                 should_stop: Callable[[], bool] | None = None) -> Iterator[Any]:
    """Verdicts (``engine.review.Verdict``) for ``seat``'s decisions, in order; ``deals`` (from 1)
    limits them to those deals."""
    from engine.review import review_record

    if not deals:
        yield from review_record(record, seat, budget, seed, iterations=iterations, should_stop=should_stop)
        return
    from engine.review import NOISE, default_budget, load_match
    from engine.review.budget import Budget, Stopped
    from engine.review.judgement import settle
    from engine.review.verdict import Verdict

    wanted = set(deals)
    game, _ = load_match(record)
    if game == "uragan":
        from engine.review.uragan import judge
    else:
        from engine.review.eralash import judge
    if budget is None and iterations is None:
        budget = default_budget(game)
    plan = Budget(budget, iterations)
    for d, state in _decisions_in(record, seat, wanted):
        if should_stop is not None and should_stop():
            return
        try:
            j = judge(state.view(seat), d.played, plan, seed, should_stop)
        except Stopped:
            return
        best, wp, wb, loss, nearly = settle(d.played, j, NOISE[game])
        yield Verdict(game, d.deal, d.play, seat, d.kind, d.move_index, d.played, best, wp, wb, loss,
                      nearly, j.iterations)


def _decisions_in(record: Any, seat: int, wanted: set[int]) -> Iterator[tuple[Any, Any]]:
    """(decision, the match just before it) for the seat's decisions in the wanted deals."""
    from engine.review import decisions, match_before

    chosen = [d for d in decisions(record, seat) if d.deal in wanted]
    if not chosen:
        return
    state = match_before(record, chosen[0].move_index)
    _, full = _load(record)
    at = chosen[0].move_index
    for d in chosen:
        while at < d.move_index:
            state.play(full.moves[at])
            at += 1
        yield d, state.copy()


def _load(record: Any) -> tuple[str, Any]:
    from engine.review import load_match

    return load_match(record)
