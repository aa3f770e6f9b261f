"""Exact Eralash endgames: alpha-beta with a transposition table once every remaining card is known.

Double-dummy style: every hand is open, the seat's side (the seat, with its partner in pairs)
maximises and every other seat minimises ("paranoid" in 3 players, where that is the only way a
two-sided search applies; with 2 players and in pairs it is the game itself). Two objectives:

- tricks: the tricks the side takes from here on (additive, so the table is keyed on the hands and
  the leader alone) — the review's deal value;
- a utility of the deal's final tricks per seat (Master's robber value), keyed also on the tricks
  won so far.

The search visits one card at a time; the table holds bounds at the start of each trick. Cards of
one hand with no live card between them are one choice (the lowest stands for them). A node cap,
not a clock, bounds a solve, so that it is deterministic: past it ``TooBig`` is raised and the
caller falls back to its sampling search. A bot under a time budget may pass a wall-clock
``deadline`` as well (a loaded machine runs the same nodes slower). Where a solve fits is
measured in docs/benchmarks.md.

``known_hands(view)`` says whether a seat's View pins every hidden card down (the other hands are
then known to it: it never peeks at the deal), from the view's constraints alone.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.eralash.determinize import Hidden
from engine.eralash.trick import beats, legal_cards, winning_index

__all__ = [
    "Endgame", "TooBig", "card_classes", "known_hands", "fits", "NODE_CAP", "NODES_PER_SECOND", "CARDS_FIT"
]

NODE_CAP = 60_000  # nodes one solve may visit (0.3–0.4 s of one loaded core: docs/benchmarks.md)
NODES_PER_SECOND = 150_000  # Master spends at most half its budget t on a solve: t / 2 times this many
# Cards still to be played (all hands together) from which a solve fits Master's budget, by players.
CARDS_FIT = {2: 22, 3: 21, 4: 20}

Utility = Callable[[tuple[int, ...]], float]


class TooBig(Exception):
    """The solve passed its node cap: the position is too large to solve within the budget."""


def fits(n_players: int, cards_left: int) -> bool:
    """Whether a position with ``cards_left`` cards still in the hands is solved exactly."""
    return cards_left <= CARDS_FIT.get(n_players, 0)


def known_hands(view: Any) -> list[int] | None:
    """Every hand, when ``view`` pins each hidden card to its holder; else None.

    From the view alone: the other seats' counts, declared run cards, voids shown by play (and the
    cards next to a declared run, which its owner cannot hold), the cards laid aside. Forced
    placements are propagated (a card only one holder may take; a holder that may take only as
    many cards as it lacks). Nothing is guessed, so a None is never wrong, only cautious.
    """
    if view.trump < 0 or view.cur < 0:
        return None
    hidden = Hidden(view)
    n, me = hidden.n, hidden.me
    slots = [0 if j == me else hidden.need[j] for j in range(n)] + [hidden.aside_need]
    forbid = [*hidden.forbid, 0]
    left = hidden.unknown
    got = [0] * (n + 1)
    changed = True
    while left and changed:
        changed = False
        allowed = [0 if not slots[j] else left & ~forbid[j] for j in range(n + 1)]
        for j in range(n + 1):
            if slots[j] and allowed[j].bit_count() == slots[j]:
                got[j] |= allowed[j]
                left &= ~allowed[j]
                slots[j] = 0
                changed = True
        if changed:
            continue
        m = left
        while m:
            low = m & -m
            m ^= low
            who = [j for j in range(n + 1) if allowed[j] & low]
            if len(who) == 1:
                j = who[0]
                got[j] |= low
                left ^= low
                slots[j] -= 1
                changed = True
                break
    if left or any(slots):
        return None
    hands = [
        view.hand if j == me else got[j] | hidden.fixed[j] & ~view.played_by[j] for j in range(n)
    ]
    if any(hands[j].bit_count() != view.counts[j] for j in range(n)):
        return None
    return hands


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` tricks among ``parts`` seats."""
    if parts == 1:
        return [(total,)]
    return [(k, *rest) for k in range(total + 1) for rest in _splits(total - k, parts - 1)]


