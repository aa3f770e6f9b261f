"""Uragan Club: a rule-based player built on the original text's advice, fast (well under 20 ms).

The seed's advice, as terms of one evaluation of each play (in expected deal points):
- take cards that score: many cards, hearts (prefer hearts between equal captures), the seven of
  hearts above all, then sevens, sixes, Aces and fives for primiera; an uragan is worth a point;
- guard the sevens: a card trailed or left on the table is exposed to the opponent's next card;
- never leave ten or less on the table when it can be avoided: the opponent sweeps it with one card;
- build sums you can take back next turn, and the opponent's chance to take them first;
- remember which cards are gone: the opponent's cards are drawn from the unseen ones, so the chance
  that the opponent holds a value is exact (hypergeometric) for what this seat has seen;
- claim when a claim pays: compare the offender's play as it stands with the capture it would
  become (the offender picking the best for himself).
"""

from __future__ import annotations

from math import comb

from engine.bots.search import decision_rng
from engine.cards import HEARTS, SEVEN, CardSet, make
from engine.uragan.capture import capture_table
from engine.uragan.claim import breach
from engine.uragan.deck import HAND_SIZE, ROUNDS, VALUE, VALUE_MASK
from engine.uragan.moves import CLAIM, LET_STAND, Claim, LetStand, Move, Play
from engine.uragan.view import View

SEVEN_OF_HEARTS = make(SEVEN, HEARTS)
SWEEP_POINT = 1.0

