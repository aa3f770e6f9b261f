"""Trick play for the Eralash bots: a lean state of one deal's card play, made for millions of plays.

The engine's ``Deal`` is the authority; this is a stripped-down state (hands as bitmasks, the trick
in progress, tricks won) that search copies and plays thousands of times per move. Its rules are
engine.eralash.trick's (docs/rules.md, Eralash 7: follow the led suit *or* trump; a trump lead must
be followed by trumps when held; a void hand plays anything): ``legal``, ``play`` and ``rollout``
call them. (An inline copy of the rule in ``rollout`` made a rollout about 10 % faster alone but
Master no faster at a fixed number of iterations, so the rollout asks the rule like everyone else.)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.cards import SUIT_MASK, cards
from engine.eralash.trick import beats, legal_cards, winning_index

__all__ = ["TrickPlay", "equivalence_classes"]


def equivalence_classes(mask: int, gone: int) -> list[int]:
    """Group ``mask``'s cards into classes of equal play value: same suit, and no card between
    them still out (cards in ``gone`` no longer matter). Each class is returned as a bitmask."""
    classes: list[int] = []
    for suit in range(4):
        m = mask & SUIT_MASK[suit]
        if not m:
            continue
        cur = 0
        prev = -2
        for c in cards(m):
            if cur and not _all_gone_between(prev, c, gone | mask):
                classes.append(cur)
                cur = 0
            cur |= 1 << c
            prev = c
        classes.append(cur)
    return classes


def _all_gone_between(lo: int, hi: int, known: int) -> bool:
    between = ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1)
    return between & known == between


class TrickPlay:
    """The card play of one Eralash deal after trump is known. Seats are 0..n-1 in play order."""

    __slots__ = ("n", "hands", "trump", "leader", "trick", "won", "turn", "left")

    def __init__(
        self,
        n: int,
        hands: list[int],
        trump: int,
        leader: int,
        trick: list[int] | None = None,
        won: list[int] | None = None,
    ) -> None:
        self.n = n
        self.hands = hands
        self.trump = trump
        self.leader = leader
        self.trick = trick if trick is not None else []
        self.won = won if won is not None else [0] * n
        self.turn = (leader + len(self.trick)) % n
        self.left = sum(h.bit_count() for h in hands)  # cards still to be played

    def copy(self) -> TrickPlay:
        new = TrickPlay.__new__(TrickPlay)
        new.n = self.n
        new.hands = self.hands[:]
        new.trump = self.trump
        new.leader = self.leader
        new.trick = self.trick[:]
        new.won = self.won[:]
        new.turn = self.turn
        new.left = self.left
        return new

    def is_over(self) -> bool:
        return self.left == 0 and not self.trick

    def legal(self) -> int:
        led = self.trick[0] // 13 if self.trick else None
        return legal_cards(self.hands[self.turn], led, self.trump)

    def key(self) -> tuple[int, ...]:
        """A hashable key of the whole position (for transposition tables)."""
        return (*self.hands, self.leader, *self.trick, *self.won)

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to move; assumes it is legal (search only plays legal cards)."""
        self.hands[self.turn] &= ~(1 << card)
        self.trick.append(card)
        self.left -= 1
        if len(self.trick) == self.n:
            w = (self.leader + winning_index(self.trick, self.trump)) % self.n
            self.won[w] += 1
            self.leader = w
            self.turn = w
            self.trick = []
        else:
            self.turn = (self.turn + 1) % self.n

    # --- rollouts ---------------------------------------------------------------------------

    def rollout(
        self, rng: random.Random, partners: bool = False, skill: float = 0.7, duck: int = 0,
        trace: list[int] | None = None,
    ) -> None:
        """Play to the end of the deal with a cheap policy: with probability ``skill`` a seat plays
        a sensible card (win the trick as cheaply as possible, else play low; seats in the bitmask
        ``duck`` instead avoid winning), otherwise a random legal card. Crude, but it keeps
        playouts far closer to real play than uniform chance. ``trace`` (for tests) receives the
        cards in the order played."""
        n = self.n
        trump = self.trump
        hands = self.hands
        won = self.won
        rand = rng.random
        getbits = rng.getrandbits
        trick = self.trick
        leader = self.leader
        turn = self.turn
        pos = len(trick)
        led = best = best_pos = -1
        if trick:  # the trick under way: find its current best card
            led = trick[0] // 13
            best_pos = winning_index(trick, trump)
            best = trick[best_pos]
        left = self.left
        while left:
            hand = hands[turn]
            mask = legal_cards(hand, led if pos else None, trump)
            if mask & (mask - 1) == 0:
                card = mask.bit_length() - 1
            elif rand() >= skill:
                card = _random_card(mask, getbits)
            elif duck >> turn & 1:
                card = _ducking_card(mask, best, trump)
            elif not pos:
                card = _leading_card(hands, turn, trump, getbits)
            else:
                card = _sensible_card(mask, best, trump, partners and n == 4 and pos - best_pos == 2)
            hands[turn] = hand & ~(1 << card)
            left -= 1
            if trace is not None:
                trace.append(card)
            if not pos:
                led, best, best_pos = card // 13, card, 0
            elif beats(card, best, trump):
                best, best_pos = card, pos
            pos += 1
            if pos == n:
                w = (leader + best_pos) % n
                won[w] += 1
                leader = turn = w
                pos = 0
            else:
                turn = turn + 1 if turn + 1 < n else 0
        self.left = 0
        self.trick = []
        self.leader = leader
        self.turn = turn


