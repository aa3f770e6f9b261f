"""Why an Uragan move cost: typed reasons with their cards and counts, from the seat's view alone.

``reasons(view, played, best)`` compares what the played and the better move leave and take:
a table left for the opponent's uragan, an uragan missed, the 7♥ or a primiera card given up,
the count that decides a category, bait, a sum of one's own broken, a play that may be claimed and
a claim answered. Everything is computed from ``view`` (the table, the piles, the seat's hand, the
unseen cards), never from the hidden cards; ``engine.review.words`` turns reasons into sentences.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any, NamedTuple

from engine.cards import HEARTS, RANK_MASK, SEVEN, SUIT_MASK, CardSet, cards, rank_of
from engine.state import IllegalMove
from engine.uragan.capture import captures
from engine.uragan.claim import breach
from engine.uragan.deck import DECK, PLAYS_PER_DEAL, VALUE, VALUE_MASK
from engine.uragan.legal import CLAIM_PHASE, PICK
from engine.uragan.moves import Claim, LetStand, Play
from engine.uragan.primiera import RANK_POINTS, suit_points
from engine.uragan.score import CARDS_NEEDED, HEARTS_NEEDED, SEVEN_OF_HEARTS

SEVEN_H_BIT = 1 << SEVEN_OF_HEARTS
HEARTS_MASK = SUIT_MASK[HEARTS] & DECK
MAX_SWEEP = 10  # a King: no card takes a larger sum
BAIT_CHANCE = 0.5  # the share of sampled deals with the twin in the opponent's hand that counts


# -- the reasons ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableLeft:
    """The move leaves ``table`` (``total``) for an opponent's uragan with a card of ``value``;
    ``sweepers`` such cards are unseen (``known``: the stock is empty, so the opponent holds them)."""

    move: object
    best: object
    table: CardSet
    total: int
    value: int
    sweepers: CardSet
    known: bool


@dataclass(frozen=True)
class SweepMissed:
    """The better move clears the table: an uragan."""

    best: Play


@dataclass(frozen=True)
class SevenOfHearts:
    """The 7♥: ``how`` is "missed" (the better move takes it), "exposed" (left on the table) or
    "trailed" (put on the table); ``takers`` are the unseen cards that can take it then."""

    how: str
    move: object
    best: object
    takers: CardSet = 0
    known: bool = False


@dataclass(frozen=True)
class PrimieraCard:
    """A primiera card (a seven or a six): ``how`` "missed" (the better move takes it and betters
    the seat's best of its suit) or "given" (the move puts it on the table)."""

    how: str
    card: int
    move: object
    best: object


@dataclass(frozen=True)
class CategoryCount:
    """The count that decides a category: ``category`` "cards", "hearts" or "primiera"; the seat
    has ``yours`` to ``theirs`` and the better move brings ``more`` (primiera: raises it to ``after``)."""

    category: str
    yours: int
    theirs: int
    more: int
    best: object
    after: int = 0


@dataclass(frozen=True)
class TrailOffered:
    """Both moves trail, but the one played offers the opponent more: a heart (``what`` "heart")
    or a primiera card worth ``points`` (``what`` "primiera") where the better one offers less."""

    move: Play
    best: Play
    what: str
    points: int = 0


@dataclass(frozen=True)
class Bait:
    """The opponent's last play trailed ``card`` with no rule forcing it; in ``chance`` of the deals
    consistent with the view the opponent holds another card of its value, and the move leaves it."""

    card: int
    chance: float


@dataclass(frozen=True)
class OwnSum:
    """The move breaks up ``sum_cards`` (``total``), which ``card`` in the seat's hand could take whole."""

    move: object
    sum_cards: CardSet
    total: int
    card: int


@dataclass(frozen=True)
class Claimable:
    """The move breaks a capture priority (``rule``: EQUAL or TRAIL), so the opponent may claim it;
    ``claimed`` is what followed (None: not known), ``forced`` what the claim made the card take."""

    move: Play
    rule: str
    claimed: bool | None = None
    forced: CardSet | None = None


@dataclass(frozen=True)
class ClaimAnswer:
    """The seat's answer to the opponent's priority-breaking ``card`` taking ``take``: ``claimed``
    (what the seat did), ``forced`` (what a claim makes it take), and where the 7♥ ends up."""

    claimed: bool
    card: int
    take: CardSet
    forced: CardSet
    seven_to_them: bool  # the seat's answer hands the opponent the 7♥, the other answer did not
    seven_kept: bool  # the other answer would have left the 7♥ on the table for the seat


@dataclass(frozen=True)
class Exact:
    """The verdict was solved exactly: with best play the seat ends with ``cards`` cards
    (``primiera``: and wins it), or the deal ends ``mine``:``theirs``."""

    mine: float
    theirs: float
    cards: int = 0
    primiera: bool = False


Reason = (TableLeft | SweepMissed | SevenOfHearts | PrimieraCard | CategoryCount | TrailOffered | Bait
          | OwnSum | Claimable | ClaimAnswer | Exact)


# -- what a move leaves -------------------------------------------------------------------------

class Outcome(NamedTuple):
    table: CardSet  # the table after the move
    mine: CardSet  # what the seat adds to its pile
    theirs: CardSet  # what the opponent adds to its pile
    sweep: bool  # the seat's move clears the table (not on the last play)


def _value_sum(mask: CardSet) -> int:
    return sum(VALUE[c] for c in cards(mask))


def _forced(pending: Any) -> CardSet:
    """What a claim makes the pending card take: the only demanded capture, else the one the
    offender would pick (the 7♥ first, then the most cards)."""
    return int(max(pending.demanded, key=lambda t: (bool(t & SEVEN_H_BIT), t.bit_count(), -t)))


def outcome(view: Any, move: object) -> Outcome:
    """The table and the piles' gains after ``move`` (a breaching play as it stands unclaimed)."""
    table = view.table
    if isinstance(move, Play):
        last = len(view.plays) + 1 == PLAYS_PER_DEAL
        if view.phase == PICK:  # the seat picks what its claimed card takes
            return Outcome(table & ~move.take, move.take | 1 << move.card, 0, False)
        if move.take:
            after = table & ~move.take
            return Outcome(after, move.take | 1 << move.card, 0, not after and not last)
        return Outcome(table | 1 << move.card, 0, 0, False)
    p = view.pending
    if p is None:
        return Outcome(table, 0, 0, False)
    take = _forced(p) if isinstance(move, Claim) else p.take
    if take:
        return Outcome(table & ~take, 0, take | 1 << p.card, False)
    return Outcome(table | 1 << p.card, 0, 0, False)


def _sweepers(view: Any, table: CardSet) -> tuple[int, CardSet]:
    """(total, the unseen cards that sweep ``table`` on the opponent's next play), or (total, 0)."""
    if not table:
        return 0, 0
    total = _value_sum(table)
    if total > MAX_SWEEP or len(view.plays) + 2 >= PLAYS_PER_DEAL:  # its play would be the last
        return total, 0
    return total, view.unseen() & VALUE_MASK[total]


def _takers_of_seven(view: Any, table: CardSet) -> CardSet:
    """The unseen cards that could take the 7♥ from ``table``."""
    if not table & SEVEN_H_BIT:
        return 0
    out = 0
    for c in cards(view.unseen()):
        if VALUE[c] >= 7 and any(t & SEVEN_H_BIT for t in captures(VALUE[c], table)):
            out |= 1 << c
    return out


def _primiera_gain(pile: CardSet, gain: CardSet) -> int:
    return sum(suit_points(pile | gain)) - sum(suit_points(pile))


def _twin_chance(view: Any, value: int) -> float:
    """The share of deals consistent with the view (the search samples them uniformly from the
    unseen cards) in which the opponent holds a card of ``value``."""
    unseen = view.unseen()
    n, k, h = unseen.bit_count(), (unseen & VALUE_MASK[value]).bit_count(), view.hand_sizes[view.opponent]
    if not k or not h or n < h:
        return 0.0
    return 1.0 - comb(n - k, h) / comb(n, h)


# -- the detectors ------------------------------------------------------------------------------

def reasons(view: Any, played: object, best: object, *, claimed: bool | None = None,
            forced: CardSet | None = None) -> list[Reason]:
    """The reasons the better move beats the played one, most telling first (may be empty).

    ``claimed``/``forced``: what followed a priority-breaking play in the record, when known."""
    if view.phase == CLAIM_PHASE and isinstance(played, (Claim, LetStand)):
        return _claim_answer(view, played, best)
    me = view.seat
    out: list[Reason] = []
    acted = played
    if isinstance(played, Play) and view.phase != PICK and not view.options.strict:
        br = breach(played.card, played.take, view.table)
        if br is not None:  # the rule broken comes first; a claim changes what the card took
            if claimed and forced is None and len(br.demanded) == 1:
                forced = br.demanded[0]
            out.append(Claimable(played, br.kind, claimed, forced))
            if claimed and forced is not None:
                acted = Play(played.card, forced)
    p, b = outcome(view, acted), outcome(view, best)
    if b.sweep and not p.sweep:
        out.append(SweepMissed(best))  # type: ignore[arg-type]
    if b.mine & SEVEN_H_BIT and not p.mine & SEVEN_H_BIT:
        out.append(SevenOfHearts("missed", played, best))
    takers = _takers_of_seven(view, p.table)
    if takers and not _takers_of_seven(view, b.table):
        how = "trailed" if isinstance(played, Play) and played.card == SEVEN_OF_HEARTS else "exposed"
        out.append(SevenOfHearts(how, played, best, takers, view.stock_size == 0))
    total, sweepers = _sweepers(view, p.table)
    if sweepers and not b.sweep:
        _, b_sweepers = _sweepers(view, b.table)
        if b_sweepers.bit_count() < sweepers.bit_count():
            out.append(TableLeft(played, best, p.table, total, total, sweepers, view.stock_size == 0))
    counts = _counts(view, p, b, best)
    out.extend(r for r in counts if r.category != "primiera")  # a category's count before a card
    pile = view.piles[me]
    best_suit = suit_points(pile)
    for c in cards(b.mine & ~p.mine & (RANK_MASK[SEVEN] | RANK_MASK[SEVEN - 1]) & ~SEVEN_H_BIT):
        if RANK_POINTS[rank_of(c)] > best_suit[c // 13]:
            out.append(PrimieraCard("missed", c, played, best))
            break
    if isinstance(played, Play) and not played.take and rank_of(played.card) in (SEVEN, SEVEN - 1) \
            and played.card != SEVEN_OF_HEARTS and not b.table >> played.card & 1 \
            and view.unseen() & VALUE_MASK[VALUE[played.card]]:
            out.append(PrimieraCard("given", played.card, played, best))
    out.extend(r for r in counts if r.category == "primiera")
    offered = _offered(played, best)
    if offered is not None and not any(isinstance(r, (PrimieraCard, SevenOfHearts)) for r in out):
        out.append(offered)
    bait = _bait(view, p, b)
    if bait is not None:
        out.append(bait)
    own = _own_sum(view, played, p, b)
    if own is not None and not (b.sweep and isinstance(best, Play) and best.card == own.card):
        out.append(own)
    return out


def _counts(view: Any, p: Outcome, b: Outcome, best: object) -> list[CategoryCount]:
    me, them = view.seat, view.opponent
    mine, theirs = view.piles[me], view.piles[them]
    out: list[CategoryCount] = []
    yours, other = mine.bit_count(), theirs.bit_count()
    more = b.mine.bit_count() - p.mine.bit_count()
    if more >= 2 and yours < CARDS_NEEDED and other < CARDS_NEEDED and yours + more >= CARDS_NEEDED - 6:
        out.append(CategoryCount("cards", yours, other, more, best))
    h_yours, h_other = (mine & HEARTS_MASK).bit_count(), (theirs & HEARTS_MASK).bit_count()
    h_more = (b.mine & HEARTS_MASK).bit_count() - (p.mine & HEARTS_MASK).bit_count()
    h_more -= (b.theirs & HEARTS_MASK).bit_count() - (p.theirs & HEARTS_MASK).bit_count()
    if h_more >= 2 and h_yours < HEARTS_NEEDED and h_other < HEARTS_NEEDED:
        out.append(CategoryCount("hearts", h_yours, h_other, h_more, best))
    gain_b, gain_p = _primiera_gain(mine, b.mine), _primiera_gain(mine, p.mine)
    now, then = sum(suit_points(mine)), sum(suit_points(theirs))
    if gain_b - gain_p >= 5 and now and then and not out:
        out.append(CategoryCount("primiera", now, then, gain_b - gain_p, best,
                                 now + gain_b))
    return out


def _offered(played: object, best: object) -> TrailOffered | None:
    if not (isinstance(played, Play) and isinstance(best, Play)) or played.take or best.take:
        return None
    c, o = played.card, best.card
    if c // 13 == HEARTS and o // 13 != HEARTS:
        return TrailOffered(played, best, "heart")
    pc, po = RANK_POINTS[rank_of(c)], RANK_POINTS[rank_of(o)]
    if pc >= 15 and pc > po + 2:
        return TrailOffered(played, best, "primiera", pc)
    return None


def _bait(view: Any, p: Outcome, b: Outcome) -> Bait | None:
    if not view.plays:
        return None
    last = view.plays[-1]
    if last.seat != view.opponent or last.take or last.broke:
        return None
    x = last.card
    if not (p.table >> x & 1) or b.table >> x & 1:
        return None
    chance = _twin_chance(view, VALUE[x])
    return Bait(x, chance) if chance >= BAIT_CHANCE else None


def _own_sum(view: Any, played: object, p: Outcome, b: Outcome) -> OwnSum | None:
    if not isinstance(played, Play) or not played.take:
        return None
    for h in cards(view.hand & ~(1 << played.card)):
        before = [t for t in captures(VALUE[h], view.table) if t.bit_count() >= 2]
        if not before or captures(VALUE[h], p.table):
            continue
        broken = [t for t in before if t & played.take and t & ~played.take]
        if broken and (captures(VALUE[h], b.table) or b.mine >> h & 1):
            s = max(broken, key=lambda t: (t.bit_count(), -t))
            return OwnSum(played, s, _value_sum(s), h)
    return None


def _claim_answer(view: Any, played: object, best: object) -> list[Reason]:
    pend = view.pending
    claimed = isinstance(played, Claim)
    forced = _forced(pend)
    p, b = outcome(view, played), outcome(view, best)
    to_them = bool(p.theirs & SEVEN_H_BIT) and not b.theirs & SEVEN_H_BIT
    kept = bool(b.table & SEVEN_H_BIT) and not p.table & SEVEN_H_BIT and bool(
        view.hand & VALUE_MASK[7])
    return [ClaimAnswer(claimed, pend.card, pend.take, forced, to_them, kept),
            *_counts(view, p, b, best)]


def followed(record_moves: list[object], index: int) -> tuple[bool | None, CardSet | None]:
    """What followed the play at ``index`` in the record: (claimed, what the card took then)."""
    nxt = record_moves[index + 1] if index + 1 < len(record_moves) else None
    if isinstance(nxt, Claim):
        pick = record_moves[index + 2] if index + 2 < len(record_moves) else None
        mine = record_moves[index]
        # a pick (the claimed card choosing among several demanded captures) plays the same card
        if isinstance(pick, Play) and isinstance(mine, Play) and pick.card == mine.card:
            return True, pick.take
        return True, None
    if isinstance(nxt, LetStand):
        return False, None
    return None, None


def exact_reason(view: Any, line: Sequence[object]) -> Exact | None:
    """What best play gives, when the verdict was solved exactly and ``line`` plays the deal to its
    end: in the last round the stock is empty, so the view knows the opponent's hand too."""
    if view.stock_size or not line or view.unseen().bit_count() != view.hand_sizes[view.opponent]:
        return None
    deal = view.determinize(random.Random(0))  # the only deal consistent with the view
    try:
        for move in line:
            deal.play(move)
    except IllegalMove:
        return None
    if not deal.is_over():
        return None
    bd = deal.score_breakdown()
    me, them = view.seat, view.opponent
    return Exact(bd["points"][me]["total"], bd["points"][them]["total"], bd["counts"][me]["cards"],
                 bool(bd["points"][me]["primiera"]))


def _solved_hint(view: Any, move: Play) -> Exact | None:
    """In the last round (every card known): what best play from both seats gives after ``move``,
    by the exact solver's line (a few hundredths of a second)."""
    from engine.bots.uragan.endgame import Endgame, deal_of_view, opponent_hand_known, points_utility

    if not opponent_hand_known(view) or view.phase != 0:
        return None
    deal = deal_of_view(view)
    if move not in deal.legal_moves():
        return None
    return exact_reason(view, Endgame(points_utility).line(deal, move, PLAYS_PER_DEAL))


def hint_reasons(view: Any, move: object) -> list[Reason]:
    """What speaks for ``move`` against the other lawful moves (for a hint's one line)."""
    if view.phase == CLAIM_PHASE or not isinstance(move, Play):
        return []
    o = outcome(view, move)
    out: list[Reason] = []
    solved = _solved_hint(view, move)
    if solved is not None:
        out.append(solved)
    if o.sweep:
        out.append(SweepMissed(move))
    if o.mine & SEVEN_H_BIT:
        out.append(SevenOfHearts("missed", None, move))
    best_suit = suit_points(view.piles[view.seat])
    for c in cards(o.mine & (RANK_MASK[SEVEN] | RANK_MASK[SEVEN - 1]) & ~SEVEN_H_BIT):
        if RANK_POINTS[rank_of(c)] > best_suit[c // 13]:
            out.append(PrimieraCard("missed", c, None, move))
            break
    if not out and not _sweepers(view, o.table)[1]:
        others = [m for m in view.legal_moves() if isinstance(m, Play) and m != move]
        if others and all(_sweepers(view, outcome(view, m).table)[1] for m in others):
            out.append(TableLeft(None, move, 0, 0, 0, 0, False))  # the only safe table
    return out


__all__ = ["reasons", "followed", "exact_reason", "hint_reasons", "outcome", "Reason", "TableLeft",
           "SweepMissed", "SevenOfHearts", "PrimieraCard", "CategoryCount", "Bait", "OwnSum", "Claimable",
           "ClaimAnswer", "Exact", "TrailOffered"]
