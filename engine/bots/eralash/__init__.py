"""The Eralash bots by level: Novice, Club, Master, and the Oracle (arena only).

``make(name, seed=..., budget=..., iterations=...)`` gives a bot by level (``engine.games``' entry for
Eralash holds it).
The levels live in their own modules: ``novice.py``, ``club.py``, ``master.py`` (the Oracle is Master
seeing every card); the search's fast trick play in ``tricks.py``, its game-level scoring in
``robber.py``, the exact endgame solver in ``endgame.py``, what a bot reads of its view in ``view.py``.
"""

from __future__ import annotations

from typing import Any

from engine.bots.eralash.club import ClubBot
from engine.bots.eralash.master import DEFAULT_BUDGET, MasterBot
from engine.bots.eralash.novice import NoviceBot

__all__ = ["make", "NoviceBot", "ClubBot", "MasterBot", "DEFAULT_BUDGET"]


def make(name: str, seed: int = 0, budget: float | None = None, iterations: int | None = None) -> Any:
    """A bot by level name; ``budget`` (seconds per move) and ``iterations`` (search iterations per
    move, the same moves on any machine) matter only to Master and Oracle."""
    if name == "novice":
        return NoviceBot(seed, name)
    if name == "club":
        return ClubBot(seed, name)
    if name == "master":
        return MasterBot(seed, budget, name, iterations=iterations)
    if name == "oracle":
        return MasterBot(seed, budget, name, iterations=iterations, sees_all=True)
    raise ValueError(f"unknown Eralash bot {name!r}: novice, club, master or oracle")
