"""The review's judge for Eralash: exact where every card is known, else Master's search from the seat's view.

Each decision is valued in two currencies (docs/records.md, ``python -m engine review``): the chance that
the seat's side wins the robber (``engine.eralash.race``, through Master's robber value) and the tricks
its side takes in this deal.

- **Exact** (``exact``): when the View pins every hidden card down (``endgame.known_hands``: both
  hands of a 2-player deal, any deal once counts and voids leave one placement) and the position fits
  the solver's node cap, every legal card is solved twice — for the side's robber chance and for its
  tricks — and ``line`` is the best card with the replies of the trick solve.
- **Sampled**: Master's ISMCTS over equal-card classes; each class's robber chance and mean tricks
  come from the same iterations. The best-valued other class the search visited enough is always
  compared head to head with the played one on fresh samples, again while the gap
  sits within its noise of a threshold (``GAP_NOISE``, or wider where the values are near 0 or 1; up to
  ``COMPARE_MAX`` times); the gap
  reported is what stands above that noise (the gap less ``GAP_NOISE`` scaled to the comparisons'
  iterations). A class
  not compared is valued at most as the played card: it only shows how much the choice mattered.
  ``line`` is the best card and the most visited replies of the search tree.
- **Late** (``LATE_CARDS`` or fewer cards in the hands, not pinned down): double dummy over samples of
  the seat's view — each sampled deal solved exactly for every legal card (robber chance and tricks), the
  values averaged over the samples (the same samples for every card), more samples while the gap sits
  near a threshold, the gap said less twice its standard error.
- **Trump**: every suit is played out on the same sampled deals (robber chance and tricks).
- **Again**: a sampled judgement whose gap reaches ``AGAIN_FROM`` is judged under ``AGAIN`` further seeds
  (derived from the review's seed and the decision) and the median gap's judgement stands.

Marks come from the robber chance alone (``judgement.THRESHOLDS``): a trick matters only as far as it
moves the race or a slam. The judge says ``why`` itself (``engine.review.eralash.why``): for a mark, the
cost in the race's terms; for a move within the noise of another card, "no difference".
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from engine.bots.eralash import DEFAULT_BUDGET, make
from engine.bots.eralash.endgame import NODE_CAP, NODES_PER_SECOND, Endgame, TooBig, fits, known_hands
from engine.bots.eralash.master import ROLLOUT_SKILL, expected_line, search_root
from engine.bots.eralash.robber import RobberValue
from engine.bots.eralash.tricks import equivalence_classes
from engine.bots.eralash.view import Situation, decision_rng, trick_play_of, trump_choices
from engine.bots.search import stable_seed
from engine.cards import cards
from engine.eralash.match import Match
from engine.eralash.moves import ChooseTrump, move_from_json, move_to_json
from engine.review.budget import Budget, Stopped, check, whole
from engine.review.eralash.why import RaceEnd, exact_reason, hint_reasons, no_difference, reasons
from engine.review.further import one_by_one
from engine.review.judgement import (
    NOISE,
    THRESHOLDS,
    Judgement,
    judgement_from_json,
    judgement_to_json,
    settle,
)
from engine.review.parts import ReviewParts
from engine.review.words import say_both

LINE_PLIES = 4
MIN_SHARE = 0.1  # a class searched less than this share of the most visited one is left out of the table
MIN_VISITS = 8
THIN_VISITS = 3  # fewer visits tell nothing of a class (every class gets one)
# How far a gap between two moves moves from one search to the next at the review's budget
# (docs/benchmarks.md, "Coach — Eralash noise and marks"), and how often the head-to-head comparison
# is repeated at most while the gap sits that close to a threshold.
GAP_NOISE = 0.045
GAP_NOISE_ITERATIONS = 200  # ... with this many iterations in the comparison (it falls as 1/sqrt of them)
COMPARE_MAX = 6
# In the app's seconds, no comparison starts once the judgement has taken this many decision budgets
# (six comparisons took three; under an iteration cap every one runs, up to COMPARE_MAX).
COMPARE_SECONDS = 1.4
# Cards still in the hands (all seats) from which a late position is judged by double dummy over
# samples; a solve there takes a few milliseconds (docs/benchmarks.md, "Coach — Eralash noise and marks").
LATE_CARDS = {2: 14, 3: 15, 4: 16}
LATE_SAMPLES = (12, 48)  # samples per decision: at least (also under an iteration cap), at most
MOST = 2  # reasons per sentence
# A decision whose gap to the best move reaches this (half the inaccuracy's threshold, before settle's
# floor of NOISE) is judged under AGAIN further seeds and the median stands: mid-deal a search's loss can move
# by more than GAP_NOISE between seeds (docs/benchmarks.md, "Coach — Eralash noise and marks").
AGAIN_FROM = THRESHOLDS["eralash"][2] / 2
AGAIN = 4
AGAIN_SECONDS = 2.0  # the further judgements' time together, in decision budgets (iteration caps: each)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def robber_chance(value: RobberValue, seat: int) -> Callable[[tuple[int, ...]], float]:
    """The chance that ``seat``'s side wins the robber once the deal ends with ``won`` tricks per seat."""
    side = value.side_of(seat)

    def chance(won: tuple[int, ...]) -> float:
        side_won = [0] * value.sides
        for s, w in enumerate(won):
            side_won[value.side_of(s)] += w
        return value.side_values(side_won)[side]

    return chance


