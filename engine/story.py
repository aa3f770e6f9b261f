"""What happened, told once: the typed events a match appends as it plays, and who may know each.

Every move a match accepts is told as events (``match.events``, append-only): who played what card,
what it took or won, the hands dealt, the deal scored, the match over. Each event carries ``index``,
the number of the move that caused it (its place in ``match.moves``; -1 for what happened before
the first move: the first deal dealt), and ``known_to``, the seats that may know it (None: everyone;
a dealt hand is known to its seat only). ``match.events_for(seat, since)`` gives one seat's share.

The animations, the log, captions, speech and a network guest read these events; nobody re-derives a
rule from the state. The vocabulary both games share is here; each game adds its own events
(``engine.uragan.story``, ``engine.eralash.story``). The events are rebuilt by replaying the moves,
so a match from a save or a record tells exactly the same story.

    match.play(move)
    for event in match.events_for(seat, since=seen):   # seen: how many of match.events were read
        ...
    seen = len(match.events)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import CardSet

BEFORE_PLAY = -1  # the index of events no move caused: the first deal, dealt as the match begins


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened. ``index``: the move that caused it; ``known_to``: None for everyone."""

    index: int
    known_to: frozenset[int] | None = None

    def known_by(self, seat: int) -> bool:
        """Whether ``seat`` may know this event."""
        return self.known_to is None or seat in self.known_to


@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played ``card``: each card played is told by exactly one event of this kind."""

    seat: int
    card: int


@dataclass(frozen=True)
class HandDealt(Event):
    """``seat`` received ``cards`` in deal number ``deal`` (from 1; Uragan deals in three rounds, from
    0): known to that seat only."""

    deal: int
    seat: int
    cards: CardSet
    round: int = 0


@dataclass(frozen=True)
class DealScored(Event):
    """Deal number ``deal`` (from 1) ended: ``points`` per seat (per team in pairs), and the breakdown
    the end-of-deal screen shows (JSON-like: category names to numbers)."""

    deal: int
    points: tuple[int, ...]
    breakdown: Mapping[str, Any]


@dataclass(frozen=True)
class MatchOver(Event):
    """The match (Uragan) or robber (Eralash) is over: the winning seats and the final points."""

    winners: tuple[int, ...]
    points: tuple[float, ...]


class Story:
    """The events of one match, in order, and the number of the move being made (``index``).

    The match owns it and sets ``index`` before each move; its deal tells what happened through
    ``tell``. A deal copied for a search has no story (``None``): telling costs nothing there.
    """

    __slots__ = ("events", "index")

    def __init__(self, events: Sequence[Event] = (), index: int = BEFORE_PLAY) -> None:
        self.events: list[Event] = list(events)
        self.index = index

    def tell(self, event: Event) -> None:
        self.events.append(event)

    def copy(self) -> Story:
        return Story(self.events, self.index)

    def for_seat(self, seat: int, since: int = 0) -> list[Event]:
        """The events from position ``since`` of ``events`` on that ``seat`` may know."""
        return [e for e in self.events[since:] if e.known_to is None or seat in e.known_to]


def only(seat: int) -> frozenset[int]:
    """``known_to`` for what one seat alone may know (its own hand)."""
    return frozenset((seat,))
