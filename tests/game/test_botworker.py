"""The bot worker: a real spawned process answers requests, never blocks the caller, survives errors."""

import os
import time

import pytest

from game.botworker import BotWorker, InlineWorker


class _FakeBot:
    def __init__(self, name, seed):
        self.name = name
        self.seed = seed
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        if view.get("boom"):
            raise RuntimeError("no legal move")
        time.sleep(view.get("sleep", 0))
        gate = view.get("gate")
        if gate:  # think until the test opens the gate (a file), however long that takes
            deadline = time.monotonic() + 120
            while not os.path.exists(gate) and time.monotonic() < deadline:
                time.sleep(0.01)
            return (self.name, self.seed, "opened" if os.path.exists(gate) else "never opened", self.calls)
        return (self.name, self.seed, view["legal"][view.get("pick", 0)], self.calls)


def make_fake(name, game, seed=0, budget=None):
    return _FakeBot(name, seed)


FACTORY = "test_botworker:make_fake"


def _wait_for(worker, n, timeout=20.0):
    replies = []
    deadline = time.monotonic() + timeout
    while len(replies) < n and time.monotonic() < deadline:
        replies.extend(worker.poll())
        time.sleep(0.005)
    return replies


@pytest.fixture
def worker():
    w = BotWorker(FACTORY)
    yield w
    w.close()


def test_worker_process_answers_and_keeps_its_bots(worker):
    r1 = worker.request("uragan", "club", 7, None, {"legal": ["a", "b"], "pick": 1})
    r2 = worker.request("uragan", "club", 7, None, {"legal": ["c"]})
    replies = {r.request_id: r for r in _wait_for(worker, 2)}
    assert worker.alive
    assert replies[r1].move == ("club", 7, "b", 1)
    assert replies[r2].move == ("club", 7, "c", 2)  # the same bot object served both
    assert worker.pending == set()


def test_replies_come_in_the_order_asked_even_across_the_start(worker):
    # The first job is asked for while the process is still starting (it waits in the backlog), the
    # second once the process is up but before any poll: the first must still be sent, and answered,
    # first, however long its bot thinks (it sleeps; the second would otherwise overtake it).
    first = worker.request("uragan", "club", 7, None, {"legal": ["a"], "sleep": 0.3})
    deadline = time.monotonic() + 60
    while not (worker.alive and not worker._starting) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert worker.alive
    second = worker.request("uragan", "club", 7, None, {"legal": ["b"]})
    replies = _wait_for(worker, 2, timeout=60)
    assert [r.request_id for r in replies] == [first, second]
    assert [r.move[2:] for r in replies] == [("a", 1), ("b", 2)]


def test_request_and_poll_never_wait_for_the_bot(worker, tmp_path):
    # The bot thinks until this test opens a gate: had request() or poll() waited for the answer,
    # they could not return before the gate opens (no clock decides this).
    gate = tmp_path / "gate"
    worker.start()
    rid = worker.request("uragan", "master", 1, 1.0, {"legal": ["x"], "gate": str(gate)})
    assert worker.poll() == [] and worker.pending == {rid}
    gate.touch()
    replies = _wait_for(worker, 1, timeout=120)
    assert [r.request_id for r in replies] == [rid] and replies[0].move[2] == "opened"


def test_an_error_is_reported_and_the_worker_goes_on(worker):
    bad = worker.request("uragan", "club", 1, None, {"boom": True})
    good = worker.request("uragan", "club", 1, None, {"legal": ["ok"]})
    replies = {r.request_id: r for r in _wait_for(worker, 2)}
    assert replies[bad].move is None and "no legal move" in replies[bad].error
    assert replies[good].error is None and replies[good].move[2] == "ok"


def test_cancelled_requests_are_dropped(worker):
    old = worker.request("uragan", "club", 1, None, {"legal": ["old"], "sleep": 0.2})
    worker.cancel(old)
    new = worker.request("uragan", "club", 1, None, {"legal": ["new"]})
    replies = _wait_for(worker, 1)
    # One process answers in order: once the new reply is here, the old one came (and was dropped)
    # before it, so no wait is needed to be sure it never surfaces.
    replies += worker.poll()
    assert [r.request_id for r in replies] == [new]


def test_inline_worker_has_the_same_interface():
    w = InlineWorker(FACTORY)
    rid = w.request("uragan", "novice", 3, None, {"legal": ["z"]})
    assert w.pending == {rid}
    (reply,) = w.poll()
    assert reply.request_id == rid and reply.move[:3] == ("novice", 3, "z")
    assert w.poll() == []


def test_close_right_after_start_async_leaves_no_worker_behind():
    w = BotWorker(FACTORY)
    w.start_async()
    w.close()  # waits for the spawn under way, then shuts the process down
    assert not w.alive


