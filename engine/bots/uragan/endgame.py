"""Exact Uragan last round: alpha-beta with a transposition table over the remaining plies.

From the first play of the last round the stock is empty, so each seat knows the other's hand (its
own view's unseen cards are exactly that hand): the rest of the deal is a game of perfect
information, at most 12 plies. ``solve`` finds its minimax value for a ``utility`` of the final deal
points (seat 0's value of ``(x0, x1)``; seat 1 wants it low), the best move and the principal line.

Claims (``book``): a priority-breaking play is answered by the opponent (let it stand, or claim it
into one of the demanded captures, the offender picking when there are several). Every demanded
capture is a lawful play of the same card, so a breach is never worth more to the offender than its
best lawful play; the search therefore leaves breaches out of the tree by default (``breaches=True``
keeps them in as decisions, which the tests use to show it changes no value). At the root, a breach
played or pending is valued exactly: the claim answer and the pick are searched.

State inside the search, all bitmasks: the two hands, the table, seat 0's pile (seat 1's pile is the
rest of the deck once the deal is over), the seat to move, the last capturer, the uragans of each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.bots.uragan.club import CARD_WORTH
from engine.bots.uragan.odds import outcome, win_table
from engine.cards import HEARTS, SUIT_MASK, cards
from engine.uragan.capture import capture_table
from engine.uragan.claim import breach
from engine.uragan.deal import CLAIM_PHASE, PICK, Deal
from engine.uragan.deck import DECK, ROUNDS, VALUE, VALUE_MASK
from engine.uragan.moves import CLAIM, LET_STAND, Move, Play
from engine.uragan.primiera import _BEST
from engine.uragan.score import CARDS_NEEDED, HEARTS_NEEDED, SEVEN_OF_HEARTS
from engine.uragan.view import View

Utility = Callable[[int, int], float]
INF = float("inf")
# Entries of the transposition table (and of the leaf cache) before it is cleared: a last round from
# its first play visits at most ~16,000 positions (docs/benchmarks.md), so this bounds the memory of a
# solver kept through a round (a few tens of MB at worst) without ever clearing in practice.
TT_LIMIT = 200_000

_HEARTS = SUIT_MASK[HEARTS]
EPS = 1e-6  # two values this close are equal (``finishes``: whole points, or win chances)


class Solution(NamedTuple):
    """``value`` for seat 0 under best play; ``move`` the best move of the seat to move (None when
    the deal is over); ``line`` the principal line from here (moves as the Deal takes them);
    ``values`` each root move's exact value when asked for (else only the best)."""

    value: float
    move: Move | None
    line: tuple[Move, ...]
    values: dict[Move, float]
    nodes: int


def in_last_round(deal: Deal) -> bool:
    """True when every card is known to both seats: the last round, the stock empty."""
    return not deal._over and deal.round == ROUNDS - 1


def points_utility(x0: int, x1: int) -> float:
    """Seat 0's deal points minus seat 1's."""
    return float(x0 - x1)


def win_utility(match_points: Sequence[int], target: int) -> Utility:
    """Seat 0's chance to win the match once the deal is scored (the review's win chance)."""
    a0, a1 = int(match_points[0]), int(match_points[1])
    table = win_table(target)
    return lambda x0, x1: outcome(a0 + x0, a1 + x1, target, table)


def master_utility(match_points: Sequence[int], target: int) -> Utility:
    """What Master plays for: the match-win chance blended with the deal's points (eval.py)."""
    from engine.bots.uragan.eval import POINTS_BLEND, POINTS_SCALE

    a0, a1 = int(match_points[0]), int(match_points[1])
    table = win_table(target)

    def u(x0: int, x1: int) -> float:
        p0 = outcome(a0 + x0, a1 + x1, target, table)
        diff = max(-0.5, min(0.5, (x0 - x1) / (2 * POINTS_SCALE)))
        return (1.0 - POINTS_BLEND) * p0 + POINTS_BLEND * (0.5 + diff)

    return u


def _suits_best(pile: int) -> tuple[int, int, int, int]:
    return (_BEST[pile & 0x1FFF], _BEST[pile >> 13 & 0x1FFF], _BEST[pile >> 26 & 0x1FFF],
            _BEST[pile >> 39 & 0x1FFF])


