"""What a game's judge returns for one decision, and how it becomes a verdict's numbers and mark."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

M = TypeVar("M")  # a game's move

# A move loses at least this much win chance, or this much in the deal's own unit (Uragan points,
# Eralash tricks), to get the mark: (mistake win, mistake deal, inaccuracy win, inaccuracy deal,
# good deal). A smaller deal loss than the last is within the search's noise: nothing lost, "best";
# from it up to an inaccuracy the move is "good" (a small loss, said and counted as such).
# Calibrated in docs/benchmarks.md: the issue started the deal's mistake at 1.0; an Uragan searched
# deal loss is an average over samples and comes out smaller than the point it is (a 7H left lying
# costs 0.7-0.9), so 0.7 marks every planted blunder and no more other moves.
# The "good" floor: 0.05 Uragan point (the viewer shows a tenth, so nothing under it reads as a loss;
# it is about the most two search seeds move a deal loss: docs/benchmarks.md, Coach — lines and marks).
# Eralash (issue 29) marks by the robber chance alone — a trick that moves neither the race nor a slam
# is no loss — and above the search's own noise, measured seed against seed ("Coach — Eralash noise
# and marks": a loss moves by up to 0.045 between seeds at the review's budget, so a gap under 0.05 is
# none, an inaccuracy needs 0.08 and a mistake 0.15; tests/calibrate_marks_eralash.py); a smaller loss
# above the noise is "good".
THRESHOLDS = {"uragan": (0.05, 0.7, 0.01, 0.3, 0.05),
              "eralash": (0.15, float("inf"), 0.08, float("inf"), float("inf"))}
MARKS = ("best", "good", "inaccuracy", "mistake")  # from nothing lost to the most
DEAL_UNIT = {"uragan": "points", "eralash": "tricks"}
NOISE = {"uragan": 0.01, "eralash": 0.05}  # win chance; a smaller gap is no loss (docs/records.md)


class Judgement(NamedTuple):
    """A judge's finding for one decision.

    ``best``/``value_played``/``value_best`` are win chances (the match or robber), as before. A judge
    that also values moves in the deal gives ``table``: move → (win chance, deal value), covering at
    least the played move and every move it is sure enough of (``settle`` names the best from it, and
    takes ``deal_best`` as the highest deal value in it). ``exact`` says the values are solved, not
    sampled; ``line`` is the best move and the replies expected (moves as the engine has them);
    ``why`` is the explanation ({"en": .., "ru": ..}) when a words module made one. ``spread``
    (win, deal): how much the choice could matter, when the judge knows more than its table shows
    (a search's every visited move); settle takes the larger of it and the table's own.
    ``assumed``: the cards the line's replies play from hidden hands (a sample drawn from the seat's
    view: the line assumes their owners hold them).
    """

    best: object
    value_played: float
    value_best: float
    iterations: int
    table: Mapping[Any, tuple[float, float]] | None = None
    exact: bool = False
    line: Sequence[object] = ()
    why: Mapping[str, str] | None = None
    spread: tuple[float, float] | None = None
    assumed: Sequence[int] = ()


def judgement_to_json(j: Judgement, move_to_json: Callable[[Any], Any]) -> dict[str, Any]:
    """A judgement as JSON (its moves as records write them), to pass between a review's processes."""
    return {
        "best": None if j.best is None else move_to_json(j.best),
        "value_played": j.value_played, "value_best": j.value_best, "iterations": j.iterations,
        "table": None if j.table is None else [[move_to_json(m), w, d] for m, (w, d) in j.table.items()],
        "exact": j.exact, "line": [move_to_json(m) for m in j.line],
        "why": None if j.why is None else dict(j.why),
        "spread": None if j.spread is None else list(j.spread), "assumed": list(j.assumed),
    }


def judgement_from_json(obj: dict[str, Any], move_from_json: Callable[[Any], Any]) -> Judgement:
    """``judgement_to_json`` read back: the same judgement (floats round-trip exactly)."""
    table = obj["table"]
    spread = obj["spread"]
    return Judgement(
        None if obj["best"] is None else move_from_json(obj["best"]), obj["value_played"], obj["value_best"],
        obj["iterations"],
        None if table is None else {move_from_json(m): (w, d) for m, w, d in table},
        obj["exact"], tuple(move_from_json(m) for m in obj["line"]), obj["why"],
        None if spread is None else (spread[0], spread[1]), tuple(obj["assumed"]),
    )


