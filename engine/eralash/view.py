"""What one seat may know of an Eralash deal (and the robber), and deals sampled consistently with it."""

from __future__ import annotations

import random
from typing import Any

from engine.cards import FULL_DECK, SUIT_MASK, CardSet, Suit
from engine.eralash.honours import ACES, unannounced_counts
from engine.eralash.moves import ChooseTrump, Move
from engine.eralash.options import Options
from engine.eralash.run import Run, hand_runs, run_neighbours
from engine.eralash.state import Deal

_RUN_TRIES = 100  # samples tried for one that also forms exactly the declared runs
_HARD_TRIES = 400  # samples tried for one that meets voids, Ace announcements and hand sizes
_MIX_STEPS = 50  # swap proposals after sampling (see View.determinize)


class View:
    """One seat's knowledge: its own hand plus everything public.

    Public: declared runs (their cards), Aces announced (how many, not which), trump and who
    named it, every card played and by whom, the trick history, cards left per player, voids
    shown by play, and the robber so far. Picklable and cheap to build.
    """

    __slots__ = (
        "seat",
        "n_players",
        "options",
        "dealer",
        "eldest",
        "size",
        "hand",
        "aside_count",
        "runs",
        "aces",
        "honours",
        "points",
        "trump",
        "trump_by",
        "choices",
        "chosen",
        "played",
        "winners",
        "tricks_won",
        "cur",
        "lead",
        "led",
        "best",
        "best_seat",
        "pos",
        "played_by",
        "voids",
        "counts",
        "players",
        "deal_number",
        "robber_points",
        "robber_tricks",
        "target",
    )

    seat: int
    n_players: int
    options: Options
    dealer: int
    eldest: int
    size: int
    hand: CardSet
    aside_count: int
    runs: tuple[tuple[Run, ...], ...]
    aces: tuple[int, ...]
    honours: tuple[int, ...]
    points: tuple[int, ...]
    trump: int  # -1 while not yet named
    trump_by: int
    choices: tuple[Suit, ...]
    chosen: bool
    played: tuple[int, ...]
    winners: tuple[int, ...]
    tricks_won: tuple[int, ...]
    cur: int
    lead: int
    led: int
    best: int
    best_seat: int
    pos: int
    played_by: tuple[CardSet, ...]  # cards each seat has played this deal
    voids: tuple[int, ...]  # per seat, bit s set: shown to hold no card of suit s
    counts: tuple[int, ...]  # cards left in each hand
    players: tuple[str, ...]
    deal_number: int  # 1-based
    robber_points: tuple[float, ...]  # per seat (team in pairs), finished deals only
    robber_tricks: tuple[int, ...]  # per seat (team in pairs), finished deals only
    target: int

    @classmethod
    def of(cls, deal: Deal, seat: int, match: Any = None) -> View:
        n = deal.n
        if not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat}")
        v = object.__new__(cls)
        v.seat, v.n_players, v.options, v.dealer, v.eldest = seat, n, deal.options, deal.dealer, deal.eldest
        v.size, v.hand, v.aside_count = deal.size, deal.hands[seat], deal.aside.bit_count()
        v.runs, v.aces, v.honours, v.points = deal.runs, deal.aces, deal.honours, deal.points
        v.trump, v.trump_by, v.choices, v.chosen = deal.trump, deal.trump_by, deal.choices, deal.chosen
        v.played, v.winners, v.tricks_won = tuple(deal.played), tuple(deal.winners), tuple(deal.tricks_won)
        v.cur, v.lead, v.led, v.best, v.best_seat, v.pos = (
            deal.cur,
            deal.lead,
            deal.led,
            deal.best,
            deal.best_seat,
            deal.pos,
        )
        by = [0] * n
        voids = [0] * n
        trump = deal.trump
        played = deal.played
        for t in range(0, len(played), n):
            leader = deal.eldest if t == 0 else deal.winners[t // n - 1]
            led = played[t] // 13
            for j, card in enumerate(played[t : t + n]):
                p = (leader + j) % n
                by[p] |= 1 << card
                s = card // 13
                # Off the led suit and not a trump: void in the led suit. Nothing more: a void
                # player may discard anything, so it says nothing of trumps (RULES.md Eralash 7);
                # and trumping is allowed while holding the led suit, so a trump shows no void.
                if j and s != led and s != trump:
                    voids[p] |= 1 << led
        v.played_by, v.voids = tuple(by), tuple(voids)
        v.counts = tuple(h.bit_count() for h in deal.hands)
        if match is not None:
            v.players = tuple(match.players)
            v.deal_number = len(match.deals_done) + 1
            v.robber_points = tuple(match.finished_points())
            v.robber_tricks = tuple(match.finished_tricks())
            v.target = match.options.target
        else:
            v.players = tuple(f"Seat {i + 1}" for i in range(n))
            v.deal_number = 1
            v.robber_points = tuple(0.0 for _ in range(deal.sides()))
            v.robber_tricks = tuple(0 for _ in range(deal.sides()))
            v.target = deal.options.target
        return v

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and all(getattr(self, f) == getattr(other, f) for f in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Eralash View seat={self.seat} trick {len(self.winners) + 1} cur={self.cur}>"

    # --- the state API, from the view alone ----------------------------------------------------

    def current_player(self) -> int:
        return self.cur

    def is_over(self) -> bool:
        return self.cur < 0

    def legal_mask(self) -> CardSet:
        """The cards this seat may play now (0 when it is not its turn to play a card)."""
        if self.cur != self.seat or self.choices:
            return 0
        hand = self.hand
        if self.pos == 0 or not hand & SUIT_MASK[self.led]:
            return hand
        return hand & (SUIT_MASK[self.led] | SUIT_MASK[self.trump])

    def legal_moves(self) -> list[Move]:
        if self.cur != self.seat:
            return []
        if self.choices:
            return [ChooseTrump(s) for s in self.choices]
        m = self.legal_mask()
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    # --- public knowledge, conveniently ---------------------------------------------------------

    @property
    def history(self) -> tuple[Move, ...]:
        """Public moves of this deal: the trump choice if one was made, then the cards."""
        return ((ChooseTrump(self.trump),) if self.chosen else ()) + self.played

    @property
    def pairs(self) -> bool:
        return self.options.pairs

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.options.pairs else seat

    def current_trick(self) -> tuple[int, ...]:
        return self.played[len(self.winners) * self.n_players :]

    def tricks(self) -> list[tuple[int, tuple[int, ...], int]]:
        """Finished tricks as (leader, cards from the leader, winner)."""
        n = self.n_players
        out = []
        for t, w in enumerate(self.winners):
            leader = self.eldest if t == 0 else self.winners[t - 1]
            out.append((leader, self.played[t * n : (t + 1) * n], w))
        return out

    def played_mask(self) -> CardSet:
        m = 0
        for b in self.played_by:
            m |= b
        return m

    def run_cards(self, seat: int) -> CardSet:
        m = 0
        for r in self.runs[seat]:
            m |= r.cards
        return m

    def unseen(self) -> CardSet:
        """Cards this seat cannot place: in other hands (beyond declared runs) or aside."""
        known = self.hand | self.played_mask()
        for j in range(self.n_players):
            known |= self.run_cards(j)
        return FULL_DECK & ~known

    # --- determinization -------------------------------------------------------------------------

    def determinize(self, rng: random.Random, mix: int = _MIX_STEPS) -> Deal:
        """A complete Deal agreeing with everything this seat knows, hidden cards sampled at random.

        Declared run cards stay with their owners; a seat that announced k Aces was dealt exactly
        k (one that announced nothing, none of the counts that would have been announced); shown
        voids hold; hand sizes and the cards aside match; and each hand as dealt forms exactly the
        runs its owner declared (tried up to a limit, then the other constraints are kept alone).

        The first sample comes from a fast constructive sampler that is slightly biased (Aces and
        tight hands first); ``mix`` random swaps of two hidden cards between holders, each kept
        only when every constraint still holds, then move it towards the uniform distribution
        over all deals consistent with the view.
        """
        n, me = self.n_players, self.seat
        played = self.played_mask()
        held_runs = [self.run_cards(j) & ~self.played_by[j] for j in range(n)]
        unknown = self.unseen()
        need = [0 if j == me else self.counts[j] - held_runs[j].bit_count() for j in range(n)]
        forbid = [0] * n
        exact = [-1] * n
        known_aces = [0] * n
        silent = unannounced_counts(self.options)  # Ace counts a seat that said nothing may hold
        for j in range(n):
            if j == me:
                continue
            m = 0
            for s in range(4):
                if self.voids[j] >> s & 1:
                    m |= SUIT_MASK[s]
            for r in self.runs[j]:
                m |= run_neighbours(r)
            forbid[j] = m
            known_aces[j] = ((self.played_by[j] | held_runs[j]) & ACES).bit_count()
            if self.aces[j]:
                exact[j] = self.aces[j]
        allowed_aces = [silent] * n
        classic = self.options.classic_runs
        fallback: list[CardSet] | None = None
        for _ in range(_RUN_TRIES):
            hidden = _sample(
                rng, unknown, need, self.aside_count, forbid, exact, known_aces, allowed_aces, me
            )
            if hidden is None:
                continue
            if fallback is None:
                fallback = hidden
            if all(
                j == me
                or hand_runs(hidden[j] | held_runs[j] | self.played_by[j], classic) == self.runs[j]
                for j in range(n)
            ):
                fallback = hidden
                break
        else:
            for _ in range(_HARD_TRIES):
                if fallback is not None:
                    break
                fallback = _sample(
                    rng, unknown, need, self.aside_count, forbid, exact, known_aces, allowed_aces, me
                )
            if fallback is None:
                raise RuntimeError("could not sample hidden hands consistent with the view")
        hidden = fallback
        if mix:
            fixed = [held_runs[j] | self.played_by[j] for j in range(n)]
            _mix(rng, hidden, mix, forbid, exact, known_aces, silent, fixed, self.runs, classic, me)
        hands = [self.hand if j == me else hidden[j] | held_runs[j] for j in range(n)]
        return self._deal_with(hands, hidden[n], played)

    def _deal_with(self, hands: list[CardSet], aside: CardSet, played: CardSet) -> Deal:
        d = object.__new__(Deal)
        d.options, d.n, d.dealer, d.eldest, d.size = (
            self.options,
            self.n_players,
            self.dealer,
            self.eldest,
            self.size,
        )
        d.dealt = tuple(hands[j] | self.played_by[j] for j in range(self.n_players))
        d.aside, d.runs, d.aces, d.honours, d.points = (
            aside,
            self.runs,
            self.aces,
            self.honours,
            self.points,
        )
        d.trump, d.trump_by, d.choices, d.chosen = self.trump, self.trump_by, self.choices, self.chosen
        d.hands, d.played, d.winners = hands, list(self.played), list(self.winners)
        d.tricks_won, d.cur, d.lead, d.led = list(self.tricks_won), self.cur, self.lead, self.led
        d.best, d.best_seat, d.pos = self.best, self.best_seat, self.pos
        return d


# _SUIT_CARDS[s][pattern]: the cards of a 13-bit pattern of suit s, lowest first.
_SUIT_CARDS = tuple(
    tuple(tuple(13 * s + r for r in range(13) if m >> r & 1) for m in range(1 << 13)) for s in range(4)
)


def _bits(mask: CardSet) -> list[int]:
    """The cards of a set, lowest first (four table look-ups)."""
    a, b, c, d = _SUIT_CARDS
    return [*a[mask & 0x1FFF], *b[mask >> 13 & 0x1FFF], *c[mask >> 26 & 0x1FFF], *d[mask >> 39]]


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


def _sample(
    rng: random.Random,
    unknown: CardSet,
    need: list[int],
    aside_need: int,
    forbid: list[CardSet],
    exact: list[int],
    known_aces: list[int],
    allowed_aces: list[frozenset[int]],
    me: int,
) -> list[CardSet] | None:
    """One random placement of the unknown cards: ``n`` hidden hands then the aside (index n).

    Aces first (announcements are exact), then the rest, tightest hand first. None on a dead end.
    """
    n = len(need)
    out = [0] * (n + 1)
    slots = [*need, aside_need]
    rnd = rng.random
    aces = _bits(unknown & ACES)
    for i in range(len(aces) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        aces[i], aces[j] = aces[j], aces[i]
    for j in range(n):  # seats that announced: exactly that many Aces
        if exact[j] < 0:
            continue
        r = exact[j] - known_aces[j]
        pool = [a for a in aces if not forbid[j] >> a & 1]
        if r < 0 or r > slots[j] or len(pool) < r:
            return None
        for a in pool[:r]:  # aces is shuffled: the first r allowed are a random choice
            aces.remove(a)
            out[j] |= 1 << a
        slots[j] -= r
    for a in aces:  # the other Aces: anywhere with room, in proportion to the room
        weights = [
            slots[j] if j < n and exact[j] < 0 and j != me and not forbid[j] >> a & 1 else 0
            for j in range(n)
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
        if j != me and exact[j] < 0 and known_aces[j] + (out[j] & ACES).bit_count() not in allowed_aces[j]:
            return None
    rest = unknown & ~ACES
    order = sorted(
        (j for j in range(n) if j != me and slots[j]),
        key=lambda j: (rest & ~forbid[j]).bit_count() - slots[j],
    )
    for j in order:
        pool = _bits(rest & ~forbid[j])
        if len(pool) < slots[j]:
            return None
        got = _pick(rnd, pool, slots[j])
        out[j] |= got
        rest ^= got
    if rest.bit_count() != slots[n]:
        return None
    out[n] |= rest
    return out


def _mix(
    rng: random.Random,
    hidden: list[CardSet],
    steps: int,
    forbid: list[CardSet],
    exact: list[int],
    known_aces: list[int],
    silent: frozenset[int],
    fixed: list[CardSet],
    runs: tuple[tuple[Run, ...], ...],
    classic: bool,
    me: int,
) -> None:
    """Metropolis swaps with a uniform target: pick two hidden cards, swap their holders when both
    may hold the other's card (voids, run neighbours, Ace counts, declared runs). In place."""
    n = len(hidden) - 1
    cards: list[int] = []
    owner: list[int] = [-1] * 52
    for j, m in enumerate(hidden):
        for c in _bits(m):
            cards.append(c)
            owner[c] = j
    total = len(cards)
    if total < 2:
        return
    rnd = rng.random
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
        if bool(bx & ACES) != bool(by & ACES) and not _aces_ok(
            a, b, new_a, new_b, n, exact, known_aces, silent
        ):
            continue  # one Ace changes hands: the announcements must still hold
        if a < n and a != me and hand_runs(new_a | fixed[a], classic) != runs[a]:
            continue
        if b < n and b != me and hand_runs(new_b | fixed[b], classic) != runs[b]:
            continue
        hidden[a], hidden[b] = new_a, new_b
        owner[x], owner[y] = b, a


def _aces_ok(
    a: int, b: int, new_a: CardSet, new_b: CardSet, n: int, exact: list[int], known_aces: list[int],
    silent: frozenset[int],
) -> bool:
    for j, m in ((a, new_a), (b, new_b)):
        if j >= n:
            continue  # the cards aside say nothing
        k = known_aces[j] + (m & ACES).bit_count()
        if (exact[j] >= 0 and k != exact[j]) or (exact[j] < 0 and k not in silent):
            return False
    return True