def side_tricks(sit: Situation) -> int:
    """Tricks the seat's side has taken so far in this deal."""
    me = sit.side_of(sit.seat)
    return sum(w for s, w in enumerate(sit.won) if sit.side_of(s) == me)


def named_best(table: dict[Any, tuple[float, float]], played: Any) -> Any:
    """The move settle will name best (the line starts with it): settle itself, on this table."""
    return settle(played, Judgement(played, 0.0, 0.0, 0, table=table), NOISE["eralash"], "eralash").best


Further = Callable[[int, Callable[[int], Any], "float | None"], list[Any]]


def judge(view: Any, played: Any, budget: Budget, seed: int,
          should_stop: Callable[[], bool] | None = None, further: Further | None = None) -> Judgement:
    """The decision's judgement. ``further(count, work, seconds)`` runs the further judgements of a
    would-be mark (``work(k)``, k from 1; none started ``seconds`` after the first), shared by the
    review's processes (engine.review.further); without it they are made here, one after another."""
    j, solved = _judge(view, played, budget, seed, should_stop)
    if not j.exact and _gap(played, j) >= AGAIN_FROM:
        j, solved = _again(view, played, budget, seed, should_stop, j, solved, further)
    return with_why(view, played, j, solved)


def _gap(played: Any, j: Judgement) -> float:
    """The most robber chance any move judged is worth above the played one (a gap under NOISE too)."""
    if j.table is None:
        return j.value_best - j.value_played
    return max(w for w, _ in j.table.values()) - j.table[played][0]


def again_one(view: Any, played: Any, budget: Budget, seed: int, k: int,
              should_stop: Callable[[], bool] | None = None) -> tuple[Judgement, bool]:
    """The ``k``-th further judgement of a would-be mark (from 1): its own seed, derived from the
    review's and the decision; in the app's seconds a share of ``AGAIN_SECONDS`` budgets (half of
    the even share, as a judgement's repeated comparisons can take twice its budget; under an
    iteration cap, the cap)."""
    share = budget if budget.seconds is None else replace(budget, seconds=budget.seconds * AGAIN_SECONDS
                                                          / AGAIN / 2)
    again = stable_seed(seed, "again", k, view.seat, view.hand, view.played, view.deal_number)
    return _judge(view, played, share, again, should_stop)


