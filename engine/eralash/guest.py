"""A guest's robber: the match as one seat at a hosted table may know it, for its table to show.

A guest is told its own hand at each deal and what the rules make public (engine.eralash.story): the
cards drawn for the first deal (``LotDrawn``), every seat's declared runs with their cards
(``RunsDeclared``), the Aces announced (how many, not which: ``AcesAnnounced``), trump as the runs
name it or who must choose (``TrumpNamed``, ``TrumpToName``), and every move. Never another seat's
hidden cards or the cards set aside. Its table still needs a whole ``Match`` to draw and animate, so
``GuestMatch`` keeps one whose hidden cards are placeholders: face-down cards that are some card the
seat has not seen. The deal's public facts — runs, honours, points, trump, who names it — are the
ones told, never worked out from the placeholders. When another seat plays a card, the placeholders
are placed again if they must be (the card into its hand, the led suit out of a hand that showed a
void), respecting every void shown so far, so the move is played exactly as at the host; otherwise
they stay where they were.

    guest = GuestMatch.start(options, players, seat, view_json)
    guest.learn(events)        # what the host told this seat (the protocol's JSON events)
    guest.play(mover, move)    # each move of the match, in order
    guest.match                # the match to show
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import cards as C
from engine.cards import FULL_DECK, SUIT_MASK, CardSet
from engine.eralash.deal import Deal
from engine.eralash.match import Match
from engine.eralash.moves import Move
from engine.eralash.options import Options
from engine.eralash.run import Run
from engine.eralash.story import LotDrawn
from engine.eralash.trick import reveals_void
from engine.eralash.view import View
from engine.story import Story


@dataclass
class Opening:
    """What one deal's opening told the seat: its hand, and the public declarations and trump."""

    hand: CardSet
    runs: list[tuple[Run, ...]]
    aces: list[int]
    honours: list[int]
    trump: int = -1
    trump_by: int = 0
    choices: tuple[int, ...] = field(default=())