def final_points(pile0: int, pile1: int, all_suits: bool) -> tuple[int, int]:
    """Each seat's points from its final pile, uragans apart (score.breakdown, in bitmasks)."""
    x0 = x1 = 0
    n0, n1 = pile0.bit_count(), pile1.bit_count()
    if n0 > n1 and n0 >= CARDS_NEEDED:
        x0 += 1
    elif n1 > n0 and n1 >= CARDS_NEEDED:
        x1 += 1
    h0, h1 = (pile0 & _HEARTS).bit_count(), (pile1 & _HEARTS).bit_count()
    if h0 > h1 and h0 >= HEARTS_NEEDED:
        x0 += 1
    elif h1 > h0 and h1 >= HEARTS_NEEDED:
        x1 += 1
    if pile0 >> SEVEN_OF_HEARTS & 1:
        x0 += 1
    elif pile1 >> SEVEN_OF_HEARTS & 1:
        x1 += 1
    s0, s1 = _suits_best(pile0), _suits_best(pile1)
    q0 = 0 if all_suits and not all(s0) else sum(s0)
    q1 = 0 if all_suits and not all(s1) else sum(s1)
    if q0 > q1 and q0 >= 1:
        x0 += 1
    elif q1 > q0 and q1 >= 1:
        x1 += 1
    return x0, x1


def _worth(mask: int) -> float:
    w = 0.0
    while mask:
        low = mask & -mask
        w += CARD_WORTH[low.bit_length() - 1]
        mask ^= low
    return w


