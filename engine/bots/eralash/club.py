"""Eralash Club: a rule-based player that follows the original text's own advice.

Lead from your runs (a run of four or five: its lowest card first, unless the run is headed by the
highest card still out, which wins at once), then from the top card of any suit; without runs lead
a long suit and keep its top card for when the suit breaks. Trump when it wins cheaply, never waste
a high trump or trump a partner's trick, discard low from short suits.
Above all watch the score sheet: a seat ahead on points wants the robber to end (tricks to itself,
or to whoever is about to reach the target), a seat behind wants it to go on (tricks spread, the
near-target seat kept out). Pure heuristics: well under a millisecond per move.
"""

from __future__ import annotations

from typing import Any

from engine.bots.eralash.view import Situation, choose_trump_move, to_card_move, trump_choices
from engine.cards import SUIT_MASK, cards
from engine.eralash.trick import beats, winning_index

__all__ = ["ClubBot", "choose_trump_by_strength", "trick_wishes", "runs_in"]

HONOUR_WEIGHT = (0, 0, 0, 0, 0, 0, 0, 0, 0.25, 0.5, 1.0, 1.5, 2.0)  # 10, J, Q, K, A


def choose_trump_by_strength(hand: int, choices: tuple[int, ...] = (0, 1, 2, 3)) -> int:
    """The suit (of ``choices``) with the most trick-taking power: length counts most, then high cards."""
    best_suit, best = choices[0], -1.0
    for s in choices:
        m = hand & SUIT_MASK[s]
        score = 1.5 * m.bit_count() + sum(HONOUR_WEIGHT[c % 13] for c in cards(m))
        if score > best:
            best_suit, best = s, score
    return best_suit


def runs_in(hand: int) -> list[list[int]]:
    """Maximal runs (three or more consecutive cards of a suit) still in ``hand``, low card first."""
    out: list[list[int]] = []
    for s in range(4):
        cur: list[int] = []
        for c in cards(hand & SUIT_MASK[s]):
            if cur and c != cur[-1] + 1:
                if len(cur) >= 3:
                    out.append(cur)
                cur = []
            cur.append(c)
        if len(cur) >= 3:
            out.append(cur)
    return out


def trick_wishes(sit: Situation) -> list[float]:
    """For each seat, how good it is for ``sit.seat`` (robber-winning chance) if that seat wins the
    trick now being played, with the rest of the deal's tricks projected evenly."""
    return wish_matrix(sit)[sit.seat]


def wish_matrix(sit: Situation) -> list[list[float]]:
    """``m[o][w]``: seat ``o``'s robber-winning chance if seat ``w`` wins the trick being played,
    the deal's other tricks spread evenly (each rotation of the remainder, averaged)."""
    value = sit.robber_value()
    after = sit.tricks_left() - 1
    sides, n = sit.sides, sit.n
    m = [[0.0] * n for _ in range(n)]
    for w in range(n):
        acc = [0.0] * sides
        for rot in range(sides):
            side_won = [0] * sides
            for s in range(n):
                side_won[sit.side_of(s)] += sit.won[s]
            side_won[sit.side_of(w)] += 1
            for k in range(after):
                side_won[(rot + k) % sides] += 1
            for i, v in enumerate(value.side_values(side_won, complete=True)):
                acc[i] += v
        for o in range(n):
            m[o][w] = acc[sit.side_of(o)] / sides
    return m


def duckers(sit: Situation) -> int:
    """Seats (a bitmask) that would rather not take tricks now: their own trick is worth less to
    them than the same trick going to another side."""
    m = wish_matrix(sit)
    mask = 0
    for o in range(sit.n):
        others = [m[o][w] for w in range(sit.n) if sit.side_of(w) != sit.side_of(o)]
        if others and m[o][o] < sum(others) / len(others) - 1e-6:
            mask |= 1 << o
    return mask


class ClubBot:
    """Rule-based Eralash player (see the module text)."""

    sees_all = False

    def __init__(self, seed: int = 0, name: str = "club") -> None:
        self.name = name
        self.seed = seed

    def choose(self, view: Any, full: Any = None) -> Any:
        legal = view.legal_moves()
        if not legal:
            raise ValueError(f"seat {view.seat} has no move to make now (seat {view.cur} is to move)")
        if len(legal) == 1:
            return legal[0]
        sit = Situation.of(view)
        if sit.trump is None:
            return choose_trump_move(view, choose_trump_by_strength(sit.hand, trump_choices(view)))
        mask = 0
        for m in legal:
            mask |= 1 << to_card_move(m)
        card = club_card(sit, mask)
        return _move_for(legal, card)

    def __repr__(self) -> str:
        return f"ClubBot(seed={self.seed})"


def _move_for(legal: list[Any], card: int) -> Any:
    for m in legal:
        if to_card_move(m) == card:
            return m
    raise AssertionError(f"card {card} not among the legal moves")


def club_card(sit: Situation, legal: int) -> int:
    """The Club player's card from the legal cards ``legal`` (a mask)."""
    wishes = trick_wishes(sit)
    if not sit.trick:
        return _lead(sit, legal, wishes)
    return _follow(sit, legal, wishes)


