"""The play table's controller: the game's session (saved after every move, undo), the bots' turns and
the hint. A table being played holds one (``TableScene.play``); a table that only shows a match (the
replay viewer's) holds none and is driven by its own controller."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Protocol

from game.widgets.table_bots import BotTable, BotTurns
from game.widgets.table_hint import Hint, HintTable

if TYPE_CHECKING:
    from game.store.saves import Session


class PlayTable(BotTable, HintTable, Protocol):
    """What the play controller's parts read of the table (the bots' and the hint's needs together)."""


class PlayControl:
    """A match being played at the table: its session, the bots' turns, the hint, undo."""

    def __init__(self, table: PlayTable, session: Session) -> None:
        self.session = session
        self.bots = BotTurns(table)
        self.hint = Hint(table)
        self.undo_available = False  # a move of the player's to take back (asked after each move)

    @property
    def match(self) -> Any:
        return self.session.match

    def bot_seed(self, seat: int) -> int:
        seeds = getattr(getattr(self.session, "saved", None), "bot_seeds", None)
        return int(seeds[seat]) if seeds else seat

    def hint_seed(self) -> int:
        hint_seed = getattr(self.session, "hint_seed", None)
        return int(hint_seed()) if callable(hint_seed) else len(self.match.moves)

    def refresh_undo(self, may: bool) -> None:
        """Can the player take a move back? (Replays the match, so only after moves, not per frame.)"""
        ok = False
        if may:
            with contextlib.suppress(Exception):
                ok = self.session.can_undo()
        self.undo_available = ok

    def cancel(self) -> None:
        """Nothing asked of the worker stays under way (a move made, taken back, the table left)."""
        self.bots.cancel()
        self.hint.clear()
