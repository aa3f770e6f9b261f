"""The review's judge for Uragan: Master's ISMCTS from the seat's view, valued by the match-win chance.

Stage one searches every lawful move (what Master would play); if the played move differs, stage two
searches just the two of them on fresh samples, so that both are valued by many iterations. A play
that broke a priority (``book`` claims) is searched in stage two under the record's own claims, so
the opponent's claim or let-stand answer is part of its value. The leaf value is the pure
match-win chance of ``uragan_eval``'s expected deal points (Master blends in a little of the point
difference to play purposefully when the match is decided; a review reports chances, not that).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

from engine.bots.search import SearchResult, _gc_paused, _ismcts, decision_rng, stable_seed, view_key
from engine.bots.uragan.eval import expected_points, no_rollout
from engine.bots.uragan.master import Resampler, lawful_moves, strict_move_generator
from engine.bots.uragan.odds import match_value, outcome, win_table
from engine.review.budget import Budget, check
from engine.review.judgement import Judgement
from engine.uragan.deal_state import Deal
from engine.uragan.view import View

EXPLORATION = 0.25  # Master's


def win_evaluator(match_points: Sequence[int], target: int) -> Callable[[Deal], tuple[float, float]]:
    """Each seat's chance to win the match once this (finished or unfinished) deal is scored."""
    a0, a1 = int(match_points[0]), int(match_points[1])
    table = win_table(target)

    def evaluate(deal: Deal) -> tuple[float, float]:
        if deal._over:
            x0, x1 = deal.score()
            p0 = outcome(a0 + int(x0), a1 + int(x1), target, table)
        else:
            e0, e1 = expected_points(deal)
            p0 = match_value(e0, e1, a0, a1, target)
        return p0, 1.0 - p0

    return evaluate


def _rooted(root_len: int, root: list, inner: Callable[[Deal], list]) -> Callable[[Deal], list]:
    """The move generator with only ``root`` offered at the root (the shared ISMCTS asks the
    generator at every node, the root included)."""

    def moves(deal: Deal) -> list:
        if len(deal.history) == root_len:
            return root
        return inner(deal)

    return moves


def _search(view: View, root: list, options: object, rng: random.Random, deadline: object) -> SearchResult:
    sample = Resampler(view, options).sample
    gen = _rooted(len(view.history), root, strict_move_generator())
    evaluate = win_evaluator(view.match_points, view.target)
    with _gc_paused():
        return _ismcts(sample, root, evaluate, rng, deadline, no_rollout, EXPLORATION, None, gen)  # type: ignore[arg-type]


def judge(view: View, played: object, budget: Budget, seed: int,
          should_stop: Callable[[], bool] | None = None) -> Judgement:
    """Best move and the win chances after the played and the best move, from ``view`` alone."""
    root = lawful_moves(view) if view.pending is None else list(view.legal_moves())
    strict = dataclasses.replace(view.options, claims="strict")
    dl = budget.stage(True, should_stop)
    first = _search(view, root, strict, decision_rng(seed, view), dl)
    check(dl)
    best = first.move
    if best == played:
        return Judgement(played, first.values[played], first.values[played], first.iterations)
    pair = [best, played]
    options = strict if played in root else view.options  # a priority breach needs book claims
    dl = budget.stage(False, should_stop)
    rng = random.Random(stable_seed(seed, "compare", view_key(view)))
    second = _search(view, pair, options, rng, dl)
    check(dl)
    vb, vp = second.values[best], second.values[played]
    its = first.iterations + second.iterations
    if vp >= vb:
        return Judgement(played, vp, vp, its)
    return Judgement(best, vp, vb, its)
