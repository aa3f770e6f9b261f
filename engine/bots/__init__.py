"""Bots: Novice, Club and Master for both games, and the Oracle for the arena only.

Every bot has ``name`` and ``choose(view) -> move``: it receives only its seat's ``View``. The
Oracle alone has ``sees_all = True`` and is handed the full state as ``choose(view, full=state)``;
it is never offered to players.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

LEVELS = ("novice", "club", "master")  # offered to players
ALL_BOTS = (*LEVELS, "oracle")  # the arena may also seat the Oracle


class Bot(Protocol):
    name: str
    sees_all: bool

    def choose(self, view: Any, full: Any = None) -> Any: ...


def make_bot(name: str, game: str, seed: int = 0, budget: float | None = None) -> Bot:
    """A bot by level name for ``game`` ("eralash" or "uragan"); ``budget`` is think time in seconds."""
    if name not in ALL_BOTS:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(ALL_BOTS)}")
    if game not in ("eralash", "uragan"):
        raise ValueError(f"unknown game {game!r}")
    module = importlib.import_module(f"engine.bots.{game}")
    bot: Bot = module.make(name, seed=seed, budget=budget)
    return bot
