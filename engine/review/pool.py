"""A review shared by several processes: each judges the next decision nobody has taken yet.

``Claims`` is the counter they share (made before the processes start, handed to each at its start);
``review_record(..., claim=claims.claimer(review_id))`` in each process judges its share, and the
verdicts, merged by their ``move_index``, are those of one process (a decision's verdict depends only
on its view, the seed and the budget). ``review_pooled`` runs a whole review that way in ``jobs``
processes of its own (``python -m engine review --jobs 2``); the app's bot worker uses ``Claims`` with
its bots' process and a helper (game.botworker).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Collection, Iterator
from typing import Any

from engine.review.further import Board, Share
from engine.state import RecordError

DONE = 1 << 62  # what a claim returns for a review a newer one has replaced: nothing left to judge
TOKEN_WAIT_S = 5.0
WINDOWS = sys.platform == "win32"


class Claims:
    """The shared counter: ``[review id, next decision]`` in shared memory, changed only by the holder
    of a one-byte token passed through a pipe (a lock without a named semaphore, which
    multiprocessing's resource tracker would report as leaked if the app were killed). A newer review
    id resets it; a process still on an older review gets ``DONE`` and stops taking decisions.
    Made before the processes start, handed to each at its start. The ``board`` beside it carries the
    further judgements a judge asks of a decision (engine.review.further), shared the same way."""

    def __init__(self, ctx: Any = None) -> None:
        ctx = ctx or multiprocessing.get_context("spawn")
        self.cell = ctx.Array("q", 2, lock=False)
        self.take, self.give = ctx.Pipe(duplex=False)
        self.board = Board(ctx)  # the further judgements of decisions (engine.review.further)
        self._release()  # the token

    def _acquire(self) -> bool:
        """Take the token (False after ``TOKEN_WAIT_S``: a token lost with a killed process; then
        go on without it, and a decision may be judged twice, which the receivers drop)."""
        end = time.monotonic() + TOKEN_WAIT_S
        while True:
            left = end - time.monotonic()
            if left <= 0 or not self.take.poll(left):
                return False
            if WINDOWS:  # a message pipe: one whole message per read
                self.take.recv_bytes()
                return True
            try:  # one raw byte: two readers woken together cannot split it
                os.set_blocking(self.take.fileno(), False)
                return os.read(self.take.fileno(), 1) == b"t"
            except BlockingIOError:  # the other process took it first
                continue

    def _release(self) -> None:
        if WINDOWS:
            self.give.send_bytes(b"t")
        else:
            os.write(self.give.fileno(), b"t")

    def claim(self, review_id: int) -> int:
        """The next decision of review ``review_id`` nobody has taken (``DONE`` once a newer one began)."""
        held = self._acquire()
        try:
            return self.claim_held(review_id)
        finally:
            if held:
                self._release()

    def claim_held(self, review_id: int) -> int:
        """``claim``, the token held already."""
        cell = self.cell
        if cell[0] > review_id:
            return DONE
        if cell[0] < review_id:
            cell[0], cell[1] = review_id, 0
        n = int(cell[1])
        cell[1] = n + 1
        return n

    def claimer(self, review_id: int) -> Share:
        """One process's side of review ``review_id``: call it to claim the next decision; it also
        shares the decisions' further judgements (engine.review.further)."""
        return Share(self, review_id)


def _one_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _judge_share(conn: Any, claims: Claims, record: Any, seat: int, budget: float | None, seed: int,
                 iterations: int | None, deals: list[int] | None) -> None:
    """A pool process: its share of the review, one verdict per message, then ``("done", None)``."""
    from engine.review import review_record

    try:
        for verdict in review_record(record, seat, budget, seed, iterations=iterations, deals=deals,
                                     claim=claims.claimer(1)):
            conn.send(("verdict", verdict))
        conn.send(("done", None))
    except Exception as err:
        conn.send(("error", _one_line(err)))
    finally:
        conn.close()


def review_pooled(record: Any, seat: int, budget: float | None = None, seed: int = 0, *,
                  iterations: int | None = None, jobs: int = 2,
                  deals: Collection[int] | None = None) -> Iterator[Any]:
    """``review_record`` on ``jobs`` processes, this one and ``jobs - 1`` started here (which join as
    soon as they are up): the verdicts as they come, not in game order (sort by ``move_index``). A bad
    record raises ``RecordError`` (its one line), as ``review_record`` does."""
    from engine.review import decisions, review_record

    if jobs <= 1:
        yield from review_record(record, seat, budget, seed, iterations=iterations, deals=deals)
        return
    ctx = multiprocessing.get_context("spawn")
    claims = Claims(ctx)
    ends, procs = [], []
    for _ in range(jobs - 1):
        take, give = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_judge_share, args=(give, claims, record, seat, budget, seed, iterations,
                                                   list(deals) if deals else None), daemon=True)
        p.start()
        give.close()
        ends.append(take)
        procs.append(p)
    errors: list[str] = []
    wanted = set(deals) if deals else None
    left = sum(1 for d in decisions(record, seat) if wanted is None or d.deal in wanted)
    seen: set[int] = set()  # decisions judged (twice only if a process died holding the token)
    try:
        for verdict in review_record(record, seat, budget, seed, iterations=iterations, deals=deals,
                                     claim=claims.claimer(1)):
            for v in (verdict, *_arrived(ends, errors, 0)):
                if v.move_index not in seen:
                    seen.add(v.move_index)
                    yield v
        while ends and len(seen) < left and not errors:  # one still starting has nothing left to take
            for v in _arrived(ends, errors, None):
                if v.move_index not in seen:
                    seen.add(v.move_index)
                    yield v
    finally:
        for p in procs:
            if p.is_alive():
                p.terminate()
            p.join(timeout=5)
    if errors:
        raise RecordError(errors[0])


def _arrived(ends: list[Any], errors: list[str], timeout: float | None) -> Iterator[Any]:
    """The verdicts the pool's processes sent (waiting up to ``timeout`` for one; None: until one
    speaks); a process that finished or failed leaves ``ends``."""
    from multiprocessing.connection import wait

    ready: list[Any] = list(wait(ends, timeout))
    for conn in ready:
        while conn in ends and conn.poll():
            try:
                kind, data = conn.recv()
            except EOFError:
                kind, data = "error", "a review process stopped"
            if kind == "verdict":
                yield data
                continue
            ends.remove(conn)
            if kind == "error":
                errors.append(str(data))
