"""The review's judge for Uragan: Master's ISMCTS from the seat's view, valued by the match-win chance.

Stage one searches every lawful move (what Master would play); if the played move differs, stage two
searches just the two of them on fresh samples, so that both are valued by many iterations. A play
that broke a priority (``book`` claims) is searched in stage two under the record's own claims, so
the opponent's claim or let-stand answer is part of its value. The leaf value is the pure
match-win chance of ``engine.bots.uragan.eval``'s expected deal points (Master blends in a little of the point
difference to play purposefully when the match is decided; a review reports chances, not that).

Deal values (``deal_*``, in points: the seat's points of this deal minus the opponent's) come from
the same searches: each iteration's leaf (expected points of an unfinished deal, the score of a
finished one) is tallied under the root move it went through. From the first play of the last round
every card is known, and the judge solves instead (``engine.bots.uragan.endgame``): each move's
exact win chance (both seats playing for the match) and exact deal value (both playing for the
deal's points), and the best move's principal line to the end of the deal.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.bots.search import (
    Deadline,
    SearchResult,
    _gc_paused,
    _ismcts,
    decision_rng,
    stable_seed,
    view_key,
)
from engine.bots.uragan import DEFAULT_BUDGET, make
from engine.bots.uragan.endgame import (
    Endgame,
    deal_of_view,
    opponent_hand_known,
    points_utility,
    win_utility,
)
from engine.bots.uragan.eval import expected_points, no_rollout
from engine.bots.uragan.master import Resampler, lawful_moves, strict_move_generator
from engine.bots.uragan.odds import match_value, outcome, win_table
from engine.review.budget import Budget, check
from engine.review.judgement import NOISE, Judgement, best_of
from engine.review.parts import ReviewParts
from engine.review.uragan.why import exact_reason, followed, hint_reasons, reasons
from engine.state import IllegalMove
from engine.uragan.deal import CLAIM_PHASE, PICK, Deal
from engine.uragan.match import Match
from engine.uragan.moves import Move, Play, move_to_json
from engine.uragan.options import Options
from engine.uragan.view import View

EXPLORATION = 0.25  # Master's
LINE_PLIES = 4  # a searched verdict's line: the best move and three replies (or to the round's end)
WELL_SEARCHED = 0.25  # of the most visited move's visits: enough for a move's deal value to count


def _rooted(root_len: int, root: list[Move],
            inner: Callable[[Deal], list[Move]]) -> Callable[[Deal], list[Move]]:
    """The move generator with only ``root`` offered at the root (the shared ISMCTS asks the
    generator at every node, the root included)."""

    def moves(deal: Deal) -> list[Move]:
        if len(deal.history) == root_len:
            return root
        return inner(deal)

    return moves


class DealTally:
    """Each root move's deal value, from the leaves of the iterations that went through it."""

    def __init__(self, view: View) -> None:
        self.root_len = len(view.history)
        self.seat = view.seat
        self.sums: dict[object, float] = {}
        self.counts: dict[object, int] = {}

    def add(self, deal: Deal, e0: float, e1: float) -> None:
        if len(deal.history) <= self.root_len:
            return
        m = deal.history[self.root_len]
        d = e0 - e1 if self.seat == 0 else e1 - e0
        self.sums[m] = self.sums.get(m, 0.0) + d
        self.counts[m] = self.counts.get(m, 0) + 1

    def mean(self, move: object) -> float:
        n = self.counts.get(move, 0)
        return self.sums[move] / n if n else 0.0


def tallying_evaluator(match_points: Sequence[int], target: int,
                       tally: DealTally) -> Callable[[Deal], tuple[float, float]]:
    """Each seat's chance to win the match once this (finished or unfinished) deal is scored; the
    leaf's expected deal points are tallied under its root move as well."""
    a0, a1 = int(match_points[0]), int(match_points[1])
    table = win_table(target)

    def evaluate(deal: Deal) -> tuple[float, float]:
        if deal._over:
            x0, x1 = deal.score()
            p0 = outcome(a0 + int(x0), a1 + int(x1), target, table)
            tally.add(deal, x0, x1)
        else:
            e0, e1 = expected_points(deal)
            p0 = match_value(e0, e1, a0, a1, target)
            tally.add(deal, e0, e1)
        return p0, 1.0 - p0

    return evaluate


