"""Bots think in a persistent worker process, so the render loop never waits for them.

``BotWorker.request(game, bot, seed, budget, view)`` sends a job and returns its id at once;
``take(request_id)`` (non-blocking, every frame) returns that job's finished ``Reply``s and keeps
every other asker's for them (a table's bot, its hint and a review each take their own); ``poll()``
returns all of them. Moves and claim decisions are
both just moves of the current seat's ``View``. The process uses the spawn context (the same on every
platform and inside a PyInstaller build, where ``multiprocessing.freeze_support()`` runs first) and
keeps its bots between requests so their caches stay warm. ``InlineWorker`` has the same interface
and thinks in-process: for tests and for a worker that could not start.

This module must not import pygame: the worker process imports it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.context
import queue
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Reply:
    request_id: int
    move: Any  # a bot's move; for a review, one verdict (``Verdict.to_json()``), None with ``done``
    error: str | None = None
    think_s: float = 0.0
    done: bool = True  # False: a review's verdict, more to come


WORKER_STOPPED = "bot worker stopped"  # the error of every job pending when the process died


def error_text(error: str) -> str:
    """A reply's error as the player reads it: the worker's own words translated, the rest as is."""
    if error == WORKER_STOPPED:
        from game.words.i18n import t

        return t("worker.stopped")
    return error


class Channel:
    """One direction of a pipe to or from the worker, with the part of ``Queue``'s interface used here.

    A plain pipe, not a ``multiprocessing.Queue``: a queue holds three named semaphores, and when the
    app is killed (SIGKILL) the resource tracker reports them as leaked. A pipe holds none."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self._lock = threading.Lock()

    def put(self, item: Any) -> None:
        """Send ``item``; to a process that is gone, nothing (``poll`` then fails its jobs)."""
        with self._lock, contextlib.suppress(BrokenPipeError, EOFError, OSError):
            self.conn.send(item)

    def get(self, timeout: float | None = None) -> Any:
        try:
            if not self.conn.poll(timeout):
                raise queue.Empty
            return self.conn.recv()
        except (EOFError, OSError):  # the other end is gone
            raise queue.Empty from None

    def get_nowait(self) -> Any:
        return self.get(0)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()

    def cancel_join_thread(self) -> None: ...


DEFAULT_REVIEW = "engine.review:review_record"  # deals=[n] limits it to some deals ("Review this deal")
SHARING = 2  # processes on a shared review: the bots' and one helper


def _review(job: tuple[Any, ...], put: Any, stop: Any, review: str = DEFAULT_REVIEW,
            claims: Any = None) -> None:
    """Judge a record (``("review", id, record, seat, budget, seed, extra keywords)``): one reply per
    verdict as soon as it is found, then a last one with ``done``; ``stop()`` true ends it early.
    ``shared`` among the keywords: the decisions are shared with another process through ``claims``
    (engine.review.pool), and the last reply says how many the review has (``{"total": n}``); without
    a budget or iterations, each decision's budget is then paced for the deal (``budget.paced``) and
    re-paced as the review goes (``paced_to``: a would-be mark's further judgements take more)."""
    _, rid, record, seat, budget, seed, extra = job
    t0 = time.perf_counter()
    total: int | None = None
    try:
        extra = dict(extra)
        if extra.pop("shared", False) and claims is not None:  # one of two processes on this review
            from engine.review import decisions

            wanted = set(extra.get("deals") or ())
            total = sum(1 for d in decisions(record, seat) if not wanted or d.deal in wanted)
            extra["claim"] = claims.claimer(rid)
            if budget is None and extra.get("iterations") is None:  # a deal in seconds, not minutes
                from engine.review import default_budget
                from engine.review.budget import DEAL_SECONDS, paced

                budget = paced(default_budget(str(record.get("game"))), total, SHARING)
                extra["paced_to"] = DEAL_SECONDS  # and re-paced as it goes (a would-be mark takes more)
        for verdict in _factory(review)(record, seat, budget, seed, should_stop=stop, **extra):
            if stop():
                return
            data = verdict.to_json() if hasattr(verdict, "to_json") else dict(verdict)
            for spread in ("win_spread", "deal_spread"):  # how much the choice could matter: the
                value = getattr(verdict, spread, None)  # viewer tells a decided deal from them
                if isinstance(value, (int, float)):
                    data.setdefault(spread, float(value))
            put(Reply(rid, data, None, time.perf_counter() - t0, done=False))
        last = None if total is None else {"total": total}
        put(Reply(rid, last, None, time.perf_counter() - t0, done=True))
    except Exception as err:  # a bad record: the engine's one line goes back to the viewer
        text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        put(Reply(rid, None, text, time.perf_counter() - t0, done=True))


