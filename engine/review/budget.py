"""How long the review thinks per decision, and how it is told to stop (cancel between or mid-search)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.bots.search import Deadline

STAGE_ONE_SHARE = 0.6  # of a decision's budget: the search over every move; the rest compares two
DEAL_SECONDS = 4.5  # a deal's review shared by processes: its decisions' budgets add up to about this each
MIN_PACED_S = 0.25  # never less per decision (about 300 iterations of Master's search on the standard box)
FIRST_PACED_S = 0.5  # a re-paced review's first decision at most: its verdict on screen within a second


class Stopped(Exception):
    """The caller asked the review to stop (``should_stop()`` turned true)."""


class StoppableDeadline(Deadline):
    """A search deadline that also ends when ``should_stop()`` is true; the review then raises Stopped."""

    def __init__(self, budget: float | None, max_iterations: int | None,
                 should_stop: Callable[[], bool] | None, check_every: int = 4) -> None:
        super().__init__(budget, max_iterations, check_every=check_every)
        self.should_stop = should_stop
        self.stopped = False

    def expired(self, iterations: int) -> bool:
        if self.should_stop is not None and iterations % 16 == 0 and self.should_stop():
            self.stopped = True
            return True
        return super().expired(iterations)


@dataclass(frozen=True)
class Budget:
    """Per decision: ``seconds`` of wall clock (split between the two stages), or an iteration cap
    per stage (``iterations``; exact determinism, as the tests use), or both (whichever ends first)."""

    seconds: float | None
    iterations: int | None = None

    def stage(self, first: bool, should_stop: Callable[[], bool] | None,
              check_every: int = 4) -> StoppableDeadline:
        share = STAGE_ONE_SHARE if first else 1.0 - STAGE_ONE_SHARE
        secs = None if self.seconds is None else self.seconds * share
        return StoppableDeadline(secs, self.iterations, should_stop, check_every)


def check(deadline: StoppableDeadline) -> None:
    if deadline.stopped:
        raise Stopped


def whole(budget: Budget, should_stop: Callable[[], bool] | None, check_every: int = 4) -> StoppableDeadline:
    """One deadline for the whole decision (a judge that needs no second stage)."""
    iters = None if budget.iterations is None else 2 * budget.iterations
    return StoppableDeadline(budget.seconds, iters, should_stop, check_every)


def paced(budget: float, decisions: int, processes: int, deal_seconds: float = DEAL_SECONDS) -> float:
    """Seconds per decision for a review of ``decisions`` shared by ``processes``: ``budget``, or less
    when the decisions are many, so that the review takes about ``deal_seconds`` (a two-player Eralash
    deal has 24 decisions: 0.375 s each on two processes; a four-player deal's 11 keep their 0.8 s),
    but never under ``MIN_PACED_S``. Decisions solved exactly take less than their budget anyway. The
    app's shared review also re-paces each decision as it is claimed (``review_record(...,
    paced_to=DEAL_SECONDS)``, engine.review.further ``Share.paced``): this is then the most it gets."""
    if decisions <= 0 or processes <= 0:
        return budget
    return max(min(budget, MIN_PACED_S), min(budget, deal_seconds * processes / decisions))
