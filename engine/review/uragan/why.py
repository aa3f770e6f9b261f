"""Why an Uragan move cost: typed reasons with their cards and counts, from the seat's view alone.

``reasons(view, played, best)`` compares what the played and the better move leave and take:
a table left for the opponent's uragan, an uragan missed, the 7♥ or a primiera card given up,
the count that decides a category, bait, a sum of one's own broken, a play that may be claimed and
a claim answered, the count of a trailed card (which of its twins are still out: ``count.py``), what
the better move gives up in a trade, and, when nothing simpler applies, what the better move does
on the table. Rounds 1-2 are computed from ``view`` (the table, the piles, the seat's hand, the
unseen cards), never from the hidden cards. In the last round the view knows the opponent's hand
(the stock is empty) and the deal is solved: the why then says which categories come out
differently on every best line after the two moves (``endgame.finishes``), not a view-only guess.
``engine.review.words`` turns reasons into sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any, NamedTuple

from engine.bots.uragan.endgame import (
    Endgame,
    Finish,
    deal_of_view,
    finishes,
    opponent_hand_known,
    points_utility,
)
from engine.cards import HEARTS, RANK_MASK, SEVEN, SUIT_MASK, CardSet, cards, rank_of
from engine.review.uragan.count import Takers, takers
from engine.uragan.capture import captures
from engine.uragan.claim import breach
from engine.uragan.deck import DECK, PLAYS_PER_DEAL, VALUE, VALUE_MASK
from engine.uragan.legal import CLAIM_PHASE, PICK
from engine.uragan.moves import CLAIM, LET_STAND, Claim, LetStand, Move, Play
from engine.uragan.primiera import RANK_POINTS, suit_points
from engine.uragan.score import CARDS_NEEDED, HEARTS_NEEDED, SEVEN_OF_HEARTS

SEVEN_H_BIT = 1 << SEVEN_OF_HEARTS
HEARTS_MASK = SUIT_MASK[HEARTS] & DECK
MAX_SWEEP = 10  # a King: no card takes a larger sum
BAIT_CHANCE = 0.5  # the share of the hands the opponent could hold with the twin that counts
# Solver nodes the last round's best lines may take to read (``endgame.finishes``): a review's why
# (off the UI thread; 2 s of CPU at most) and a hint's (said on the UI thread: past it, the hint says
# what the move does instead; its cost is then the solve itself, 0.12 s of CPU at the round's first play).
REVIEW_NODES = 150_000
HINT_NODES = 2_000


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
class Waits:
    """Both moves trail, and more of the unseen cards can take the played card where it lies
    (``kept``: its count) than the better move's card (``trailed``): the played card could wait."""

    move: Play
    best: Play
    kept: Takers
    trailed: Takers


@dataclass(frozen=True)
class LastCard:
    """The round's end: after the played move the seat holds only ``card``, which takes nothing on
    the table left (``table``), so unless the opponent's next card makes it a capture it will have to
    be trailed; the better move plays it now or keeps a card that can capture."""

    move: object
    best: object
    card: int
    table: CardSet


@dataclass(frozen=True)
class GivesUp:
    """The trade the better move makes: what it gives up that the played move had. ``what``: "seven"
    (the 7♥ the played move takes), "sweep" (the played move's uragan), "cards" (``n`` fewer cards
    taken), "seven_left" (the 7♥ left on the table, ``takers`` unseen cards can take it)."""

    best: object
    move: object
    what: str
    n: int = 0
    takers: CardSet = 0
    rider: bool = True  # said with the reasons it is weighed against, beyond their number


@dataclass(frozen=True)
class OnTable:
    """Nothing simpler to point at: what the better move does on the table. A capture: ``took``
    against what the played move takes (``played_took``); a trail: ``count``, what can take its card."""

    best: Play
    move: object
    took: CardSet
    played_took: CardSet
    count: Takers | None = None


@dataclass(frozen=True)
class KnownHand:
    """The last round: the stock is empty, so the opponent holds exactly the unseen ``cards``."""

    cards: CardSet


