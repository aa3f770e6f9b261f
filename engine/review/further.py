"""A decision's further judgements shared by the processes of a review (engine.review.pool).

A judge may want a decision judged again under further seeds (the Eralash coach does so for a would-be
mark: ``engine.review.eralash``). Each further judgement is independent work, so where a review is
shared, the process that judged the decision posts them on the ``Board`` (shared memory, beside the
decisions' counter) and takes them one at a time, as does the other process between its decisions and
while it has none left; each result comes back through the board as JSON (the judge's own codec,
``ReviewParts.further_json``), and the poster keeps them in the order of their numbers. A further
judgement depends only on the decision, the review's seed and budget and its number, so the verdicts
are those of one process (under an iteration cap, exactly).

Every change to the board is made holding the claims' token (``Claims._acquire``); results are
small (a judgement's table: a few hundred bytes), and one that does not fit is judged by its poster.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from engine.review.budget import Stopped

SLOTS = 4  # decisions posted at once (one per process is the usual most)
MOST = 8  # further judgements per decision
RESULT_BYTES = 2048
POLL_S = 0.005
IDLE_S = 10.0  # a process with nothing left waits at most this long for a new post (a killed partner)
WAIT_S = 30.0  # a poster waits at most this long for a result taken elsewhere, then makes it itself
# a further judgement's state
FREE, TAKEN, DONE, DROPPED = 0, 1, 2, 3
# one slot's fields in ``meta``
REVIEW, DECISION, NEXT, COUNT, GEN = range(5)
FIELDS = 5


class Board:
    """The posted decisions and their further judgements' results, in shared memory."""

    def __init__(self, ctx: Any) -> None:
        self.meta = ctx.Array("q", SLOTS * FIELDS, lock=False)
        self.ends = ctx.Array("d", SLOTS, lock=False)  # a slot's hand-out stops at this time.time()
        self.budgets = ctx.Array("d", SLOTS, lock=False)  # the decision's budget in seconds (0: none)
        self.state = ctx.Array("b", SLOTS * MOST, lock=False)
        self.size = ctx.Array("q", SLOTS * MOST, lock=False)
        self.data = ctx.Array("c", SLOTS * MOST * RESULT_BYTES, lock=False)
        self.busy = ctx.Array("q", 2, lock=False)  # [review id, decisions being judged now]
        self.began = ctx.Array("d", 1, lock=False)  # when the review's first decision was claimed (time.time)
        for s in range(SLOTS):
            self.meta[s * FIELDS + DECISION] = -1


