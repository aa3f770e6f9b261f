"""The bots' turns at the table: a move asked of the worker process as soon as it is a bot's turn, played
only when the animations are over and a person could have followed (a mixin of ``TableScene``)."""

from __future__ import annotations

import contextlib
from typing import Any

from game.words.i18n import t

# Seconds a bot waits (after the animations end) before its move shows: never faster than a person.
BOT_DELAY: dict[str, float] = {"slow": 1.1, "normal": 0.7, "fast": 0.4, "instant": 0.2}


class TableBots:
    """Bot turns for ``TableScene`` (uses its ``app``, ``match``, ``humans``, ``levels`` …)."""

    match: Any
    humans: list[int]

    def cancel_bot(self) -> None:
        if self._bot_request is not None:
            with contextlib.suppress(Exception):
                self.app.worker.cancel(self._bot_request)
        self._bot_request = None
        self._bot_reply = None

    def bot_thinking(self) -> int | None:
        """The seat whose bot is thinking right now, else None."""
        if self._bot_request is not None and self._bot_reply is None:
            return self._bot_seat
        return None

    def thinking_shown(self) -> int | None:
        """The seat to show the thinking indicator for: only once the table is still and the bot has
        been at it a moment (a quick answer should not flicker)."""
        seat = self.bot_thinking()
        if seat is None or self.busy() or self.clock - max(self._bot_since, self._idle_since) < 0.3:
            return None
        return seat

    def bot_seed(self, seat: int) -> int:
        seeds = getattr(self.session.saved, "bot_seeds", None) if hasattr(self.session, "saved") else None
        return seeds[seat] if seeds else seat

    def update_bot(self) -> None:
        worker = self.app.worker
        for reply in worker.poll():
            if reply.request_id == self._bot_request:
                self._bot_reply = reply
            elif reply.request_id == self._hint_request and self._hint_request is not None:
                self._take_hint_reply(reply)
        match = self.match
        if match.is_over() or self.holds:
            return
        seat = match.current_player()
        if seat in self.humans or seat < 0:
            return
        if self._bot_request is None:
            view = match.view(seat)
            self._bot_request = worker.request(
                self.game, self.levels[seat] or "club", self.bot_seed(seat), self.bot_budget, view
            )
            self._bot_seat = seat
            self._bot_since = self.clock
            return
        reply = self._bot_reply
        if reply is None or self.busy():
            return
        if self.clock - max(self._bot_since, self._idle_since) < BOT_DELAY.get(self.speed, 0.7):
            return
        self._bot_request = None
        self._bot_reply = None
        if reply.error is not None:
            from game.botworker import error_text

            self.say(t("table.bot_error", error=error_text(reply.error)), 3.0, "warn")
            return
        error = self.apply_move(reply.move)
        if error is not None:  # a bot proposing an illegal move is a bug; show it, ask again
            self.say(t("table.bot_error", error=error), 3.0, "warn")
