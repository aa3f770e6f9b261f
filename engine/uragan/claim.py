"""Capture priorities and claims (docs/rules.md, Uragan 6): which plays break a priority, and what a
claim demands.

(a) When a table card equals the played card's value, that single card must be the one taken.
(b) A card that could capture must not be trailed.
In ``book`` mode a breaking play is legal and the opponent may claim; in ``strict`` mode it is not
offered. Either way the demanded captures are the same: the equal single cards if any lie on the
table, else every capture of the card.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine import illegal
from engine.cards import CardSet, cards
from engine.state import IllegalMove
from engine.uragan.capture import captures
from engine.uragan.deck import VALUE, VALUE_MASK
from engine.uragan.moves import take_cards

EQUAL = "equal"  # priority (a)
TRAIL = "trail"  # priority (b)


class Breach(NamedTuple):
    """A play that breaks a priority: ``kind`` is EQUAL or TRAIL; ``demanded`` are the lawful captures."""

    kind: str
    card: int
    take: CardSet
    demanded: tuple[CardSet, ...]

    def params(self) -> dict[str, Any]:
        """The parameters of the sentences about this breach (engine.illegal)."""
        return {"kind": self.kind, "card": self.card, "choices": tuple(take_cards(t) for t in self.demanded)}

    def sentence(self, lang: str = "en") -> str:
        """The rule broken, as a player reads it: "A King must take a King lying on the table"."""
        return illegal.sentence(f"uragan.breach_{self.kind}", self.params(), lang)

    def illegal(self) -> IllegalMove:
        """The error refusing this play where priorities are strict."""
        return IllegalMove(f"uragan.breach_{self.kind}", **self.params())


def demanded(card: int, table: CardSet) -> tuple[CardSet, ...]:
    """The captures a claim may turn a play of ``card`` into (empty if the card cannot capture)."""
    equal = table & VALUE_MASK[VALUE[card]]
    if equal:
        return tuple(1 << c for c in cards(equal))
    return captures(VALUE[card], table)


def breach(card: int, take: CardSet, table: CardSet) -> Breach | None:
    """The priority a play of ``card`` taking ``take`` (0 = trail) breaks, or None if it breaks none.

    ``take`` is assumed to be a genuine capture (or 0); checking that is the Deal's job.
    """
    equal = table & VALUE_MASK[VALUE[card]]
    if equal:
        if take & equal and not take & (take - 1):  # exactly one card, and it is an equal one
            return None
        return Breach(EQUAL, card, take, tuple(1 << c for c in cards(equal)))
    if not take:
        caps = captures(VALUE[card], table)
        if caps:
            return Breach(TRAIL, card, take, caps)
    return None


