"""The coach: judge one seat's decisions in a game record from what that seat could see (docs/records.md).

API (what ``python -m engine review`` and the app's bot worker use)::

    from engine.review import review_record, review_json, decisions, match_before, Verdict

    for v in review_record(record, seat, budget=None, seed=0, should_stop=cancelled):
        v.deal, v.play, v.kind, v.move_index        # where (deal/play from 1; index into all moves)
        v.played, v.best                            # engine moves (v.to_json() writes them as records do)
        v.win_chance_played, v.win_chance_best, v.loss
        v.deal_played, v.deal_best, v.deal_loss        # in DEAL_UNIT[game]; None if not valued
        v.exact, v.mark, v.line, v.why                 # solved?, a mark (judgement.MARKS), moves, words
        v.assumed                                      # cards the line's replies assume hidden hands hold

- ``review_record(..., deals=[2])`` judges only deal 2's decisions; ``claim=`` shares the decisions
  among processes (``game.botworker`` runs a review on two); a ``Claims.claimer`` also shares a
  decision's further judgements (engine.review.further) and, with ``paced_to``, re-paces the deal.
- ``review_record`` yields one ``Verdict`` per decision of ``seat`` that had more than one legal
  move (plays, trump choices, claim answers, the offender's pick), in game order, as soon as each is
  judged. ``should_stop()`` is polled between decisions and during a search; when it turns true the
  generator ends without a verdict for the decision under way. A bad record raises
  ``engine.state.RecordError`` (one line) before the first verdict; a bad seat, ``ValueError``.
- ``budget`` is seconds per decision (default ``default_budget(game)``: Master's own, 0.8 s); give
  ``iterations`` instead (or as well) for a fixed number of search iterations per stage: then the
  verdicts depend only on the view and the seed, not on the machine's speed.
- ``decisions(record, seat)`` lists the decisions that will be judged (``Decision``: deal, play,
  kind, move_index, played), at once and without searching — for a viewer to lay out before the
  verdicts come. ``match_before(record, move_index)`` is the game (an engine ``Match``) just before
  that move; ``match_before(...).view(seat)`` is what the seat saw then.
- ``review_json(record, seat, budget, seed)`` is the command line's output object.

Fairness: every judge gets only ``match.view(seat)`` — the bots' ``View`` — and samples the hidden
cards from it; a verdict never depends on the hidden cards (tests/engine/review/test_review_fairness.py).
A gap in win chance under the game's noise threshold (``NOISE``: Uragan 0.01, Eralash 0.05) is
reported as no loss, with the played move as best and ``nearly_best`` true.

The seam each game's judge fills (``engine.review.judgement.Judgement``): besides the win chances, a
``table`` of move → (win chance, deal value), ``exact``, ``line`` and ``why``; ``settle`` names the
best from the table (highest win chance; among moves within the noise of it, the highest deal value),
computes ``deal_*`` and the ``mark`` (whichever loss is larger, match or deal; thresholds in
judgement.py) and the spreads ``deals[].decided`` is made from.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterator
from typing import Any, NamedTuple

from engine.records import match_from_record
from engine.review.budget import FIRST_PACED_S, MIN_PACED_S, Budget, Stopped
from engine.review.further import Share
from engine.review.games import review_parts
from engine.review.judgement import DEAL_UNIT, NOISE, decided, settle
from engine.review.verdict import Verdict, move_json
from engine.state import RecordError

__all__ = ["Verdict", "Decision", "review_record", "review_json", "decisions", "match_before",
           "default_budget", "load_match", "move_json", "NOISE", "DEAL_UNIT", "deal_summaries"]

PROCESSES = 2  # a shared review's processes, as the app runs it (the bots' and one helper)


class Decision(NamedTuple):
    """A decision the review will judge: where it is, and the move made."""

    deal: int
    play: int
    seat: int
    kind: str
    move_index: int
    played: object


def default_budget(game: str) -> float:
    """Seconds per decision when none is given: Master's own think time."""
    return review_parts(game).default_budget


def load_match(record: Any) -> tuple[str, Any]:
    """(game, Match) of a record, every move checked; RecordError with one line if it is bad."""
    if not isinstance(record, dict):
        raise RecordError('record must be a JSON object with a "game" key')
    match = match_from_record(record)  # checks the game's name first
    return str(record["game"]), match


def _fresh(match: Any) -> Any:
    """The same game with no move made (same cards, same dealers)."""
    save = match.to_save()
    save["moves"] = []
    return type(match).from_save(save)


def _check_seat(match: Any, seat: int) -> None:
    n = len(match.players)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat must be a seat of the record, from 0 to {n - 1}, not {seat!r}")