def test_closing_while_a_bot_thinks_does_not_wait_for_its_answer(tmp_path):
    # The bot would think for two minutes (its gate never opens): close() must stop the process
    # rather than wait for the answer, as when the window is closed during a Master's turn.
    w = BotWorker(FACTORY)
    w.start()
    w.request("uragan", "master", 1, None, {"legal": ["x"], "gate": str(tmp_path / "never")})
    process = w._process
    w.close()
    assert not process.is_alive() and process.exitcode is not None
    assert w.poll() == []


def test_the_worker_keeps_a_bounded_number_of_bots():
    # A long session seeds new bots for every game: the worker must not keep them all.
    from game import botworker

    w = InlineWorker(FACTORY)
    for seed in range(botworker.MAX_BOTS * 3):
        w.request("uragan", "club", seed, None, {"legal": ["a"]})
        w.poll()
    assert len(w._bots) == botworker.MAX_BOTS
    w.request("uragan", "club", botworker.MAX_BOTS * 3 - 1, None, {"legal": ["a"]})
    (reply,) = w.poll()
    assert reply.move[3] == 2  # the latest bot was kept, and served this one too


class _ModulesBot:
    """A real registry bot that answers with its move and the GUI modules its process has loaded."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, view):
        import sys

        gui = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))
        return self.bot.choose(view), gui


def make_reporting(name, game, seed=0, budget=None):
    from game.botworker import registry_bot

    return _ModulesBot(registry_bot(name, game, seed, budget))


def test_the_bot_process_imports_the_engine_and_no_pygame():
    from engine.games import game_named

    kind = game_named("uragan")
    match = kind.Match.new(kind.Options(), ["A", "B"], 3)
    seat = match.current_player()
    w = BotWorker("test_botworker:make_reporting")
    try:
        rid = w.request("uragan", "club", 1, None, match.view(seat))
        (reply,) = _wait_for(w, 1, timeout=60.0)
    finally:
        w.close()
    assert reply.request_id == rid and reply.error is None
    move, gui = reply.move
    assert move in match.legal_moves()
    assert gui == []


def _review_replies(worker, rid, timeout=180.0):
    replies = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        replies.extend(worker.take(rid))
        if replies and replies[-1].done:
            return replies
        time.sleep(0.01)
    raise AssertionError("the review never finished")


@pytest.mark.slow
def test_a_review_shared_with_the_helper_gives_the_verdicts_of_one_process():
    from engine.review import review_record
    from engine.review.bench import club_record

    record = club_record("eralash", 3)
    one = [v.to_json() for v in review_record(record, 1, None, 0, iterations=30)]
    w = BotWorker(share_reviews=True)
    try:
        w.start()
        rid = w.request_review(record, 1, None, 0, iterations=30)
        replies = _review_replies(w, rid)
        assert all(r.error is None for r in replies)
        assert [r.done for r in replies] == [False] * (len(replies) - 1) + [True]
        assert replies[-1].move is None  # the processes' own counts stay inside the worker
        got = sorted((r.move for r in replies[:-1]), key=lambda d: d["move"])
        strip = ("win_spread", "deal_spread")
        assert [{k: v for k, v in d.items() if k not in strip} for d in got] == one
        assert rid not in w.pending and w._helper is None  # the helper leaves with the review
        again = w.request_review(record, 1, None, 0, iterations=30, deals=[1])
        w.cancel(again)  # a cancelled shared review: nothing of it comes back, the helper leaves
        assert w.take(again) == [] and again not in w.pending
        r = w.request("eralash", "club", 1, None, None)  # the bots' process serves on
        assert any(x.request_id == r for x in _wait_for(w, 1, timeout=60.0))
    finally:
        w.close()


_CHILDREN = """
import os, time
from game.botworker import BotWorker
from engine.games import game_named

w = BotWorker(share_reviews=True)
w.start()
kind = game_named("uragan")
match = kind.Match.new(kind.Options(), ["A", "B"], 3)
rid = w.request("uragan", "club", 1, None, match.view(match.current_player()))
replies = []
while not replies:
    replies = w.take(rid)
    time.sleep(0.01)
pid = os.getpid()
with open(f"/proc/{pid}/task/{pid}/children") as f:
    kids = f.read().split()
for kid in kids:
    with open(f"/proc/{kid}/cmdline", "rb") as f:
        print(f.read().replace(b"\\0", b" ").decode())
print("move", replies[0].error is None and replies[0].move in match.legal_moves())
w.close()
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc (Linux)")
def test_the_bot_process_runs_without_a_resource_tracker():
    # The spawn method starts multiprocessing's resource tracker (13 MB) with the first child; the
    # worker holds nothing it would clean up, so the app's only child is the bots' process.
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _CHILDREN], capture_output=True, text=True, timeout=180,
                         check=True).stdout.splitlines()
    assert out[-1] == "move True"
    kids = out[:-1]
    assert len(kids) == 1 and "spawn_main" in kids[0]
    assert not any("resource_tracker" in k for k in kids)
