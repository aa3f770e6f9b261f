"""Sampling complete deals consistent with one seat's view: who may hold which hidden card.

The constraints a seat knows (``Hidden``, built once per view): declared run cards stay with their
owners and their owners cannot hold the cards next to a run (runs are maximal); a seat that
announced k Aces was dealt exactly k, a silent one none of the counts that would be announced;
voids shown by play; hand sizes and the number of cards aside; each hand as dealt forms exactly the
runs its owner declared. ``sample`` places the hidden cards: a fast constructive sampler (Aces
first, then the tightest hand first; retried until the runs match), then Metropolis swaps that
keep every constraint and move the sample towards uniform over all consistent deals.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine.cards import SUIT_MASK, CardSet, suit_cards
from engine.eralash.honours import ACES, unannounced_counts
from engine.eralash.run import Run, hand_runs, run_neighbours, runs_table

RUN_TRIES = 100  # samples tried for one that also forms exactly the declared runs
HARD_TRIES = 400  # samples tried for one that meets voids, Ace announcements and hand sizes
MIX_STEPS = 50  # swap proposals after the constructive sample
_NO_RUNS: tuple[tuple[Run, ...], ...] = ((), (), (), ())



@cache
def _suit_cards() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``_suit_cards()[s][pattern]``: the cards of a 13-bit pattern of suit s, lowest first."""
    return tuple(suit_cards(13 * s) for s in range(4))


def bits(mask: CardSet) -> list[int]:
    """The cards of a set, lowest first (four table look-ups)."""
    a, b, c, d = _suit_cards()
    return [*a[mask & 0x1FFF], *b[mask >> 13 & 0x1FFF], *c[mask >> 26 & 0x1FFF], *d[mask >> 39]]


