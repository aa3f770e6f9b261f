"""The replay viewer's controller: a record's steps, the step shown, and the coach's verdicts, asked of the
bot worker as their own request (``worker.request_review``) and taken as they come (``worker.take``).

It is the controller of the game's table in the viewer (a ``ShownMatch``: no session, no bots, no
hint, no undo); ``match`` is the match of the position on the cloth.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from game.review.model import Replay, Step
from game.widgets.table import ShownMatch

if TYPE_CHECKING:
    from game.app import App
    from game.store.saves import Session


class ReplayControl(ShownMatch):
    """Where the replay is and how its review goes (idle, running, done, stopped, failed)."""

    def __init__(self, app: App, replay: Replay, record: dict[str, Any], *, start: int = 0,
                 choose_seat: bool = False) -> None:
        super().__init__(replay.steps[0].match)
        self.app = app
        self.replay = replay
        self.record = record
        self.index = max(0, min(start, len(replay) - 1))
        self.choose_seat = choose_seat  # an opened record: the player picks whose decisions to judge
        self.any_seat = False  # an opened record: any seat may be reviewed
        self.review_deals: list[int] | None = None  # judge only these deals (from 1); None: all
        self.count_in_stats = False  # the player's own deal, from a table: its review counts in accuracy
        self.keep_in: Session | None = None  # the table's session: the verdicts are kept per deal with it
        self.review_id: int | None = None
        self.review_state = "idle"
        self.review_error = ""

    @property
    def step(self) -> Step:
        return self.replay.steps[self.index]

    # --- the review ------------------------------------------------------------------------------

    def ask(self, iterations: int | None, budget: float | None) -> None:
        """Ask the worker to judge the seat's decisions (the state says whether it could)."""
        extra: dict[str, Any] = {}
        if iterations is not None:
            extra["iterations"] = iterations
        if self.review_deals:
            extra["deals"] = list(self.review_deals)
        try:
            self.review_id = self.app.worker.request_review(
                self.record, self.replay.seat, budget, 0, **extra
            )
        except Exception as err:  # a worker that cannot review: say so, the replay still works
            self.review_state, self.review_error = "failed", str(err)
            return
        self.review_state = "running"
        self.choose_seat = False

    def turn_to(self, seat: int) -> None:
        """Review another seat: the same game from that seat's side."""
        self.replay = self.replay.for_seat(seat)

    def cancel(self) -> None:
        if self.review_id is not None:
            with contextlib.suppress(Exception):
                self.app.worker.cancel(self.review_id)
        if self.review_state == "running":
            self.review_state = "stopped"
            self.keep_verdicts(complete=False)  # what was judged so far is not judged again for nothing
        self.review_id = None

    def take_verdicts(self) -> tuple[list[int | None], bool]:
        """The verdicts arrived since the last frame, each put on its step: the steps they went to,
        and whether the review ended (done or failed)."""
        if self.review_id is None:
            return [], False
        placed: list[int | None] = []
        for reply in self.app.worker.take(self.review_id):
            if reply.error is not None:
                from game.botworker import error_text

                self.review_state, self.review_error = "failed", error_text(reply.error)
                self.review_id = None
            elif reply.move is not None:
                placed.append(self.replay.add_verdict(reply.move))
            if reply.done:
                if reply.error is None:
                    self.review_state = "done"
                    self.on_done()
                self.review_id = None
                return placed, True
        return placed, self.review_id is None

    def preload_kept(self) -> bool:
        """Put the verdicts kept with the saved game on their decisions (every deal of the seat's
        already reviewed); True when every deal this viewer reviews was judged whole before."""
        if self.keep_in is None:
            return False
        try:
            kept = self.keep_in.kept_reviews(self.replay.seat)
        except Exception:  # a save that cannot say: review afresh
            return False
        for deal, k in sorted(kept.items()):
            for raw in k["verdicts"]:
                self.replay.add_verdict(raw)
            if k.get("decided") is not None:
                self.replay.decided[deal] = k["decided"]
        wanted = self.review_deals or []
        return bool(wanted) and all(kept.get(d, {}).get("complete") for d in wanted)

    def keep_verdicts(self, complete: bool) -> None:
        """Keep this review's verdicts per deal with the saved game (a whole review is not replaced
        by a part of one)."""
        if self.keep_in is None:
            return
        with contextlib.suppress(Exception):
            kept = self.keep_in.kept_reviews(self.replay.seat)
            for d in self.review_deals or []:
                end = next((st for st in self.replay.steps if st.deal_end and st.deal == d), None)
                verdicts = self.replay.kept(d)
                if end is None or not verdicts or (not complete and kept.get(d, {}).get("complete")):
                    continue
                self.keep_in.keep_review(d, self.replay.seat, end.moves, verdicts,
                                         self.replay.decided.get(d), complete)

    def on_done(self) -> None:
        """The whole review of the player's own deal is in: it counts in the statistics' accuracy
        (once per deal: reviewing it again adds nothing); its verdicts are kept with the saved game.
        Counted first, kept second: a kill in between leaves the deal not kept, so it is reviewed again
        and its count (by the same key) is not added twice; the other order lost it for good."""
        try:
            self.count_review()
        finally:
            self.keep_verdicts(complete=True)

    def count_review(self) -> None:
        if not self.count_in_stats or self.app.store is None or not self.replay.verdicts:
            return
        with contextlib.suppress(Exception):
            from game.store.stats import Stats

            wanted = set(self.review_deals or [])
            judged = [v for v in self.replay.verdicts if not wanted or v.deal in wanted]
            decided = {d for d in {v.deal for v in judged} if self.replay.is_decided(d)}
            judged = [v for v in judged if v.deal not in decided]  # a decided deal asks nothing of skill
            if judged:
                match, level = self.match_and_level()
                unit = self.replay.own.unit
                Stats.load(self.app.store).record_review(
                    self.replay.game, [v.loss for v in judged], self.review_key(),
                    marks=[v.grade for v in judged],
                    # what the marks show (the head's sum, in the game's unit): a move marked best
                    # has lost nothing
                    deal_losses=[None if v.cost(unit) is None else v.shown_cost(unit) for v in judged],
                    match=match, level=level)
                from game.store.practice import Practice  # its mistakes go on the practice list

                Practice.load(self.app.store).add_review(self.replay.game, self.record, self.replay.seat,
                                                         [v.raw for v in judged])

    def match_and_level(self) -> tuple[str | None, str | None]:
        """The kept game's id and its strongest opponent's level, for the statistics per match."""
        session = self.keep_in
        if session is None:
            return None, None
        from game.store.stats import opponent_level

        try:
            level: str | None = opponent_level(lv for lv in session.seats if lv is not None)
        except ValueError:  # no bot at the table
            level = None
        return session.saved.game_id, level

    def review_key(self) -> str:
        """Names the reviewed deals of this game for the statistics (the same deal, the same key)."""
        import hashlib
        import json

        deals = self.record.get("deals", [])
        wanted = self.review_deals or range(1, len(deals) + 1)
        chosen = [deals[d - 1] for d in wanted if 0 < d <= len(deals)]
        text = json.dumps([self.replay.seat, chosen], sort_keys=True)
        return hashlib.blake2s(text.encode(), digest_size=10).hexdigest()
