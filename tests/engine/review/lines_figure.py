"""How often Show me how plays two plies or more on Uragan's round 1-2 verdicts not marked best, and
whether any line uses a card the seat had seen (docs/benchmarks.md, "Coach — lines and marks").

    python tests/engine/review/lines_figure.py --seeds 1-12 --iterations 800
    python tests/engine/review/lines_figure.py --seeds 1-6            # the app's own budget (0.8 s)
    python tests/engine/review/lines_figure.py --seeds 1-3 --noise    # the "good" floor against noise

Club's first deal of each seed (both seats reviewed), read by the viewer's model as the app reads it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from engine.review import load_match, match_before, review_record
from engine.review.bench import club_record
from game.review.model import Replay


def measure(seeds: range, iterations: int | None, budget: float | None = None) -> dict[str, object]:
    plies: Counter[int] = Counter()
    marks: Counter[str] = Counter()
    seen = total = 0
    for seed in seeds:
        rec = club_record("uragan", seed)
        match = load_match(rec)[1]
        for seat in (0, 1):
            replay = Replay("uragan", match, seat)
            for v in review_record(rec, seat, budget, seed=0, iterations=iterations):
                if v.exact or v.kind != "play" or v.mark == "best":
                    continue
                marks[v.mark] += 1
                at = replay.add_verdict(v.to_json())
                shown = len(replay.line_steps(at)) if at is not None else 0
                plies[shown] += 1
                total += 1
                view = match_before(rec, v.move_index).view(seat)
                seen += any(not view.unseen() >> c & 1 for c in v.assumed)
    two = sum(n for k, n in plies.items() if k >= 2)
    return {"verdicts": total, "two_plies_or_more": two, "share": round(two / total, 3) if total else None,
            "plies": dict(sorted(plies.items())), "marks": dict(marks), "lines_with_a_seen_card": seen}


def noise(seeds: range, iterations: int) -> dict[str, object]:
    """The "good" floor against the search's own noise: every round 1-2 decision judged with two
    review seeds; how far its deal loss moves, and how often its mark changes."""
    pairs: Counter[str] = Counter()
    diffs: list[float] = []
    for seed in seeds:
        rec = club_record("uragan", seed)
        for seat in (0, 1):
            a = [v for v in review_record(rec, seat, seed=0, iterations=iterations) if not v.exact]
            b = [v for v in review_record(rec, seat, seed=1, iterations=iterations) if not v.exact]
            for x, y in zip(a, b, strict=True):
                pairs[f"{x.mark}/{y.mark}"] += 1
                if x.deal_loss is not None and y.deal_loss is not None:
                    diffs.append(abs(x.deal_loss - y.deal_loss))
    diffs.sort()
    n = len(diffs)
    return {"decisions": sum(pairs.values()), "marks": dict(pairs),
            "deal_loss_moves": {"median": round(diffs[n // 2], 3), "p90": round(diffs[int(n * 0.9)], 3),
                                "max": round(diffs[-1], 3)} if n else None}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-12")
    ap.add_argument("--iterations", type=int, default=None, help="a fixed search size (reproducible)")
    ap.add_argument("--budget", type=float, default=None, help="seconds per decision (default Master's)")
    ap.add_argument("--noise", action="store_true", help="judge each decision with two seeds instead")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split("-"))
    if a.noise:
        print(json.dumps(noise(range(lo, hi + 1), a.iterations or 1000)))
        return
    print(json.dumps(measure(range(lo, hi + 1), a.iterations, a.budget)))


if __name__ == "__main__":
    main()
