"""The Eralash coach's marks under two seeds, over whole robbers (issue 29, "the same mark under two seeds
on ≥ 90 % of marked decisions of a whole robber").

    python tools/mark_seeds.py --bots novice,novice,novice,novice --robbers 1 --iterations 200

Plays whole robbers with the given bots (seed ``--seed`` + robber number), reviews every seat of each
with the app's review (``review_record``, ``--iterations`` per stage) under two seeds
(``--review-seeds``, 0 and 1), and counts the decisions marked (inaccuracy or mistake) under either
seed and, of those, the ones marked alike under both. Prints one JSON object: per robber and in all,
and every marked decision's two marks.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.arena import make_options, parse_options
from engine.bots.eralash import ClubBot, MasterBot, NoviceBot
from engine.eralash import Match
from engine.review import review_record


def make_bot(name: str, seed: int) -> Any:
    if name == "club":
        return ClubBot(seed, name)
    if name == "novice":
        return NoviceBot(seed, name)
    if name == "master":
        return MasterBot(seed, None, name, iterations=100)
    raise ValueError(f"unknown bot {name!r}")


def robber(bots: Sequence[str], options: Any, seed: int) -> dict[str, Any]:
    """A whole robber played by ``bots``, as a record."""
    match = Match.new(options, [f"{b}{s}" for s, b in enumerate(bots)], seed)
    agents = [make_bot(b, seed * 10 + s) for s, b in enumerate(bots)]
    while not match.is_over():
        s = match.current_player()
        match.play(agents[s].choose(match.view(s)))
    record: dict[str, Any] = match.to_record()
    return record


MARKS = ("inaccuracy", "mistake")


def planted() -> list[dict[str, Any]]:
    """The planted-slam records (two deals each, the robber ended by the slam let through)."""
    path = Path(__file__).resolve().parent.parent / "tests" / "data" / "planted_eralash.json"
    return [r for r in json.loads(path.read_text(encoding="utf-8")) if "slam" in r["planted"]["what"]]


def agreeing(first: dict[int, str], second: dict[int, str]) -> list[tuple[int, str, str]]:
    """The decisions marked (inaccuracy or mistake) under either seed: (move index, mark under the
    first, under the second; "best" or "good" count alike, as neither is a mark)."""
    def mark(m: str) -> str:
        return m if m in MARKS else "best"

    return [(i, mark(first[i]), mark(second.get(i, "best"))) for i in sorted(first)
            if mark(first[i]) != "best" or mark(second.get(i, "best")) != "best"]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="novice,novice,novice,novice")
    ap.add_argument("--robbers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--planted", action="store_true",
                    help="the planted-slam robbers of tests/data/planted_eralash.json instead (every seat)")
    ap.add_argument("--review-seeds", default="0,1", help="the two review seeds compared")
    ap.add_argument("--only", type=int, action="append", default=[],
                    help="with --planted: only the robber of this seed (repeatable)")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",")]
    review_seeds = [int(s) for s in args.review_seeds.split(",")][:2]
    options = make_options("eralash", parse_options(args.option))
    t0 = time.perf_counter()
    out: dict[str, Any] = {"robbers": [], "decisions": 0, "marked": 0, "same": 0}
    records = planted() if args.planted else [robber(bots, options, args.seed + r)
                                              for r in range(args.robbers)]
    if args.only:
        records = [r for r in records if r["seed"] in args.only]
    c1 = time.process_time()
    for r, rec in enumerate(records):
        row: dict[str, Any] = {"seed": rec["seed"], "deals": len(rec.get("deals", [])), "decisions": 0,
                               "marked": []}
        for seat in range(len(rec["players"])):
            first, second = ({v.move_index: v.mark
                              for v in review_record(rec, seat, iterations=args.iterations, seed=seed)}
                             for seed in review_seeds)
            row["decisions"] += len(first)
            row["marked"] += [[seat, *m] for m in agreeing(first, second)]
        same = sum(m[2] == m[3] for m in row["marked"])
        out["robbers"].append(row)
        out["decisions"] += row["decisions"]
        out["marked"] += len(row["marked"])
        out["same"] += same
        print(f"robber {r + 1}: {row['decisions']} decisions, {len(row['marked'])} marked, {same} alike "
              f"({(time.perf_counter() - t0) / 60:.1f} min)", file=sys.stderr, flush=True)
    out["share"] = round(out["same"] / out["marked"], 3) if out["marked"] else None
    out["minutes"] = round((time.perf_counter() - t0) / 60, 1)
    out["review_cpu_s"] = round(time.process_time() - c1, 1)  # both seeds' reviews, not the play
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
