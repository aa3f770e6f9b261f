"""One Eralash deal as a game state (engine.state API): runs declared, trump named, tricks played."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from engine.cards import FULL_DECK, CardSet, Suit, name, parse_set, suit_cards, suit_counts
from engine.eralash.dealing import deal_hands
from engine.eralash.determinize import MIX_STEPS
from engine.eralash.honours import ACES, announced_aces, honour_points
from engine.eralash.illegal import IllegalPlay
from engine.eralash.moves import ChooseTrump, Move
from engine.eralash.options import Options
from engine.eralash.run import Run, runs_table
from engine.eralash.story import (
    AcesAnnounced,
    CardPlayed,
    DealScored,
    HandDealt,
    RunsDeclared,
    TrickWon,
    TrumpNamed,
    TrumpToName,
)
from engine.eralash.trick import beats, legal_cards
from engine.eralash.view import View
from engine.story import Story, only

# Playout tables over 13-bit suit patterns: how many cards, and their ranks low to high.
_COUNT: tuple[int, ...] = suit_counts()


@cache
def _select() -> tuple[tuple[int, ...], ...]:
    return suit_cards(0)


_ALL_SUITS = (0, 1, 2, 3)
# _ORDER[n][eldest]: the seats in play order from the eldest hand.
_ORDER = {n: tuple(tuple((e + i) % n for i in range(n)) for e in range(n)) for n in (2, 3, 4)}
# _FOLLOWERS[n][leader]: the other seats in play order.
_FOLLOWERS = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) for n in (2, 3, 4)}


class Deal:
    """One deal: hands dealt, runs and honours scored, trump settled, then tricks to the last card.

    Hands are 52-bit masks. ``played`` lists the cards in play order; trick ``t`` is
    ``played[t*n:(t+1)*n]``, led by the eldest hand for the first trick and then by ``winners[t-1]``.
    """

    __slots__ = (
        "options",
        "n",
        "dealer",
        "eldest",
        "size",
        "dealt",
        "aside",
        "runs",
        "aces",
        "honours",
        "points",
        "trump",
        "trump_by",
        "choices",
        "chosen",
        "hands",
        "played",
        "winners",
        "tricks_won",
        "cur",
        "lead",
        "led",
        "best",
        "best_seat",
        "pos",
        "story",
        "number",
    )

    options: Options
    n: int
    dealer: int
    eldest: int
    size: int  # cards dealt to each player = tricks in the deal
    dealt: tuple[CardSet, ...]
    aside: CardSet
    runs: tuple[tuple[Run, ...], ...]
    aces: tuple[int, ...]  # Aces announced per seat (0 when nothing is announced)
    honours: tuple[int, ...]  # honour points per seat
    points: tuple[int, ...]  # runs + honours per seat
    trump: int  # -1 while it is still to be named
    trump_by: int
    choices: tuple[Suit, ...]  # suits trump_by may name while trump == -1
    chosen: bool  # trump was named by a move (ChooseTrump), not by the runs alone
    hands: list[CardSet]
    played: list[int]
    winners: list[int]
    tricks_won: list[int]
    cur: int  # -1 once the deal is over
    lead: int  # leader of the current trick
    led: int  # suit led in the current trick, -1 before the lead
    best: int  # card winning the current trick so far, -1 before the lead
    best_seat: int
    pos: int  # cards already on the current trick
    story: Story | None  # set by the match: what happens is told there (a copy for search has none)
    number: int  # the deal's number in its robber, from 1

    # --- construction --------------------------------------------------------------------------

    @classmethod
    def new(cls, options: Options, n_players: int, dealer: int, rng: random.Random) -> Deal:
        """A freshly dealt deal from ``rng`` (deterministic for a seeded rng)."""
        options.check_players(n_players)
        if not 0 <= dealer < n_players:
            raise ValueError(f"dealer must be a seat from 0 to {n_players - 1}, not {dealer}")
        hands, aside = deal_hands(options, n_players, dealer, rng)
        return cls._make(options, n_players, dealer, tuple(hands), aside)

    @classmethod
    def from_hands(
        cls, options: Options, dealer: int, hands: Sequence[CardSet | Iterable[str]], *more: Any
    ) -> Deal:
        """A deal from given hands in seat order (masks or lists of card texts like ``"10C"``).

        ``Deal.from_hands(opts, 0, [h0, h1, h2, h3])`` or ``Deal.from_hands(opts, 0, h0, h1, h2, h3)``.
        Raises ValueError unless the hands are disjoint and of the size the options deal.
        """
        hand_list = [hands, *more] if more else list(hands)
        masks = [h if isinstance(h, int) else parse_set(h) for h in hand_list]
        n = len(masks)
        options.check_players(n)
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
        seen = 0
        for seat, m in enumerate(masks):
            if m & ~FULL_DECK or m < 0:
                raise ValueError(f"hand of seat {seat} is not a set of cards")
            if seen & m:
                dup = name((seen & m).bit_length() - 1)
                raise ValueError(f"hands are not disjoint: {dup} is dealt twice (again to seat {seat})")
            seen |= m
        size = options.hand_size(n)
        for seat, m in enumerate(masks):
            if m.bit_count() != size:
                raise ValueError(
                    f"every hand must hold {size} cards with {n} players, "
                    f"but seat {seat} holds {m.bit_count()}"
                )
        return cls._make(options, n, dealer, tuple(masks), FULL_DECK ^ seen)

    @classmethod
    def _make(
        cls, options: Options, n: int, dealer: int, hands: tuple[CardSet, ...], aside: CardSet
    ) -> Deal:
        d = object.__new__(cls)
        d.options, d.n, d.dealer, d.dealt, d.aside = options, n, dealer, hands, aside
        d.eldest = (dealer + 1) % n
        d.size = hands[0].bit_count()
        t = runs_table()  # runs of each 13-bit suit pattern
        k = 0x8000 if options.classic_runs else 0
        runs = d.runs = tuple(
            t[k | h & 0x1FFF] + t[k | 0x2000 | h >> 13 & 0x1FFF] + t[k | 0x4000 | h >> 26 & 0x1FFF]
            + t[k | 0x6000 | h >> 39]
            for h in hands
        )
        counts = [(h & ACES).bit_count() for h in hands]
        if max(counts) < 3:
            d.aces = d.honours = (0,) * n
        else:
            d.aces = tuple(announced_aces(c, options) for c in counts)
            d.honours = tuple(honour_points(c, options) for c in counts)
        # points, and trump as trump_from_runs decides it, in one pass from the eldest
        pts = list(d.honours)
        best, by = -1, d.eldest
        suits: tuple[Suit, ...] = _ALL_SUITS
        for seat in _ORDER[n][d.eldest]:
            for r in runs[seat]:
                pts[seat] += r.points
                key = r.length << 9 | r.points
                if key > best:
                    best, by, suits = key, seat, (r.suit,)
                elif key == best and seat == by:
                    suits = (*suits, r.suit)
        d.points = tuple(pts)
        d.trump_by = by
        d.chosen = False
        if len(suits) == 1:
            d.trump, d.choices, d.cur = suits[0], (), d.eldest
        else:
            d.trump, d.choices, d.cur = -1, suits, by
        d.hands = list(hands)
        d.played, d.winners, d.tricks_won = [], [], [0] * n
        d.lead, d.led, d.best, d.best_seat, d.pos = d.eldest, -1, -1, -1, 0
        d.story, d.number = None, 1
        return d

    @classmethod
    def determinized(cls, view: View, rng: random.Random, mix: int = MIX_STEPS) -> Deal:
        """A complete deal agreeing with everything one seat's ``view`` knows, the hidden cards
        sampled from what the seat knows of them (``view.hidden()``); what ``View.determinize`` returns."""
        known = view.hidden()
        hidden = known.sample(rng, mix)
        me, n = view.seat, view.n_players
        hands = [
            view.hand if j == me else hidden[j] | known.fixed[j] & ~view.played_by[j] for j in range(n)
        ]
        return cls.with_hands(view, hands, hidden[n])

    @classmethod
    def with_hands(cls, view: View, hands: list[CardSet], aside: CardSet) -> Deal:
        """The deal of ``view``'s position with ``hands`` (what each seat still holds) and ``aside``:
        everything public from the view (runs, trump, the tricks so far), the hands as dealt rebuilt
        from them and the cards each seat played."""
        d = object.__new__(cls)
        d.options, d.n, d.dealer, d.eldest, d.size = (
            view.options, view.n_players, view.dealer, view.eldest, view.size)
        d.dealt = tuple(hands[j] | view.played_by[j] for j in range(view.n_players))
        d.aside, d.runs, d.aces, d.honours, d.points = aside, view.runs, view.aces, view.honours, view.points
        d.trump, d.trump_by, d.choices, d.chosen = view.trump, view.trump_by, view.choices, view.chosen
        d.hands, d.played, d.winners = hands, list(view.played), list(view.winners)
        d.tricks_won, d.cur, d.lead, d.led = list(view.tricks_won), view.cur, view.lead, view.led
        d.best, d.best_seat, d.pos = view.best, view.best_seat, view.pos
        d.story, d.number = None, view.deal_number
        return d

    def copy(self) -> Deal:
        d = object.__new__(Deal)
        d.options, d.n, d.dealer, d.eldest, d.size = (
            self.options,
            self.n,
            self.dealer,
            self.eldest,
            self.size,
        )
        d.dealt, d.aside, d.runs, d.aces, d.honours = (
            self.dealt,
            self.aside,
            self.runs,
            self.aces,
            self.honours,
        )
        d.points, d.trump, d.trump_by, d.choices = self.points, self.trump, self.trump_by, self.choices
        d.chosen, d.hands, d.played, d.winners = self.chosen, self.hands[:], self.played[:], self.winners[:]
        d.tricks_won, d.cur, d.lead, d.led = self.tricks_won[:], self.cur, self.lead, self.led
        d.best, d.best_seat, d.pos = self.best, self.best_seat, self.pos
        d.story, d.number = None, self.number  # a copy is for searching: it tells nothing
        return d

    __copy__ = copy

    def begin_story(self, story: Story, number: int) -> None:
        """Tell this deal's events to ``story`` from now on, starting with its opening: each hand (to its
        seat), the runs and Aces declared, and trump named or to be named."""
        self.story, self.number = story, number
        i = story.index
        for seat, hand in enumerate(self.dealt):
            story.tell(HandDealt(number, seat, hand, index=i, known_to=only(seat)))
        for seat in _ORDER[self.n][self.eldest]:
            runs = self.runs[seat]
            if runs:
                story.tell(RunsDeclared(seat, runs, sum(r.points for r in runs), index=i))
            if self.aces[seat]:
                story.tell(AcesAnnounced(seat, self.aces[seat], self.honours[seat], index=i))
        if self.choices:
            story.tell(TrumpToName(self.trump_by, self.choices, index=i))
        else:
            story.tell(TrumpNamed(self.trump_by, self.trump, False, index=i))

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self.__slots__[:-2])  # the story and number aside

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "over" if self.cur < 0 else f"seat {self.cur} to play"
        return f"<Eralash Deal n={self.n} dealer={self.dealer} trick {len(self.winners) + 1}, {state}>"

    # --- the state API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or -1 when the deal is over."""
        return self.cur

    def is_over(self) -> bool:
        return self.cur < 0

    def legal_mask(self) -> CardSet:
        """The cards the current player may play (0 while trump is being named or when over)."""
        if self.cur < 0 or self.choices:
            return 0
        return legal_cards(self.hands[self.cur], self.led if self.pos else None, self.trump)

    def legal_moves(self) -> list[Move]:
        if self.choices:
            return [ChooseTrump(s) for s in self.choices]
        m = self.legal_mask()
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def play(self, move: Move, seat: int | None = None) -> None:
        """Apply ``move`` for the current player (or check it is ``seat``'s turn), else IllegalPlay."""
        cur = self.cur
        if cur < 0:
            raise IllegalPlay("deal_over")
        if seat is not None and seat != cur:
            raise IllegalPlay("not_your_turn", seat=cur)
        if self.choices:
            if isinstance(move, ChooseTrump):
                if move.suit in self.choices:
                    self.trump, self.choices, self.chosen = move.suit, (), True
                    self.cur = self.eldest
                    if self.story is not None:
                        self.story.tell(TrumpNamed(cur, move.suit, True, index=self.story.index))
                    return
                raise IllegalPlay("trump_choice", suits=self.choices)
            raise IllegalPlay("trump_first")
        if isinstance(move, ChooseTrump):
            raise IllegalPlay("trump_settled", trump=self.trump)
        if type(move) is not int or not 0 <= move < 52:
            raise IllegalPlay("not_a_card", move=move)
        hand = self.hands[cur]
        if not hand >> move & 1:
            raise IllegalPlay("already_played" if move in self.played else "not_held", seat=cur, card=move)
        trump = self.trump
        if self.pos == 0:
            self.led, self.best, self.best_seat, self.lead = move // 13, move, cur, cur
        else:
            led = self.led
            if not legal_cards(hand, led, trump) >> move & 1:
                if led == trump:
                    raise IllegalPlay("follow_trumps", seat=cur, card=move, trump=trump)
                raise IllegalPlay("follow_or_trump", seat=cur, card=move, led=led, trump=trump)
            if beats(move, self.best, trump):
                self.best, self.best_seat = move, cur
        self.hands[cur] = hand ^ (1 << move)
        self.played.append(move)
        self.pos += 1
        story = self.story
        if story is not None:
            story.tell(CardPlayed(cur, move, index=story.index))
        if self.pos < self.n:
            self.cur = cur + 1 if cur + 1 < self.n else 0
            return
        w = self.best_seat
        self.winners.append(w)
        self.tricks_won[w] += 1
        if story is not None:
            t = len(self.winners)
            story.tell(TrickWon(t, self.lead, tuple(self.played[-self.n:]), w, index=story.index))
        self.pos, self.led, self.best, self.best_seat, self.lead = 0, -1, -1, -1, w
        self.cur = w if len(self.winners) < self.size else -1
        if self.cur < 0 and story is not None:
            story.tell(DealScored(self.number, tuple(self._per_side(self.points)), self.breakdown(),
                                  index=story.index))

    def random_playout(self, rng: random.Random) -> None:
        """Play uniformly random legal moves to the end, as ``play`` would (and much faster).

        Each hand is split into four 13-bit suit patterns; a legal card is the k-th of the allowed
        suits' cards for one ``rng.random()`` draw, read from precomputed tables.
        """
        if self.cur < 0:
            return
        if self.choices:
            self.play(ChooseTrump(self.choices[int(rng.random() * len(self.choices))]))
        rnd = rng.random
        while self.pos or (self.story is not None and self.cur >= 0):  # the trick under way, or every
            # move of a deal that tells its story (a match's own), card by card
            legal = self.legal_moves()
            self.play(legal[int(rnd() * len(legal))])
        if self.cur < 0:
            return
        count, select = _COUNT, _select()
        n, trump = self.n, self.trump
        hs: list[int] = []
        for h in self.hands:
            hs += (h & 0x1FFF, h >> 13 & 0x1FFF, h >> 26 & 0x1FFF, h >> 39)
        played, winners, won = self.played, self.winners, self.tricks_won
        app, win = played.append, winners.append
        followers = _FOLLOWERS[n]
        p = self.cur
        for held in range(self.size - len(winners), 0, -1):  # held: cards in each hand
            # the leader: any card
            b = p << 2
            k = int(rnd() * held)
            s = 0
            m = hs[b]
            c = count[m]
            while k >= c:
                k -= c
                s += 1
                m = hs[b + s]
                c = count[m]
            r = select[m][k]
            hs[b + s] = m ^ 1 << r
            best = s * 13 + r
            app(best)
            led = bs = s
            bseat = p
            for q in followers[p]:
                b = q << 2
                m = hs[b + led]
                if m and led == trump:  # trump led: follow trumps
                    s = led
                    r = select[m][int(rnd() * count[m])]
                elif m:  # follow the led suit or play a trump
                    m2 = hs[b + trump]
                    c = count[m]
                    k = int(rnd() * (c + count[m2]))
                    if k < c:
                        s, r = led, select[m][k]
                    else:
                        s, r, m = trump, select[m2][k - c], m2
                else:  # void in the led suit: any card
                    k = int(rnd() * held)
                    s = 0
                    m = hs[b]
                    c = count[m]
                    while k >= c:
                        k -= c
                        s += 1
                        m = hs[b + s]
                        c = count[m]
                    r = select[m][k]
                hs[b + s] = m ^ 1 << r
                card = s * 13 + r
                app(card)
                if s == bs:
                    if card > best:
                        best, bseat = card, q
                elif s == trump:
                    best, bs, bseat = card, s, q
            win(bseat)
            won[bseat] += 1
            p = bseat
        self.hands = [0] * n
        self.pos, self.led, self.best, self.best_seat, self.lead, self.cur = 0, -1, -1, -1, p, -1

    # --- results -------------------------------------------------------------------------------

    def sides(self) -> int:
        return 2 if self.options.pairs else self.n

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.options.pairs else seat

    def _per_side(self, per_seat: Sequence[int]) -> list[int]:
        if self.options.pairs:
            return [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
        return list(per_seat)

    def score(self) -> list[float]:
        """This deal's points per seat (per team in pairs): runs + honours, written before play.

        The slam doubling applies to the robber total and is done by the Match.
        """
        return [float(p) for p in self._per_side(self.points)]

    def tricks(self) -> list[int]:
        """Tricks won so far per seat (per team in pairs)."""
        return self._per_side(self.tricks_won)

    def breakdown(self) -> dict[str, Any]:
        """What the deal scored, as its ``DealScored`` event tells it: per seat runs, honours and tricks;
        per seat (team in pairs) points and tricks; the slam (a side, or None)."""
        return {
            "runs": [sum(r.points for r in rs) for rs in self.runs],
            "honours": list(self.honours),
            "tricks_won": list(self.tricks_won),
            "points": self._per_side(self.points),
            "tricks": self.tricks(),
            "slam": self.slam(),
        }

    def slam(self) -> int | None:
        """The seat (team in pairs) that took every trick of the finished deal, else None."""
        if self.cur >= 0:
            return None
        for side, t in enumerate(self.tricks()):
            if t == self.size:
                return side
        return None

    def trick_cards(self, t: int) -> list[int]:
        """Cards of trick ``t`` (0-based) in play order from its leader (the current one may be partial)."""
        return self.played[t * self.n : (t + 1) * self.n]

    def trick_leader(self, t: int) -> int:
        return self.eldest if t == 0 else self.winners[t - 1]

    def current_trick(self) -> list[int]:
        return self.played[len(self.winners) * self.n :]

    def history(self) -> list[Move]:
        """All moves of this deal: the trump choice if one was made, then the cards."""
        return ([ChooseTrump(self.trump)] if self.chosen else []) + self.played

    def seats_of_plays(self) -> list[int]:
        """The seat that played each card of ``played``."""
        n = self.n
        out = []
        for i in range(len(self.played)):
            t, j = divmod(i, n)
            out.append((self.trick_leader(t) + j) % n)
        return out

    def view(self, seat: int, match: Any = None) -> View:
        """What ``seat`` may know, and nothing more (see engine.eralash.view)."""
        return View.of(self, seat, match)