class Settled(NamedTuple):
    """A judgement turned into a verdict's numbers (rounded to 4 places, losses never negative)."""

    best: object
    win_played: float
    win_best: float
    loss: float
    nearly: bool
    deal_played: float | None
    deal_best: float | None
    deal_loss: float | None
    mark: str
    win_spread: float     # best − worst win chance among the moves judged: how much the choice mattered
    deal_spread: float    # the same in the deal's unit (0 when the judge gave no deal values)


def _clamp(x: float) -> float:
    return round(min(1.0, max(0.0, float(x))), 4)


def mark_of(loss: float, deal_loss: float | None, is_best: bool, game: str = "uragan") -> str:
    """"best", "good", "inaccuracy" or "mistake" by whichever loss is larger, the match's or the deal's.

    The move the coach names as best is marked best: it may give up deal points for the match (the
    match comes first), and a coach that recommends a move and calls it a mistake says nothing.
    Another move is best only when it loses nothing beyond the noise: no win chance (``loss`` is
    0 under the noise) and less deal value than the "good" floor."""
    if is_best:
        return "best"
    mw, md, iw, idl, good = THRESHOLDS[game]
    d = deal_loss or 0.0
    if loss >= mw - 1e-9 or d >= md - 1e-9:
        return "mistake"
    if loss >= iw - 1e-9 or d >= idl - 1e-9:
        return "inaccuracy"
    if loss > 0 or d >= good - 1e-9:
        return "good"
    return "best"


def best_of(table: Mapping[M, tuple[float, float]], played: M, noise: float) -> M:
    """The move to name as best: the highest win chance; among the moves within ``noise`` of it,
    the highest deal value; the played move on a tie (values compared as ``settle`` rounds them)."""
    t = {m: (_clamp(w), round(float(d), 4)) for m, (w, d) in table.items()}
    top = max(w for w, _ in t.values())
    near = [m for m, (w, _) in t.items() if w >= top - noise]
    return max(near, key=lambda m: (t[m][1], m == played, t[m][0]))


def settle(played: object, j: Judgement, noise: float, game: str = "uragan") -> Settled:
    """The verdict's numbers. Without a table: a gap under ``noise`` counts as none (the played move
    is reported as best). With a table: the best is the move with the highest win chance; among the
    moves within ``noise`` of it, the one with the highest deal value (the played move on a tie)."""
    if j.table is None:
        wp, wb = _clamp(j.value_played), _clamp(j.value_best)
        if j.best == played:
            best, loss, nearly = played, 0.0, False
        elif wb - wp < noise:
            best, wb, loss, nearly = played, wp, 0.0, True
        else:
            best, loss, nearly = j.best, round(wb - wp, 4), False
        # Only two moves were valued: how much the choice could matter is unknown, so the deal is
        # never called decided on such a verdict (spreads of 1 win chance / 1 deal unit).
        return Settled(best, wp, wb, loss, nearly, None, None, None,
                       mark_of(loss, None, best == played, game), 1.0, 1.0)
    table = {m: (_clamp(w), round(float(d), 4)) for m, (w, d) in j.table.items()}
    if played not in table:
        raise ValueError("a judge's table must value the played move")
    top = max(w for w, _ in table.values())
    best = best_of(table, played, noise)
    wp, dp = table[played]
    wb, _ = table[best]
    deal_best = max(d for _, d in table.values())
    deal_loss = round(max(0.0, deal_best - dp), 4)
    if best == played:
        loss, nearly = 0.0, wp < top
        wb = wp
    elif wp >= top - noise:
        loss, nearly = 0.0, True
        wb = wp  # a gap under the noise is none (loss = best - played, as the record format says)
    else:
        loss, nearly = round(max(0.0, wb - wp), 4), False
    mark = mark_of(loss, deal_loss, best == played, game)
    if mark == "best" and best != played:
        best, wb = played, wp  # nothing lost: the played move is named, no other card is lifted
    win_spread = round(top - min(w for w, _ in table.values()), 4)
    deal_spread = round(deal_best - min(d for _, d in table.values()), 4)
    if j.spread is not None:
        win_spread = max(win_spread, round(j.spread[0], 4))
        deal_spread = max(deal_spread, round(j.spread[1], 4))
    return Settled(best, wp, wb, loss, nearly, dp, deal_best, deal_loss, mark, win_spread, deal_spread)


def decided(spreads: Sequence[tuple[float, float]], noise: float, game: str = "uragan") -> bool:
    """True when no choice of the seat in a deal changed its win chance by ``noise`` or more, nor its
    deal value by an inaccuracy's worth: nothing it could have done would have changed the result."""
    return all(w < noise and d < THRESHOLDS[game][3] for w, d in spreads)
