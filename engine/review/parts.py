"""What the coach needs of one game, given by that game's review package (``REVIEW``).

The review, its reasons and words, and its benchmark ask a game's ``ReviewParts`` instead of
branching on the game's name; ``engine.review.games.review_parts(name)`` finds them. (The registry
of games, ``engine.games``, sits above the coach: each game's entry there holds the same object.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.review.budget import Budget
from engine.review.judgement import Judgement


class Judge(Protocol):
    """A game's judge of one decision from its seat's view (``engine.review.judgement``)."""

    def __call__(self, view: Any, played: Any, budget: Budget, seed: int,
                 should_stop: Callable[[], bool] | None = None) -> Judgement: ...


@dataclass(frozen=True)
class ReviewParts:
    """One game's judge, its typed reasons, and how its moves and decisions are named."""

    name: str  # the game's name in records ("uragan", "eralash")
    judge: Judge
    decision: Callable[[Any, Any], tuple[str, int]]  # (kind, play number) of a move about to be made
    reasons: Callable[..., list[Any]]  # (view, played, best, **facts): why best beats played
    hint_reasons: Callable[[Any, Any], list[Any]]  # (view, move): what speaks for a hinted move
    exact_reason: Callable[[Any, Sequence[object], float | None, float | None], Any]  # solved verdicts
    facts: Callable[[list[Any], int], dict[str, Any]]  # what followed a decision in the record
    move_to_json: Callable[[Any], Any]
    default_budget: float  # Master's think time: the review's when none is given
    new_match: Callable[..., Any]  # the benchmark's table, dealt from a seed (and a number of players)
    club: Callable[[int], Any]  # a Club bot by seed (the benchmark's players)
    note: str = ""  # said at the end of the command line's output, when there is something to say
    # A judge that may judge a decision again under further seeds takes ``further=`` (a function that
    # runs them, shared by a review's processes: engine.review.further) and gives here the k-th of them
    # as another process makes it: (view, played, budget, seed, k, should_stop) -> its result.
    further: Callable[..., Any] | None = None
    # Such a result as JSON and back (the board between the processes carries JSON, never pickles).
    further_json: tuple[Callable[[Any], Any], Callable[[Any], Any]] | None = None