DEFAULT_FACTORY = "game.botworker:registry_bot"


def registry_bot(name: str, game: str, seed: int = 0, budget: float | None = None) -> Any:
    """The default bot maker: the game's own bots, from the registry (``engine.games``)."""
    from engine.games import game_named

    return game_named(game).make_bot(name, seed, budget)
MAX_BOTS = 16  # bots kept warm in the worker: a table's three, the hint's Master, a few games back


def _factory(spec: str) -> Any:
    import importlib

    module, _, func = spec.partition(":")
    return getattr(importlib.import_module(module), func)


def _choose(
    bots: dict[tuple[Any, ...], Any],
    make_bot: Any,
    game: str,
    bot_name: str,
    seed: int,
    budget: float | None,
    view: Any,
) -> Any:
    key = (game, bot_name, seed, budget)
    bot = bots.pop(key, None)
    if bot is None:
        bot = make_bot(bot_name, game, seed=seed, budget=budget)
        while len(bots) >= MAX_BOTS:  # every game seeds its bots anew: forget the least recently used
            bots.pop(next(iter(bots)))
    bots[key] = bot  # (re)inserted last: the most recently used
    return bot.choose(view)


def _quiet_signals() -> None:
    """Ctrl+C reaches every process of the terminal's group: the worker leaves it to the app, which
    saves and then closes the worker. Without this it would print its own KeyboardInterrupt traceback."""
    import signal

    with contextlib.suppress(ValueError, OSError, AttributeError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked by the parent at spawn


@contextlib.contextmanager
def _sigint_blocked() -> Any:
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


def _serve(requests: Any, replies: Any, factory: str = DEFAULT_FACTORY, stop_review: Any = None,
           review: str = DEFAULT_REVIEW, claims: Any = None) -> None:
    """The worker's loop: one job at a time until it receives None. ``requests`` and ``replies`` are
    the pipe ends (``Channel`` s, or queues in tests)."""
    _quiet_signals()
    if not hasattr(requests, "get"):
        requests = Channel(requests)
    if not hasattr(replies, "put"):
        replies = Channel(replies)
    bots: dict[tuple[Any, ...], Any] = {}
    make_bot = _factory(factory)
    if factory == DEFAULT_FACTORY:  # import every game's bots now, not during the first turn
        import engine.games  # noqa: F401
    parent = multiprocessing.parent_process()
    while True:
        try:
            job = requests.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the app was killed without saying goodbye: do not linger
            continue
        if job is None:
            return
        if job[0] == "review":
            rid = job[1]

            def stop(rid: int = rid) -> bool:
                if stop_review is not None and stop_review.value == rid:
                    return True
                return parent is not None and not parent.is_alive()

            _review(job, replies.put, stop, review, claims)
            continue
        request_id, game, bot_name, seed, budget, view = job
        t0 = time.perf_counter()
        try:
            move = _choose(bots, make_bot, game, bot_name, seed, budget, view)
            replies.put(Reply(request_id, move, None, time.perf_counter() - t0))
        except Exception as err:  # report, keep serving: one bad view must not kill the worker
            replies.put(Reply(request_id, None, f"{type(err).__name__}: {err}", time.perf_counter() - t0))


class SpawnedProcess(multiprocessing.context.SpawnProcess):
    """A spawned process without multiprocessing's resource tracker (a 13 MB process of its own).

    The spawn method starts the tracker with the first child, whether or not anything is ever
    registered with it; it cleans up named semaphores and ``shared_memory`` blocks a killed app
    leaves behind. The worker holds none: its pipes are plain pipes, and the shared counters
    (``Value``, ``Claims``) live in multiprocessing's heap, a file unlinked at once. So on POSIX the
    child is launched as spawn launches it, less the tracker's descriptor (``spawn_main`` then records
    none); on Windows the spawn method has no tracker."""

    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        if sys.platform == "win32":
            return multiprocessing.context.SpawnProcess._Popen(process_obj)
        return _popen_without_tracker(process_obj)


def _popen_without_tracker(process_obj: Any) -> Any:
    """``multiprocessing.popen_spawn_posix.Popen`` whose launch passes no resource tracker."""
    import io
    import os
    from multiprocessing import popen_spawn_posix, reduction, spawn
    from multiprocessing import util as _util
    from multiprocessing.context import set_spawning_popen

    util: Any = _util  # (typeshed lacks some of these helpers)

    class Popen(popen_spawn_posix.Popen):
        def _launch(self, process_obj: Any) -> None:
            prep_data = spawn.get_preparation_data(process_obj._name)
            fp = io.BytesIO()
            set_spawning_popen(self)
            try:
                reduction.dump(prep_data, fp)
                reduction.dump(process_obj, fp)
            finally:
                set_spawning_popen(None)
            parent_r = child_w = child_r = parent_w = None
            try:
                parent_r, child_w = os.pipe()
                child_r, parent_w = os.pipe()
                cmd = spawn.get_command_line(pipe_handle=child_r)
                fds: list[int] = getattr(self, "_fds")  # noqa: B009 (set by the base's __init__)
                fds.extend([child_r, child_w])
                self.pid = util.spawnv_passfds(spawn.get_executable(), cmd, fds)
                self.sentinel = parent_r
                with open(parent_w, "wb", closefd=False) as f:
                    f.write(fp.getbuffer())
            finally:
                self.finalizer = util.Finalize(
                    self, util.close_fds, [fd for fd in (parent_r, parent_w) if fd is not None])
                for fd in (child_r, child_w):
                    if fd is not None:
                        os.close(fd)

    return Popen(process_obj)


class BotWorker:
    """A bot process (started on the first request).

    ``factory`` names the bot maker as ``module:function`` (called ``f(name, game, seed=, budget=)``);
    tests pass their own.

    A review (``request_review``) is shared with a helper process started for it (``share_reviews``,
    the default: the bots' process and one more, two cores): each judges the next decision nobody has
    taken (engine.review.pool.Claims), so the first verdicts come from the warm bots' process at once
    and the helper joins when it is up; its replies are merged under the review's id, and the review
    is done when every decision has its verdict. The helper leaves when no review needs it.
    """

    def __init__(self, factory: str = DEFAULT_FACTORY, review: str = DEFAULT_REVIEW,
                 share_reviews: bool = True) -> None:
        self.factory = factory
        self.review = review
        self.share_reviews = share_reviews
        self._claims: Any = None  # the decisions' counter the processes share (made with the first)
        self._helper: tuple[Any, Channel, Channel] | None = None  # (process, requests, replies)
        self._helper_starting = False
        self._helper_backlog: list[tuple[Any, ...]] = []
        self._retired: list[Any] = []  # helpers told to leave (joined when gone)
        self._shared: dict[int, dict[str, Any]] = {}  # a shared review: verdicts in, total, dones
        self._ctx = multiprocessing.get_context("spawn")
        self._stop_review: Any = None  # shared with the process: the id of a review to stop
        self._reviews: set[int] = set()
        self._inbox: list[Reply] = []  # replies arrived and not yet taken by their asker
        self._requests: Any = None
        self._replies: Any = None
        self._process: Any = None
        self._next_id = 0
        self._cancelled: dict[int, int] = {}  # a forgotten job: how many last replies it still sends
        self.pending: set[int] = set()
        self._lock = threading.Lock()
        self._starting = False
        self._starter: threading.Thread | None = None
        self._backlog: list[tuple[Any, ...]] = []  # jobs asked for while the process was starting
        self._send_lock = threading.Lock()  # the backlog goes out before any newer job

    def start(self) -> None:
        """Start the process now (blocks for the spawn: tens of milliseconds)."""
        with self._lock:
            if self._process is not None and self._process.is_alive():
                return
            take_jobs, give_jobs = self._ctx.Pipe(duplex=False)
            take_replies, give_replies = self._ctx.Pipe(duplex=False)
            self._stop_review = self._ctx.Value("q", 0, lock=False)
            if self.share_reviews:
                from engine.review.pool import Claims

                self._claims = Claims(self._ctx)
            process = SpawnedProcess(
                target=_serve,
                args=(take_jobs, give_replies, self.factory, self._stop_review, self.review, self._claims),
                name="salon-bot", daemon=True,
            )
            with _sigint_blocked():  # the child inherits the mask: no Ctrl+C before it ignores it
                process.start()
            take_jobs.close()  # the child's ends: held here, a dead child would never read as gone
            give_replies.close()
            self._requests, self._replies = Channel(give_jobs), Channel(take_replies)
            self._process = process

    def start_async(self) -> None:
        """Start the process from a helper thread, so no frame waits for the spawn."""
        if self.alive or self._starting:
            return
        self._starting = True

        def run() -> None:
            try:
                self.start()
            finally:
                self._starting = False

        self._starter = threading.Thread(target=run, name="salon-bot-start", daemon=True)
        self._starter.start()

    def wait_started(self, timeout: float | None = None) -> bool:
        """Wait for a start under way (``start_async``) to finish; whether the process is up."""
        starter = self._starter
        if starter is not None and starter is not threading.current_thread():
            starter.join(timeout)
        return self.alive

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def request(self, game: str, bot_name: str, seed: int, budget: float | None, view: Any) -> int:
        """Send a job (or keep it until the process is up); returns its id at once."""
        self._next_id += 1
        rid = self._next_id
        self.pending.add(rid)
        self._send((rid, game, bot_name, seed, budget, view))
        return rid

    def _send(self, job: tuple[Any, ...]) -> None:
        """Send ``job`` after every job asked for before it: the process answers in the order asked."""
        with self._send_lock:
            if self.alive and not self._starting:
                self._flush_backlog()
                self._requests.put(job)
                return
            self._backlog.append(job)
        self.start_async()

    def _flush_backlog(self) -> None:
        """Send the jobs kept while the process was starting, oldest first (under ``_send_lock``)."""
        for job in self._backlog:
            if (job[1] if job[0] == "review" else job[0]) in self.pending:
                self._requests.put(job)
        self._backlog.clear()

    def request_review(self, record: Any, seat: int, budget: float | None, seed: int,
                       **extra: Any) -> int:
        """Ask the process to review ``record`` for ``seat``: its verdicts come back one by one
        (``Reply.done`` False), then a last reply with ``done``. Returns the id at once."""
        self._next_id += 1
        rid = self._next_id
        self.pending.add(rid)
        self._reviews.add(rid)
        share = self.share_reviews and self.review == DEFAULT_REVIEW
        if share:
            extra = {**extra, "shared": True}
            self._shared[rid] = {"verdicts": 0, "total": None, "dones": 0, "seen": set()}
        job = ("review", rid, record, seat, budget, seed, extra)
        self._send(job)
        if share:
            self._send_helper(job)
        return rid

    # --- the review helper ------------------------------------------------------------------------

    def _send_helper(self, job: tuple[Any, ...]) -> None:
        with self._send_lock:
            helper = self._helper
            if helper is not None and helper[0].is_alive() and not self._helper_starting:
                helper[1].put(job)
                return
            self._helper_backlog.append(job)
        if self._helper_starting:
            return
        self._helper_starting = True
        threading.Thread(target=self._start_helper, name="salon-review-start", daemon=True).start()

    def _start_helper(self) -> None:
        """Spawn the helper (from a thread: no frame waits), after the bots' process (whose counter
        it shares), then send it the reviews asked for meanwhile."""
        try:
            self.start()
            if self._claims is None:
                return
            take_jobs, give_jobs = self._ctx.Pipe(duplex=False)
            take_replies, give_replies = self._ctx.Pipe(duplex=False)
            process = SpawnedProcess(
                target=_serve,
                args=(take_jobs, give_replies, self.factory, self._stop_review, self.review, self._claims),
                name="salon-review", daemon=True,
            )
            with _sigint_blocked():
                process.start()
            take_jobs.close()
            give_replies.close()
            with self._send_lock:
                self._helper = (process, Channel(give_jobs), Channel(take_replies))
                for job in self._helper_backlog:
                    if job[1] in self._shared:
                        self._helper[1].put(job)
                self._helper_backlog.clear()
        except Exception:  # no helper: the bots' process judges every decision itself
            with self._send_lock:
                for job in self._helper_backlog:
                    share = self._shared.get(job[1])
                    if share is not None:
                        share["dones"] += 1
                self._helper_backlog.clear()
        finally:
            self._helper_starting = False

    def _retire_helper(self) -> None:
        """No review needs the helper any more: it leaves after the job in hand."""
        helper, self._helper = self._helper, None
        if helper is not None:
            helper[1].put(None)
            helper[1].close()
            helper[2].close()
            self._retired.append(helper[0])
        self._retired = [p for p in self._retired if p.is_alive()]  # gone ones are reaped by is_alive

    def _merge(self, reply: Reply, out: list[Reply]) -> None:
        """A reply of a shared review: verdicts pass; the review is done when every decision has its
        verdict (or both processes said done); an error ends it."""
        rid = reply.request_id
        share = self._shared[rid]
        if reply.error is not None or not reply.done:
            if reply.error is None:
                index = reply.move.get("move") if isinstance(reply.move, dict) else None
                if index in share["seen"]:
                    return  # judged twice (a token lost with a killed process): the first stands
                share["seen"].add(index)
                share["verdicts"] += 1
                out.append(reply)
                if share["total"] is None or share["verdicts"] < share["total"]:
                    return
            else:
                out.append(reply)
                self._end_shared(rid, stop=True)
                return
        else:
            if isinstance(reply.move, dict) and isinstance(reply.move.get("total"), int):
                share["total"] = reply.move["total"]
            share["dones"] += 1
            whole = share["total"] is not None and share["verdicts"] >= share["total"]
            if not whole and share["dones"] < 2:
                return
        out.append(Reply(rid, None, None, reply.think_s, done=True))
        self._end_shared(rid, stop=False)

    def _end_shared(self, rid: int, stop: bool) -> None:
        share = self._shared.pop(rid)
        self.pending.discard(rid)
        self._reviews.discard(rid)
        if share["dones"] < 2:  # the other process's last replies are dropped when they come
            self._cancelled[rid] = 2 - share["dones"]
        if stop and self._stop_review is not None:
            self._stop_review.value = rid
        if not self._shared:
            self._retire_helper()

    def cancel(self, request_id: int) -> None:
        """Forget a job (a new game, an undo): its reply will be dropped when it arrives. A review
        under way stops at its next check (between searches), freeing the process for the bots."""
        if request_id in self._reviews and self._stop_review is not None:
            self._stop_review.value = request_id
        self._reviews.discard(request_id)
        share = self._shared.pop(request_id, None)
        if request_id in self.pending:
            self._cancelled[request_id] = 1 if share is None else 2 - share["dones"]
            self.pending.discard(request_id)
        if share is not None and not self._shared:
            self._retire_helper()
        self._inbox = [r for r in self._inbox if r.request_id != request_id]

    def take(self, request_id: int | None) -> list[Reply]:
        """The replies arrived for ``request_id`` (none for None), in order; the others wait for theirs."""
        self._inbox.extend(self._collect())
        if request_id is None:
            return []
        mine = [r for r in self._inbox if r.request_id == request_id]
        if mine:
            self._inbox = [r for r in self._inbox if r.request_id != request_id]
        return mine

    def poll(self) -> list[Reply]:
        """Every reply arrived, whoever asked."""
        out, self._inbox = self._inbox, []
        return out + self._collect()

    def _collect(self) -> list[Reply]:
        out: list[Reply] = []
        if self._backlog and self.alive and not self._starting:
            with self._send_lock:
                self._flush_backlog()
        if self._replies is None or self._starting:
            return out
        helper = self._helper
        sources = [self._replies] if helper is None else [self._replies, helper[2]]
        for source in sources:
            while True:
                try:
                    reply = source.get_nowait()
                except queue.Empty:
                    break
                left = self._cancelled.get(reply.request_id)
                if left is not None:
                    if reply.done:
                        if left <= 1:
                            del self._cancelled[reply.request_id]
                        else:
                            self._cancelled[reply.request_id] = left - 1
                    continue
                if reply.request_id in self._shared:
                    self._merge(reply, out)
                    continue
                if reply.done:
                    self.pending.discard(reply.request_id)
                    self._reviews.discard(reply.request_id)
                out.append(reply)
        if helper is not None and helper is self._helper and not helper[0].is_alive():
            for share in self._shared.values():  # the helper died: what it held is not coming
                share["dones"] += 1
            self._helper = None
        if self.pending and not self._backlog and self._process is not None and not self._process.is_alive():
            # The process died (out of memory, killed): fail the jobs so the table can retry.
            out.extend(Reply(rid, None, WORKER_STOPPED) for rid in sorted(self.pending))
            self.pending.clear()
        return out

    def close(self) -> None:
        # A spawn still under way would otherwise leave a half-started worker behind us.
        starter = self._starter
        if starter is not None and starter is not threading.current_thread():
            starter.join(timeout=10.0)
        if self._process is None:
            return
        if self.pending or self._reviews:
            # A bot (or a review) is thinking: its answer is of no use now, and the player must not
            # wait for it. Stop the process at once (it holds nothing that needs saving).
            self._process.terminate()
        else:
            with contextlib.suppress(Exception):
                self._requests.put(None)
            self._process.join(timeout=0.5)
            if self._process.is_alive():
                self._process.terminate()
        self._process.join(timeout=1.0)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout=1.0)
        for q in (self._requests, self._replies):  # release the queues' pipes and feeder threads
            with contextlib.suppress(Exception):
                q.cancel_join_thread()
                q.close()
        self._process = self._requests = self._replies = None
        helper, self._helper = self._helper, None
        for p in ([helper[0]] if helper is not None else []) + self._retired:
            with contextlib.suppress(Exception):
                p.terminate()
                p.join(timeout=1.0)
        self._retired = []


