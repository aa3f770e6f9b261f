"""Tricks (docs/rules.md, Eralash 7): which cards may be played (follow suit or trump), who wins.

This is the one trick rule: the deal, a seat's view, the bots (their lean ``TrickPlay`` and its
rollouts, the exact endgame solver) and the coach all ask these functions. One hot loop keeps a fast
copy, ``Deal.random_playout`` (suit patterns and precomputed tables: the engine benchmark's random
deals); tests/engine/bots/eralash/test_eralash_trick_rule.py pins it, and the bots' rollout, to these
functions on random positions (same legal cards, same winners).
"""

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
    follow = hand & SUIT_MASK[led]
    if not follow:
        return hand
    return follow | hand & SUIT_MASK[trump]


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


def winning_index(cards: Sequence[Card], trump: Suit) -> int:
    """The place (from the leader, 0) of the card that wins a trick of ``cards`` so far."""
    best_i = 0
    best = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best, trump):
            best_i, best = i, c
    return best_i


def trick_winner(cards: Sequence[Card], leader: int, trump: Suit, n_players: int | None = None) -> int:
    """The seat that wins a trick of ``cards`` played in order from ``leader``.

    The highest trump wins, else the highest card of the led suit.
    """
    n = n_players if n_players is not None else len(cards)
    return (leader + winning_index(cards, trump)) % n