@dataclass(frozen=True)
class Solved:
    """The last round solved. ``diffs``: the categories ("cards", "hearts", "seven", "primiera",
    the uragans) whose outcome after the better move and after the played one differ on every best
    line: (category, outcomes after best, outcomes after played), an outcome 1 the seat's, -1 the
    opponent's, 0 nobody's; "uragans_mine"/"uragans_theirs": how many each seat makes). ``points_*``:
    the deal's points (mine, theirs) when every best line agrees on them. ``decisive``: a play of the
    played move's best line that takes the 7♥ or sweeps, when that decided it: (seat, card, take, a
    sweep). ``can_lose``: when no
    category differs on every line, those the opponent wins on some best line after the played move
    and on none after the better one. ``together``: categories that all go one way on every best line
    after one move (the opponent's after the played move, or the seat's after the better one,
    ``together_mine``) and never all of them after the other."""

    best: object
    move: object
    diffs: tuple[tuple[str, frozenset[Any], frozenset[Any]], ...]
    points_best: tuple[int, int] | None
    points_played: tuple[int, int] | None
    decisive: tuple[int, int, CardSet, bool] | None = None
    can_lose: tuple[str, ...] = ()
    together: tuple[str, ...] = ()
    together_mine: bool = False


@dataclass(frozen=True)
class SolvedHint:
    """A last-round hint solved: the categories the seat wins on every best line after the move
    (``yours``), those the opponent wins (``theirs``), the deal's points when every best line agrees."""

    yours: tuple[str, ...]
    theirs: tuple[str, ...]
    points: tuple[int, int] | None


@dataclass(frozen=True)
class Does:
    """A hint's plain fact: the move takes ``took`` (a capture), or its card lies on the table with
    ``count`` (a trail; ``safest``: every other card the seat could trail has more takers)."""

    move: Play
    took: CardSet
    count: Takers | None = None
    safest: bool = False


