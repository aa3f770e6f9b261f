"""What one seat may know of an Eralash deal (and the robber), and deals sampled consistently with it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.cards import FULL_DECK, CardSet, Suit
from engine.eralash.determinize import MIX_STEPS, Hidden
from engine.eralash.moves import ChooseTrump, Move
from engine.eralash.options import Options
from engine.eralash.run import Run
from engine.eralash.trick import legal_cards, reveals_void

if TYPE_CHECKING:
    from engine.eralash.deal import Deal


_NOT_KNOWLEDGE = ("_hidden", "_deal_type")  # caches and plumbing, not what the seat knows


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
        "_hidden",  # the hidden-card constraints, built on the first determinize
        "_deal_type",  # the kind of deal determinize builds
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
    robber_points: tuple[float, ...]  # per seat (team in pairs), the deals before this one
    robber_tricks: tuple[int, ...]  # per seat (team in pairs), the deals before this one
    target: int
    _hidden: Hidden | None
    _deal_type: type[Deal]

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
                if j and reveals_void(card, led, trump):
                    voids[p] |= 1 << led
        v.played_by, v.voids = tuple(by), tuple(voids)
        v.counts = tuple(h.bit_count() for h in deal.hands)
        v._hidden = None
        v._deal_type = type(deal)  # determinize() builds a deal of the same kind: the Deal only as a type
        if match is not None:
            before = len(match.deals_done) - (1 if match.is_over() else 0)  # deals before this one
            pts, trs = match.totals(before)
            v.players = tuple(match.players)
            v.deal_number = before + 1
            v.robber_points = tuple(float(x) for x in pts)
            v.robber_tricks = tuple(trs)
            v.target = match.options.target
        else:
            v.players = tuple(f"Seat {i + 1}" for i in range(n))
            v.deal_number = 1
            v.robber_points = tuple(0.0 for _ in range(deal.sides()))
            v.robber_tricks = tuple(0 for _ in range(deal.sides()))
            v.target = deal.options.target
        return v

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and all(
            getattr(self, f) == getattr(other, f) for f in self.__slots__ if f not in _NOT_KNOWLEDGE
        )

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
        return legal_cards(self.hand, self.led if self.pos else None, self.trump)

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

    def hidden(self) -> Hidden:
        """What this seat knows of where the cards it cannot see are (engine.eralash.determinize;
        built on the first call, then kept)."""
        if self._hidden is None:
            self._hidden = Hidden(self)
        return self._hidden

    def determinize(self, rng: random.Random, mix: int = MIX_STEPS) -> Deal:
        """A complete Deal agreeing with everything this seat knows, hidden cards sampled at random.

        Declared run cards stay with their owners; a seat that announced k Aces was dealt exactly
        k (one that announced nothing, none of the counts that would have been announced); shown
        voids hold; hand sizes and the cards aside match; each hand as dealt forms exactly the runs
        its owner declared (tried up to a limit, then the other constraints are kept alone). The
        same move history is applied. ``mix`` swap proposals refine the first sample towards the
        uniform distribution (see engine.eralash.determinize); 0 is faster and a little biased.
        The deal builds itself from what the view says (``Deal.determinized``).
        """
        return self._deal_type.determinized(self, rng, mix)
