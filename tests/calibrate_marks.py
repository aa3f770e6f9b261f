"""Calibrating the review's mark thresholds (docs/benchmarks.md): Uragan verdicts on the planted
records (tests/planted_uragan.py) and on real games (Master against Club, both seats reviewed).

For each verdict it keeps (planted?, win loss, deal loss, exact) and prints, per candidate pair of
thresholds, how many planted blunders get the mark and how many other decisions do.
Run ``python tests/calibrate_marks.py --iterations 400 [--games 4]``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from planted_uragan import midgame_records, records

from engine.review import review_record


def _real_records(games: int, seed: int = 50) -> list[dict[str, Any]]:
    from engine.games import game_named
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    out = []
    for g in range(games):
        m = Match.new(Options(claims="book" if g % 2 else "strict"), ["a", "b"], seed + g)
        uragan = game_named("uragan")
        bots = [uragan.make_bot("master", seed + g, budget=0.1), uragan.make_bot("club", seed + g)]
        while not m.deals_done:  # one deal each: reviews of whole matches would take too long here
            s = m.current_player()
            m.play(bots[s].choose(m.view(s)))
        out.append(m.to_record())
    return out


def collect(iterations: int, games: int) -> dict[str, list[tuple[bool, float, float, bool]]]:
    rows: dict[str, list[tuple[bool, float, float, bool]]] = {"planted": [], "master": [], "club": []}
    for claims in ("book", "strict"):
        for rec in records(claims, both_seats=False) + midgame_records(claims, 5):
            p = rec["planted"]
            for v in review_record(rec, p["seat"], iterations=iterations):
                rows["planted"].append((v.move_index == p["move"], v.loss, v.deal_loss or 0.0, v.exact))
    for rec in _real_records(games):
        for seat, who in ((0, "master"), (1, "club")):
            for v in review_record(rec, seat, iterations=iterations):
                rows[who].append((False, v.loss, v.deal_loss or 0.0, v.exact))
    return rows


def marked(row: tuple[bool, float, float, bool], win: float, deal: float) -> bool:
    return row[1] >= win or row[2] >= deal


def report(rows: dict[str, list[tuple[bool, float, float, bool]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    planted = [r for r in rows["planted"] if r[0]]
    other = [r for r in rows["planted"] if not r[0]]
    for win, deal in ((0.05, 1.0), (0.05, 0.7), (0.05, 1.5), (0.01, 0.3), (0.01, 0.5), (0.02, 0.5)):
        key = f"win>={win} or deal>={deal}"
        out[key] = {
            "planted_marked": f"{sum(marked(r, win, deal) for r in planted)}/{len(planted)}",
            "other_decisions_marked": f"{sum(marked(r, win, deal) for r in other)}/{len(other)}",
            "master_marked": f"{sum(marked(r, win, deal) for r in rows['master'])}/{len(rows['master'])}",
            "club_marked": f"{sum(marked(r, win, deal) for r in rows['club'])}/{len(rows['club'])}",
            "master_searched_marked": f"{sum(marked(r, win, deal) for r in rows['master'] if not r[3])}"
                                      f"/{sum(not r[3] for r in rows['master'])}",
        }
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--games", type=int, default=4)
    a = ap.parse_args()
    t = time.perf_counter()
    rows = collect(a.iterations, a.games)
    print(json.dumps(report(rows), indent=1))
    print(f"{time.perf_counter() - t:.0f} s")