def _again(view: Any, played: Any, budget: Budget, seed: int, should_stop: Callable[[], bool] | None,
           j: Judgement, solved: bool, further: Further | None = None) -> tuple[Judgement, bool]:
    """A would-be mark judged again under ``AGAIN`` further seeds (derived from the review's seed and
    the decision, so a review stays reproducible); the judgement with the median gap to its best move
    stands. Mid-deal a search's loss moves from under the noise to 0.16 between seeds, and one search
    in ten or twenty finds nothing where the others find 0.10 (docs/benchmarks.md, "Coach — Eralash
    noise and marks"): the median of five keeps the mark alike under 9 seeds in 10 there. The further
    judgements are independent: a shared review makes them on both its processes at once."""
    # In the app's seconds no further judgement starts once AGAIN_SECONDS budgets have passed.
    limit = None if budget.seconds is None else budget.seconds * AGAIN_SECONDS

    def work(k: int) -> tuple[Judgement, bool]:
        return again_one(view, played, budget, seed, k, should_stop)

    found = [(j, solved), *(further or one_by_one)(AGAIN, work, limit)]
    found.sort(key=lambda f: _gap(played, f[0]))
    rep, rep_solved = found[(len(found) - 1) // 2]  # the lower of two middles, when time cut them short
    return rep._replace(iterations=sum(f.iterations for f, _ in found)), rep_solved


def _judge(view: Any, played: Any, budget: Budget, seed: int,
           should_stop: Callable[[], bool] | None = None) -> tuple[Judgement, bool]:
    """The judgement, and whether its deal values are solved (exactly, or double dummy per sample)."""
    sit = Situation.of(view)
    rng = decision_rng(seed, view)
    if sit.trump is None:
        return _judge_trump(view, sit, played, budget, rng, should_stop), False
    left = sum(view.counts)
    if fits(sit.n, left):
        hands = known_hands(view)
        if hands is not None:
            exact = judge_exact(sit, hands, int(played), budget)
            if exact is not None:
                return exact, True
    if left <= LATE_CARDS.get(sit.n, 0):
        late = judge_late(view, sit, int(played), budget, rng, should_stop)
        if late is not None:
            return late, True
    return _judge_sampled(view, sit, played, budget, seed, rng, should_stop), False


def with_why(view: Any, played: Any, j: Judgement, solved: bool = False) -> Judgement:
    """The judgement with its ``why``: the race's cost of a marked move, "no difference" for a move
    as good as another within the noise (a move the search was sure of says nothing). Tricks are
    said only when ``solved`` (a search's trick means are averages, not a trick lost)."""
    s = settle(played, j, NOISE["eralash"], "eralash")
    table = j.table or {}
    if s.mark != "best":
        best_tricks = table[s.best][1] if s.best in table else None
        found = reasons(view, played, s.best, loss=s.loss, best_tricks=best_tricks,
                        played_tricks=s.deal_played, solved=solved)
        exact = exact_reason(table[s.best][1], s.deal_played) if j.exact and s.best in table else None
        said_exact = exact is not None and exact.best != exact.played
        if said_exact and found and isinstance(found[0], RaceEnd):
            found[0] = replace(found[0], exact=True)  # the race's end says the solved tricks itself
            said_exact = False
        elif said_exact:
            found = [exact, *found]
        why = say_both(found, MOST + said_exact)
        return j._replace(why=why)
    rivals = [m for m in table if m != played]
    if s.nearly and rivals:
        other = max(rivals, key=lambda m: table[m][0])
        return j._replace(why=say_both([no_difference(view, played, other)]))
    return j


def judge_late(view: Any, sit: Situation, played: int, budget: Budget, rng: random.Random,
               should_stop: Callable[[], bool] | None) -> Judgement | None:
    """Double dummy over samples of the view: each legal card's mean robber chance and tricks over the
    same sampled deals, each solved exactly; None when a sample does not fit the solver.

    The samples go on (past the budget, up to ``LATE_SAMPLES[1]``) while the gap to the best card sits
    within twice its standard error of a mark's threshold, and the gap said is the gap less twice that
    error: what the samples show beyond their own noise."""
    utility = robber_chance(sit.robber_value(), sit.seat)
    before = side_tricks(sit)
    trump = sit.trump if sit.trump is not None else 0
    dl = whole(budget, should_stop)
    low, high = LATE_SAMPLES
    chance: dict[int, list[float]] = {}
    tricks: dict[int, float] = {}
    n = nodes = 0
    first: Endgame | None = None
    margin = 0.0
    while n < high:
        if n >= low:
            table = {c: (sum(chance[c]) / n, before + tricks[c] / n) for c in chance}
            best = named_best(table, played)
            gap, margin = _paired_gap(chance[best], chance[played])
            near = any(abs(gap - t) < margin for t in (NOISE["eralash"], *THRESHOLDS["eralash"][0:3:2]))
            if not near and dl.expired(16 * n):  # 16: the deadline asks should_stop() every 16 "iterations"
                break
        if should_stop is not None and should_stop():
            raise Stopped
        deal = view.determinize(rng)
        args = (sit.n, list(deal.hands), trump, sit.leader, sit.trick, sit.won, sit.seat, sit.pairs)
        trick_solver = Endgame(*args, node_cap=NODE_CAP)
        robber = Endgame(*args, utility=utility, node_cap=NODE_CAP)
        try:
            t = trick_solver.move_values()
            r = robber.move_values()
        except TooBig:
            return None
        for c in t:
            tricks[c] = tricks.get(c, 0.0) + t[c]
            chance.setdefault(c, []).append(r[c])
        nodes += trick_solver.nodes + robber.nodes
        first = first or trick_solver
        n += 1
    table = {c: (sum(chance[c]) / n, before + tricks[c] / n) for c in chance}
    best = named_best(table, played)
    gap, margin = _paired_gap(chance[best], chance[played])
    said = table[played][0] + max(0.0, gap - margin)
    if best != played:
        table[best] = (said, table[best][1])
    for c in table:  # no other card above what the best is said to be worth
        if c not in (best, played) and table[c][0] > said:
            table[c] = (said, table[c][1])
    try:
        line = first.line_after(best, LINE_PLIES) if first is not None else [best]
    except TooBig:
        line = [best]
    return Judgement(best, table[played][0], table[best][0], nodes, table=table, line=line)


def _paired_gap(best: list[float], played: list[float]) -> tuple[float, float]:
    """The mean of the per-sample differences and twice its standard error."""
    d = [b - p for b, p in zip(best, played, strict=True)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean, 2.0 * math.sqrt(var / n)


def _node_cap(budget: Budget) -> int:
    if budget.seconds is None:
        return NODE_CAP
    return max(NODE_CAP, int(budget.seconds * NODES_PER_SECOND))


def judge_exact(sit: Situation, hands: list[int], played: int, budget: Budget) -> Judgement | None:
    """Every legal card solved for the robber chance and the deal's tricks; None when it does not fit."""
    cap = _node_cap(budget)
    args = (sit.n, hands, sit.trump if sit.trump is not None else 0, sit.leader, sit.trick, sit.won, sit.seat,
            sit.pairs)
    trick_solver = Endgame(*args, node_cap=cap)
    robber = Endgame(*args, utility=robber_chance(sit.robber_value(), sit.seat), node_cap=cap)
    try:
        tricks = trick_solver.move_values()
        chances = robber.move_values()
    except TooBig:
        return None
    before = side_tricks(sit)
    table = {c: (chances[c], before + tricks[c]) for c in tricks}
    best = named_best(table, played)
    try:
        line = trick_solver.line_after(best, LINE_PLIES)
    except TooBig:  # the line's own solves may pass the cap where the values did not
        line = [best]
    return Judgement(best, table[played][0], table[best][0], trick_solver.nodes + robber.nodes,
                     table=table, exact=True, line=line)


def _judge_sampled(view: Any, sit: Situation, played: Any, budget: Budget, seed: int, rng: random.Random,
                   should_stop: Callable[[], bool] | None) -> Judgement:
    began = time.perf_counter()
    legal_mask = 0
    for m in view.legal_moves():
        legal_mask |= 1 << int(m)
    classes = equivalence_classes(legal_mask, sit.settled())
    rep = {c: _lowest(k) for k in classes for c in cards(k)}
    reps = [_lowest(k) for k in classes]
    value = sit.robber_value()
    mine = rep[int(played)]
    dl = budget.stage(True, should_stop, check_every=8)
    totals: dict[int, float] = {}
    tree: list[Any] = []
    visits, means, its = search_root(sit, reps, view.determinize, value, rng, dl, totals, tree)
    check(dl)
    top_visits = max(visits.values())
    enough = [c for c in reps if visits[c] >= max(MIN_VISITS, MIN_SHARE * top_visits)]
    # the challenger: the best-valued class the search visited enough (its most visited, if no other)
    rivals = [c for c in enough if c != mine]
    best = max(rivals, key=lambda c: (means[c], visits[c], -c)) if rivals else mine
    # keys: the played card itself for its class, the lowest card of each other class
    table: dict[Any, tuple[float, float]] = {}
    thin: list[int] = []
    for c in reps:
        if c in (mine, best):
            table[played if c == mine else c] = (means[c], totals.get(c, 0.0) / max(1, visits[c]))
        elif visits[c] >= THIN_VISITS:
            thin.append(c)
    if best == mine:
        thin.extend(c for c in rivals if c not in thin)
    # A class not compared head to head with the move played is valued at most as the played card (it
    # is never named best, never raises the best deal value; its samples may be lucky) — but it counts
    # for how much the choice mattered (``decided``).
    def cap(win: float, deal: float) -> None:
        for c in thin:
            if c != best:
                table[c] = (min(means[c], win), min(totals.get(c, 0.0) / max(1, visits[c]), deal))

    if best == mine:
        cap(*table[played])
        line, assumed = assumed_cards(view, _line(tree[0], named_best(table, played), played, mine), seed)
        return Judgement(played, means[mine], means[mine], its, table=table, line=line, assumed=assumed)
    # Head to head on fresh samples, again while the gap sits within the noise of a mark's threshold
    # (NOISE and THRESHOLDS: the measured spread of a gap between seeds, halved with every repeat).
    won = {best: 0.0, mine: 0.0}
    tricks = {best: 0.0, mine: 0.0}
    seen = {best: 0, mine: 0}
    its2 = 0
    for k in range(1, COMPARE_MAX + 1):
        dl = budget.stage(False, should_stop, check_every=8)
        key = (k, view.seat, view.hand, view.played, view.deal_number)
        rng2 = random.Random(stable_seed(seed, "compare", *key))
        totals2: dict[int, float] = {}
        visits2, means2, n2 = search_root(sit, [best, mine], view.determinize, value, rng2, dl, totals2)
        check(dl)
        its2 += n2
        for c in (best, mine):
            won[c] += means2[c] * visits2[c]
            tricks[c] += totals2.get(c, 0.0)
            seen[c] += visits2[c]
        gap = won[best] / max(1, seen[best]) - won[mine] / max(1, seen[mine])
        margin = max(GAP_NOISE * math.sqrt(GAP_NOISE_ITERATIONS / max(1, its2)), _spread(won, seen))
        # what will be said is the gap less the margin: compare that, within its own error (half the margin)
        said = gap - margin
        if not any(abs(said - t) < margin / 2 for t in (NOISE["eralash"], *THRESHOLDS["eralash"][0:3:2])):
            break
        if budget.seconds is not None and time.perf_counter() - began > budget.seconds * COMPARE_SECONDS:
            break  # in the app's seconds: a would-be mark is judged again anyway (``_again``)
    final = {c: won[c] / max(1, seen[c]) for c in (best, mine)}
    # The gap said is what stands above the search's noise after the comparisons (a lower bound): a
    # gap that another seed could as well find under a threshold gets no mark from this one.
    final[best] = final[mine] + max(0.0, final[best] - final[mine] - margin)
    for c in (best, mine):
        table[played if c == mine else c] = (final[c], tricks[c] / max(1, seen[c]))
    cap(*table[played])
    line, assumed = assumed_cards(view, _line(tree[0], named_best(table, played), played, mine), seed)
    if final[mine] >= final[best]:
        return Judgement(played, final[mine], final[mine], its + its2, table=table, line=line,
                         assumed=assumed)
    return Judgement(best, final[mine], final[best], its + its2, table=table, line=line, assumed=assumed)


def _spread(won: dict[int, float], seen: dict[int, int]) -> float:
    """Twice the standard error of a gap between two means of values in [0, 1], at its widest: where
    a robber is won or lost outright (a slam, the end in reach) the values are near 0 or 1, and the
    measured noise of milder positions understates it."""
    var = 0.0
    for c, n in seen.items():
        m = min(1.0, max(0.0, won[c] / max(1, n)))
        var += m * (1.0 - m) / max(1, n)
    return 2.0 * math.sqrt(var)


def _line(root: Any, first: Any, played: Any, mine: int) -> list[Any]:
    """``first`` (a table key) and the replies the search tree expects after it."""
    line = expected_line(root, mine if first == played else first, LINE_PLIES)
    line[0] = first
    return line


def _judge_trump(view: Any, sit: Situation, played: Any, budget: Budget, rng: random.Random,
                 should_stop: Callable[[], bool] | None) -> Judgement:
    """Every suit on the same sampled deals, played out by Master's rollout policy."""
    value = sit.robber_value()
    me = sit.seat
    side = [s for s in range(sit.n) if sit.side_of(s) == sit.side_of(me)]
    choices = trump_choices(view)
    totals = dict.fromkeys(choices, 0.0)
    tricks = dict.fromkeys(choices, 0.0)
    dl = whole(budget, should_stop)
    it = 0
    while not dl.expired(it):
        deal = view.determinize(rng)
        for s in choices:
            tp = trick_play_of(deal, trump=s)
            tp.rollout(rng, sit.pairs, ROLLOUT_SKILL)
            totals[s] += value(tp.won)[me]
            tricks[s] += sum(tp.won[j] for j in side)
        it += 1
    check(dl)
    n = max(1, it)
    means = {s: totals[s] / n for s in choices}
    best = max(choices, key=lambda s: (means[s], -s))
    table = {ChooseTrump(s): (means[s], tricks[s] / n) for s in choices}
    return Judgement(ChooseTrump(best), means[played.suit], means[best], it, table=table,
                     line=(ChooseTrump(best),))


def hold(deal: Any, seat: int, card: int, keep: int = 0) -> bool:
    """Make ``seat`` hold ``card`` (a line's assumption about a hidden hand): it changes places with
    a card of the seat's hand not in ``keep`` nor a declared run (a card of the same suit when there
    is one, so no seat's suits change and the line's following stays lawful), from another hand or
    from the cards aside. True when the seat holds the card then."""
    if deal.hands[seat] >> card & 1:
        return True
    where = next((j for j in range(deal.n) if j != seat and deal.hands[j] >> card & 1), None)
    if where is None and not deal.aside >> card & 1:
        return False
    runs = 0
    for r in deal.runs[seat]:
        runs |= r.cards
    spare = deal.hands[seat] & ~keep & ~runs
    same = spare & 0x1FFF << 13 * (card // 13)
    pick = same or spare
    if not pick:
        return False
    swap = (pick & -pick) | 1 << card
    dealt = list(deal.dealt)
    deal.hands[seat] ^= swap
    dealt[seat] ^= swap
    if where is None:
        deal.aside ^= swap
    else:
        deal.hands[where] ^= swap
        dealt[where] ^= swap
    deal.dealt = tuple(dealt)
    return True


def assumed_cards(view: Any, line: Sequence[object], seed: int) -> tuple[tuple[object, ...], tuple[int, ...]]:
    """The line as far as a sample of the hidden cards (drawn from the seat's view) lets it be played,
    each other seat's card made part of that seat's sampled hand; and the cards other seats play in
    it that the seat had not seen (the line assumes their owners hold them)."""
    rng = random.Random(stable_seed(seed, "line", view.seat, view.hand, view.played, view.deal_number))
    deal = view.determinize(rng)
    unseen = view.unseen()
    out: list[object] = []
    assumed: list[int] = []
    for k, move in enumerate(line):
        mover = deal.current_player()
        if isinstance(move, int) and mover != view.seat:
            rest = 0
            for m in line[k + 1:]:
                if isinstance(m, int):
                    rest |= 1 << m
            if not unseen >> move & 1 and not deal.hands[mover] >> move & 1:
                break
            if not hold(deal, mover, move, rest):
                break
        try:
            deal.play(move)
        except ValueError:
            break
        out.append(move)
        if isinstance(move, int) and mover != view.seat and unseen >> move & 1:
            assumed.append(move)
    return tuple(out), tuple(assumed)


def _decision(match: Any, move: object) -> tuple[str, int]:
    """(kind, play number) of ``move`` about to be made in ``match``: naming trump, or a card."""
    return ("trump" if isinstance(move, ChooseTrump) else "play"), len(match.deal.played) + 1


def _exact_reason(view: Any, line: Sequence[object], deal_best: float | None,
                  deal_played: float | None) -> Any:
    return exact_reason(deal_best, deal_played)


def _new_match(seed: int, players: int = 4) -> Match:
    return Match.new(None, ["a", "b", "c", "d"][:players], seed)


REVIEW = ReviewParts(
    name="eralash", judge=judge, decision=_decision, reasons=reasons, hint_reasons=hint_reasons,
    exact_reason=_exact_reason, facts=lambda moves, index: {}, move_to_json=move_to_json,
    default_budget=float(DEFAULT_BUDGET), new_match=_new_match, club=lambda seed: make("club", seed),
    further=again_one,
    further_json=(
        lambda found: [judgement_to_json(found[0], move_to_json), found[1]],
        lambda obj: (judgement_from_json(obj[0], move_from_json), bool(obj[1])),
    ),
    note=("Eralash is decided mostly by the deal: the points come from runs and honours, "
          f"and losses under {NOISE['eralash']} of win chance are reported as none"),
)
