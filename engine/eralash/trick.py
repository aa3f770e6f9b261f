"""Tricks: which cards may be played (follow suit or trump), and who wins."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_MASK, Card, CardSet, Suit


def legal_cards(hand: CardSet, led: Suit | None, trump: Suit) -> CardSet:
    """The cards of ``hand`` that may be played on a trick led in ``led`` (None: leading).

    Holding the led suit, a player follows it or plays a trump (trumping is allowed even then);
    when trump is led, trumps must be followed. Without the led suit anything goes.
    """
    if led is None:
        return hand
    allowed = hand & (SUIT_MASK[led] | SUIT_MASK[trump])
    return allowed if hand & SUIT_MASK[led] else hand


def reveals_void(card: Card, led: Suit, trump: Suit) -> bool:
    """Whether a follower's ``card`` shows a void in the led suit: off the led suit and not a trump.

    It shows nothing about trumps (a void player may discard anything), and a trump shows no void
    (trumping is allowed while holding the led suit).
    """
    s = card // 13
    return s != led and s != trump


def beats(card: Card, best: Card, trump: Suit) -> bool:
    """Whether ``card`` beats the trick's current winner ``best``."""
    s, bs = card // 13, best // 13
    if s == bs:
        return card > best
    return s == trump


def trick_winner(cards: Sequence[Card], leader: int, trump: Suit, n_players: int | None = None) -> int:
    """The seat that wins a trick of ``cards`` played in order from ``leader``.

    The highest trump wins, else the highest card of the led suit.
    """
    n = n_players if n_players is not None else len(cards)
    best_i = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best_i], trump):
            best_i = i
    return (leader + best_i) % n
