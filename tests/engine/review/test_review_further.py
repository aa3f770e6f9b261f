"""A would-be mark's further judgements shared by a review's processes (engine.review.further): the
verdicts are those of one process, no further judgement is made twice, and a shared deal's decisions
are re-paced to its end."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from planted_eralash import records

import engine.review.eralash as eralash_judge
from engine.review import review_record
from engine.review.pool import Claims

ITERATIONS = 200  # 1174's decision 68 (seat 1, deal 2) is a would-be mark at this cap under seed 0


def robber(seed: int) -> dict[str, Any]:
    return next(r for r in records() if r["seed"] == seed)


def test_the_other_process_takes_the_further_judgements_left_and_the_poster_gets_them_in_order() -> None:
    claims = Claims()
    poster, other = claims.claimer(1), claims.claimer(1)
    made_here: list[int] = []
    made_there: list[tuple[int, int, float | None]] = []

    def run(decision: int, k: int, seconds: float | None) -> Any:
        made_there.append((decision, k, seconds))
        return {"k": k, "by": "other"}

    def work(k: int) -> Any:
        made_here.append(k)
        if k == 1:  # while the poster judges its first, the other process comes by and takes the rest
            assert other.help(run) == 3
        return {"k": k, "by": "poster"}

    found = poster.spread(68, 4, work, None, budget=0.5)
    assert made_here == [1]
    assert made_there == [(68, 2, 0.5), (68, 3, 0.5), (68, 4, 0.5)]
    assert [f["k"] for f in found] == [1, 2, 3, 4]
    assert [f["by"] for f in found] == ["poster", "other", "other", "other"]
    assert other.help(run) == 0  # the post is closed: nothing more to take


def test_a_further_judgement_the_other_process_dropped_is_made_by_the_poster() -> None:
    claims = Claims()
    poster, other = claims.claimer(1), claims.claimer(1)

    class Stop(Exception):
        pass

    def run(decision: int, k: int, seconds: float | None) -> Any:
        raise Stop  # told to stop mid-judgement (Stopped, in the review)

    def work(k: int) -> Any:
        if k == 1:
            with pytest.raises(Stop):
                other.help(run)
        return k

    assert poster.spread(5, 3, work, None) == [1, 2, 3]


def test_a_newer_review_takes_nothing_posted_by_an_older_one() -> None:
    claims = Claims()
    old, newer = claims.claimer(1), claims.claimer(2)
    seen: list[int] = []

    def work(k: int) -> int:
        if k == 1:
            assert newer.help(lambda d, k, s: seen.append(k)) == 0
        return k

    assert old.spread(3, 2, work, None) == [1, 2]
    assert seen == []


def test_a_shared_review_re_paces_its_decisions_to_the_deal_s_end() -> None:
    claims = Claims()
    share = claims.claimer(1)
    assert share() == 0  # the review begins: ten decisions, 4.5 s, two processes
    first = share.paced(0.8, 10, 2, 4.5, 0.25)
    assert first == pytest.approx(0.8)  # 0.9 s each would be on time: at most the budget
    for _ in range(5):
        share.end()
        share()
    claims.board.began[0] -= 3.0  # half the decisions judged, 3 s gone: 1.5 s left for 5 on two
    assert share.paced(0.8, 10, 2, 4.5, 0.25) == pytest.approx(0.6, abs=0.01)
    claims.board.began[0] -= 10.0  # late: never under the floor
    assert share.paced(0.8, 10, 2, 4.5, 0.25) == 0.25


def _further_seeds(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[Any, ...]]:
    """Every judgement the Eralash judge makes under a further seed (view and seed), counted."""
    made: Counter[tuple[Any, ...]] = Counter()
    judge = eralash_judge._judge
    lock = threading.Lock()

    def counting(view: Any, played: Any, budget: Any, seed: int, should_stop: Any = None) -> Any:
        with lock:
            made[(view.hand, view.played, seed)] += 1
        return judge(view, played, budget, seed, should_stop)

    monkeypatch.setattr(eralash_judge, "_judge", counting)
    return made


def test_a_review_shared_by_two_gives_one_process_s_verdicts_and_judges_nothing_twice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rec = robber(1174)
    made = _further_seeds(monkeypatch)
    one = [v.to_json() for v in review_record(rec, 1, None, 0, iterations=ITERATIONS, deals=[2])]
    alone = Counter(made)
    made.clear()
    assert sum(alone.values()) > len(one)  # a would-be mark was judged again

    claims = Claims()
    found: list[list[Any]] = [[], []]

    def process(i: int) -> None:  # two threads stand for the two processes: the same shared memory
        found[i] = list(review_record(rec, 1, None, 0, iterations=ITERATIONS, deals=[2],
                                      claim=claims.claimer(1)))

    workers = [threading.Thread(target=process, args=(i,)) for i in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert not any(w.is_alive() for w in workers)
    both = sorted(found[0] + found[1], key=lambda v: v.move_index)
    assert [v.to_json() for v in both] == one
    assert made == alone  # every judgement made once, as one process makes them
    assert max(made.values()) == 1


@pytest.mark.slow
def test_two_processes_give_one_process_s_verdicts_on_a_deal_with_a_would_be_mark() -> None:
    """The same through real processes (engine.review.pool, as the app's worker shares a review)."""
    from engine.review.pool import review_pooled

    rec = robber(1174)
    one = [v.to_json() for v in review_record(rec, 1, None, 0, iterations=ITERATIONS, deals=[2])]
    two = sorted(review_pooled(rec, 1, None, 0, iterations=ITERATIONS, jobs=2, deals=[2]),
                 key=lambda v: v.move_index)
    assert any(v["mark"] != "best" for v in one)
    assert [v.to_json() for v in two] == one


def test_a_process_with_nothing_left_helps_while_the_other_has_a_decision_in_hand() -> None:
    claims = Claims()
    judging, done = claims.claimer(1), claims.claimer(1)
    calls: list[int] = []
    done.help_while_busy(lambda d, k, s: calls.append(k), None)  # nobody judging: it leaves at once
    assert calls == []

    assert judging() == 0  # a decision in hand
    took = threading.Event()

    def run(decision: int, k: int, seconds: float | None) -> int:
        took.set()
        return 10 * k

    helper = threading.Thread(target=done.help_while_busy, args=(run, None))
    helper.start()

    def work(k: int) -> int:
        if k == 1:  # the helper, waiting for work, takes one of the others meanwhile
            assert took.wait(timeout=30)
        return 10 * k

    assert judging.spread(0, 4, work, None) == [10, 20, 30, 40]
    assert took.is_set()  # (the helper judged one of them)
    judging.end()  # the decision is judged: the helper leaves
    helper.join(timeout=30)
    assert not helper.is_alive()


def test_an_eralash_further_judgement_crosses_the_board_as_json_and_comes_back_the_same():
    """What the other process gives back is JSON (never a pickle): the Eralash coach's judgement, its
    table of cards, line, why and spread, and whether it was solved, read back equal."""
    import json

    from engine.cards import parse
    from engine.eralash.moves import ChooseTrump
    from engine.review.eralash import REVIEW
    from engine.review.judgement import Judgement

    assert REVIEW.further_json is not None
    to_json, from_json = REVIEW.further_json
    q, nine, k = parse("QS"), parse("9S"), parse("KD")
    j = Judgement(q, 0.4123456789, 0.51, 200, {q: (0.51, 1.25), nine: (0.4123456789, 0.75)}, False,
                  (q, k), {"en": "Q♠ wins", "ru": "Д♠ берёт"}, (0.1, 0.5), (k,))
    sent = json.dumps(to_json((j, True)))
    assert from_json(json.loads(sent)) == (j, True)
    trump = Judgement(ChooseTrump(2), 0.3, 0.3, 50)
    assert from_json(json.loads(json.dumps(to_json((trump, False))))) == (trump, False)