class InlineWorker:
    """Same interface, thinking in this process at the next ``poll()`` (tests, fallback)."""

    def start_async(self) -> None: ...

    def __init__(self, factory: str = DEFAULT_FACTORY, review: str = DEFAULT_REVIEW) -> None:
        self.factory = factory
        self.review = review
        self._reviews: dict[int, Any] = {}  # id -> the review's replies, one handed out per poll
        self._inbox: list[Reply] = []
        self._bots: dict[tuple[Any, ...], Any] = {}
        self._jobs: list[tuple[Any, ...]] = []
        self._next_id = 0
        self.pending: set[int] = set()
        self.alive = True

    def start(self) -> None: ...

    def request(self, game: str, bot_name: str, seed: int, budget: float | None, view: Any) -> int:
        self._next_id += 1
        self._jobs.append((self._next_id, game, bot_name, seed, budget, view))
        self.pending.add(self._next_id)
        return self._next_id

    def request_review(self, record: Any, seat: int, budget: float | None, seed: int,
                       **extra: Any) -> int:
        """A review judged here, one verdict per ``poll()`` (so a viewer fills in step by step)."""
        self._next_id += 1
        rid = self._next_id
        self.pending.add(rid)
        replies: list[Reply] = []
        stopped = [False]

        def run() -> Any:
            _review(("review", rid, record, seat, budget, seed, extra), replies.append, lambda: stopped[0],
                    self.review)

        self._reviews[rid] = (run, replies, stopped)
        return rid

    def cancel(self, request_id: int) -> None:
        self.pending.discard(request_id)
        self._jobs = [j for j in self._jobs if j[0] != request_id]
        review = self._reviews.pop(request_id, None)
        if review is not None:
            review[2][0] = True
        self._inbox = [r for r in self._inbox if r.request_id != request_id]

    def take(self, request_id: int | None) -> list[Reply]:
        self._inbox.extend(self._collect())
        mine = [r for r in self._inbox if r.request_id == request_id]
        self._inbox = [r for r in self._inbox if r.request_id != request_id]
        return mine

    def poll(self) -> list[Reply]:
        out, self._inbox = self._inbox, []
        return out + self._collect()

    def _collect(self) -> list[Reply]:
        out: list[Reply] = []
        for rid, (run, replies, stopped) in list(self._reviews.items()):
            if run is not None:  # judged on the first poll; handed out a verdict at a time
                run()
                self._reviews[rid] = (None, replies, stopped)
            if replies:
                reply = replies.pop(0)
                out.append(reply)
                if reply.done:
                    self._reviews.pop(rid, None)
                    self.pending.discard(rid)
        jobs, self._jobs = self._jobs, []
        for rid, game, bot_name, seed, budget, view in jobs:
            t0 = time.perf_counter()
            try:
                move = _choose(self._bots, _factory(self.factory), game, bot_name, seed, budget, view)
                out.append(Reply(rid, move, None, time.perf_counter() - t0))
            except Exception as err:  # as the process does: a bot's failure is a reply, not a crash
                out.append(Reply(rid, None, f"{type(err).__name__}: {err}"))
            self.pending.discard(rid)
        return out

    def close(self) -> None: ...