class Hidden:
    """What one seat knows about where the cards it cannot see are. Holders are the seats
    ``0..n-1`` and the cards aside (holder ``n``); the seat itself holds no hidden card."""

    __slots__ = (
        "n",
        "me",
        "unknown",
        "need",
        "aside_need",
        "forbid",
        "exact",
        "known_aces",
        "silent",
        "fixed",
        "runs",
        "decl",
        "classic",
    )

    def __init__(self, view: Any) -> None:
        n, me = view.n_players, view.seat
        self.n, self.me = n, me
        held_runs = [view.run_cards(j) & ~view.played_by[j] for j in range(n)]
        self.unknown = view.unseen()
        self.need = [0 if j == me else view.counts[j] - held_runs[j].bit_count() for j in range(n)]
        self.aside_need = view.aside_count
        self.forbid = [0] * n
        self.exact = [-1] * n
        self.known_aces = [0] * n
        self.silent = unannounced_counts(view.options)  # Ace counts a seat that said nothing may hold
        for j in range(n):
            if j == me:
                continue
            m = 0
            for s in range(4):
                if view.voids[j] >> s & 1:
                    m |= SUIT_MASK[s]
            for r in view.runs[j]:
                m |= run_neighbours(r)
            self.forbid[j] = m
            self.known_aces[j] = ((view.played_by[j] | held_runs[j]) & ACES).bit_count()
            if view.aces[j]:
                self.exact[j] = view.aces[j]
        # the cards each seat is known to have been dealt: played ones and declared run cards
        self.fixed = [held_runs[j] | view.played_by[j] for j in range(n)]
        self.runs = view.runs
        self.classic = view.options.classic_runs
        self.decl = [
            tuple(tuple(r for r in seat_runs if r.suit == s) for s in range(4)) if seat_runs else _NO_RUNS
            for seat_runs in view.runs
        ]

    def sample(self, rng: random.Random, mix: int = MIX_STEPS) -> list[CardSet]:
        """Hidden cards per holder (``n`` seats, then the cards aside), consistent with the view."""
        n, me, fixed, runs, classic = self.n, self.me, self.fixed, self.runs, self.classic
        first: list[CardSet] | None = None
        for _ in range(RUN_TRIES):
            hidden = self._construct(rng)
            if hidden is None:
                continue
            if all(j == me or hand_runs(hidden[j] | fixed[j], classic) == runs[j] for j in range(n)):
                first = hidden
                break
            if first is None:
                first = hidden  # keeps every other constraint: the fallback if runs never match
        else:
            for _ in range(HARD_TRIES):
                if first is not None:
                    break
                first = self._construct(rng)
            if first is None:
                raise RuntimeError("could not sample hidden hands consistent with the view")
        if mix:
            self._mix(rng, first, mix)
        return first

    def _construct(self, rng: random.Random) -> list[CardSet] | None:
        """One random placement of the unknown cards, or None on a dead end.

        Aces first (announcements are exact), then the rest, tightest hand first.
        """
        n, me, forbid, exact = self.n, self.me, self.forbid, self.exact
        out = [0] * (n + 1)
        slots = [*self.need, self.aside_need]
        rnd = rng.random
        aces = bits(self.unknown & ACES)
        for i in range(len(aces) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            aces[i], aces[j] = aces[j], aces[i]
        for j in range(n):  # seats that announced: exactly that many Aces
            if exact[j] < 0:
                continue
            r = exact[j] - self.known_aces[j]
            pool = [a for a in aces if not forbid[j] >> a & 1]
            if r < 0 or r > slots[j] or len(pool) < r:
                return None
            for a in pool[:r]:  # aces is shuffled: the first r allowed are a random choice
                aces.remove(a)
                out[j] |= 1 << a
            slots[j] -= r
        for a in aces:  # the other Aces: anywhere with room, in proportion to the room
            weights = [
                slots[j] if exact[j] < 0 and j != me and not forbid[j] >> a & 1 else 0 for j in range(n)
            ]
            weights.append(slots[n])
            total = sum(weights)
            if not total:
                return None
            k = int(rnd() * total)
            j = 0
            while k >= weights[j]:
                k -= weights[j]
                j += 1
            out[j] |= 1 << a
            slots[j] -= 1
        for j in range(n):
            if (
                j != me
                and exact[j] < 0
                and self.known_aces[j] + (out[j] & ACES).bit_count() not in self.silent
            ):
                return None
        rest = self.unknown & ~ACES
        order = sorted(
            (j for j in range(n) if j != me and slots[j]),
            key=lambda j: (rest & ~forbid[j]).bit_count() - slots[j],
        )
        for j in order:
            pool = bits(rest & ~forbid[j])
            if len(pool) < slots[j]:
                return None
            got = _pick(rnd, pool, slots[j])
            out[j] |= got
            rest ^= got
        if rest.bit_count() != slots[n]:
            return None
        out[n] |= rest
        return out

    def _mix(self, rng: random.Random, hidden: list[CardSet], steps: int) -> None:
        """Metropolis swaps with a uniform target: pick two hidden cards, swap their holders when
        both may hold the other's card (voids, run neighbours, Ace counts, declared runs). In place."""
        n, forbid, fixed, decl = self.n, self.forbid, self.fixed, self.decl
        cards: list[int] = []
        owner = [-1] * 52
        for j, m in enumerate(hidden):
            for c in bits(m):
                cards.append(c)
                owner[c] = j
        total = len(cards)
        if total < 2:
            return
        rnd = rng.random
        table = runs_table()
        k = 0x8000 if self.classic else 0
        for _ in range(steps):
            x = cards[int(rnd() * total)]
            y = cards[int(rnd() * total)]
            a, b = owner[x], owner[y]
            if a == b:
                continue
            bx, by = 1 << x, 1 << y
            if (a < n and forbid[a] & by) or (b < n and forbid[b] & bx):
                continue
            new_a = hidden[a] ^ bx ^ by
            new_b = hidden[b] ^ bx ^ by
            if bool(bx & ACES) != bool(by & ACES) and not self._aces_ok(a, new_a, b, new_b):
                continue  # one Ace changes hands: the announcements must still hold
            # the dealt hands must still form exactly the declared runs in the two suits touched
            sx, sy = x // 13, y // 13
            kx, ky, shx, shy = k | sx << 13, k | sy << 13, 13 * sx, 13 * sy
            if a < n:
                da, dl = new_a | fixed[a], decl[a]
                if table[kx | da >> shx & 0x1FFF] != dl[sx] or table[ky | da >> shy & 0x1FFF] != dl[sy]:
                    continue
            if b < n:
                db, dl = new_b | fixed[b], decl[b]
                if table[kx | db >> shx & 0x1FFF] != dl[sx] or table[ky | db >> shy & 0x1FFF] != dl[sy]:
                    continue
            hidden[a], hidden[b] = new_a, new_b
            owner[x], owner[y] = b, a

    def _aces_ok(self, a: int, new_a: CardSet, b: int, new_b: CardSet) -> bool:
        for j, m in ((a, new_a), (b, new_b)):
            if j >= self.n:
                continue  # the cards aside say nothing
            count = self.known_aces[j] + (m & ACES).bit_count()
            if (self.exact[j] >= 0 and count != self.exact[j]) or (
                self.exact[j] < 0 and count not in self.silent
            ):
                return False
        return True


def _pick(rnd: Any, pool: list[int], k: int) -> CardSet:
    """``k`` cards of ``pool`` chosen uniformly at random, as a mask (a partial Fisher-Yates)."""
    m = 0
    last = len(pool) - 1
    for i in range(k):
        j = i + int(rnd() * (last - i + 1))
        c = pool[j]
        pool[j] = pool[i]
        m |= 1 << c
    return m