def _random_card(mask: int, getbits: Callable[[int], int]) -> int:
    k = mask.bit_count()
    idx = getbits(10) % k
    while idx:
        mask &= mask - 1
        idx -= 1
    return (mask & -mask).bit_length() - 1


def _leading_card(hands: list[int], turn: int, trump: int, getbits: Callable[[int], int]) -> int:
    """A lead: a card that is the highest of its suit among all hands (plain suits first), else
    any card. Playouts see every hand, so "highest still out" is exact here."""
    hand = hands[turn]
    others = 0
    for j, h in enumerate(hands):
        if j != turn:
            others |= h
    tops = 0
    for s in range(4):
        m = hand & SUIT_MASK[s]
        if m and s != trump:
            top = m.bit_length() - 1
            if not (others & SUIT_MASK[s]) >> top:
                tops |= 1 << top
    return _random_card(tops or hand, getbits)


def _sensible_card(mask: int, best: int, trump: int, partner_wins: bool) -> int:
    """Second hand and later: the cheapest winning card, unless the partner already wins; else low."""
    if not partner_wins:
        bs = best // 13
        # cheapest winner: a higher card of the best card's suit, else the lowest trump
        same = mask & SUIT_MASK[bs] & ~((1 << (best + 1)) - 1)
        if same:
            return (same & -same).bit_length() - 1
        if bs != trump:
            tr = mask & SUIT_MASK[trump]
            if tr:
                return (tr & -tr).bit_length() - 1
    # play low: lowest non-trump if any, else lowest card
    return _lowest_rank_card(mask & ~SUIT_MASK[trump] or mask)


def _ducking_card(mask: int, best: int, trump: int) -> int:
    """A seat that wants no tricks: lead its lowest card; later, its highest card that still loses
    (shedding danger safely), else its lowest. ``best`` is the trick's winning card (-1: leading)."""
    if best < 0:
        return _lowest_rank_card(mask)
    losers = 0
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if not beats(c, best, trump):
            losers |= low
    if losers:
        non_trump = losers & ~SUIT_MASK[trump]
        pool = non_trump or losers
        top, card = -1, 0
        for s in range(4):
            ms = pool & SUIT_MASK[s]
            if ms:
                c = ms.bit_length() - 1
                if c % 13 > top:
                    top, card = c % 13, c
        return card
    return _lowest_rank_card(mask)


def _lowest_rank_card(mask: int) -> int:
    low = 13
    card = 0
    for s in range(4):
        m = mask & SUIT_MASK[s]
        if m:
            c = (m & -m).bit_length() - 1
            if c % 13 < low:
                low, card = c % 13, c
    return card
