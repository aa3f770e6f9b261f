"""Eralash's events (engine.story): runs and Aces declared, trump named, cards played, tricks won.

A robber whose first dealer is drawn by lot opens with ``LotDrawn`` (the cards drawn lie face up). A
deal opens with each seat's ``HandDealt`` (its own), the ``RunsDeclared`` and ``AcesAnnounced`` of
every seat that has any (public: runs are shown, Aces only counted), then ``TrumpNamed`` when the runs
settle it or ``TrumpToName`` when a seat must choose (its ``TrumpNamed`` follows that move). Each card
is a ``CardPlayed``; each full trick a ``TrickWon``; the deal ends with ``DealScored`` (per seat, or
team in pairs) and the robber with ``RobberOver``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Suit
from engine.eralash.run import Run
from engine.story import CardPlayed, DealScored, Event, HandDealt, MatchOver

__all__ = [
    "AcesAnnounced", "CardPlayed", "DealScored", "HandDealt", "LotDrawn", "RobberOver", "RunsDeclared",
    "TrickWon", "TrumpNamed", "TrumpToName",
]


@dataclass(frozen=True)
class LotDrawn(Event):
    """The first dealer by lot: ``draws[r][seat]`` the card each seat drew face up in round ``r`` (-1: a
    seat not drawing again); ``dealer`` drew highest."""

    draws: tuple[tuple[int, ...], ...]
    dealer: int


@dataclass(frozen=True)
class RunsDeclared(Event):
    """``seat`` declared ``runs`` (their cards are shown) for ``points``."""

    seat: int
    runs: tuple[Run, ...]
    points: int


@dataclass(frozen=True)
class AcesAnnounced(Event):
    """``seat`` announced ``count`` Aces (not which) for ``points``."""

    seat: int
    count: int
    points: int


@dataclass(frozen=True)
class TrumpToName(Event):
    """``seat`` must name trump from ``suits`` (equal best runs, or nobody holds a run)."""

    seat: int
    suits: tuple[Suit, ...]


@dataclass(frozen=True)
class TrumpNamed(Event):
    """Trump is ``suit``, by ``seat``'s best run (``chosen`` False) or by its choice (True)."""

    seat: int
    suit: Suit
    chosen: bool


@dataclass(frozen=True)
class TrickWon(Event):
    """Trick number ``trick`` (from 1) of ``cards`` from ``leader`` was won by ``seat``."""

    trick: int
    leader: int
    cards: tuple[int, ...]
    seat: int


@dataclass(frozen=True)
class RobberOver(MatchOver):
    """The robber is over; ``slam``: the seat (team) whose slam ended it, else None."""

    slam: int | None