class GuestMatch:
    """The seat's robber with placeholders for what it cannot know (see the module's docstring)."""

    def __init__(self, options: Options | dict[str, Any] | None, players: Sequence[str], first_dealer: int,
                 seat: int) -> None:
        self.options = options if isinstance(options, Options) else Options.from_dict(options)
        self.players, self.first_dealer, self.seat = [str(p) for p in players], first_dealer, seat
        self.openings: dict[int, Opening] = {}  # deal number (from 1) -> what its opening told
        self.lot: list[list[int]] | None = None
        self._learning = 0  # the deal whose opening is being told
        self._match: GuestRobber | None = None
        self.pending = 0  # the deal being played whose opening has not been told yet (0: none)
        self.revised = False  # a pending deal has been told since this was last cleared: show it again

    @classmethod
    def start(cls, options: Options | dict[str, Any] | None, players: Sequence[str], seat: int,
              view: Mapping[str, Any]) -> GuestMatch:
        """A guest's robber from its welcome's options, the players' names and its first view's JSON."""
        return cls(options, players, first_dealer(view), seat)

    @property
    def n(self) -> int:
        return len(self.players)

    def learn(self, events: Iterable[Mapping[str, Any]]) -> bool:
        """Note what events (as the protocol's JSON) tell: the lot, the seat's hands, the declarations.
        True when the deal in progress was begun before its opening was told and has become it now (its
        table is to be shown afresh)."""
        n = self.n
        for e in events:
            kind = e.get("event")
            if kind == "LotDrawn":
                self.lot = [[int(c) for c in row] for row in e["draws"]]
            elif kind == "HandDealt" and int(e["seat"]) == self.seat:
                self._learning = int(e["deal"])
                self.openings[self._learning] = Opening(C.parse_set(e["cards"]), [()] * n, [0] * n, [0] * n)
            elif kind in ("RunsDeclared", "AcesAnnounced", "TrumpToName", "TrumpNamed"):
                opening = self.openings.get(self._learning)
                if opening is None:
                    continue
                seat = int(e["seat"])
                if kind == "RunsDeclared":
                    opening.runs[seat] = tuple(_run(r) for r in e["runs"])
                elif kind == "AcesAnnounced":
                    opening.aces[seat], opening.honours[seat] = int(e["count"]), int(e["points"])
                elif kind == "TrumpToName":
                    opening.trump, opening.trump_by, opening.choices = -1, seat, tuple(map(int, e["suits"]))
                elif not e.get("chosen"):  # named by the runs; a choice is the move that follows
                    opening.trump, opening.trump_by, opening.choices = int(e["suit"]), seat, ()
        match = self._match
        if match is not None and self.pending in self.openings and match.deal.number == self.pending:
            match.deal_told()
            return True
        return False

    @property
    def match(self) -> Match:
        if self._match is None:
            self._match = GuestRobber.begin(self)
        return self._match

    def play(self, mover: int, move: Move) -> None:
        """Play a move of the match (IllegalMove, ValueError: the seat's knowledge and the move disagree)."""
        match = self.match
        if mover != self.seat and type(move) is int and not match.is_over():
            self._place(match.deal, mover, move)
        match.play(move, mover)

    # -- the deals ---------------------------------------------------------------------------------

    def opened(self, number: int, dealer: int) -> Deal:
        """Deal ``number`` as its opening told it: the seat's own hand, the runs declared in their seats'
        hands, placeholders elsewhere; the public facts set as told. Not told yet (the seat's own move
        ended the deal before, and the host's word of the next one is on its way): every card a
        placeholder, nothing declared, until ``learn`` hears its opening (``pending``)."""
        opening = self.openings.get(number)
        if opening is None:
            self.pending = number
            opening = Opening(0, [()] * self.n, [0] * self.n, [0] * self.n)
        n, options = self.n, self.options
        hands = [0] * n
        hands[self.seat] = opening.hand
        for s in range(n):
            for r in opening.runs[s]:
                hands[s] |= r.cards
        held = 0
        for h in hands:
            held |= h
        pool = list(C.cards(FULL_DECK & ~held))
        random.Random(number).shuffle(pool)  # placeholders spread over the suits as a deal would
        size = options.hand_size(n)
        for s in range(n):
            while hands[s].bit_count() < size:
                hands[s] |= 1 << pool.pop()
        deal = Deal.from_hands(options, dealer, hands)
        deal.runs = tuple(opening.runs)
        deal.aces, deal.honours = tuple(opening.aces), tuple(opening.honours)
        deal.points = tuple(opening.honours[s] + sum(r.points for r in opening.runs[s]) for s in range(n))
        deal.trump, deal.trump_by, deal.choices, deal.chosen = (
            opening.trump, opening.trump_by, opening.choices, False)
        deal.cur = opening.trump_by if opening.choices else deal.eldest
        return deal

    # -- placeholders ------------------------------------------------------------------------------

    def _place(self, deal: Deal, mover: int, card: int) -> None:
        """Place the placeholders again, if they must be, so that ``mover`` holds ``card`` and may play it."""
        hand = deal.hands[mover]
        void = deal.led if deal.pos and reveals_void(card, deal.led, deal.trump) else -1
        if hand >> card & 1 and (void < 0 or not hand & SUIT_MASK[void]):
            return
        n, me = deal.n, self.seat
        seen = View.of(deal, me)
        voids = list(seen.voids)
        if void >= 0:
            voids[mover] |= 1 << void
        holders = [s for s in range(n) if s != me]
        fixed = {s: 0 for s in holders}
        for s in holders:
            for r in deal.runs[s]:
                fixed[s] |= r.cards & deal.hands[s]
        fixed[mover] |= 1 << card
        now = {s: deal.hands[s] for s in holders}
        now[n] = deal.aside
        known = 0
        for m in fixed.values():
            known |= m
        pool = 0
        for m in now.values():
            pool |= m
        if not pool >> card & 1:
            raise ValueError(f"{C.name(card)} is not a card this seat has not seen")
        pool &= ~known
        need = {s: now[s].bit_count() - fixed.get(s, 0).bit_count() for s in now}
        if min(need.values()) < 0:
            raise ValueError(f"seat {mover} cannot hold {C.name(card)}")
        allowed = {s: 0xF & ~voids[s] if s < n else 0xF for s in now}
        quota = _spread([(pool & SUIT_MASK[suit]).bit_count() for suit in range(4)], need, allowed)
        got = {s: fixed.get(s, 0) for s in now}
        left = [pool & SUIT_MASK[suit] for suit in range(4)]
        for keep in (True, False):  # the cards already with a holder stay there first
            for s in now:
                for suit in range(4):
                    want = quota[s][suit] - (got[s] & SUIT_MASK[suit] & ~fixed.get(s, 0)).bit_count()
                    for c in list(C.cards(left[suit] & now[s] if keep else left[suit]))[:max(want, 0)]:
                        got[s] |= 1 << c
                        left[suit] &= ~(1 << c)
        played = seen.played_by
        for s in holders:
            deal.hands[s] = got[s]
        deal.aside = got[n]
        deal.dealt = tuple(deal.dealt[s] if s == me else got[s] | played[s] for s in range(n))


