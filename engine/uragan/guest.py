"""A guest's match: the match as one seat at a hosted table may know it, for its table to show.

A guest is told its own hands, the table laid at each deal, and every move (all public in Uragan);
never the opponent's hand or the stock. Its table still needs a whole ``Match`` to draw and animate, so
``GuestMatch`` keeps one whose hidden cards (the opponent's hand, the stock) are placeholders: face-down
cards that are some card the seat has not seen. When a move shows a hidden card (the opponent plays
it, a round deals the seat its hand) that card is swapped with a placeholder first, so the move is
played exactly as at the host and every public fact agrees; a placeholder stays where it was
otherwise, so the face-down cards on the guest's cloth do not jump about between moves.

    guest = GuestMatch(options, players, first_dealer, seat)
    guest.learn(events)        # what the host told this seat: TableLaid, its own HandDealt
    guest.play(mover, move)    # each move of the match, in order
    guest.match                # the match to show
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import cards as C
from engine.cards import CardSet
from engine.uragan.deal import Deal
from engine.uragan.deck import DECK, HAND_SIZE, ROUNDS
from engine.uragan.match import Match
from engine.uragan.moves import Move, Play
from engine.uragan.options import Options
from engine.uragan.spec import DealSpec
from engine.uragan.story import TableLaid


class GuestMatch:
    """The seat's match with placeholders for what it cannot know (see the module's docstring)."""

    def __init__(self, options: Options, players: Sequence[str], first_dealer: int, seat: int) -> None:
        self.options, self.players, self.first_dealer, self.seat = options, list(players), first_dealer, seat
        self.tables: dict[int, CardSet] = {}  # deal number (from 1) -> the table laid
        self.hands: dict[tuple[int, int], CardSet] = {}  # (deal, round) -> the seat's hand dealt
        self._match: Match | None = None
        self._made_up: int | None = None  # a deal begun before its table was told (no spec): its number

    @classmethod
    def start(cls, options: Options, players: Sequence[str], seat: int,
              view: Mapping[str, Any]) -> GuestMatch:
        """A guest's match from its welcome's options, the players' names and its first view's JSON."""
        return cls(options, players, first_dealer(view), seat)

    @property
    def opp(self) -> int:
        return 1 - self.seat

    def learn(self, events: Iterable[Mapping[str, Any]]) -> bool:
        """Note what events (as the protocol's JSON) tell of the cards: tables laid, the seat's hands.
        True when the deal in progress was dealt again with them (its table is to be shown afresh)."""
        for e in events:
            kind = e.get("event")
            if kind == "TableLaid":
                self.tables[int(e["deal"])] = C.parse_set(e["cards"])
            elif kind == "HandDealt" and e.get("seat") == self.seat:
                self.hands[(int(e["deal"]), int(e.get("round", 0)))] = C.parse_set(e["cards"])
        redealt = False
        if self._match is not None:
            self._match.specs = self._specs()
            redealt = self._redeal()
            self._fix_own_hand()
        return redealt

    @property
    def match(self) -> Match:
        if self._match is None:
            self._match = Match(self.options, self.players, 0, self.first_dealer, self._specs())
            self._fix_own_hand()
        return self._match

    def play(self, mover: int, move: Move) -> None:
        """Play a move of the match (IllegalMove if the seat's knowledge and the move disagree)."""
        match = self.match
        deal_before = match.deal
        if mover == self.opp and isinstance(move, Play):
            deal = match.deal
            if not deal.hands[self.opp] >> move.card & 1 and self._hidden(deal) >> move.card & 1:
                stand_in = C.lowest(deal.hands[self.opp])
                if stand_in >= 0:
                    _swap(deal, move.card, stand_in)
        match.play(move)
        if match.deal is not deal_before and not match.is_over() and match.deal.number not in self.tables:
            # this seat's own move ended the deal before the host told the next deal's table: the match
            # has begun one of made-up cards, dealt again when its table is told (``_redeal``)
            self._made_up = match.deal.number
        self._fix_own_hand()

    def _redeal(self) -> bool:
        """The made-up deal in progress, dealt again from its table and the seat's hand now told (no move
        has been played in it: the next comes with the update that told them). The deal stays the same
        object (the table shows it); its opening is told again in the story."""
        match, number = self._match, self._made_up
        if match is None or number is None or number not in self.tables:
            return False
        self._made_up = None
        deal = match.deal
        if deal.number != number or deal.history or match.is_over():
            return False
        spec = match.specs[number - 1]
        fresh = Deal.from_hands(self.options, spec.dealer, spec.table, spec.hands)
        for slot in Deal.__slots__:
            if slot not in ("story", "number"):
                setattr(deal, slot, getattr(fresh, slot))
        story = match.story
        opening = next(i for i, e in reversed(list(enumerate(story.events)))
                       if isinstance(e, TableLaid) and e.deal == number)
        del story.events[opening:]
        deal.begin_story(story, number)
        return True

    # -- placeholders ------------------------------------------------------------------------------

    def _hidden(self, deal: Deal) -> CardSet:
        """Cards of the deal the seat has not seen: the opponent's hand and the rounds not yet dealt."""
        hidden = deal.hands[self.opp]
        for r in range(deal.round + 1, ROUNDS):
            hidden |= deal.dealt[2 * r] | deal.dealt[2 * r + 1]
        return hidden

    def _fix_own_hand(self) -> None:
        """The seat's hand in the shown deal is the hand it was told it received."""
        match = self._match
        if match is None or match.is_over():
            return
        deal = match.deal
        told = self.hands.get((deal.number, deal.round))
        if told is None:
            return
        played = deal.dealt[2 * deal.round + self.seat] & ~deal.hands[self.seat]
        want = told & ~played
        wrong = deal.hands[self.seat] & ~want
        for card in C.cards(want & ~deal.hands[self.seat]):
            if not self._hidden(deal) >> card & 1 or not wrong:
                continue
            out = C.lowest(wrong)
            wrong &= ~(1 << out)
            _swap(deal, card, out)

    def _specs(self) -> tuple[DealSpec, ...]:
        """Each deal's cards as far as known (the table laid, the seat's hands), placeholders elsewhere."""
        specs = []
        for number in range(1, max(self.tables, default=0) + 1):
            table = self.tables.get(number)
            if table is None:
                break
            done = self._match.deals_done if self._match is not None else []
            if number <= len(done):  # a finished deal keeps the cards it was played with
                d = done[number - 1]
                specs.append(DealSpec(d.dealer, d.table0, tuple((d.dealt[2 * r], d.dealt[2 * r + 1])
                                                                 for r in range(ROUNDS))))
                continue
            if self._match is not None and number == len(done) + 1 and number != self._made_up:
                d = self._match.deal
                specs.append(DealSpec(d.dealer, d.table0, tuple((d.dealt[2 * r], d.dealt[2 * r + 1])
                                                                 for r in range(ROUNDS))))
                continue
            dealer = self.first_dealer if (number - 1) % 2 == 0 else 1 - self.first_dealer
            own = [self.hands.get((number, r), 0) for r in range(ROUNDS)]
            rest = [c for c in C.cards(DECK & ~table) if not any(h >> c & 1 for h in own)]
            hands: list[tuple[CardSet, CardSet]] = []
            for r in range(ROUNDS):
                mine = own[r]
                while mine.bit_count() < HAND_SIZE:
                    mine |= 1 << rest.pop(0)
                theirs = 0
                for c in rest[:HAND_SIZE]:
                    theirs |= 1 << c
                del rest[:HAND_SIZE]
                pair = (mine, theirs) if self.seat == 0 else (theirs, mine)
                hands.append(pair)
            specs.append(DealSpec(dealer, table, tuple(hands)))
        return tuple(specs)


def _swap(deal: Deal, a: int, b: int) -> None:
    """Exchange two cards wherever the deal keeps them unseen (hands, rounds to come)."""
    both = 1 << a | 1 << b

    def swapped(mask: CardSet) -> CardSet:
        has = mask & both
        return mask if has in (0, both) else mask ^ both

    deal.dealt = tuple(swapped(m) for m in deal.dealt)
    deal.hands = [swapped(h) for h in deal.hands]


def first_dealer(view: Mapping[str, Any]) -> int:
    """The first deal's dealer, from a seat's view (the deal alternates)."""
    dealer, number = int(view["dealer"]), int(view.get("deal_number", 1))
    return dealer if number % 2 == 1 else 1 - dealer
