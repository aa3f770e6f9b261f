"""Counting from one seat's view: which cards of a value are still out, and what can take a card.

A card left on the table is taken by a card of its own value (the equal card must be taken first)
or as part of a sum; which of the cards the seat has not seen could do it is a fact of the view, the
idea behind most Uragan discards ("both other Jacks are in a pile: nothing takes the J♦, and your J♥
takes it back"). Nothing here reads a hidden card.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import CardSet, cards
from engine.uragan.capture import captures
from engine.uragan.deck import VALUE, VALUE_MASK


class Takers(NamedTuple):
    """What can take ``card`` from the table a move leaves: ``twins`` the unseen cards of its value,
    ``takers`` every unseen card that could take it there (twins and sums), ``retake`` a card of the
    seat's own hand that could take it back (-1: none)."""

    card: int
    twins: CardSet
    takers: CardSet
    retake: int


def can_take(value: int, card: int, table: CardSet) -> bool:
    """Whether a card of ``value`` played on ``table`` may take ``card`` (a lawful capture: when a
    card of its value lies there, it takes one such card alone)."""
    if not table >> card & 1:
        return False
    equal = table & VALUE_MASK[value]
    if equal:
        return VALUE[card] == value
    return any(t >> card & 1 for t in captures(value, table))


def takers(view: Any, card: int, table: CardSet, hand: CardSet | None = None) -> Takers:
    """The count for ``card`` lying on ``table`` after the seat's move (``hand``: the seat's hand
    then; by default its hand without the card)."""
    unseen = view.unseen()
    twins = unseen & VALUE_MASK[VALUE[card]]
    out = 0
    for c in cards(unseen):
        if can_take(VALUE[c], card, table):
            out |= 1 << c
    if hand is None:
        hand = view.hand & ~(1 << card)
    retake = next((h for h in cards(hand) if can_take(VALUE[h], card, table)), -1)
    return Takers(card, twins, out, retake)


def still_out(view: Any, value: int) -> CardSet:
    """The cards of ``value`` the seat has not seen (in the opponent's hand or the stock)."""
    return int(view.unseen() & VALUE_MASK[value])
