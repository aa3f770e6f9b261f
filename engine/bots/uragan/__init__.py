"""Uragan bots by level: ``make(name, seed, budget)`` for Novice, Club, Master and the arena's Oracle."""

from __future__ import annotations

from engine.bots.uragan.club import UraganClub
from engine.bots.uragan.master import UraganMaster
from engine.bots.uragan.novice import UraganNovice

DEFAULT_BUDGET = 0.8  # seconds per decision for Master and the Oracle; leaves room under 1 s at p95


def make(name: str, seed: int = 0, budget: float | None = None, iterations: int | None = None) -> object:
    """A bot for Uragan; ``budget`` (seconds per move) and ``iterations`` (search iterations per move,
    the same moves on any machine) apply to the search bots only; with neither, Master's own budget."""
    if name == "novice":
        return UraganNovice(seed)
    if name == "club":
        return UraganClub(seed)
    if name in ("master", "oracle"):
        return UraganMaster(seed, budget=DEFAULT_BUDGET if budget is None and iterations is None else budget,
                            sees_all=name == "oracle", max_iterations=iterations)
    raise ValueError(f"unknown Uragan bot {name!r}: choose novice, club, master or oracle")


__all__ = ["make", "UraganNovice", "UraganClub", "UraganMaster"]
