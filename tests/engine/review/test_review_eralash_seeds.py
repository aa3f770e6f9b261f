"""The Eralash coach's marks stand above its own noise: judged under two seeds, a whole robber's
marked decisions get the same mark on at least 90 % of them (docs/benchmarks.md, "Coach — Eralash
noise and marks", measures the same over more robbers)."""

from __future__ import annotations

import pytest

from engine.bots.eralash.club import ClubBot
from engine.eralash.match import Match
from engine.eralash.options import Options
from engine.review import review_record

pytestmark = pytest.mark.slow

ITERATIONS = 200  # per stage: about what the app's 0.8 s gives on a loaded core


def _robber(n: int, options: dict[str, object], seed: int) -> dict[str, object]:
    m = Match.new(Options.from_dict(options), [f"P{i}" for i in range(n)], seed)
    bots = [ClubBot(seed + i) for i in range(n)]
    while not m.is_over():
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return m.to_record()


def agreeing(first: dict[int, str], second: dict[int, str]) -> tuple[int, int]:
    """(decisions marked under either seed, of which marked alike under both)."""
    marked = [i for i in first if first[i] != "best" or second.get(i, "best") != "best"]
    return len(marked), sum(first[i] == second.get(i) for i in marked)


def test_the_same_mark_under_two_seeds_on_nine_in_ten_marked_decisions_of_a_robber() -> None:
    record = _robber(3, {}, 71)
    first = {v.move_index: v.mark for v in review_record(record, 0, iterations=ITERATIONS, seed=0)}
    second = {v.move_index: v.mark for v in review_record(record, 0, iterations=ITERATIONS, seed=1)}
    assert first.keys() == second.keys() and len(first) > 30
    marked, same = agreeing(first, second)
    assert marked, "a robber with no mark at all shows nothing"
    assert same >= 0.9 * marked, f"{same} of {marked}"


def test_the_check_catches_marks_that_follow_the_seed() -> None:
    """The comparison itself: marks that differ between the seeds fail it."""
    one_differs = ({1: "mistake", 2: "best", 3: "inaccuracy"}, {1: "best", 2: "best", 3: "inaccuracy"})
    assert agreeing(*one_differs) == (2, 1)
    assert agreeing({1: "best", 2: "best"}, {1: "best", 2: "inaccuracy"}) == (1, 0)
