"""What one seat may know of an Uragan deal, and determinization: sampling a full deal consistent with it.

Public: the table, both piles (captured cards are seen as they are taken), every play and claim, the
stock size and the hand sizes. Private: the seat's own hand and what it was dealt. Hidden: the
opponent's hand and the stock, which ``determinize`` samples from the unseen cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.cards import CardSet
from engine.uragan.claim import Breach, breach
from engine.uragan.deck import DECK
from engine.uragan.legal import CLAIM_PHASE, PLAY, PLAYS_PER_ROUND, ClaimEvent, PlayRecord, legal_moves_in
from engine.uragan.moves import Move
from engine.uragan.options import Options
from engine.uragan.sweep import UraganMark

if TYPE_CHECKING:
    from engine.uragan.deal import Deal


@dataclass(frozen=True)
class View:
    """One seat's knowledge. Immutable and picklable; bots receive nothing else."""

    seat: int
    options: Options
    dealer: int
    hand: CardSet
    table: CardSet
    table0: CardSet  # the four cards first laid on the table (public)
    piles: tuple[CardSet, CardSet]
    hand_sizes: tuple[int, int]
    stock_size: int
    round: int
    turn: int
    phase: int
    pending: Breach | None  # a play awaiting a claim decision or a pick (public)
    history: tuple[Move, ...]  # every move of this deal, claims included (all public)
    plays: tuple[PlayRecord, ...]  # plays as they stood
    uragans: tuple[int, int]
    marks: tuple[UraganMark, ...]
    last_capturer: int
    last_claim: ClaimEvent | None
    remainder: tuple[int, CardSet] | None
    over: bool
    own_dealt: tuple[CardSet, ...]  # what this seat received in rounds 0..round
    # Match-level information (defaults when the view comes from a lone Deal).
    match_points: tuple[int, int] = (0, 0)
    target: int = 16
    deal_number: int = 1
    n_players: int = field(default=2)
    # the kind of deal determinize() builds: the view needs the Deal only as a type (set by of_deal)
    _deal_type: type[Deal] = field(init=False, repr=False, compare=False)

    @classmethod
    def of_deal(cls, deal: Deal, seat: int, **match_info: object) -> View:
        hand_sizes = (deal.hands[0].bit_count(), deal.hands[1].bit_count())
        view = cls(
            seat=seat, options=deal.options, dealer=deal.dealer, hand=deal.hands[seat],
            table=deal.table, table0=deal.table0, piles=(deal.piles[0], deal.piles[1]),
            hand_sizes=hand_sizes, stock_size=deal.stock_size(), round=deal.round, turn=deal.turn,
            phase=deal.phase, pending=deal.pending, history=tuple(deal.history),
            plays=tuple(deal.plays), uragans=(deal.uragans[0], deal.uragans[1]),
            marks=tuple(deal.marks), last_capturer=deal.last_capturer, last_claim=deal.last_claim,
            remainder=deal.remainder, over=deal.is_over(),
            own_dealt=tuple(deal.dealt[2 * r + seat] for r in range(deal.round + 1)),
            target=deal.options.target,
            **match_info,  # type: ignore[arg-type]
        )
        object.__setattr__(view, "_deal_type", type(deal))  # frozen: set once, here
        return view

    # -- the state API, as far as one seat can compute it --------------------------------------

    def current_player(self) -> int:
        if self.over:
            return -1
        return 1 - self.turn if self.phase == CLAIM_PHASE else self.turn

    def legal_moves(self) -> list[Move]:
        """The moves of the seat to move, when this seat can know them: its own turn, or any claim
        decision or pick (public); empty while the opponent is to play a card from a hidden hand."""
        if self.over:
            return []
        if self.phase == PLAY and self.turn != self.seat:
            return []
        hand = self.hand if self.turn == self.seat else 0
        return legal_moves_in(self.phase, hand, self.table, self.options.strict, self.pending)

    def breach_of(self, card: int, take: CardSet) -> Breach | None:
        """Whether playing ``card`` taking ``take`` now would break a priority, and which."""
        return breach(card, take, self.table)

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def unseen(self) -> CardSet:
        """Cards this seat has not seen: the opponent's hand and the stock."""
        seen = self.hand | self.table | self.piles[0] | self.piles[1]
        if self.pending is not None:
            seen |= 1 << self.pending.card
        for r in range(self.round + 1):
            seen |= self.own_dealt[r]
        if self.remainder is not None:
            seen |= self.remainder[1]
        return DECK & ~seen

    def played_by(self, seat: int, rnd: int) -> CardSet:
        """Cards ``seat`` is known to have played in round ``rnd`` (pending play included)."""
        m = 0
        for p in self.plays[rnd * PLAYS_PER_ROUND:(rnd + 1) * PLAYS_PER_ROUND]:
            if p.seat == seat:
                m |= 1 << p.card
        if self.pending is not None and rnd == self.round and self.turn == seat:
            m |= 1 << self.pending.card
        return m

    def determinize(self, rng: random.Random) -> Deal:
        """A complete Deal consistent with this view: the opponent's hand and the stock sampled
        uniformly from the unseen cards, every public fact and the move history kept
        (``Deal.determinized``: the deal builds itself from what the view says)."""
        return self._deal_type.determinized(self, rng)
