"""Eralash's coach noise and marks (docs/benchmarks.md, "Coach — Eralash noise and marks").

The same decisions judged twice — under two seeds at one budget, and at a budget five times larger —
to measure how far the judge's own robber chances move from one search to the next, and so where a
mark stands above that noise. Robbers are played by Clubs (every seat), one reviewed seat each: 4
players, 3 players, pairs, and 2 players with a longer robber (target 30; with the default target a
two-player robber is one deal, decided by the points dealt).

For each decision the judge's table (move → robber chance, tricks) is kept per run; then for each
candidate (noise, inaccuracy, mistake) the verdicts are settled as the review settles them and
compared: how many decisions get a mark under either run, and on how many of those both runs give
the same mark.

Run ``python tests/calibrate_marks_eralash.py --iterations 300 --robbers 4``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from engine.bots.eralash.club import ClubBot
from engine.eralash.match import Match
from engine.eralash.options import Options
from engine.review import decisions, match_before
from engine.review.budget import Budget
from engine.review.eralash import judge
from engine.review.judgement import Judgement, settle

TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("4 players", 4, {}), ("3 players", 3, {}), ("pairs", 4, {"pairs": True}),
    ("2 players, target 30", 2, {"target": 30}))


def club_robber(n: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    m = Match.new(Options.from_dict(options), [f"p{i}" for i in range(n)], seed)
    bots = [ClubBot(seed + i) for i in range(n)]
    while not m.is_over():
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    return m.to_record()


def _loss(j: Judgement) -> float:
    return max(0.0, j.value_best - j.value_played)


def tables(record: dict[str, Any], seat: int, iterations: int) -> list[dict[str, Any]]:
    """Per decision of ``seat``: the played move and three judgements — seed 0, seed 1, and seed 2 at
    five times the iterations (that one only where a seed saw a loss of 0.005 or more: elsewhere it is
    the first run's, since no threshold near the noise is in question there)."""
    out = []
    for d in decisions(record, seat):
        view = match_before(record, d.move_index).view(seat)
        a = judge(view, d.played, Budget(None, iterations), 0)
        b = judge(view, d.played, Budget(None, iterations), 1)
        c = judge(view, d.played, Budget(None, 5 * iterations), 2) if max(_loss(a), _loss(b)) >= 0.005 else a
        out.append({"played": d.played, "deal": d.deal, "runs": [a, b, c]})
    return out


def marks(played: Any, j: Judgement, noise: float, inaccuracy: float, mistake: float) -> str:
    s = settle(played, j._replace(why=None), noise, "eralash")
    if s.best == played or s.loss < inaccuracy - 1e-9:
        return "best"
    return "mistake" if s.loss >= mistake - 1e-9 else "inaccuracy"


def agreement(rows: list[dict[str, Any]], a: int, b: int, noise: float, inaccuracy: float,
              mistake: float) -> dict[str, Any]:
    marked = same = mistakes = 0
    for row in rows:
        ma = marks(row["played"], row["runs"][a], noise, inaccuracy, mistake)
        mb = marks(row["played"], row["runs"][b], noise, inaccuracy, mistake)
        if ma != "best" or mb != "best":
            marked += 1
            same += ma == mb
            mistakes += "mistake" in (ma, mb)
    return {"marked": marked, "same": same, "share": round(same / marked, 3) if marked else None,
            "with_a_mistake": mistakes}


def spread(rows: list[dict[str, Any]], a: int, b: int) -> dict[str, float]:
    """How far the same move's robber chance moves between two runs (played move, and the gap to
    the best named by each run)."""
    same_move, gaps = [], []
    for row in rows:
        ja, jb = row["runs"][a], row["runs"][b]
        p = row["played"]
        if ja.table and jb.table and p in ja.table and p in jb.table:
            same_move.append(abs(ja.table[p][0] - jb.table[p][0]))
        la = max(0.0, ja.value_best - ja.value_played)
        lb = max(0.0, jb.value_best - jb.value_played)
        gaps.append(abs(la - lb))
    same_move.sort()
    gaps.sort()

    def q(xs: list[float], p: float) -> float:
        return round(xs[min(len(xs) - 1, int(p * len(xs)))], 4) if xs else 0.0

    return {"decisions": len(rows), "chance_moved_median": q(same_move, 0.5),
            "chance_moved_p90": q(same_move, 0.9), "chance_moved_p95": q(same_move, 0.95),
            "loss_moved_p90": q(gaps, 0.9), "loss_moved_p95": q(gaps, 0.95),
            "loss_moved_mean": round(statistics.fmean(gaps), 4) if gaps else 0.0}


def collect(iterations: int, robbers: int, seed: int = 70) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name, n, options in TABLES:
        for r in range(robbers):
            rec = club_robber(n, options, seed + r)
            for row in tables(rec, r % n, iterations):
                row["table"] = name
                rows.append(row)
    return rows


CANDIDATES = ((0.03, 0.03, 0.05), (0.03, 0.05, 0.1), (0.05, 0.05, 0.1), (0.05, 0.08, 0.15),
              (0.08, 0.08, 0.15), (0.1, 0.1, 0.2))


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"seed_vs_seed": spread(rows, 0, 1), "seed_vs_5x": spread(rows, 0, 2)}
    out["losses_0.005_up"] = sorted(([round(_loss(j), 3) for j in row["runs"]] for row in rows
                                     if max(_loss(j) for j in row["runs"]) >= 0.005), reverse=True)
    for noise, inacc, mistake in CANDIDATES:
        key = f"noise {noise} inaccuracy {inacc} mistake {mistake}"
        out[key] = {"seed_vs_seed": agreement(rows, 0, 1, noise, inacc, mistake),
                    "seed_vs_5x": agreement(rows, 0, 2, noise, inacc, mistake)}
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--robbers", type=int, default=2, help="robbers per table kind")
    a = ap.parse_args()
    t = time.perf_counter()
    rows = collect(a.iterations, a.robbers)
    print(json.dumps(report(rows), indent=1))
    print(f"{time.perf_counter() - t:.0f} s")
