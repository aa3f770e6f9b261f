"""The bots' turns at the table: a move asked of the worker process as soon as it is a bot's turn, played
only when the animations are over and a person could have followed (``BotTurns``, a part of the play
table: it owns the request under way and reads the table through ``BotTable``)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Protocol

from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.botworker import Reply

# Seconds a bot waits (after the animations end) before its move shows: never faster than a person.
BOT_DELAY: dict[str, float] = {"slow": 1.1, "normal": 0.7, "fast": 0.4, "instant": 0.2}


class BotTable(Protocol):
    """What the bots' turns read of the table and ask of it."""

    app: App
    clock: float
    speed: str
    holds: set[str]
    humans: list[int]
    levels: list[str | None]

    @property
    def game(self) -> str: ...

    @property
    def match(self) -> Any: ...

    @property
    def idle_since(self) -> float: ...

    def busy(self) -> bool: ...

    def bot_seed(self, seat: int) -> int: ...

    def apply_move(self, move: Any) -> str | None: ...

    def say(self, text: str, seconds: float = 3.0, kind: str = "info", sticky: bool = False) -> None: ...


class BotTurns:
    """The bot's move under way: asked of the worker, its reply kept until the table may show it."""

    def __init__(self, table: BotTable) -> None:
        self.table = table
        self.request: int | None = None  # the worker's id of the move being thought
        self.seat = -1  # whose move it is
        self.since = 0.0  # the table's clock when it was asked
        self.reply: Reply | None = None  # the answer, waiting for the table to be still
        self.budget: float | None = None  # None: each bot's own budget for its level

    def cancel(self) -> None:
        if self.request is not None:
            with contextlib.suppress(Exception):
                self.table.app.worker.cancel(self.request)
        self.request = None
        self.reply = None

    def thinking(self) -> int | None:
        """The seat whose bot is thinking right now, else None."""
        if self.request is not None and self.reply is None:
            return self.seat
        return None

    def thinking_shown(self) -> int | None:
        """The seat to show the thinking indicator for: only once the table is still and the bot has
        been at it a moment (a quick answer should not flicker)."""
        table = self.table
        seat = self.thinking()
        if seat is None or table.busy() or table.clock - max(self.since, table.idle_since) < 0.3:
            return None
        return seat

    def update(self) -> None:
        table = self.table
        worker = table.app.worker
        for taken in worker.take(self.request):
            self.reply = taken
        match = table.match
        if match.is_over() or table.holds:
            return
        seat = match.current_player()
        if seat in table.humans or seat < 0:
            return
        if self.request is None:
            view = match.view(seat)
            self.request = worker.request(
                table.game, table.levels[seat] or "club", table.bot_seed(seat), self.budget, view
            )
            self.seat = seat
            self.since = table.clock
            return
        reply = self.reply
        if reply is None or table.busy():
            return
        if table.clock - max(self.since, table.idle_since) < BOT_DELAY.get(table.speed, 0.7):
            return
        self.request = None
        self.reply = None
        if reply.error is not None:
            from game.botworker import error_text

            table.say(t("table.bot_error", error=error_text(reply.error)), 3.0, "warn")
            return
        error = table.apply_move(reply.move)
        if error is not None:  # a bot proposing an illegal move is a bug; show it, ask again
            table.say(t("table.bot_error", error=error), 3.0, "warn")
