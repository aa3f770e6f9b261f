"""Calibrating Eralash's mark thresholds (docs/benchmarks.md): verdicts on the planted records
(tests/planted_eralash.py) and on real deals (Master against Clubs, 4 and 2 players, both kinds of
seat reviewed), counted per candidate pair of thresholds as tests/calibrate_marks.py does for Uragan.

Run ``python tests/calibrate_marks_eralash.py --iterations 400 [--games 4]``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from calibrate_marks import report
from planted_eralash import records

from engine.review import review_record


def _real_records(games: int, seed: int = 60) -> list[tuple[int, dict[str, Any]]]:
    """(players, record): one deal each, Master in seat 0 and Clubs elsewhere."""
    from engine.eralash.match import Match
    from engine.games import game_named

    out = []
    for g in range(games):
        n = 4 if g % 2 == 0 else 2
        m = Match.new(None, [f"p{i}" for i in range(n)], seed + g)
        bots = [game_named("eralash").make_bot("master", seed + g, budget=0.1)]
        bots += [game_named("eralash").make_bot("club", seed + g + i) for i in range(1, n)]
        while not m.deals_done:
            s = m.current_player()
            m.play(bots[s].choose(m.view(s)))
        out.append((n, m.to_record()))
    return out


def collect(iterations: int, games: int) -> dict[str, list[tuple[bool, float, float, bool]]]:
    rows: dict[str, list[tuple[bool, float, float, bool]]] = {"planted": [], "master": [], "club": []}
    for rec in records():
        p = rec["planted"]
        for v in review_record(rec, p["seat"], iterations=iterations):
            rows["planted"].append((v.move_index == p["move"], v.loss, v.deal_loss or 0.0, v.exact))
    for _, rec in _real_records(games):
        for seat, who in ((0, "master"), (1, "club")):
            for v in review_record(rec, seat, iterations=iterations):
                rows[who].append((False, v.loss, v.deal_loss or 0.0, v.exact))
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=400)
    ap.add_argument("--games", type=int, default=4)
    a = ap.parse_args()
    t = time.perf_counter()
    rows = collect(a.iterations, a.games)
    print(json.dumps(report(rows), indent=1))
    exact = [r for who in ("master", "club") for r in rows[who] if r[3]]
    print(json.dumps({"exact_real_decisions": len(exact),
                      "exact_marked_mistake_deal>=1": sum(r[2] >= 1.0 - 1e-9 for r in exact)}))
    print(f"{time.perf_counter() - t:.0f} s")
