"""The review's judge for Eralash: Master's ISMCTS (card play) and flat Monte Carlo (trump) from
the seat's view, valued by Master's robber value (each side's chance of winning the robber).

Cards of equal value in the hand are one choice (as for Master): a played card is judged as its
class. Stage one searches every class; if the played one is not the most visited, stage two searches
just the two on fresh samples. A trump choice tries every suit on the same sampled deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.bots.eralash.master import ROLLOUT_SKILL, search_root
from engine.bots.eralash.tricks import equivalence_classes
from engine.bots.eralash.view import Situation, decision_rng, trick_play_of, trump_choices
from engine.bots.search import stable_seed
from engine.cards import cards
from engine.eralash.moves import ChooseTrump
from engine.review.budget import Budget, check, whole
from engine.review.judgement import Judgement


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def judge(view: Any, played: Any, budget: Budget, seed: int,
          should_stop: Callable[[], bool] | None = None) -> Judgement:
    sit = Situation.of(view)
    rng = decision_rng(seed, view)
    if sit.trump is None:
        return _judge_trump(view, sit, played, budget, rng, should_stop)
    legal_mask = 0
    for m in view.legal_moves():
        legal_mask |= 1 << int(m)
    classes = equivalence_classes(legal_mask, sit.settled())
    rep = {c: _lowest(k) for k in classes for c in cards(k)}
    reps = [_lowest(k) for k in classes]
    value = sit.robber_value()
    mine = rep[int(played)]
    dl = budget.stage(True, should_stop, check_every=8)
    visits, means, its = search_root(sit, reps, view.determinize, value, rng, dl)
    check(dl)
    best = max(reps, key=lambda c: (visits[c], means[c], -c))
    if best == mine:
        return Judgement(played, means[best], means[best], its)
    dl = budget.stage(False, should_stop, check_every=8)
    rng2 = random.Random(stable_seed(seed, "compare", view.seat, view.hand, view.played, view.deal_number))
    _, means2, its2 = search_root(sit, [best, mine], view.determinize, value, rng2, dl)
    check(dl)
    if means2[mine] >= means2[best]:
        return Judgement(played, means2[mine], means2[mine], its + its2)
    return Judgement(best, means2[mine], means2[best], its + its2)


def _judge_trump(view: Any, sit: Situation, played: Any, budget: Budget, rng: random.Random,
                 should_stop: Callable[[], bool] | None) -> Judgement:
    """Every suit on the same sampled deals, played out by Master's rollout policy."""
    value = sit.robber_value()
    me = sit.seat
    choices = trump_choices(view)
    totals = dict.fromkeys(choices, 0.0)
    dl = whole(budget, should_stop)
    it = 0
    while not dl.expired(it):
        deal = view.determinize(rng)
        for s in choices:
            tp = trick_play_of(deal, trump=s)
            tp.rollout(rng, sit.pairs, ROLLOUT_SKILL)
            totals[s] += value(tp.won)[me]
        it += 1
    check(dl)
    n = max(1, it)
    means = {s: totals[s] / n for s in choices}
    best = max(choices, key=lambda s: (means[s], -s))
    return Judgement(ChooseTrump(best), means[played.suit], means[best], it)
