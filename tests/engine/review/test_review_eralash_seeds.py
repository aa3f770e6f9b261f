"""The Eralash coach's marks stand above its own noise: judged under two seeds, the marked decisions of
whole robbers get the same mark on at least 90 % of them (docs/benchmarks.md, "Coach — Eralash noise
and marks", measures the same over Club robbers, where marks are rare).

The robbers are the planted-slam records (tests/planted_eralash.py: two deals each, every decision of
the reviewed seat judged), so that there are marks to compare: in Club play a mark above the noise
is rare (one in 505 decisions)."""

from __future__ import annotations

import pytest
from planted_eralash import records

from engine.review import NOISE, load_match, match_before, review_record
from engine.review.budget import Budget
from engine.review.eralash import REVIEW
from engine.review.judgement import settle

pytestmark = pytest.mark.slow

ITERATIONS = 200  # per stage: about what the app's 0.8 s gives on a loaded core


def agreeing(first: dict[int, str], second: dict[int, str]) -> tuple[int, int]:
    """(decisions marked under either seed, of which marked alike under both)."""
    marked = [i for i in first if first[i] != "best" or second.get(i, "best") != "best"]
    return len(marked), sum(first[i] == second.get(i) for i in marked)


def test_the_same_mark_under_two_seeds_on_nine_in_ten_marked_decisions() -> None:
    total = same = decisions = 0
    for rec in records():
        if "slam" not in rec["planted"]["what"]:
            continue
        seat = rec["planted"]["seat"]
        first = {v.move_index: v.mark for v in review_record(rec, seat, iterations=ITERATIONS, seed=0)}
        second = {v.move_index: v.mark for v in review_record(rec, seat, iterations=ITERATIONS, seed=1)}
        assert first.keys() == second.keys()
        marked, alike = agreeing(first, second)
        total, same, decisions = total + marked, same + alike, decisions + len(first)
    assert decisions > 50 and total >= 4, (decisions, total)
    assert same >= 0.9 * total, f"{same} of {total}"


# Decisions whose single search marks them under some seeds and not others (docs/benchmarks.md,
# "Coach — Eralash noise and marks": the pairs robber 1174, mid-deal, and the last trick but some of
# robber 13643): (robber seed, seat, move index).
UNSTEADY = ((1174, 1, 68), (1174, 1, 72), (13643, 0, 87))
SEEDS = 10


def test_an_unsteady_decision_gets_the_same_mark_under_eight_seeds_in_ten() -> None:
    """Every seat of whole robbers: a single search's mark on these followed the seed (marked under 3
    to 7 seeds in 10); judged again under further seeds where it would mark, the mark is the same
    under at least 8 of 10 review seeds."""
    by_seed = {r["seed"]: r for r in records()}
    for robber, seat, index in UNSTEADY:
        rec = by_seed[robber]
        state = match_before(rec, index)
        played = load_match(rec)[1].moves[index]
        view, budget = state.view(seat), Budget(None, ITERATIONS)
        judged = [settle(played, REVIEW.judge(view, played, budget, seed), NOISE["eralash"], "eralash")
                  for seed in range(SEEDS)]
        marks = [s.mark in ("inaccuracy", "mistake") for s in judged]
        assert max(sum(marks), SEEDS - sum(marks)) >= 0.8 * SEEDS, (robber, index, marks)


def test_the_check_catches_marks_that_follow_the_seed() -> None:
    """The comparison itself: marks that differ between the seeds fail it."""
    one_differs = ({1: "mistake", 2: "best", 3: "inaccuracy"}, {1: "best", 2: "best", 3: "inaccuracy"})
    assert agreeing(*one_differs) == (2, 1)
    assert agreeing({1: "best", 2: "best"}, {1: "best", 2: "inaccuracy"}) == (1, 0)