class Endgame:
    """The solver for one utility and one claims mode. The transposition table lives as long as the
    solver: one solver per decision (or per deal, as Master keeps it through the last round)."""

    def __init__(self, utility: Utility, all_suits: bool = True, breaches: bool = False) -> None:
        self.utility = utility
        self.all_suits = all_suits
        self.breaches = breaches
        self.tt: dict[int, tuple[float, float, tuple[float, int, int]]] = {}  # bounds, best play
        self.leaf: dict[tuple[int, int, int, int], float] = {}
        self.nodes = 0
        self._moves: dict[tuple[int, int], list[tuple[float, int, int]]] = {}

    # -- moves ------------------------------------------------------------------------------------

    def _lawful(self, hand: int, table: int) -> list[tuple[float, int, int]]:
        """(order key, card, take) for every lawful play, the likeliest best first (cached)."""
        key = (hand, table)
        got = self._moves.get(key)
        if got is not None:
            return got
        caps = capture_table(table)
        out = []
        m = hand
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            v = VALUE[card]
            equal = table & VALUE_MASK[v]
            if equal:
                takes: Sequence[int] = [1 << c for c in cards(equal)]
            else:
                takes = caps[v]
            if takes:
                for t in takes:
                    out.append((-(_worth(t | low) + (2.0 if t == table else 0.0)), card, t))
            else:
                out.append((_worth(low), card, 0))
        out.sort()
        if len(self._moves) > 200_000:
            self._moves.clear()
        self._moves[key] = out
        return out

    # -- the search -------------------------------------------------------------------------------

    def _leaf(self, pile0: int, table: int, lc: int, u0: int, u1: int) -> float:
        """The value of a finished deal: the table's remainder goes to the last capturer."""
        if lc == 0:
            pile0 |= table
            rest = DECK & ~pile0
        elif lc == 1:
            rest = DECK & ~pile0
        else:
            rest = DECK & ~pile0 & ~table
        key = (pile0, rest, u0, u1)
        got = self.leaf.get(key)
        if got is None:
            if len(self.leaf) >= TT_LIMIT:
                self.leaf.clear()
            x0, x1 = final_points(pile0, rest, self.all_suits)
            got = self.leaf[key] = self.utility(x0 + u0, x1 + u1)
        return got

    def _after(self, h0: int, h1: int, table: int, pile0: int, seat: int, lc: int, u0: int, u1: int,
               card: int, take: int, alpha: float, beta: float) -> float:
        """The value once ``seat`` plays ``card`` taking ``take`` (0 = trail) and it stands."""
        bit = 1 << card
        if seat == 0:
            h0 ^= bit
        else:
            h1 ^= bit
        if take:
            table ^= take
            lc = seat
            if seat == 0:
                pile0 |= take | bit
            if not table and (h0 or h1):
                if seat == 0:
                    u0 += 1
                else:
                    u1 += 1
        else:
            table |= bit
        if not h0 and not h1:
            return self._leaf(pile0, table, lc, u0, u1)
        return self._search(h0, h1, table, pile0, 1 - seat, lc, u0, u1, alpha, beta)

    def _breach_value(self, h0: int, h1: int, table: int, pile0: int, seat: int, lc: int, u0: int,
                      u1: int, card: int, take: int, demanded: Sequence[int]) -> float:
        """A breach's value: the opponent lets it stand or claims; on a claim with several demanded
        captures the offender picks (full window: a root or test-only path)."""
        a = (h0, h1, table, pile0, seat, lc, u0, u1)
        stand = self._after(*a, card, take, -INF, INF)
        picks = [self._after(*a, card, t, -INF, INF) for t in demanded]
        claimed = max(picks) if seat == 0 else min(picks)
        return min(stand, claimed) if seat == 0 else max(stand, claimed)

    def _search(self, h0: int, h1: int, table: int, pile0: int, seat: int, lc: int, u0: int, u1: int,
                alpha: float, beta: float) -> float:
        self.nodes += 1
        key = (h0 | h1 << 52 | table << 104 | pile0 << 156 | seat << 208 | (lc + 1) << 209
               | u0 << 211 | u1 << 219)
        tt = self.tt
        e = tt.get(key)
        first = None
        lo, hi = -INF, INF
        if e is not None:
            lo, hi, first = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            if lo == hi:
                return lo
        a0, b0 = alpha, beta
        hand = h0 if seat == 0 else h1
        moves = self._lawful(hand, table)
        if first is not None:
            moves = [first, *[m for m in moves if m != first]]
        best = -INF if seat == 0 else INF
        best_move = moves[0]
        after = self._after
        for mv in moves:
            v = after(h0, h1, table, pile0, seat, lc, u0, u1, mv[1], mv[2], alpha, beta)
            if seat == 0:
                if v > best:
                    best, best_move = v, mv
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            else:
                if v < best:
                    best, best_move = v, mv
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
        if self.breaches and not (seat == 0 and best >= beta or seat == 1 and best <= alpha):
            for card, take, demanded in self._breach_plays(hand, table):
                v = self._breach_value(h0, h1, table, pile0, seat, lc, u0, u1, card, take, demanded)
                if (seat == 0 and v > best) or (seat == 1 and v < best):
                    best = v  # never happens (a breach is dominated); kept so a test can see it
        if best <= a0:
            new = (lo, min(hi, best), best_move)
        elif best >= b0:
            new = (max(lo, best), hi, best_move)
        else:
            new = (best, best, best_move)
        if len(tt) >= TT_LIMIT:
            tt.clear()
        tt[key] = new
        return best

    @staticmethod
    def _breach_plays(hand: int, table: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every priority-breaking play (card, take, demanded captures) of ``hand`` on ``table``."""
        caps = capture_table(table)
        out = []
        m = hand
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            for t in (0, *caps[VALUE[card]]):
                b = breach(card, t, table)
                if b is not None:
                    out.append((card, t, b.demanded))
        return out

    # -- the interface ----------------------------------------------------------------------------

    @staticmethod
    def _state(deal: Deal) -> tuple[int, int, int, int, int, int, int, int]:
        return (deal.hands[0], deal.hands[1], deal.table, deal.piles[0], deal.turn, deal.last_capturer,
                deal.uragans[0], deal.uragans[1])

    def value_after(self, deal: Deal, move: Move) -> float:
        """The exact value for seat 0 once ``move`` is made in ``deal`` (any legal move, breaches,
        claim answers and picks included)."""
        d = deal.copy()
        d.play(move)
        return self.value(d)

    def value(self, deal: Deal) -> float:
        """The exact value of ``deal`` for seat 0 (in the last round, or over)."""
        if deal._over:
            x0, x1 = deal.score()
            return self.utility(int(x0), int(x1))
        if not in_last_round(deal):
            raise ValueError("the exact solver needs the last round (the stock empty)")
        if deal.phase == CLAIM_PHASE or deal.phase == PICK:
            b = deal.pending
            assert b is not None
            s = self._state(deal)
            hs = list(s[:2])
            hs[deal.turn] |= 1 << b.card  # the breach undone: the card back in the hand
            base = (hs[0], hs[1], *s[2:])
            if deal.phase == PICK:
                picks = [self._after(*base, b.card, t, -INF, INF) for t in b.demanded]
                return max(picks) if deal.turn == 0 else min(picks)
            return self._breach_value(*base, b.card, b.take, b.demanded)
        return self._search(*self._state(deal), -INF, INF)

    def solve(self, deal: Deal, moves: Sequence[Move] | None = None, all_values: bool = False,
              line_plies: int = 12) -> Solution:
        """Best move of the seat to move among ``moves`` (default: every lawful move, or the claim
        answers / picks), its value for seat 0, the principal line; ``all_values`` values every move
        exactly (else moves that cannot be best are only bounded and left out of ``values``)."""
        start = self.nodes
        if deal._over:
            return Solution(self.value(deal), None, (), {}, 0)
        seat = deal.current_player()
        if moves is None:
            moves = self.root_moves(deal)
        values: dict[Move, float] = {}
        best_move: Move | None = None
        best: float | None = None
        if all_values or deal.phase != 0 or len(moves) == 1:
            for m in moves:
                values[m] = self.value_after(deal, m)
        else:
            # alpha-beta at the root: each move need only prove it is no better than the best so far
            alpha, beta = -INF, INF
            for m in self._ordered(deal, moves):
                d = deal.copy()
                d.play(m)
                if d._over:
                    v = self.value(d)
                elif isinstance(m, Play) and d.phase == 0:
                    v = self._search(*self._state(d), alpha, beta)
                else:
                    v = self.value(d)
                if best is None or (v > best if seat == 0 else v < best):
                    best, best_move = v, m
                    values = {m: v}
                    if seat == 0:
                        alpha = max(alpha, v)
                    else:
                        beta = min(beta, v)
        for m, v in values.items():  # ties: the first move offered (moves' own order) wins
            if best is None or (v > best if seat == 0 else v < best):
                best, best_move = v, m
        assert best is not None and best_move is not None
        line = self.line(deal, best_move, line_plies)
        return Solution(best, best_move, line, values, self.nodes - start)

    def _ordered(self, deal: Deal, moves: Sequence[Move]) -> list[Move]:
        order = {(c, t): k for k, c, t in self._lawful(deal.hands[deal.turn], deal.table)}
        return sorted(moves, key=lambda m: order.get((m.card, m.take), 9.0)
                      if isinstance(m, Play) else 9.0)

    @staticmethod
    def root_moves(deal: Deal) -> list[Move]:
        """The moves worth searching at the root: lawful plays (a breach is never better), or the
        claim answers / the picks when a breach is pending."""
        if deal.phase != 0:
            return list(deal.legal_moves())
        return [m for m in deal.legal_moves()
                if isinstance(m, Play) and breach(m.card, m.take, deal.table) is None]

    def line(self, deal: Deal, first: Move, plies: int = 12) -> tuple[Move, ...]:
        """The principal line from ``deal`` starting with ``first``: each next move is one whose
        exact value equals the position's (the lawful move first found, in search order)."""
        out: list[Move] = [first]
        d = deal.copy()
        d.play(first)
        while len(out) < plies and not d._over:
            target = self.value(d)
            nxt = None
            for m in self._ordered(d, self.root_moves(d)) if d.phase == 0 else d.legal_moves():
                if self.value_after(d, m) == target:
                    nxt = m
                    break
            assert nxt is not None, "a position's value is the value of one of its moves"
            out.append(nxt)
            d.play(nxt)
        return tuple(out)


class Finish(NamedTuple):
    """How a deal ends, category by category (seat 0, seat 1, or -1 for nobody): the cards, the
    hearts, the 7♥, the primiera; each seat's uragans and deal points."""

    cards: int
    hearts: int
    seven: int
    primiera: int
    uragans: tuple[int, int]
    points: tuple[int, int]


class Finishes(NamedTuple):
    """Every way a deal can end once a move is made and both seats then play only moves of best value
    (``ends``), and the fewest and most cards seat 0 finishes with on those lines."""

    ends: frozenset[Finish]
    cards0: tuple[int, int]


def _most_of(a: int, b: int, needed: int) -> int:
    return 0 if a > b and a >= needed else 1 if b > a and b >= needed else -1


def _finish(pile0: int, pile1: int, u0: int, u1: int, all_suits: bool) -> Finishes:
    x0, x1 = final_points(pile0, pile1, all_suits)
    s0, s1 = _suits_best(pile0), _suits_best(pile1)
    q0 = 0 if all_suits and not all(s0) else sum(s0)
    q1 = 0 if all_suits and not all(s1) else sum(s1)
    end = Finish(_most_of(pile0.bit_count(), pile1.bit_count(), CARDS_NEEDED),
                 _most_of((pile0 & _HEARTS).bit_count(), (pile1 & _HEARTS).bit_count(), HEARTS_NEEDED),
                 0 if pile0 >> SEVEN_OF_HEARTS & 1 else 1 if pile1 >> SEVEN_OF_HEARTS & 1 else -1,
                 _most_of(q0, q1, 1), (u0, u1), (x0 + u0, x1 + u1))
    n = pile0.bit_count()
    return Finishes(frozenset([end]), (n, n))


class _TooLong(Exception):
    pass


def finishes(solver: Endgame, deal: Deal, move: Move, limit: int | None = None) -> Finishes | None:
    """How the last round can end after ``move`` when both seats then play only moves whose exact
    value (``solver``'s utility) is the position's: what the coach says of "best play" must hold on
    every one of these lines, so it reads it from all of them, not from one principal line. Where
    many moves tie the lines are many: past ``limit`` solver nodes the answer is None (not known)."""
    memo: dict[tuple[int, int, int, int, int, int, int, int], Finishes] = {}
    stop = solver.nodes + limit if limit is not None else None

    def union(parts: Sequence[Finishes]) -> Finishes:
        return Finishes(frozenset().union(*(f.ends for f in parts)),
                        (min(f.cards0[0] for f in parts), max(f.cards0[1] for f in parts)))

    def child(s: tuple[int, int, int, int, int, int, int, int], card: int, take: int,
              target: float) -> Finishes:
        h0, h1, table, pile0, seat, lc, u0, u1 = s
        bit = 1 << card
        if seat == 0:
            h0 ^= bit
        else:
            h1 ^= bit
        if take:
            table ^= take
            lc = seat
            if seat == 0:
                pile0 |= take | bit
            if not table and (h0 or h1):
                u0, u1 = (u0 + 1, u1) if seat == 0 else (u0, u1 + 1)
        else:
            table |= bit
        if h0 or h1:
            return node((h0, h1, table, pile0, 1 - seat, lc, u0, u1), target)
        if lc == 0:
            pile0 |= table
        rest = DECK & ~pile0 & ~(table if lc == -1 else 0)
        return _finish(pile0, rest, u0, u1, solver.all_suits)

    def node(s: tuple[int, int, int, int, int, int, int, int], target: float) -> Finishes:
        """``s`` lies on a best line, so its value is ``target``; a move is best when its value is
        too, which a narrow window around it decides (values are whole points, or else compared
        within ``EPS``) far faster than valuing every move exactly."""
        got = memo.get(s)
        if got is None:
            if stop is not None and solver.nodes > stop:
                raise _TooLong
            h0, h1, table, pile0, seat, lc, u0, u1 = s
            lo, hi = target - EPS, target + EPS
            got = memo[s] = union([child(s, card, take, target)
                                   for _, card, take in solver._lawful(h0 if seat == 0 else h1, table)
                                   if lo < solver._after(*s, card, take, lo, hi) < hi])
        return got

    def of_deal(d: Deal) -> Finishes:
        if d._over:
            pile0 = d.piles[0]
            return _finish(pile0, DECK & ~pile0, d.uragans[0], d.uragans[1], solver.all_suits)
        if d.phase != 0:  # a claim answer or a pick: every answer of best value
            target = solver.value(d)
            parts = []
            for m in d.legal_moves():
                nxt = d.copy()
                nxt.play(m)
                if solver.value(nxt) == target:
                    parts.append(of_deal(nxt))
            return union(parts)
        return node(Endgame._state(d), solver.value(d))

    d = deal.copy()
    d.play(move)
    try:
        return of_deal(d)
    except _TooLong:
        return None


def opponent_hand_known(view: View) -> bool:
    """True when a seat's view pins the opponent's hand down: the last round, the stock empty."""
    return not view.over and view.round == ROUNDS - 1 and view.stock_size == 0


def deal_of_view(view: View) -> Deal:
    """The one deal consistent with a last-round view (the opponent's hand is the unseen cards)."""
    import random

    if not opponent_hand_known(view):
        raise ValueError("the opponent's hand is known only in the last round")
    return view.determinize(random.Random(0))


__all__ = ["Endgame", "Solution", "Finish", "Finishes", "finishes", "points_utility", "win_utility",
           "master_utility", "final_points", "in_last_round", "opponent_hand_known", "deal_of_view", "CLAIM",
           "LET_STAND"]