def _search(view: View, root: list[Move], options: Options, rng: random.Random,
            deadline: Deadline) -> tuple[SearchResult, DealTally]:
    sample = Resampler(view, options).sample
    gen = _rooted(len(view.history), root, strict_move_generator())
    tally = DealTally(view)
    evaluate = tallying_evaluator(view.match_points, view.target, tally)
    with _gc_paused():
        result = _ismcts(sample, root, evaluate, rng, deadline, no_rollout, EXPLORATION, None, gen)
    return result, tally


def judge_exact(view: View, played: Move) -> Judgement:
    """The last round solved: every lawful move's (and the played move's) exact win chance and deal
    value for the seat, the best named as ``settle`` names it, and its line to the end."""
    deal = deal_of_view(view)
    seat = view.seat
    moves = lawful_moves(view) if view.pending is None else list(view.legal_moves())
    if played not in moves:
        moves.append(played)  # a priority breach: the opponent's claim answer is searched
    all_suits = view.options.primiera_all_suits
    win = Endgame(win_utility(view.match_points, view.target), all_suits)
    pts = Endgame(points_utility, all_suits)
    table: dict[Move, tuple[float, float]] = {}
    for m in moves:
        w, p = win.value_after(deal, m), pts.value_after(deal, m)
        table[m] = (w, p) if seat == 0 else (1.0 - w, -p)
    noise = NOISE["uragan"]
    best = best_of(table, played, noise)
    wins = [w for w, _ in table.values()]
    solver = win if max(wins) - min(wins) >= noise else pts
    line = solver.line(deal, best)
    return Judgement(best, table[played][0], table[best][0], win.nodes + pts.nodes, table=table,
                     exact=True, line=line)


def _table(first: SearchResult, t1: DealTally, second: SearchResult | None, t2: DealTally | None,
           best: object, played: object) -> dict[object, tuple[float, float]]:
    """(win, deal) per move: the two compared moves from stage two, other well-searched moves from
    stage one shifted by the best move's stage one → two offset (they were valued on other samples)."""
    top = max(first.visits.values()) if first.visits else 0
    dw = dd = 0.0
    table: dict[object, tuple[float, float]] = {}
    if second is not None and t2 is not None:
        for m in (best, played):
            table[m] = (second.values[m], t2.mean(m))
        dw = second.values[best] - first.values[best]
        dd = t2.mean(best) - t1.mean(best)
    for m, n in first.visits.items():
        if m not in table and (m in (played, best) or n > 0 and n >= WELL_SEARCHED * top):
            table[m] = (first.values[m] + dw, t1.mean(m) + dd)
    return table


def _spread(first: SearchResult, t1: DealTally) -> tuple[float, float]:
    """How far apart every move the first search visited lies, in win chance and in the deal (a
    rarely visited move is a poor one: counting it keeps a deal from being called decided)."""
    seen = [m for m, n in first.visits.items() if n > 0]
    if not seen:
        return 0.0, 0.0
    wins = [first.values[m] for m in seen]
    deals = [t1.mean(m) for m in seen]
    return max(wins) - min(wins), max(deals) - min(deals)


def judge(view: View, played: Move, budget: Budget, seed: int,
          should_stop: Callable[[], bool] | None = None) -> Judgement:
    """Best move, the win chances and deal values after the played and the best move, from ``view``."""
    if opponent_hand_known(view):
        return judge_exact(view, played)
    root = lawful_moves(view) if view.pending is None else list(view.legal_moves())
    strict = dataclasses.replace(view.options, claims="strict")
    dl = budget.stage(True, should_stop)
    first, t1 = _search(view, root, strict, decision_rng(seed, view), dl)
    check(dl)
    best = first.move
    if best == played:
        table = _table(first, t1, None, None, best, played)
        line, assumed = fit_line(view, _line(table, played, first, None), seed)
        return Judgement(played, first.values[played], first.values[played], first.iterations,
                         table=table, line=line, spread=_spread(first, t1), assumed=assumed)
    pair: list[Move] = [best, played]  # type: ignore[list-item]  # best: one of root, a Move
    options = strict if played in root else view.options  # a priority breach needs book claims
    dl = budget.stage(False, should_stop)
    rng = random.Random(stable_seed(seed, "compare", view_key(view)))
    second, t2 = _search(view, pair, options, rng, dl)
    check(dl)
    vb, vp = second.values[best], second.values[played]
    its = first.iterations + second.iterations
    table = _table(first, t1, second, t2, best, played)
    line, assumed = fit_line(view, _line(table, played, first, second), seed)
    spread = _spread(first, t1)
    if vp >= vb:
        return Judgement(played, vp, vp, its, table=table, line=line, spread=spread, assumed=assumed)
    return Judgement(best, vp, vb, its, table=table, line=line, spread=spread, assumed=assumed)


