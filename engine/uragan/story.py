"""Uragan's events (engine.story): plays, captures and trails, uragans, claims, the remainder.

A play is told when it is made (``Played``: the card and the take as played, the one card event per
card). In ``book`` mode a play that breaks a priority is then ``PriorityBroken`` and waits for the
opponent: ``Claimed`` or ``ClaimLetStand``, and, when the claim demands one of several captures, the
offender's ``CapturePicked``. A play that stands is ``Captured`` or ``Trailed`` (with ``Swept`` when it
was an uragan). The deal opens with ``TableLaid`` and each round's ``HandDealt`` (one seat's own), and
ends with ``RemainderTaken`` and ``DealScored`` (``breakdown``: ``Deal.score_breakdown()``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import CardSet
from engine.story import CardPlayed, DealScored, Event, HandDealt, MatchOver

__all__ = [
    "CapturePicked", "Captured", "ClaimLetStand", "Claimed", "DealScored", "HandDealt", "MatchWon",
    "Played", "PriorityBroken", "RemainderTaken", "Swept", "TableLaid", "Trailed",
]


@dataclass(frozen=True)
class TableLaid(Event):
    """The four cards laid face up on the table as deal number ``deal`` (from 1) begins."""

    deal: int
    cards: CardSet


@dataclass(frozen=True)
class Played(CardPlayed):
    """``seat`` played ``card`` taking ``take`` (0: a trail), as played; a claim may change the take."""

    take: CardSet


@dataclass(frozen=True)
class PriorityBroken(Event):
    """The play of ``card`` broke a priority (``kind``: "equal" or "trail"; docs/rules.md, Uragan 6): the
    opponent may claim one of ``demanded`` or let the play stand."""

    seat: int
    card: int
    kind: str
    demanded: tuple[CardSet, ...]


@dataclass(frozen=True)
class Claimed(Event):
    """``claimant`` claimed: ``offender``'s ``card`` becomes one of the ``demanded`` captures."""

    claimant: int
    offender: int
    card: int
    demanded: tuple[CardSet, ...]


@dataclass(frozen=True)
class ClaimLetStand(Event):
    """``claimant`` let ``offender``'s priority-breaking play of ``card`` stand."""

    claimant: int
    offender: int
    card: int


@dataclass(frozen=True)
class CapturePicked(Event):
    """The offender ``seat`` picked ``take``, one of the captures the claim demanded of ``card``."""

    seat: int
    card: int
    take: CardSet


@dataclass(frozen=True)
class Captured(Event):
    """``seat``'s ``card`` took ``take`` (``claimed``: as a claim made it)."""

    seat: int
    card: int
    take: CardSet
    claimed: bool = False


@dataclass(frozen=True)
class Trailed(Event):
    """``seat``'s ``card`` stays on the table (``claimed`` never: a claim always makes a capture)."""

    seat: int
    card: int


@dataclass(frozen=True)
class Swept(Event):
    """``seat``'s ``card`` took the whole table: an uragan (one point)."""

    seat: int
    card: int


@dataclass(frozen=True)
class RemainderTaken(Event):
    """The cards left on the table at the end go to the last seat that captured (``seat`` -1: nobody
    captured and they stay unclaimed)."""

    seat: int
    cards: CardSet


@dataclass(frozen=True)
class MatchWon(MatchOver):
    """The match is over; ``double``: the loser has fewer than half the target."""

    double: bool
