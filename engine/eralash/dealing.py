"""Dealing: the shuffle, the hands (one card at a time from the eldest hand), cards aside, the lot."""

from __future__ import annotations

import random

from engine.cards import CardSet
from engine.eralash.options import Options

_BIT: tuple[int, ...] = tuple(1 << c for c in range(52))


def shuffled_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck (Fisher-Yates on ``rng.random()``: several times faster than shuffle)."""
    d = list(range(52))
    rnd = rng.random
    for i in range(51, 0, -1):
        j = int(rnd() * (i + 1))
        d[i], d[j] = d[j], d[i]
    return d


def _positions(n_players: int, size: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher-Yates steps (position, choices, receiver): position i goes to the i-th player from the
    eldest (i mod n) while i < n * size, else aside (receiver n)."""
    return tuple((i, i + 1, i % n_players if i < n_players * size else n_players) for i in range(51, 0, -1))


_STEPS = {(n, s): _positions(n, s) for n in (2, 3, 4) for s in (13, 17, 26)}


def deal_hands(
    options: Options, n_players: int, dealer: int, rng: random.Random
) -> tuple[list[CardSet], CardSet]:
    """The hands in seat order and the cards laid aside, dealt one at a time from the eldest hand.

    A Fisher-Yates shuffle whose finished positions go straight into the receivers' masks.
    """
    size = options.hand_size(n_players)
    rnd = rng.random
    bit = _BIT
    deck = list(range(52))
    got = [0] * (n_players + 1)
    for i, f, who in _STEPS[n_players, size]:
        j = int(rnd() * f)
        got[who] += bit[deck[j]]  # disjoint bits: + is |
        deck[j] = deck[i]
    got[0] += bit[deck[0]]
    eldest = (dealer + 1) % n_players
    hands = [0] * n_players
    for k in range(n_players):
        hands[(eldest + k) % n_players] = got[k]
    return hands, got[n_players]


def draw_lot(n_players: int, rng: random.Random) -> tuple[int, list[list[int]]]:
    """The first dealer by lot: everyone draws, the highest card deals; equal highest draw again.

    Returns the dealer and the draws, round by round (``draws[r][seat]``, -1 for seats not drawing).
    """
    deck = shuffled_deck(rng)
    drawing = list(range(n_players))
    draws: list[list[int]] = []
    while True:
        row = [-1] * n_players
        for seat in drawing:
            row[seat] = deck.pop()
        draws.append(row)
        top = max(row[s] % 13 for s in drawing)
        drawing = [s for s in drawing if row[s] % 13 == top]
        if len(drawing) == 1:
            return drawing[0], draws
