"""Why an Eralash card cost: typed reasons (a trump spent high, a partner over-taken, a slam, the
robber race, a decided deal) from the seat's view alone; ``engine.review.words`` says them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import SUIT_MASK, cards
from engine.eralash.trick import beats
from engine.review.reasons import Decided


@dataclass(frozen=True)
class HighTrump:
    """``card``, a trump, wins the trick; ``lower``, a lower trump in the hand, wins it as surely."""

    card: int
    lower: int


@dataclass(frozen=True)
class HighLoser:
    """``card`` cannot win the trick; ``lower``, of the same suit, loses it as well and keeps ``card``."""

    card: int
    lower: int


@dataclass(frozen=True)
class TrickTaken:
    """``best`` takes this trick for sure; ``card``, the move played, gives it away."""

    card: int
    best: int


@dataclass(frozen=True)
class ExactTricks:
    """Solved exactly: with best play the seat (or team) takes ``best`` tricks in this deal, and
    ``played`` after the move played."""

    best: int
    played: int


@dataclass(frozen=True)
class OverPartner:
    """In pairs: the partner's ``partner`` card was winning the trick, and ``card`` beat it."""

    card: int
    partner: int


@dataclass(frozen=True)
class Slam:
    """``how`` "let": the opponents hold every trick so far and ``best`` takes this one; "missed":
    the seat's side holds every trick so far and ``move`` gives this one away."""

    how: str
    move: object
    best: object


@dataclass(frozen=True)
class RobberRace:
    """Points ``mine`` to ``theirs`` (the best other side), the seat's side with ``tricks`` of the
    ``target``: taking tricks brings the robber's end nearer — good when ``leading``."""

    leading: bool
    mine: int
    theirs: int
    tricks: int
    target: int


def _side_sum(view: Any, values: tuple[float, ...], side: int) -> float:
    return float(sum(v for s, v in enumerate(values) if view.side_of(s) == side))


def _wins_now(view: Any, c: int) -> bool:
    """Whether ``c`` beats the trick as it stands (leading: it starts the trick)."""
    return view.pos == 0 or beats(c, view.best, view.trump)


def _surely_wins(view: Any, c: int) -> bool:
    """Whether ``c`` beats the current trick and nothing still to come can beat it."""
    if not _wins_now(view, c):
        return False
    if view.pos == view.n_players - 1:
        return True
    trump = view.trump
    if c // 13 != trump:
        return False
    higher = SUIT_MASK[trump] & ~((1 << (c + 1)) - 1)
    return not higher & view.unseen()


def _different(view: Any, low: int, high: int) -> bool:
    """Some unseen card lies between ``low`` and ``high`` of one suit (they are not the same card)."""
    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    return bool(between & view.unseen())


def reasons(view: Any, played: object, best: object, *, decided: bool = False) -> list[Any]:
    """The reasons ``best`` beats ``played`` (a decided deal: only that)."""
    if decided:
        return [Decided()]
    if not isinstance(played, int) or not isinstance(best, int) or view.trump < 0:
        return []
    out: list[Any] = []
    me, side = view.seat, view.side_of(view.seat)
    trump = view.trump
    if played // 13 == trump and _surely_wins(view, played):
        lows = [c for c in cards(view.legal_mask() & SUIT_MASK[trump])
                if c < played and _surely_wins(view, c) and _different(view, c, played)]
        if lows:
            out.append(HighTrump(played, lows[0]))
    if view.pos > 0 and isinstance(best, int) and best // 13 == played // 13 and best < played \
            and not _wins_now(view, played) and _different(view, best, played):
        out.append(HighLoser(played, best))
    if view.pairs and view.pos > 0 and view.best_seat != me and view.side_of(view.best_seat) == side \
            and beats(played, view.best, trump) and not beats(best, view.best, trump):
            out.append(OverPartner(played, view.best))
    done = len(view.winners)
    if done * 2 >= view.size and view.pos > 0:
        mine_all = all(view.side_of(w) == side for w in view.winners)
        theirs_all = not any(view.side_of(w) == side for w in view.winners)
        if theirs_all and _wins_now(view, best) and not _wins_now(view, played):
            out.append(Slam("let", played, best))
        elif mine_all and view.side_of(view.best_seat) != side and _wins_now(view, best) \
                and not _wins_now(view, played):
            out.append(Slam("missed", played, best))
    if not out and _surely_wins(view, best) and not _wins_now(view, played) \
            and not (view.pos > 0 and view.side_of(view.best_seat) == side):
        out.append(TrickTaken(played, best))
    race = _race(view, played, best, side)
    if race is not None:
        out.append(race)
    return out


def _race(view: Any, played: int, best: int, side: int) -> RobberRace | None:
    takes_p, takes_b = _wins_now(view, played), _wins_now(view, best)
    if takes_p == takes_b:
        return None
    n_sides = len(view.robber_points)
    pts = [view.robber_points[s] + _side_sum(view, view.points, s) for s in range(n_sides)]
    trs = [view.robber_tricks[s] + _side_sum(view, view.tricks_won, s) for s in range(n_sides)]
    mine = pts[side]
    theirs = max(p for s, p in enumerate(pts) if s != side)
    if mine == theirs:
        return None
    leading = mine > theirs
    if leading != takes_b:  # the better move takes the trick when leading, ducks when behind
        return None
    return RobberRace(leading, int(mine), int(theirs), int(trs[side]), int(view.target))


def exact_reason(deal_best: float | None, deal_played: float | None) -> ExactTricks | None:
    """The exact verdict's tricks, best play against the move played (whole tricks when solved)."""
    if deal_best is None or deal_played is None or deal_best != int(deal_best) \
            or deal_played != int(deal_played):
        return None
    return ExactTricks(int(deal_best), int(deal_played))


def hint_reasons(view: Any, move: object) -> list[Any]:
    """What speaks for the hinted card: the lowest trump that wins the trick as surely."""
    if not isinstance(move, int) or view.trump < 0:
        return []
    higher = [c for c in cards(view.legal_mask() & SUIT_MASK[view.trump])
              if c > move and _surely_wins(view, c) and _different(view, move, c)]
    if move // 13 == view.trump and higher and _surely_wins(view, move):
        return [HighTrump(higher[-1], move)]
    return []
