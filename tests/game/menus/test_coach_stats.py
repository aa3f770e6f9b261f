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


def test_accuracy_is_the_share_marked_best_with_deal_value_lost_per_decision(tmp_path: Path) -> None:
    from game.menus.stats_screen import accuracy_text
    from game.words import i18n

    stats = Stats.load(Store(tmp_path))
    assert stats.accuracy_share("uragan") is None and stats.accuracy_history("uragan") == []
    stats.record_review("uragan", [0.0, 0.1, 0.02, 0.0], "a", marks=["best", "mistake", "inaccuracy", "best"],
                        deal_losses=[0.0, 1.5, 0.3, 0.0])
    stats.record_review("uragan", [0.0], "b", marks=["best"], deal_losses=[None])
    again = Stats.load(Store(tmp_path))
    assert again.accuracy_share("uragan") == 0.6  # 3 of 5 marked best
    assert abs(again.deal_loss_per_decision("uragan") - 0.45) < 1e-9  # 1.8 over the 4 valued
    assert again.accuracy_history("uragan") == [0.5, 1.0]
    i18n.set_language("ru")
    said = accuracy_text(again, "uragan").replace("\u00a0", " ")
    assert said == "Точность: 60 % · 0,5 балла на решение · оценено 5 решений"
    i18n.set_language("en")
    said = accuracy_text(again, "uragan").replace("\u00a0", " ")
    assert said == "Accuracy: 60% · 0.5 deal points per decision · 5 decisions judged"
    assert accuracy_text(again, "eralash") == "" and "−0" not in accuracy_text(again, "uragan")
    for k in range(30):
        again.record_review("eralash", [0.0], f"e{k}", marks=["best" if k % 2 else "mistake"])
    assert len(again.accuracy_history("eralash")) == 20  # the chart's last 20 reviewed deals


def test_a_stats_file_from_before_the_marks_loads_and_damage_is_set_aside(tmp_path: Path) -> None:
    stats = Stats.load(Store(tmp_path))
    stats.record("uragan", ["club"], "win")
    doc = json.loads((tmp_path / STATS_KIND.filename).read_text(encoding="utf-8"))
    doc["accuracy"] = {"uragan": {"decisions": 4, "loss": 0.2}, "eralash": {"decisions": 0, "loss": 0.0}}
    doc.pop("history", None)
    (tmp_path / STATS_KIND.filename).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    old = Stats.load(store)
    assert not store.notices and old.mean_loss("uragan") == 0.05 and old.accuracy_share("uragan") is None
    old.record_review("uragan", [0.0], "x", marks=["best"])
    assert Stats.load(Store(tmp_path)).accuracy_share("uragan") == 1.0
    doc["history"] = {"uragan": [[3, 2]]}  # more best than marked: damage
    (tmp_path / STATS_KIND.filename).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    assert Stats.load(store).accuracy_history("uragan") == [] and store.notices


def test_statistics_draw_the_coach_with_its_chart(make_app, tmp_path: Path) -> None:
    from helpers import frames

    from game.menus.stats_screen import StatsScene

    app = make_app(lang="ru", size=(960, 600))
    scene = StatsScene(app)
    for k in range(12):
        marks = ["best"] * (k % 4) + ["mistake"] * (4 - k % 4)
        scene.stats.record_review("uragan", [0.0] * 4, f"u{k}", marks=marks,
                                  deal_losses=[0.5] * 4)
    app.stack.push(scene)
    frames(app, 2)
    column = scene.coach["uragan"]
    assert column.left > scene.sheets[1][1].right and app.screen.get_rect().contains(column)
    assert any(r.height > 40 and column.contains(r) for r in scene._coach_words)  # the chart
# --- the review in the real worker process -----------------------------------------------------------

def slow_review(record, seat, budget, seed, should_stop=None, **extra):
    """A stand-in for engine.review: a verdict at a time until told to stop (or a gate file opens)."""
    for i in range(10_000):
        if should_stop():
            return
        yield {"deal": 1, "play": i + 1, "move": i, "played": "AS", "best": "AS", "loss": 0.0}
        time.sleep(0.01)


class _PickFirst:
    def __init__(self, name, seed):
        self.name, self.seed = name, seed

    def choose(self, view):
        return (self.name, self.seed, view["legal"][0])


def pick_first(name, game, seed=0, budget=None):
    """A stand-in bot maker living in this module (the worker imports it by name)."""
    return _PickFirst(name, seed)


def test_the_review_runs_in_the_worker_process_and_stops_when_cancelled():
    worker = BotWorker("test_coach_stats:pick_first", review="test_coach_stats:slow_review")
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