Reason = (TableLeft | SweepMissed | SevenOfHearts | PrimieraCard | CategoryCount | TrailOffered | Bait
          | OwnSum | Claimable | ClaimAnswer | Waits | LastCard | GivesUp | OnTable | KnownHand | Solved
          | SolvedHint | Does)


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
    """The reasons the better move beats the played one, most telling first (never empty when the
    two moves differ: at the least, what the better move does on the table).

    ``claimed``/``forced``: what followed a priority-breaking play in the record, when known."""
    if opponent_hand_known(view) and played != best:
        solved = _solved_reasons(view, played, best, claimed, forced)
        if solved is not None:
            return solved
    if view.phase == CLAIM_PHASE and isinstance(played, (Claim, LetStand)):
        return _claim_answer(view, played, best)
    me, them = view.seat, view.opponent
    out: list[Reason] = []
    acted = played
    claim = _claimable(view, played, claimed, forced)
    if claim is not None:  # the rule broken comes first; a claim changes what the card took
        out.append(claim)
        if claim.claimed and claim.forced is not None:
            acted = Play(claim.move.card, claim.forced)
    p, b = outcome(view, acted), outcome(view, best)
    if b.sweep and not p.sweep:
        out.append(SweepMissed(best))  # type: ignore[arg-type]
    if b.mine & SEVEN_H_BIT and not p.mine & SEVEN_H_BIT:
        out.append(SevenOfHearts("home" if getattr(best, "card", -1) == SEVEN_OF_HEARTS else "missed",
                                 played, best))
    seven_takers = _takers_of_seven(view, p.table)
    if seven_takers and not _takers_of_seven(view, b.table):
        how = "trailed" if isinstance(acted, Play) and acted.card == SEVEN_OF_HEARTS else "exposed"
        out.append(SevenOfHearts(how, acted, best, seven_takers, view.stock_size == 0))
    total, sweepers = _sweepers(view, p.table)
    if sweepers and not b.sweep:
        _, b_sweepers = _sweepers(view, b.table)
        if b_sweepers.bit_count() < sweepers.bit_count():
            out.append(TableLeft(acted, best, p.table, total, total, sweepers, view.stock_size == 0))
    counts = _counts(view, p, b, best)
    out.extend(r for r in counts if r.category != "primiera")  # a category's count before a card
    best_suit = suit_points(view.piles[me])
    for c in cards(b.mine & ~p.mine & (RANK_MASK[SEVEN] | RANK_MASK[SEVEN - 1]) & ~SEVEN_H_BIT):
        if RANK_POINTS[rank_of(c)] > best_suit[c // 13]:
            out.append(PrimieraCard("missed", c, played, best))
            break
    their_suit = suit_points(view.piles[them])
    if isinstance(acted, Play) and not acted.take and rank_of(acted.card) in (SEVEN, SEVEN - 1) \
            and acted.card != SEVEN_OF_HEARTS and not b.table >> acted.card & 1 \
            and RANK_POINTS[rank_of(acted.card)] > their_suit[acted.card // 13] \
            and takers(view, acted.card, p.table).takers:
        out.append(PrimieraCard("given", acted.card, acted, best))
    out.extend(r for r in counts if r.category == "primiera")
    offered = _offered(acted, best, their_suit)
    if offered is not None and takers(view, offered.move.card, p.table).takers \
            and not any(isinstance(r, (PrimieraCard, SevenOfHearts)) for r in out):
        out.append(offered)
    bait = _bait(view, p, b)
    if bait is not None:
        out.append(bait)
    own = _own_sum(view, acted, p, b)
    if own is not None and not (b.sweep and isinstance(best, Play) and best.card == own.card):
        out.append(own)
    waits = _waits(view, acted, best, p, b)
    if waits is not None:
        out.append(waits)
    last = _last_card(view, acted, best, p, b)
    if last is not None:
        out.append(last)
    if not [r for r in out if not isinstance(r, Claimable)] and isinstance(best, Play):
        count = takers(view, best.card, b.table) if not best.take else None
        out.append(OnTable(best, acted, b.mine, p.mine, count))
    trade = _gives_up(view, acted, best, p, b)
    if trade is not None:
        out.append(trade)  # a rider: said after the reasons it is weighed against
    return out


def _claimable(view: Any, played: object, claimed: bool | None,
               forced: CardSet | None) -> Claimable | None:
    if not isinstance(played, Play) or view.phase == PICK or view.options.strict:
        return None
    br = breach(played.card, played.take, view.table)
    if br is None:
        return None
    if claimed and forced is None and len(br.demanded) == 1:
        forced = br.demanded[0]
    return Claimable(played, br.kind, claimed, forced)


def _waits(view: Any, played: object, best: object, p: Outcome, b: Outcome) -> Waits | None:
    """Both trail: the played card has more unseen takers where it lies than the better one's."""
    if not (isinstance(played, Play) and isinstance(best, Play)) or played.take or best.take \
            or played.card == best.card:
        return None
    kept = takers(view, played.card, p.table, view.hand & ~(1 << played.card))
    trailed = takers(view, best.card, b.table, view.hand & ~(1 << best.card))
    if kept.takers.bit_count() > trailed.takers.bit_count():
        return Waits(played, best, kept, trailed)
    return None


def _last_card(view: Any, played: object, best: object, p: Outcome, b: Outcome) -> LastCard | None:
    """Two cards left in hand: the played move keeps one that can take nothing where it will lie,
    the better one plays it or keeps a card that can capture there."""
    if not (isinstance(played, Play) and isinstance(best, Play)) or view.hand.bit_count() != 2 \
            or view.phase != 0:
        return None
    kept = view.hand & ~(1 << played.card)
    other = view.hand & ~(1 << best.card)
    card = kept.bit_length() - 1
    if kept == other or captures(VALUE[card], p.table):
        return None
    if not captures(VALUE[other.bit_length() - 1], b.table) and best.card != card:
        return None
    return LastCard(played, best, card, p.table)


def _gives_up(view: Any, played: object, best: object, p: Outcome, b: Outcome) -> GivesUp | None:
    """What the better move gives up that the played one had (a trade is weighed, not hidden)."""
    if p.mine & SEVEN_H_BIT and not b.mine & SEVEN_H_BIT:
        return GivesUp(best, played, "seven")
    if p.sweep and not b.sweep:
        return GivesUp(best, played, "sweep")
    left = _takers_of_seven(view, b.table)
    if left and not _takers_of_seven(view, p.table):
        return GivesUp(best, played, "seven_left", takers=left)
    more = p.mine.bit_count() - b.mine.bit_count()
    if more >= 2:
        return GivesUp(best, played, "cards", n=more)
    return None


def _outcomes(ends: frozenset[Finish], seat: int, field: int) -> frozenset[int]:
    """A category's outcomes over the best lines, from ``seat``'s side: 1 its own, -1 the
    opponent's, 0 nobody's."""
    return frozenset(0 if f[field] == -1 else 1 if f[field] == seat else -1 for f in ends)


CATEGORY_FIELDS = (("cards", 0), ("hearts", 1), ("seven", 2), ("primiera", 3))


def _solved_reasons(view: Any, played: object, best: object, claimed: bool | None,
                    forced: CardSet | None) -> list[Reason] | None:
    """The last round: which categories the solved lines after the two moves give differently
    (None when the best lines are too many to read within ``REVIEW_NODES``)."""
    deal = deal_of_view(view)
    solver = Endgame(points_utility, view.options.primiera_all_suits)
    fb = finishes(solver, deal, best, REVIEW_NODES)  # type: ignore[arg-type]
    fp = finishes(solver, deal, played, REVIEW_NODES)  # type: ignore[arg-type]
    if fb is None or fp is None:
        return None
    me = view.seat
    diffs: list[tuple[str, frozenset[Any], frozenset[Any]]] = []
    for name, field in CATEGORY_FIELDS:
        ob, op = _outcomes(fb.ends, me, field), _outcomes(fp.ends, me, field)
        if not ob & op:
            diffs.append((name, ob, op))
    for name, who in (("uragans_mine", me), ("uragans_theirs", 1 - me)):
        ub = frozenset(f.uragans[who] for f in fb.ends)
        up = frozenset(f.uragans[who] for f in fp.ends)
        if not ub & up and len(ub) == 1 and len(up) == 1:  # said as a number: every line agrees on it
            diffs.append((name, ub, up))
    pb = {(f.points[me], f.points[1 - me]) for f in fb.ends}
    pp = {(f.points[me], f.points[1 - me]) for f in fp.ends}
    can_lose: list[str] = []
    together: tuple[str, ...] = ()
    mine_together = False
    if not diffs:
        for name, field in CATEGORY_FIELDS:
            if -1 in _outcomes(fp.ends, me, field) and -1 not in _outcomes(fb.ends, me, field):
                can_lose.append(name)
        together, mine_together = _together(fb.ends, fp.ends, me)
    if not (diffs or can_lose or together or len(pb) == 1 and len(pp) == 1 and pb != pp):
        return None  # nothing exact tells the two moves apart on every line: the view's reasons say it
    decisive = _decisive(solver, deal, played, diffs, me)
    out: list[Reason] = [Solved(best, played, tuple(diffs), next(iter(pb)) if len(pb) == 1 else None,
                                next(iter(pp)) if len(pp) == 1 else None, decisive, tuple(can_lose),
                                together, mine_together)]
    if view.phase == CLAIM_PHASE and isinstance(played, (Claim, LetStand)):
        out.extend(r for r in _claim_answer(view, played, best) if isinstance(r, ClaimAnswer))
    else:
        claim = _claimable(view, played, claimed, forced)
        if claim is not None:
            out.append(claim)
    return out


def _together(fb: frozenset[Finish], fp: frozenset[Finish], me: int) -> tuple[tuple[str, ...], bool]:
    """Categories that are all the opponent's on every best line after the played move and never all
    of them after the better one (else the seat's after the better one, never all after the played)."""
    for ends, other, side in ((fp, fb, -1), (fb, fp, 1)):
        sure = [(name, field) for name, field in CATEGORY_FIELDS if _outcomes(ends, me, field) == {side}]
        sure = [(name, field) for name, field in sure if _outcomes(other, me, field) != {side}]
        if len(sure) >= 2 and not any(all(_outcomes(frozenset([f]), me, field) == {side} for _, field in sure)
                                      for f in other):
            return tuple(name for name, _ in sure), side == 1
    return (), False


def _decisive(solver: Endgame, deal: Any, played: object, diffs: Sequence[tuple[str, Any, Any]],
              me: int) -> tuple[int, int, CardSet, bool] | None:
    """The play of the played move's best line that takes the 7♥ from the seat or sweeps against it,
    when the 7♥ or the uragans are what differ."""
    names = {d[0] for d in diffs}
    if not names & {"seven", "uragans_theirs"}:
        return None
    d = deal.copy()
    for mv in solver.line(deal, played, 12)[:]:  # type: ignore[arg-type]
        seat = d.current_player()
        table = d.table
        d.play(mv)
        if not isinstance(mv, Play) or seat == me or d.phase != 0:
            continue
        took = table & ~d.table if mv.take else 0
        sweep = bool(took) and not d.table and not d.is_over()
        if "seven" in names and took & SEVEN_H_BIT or "uragans_theirs" in names and sweep:
            return seat, mv.card, took, sweep
    return None


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


def _offered(played: object, best: object, theirs: Sequence[int] = (0, 0, 0, 0)) -> TrailOffered | None:
    """Both trail, and the played card offers the opponent more: a heart, or primiera points the
    opponent's pile does not already hold in that suit (``theirs``: its best card per suit)."""
    if not (isinstance(played, Play) and isinstance(best, Play)) or played.take or best.take:
        return None
    c, o = played.card, best.card
    if c // 13 == HEARTS and o // 13 != HEARTS:
        return TrailOffered(played, best, "heart")
    pc, po = RANK_POINTS[rank_of(c)], RANK_POINTS[rank_of(o)]
    if pc >= 15 and pc > po + 2 and pc > theirs[c // 13]:
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


def exact_reason(view: Any, line: Sequence[object]) -> KnownHand | None:
    """What leads an exact verdict: in the last round the stock is empty, so the opponent's hand is
    known by counting (the why's solved categories come from ``reasons``)."""
    if not opponent_hand_known(view):
        return None
    return KnownHand(view.unseen())


def _solved_hint(view: Any, move: Move) -> SolvedHint | None:
    """In the last round (every card known): what every best line after ``move`` gives each seat."""
    if not opponent_hand_known(view):
        return None
    deal = deal_of_view(view)
    if move not in deal.legal_moves():
        return None
    found = finishes(Endgame(points_utility, view.options.primiera_all_suits), deal, move, HINT_NODES)
    if found is None:
        return None
    ends, me = found.ends, view.seat
    yours, theirs = [], []
    for name, field in CATEGORY_FIELDS:
        got = _outcomes(ends, me, field)
        if got == {1}:
            yours.append(name)
        elif got == {-1}:
            theirs.append(name)
    points = {(f.points[me], f.points[1 - me]) for f in ends}
    if not yours and len(points) != 1:
        return None
    return SolvedHint(tuple(yours), tuple(theirs), next(iter(points)) if len(points) == 1 else None)


def hint_reasons(view: Any, move: object) -> list[Reason]:
    """What speaks for ``move`` (for a hint's one line): never empty for a lawful move, since at the
    least it says what the move takes or what can take the card it leaves."""
    solved = _solved_hint(view, move)  # type: ignore[arg-type]
    if view.phase == CLAIM_PHASE and isinstance(move, (Claim, LetStand)):
        other: Move = LET_STAND if isinstance(move, Claim) else CLAIM
        return [*([solved] if solved else []), _claim_answer(view, move, other)[0]]
    if not isinstance(move, Play):
        return []
    o = outcome(view, move)
    out: list[Reason] = [solved] if solved is not None else []
    if o.sweep:
        out.append(SweepMissed(move))
    if o.mine & SEVEN_H_BIT:
        out.append(SevenOfHearts("home" if move.card == SEVEN_OF_HEARTS else "missed", None, move))
    best_suit = suit_points(view.piles[view.seat])
    for c in cards(o.mine & (RANK_MASK[SEVEN] | RANK_MASK[SEVEN - 1]) & ~SEVEN_H_BIT):
        if RANK_POINTS[rank_of(c)] > best_suit[c // 13]:
            out.append(PrimieraCard("missed", c, None, move))
            break
    if not out and not _sweepers(view, o.table)[1]:
        others = [m for m in view.legal_moves() if isinstance(m, Play) and m != move]
        if others and all(_sweepers(view, outcome(view, m).table)[1] for m in others):
            out.append(TableLeft(None, move, 0, 0, 0, 0, False))  # the only safe table
    if view.phase == PICK or move.take:
        out.append(Does(move, o.mine))
    else:
        count = takers(view, move.card, o.table)
        rivals = [takers(view, m.card, outcome(view, m).table) for m in view.legal_moves()
                  if isinstance(m, Play) and not m.take and m.card != move.card]
        n = count.takers.bit_count()
        out.append(Does(move, 0, count, bool(rivals) and all(t.takers.bit_count() > n for t in rivals)))
    return out


__all__ = ["reasons", "followed", "exact_reason", "hint_reasons", "outcome", "Reason", "TableLeft",
           "SweepMissed", "SevenOfHearts", "PrimieraCard", "CategoryCount", "Bait", "OwnSum", "Claimable",
           "ClaimAnswer", "TrailOffered", "Waits", "LastCard", "GivesUp", "OnTable", "KnownHand", "Solved",
           "SolvedHint", "Does"]
