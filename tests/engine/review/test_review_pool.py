"""A review shared among processes (engine.review.pool) gives the verdicts of one process."""

from __future__ import annotations

import pytest

from engine.review import decisions, review_record
from engine.review.bench import club_record
from engine.review.pool import DONE, Claims, review_pooled

ITERATIONS = 30


def test_claims_hand_each_decision_out_once_and_a_newer_review_resets_them() -> None:
    claims = Claims()
    a, b = claims.claimer(1), claims.claimer(1)
    assert [a(), b(), b(), a()] == [0, 1, 2, 3]
    newer = claims.claimer(2)
    assert newer() == 0  # a new review starts from its first decision
    assert a() == DONE  # the process still on the old one takes nothing more


def test_a_process_judges_only_the_decisions_it_claims() -> None:
    rec = club_record("uragan", 1)
    every = decisions(rec, 0)
    taken = iter([1, 3, 4, 10**6])
    verdicts = list(review_record(rec, 0, None, 0, iterations=ITERATIONS, claim=lambda: next(taken)))
    assert [v.move_index for v in verdicts] == [every[k].move_index for k in (1, 3, 4)]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_two_processes_give_the_verdicts_of_one(game: str) -> None:
    rec = club_record(game, 2)
    one = [v.to_json() for v in review_record(rec, 0, None, 5, iterations=ITERATIONS)]
    two = sorted(review_pooled(rec, 0, None, 5, iterations=ITERATIONS, jobs=2), key=lambda v: v.move_index)
    assert len(one) >= 5
    assert [v.to_json() for v in two] == one