def _walk(record: Any, seat: int) -> Iterator[tuple[str, Decision, Any]]:
    """(game, decision, the match just before it) for each decision of ``seat`` to judge."""
    game, match = load_match(record)
    _check_seat(match, seat)
    decision = review_parts(game).decision
    state = _fresh(match)
    for i, move in enumerate(match.moves):
        if state.current_player() == seat and len(state.legal_moves()) > 1:
            kind, play_no = decision(state, move)
            yield game, Decision(len(state.deals_done) + 1, play_no, seat, kind, i, move), state
        state.play(move)


def decisions(record: Any, seat: int) -> list[Decision]:
    """The decisions ``review_record`` will judge, in order (no search: quick)."""
    return [d for _, d, _ in _walk(record, seat)]


def match_before(record: Any, move_index: int) -> Any:
    """The game just before move ``move_index`` (0-based, over the whole game's move list)."""
    _, match = load_match(record)
    if not 0 <= move_index <= len(match.moves):
        raise ValueError(f"move index must be from 0 to {len(match.moves)}, not {move_index}")
    state = _fresh(match)
    for move in match.moves[:move_index]:
        state.play(move)
    return state


def review_record(record: Any, seat: int, budget: float | None = None, seed: int = 0, *,
                  iterations: int | None = None,
                  should_stop: Callable[[], bool] | None = None,
                  deals: Collection[int] | None = None,
                  claim: Callable[[], int] | None = None,
                  paced_to: float | None = None) -> Iterator[Verdict]:
    """Judge every decision of ``seat`` with more than one legal move; yields verdicts in order.

    ``deals`` (numbers from 1) limits the review to those deals ("review this deal": the record
    keeps the deals before it, so the match or robber score is right).

    ``claim`` shares a review between processes: each call returns the number (from 0, in the order
    of ``decisions``) of the next decision this process is to judge, from a counter the processes
    share; the others are judged elsewhere. A decision's verdict depends only on its view, the seed
    and the budget, so with ``iterations`` the verdicts are the same however the work is shared.

    ``paced_to`` (seconds, with a shared ``claim`` and a budget in seconds): each decision's budget is
    set when it is claimed so that the review ends about that long after it began (``Share.paced``:
    at most ``budget``, at least ``MIN_PACED_S``; the first decision at most ``FIRST_PACED_S``)."""
    walk = _walk(record, seat)
    if deals:
        wanted = set(deals)
        walk = (w for w in walk if w[1].deal in wanted)
    try:
        first = next(walk)
    except StopIteration:
        return
    game = first[0]
    if budget is None and iterations is None:
        budget = default_budget(game)
    if budget is not None and not budget > 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget!r}")
    plan = Budget(budget, iterations)
    judge = review_parts(game).judge
    noise = NOISE[game]
    moves = load_match(record)[1].moves  # what followed each decision (a claim answered)

    def stopping() -> bool:
        return should_stop is not None and bool(should_stop())

    share: Share | None = claim if isinstance(claim, Share) else None  # the further judgements too
    further_work = review_parts(game).further
    to_json, from_json = review_parts(game).further_json or (None, None)
    states: dict[int, Any] = {}

    def run(move_index: int, k: int, seconds: float | None) -> Any:
        """The other process's decision ``move_index``: its ``k``-th further judgement, with the
        decision's budget (``seconds``, as it was paced there)."""
        if move_index not in states:
            states.clear()  # (one decision at a time is posted; keep the last)
            states[move_index] = match_before(record, move_index)
        assert further_work is not None
        budget = plan if plan.seconds is None else Budget(seconds or plan.seconds, plan.iterations)
        result = further_work(states[move_index].view(seat), moves[move_index], budget, seed, k, should_stop)
        return result if to_json is None else to_json(result)

    def helped() -> bool:
        """The other process's further judgements taken and judged; False when told to stop."""
        if share is None or further_work is None:
            return True
        try:
            share.help(run)
        except Stopped:
            return False
        return True

    total = 0  # the decisions of the review (a re-paced one counts them)
    if share is not None and paced_to is not None:
        total = sum(1 for dd in decisions(record, seat) if not deals or dd.deal in set(deals))

    def plan_for(number: int) -> Budget:
        """The budget of decision ``number`` (from 0), just claimed: re-paced for the deal, when asked
        (the first one shorter: its verdict is the first on screen)."""
        if share is None or paced_to is None or plan.seconds is None:
            return plan
        most = plan.seconds if number else min(plan.seconds, FIRST_PACED_S)
        return Budget(share.paced(most, total, PROCESSES, paced_to, MIN_PACED_S), plan.iterations)

    holding = claim is not None
    try:
        mine = claim() if claim is not None else 0
        for k, (_, d, state) in enumerate(_chain(first, walk)):
            if stopping():
                return
            if claim is not None and k < mine:
                continue  # another process judges it
            view = state.view(seat)
            extra: dict[str, Any] = {}
            budget_now = plan_for(k)
            if share is not None and further_work is not None:
                def spread(count: int, work: Callable[[int], Any], seconds: float | None,
                           index: int = d.move_index, given: float | None = budget_now.seconds) -> list[Any]:
                    assert share is not None
                    found: list[Any] = share.spread(index, count, work, seconds, should_stop, given,
                                                    read=from_json)
                    return found

                extra["further"] = spread
            try:
                j = judge(view, d.played, budget_now, seed, should_stop, **extra)
            except Stopped:
                return
            s = settle(d.played, j, noise, game)
            why = j.why
            if why is None and s.mark != "best":
                why = explain(game, view, d.played, s.best, s.loss, moves, d.move_index,
                              deal_loss=s.deal_loss, exact=bool(j.exact), line=tuple(j.line),
                              deal_best=s.deal_best, deal_played=s.deal_played)
            kept = bool(j.line) and j.line[0] == s.best  # a line starts with the move named best
            yield Verdict(game, d.deal, d.play, seat, d.kind, d.move_index, d.played, s.best, s.win_played,
                          s.win_best, s.loss, s.nearly, j.iterations, s.deal_played, s.deal_best,
                          s.deal_loss, bool(j.exact), s.mark, tuple(j.line) if kept else (), why,
                          s.win_spread, s.deal_spread, tuple(j.assumed) if kept else ())
            if claim is not None:
                if share is not None:
                    share.end()
                    holding = False
                if not helped():
                    return
                mine = claim()  # the next decision nobody has taken yet, once this one is given
                holding = True
    finally:
        if share is not None and holding:
            share.end()
    if share is not None and further_work is not None:  # nothing left to claim: help the other
        with contextlib.suppress(Stopped):  # process while it judges its last decisions
            share.help_while_busy(run, stopping)


