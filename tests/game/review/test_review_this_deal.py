""""Review this deal" through the app's bot worker: the worker asks the engine's public
``review_record(..., deals=[n])`` and only deal n's decisions come back, the match before it kept."""

from __future__ import annotations

from club_records import uragan_into_the_second_deal

from engine.review import decisions
from game.botworker import InlineWorker


def test_the_worker_reviews_only_the_deal_asked_for() -> None:
    rec = uragan_into_the_second_deal()
    second = [d.move_index for d in decisions(rec, 1) if d.deal == 2]
    assert second and len(second) < len(decisions(rec, 1))

    worker = InlineWorker()
    rid = worker.request_review(rec, 1, None, 0, iterations=8, deals=[2])
    got, done = [], False
    for _ in range(len(decisions(rec, 1)) + 5):  # one verdict per poll, then the last reply
        for reply in worker.poll():
            assert reply.request_id == rid and reply.error is None
            if reply.done:
                done = True
            else:
                got.append(reply.move)
        if done:
            break
    assert done
    assert [v["deal"] for v in got] == [2] * len(second)
    assert [v["move"] for v in got] == second