def _line(table: dict[object, tuple[float, float]], played: object, first: SearchResult,
          second: SearchResult | None) -> tuple[object, ...]:
    """The move ``settle`` will name as best and the replies the search expects after it (the
    tree's most visited path: stage two's when it searched that move, else stage one's)."""
    best = best_of(table, played, NOISE["uragan"])
    for result in (second, first):
        if result is not None and best in result.lines:
            return result.lines[best][:LINE_PLIES]
    return (best,)


def hold(deal: Deal, seat: int, card: int, keep: int = 0) -> bool:
    """Make ``seat`` hold ``card`` (a line's assumption about a hidden hand): a card of the stock (a
    later round's hand) changes places with a card of the seat's hand that is not in ``keep`` (the
    lowest). Only hidden places change. True when the seat holds the card then."""
    if deal.hands[seat] >> card & 1:
        return True
    dealt = list(deal.dealt)
    where = next((i for i in range(2 * (deal.round + 1), len(dealt)) if dealt[i] >> card & 1), None)
    spare = deal.hands[seat] & ~keep
    if where is None or not spare:
        return False
    swap = (spare & -spare) | 1 << card
    deal.hands[seat] ^= swap
    dealt[2 * deal.round + seat] ^= swap
    dealt[where] ^= swap
    deal.dealt = tuple(dealt)
    return True


def _cards_of(moves: Sequence[object]) -> int:
    out = 0
    for m in moves:
        if isinstance(m, Play):
            out |= 1 << m.card
    return out


def fit_line(view: View, line: Sequence[object], seed: int) -> tuple[tuple[object, ...], tuple[int, ...]]:
    """The better line as the opponent could answer it: played on a sample of the hidden cards drawn
    from the seat's view (never the real ones), each of her cards the line names made part of her
    sampled hand; where the search's line stops short, the moves Club would make on that sample carry
    it on. It runs to ``LINE_PLIES`` moves or the end of the round, whichever is first (the next
    round's hands would be guesses too). Returns the line and the cards it assumes she holds: cards
    the seat has not seen, never one it saw elsewhere."""
    if not line:
        return (), ()
    rng = random.Random(stable_seed(seed, "line", view_key(view)))
    deal = Deal.determinized(view, rng)
    seat, start = view.seat, deal.round
    unseen = view.unseen()
    out: list[object] = []
    assumed: list[int] = []
    club: Any = None
    while len(out) < LINE_PLIES and not deal.is_over() and deal.round == start:
        k = len(out)
        mover = deal.current_player()
        if k < len(line):
            move = line[k]
        else:
            if club is None:
                club = make("club", seed)
            move = club.choose(deal.view(mover))
        if isinstance(move, Play) and mover != seat and (
                not unseen >> move.card & 1 or not hold(deal, mover, move.card, _cards_of(line[k + 1:]))):
            break
        try:
            deal.play(move)  # type: ignore[arg-type]  # a line's moves are the deal's moves
        except IllegalMove:
            break
        out.append(move)
        if isinstance(move, Play) and mover != seat:
            assumed.append(move.card)
    return tuple(out), tuple(assumed)


def _decision(match: Any, move: object) -> tuple[str, int]:
    """(kind, play number) of ``move`` about to be made in ``match``: a claim answer, a pick, a play."""
    phase = match.deal.phase
    kind = "claim" if phase == CLAIM_PHASE else "pick" if phase == PICK else "play"
    return kind, len(match.deal.plays) + 1


def _exact_reason(view: Any, line: Sequence[object], deal_best: float | None,
                  deal_played: float | None) -> Any:
    return exact_reason(view, line) if line else None


def _facts(moves: list[Any], index: int) -> dict[str, Any]:
    claimed, forced = followed(moves, index)
    return {"claimed": claimed, "forced": forced}


def _new_match(seed: int, players: int = 2) -> Match:
    if players != 2:
        raise ValueError("Uragan is played by two")
    return Match.new(Options(), ["a", "b"], seed)


REVIEW = ReviewParts(
    name="uragan", judge=judge, decision=_decision, reasons=reasons, hint_reasons=hint_reasons,
    exact_reason=_exact_reason, facts=_facts, move_to_json=move_to_json, default_budget=float(DEFAULT_BUDGET),
    new_match=_new_match, club=lambda seed: make("club", seed),
)