def _spread(supply: list[int], need: Mapping[int, int], allowed: Mapping[int, int]) -> dict[int, list[int]]:
    """How many cards of each suit each holder gets: every card placed, every holder filled, no suit to a
    holder void in it (a maximum flow from the suits to the holders); ValueError when it cannot be done."""
    holders = list(need)
    size = 4 + len(holders) + 2
    source, sink = size - 2, size - 1
    cap = [[0] * size for _ in range(size)]
    for suit in range(4):
        cap[source][suit] = supply[suit]
        for i, h in enumerate(holders):
            if allowed[h] >> suit & 1:
                cap[suit][4 + i] = 52
    for i, h in enumerate(holders):
        cap[4 + i][sink] = need[h]
    flow = 0
    while True:  # Edmonds-Karp: the shortest path with room left, as many cards as it takes
        back = [-1] * size
        back[source] = source
        queue = [source]
        for u in queue:
            for v in range(size):
                if back[v] < 0 and cap[u][v] > 0:
                    back[v] = u
                    queue.append(v)
        if back[sink] < 0:
            break
        room, v = 52, sink
        while v != source:
            room, v = min(room, cap[back[v]][v]), back[v]
        v = sink
        while v != source:
            u = back[v]
            cap[u][v] -= room
            cap[v][u] += room
            v = u
        flow += room
    if flow != sum(supply) or flow != sum(need.values()):
        raise ValueError("the cards this seat has not seen cannot be placed as the play shows")
    return {h: [cap[4 + i][suit] for suit in range(4)] for i, h in enumerate(holders)}


class GuestRobber(Match):
    """A robber whose deals are dealt as the guest was told them (``GuestMatch.opened``), not from a seed."""

    __slots__ = ("guest",)

    guest: GuestMatch

    @classmethod
    def begin(cls, guest: GuestMatch) -> GuestRobber:
        n = guest.n
        guest.options.check_players(n)
        m = object.__new__(cls)
        m.guest = guest
        m.options, m.players, m.seed = guest.options, list(guest.players), 0
        m.first_dealer = guest.first_dealer
        m.lot = guest.lot
        m._fixed = []
        m.deals_done, m.moves, m.movers, m.story = [], [], [], Story()
        m._seat_points, m._seat_tricks = [0] * n, [0] * n
        m._over, m._winners, m._slam = False, [], None
        if m.lot:
            m.story.tell(LotDrawn(tuple(tuple(row) for row in m.lot), m.first_dealer, index=m.story.index))
        m.deal = m._deal_for(0)
        return m

    def _deal_for(self, i: int) -> Deal:
        dealer = self.first_dealer if i == 0 else (self.deals_done[-1].dealer + 1) % len(self.players)
        deal = self.guest.opened(i + 1, dealer)
        if self.guest.pending == i + 1:  # not told yet: it tells its opening once it is (``deal_told``)
            deal.story, deal.number = self.story, i + 1
        else:
            deal.begin_story(self.story, i + 1)
        return deal

    def deal_told(self) -> None:
        """The opening of the deal being played has been told: the deal becomes it (the same object,
        which the table holds), and tells its opening."""
        deal, guest = self.deal, self.guest
        if deal.history():
            raise ValueError(f"deal {deal.number} was played before its opening was told")
        guest.pending = 0
        told = guest.opened(deal.number, deal.dealer)
        for name in Deal.__slots__:
            if name not in ("story", "number"):
                setattr(deal, name, getattr(told, name))
        deal.begin_story(self.story, deal.number)
        guest.revised = True


def _run(obj: Mapping[str, Any]) -> Run:
    return Run(C.parse_set(obj["cards"]), int(obj["suit"]), int(obj["length"]), int(obj["points"]))


def first_dealer(view: Mapping[str, Any]) -> int:
    """The first deal's dealer, from a seat's view's JSON (the deal passes to the left each time)."""
    n, dealer, number = int(view["n_players"]), int(view["dealer"]), int(view.get("deal_number", 1))
    return (dealer - (number - 1)) % n