def _lowest_rank(mask: int, trump: int | None, avoid_trump: bool = True) -> int:
    pool = mask & ~SUIT_MASK[trump] if (avoid_trump and trump is not None) else mask
    if not pool:
        pool = mask
    best, best_key = -1, (99, 99)
    for c in cards(pool):
        key = (c % 13, (pool & SUIT_MASK[c // 13]).bit_count())  # low rank, then short suit
        if key < best_key:
            best, best_key = c, key
    return best


def _lead(sit: Situation, legal: int, wishes: list[float]) -> int:
    me, trump = sit.seat, sit.trump
    assert trump is not None
    want = wishes[me] >= max(wishes) - 1e-9
    if not want:
        # Give the lead away: a low card in a suit where I do not hold the master.
        pool = legal & ~SUIT_MASK[trump]
        weak = 0
        for c in cards(pool):
            if not sit.is_master(c):
                weak |= 1 << c
        return _lowest_rank(weak or pool or legal, trump)
    hand = legal
    trumps = hand & SUIT_MASK[trump]
    # 1. runs: a run of 4-5 from its lowest card, other runs from the top (a master first)
    runs = runs_in(hand)
    if runs:
        runs.sort(key=lambda r: (r[0] // 13 != trump, -len(r)))
        for run in runs:
            if run[0] // 13 == trump and trumps.bit_count() < 4:
                continue  # do not open a short trump holding
            if 4 <= len(run) <= 5 and not sit.is_master(run[-1]):
                return run[0]
            return run[-1]
    # 2. a long trump holding draws trumps, top first if it is the master
    if trumps.bit_count() >= 5:
        top = trumps.bit_length() - 1
        return top if sit.is_master(top) else (trumps & -trumps).bit_length() - 1
    # 3. the top card of any plain suit, when it is the highest still out
    for s in sorted(range(4), key=lambda s: -(hand & SUIT_MASK[s]).bit_count()):
        if s == trump:
            continue
        m = hand & SUIT_MASK[s]
        if m and sit.is_master(m.bit_length() - 1):
            return m.bit_length() - 1
    # 4. a long plain suit, low, keeping its top card for when the suit breaks
    best_suit, best_len = -1, 0
    for s in range(4):
        if s == trump:
            continue
        k = (hand & SUIT_MASK[s]).bit_count()
        if k > best_len:
            best_suit, best_len = s, k
    if best_suit >= 0:
        m = hand & SUIT_MASK[best_suit]
        return (m & -m).bit_length() - 1
    return (trumps & -trumps).bit_length() - 1


def _follow(sit: Situation, legal: int, wishes: list[float]) -> int:
    me, trump, n = sit.seat, sit.trump, sit.n
    assert trump is not None
    trick = sit.trick
    led = trick[0] // 13
    bi = winning_index(trick, trump)
    best = trick[bi]
    winner = (sit.leader + bi) % n
    last = len(trick) == n - 1
    want = wishes[me] > wishes[winner] + 1e-9
    partner = sit.partner_of(me)
    if partner is not None and winner == partner:
        # the partner's card holds if I am last or it is the highest still out (a plain master may
        # still be trumped: a risk the text's player takes)
        holds = last or sit.is_master(best)
        if holds:
            want = False
    winners = 0
    for c in cards(legal):
        if beats(c, best, trump):
            winners |= 1 << c
    if want and winners:
        follow_win = winners & SUIT_MASK[led] if led != trump else 0
        trump_win = winners & SUIT_MASK[trump]
        if follow_win:
            top = follow_win.bit_length() - 1
            if last:
                return (follow_win & -follow_win).bit_length() - 1
            if sit.is_master(top):
                return (follow_win & -follow_win).bit_length() - 1 if _all_above_out(sit, follow_win) else top
            if len(trick) >= 2 or not trump_win:
                return (follow_win & -follow_win).bit_length() - 1
        if trump_win:
            low = (trump_win & -trump_win).bit_length() - 1
            trumps_held = (sit.hand & SUIT_MASK[trump]).bit_count()
            cheap = low % 13 <= 9 or trumps_held >= 4 or last or sit.is_master(low)
            if cheap:
                return low
        if follow_win:
            return (follow_win & -follow_win).bit_length() - 1
    # not winning (or not wanting to): play low, following suit rather than wasting a trump
    follow = legal & SUIT_MASK[led]
    if follow:
        return (follow & -follow).bit_length() - 1
    if not want and winners:
        losers = legal & ~winners
        if losers:
            return _lowest_rank(losers, trump)
    return _discard(sit, legal)


def _all_above_out(sit: Situation, mine: int) -> bool:
    """Whether my lowest card of ``mine`` is already as good as my top (no outside card between)."""
    low = (mine & -mine).bit_length() - 1
    top = mine.bit_length() - 1
    between = ((1 << top) - 1) & ~((1 << (low + 1)) - 1)
    return not (between & sit.outstanding())


def _discard(sit: Situation, legal: int) -> int:
    """A card to throw away: the lowest card of the shortest plain suit, never a master or a trump."""
    trump = sit.trump
    assert trump is not None
    plain = legal & ~SUIT_MASK[trump]
    keep = 0
    for c in cards(plain):
        if sit.is_master(c):
            keep |= 1 << c
    pool = plain & ~keep or plain or legal
    best, key_best = -1, (99, 99)
    for c in cards(pool):
        key = ((pool & SUIT_MASK[c // 13]).bit_count(), c % 13)
        if c % 13 >= 9:
            key = (key[0] + 20, key[1])  # keep picture cards if at all possible
        if key < key_best:
            best, key_best = c, key
    return best