# What one captured card is worth in expected deal points, by rank (two .. Ace; no 8, 9, 10).
_PRIMIERA_WORTH = (0.02, 0.025, 0.03, 0.05, 0.12, 0.22, 0.0, 0.0, 0.0, 0.01, 0.01, 0.01, 0.08)
CARD_WORTH: tuple[float, ...] = tuple(
    0.055 + _PRIMIERA_WORTH[c % 13] + (0.09 if c // 13 == HEARTS else 0.0)
    + (1.0 if c == SEVEN_OF_HEARTS else 0.0)
    for c in range(52)
)

FOLLOW_UP = 0.35  # how much of a capture this seat could make next turn is counted now


def worth(mask: CardSet) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        total += CARD_WORTH[low.bit_length() - 1]
        mask ^= low
    return total


def holds_value_odds(unseen: CardSet, k: int) -> list[float]:
    """P(a hand of ``k`` cards drawn from ``unseen`` holds a card of value v), v = 0..10."""
    u = unseen.bit_count()
    if k <= 0 or u == 0:
        return [0.0] * 11
    k = min(k, u)
    total = comb(u, k)
    return [0.0] + [1.0 - comb(u - (unseen & VALUE_MASK[v]).bit_count(), k) / total for v in range(1, 11)]


def exact_value_odds(hand: CardSet) -> list[float]:
    return [0.0] + [1.0 if hand & VALUE_MASK[v] else 0.0 for v in range(1, 11)]


def best_captures(table: CardSet, sweep_counts: bool) -> list[float]:
    """For each value v, the most a card of value v can gain on ``table`` (0 if it takes nothing).

    The equal-card priority is respected: where a card of equal value lies, only it may be taken
    (a claim would force it), so the threat of a value is that single card.
    """
    caps = capture_table(table)
    out = [0.0] * 11
    for v in range(1, 11):
        equal = table & VALUE_MASK[v]
        options: list[CardSet] | tuple[CardSet, ...] = caps[v]
        if equal:
            options = []
            e = equal
            while e:
                low = e & -e
                options.append(low)
                e ^= low
        best = 0.0
        for t in options:
            g = worth(t)
            if sweep_counts and t == table:
                g += SWEEP_POINT
            if g > best:
                best = g
        out[v] = best
    return out


def threat(table: CardSet, odds: list[float], sweep_counts: bool) -> float:
    """Expected gain of the next player on ``table`` when it holds value v with probability odds[v]."""
    if not table:
        return 0.0
    gains = best_captures(table, sweep_counts)
    order = sorted(range(1, 11), key=lambda v: -gains[v])
    expected, none_better = 0.0, 1.0
    for v in order:
        g = gains[v]
        if g <= 0.0:
            break
        expected += g * odds[v] * none_better
        none_better *= 1.0 - odds[v]
    return expected


def play_value(
    card: int,
    take: CardSet,
    table: CardSet,
    next_odds: list[float],
    own_after: CardSet,
    last_play: bool,
    i_am_last_capturer: bool,
    follow_up: bool = True,
) -> float:
    """The mover's expected gain from playing ``card`` taking ``take`` (0 = trail) on ``table``."""
    after = table & ~take if take else table | (1 << card)
    if last_play:  # the remainder goes to the last capturer; no uragan on the last play
        gain = worth(take | (1 << card)) if take else 0.0
        if take or i_am_last_capturer:
            gain += worth(after)
        return gain
    gain = 0.0
    if take:
        gain = worth(take | (1 << card))
        if not after:
            gain += SWEEP_POINT
    gain -= threat(after, next_odds, sweep_counts=True)
    if follow_up and own_after and after:
        mine = best_captures(after, sweep_counts=True)
        best = max((mine[VALUE[c]] for c in _cards(own_after)), default=0.0)
        gain += FOLLOW_UP * best
    return gain


def _cards(mask: CardSet) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def opponent_odds(view: View) -> list[float]:
    """P(the opponent's next hand holds value v), from the cards this seat has not seen."""
    opp = 1 - view.seat
    k = view.hand_sizes[opp]
    if k == 0 and view.round < ROUNDS - 1:
        k = HAND_SIZE  # the opponent's next card comes from a fresh hand out of the stock
    return holds_value_odds(view.unseen(), k)


def is_last_play(view: View) -> bool:
    """True when the seat to play holds the deal's very last card."""
    return view.round == ROUNDS - 1 and sum(view.hand_sizes) == 1


class UraganClub:
    """The rule-based Club player (see the module docstring)."""

    sees_all = False

    def __init__(self, seed: int = 0, name: str = "club") -> None:
        self.name = name
        self.seed = seed

    def choose(self, view: View, full: object = None) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if isinstance(moves[0], (LetStand, Claim)):
            return self._claim_decision(view)
        scored = self.rank_plays(view, [m for m in moves if isinstance(m, Play)])
        best = max(s for s, _ in scored)
        ties = [m for s, m in scored if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else decision_rng(self.seed, view).choice(ties)

    def rank_plays(self, view: View, moves: list[Play]) -> list[tuple[float, Play]]:
        """Every lawful play with its value; plays that break a priority are left out (a claim
        could only turn them into one of the lawful captures, which are listed anyway)."""
        table = view.table
        picking = view.pending is not None  # a claim demands a capture: choose among them
        odds = opponent_odds(view)
        last = is_last_play(view)
        mine = view.last_capturer == view.seat
        out: list[tuple[float, Play]] = []
        for m in moves:
            if not picking and breach(m.card, m.take, table) is not None:
                continue
            own_after = view.hand & ~(1 << m.card)
            out.append((play_value(m.card, m.take, table, odds, own_after, last, mine), m))
        if not out:  # cannot happen with lawful rules, but never return nothing
            out = [(0.0, m) for m in moves]
        return out

    def _claim_decision(self, view: View) -> Move:
        """Claim when the capture the claim forces is worse for the offender than his play."""
        b = view.pending
        assert b is not None
        my_odds = exact_value_odds(view.hand)
        last = view.round == ROUNDS - 1 and view.hand_sizes[1 - view.seat] == 0 and view.hand_sizes[
            view.seat] == 0
        offender_last = view.last_capturer == 1 - view.seat

        def offender_gets(take: CardSet) -> float:
            return play_value(b.card, take, view.table, my_odds, 0, last, offender_last, follow_up=False)

        as_played = offender_gets(b.take)
        if_claimed = max(offender_gets(t) for t in b.demanded)
        return CLAIM if if_claimed < as_played - 1e-9 else LET_STAND
