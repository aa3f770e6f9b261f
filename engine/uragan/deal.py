"""One Uragan deal: the state API (current_player, legal_moves, play, …), claims, uragans, scoring.

Phases: PLAY (``turn`` plays a card), CLAIM (a ``book``-mode play broke a priority; the opponent
answers LetStand or Claim), PICK (the claim demands one of several captures; the offender picks it).
The played card leaves the hand when it is played; it reaches the table or a pile once it stands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.cards import CardSet, cards, name
from engine.state import IllegalMove
from engine.story import Story, only
from engine.uragan.capture import (
    _COUNT_CACHE,
    HIST_OF_CARD,
    capture_counts,
    captures,
    histogram,
    nth_capture,
)
from engine.uragan.claim import EQUAL, TRAIL, Breach, breach
from engine.uragan.deck import DECK, DECK_CARDS, HAND_SIZE, ROUNDS, TABLE_SIZE, VALUE, VALUE_MASK, deal_cards
from engine.uragan.legal import (
    CLAIM_PHASE,
    PICK,
    PLAY,
    ClaimEvent,
    PlayRecord,
    check_play,
    legal_moves_in,
)
from engine.uragan.moves import CLAIM, LET_STAND, Claim, LetStand, Move, Play, take_cards
from engine.uragan.options import Options
from engine.uragan.score import breakdown
from engine.uragan.story import (
    Captured,
    CapturePicked,
    Claimed,
    ClaimLetStand,
    DealScored,
    HandDealt,
    Played,
    PriorityBroken,
    RemainderTaken,
    Swept,
    TableLaid,
    Trailed,
)
from engine.uragan.sweep import UraganMark, is_uragan
from engine.uragan.view import View


def _card_list(mask: CardSet) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Deal:
    """One deal of Uragan between seats 0 and 1; the dealer's opponent plays first."""

    __slots__ = (
        "options", "dealer", "table0", "dealt", "hands", "table", "piles", "round", "turn",
        "last_capturer", "uragans", "marks", "history", "plays", "pending", "phase", "remainder",
        "last_claim", "_hist", "_over", "story", "number",
    )

    n_players = 2

    def __init__(self, options: Options, dealer: int, table: CardSet, dealt: Sequence[CardSet]) -> None:
        """Prefer ``Deal.new`` or ``Deal.from_hands``; ``dealt[2 * round + seat]`` as in deck.deal_cards."""
        self.options = options
        self.dealer = dealer
        self.table0 = table
        self.dealt = tuple(dealt)
        self.hands = [self.dealt[0], self.dealt[1]]
        self.table = table
        self.piles = [0, 0]
        self.round = 0
        self.turn = 1 - dealer
        self.last_capturer = -1
        self.uragans = [0, 0]
        self.marks: list[UraganMark] = []
        self.history: list[Move] = []
        self.plays: list[PlayRecord] = []
        self.pending: Breach | None = None
        self.phase = PLAY
        self.remainder: tuple[int, CardSet] | None = None  # (seat or -1 if nobody captured, cards)
        self.last_claim: ClaimEvent | None = None
        self._hist = histogram(table)
        self._over = False
        self.story: Story | None = None  # set by the match: what happens is told there
        self.number = 1  # the deal's number in its match, from 1

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, options: Options, n_players: int, dealer: int, rng: random.Random) -> Deal:
        if n_players != 2:
            raise ValueError("Uragan is a game for two players")
        if dealer not in (0, 1):
            raise ValueError("the dealer must be seat 0 or 1")
        table, dealt = deal_cards(dealer, rng)
        return cls(options, dealer, table, dealt)

    @classmethod
    def from_hands(cls, options: Options, dealer: int, table: CardSet,
                   hands: Sequence[Sequence[CardSet]]) -> Deal:
        """A deal from known cards: ``hands[round][seat]`` masks (6 cards each), ``table`` 4 cards."""
        if dealer not in (0, 1):
            raise ValueError("the dealer must be seat 0 or 1")
        if len(hands) != ROUNDS or any(len(r) != 2 for r in hands):
            raise ValueError("hands must be 3 rounds of 2 hands")
        if table.bit_count() != TABLE_SIZE:
            raise ValueError(f"the table must start with {TABLE_SIZE} cards")
        seen = table
        for r in hands:
            for h in r:
                if h.bit_count() != HAND_SIZE:
                    raise ValueError(f"every hand must have {HAND_SIZE} cards")
                if h & seen:
                    raise ValueError(f"card {name((h & seen).bit_length() - 1)} is dealt twice")
                seen |= h
        if seen != DECK:
            raise ValueError("the deal must use exactly the 40 cards of the Uragan deck")
        return cls(options, dealer, table, [h for r in hands for h in r])

    @classmethod
    def position(cls, options: Options, dealer: int, table: CardSet, hand0: CardSet,
                 hand1: CardSet) -> Deal:
        """A deal opening with the given table and (partial) first hands, the rest filled in card
        order: for tutorials, puzzles and tests that need a particular position."""
        rest = list(cards(DECK & ~(table | hand0 | hand1)))
        hands = [hand0, hand1]
        for seat in (0, 1):
            while hands[seat].bit_count() < HAND_SIZE:
                hands[seat] |= 1 << rest.pop(0)
        later = [[0, 0], [0, 0]]
        for r in (0, 1):
            for seat in (0, 1):
                for _ in range(HAND_SIZE):
                    later[r][seat] |= 1 << rest.pop(0)
        return cls.from_hands(options, dealer, table, [hands, later[0], later[1]])

    @classmethod
    def determinized(cls, view: View, rng: random.Random) -> Deal:
        """A complete deal consistent with one seat's ``view``: the opponent's hand and the stock
        sampled uniformly from the cards the seat has not seen, every public fact and the move
        history kept (what ``View.determinize`` returns)."""
        seat, opp = view.seat, 1 - view.seat
        unseen = view.unseen()
        pool = [c for c in DECK_CARDS if unseen >> c & 1]
        rng.shuffle(pool)
        need = view.hand_sizes[opp] + HAND_SIZE * 2 * (ROUNDS - 1 - view.round)
        if len(pool) != need:
            raise ValueError(f"inconsistent view: {len(pool)} unseen cards for {need} hidden places")
        pos = 0

        def take(n: int) -> CardSet:
            nonlocal pos
            m = 0
            for c in pool[pos:pos + n]:
                m |= 1 << c
            pos += n
            return m

        opp_hand = take(view.hand_sizes[opp])
        dealt = [0] * (2 * ROUNDS)
        for r in range(ROUNDS):
            if r < view.round:
                dealt[2 * r + seat] = view.own_dealt[r]
                dealt[2 * r + opp] = view.played_by(opp, r)
            elif r == view.round:
                dealt[2 * r + seat] = view.own_dealt[r]
                dealt[2 * r + opp] = view.played_by(opp, r) | opp_hand
            else:
                dealt[2 * r + opp] = take(HAND_SIZE)
                dealt[2 * r + seat] = take(HAND_SIZE)
        hands = [0, 0]
        hands[seat], hands[opp] = view.hand, opp_hand
        d = cls.__new__(cls)  # every field set below: no __init__ work to throw away (searches call this)
        d.options = view.options
        d.dealer = view.dealer
        d.table0 = view.table0
        d.dealt = tuple(dealt)
        d.hands = hands
        d.table = view.table
        d.piles = [view.piles[0], view.piles[1]]
        d.round = view.round
        d.turn = view.turn
        d.last_capturer = view.last_capturer
        d.uragans = [view.uragans[0], view.uragans[1]]
        d.marks = list(view.marks)
        d.history = list(view.history)
        d.plays = list(view.plays)
        d.pending = view.pending
        d.phase = view.phase
        d.remainder = view.remainder
        d.last_claim = view.last_claim
        d._hist = histogram(view.table)
        d._over = view.over
        d.story = None
        d.number = view.deal_number
        return d

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.options = self.options
        d.dealer = self.dealer
        d.table0 = self.table0
        d.dealt = self.dealt
        d.hands = self.hands[:]
        d.table = self.table
        d.piles = self.piles[:]
        d.round = self.round
        d.turn = self.turn
        d.last_capturer = self.last_capturer
        d.uragans = self.uragans[:]
        d.marks = self.marks[:]
        d.history = self.history[:]
        d.plays = self.plays[:]
        d.pending = self.pending
        d.phase = self.phase
        d.remainder = self.remainder
        d.last_claim = self.last_claim
        d._hist = self._hist
        d._over = self._over
        d.story = None  # a copy is for searching: it tells nothing
        d.number = self.number
        return d

    def begin_story(self, story: Story, number: int) -> None:
        """Tell this deal's events to ``story`` from now on, starting with its opening: the table laid
        and the first round's hands (each known to its seat)."""
        self.story, self.number = story, number
        story.tell(TableLaid(number, self.table0, index=story.index))
        self._tell_round(0)

    def _tell_round(self, rnd: int) -> None:
        story = self.story
        if story is not None:
            for seat in (0, 1):
                story.tell(HandDealt(self.number, seat, self.dealt[2 * rnd + seat], rnd, index=story.index,
                                     known_to=only(seat)))

    def _key(self) -> tuple[Any, ...]:
        return (self.options, self.dealer, self.table0, self.dealt, tuple(self.hands), self.table,
                tuple(self.piles), self.round, self.turn, self.last_capturer, tuple(self.uragans),
                tuple(self.marks), tuple(self.history), tuple(self.plays), self.pending, self.phase,
                self.remainder, self.last_claim, self._over)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Uragan Deal dealer={self.dealer} round={self.round} plays={len(self.plays)} "
                f"table={'+'.join(name(c) for c in cards(self.table)) or '-'}>")

    # -- state API ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self._over

    def current_player(self) -> int:
        """The seat to move: the player, the claimant answering a breach, or the offender picking."""
        if self._over:
            return -1
        if self.phase == CLAIM_PHASE:
            return 1 - self.turn
        return self.turn

    def legal_moves(self) -> list[Move]:
        if self._over:
            return []
        return legal_moves_in(self.phase, self.hands[self.turn], self.table, self.options.strict,
                              self.pending, self._hist)

    def play(self, move: Move) -> None:
        if self._over:
            raise IllegalMove("uragan.deal_over")
        if self.phase == CLAIM_PHASE:
            self._answer_claim(move)
        elif self.phase == PICK:
            self._pick(move)
        else:
            self._play_card(move)

    def score(self) -> list[float]:
        """This deal's points per seat: the full count once over; until then the uragans so far."""
        if not self._over:
            return [float(u) for u in self.uragans]
        return [float(p["total"]) for p in self.score_breakdown()["points"]]

    # -- the rules ------------------------------------------------------------------------------

    def _play_card(self, move: Move) -> None:
        if not isinstance(move, Play):
            raise IllegalMove("uragan.play_a_card")
        card, take = move.card, move.take
        seat = self.turn
        check_play(card, take, self.hands[seat], self.table)
        b = breach(card, take, self.table)
        if b is not None and self.options.strict:
            raise b.illegal()
        story = self.story
        if story is not None:
            story.tell(Played(seat, card, take, index=story.index))
        if b is not None:
            self.hands[seat] &= ~(1 << card)
            self.history.append(move)
            self.pending = b
            self.phase = CLAIM_PHASE
            if story is not None:
                story.tell(PriorityBroken(seat, card, b.kind, b.demanded, index=story.index))
            return
        self.history.append(move)
        self._stand(seat, card, take, False, take)

    def _answer_claim(self, move: Move) -> None:
        b = self.pending
        assert b is not None
        offender = self.turn
        story = self.story
        if isinstance(move, LetStand):
            self.history.append(move)
            if story is not None:
                story.tell(ClaimLetStand(1 - offender, offender, b.card, index=story.index))
            self.last_claim = ClaimEvent(offender, 1 - offender, b, False, b.take)
            self._stand(offender, b.card, b.take, False, b.take, b.kind)
        elif isinstance(move, Claim):
            self.history.append(move)
            if story is not None:
                story.tell(Claimed(1 - offender, offender, b.card, b.demanded, index=story.index))
            if len(b.demanded) == 1:
                self.last_claim = ClaimEvent(offender, 1 - offender, b, True, b.demanded[0])
                self._stand(offender, b.card, b.demanded[0], True, b.take, b.kind)
            else:
                self.last_claim = ClaimEvent(offender, 1 - offender, b, True, None)
                self.phase = PICK
        else:
            raise IllegalMove("uragan.answer_claim", **b.params())

    def _pick(self, move: Move) -> None:
        b = self.pending
        assert b is not None
        if not (isinstance(move, Play) and move.card == b.card and move.take in b.demanded):
            raise IllegalMove("uragan.pick", card=b.card, choices=tuple(take_cards(t) for t in b.demanded))
        self.history.append(move)
        if self.story is not None:
            self.story.tell(CapturePicked(self.turn, b.card, move.take, index=self.story.index))
        self.last_claim = ClaimEvent(self.turn, 1 - self.turn, b, True, move.take)
        self._stand(self.turn, b.card, move.take, True, b.take, b.kind)

    def _stand(self, seat: int, card: int, take: CardSet, claimed: bool, original: CardSet,
               broke: str = "") -> None:
        """Carry out a play as it finally stands; deal the next round or end the deal when due."""
        bit = 1 << card
        hands = self.hands
        hands[seat] &= ~bit
        last = self.round == ROUNDS - 1 and not hands[0] and not hands[1]
        uragan = False
        if take:
            self.table ^= take
            self.piles[seat] |= take | bit
            self.last_capturer = seat
            self._hist -= histogram(take)
            if is_uragan(take, self.table, last):
                uragan = True
                self.uragans[seat] += 1
                self.marks.append(UraganMark(seat, card, len(self.plays)))
        else:
            self.table |= bit
            self._hist += HIST_OF_CARD[card]
        self.plays.append(PlayRecord(seat, card, take, uragan, claimed, original, broke))
        self.pending = None
        self.phase = PLAY
        self.turn = 1 - seat
        story = self.story
        if story is not None:
            i = story.index
            story.tell(Captured(seat, card, take, claimed, index=i) if take else Trailed(seat, card, index=i))
            if uragan:
                story.tell(Swept(seat, card, index=i))
        if not hands[0] and not hands[1]:
            if last:
                self._finish()
            else:
                self.round += 1
                hands[0] = self.dealt[2 * self.round]
                hands[1] = self.dealt[2 * self.round + 1]
                self._tell_round(self.round)

    def _finish(self) -> None:
        seat = self.last_capturer
        self.remainder = (seat, self.table)
        if seat >= 0:
            self.piles[seat] |= self.table
        story = self.story
        if story is not None:
            story.tell(RemainderTaken(seat, self.table, index=story.index))
        self.table = 0
        self._hist = 0
        self._over = True
        if story is not None:
            bd = self.score_breakdown()
            totals = tuple(p["total"] for p in bd["points"])
            story.tell(DealScored(self.number, totals, bd, index=story.index))

    # -- fast random play -----------------------------------------------------------------------

    def random_playout(self, rng: random.Random) -> None:
        """Play uniformly random legal moves to the end of the deal.

        Exactly equivalent to ``while not d.is_over(): ms = d.legal_moves();
        d.play(ms[int(rng.random() * len(ms))])`` (same moves, same final state), only faster: the
        number of moves comes from the cached value-histogram counts, a capture mask is decoded only
        for the capture chosen, and ``_stand`` is inlined on local variables. A deal that tells its
        story (a match's own) plays move by move, so that every move is told.
        """
        while (self.phase != PLAY or self.story is not None) and not self._over:
            ms = self.legal_moves()
            self.play(ms[int(rng.random() * len(ms))])
        if self._over:
            return
        strict = self.options.strict
        hands, piles, uragans, marks = self.hands, self.piles, self.uragans, self.marks
        history, plays, dealt = self.history, self.plays, self.dealt
        rnd, seat, table, hist = self.round, self.turn, self.table, self._hist
        last_capturer, last_claim = self.last_capturer, self.last_claim
        rand = rng.random
        count_cache = _COUNT_CACHE
        # NamedTuple construction through tuple.__new__ skips a Python-level __new__: twice as fast.
        new_tuple = tuple.__new__
        value, value_mask, hist_of_card = VALUE, VALUE_MASK, HIST_OF_CARD
        last_round = ROUNDS - 1
        hand_cards = [_card_list(hands[0]), _card_list(hands[1])]
        while True:
            counts = count_cache.get(hist) or capture_counts(hist)
            hl = hand_cards[seat]
            # How many moves each card in hand has (lowest card first, as legal_moves lists them).
            if strict:
                ks = [hist >> (3 * value[c]) & 7 or counts[value[c]] or 1 for c in hl]
            else:
                ks = [counts[value[c]] + 1 for c in hl]
            r = int(rand() * sum(ks))
            i = 0
            for k in ks:
                if r < k:
                    break
                r -= k
                i += 1
            card = hl.pop(i)
            v = value[card]
            equal = table & value_mask[v]
            claimed = False
            broke = ""
            if strict:
                if equal:
                    for _ in range(r):
                        equal &= equal - 1
                    take = equal & -equal
                elif counts[v]:
                    take = nth_capture(v, table, hist, r)
                else:
                    take = 0
                history.append(new_tuple(Play, (card, take)))
                original = take
            else:
                take = nth_capture(v, table, hist, r) if r < counts[v] else 0
                original = take
                history.append(new_tuple(Play, (card, take)))
                b = None
                if equal:
                    if not (take & equal and not take & (take - 1)):
                        b = new_tuple(Breach, (EQUAL, card, take, tuple(1 << c for c in cards(equal))))
                elif not take and counts[v]:
                    b = new_tuple(Breach, (TRAIL, card, take, captures(v, table, hist)))
                if b is not None:
                    broke = b.kind
                    if rand() * 2 < 1:
                        history.append(LET_STAND)
                        last_claim = new_tuple(ClaimEvent, (seat, 1 - seat, b, False, take))
                    else:
                        history.append(CLAIM)
                        demanded = b.demanded
                        take = demanded[0]
                        if len(demanded) > 1:
                            take = demanded[int(rand() * len(demanded))]
                            history.append(new_tuple(Play, (card, take)))
                        last_claim = new_tuple(ClaimEvent, (seat, 1 - seat, b, True, take))
                        claimed = True
            # The play stands: _stand inlined (sweep.is_uragan spelled out for speed).
            bit = 1 << card
            hands[seat] ^= bit
            uragan = False
            if take:
                table ^= take
                piles[seat] |= take | bit
                last_capturer = seat
                t = take
                while t:
                    low = t & -t
                    t ^= low
                    hist -= hist_of_card[low.bit_length() - 1]
                if not table and (rnd < last_round or hands[0] or hands[1]):
                    uragan = True
                    uragans[seat] += 1
                    marks.append(UraganMark(seat, card, len(plays)))
            else:
                table |= bit
                hist += hist_of_card[card]
            plays.append(new_tuple(PlayRecord, (seat, card, take, uragan, claimed, original, broke)))
            seat = 1 - seat
            if not hands[0] and not hands[1]:
                if rnd == last_round:
                    break
                rnd += 1
                hands[0] = dealt[2 * rnd]
                hands[1] = dealt[2 * rnd + 1]
                hand_cards = [_card_list(hands[0]), _card_list(hands[1])]
        self.round, self.turn, self.table, self._hist = rnd, seat, table, hist
        self.last_capturer, self.last_claim = last_capturer, last_claim
        self.pending = None
        self.phase = PLAY
        self._finish()

    # -- what the table and the end-of-deal screen need ----------------------------------------

    def breach_of(self, card: int, take: CardSet) -> Breach | None:
        """Whether playing ``card`` taking ``take`` now would break a priority, and which."""
        return breach(card, take, self.table)

    def score_breakdown(self) -> dict[str, Any]:
        """Per seat counts (cards, hearts, primiera, seven, uragans) and points per category + total."""
        return breakdown(self.piles, self.uragans, self.options.primiera_all_suits)

    def stock_size(self) -> int:
        return sum(h.bit_count() for h in self.dealt[2 * (self.round + 1):])

    def view(self, seat: int) -> View:
        return View.of_deal(self, seat)



__all__ = ["Deal", "PlayRecord", "ClaimEvent", "legal_moves_in", "check_play", "PLAY", "CLAIM_PHASE",
           "PICK", "EQUAL"]