def explain(game: str, view: Any, played: object, best: object, loss: float, moves: list[Any],
            index: int, **values: Any) -> dict[str, str] | None:
    """The ``why`` of a decision that cost (engine.review.why), with what followed it in the record."""
    from engine.review.why import decision_why

    facts = review_parts(game).facts(moves, index)
    return decision_why(game, view, played, best, loss=loss, **values, **facts)


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


def deal_summaries(verdicts: Collection[Verdict], noise: float, game: str = "uragan") -> list[dict[str, Any]]:
    """One summary per judged deal, in order: decisions, mistakes, inaccuracies, and ``decided``
    (no choice of the seat in it changed the win chance or the deal value by more than the margin)."""
    by_deal: dict[int, list[Verdict]] = {}
    for v in verdicts:
        by_deal.setdefault(v.deal, []).append(v)
    return [{"deal": n, "decisions": len(vs),
             "mistakes": sum(v.mark == "mistake" for v in vs),
             "inaccuracies": sum(v.mark == "inaccuracy" for v in vs),
             "good": sum(v.mark == "good" for v in vs),
             "decided": decided([(v.win_spread, v.deal_spread) for v in vs], noise, game)}
            for n, vs in by_deal.items()]


def mark_decided(out: dict[str, Any]) -> None:
    """A decided deal's summary gets the plain line as its ``why``, and so does each of its
    decisions that has none: in a decided deal no move is "good", none made a difference."""
    from engine.review.why import decided_why

    line = decided_why()
    settled = set()
    for d in out["deals"]:
        if d["decided"]:
            d["why"] = line
            settled.add(d["deal"])
    for v in out["decisions"]:
        if v["deal"] in settled and "why" not in v:
            v["why"] = line


def review_json(record: Any, seat: int, budget: float | None = None, seed: int = 0, *,
                iterations: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """The command line's output object (docs/records.md, ``python -m engine review``); ``jobs``
    processes share the decisions (engine.review.pool), the verdicts the same."""
    game, _ = load_match(record)
    if jobs > 1:
        from engine.review.pool import review_pooled

        verdicts = sorted(review_pooled(record, seat, budget, seed, iterations=iterations, jobs=jobs),
                          key=lambda v: v.move_index)
    else:
        verdicts = list(review_record(record, seat, budget, seed, iterations=iterations))
    out: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "deal_unit": DEAL_UNIT[game],
        "budget": budget if budget is not None or iterations is not None else default_budget(game),
        "iterations": iterations,
        "seed": seed,
        "noise": NOISE[game],
        "decisions": [v.to_json() for v in verdicts],
        "deals": deal_summaries(verdicts, NOISE[game], game),
        "total_loss": round(sum(v.loss for v in verdicts), 4),
    }
    mark_decided(out)
    note = review_parts(game).note
    if note:
        out["note"] = note
    return out