def card_classes(hands: Sequence[int], trick: Sequence[int], turn: int, trump: int) -> list[list[int]]:
    """The legal cards of ``turn`` grouped into classes of equal cards (no live card of another hand
    or of the trick between them), lowest first in each; the solvers search one card per class."""
    hand = hands[turn]
    legal = legal_cards(hand, trick[0] // 13 if trick else None, trump)
    live = 0
    for h in hands:
        live |= h
    for c in trick:
        live |= 1 << c
    others = live & ~hand
    groups: list[list[int]] = []
    prev = -2
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if prev >= 0 and c // 13 == prev // 13 and not others & ((low - 1) ^ ((2 << prev) - 1)):
            groups[-1].append(c)
        else:
            groups.append([c])
        prev = c
    return groups


class Endgame:
    """One position of card play with every hand known, solved for the side of ``seat``.

    ``hands`` per seat (what is still held), ``trick`` the cards on the table from ``leader``,
    ``won`` the deal's tricks per seat so far. Without ``utility`` the value is the tricks the
    side takes from here on; with it, ``utility(final tricks per seat)``. One table serves every
    question asked of the same object (``value``, ``move_values``, ``best``, ``line``).
    """

    def __init__(
        self,
        n: int,
        hands: Sequence[int],
        trump: int,
        leader: int,
        trick: Sequence[int],
        won: Sequence[int],
        seat: int,
        pairs: bool = False,
        utility: Utility | None = None,
        node_cap: int | None = NODE_CAP,
        deadline: float | None = None,
    ) -> None:
        self.n = n
        self.hands = list(hands)
        self.trump = trump
        self.leader = leader
        self.trick = list(trick)
        self.won = list(won)
        self.seat = seat
        self.side = sum(1 << s for s in range(n) if (s % 2 == seat % 2 if pairs and n == 4 else s == seat))
        self.utility = utility
        self.cap = node_cap if node_cap is not None else 1 << 62
        # a wall clock too (time.perf_counter()), for a bot under a time budget on a loaded machine
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[tuple[int, ...], tuple[float, float, int]] = {}
        self.ranges: dict[tuple[int, ...], tuple[float, float]] = {}

    # --- questions ---------------------------------------------------------------------------------

    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def cards_left(self) -> int:
        return sum(h.bit_count() for h in self.hands)

    def value(self) -> float:
        """The exact value of the position (TooBig past the node cap)."""
        return self._ab(-math.inf, math.inf)

    def move_values(self) -> dict[int, float]:
        """The exact value of every legal card of the seat to move (equal cards share a value)."""
        out: dict[int, float] = {}
        turn = self.turn()
        for c in self._choices(turn):
            rep = c[0]
            v = self._after(rep, -math.inf, math.inf)
            for card in c:
                out[card] = v
        return out

    def best(self) -> tuple[int, float]:
        """The best card for the seat to move (its side maximises, the others minimise) and its value."""
        turn = self.turn()
        maxing = self.side >> turn & 1
        best_card, best_v = -1, -math.inf if maxing else math.inf
        for card in self._ordered(turn):
            if maxing:
                v = self._after(card, best_v, math.inf)
                if v > best_v:
                    best_card, best_v = card, v
            else:
                v = self._after(card, -math.inf, best_v)
                if v < best_v:
                    best_card, best_v = card, v
        return best_card, best_v

    def line(self, plies: int | None = None) -> list[int]:
        """The principal line from here: each seat's best card in turn (to the end when ``plies`` is None)."""
        saved = (self.hands[:], self.trick[:], self.leader, self.won[:])
        out: list[int] = []
        try:
            while self.cards_left() and (plies is None or len(out) < plies):
                card, _ = self.best()
                out.append(card)
                self._play(card)
        finally:
            self.hands, self.trick, self.leader, self.won = saved
        return out

    def line_after(self, card: int, plies: int) -> list[int]:
        """``card`` played now, then the principal line from there (``plies`` cards in all, at most)."""
        saved = (self.hands[:], self.trick[:], self.leader, self.won[:])
        try:
            self._play(card)
            return [card, *self.line(plies - 1)]
        finally:
            self.hands, self.trick, self.leader, self.won = saved

    # --- the search --------------------------------------------------------------------------------

    def _play(self, card: int) -> int:
        """Play ``card`` for the seat to move; returns the trick's winner when it completes it, else -1."""
        turn = self.turn()
        self.hands[turn] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < self.n:
            return -1
        w = (self.leader + winning_index(self.trick, self.trump)) % self.n
        self.won[w] += 1
        self.leader = w
        self.trick = []
        return w

    def _after(self, card: int, alpha: float, beta: float) -> float:
        """The value after the seat to move plays ``card`` (the state is restored)."""
        saved = (self.hands[:], self.trick[:], self.leader, self.won[:])
        try:
            w = self._play(card)
            if w >= 0 and self.utility is None:
                g = self.side >> w & 1
                return g + self._ab(alpha - g, beta - g)
            return self._ab(alpha, beta)
        finally:
            self.hands, self.trick, self.leader, self.won = saved

    def _choices(self, turn: int) -> list[list[int]]:
        return card_classes(self.hands, self.trick, turn, self.trump)

    def _ordered(self, turn: int, first: int = -1) -> list[int]:
        """One card per class, in a good order for pruning (the table's best card first)."""
        reps = [g[0] for g in self._choices(turn)]
        trick, trump = self.trick, self.trump
        if not trick:
            reps.sort(key=lambda c: -(c % 13))
        else:
            bi = winning_index(trick, trump)
            best = trick[bi]
            mine = (self.side >> turn & 1) == (self.side >> ((self.leader + bi) % self.n) & 1)

            def key(c: int) -> tuple[int, int]:
                s = c // 13
                wins = beats(c, best, trump)
                if mine:  # the side already wins the trick: play low
                    return (1 if wins else 0, c % 13 + (13 if s == trump else 0))
                return (0 if wins else 1, (c % 13 + (13 if s == trump else 0)))

            reps.sort(key=key)
        if first in reps and reps[0] != first:
            reps.remove(first)
            reps.insert(0, first)
        return reps

    def _range(self, left: int) -> tuple[float, float]:
        """(lowest, highest) utility over every way the ``left`` tricks still to play can fall."""
        key = (*self.won, left)
        hit = self.ranges.get(key)
        if hit is None:
            values = [self.utility(tuple(w + e for w, e in zip(self.won, extra, strict=True)))  # type: ignore[misc]
                      for extra in _splits(left, self.n)]
            hit = self.ranges[key] = (min(values), max(values))
        return hit

    def _ab(self, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.cap or (
            self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline
        ):
            raise TooBig
        n, hands, trick = self.n, self.hands, self.trick
        leader = self.leader
        additive = self.utility is None
        key: tuple[int, ...] | None = None
        first = -1
        lo, hi = -math.inf, math.inf
        if not trick:
            lead_hand = hands[leader]
            if not lead_hand:
                return 0.0 if additive else self.utility(tuple(self.won))  # type: ignore[misc]
            if lead_hand & (lead_hand - 1) == 0:  # the last trick: one card each, no choice
                cards = [hands[(leader + i) % n] for i in range(n)]
                cards = [h.bit_length() - 1 for h in cards]
                w = (leader + winning_index(cards, self.trump)) % n
                if additive:
                    return float(self.side >> w & 1)
                won = self.won[:]
                won[w] += 1
                return self.utility(tuple(won))  # type: ignore[misc]
            key = (*hands, leader) if additive else (*hands, leader, *self.won)
            entry = self.table.get(key)
            if entry is None and additive:  # no more tricks than are left, none fewer than 0
                left = lead_hand.bit_count()
                if alpha >= left:
                    return float(left)
                if beta <= 0:
                    return 0.0
                lo, hi = 0.0, float(left)
            elif entry is None:  # the utility of the best and worst ends the tricks left can make
                lo, hi = self._range(lead_hand.bit_count())
                if lo >= beta or hi <= alpha or lo == hi:
                    return lo if lo >= beta or lo == hi else hi
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        turn = (leader + len(trick)) % n
        maxing = self.side >> turn & 1
        a0, b0 = alpha, beta
        best_v = -math.inf if maxing else math.inf
        best_card = -1
        hand = hands[turn]
        last = len(trick) == n - 1
        for card in self._ordered(turn, first):
            hands[turn] = hand & ~(1 << card)
            trick.append(card)
            if last:
                w = (leader + winning_index(trick, self.trump)) % n
                self.trick = []
                self.leader = w
                self.won[w] += 1
                if additive:
                    g = self.side >> w & 1
                    v = g + self._ab(alpha - g, beta - g)
                else:
                    v = self._ab(alpha, beta)
                self.won[w] -= 1
                self.leader = leader
                self.trick = trick
            else:
                v = self._ab(alpha, beta)
            trick.pop()
            hands[turn] = hand
            if maxing:
                if v > best_v:
                    best_v, best_card = v, card
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best_v:
                best_v, best_card = v, card
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key is not None:
            if best_v <= a0:
                hi = min(hi, best_v)
            elif best_v >= b0:
                lo = max(lo, best_v)
            else:
                lo = hi = best_v
            self.table[key] = (lo, hi, best_card)
        return best_v