class Share:
    """One process's side of a shared review (``Claims.claimer``): calling it claims the next decision
    (as before) and counts it in hand until ``end``; ``spread`` runs a decision's further judgements on
    the board; ``help`` takes the other process's (a process with nothing left helps while the other
    has a decision in hand)."""

    def __init__(self, claims: Any, review_id: int) -> None:
        self.claims = claims
        self.board: Board = claims.board
        self.review_id = review_id
        self.judged = 0  # further judgements this process made for the other's decisions

    def __call__(self) -> int:
        """The next decision nobody has taken; until ``end``, this process counts as judging one."""
        def claim() -> int:
            n = int(self.claims.claim_held(self.review_id))
            self._count(1)
            return n

        return int(self._locked(claim))

    def _locked(self, action: Callable[[], Any]) -> Any:
        held = self.claims._acquire()
        try:
            return action()
        finally:
            if held:
                self.claims._release()

    def _mine(self, slot: int) -> bool:
        m = self.board.meta
        return int(m[slot * FIELDS + REVIEW]) == self.review_id and int(m[slot * FIELDS + DECISION]) >= 0

    def _count(self, change: int) -> None:
        """The decisions in hand, changed (under the token)."""
        busy = self.board.busy
        if int(busy[0]) != self.review_id:
            if int(busy[0]) > self.review_id:
                return
            busy[0], busy[1] = self.review_id, 0
            self.board.began[0] = time.time()
        busy[1] = max(0, int(busy[1]) + change)

    def paced(self, most: float, total: int, processes: int, deal_seconds: float, least: float) -> float:
        """Seconds for the decision just claimed: the time left of ``deal_seconds`` from the review's
        start, shared by ``processes``, over the decisions not yet judged (those still to claim and
        those in hand), between ``least`` and ``most``. Decisions that took more than their share (a
        would-be mark's further judgements) leave the later ones less; quick ones (solved exactly)
        leave them more, up to ``most``."""
        def read() -> tuple[float, int]:
            cell, busy = self.claims.cell, self.board.busy
            unclaimed = max(0, total - int(cell[1])) if int(cell[0]) == self.review_id else total
            held = int(busy[1]) if int(busy[0]) == self.review_id else 1
            return self.board.began[0], unclaimed + max(1, held)

        began, left = self._locked(read)
        time_left = began + deal_seconds - time.time()
        return float(max(least, min(most, time_left * processes / left)))

    def end(self) -> None:
        """The decision claimed last is judged (or was past the last one)."""
        self._locked(lambda: self._count(-1))

    # --- the poster's side ------------------------------------------------------------------------

    def spread(self, decision: int, count: int, work: Callable[[int], Any], seconds: float | None,
               should_stop: Callable[[], bool] | None = None, budget: float | None = None,
               read: Callable[[Any], Any] | None = None) -> list[Any]:
        """``work(k)`` for k = 1..``count``, shared with the other process: the results, by k. With
        ``seconds``, no judgement starts that long after the post (fewer results then). ``budget``:
        the decision's seconds, which the other process judges with (``help``'s ``run``). The other
        process's results arrive as the JSON its ``run`` gave; ``read`` turns them back into results."""
        count = min(count, MOST)
        b, m = self.board, self.board.meta

        def post() -> int | None:
            for s in range(SLOTS):
                base = s * FIELDS
                if int(m[base + REVIEW]) != self.review_id or int(m[base + DECISION]) < 0:
                    m[base + REVIEW], m[base + DECISION] = self.review_id, decision
                    m[base + NEXT], m[base + COUNT] = 1, count
                    m[base + GEN] = int(m[base + GEN]) + 1
                    b.ends[s] = float("inf") if seconds is None else time.time() + seconds
                    b.budgets[s] = 0.0 if budget is None else budget
                    for k in range(MOST):
                        b.state[s * MOST + k] = FREE
                    return s
            return None

        slot = self._locked(post)
        if slot is None:  # the board is full: judged here
            return one_by_one(count, work, seconds)
        base = slot * FIELDS
        found: dict[int, Any] = {}
        mine: set[int] = set()
        try:
            while True:
                k = self._locked(lambda: _take(b, slot))
                if k is None:
                    break
                mine.add(k)
                found[k] = work(k)
            others = [k for k in range(1, int(m[base + COUNT]) + 1) if k not in mine]
            waited = time.monotonic()
            while others:
                if should_stop is not None and should_stop():
                    raise Stopped
                for k in list(others):
                    state = b.state[slot * MOST + k - 1]
                    if state == DONE:
                        got = self._locked(partial(_read, b, slot, k))
                        found[k] = got if read is None else read(got)
                        others.remove(k)
                    elif state == DROPPED or time.monotonic() - waited > WAIT_S:
                        found[k] = work(k)  # the taker stopped (or died): judged here
                        others.remove(k)
                    elif state == FREE:  # never handed out (the time was up)
                        others.remove(k)
                if others:
                    time.sleep(POLL_S)
        finally:
            def free() -> None:
                m[base + DECISION] = -1
                m[base + GEN] = int(m[base + GEN]) + 1  # a late result is not written into a new post

            self._locked(free)
        return [found[k] for k in sorted(found)]

    # --- the other side ---------------------------------------------------------------------------

    def help(self, run: Callable[[int, int, float | None], Any]) -> int:
        """Take and judge the further judgements posted and not yet taken (``run(decision, k,
        budget)``, the budget the poster gave, None for none); how many it judged."""
        b, m = self.board, self.board.meta
        done = 0
        while True:
            def take() -> tuple[int, int, int, int, float] | None:
                for s in range(SLOTS):
                    if self._mine(s):
                        k = _take(b, s)
                        if k is not None:
                            return s, int(m[s * FIELDS + GEN]), int(m[s * FIELDS + DECISION]), k, b.budgets[s]
                return None

            got = self._locked(take)
            if got is None:
                return done
            slot, gen, decision, k, seconds = got
            try:
                result = run(decision, k, seconds or None)
            except BaseException:
                self._locked(partial(_put, b, slot, gen, k, None))
                raise
            self._locked(partial(_put, b, slot, gen, k, result))
            done += 1
            self.judged += 1

    def help_while_busy(self, run: Callable[[int, int, float | None], Any],
                        should_stop: Callable[[], bool] | None) -> None:
        """With no decision left to claim: help until no decision of this review is being judged (at
        most ``IDLE_S`` without a new post: a partner killed mid-decision never says it ended)."""
        idle = time.monotonic()
        while True:
            if should_stop is not None and should_stop():
                return
            if self.help(run):
                idle = time.monotonic()
            busy = self.board.busy
            if int(busy[0]) != self.review_id or int(busy[1]) <= 0:
                return
            if time.monotonic() - idle > IDLE_S:
                return
            time.sleep(POLL_S)


def _take(b: Board, slot: int) -> int | None:
    """The next further judgement of ``slot`` to hand out (under the token), or None."""
    base = slot * FIELDS
    k = int(b.meta[base + NEXT])
    if k > int(b.meta[base + COUNT]) or time.time() > b.ends[slot]:
        return None
    b.meta[base + NEXT] = k + 1
    b.state[slot * MOST + k - 1] = TAKEN
    return k


def _put(b: Board, slot: int, gen: int, k: int, result: Any) -> None:
    """A result into its place (under the token), if the post is still the one it was taken from;
    None: the taker stopped, the poster judges it."""
    if int(b.meta[slot * FIELDS + GEN]) != gen:
        return
    i = slot * MOST + k - 1
    data = None if result is None else json.dumps(result, separators=(",", ":")).encode()
    if data is None or len(data) > RESULT_BYTES:
        b.state[i] = DROPPED
        return
    start = i * RESULT_BYTES
    b.data[start:start + len(data)] = data
    b.size[i] = len(data)
    b.state[i] = DONE


def _read(b: Board, slot: int, k: int) -> Any:
    i = slot * MOST + k - 1
    start = i * RESULT_BYTES
    return json.loads(bytes(b.data[start:start + int(b.size[i])]))


def one_by_one(count: int, work: Callable[[int], Any], seconds: float | None) -> list[Any]:
    """``work(k)`` for k = 1..``count`` in this process, none started after ``seconds``."""
    start = time.monotonic()
    out = []
    for k in range(1, count + 1):
        if seconds is not None and time.monotonic() - start > seconds:
            break
        out.append(work(k))
    return out
