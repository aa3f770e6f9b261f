"""``python -m engine bench --review``: how long reviewing one seat of a whole deal takes, per game.

A deal is played by Club for every seat (fixed seeds), then one seat is reviewed at the given budget
(default: the review's default, Master's own). Wall-clock and CPU seconds are both reported: the
search is time-budgeted, so the wall time is about budget × decisions on any machine, while the CPU
share shows how loaded the box was.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.review.games import review_parts


def club_record(game: str, seed: int, players: int | None = None) -> dict[str, Any]:
    """The record of a first deal played by Club in every seat (seat ``s`` seeded ``seed + s``);
    ``players`` for a game dealt to 2 to 4 (the game's own table when None)."""
    parts = review_parts(game)
    m = parts.new_match(seed) if players is None else parts.new_match(seed, players)
    bots = [parts.club(seed + s) for s in range(len(m.players))]
    while not m.deals_done:
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return dict(m.to_record())


def measure(game: str, budget: float | None, seed: int = 1, seat: int = 0, *, jobs: int = 1,
            players: int | None = None, iterations: int | None = None) -> dict[str, Any]:
    """``jobs`` processes share the decisions (engine.review.pool); ``first_seconds``: when the first
    verdict was in. CPU seconds are this process's only."""
    from engine.review import default_budget
    from engine.review.pool import review_pooled

    rec = club_record(game, seed, players)
    wall, cpu = time.perf_counter(), time.process_time()
    verdicts, first = [], None
    for v in review_pooled(rec, seat, budget, seed, iterations=iterations, jobs=jobs):
        verdicts.append(v)
        first = first if first is not None else time.perf_counter() - wall
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    its = [v.iterations for v in verdicts]
    return {"budget": budget if budget is not None or iterations else default_budget(game),
            "iterations": iterations, "jobs": jobs, "players": players,
            "decisions": len(verdicts), "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
            "first_seconds": round(first or 0.0, 2),
            "iterations_median": statistics.median(its) if its else 0,
            "mistakes": sum(v.loss > 0.05 for v in verdicts),
            "why_ms": why_cost(game, rec, seat), "hint_ms_max": hint_cost(game, rec, seat)}


def hint_cost(game: str, rec: dict[str, Any], seat: int) -> float:
    """The slowest ``hint_why`` of the deal's decisions, in milliseconds (each legal move hinted; in
    Uragan's last round it plays the exact solver's line out)."""
    from engine.review import decisions, match_before
    from engine.review.why import hint_why

    worst = 0.0
    for d in decisions(rec, seat):
        view = match_before(rec, d.move_index).view(seat)
        for move in view.legal_moves():
            t = time.perf_counter()
            hint_why(view, move, game)
            worst = max(worst, time.perf_counter() - t)
    return round(1000 * worst, 1)


def why_cost(game: str, rec: dict[str, Any], seat: int) -> float:
    """Milliseconds the reasons and words of a whole deal take: one ``why`` per decision, each
    against every other legal move as the better one (the review makes at most one per decision)."""
    from engine.review import decisions, match_before
    from engine.review.why import decision_why

    spent, calls, ds = 0.0, 0, decisions(rec, seat)
    for d in ds:
        view = match_before(rec, d.move_index).view(seat)
        for best in view.legal_moves():
            t = time.perf_counter()
            decision_why(game, view, d.played, best, loss=0.1, deal_loss=0.5)
            spent += time.perf_counter() - t
            calls += 1
    return round(1000 * spent / max(1, calls) * len(ds), 1)


def run(budget: float | None, games: list[str], *, jobs: int = 1, players: int | None = None,
        iterations: int | None = None) -> dict[str, Any]:
    return {g: measure(g, budget, jobs=jobs, players=players, iterations=iterations) for g in games}


def noise(game: str, iterations: int, positions: int = 10, seeds: int = 4) -> dict[str, Any]:
    """How much the played move's value moves between search seeds, at a fixed iteration count
    (10 decisions of seat 0 in a Club deal, seed 3); and the gaps found between played and best."""
    from engine.review import decisions, match_before
    from engine.review.budget import Budget

    judge = review_parts(game).judge
    rec = club_record(game, 3)
    sds, gaps = [], []
    for d in decisions(rec, 0)[:positions]:
        view = match_before(rec, d.move_index).view(0)
        values = []
        for seed in range(seeds):
            j = judge(view, d.played, Budget(None, iterations), seed)
            values.append(j.value_played)
            gaps.append(j.value_best - j.value_played)
        sds.append(statistics.pstdev(values))
    return {"iterations": iterations, "sd_median": round(statistics.median(sds), 4),
            "sd_max": round(max(sds), 4), "gaps": sorted(round(g, 3) for g in gaps if g > 0)}
