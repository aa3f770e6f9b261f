"""Bots: Novice, Club and Master for both games, and the Oracle for the arena only.

Every bot has ``name`` and ``choose(view) -> move``: it receives only its seat's ``View``. The
Oracle alone has ``sees_all = True`` and is handed the full state as ``choose(view, full=state)``;
it is never offered to players.
"""

from __future__ import annotations

from typing import Any, Protocol

LEVELS = ("novice", "club", "master")  # offered to players
ALL_BOTS = (*LEVELS, "oracle")  # the arena may also seat the Oracle


class Bot(Protocol):
    name: str
    sees_all: bool

    def choose(self, view: Any, full: Any = None) -> Any: ...
