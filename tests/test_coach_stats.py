"""The coach's accuracy figure: mean loss per judged decision of reviewed deals, kept in stats.json."""

import json
import os
import time
from pathlib import Path

from game.botworker import BotWorker
from game.store.stats import STATS_KIND, Stats
from game.store.storage import Store


def test_accuracy_is_the_mean_loss_per_decision_and_persists(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    assert stats.mean_loss("uragan") is None
    assert stats.record_review("uragan", [0.0, 0.1, 0.02], review_id="a")
    assert stats.record_review("uragan", [0.04], review_id="b")
    assert not stats.record_review("uragan", [0.9], review_id="a")  # the same deal again: not twice
    again = Stats.load(Store(tmp_path))
    assert abs(again.mean_loss("uragan") - 0.04) < 1e-9 and again.accuracy["uragan"]["decisions"] == 4
    assert again.mean_loss("eralash") is None
    again.reset()
    assert Stats.load(Store(tmp_path)).mean_loss("uragan") is None


def test_an_older_stats_file_without_accuracy_still_loads(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    stats.record("uragan", ["club"], "win")
    doc = json.loads((tmp_path / STATS_KIND.filename).read_text(encoding="utf-8"))
    doc.pop("accuracy")
    doc.pop("reviewed_ids")
    (tmp_path / STATS_KIND.filename).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    old = Stats.load(store)
    assert old.get("uragan", "club").won == 1 and old.mean_loss("uragan") is None and not store.notices
    doc["accuracy"] = {"uragan": {"decisions": 2, "loss": 5.0}}  # more loss than decisions: ignored
    (tmp_path / STATS_KIND.filename).write_text(json.dumps(doc), encoding="utf-8")
    assert Stats.load(Store(tmp_path)).mean_loss("uragan") is None


def test_statistics_show_the_accuracy(make_app, tmp_path: Path) -> None:
    from game.menus.stats_screen import summary

    stats = Stats.load(Store(tmp_path))
    stats.record_review("eralash", [0.01, 0.03])
    assert "2.0" in summary(stats, "eralash") and "2" in summary(stats, "eralash")
    assert "accuracy" not in summary(stats, "uragan")


# --- the review in the real worker process -----------------------------------------------------------

def slow_review(record, seat, budget, seed, should_stop=None, **extra):
    """A stand-in for engine.review: a verdict at a time until told to stop (or a gate file opens)."""
    for i in range(10_000):
        if should_stop():
            return
        yield {"deal": 1, "play": i + 1, "move": i, "played": "AS", "best": "AS", "loss": 0.0}
        time.sleep(0.01)


def test_the_review_runs_in_the_worker_process_and_stops_when_cancelled():
    worker = BotWorker("test_botworker:make_fake", review="test_coach_stats:slow_review")
    try:
        rid = worker.request_review({"game": "uragan"}, 0, None, 0)
        got = []
        deadline = time.monotonic() + 60
        while len(got) < 3 and time.monotonic() < deadline:
            got += [r for r in worker.poll() if r.request_id == rid]
            time.sleep(0.005)
        assert len(got) >= 3 and not any(r.done for r in got) and got[0].move["play"] == 1
        assert worker._process.pid != os.getpid()
        worker.cancel(rid)
        # the process is free again: a bot's move is answered although the review had 10 000 to go
        bot = worker.request("uragan", "club", 1, None, {"legal": ["x"]})
        answers = []
        deadline = time.monotonic() + 60
        while not answers and time.monotonic() < deadline:
            answers = [r for r in worker.poll() if r.request_id == bot]
            time.sleep(0.005)
        assert answers and answers[0].move[2] == "x"
        assert rid not in worker.pending
    finally:
        worker.close()
