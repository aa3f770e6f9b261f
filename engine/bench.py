"""``python -m engine bench``: random-playout throughput and move-generation timings per game;
``--review``: the time to review one seat of a whole deal (engine.review.bench)."""

from __future__ import annotations

import argparse
import json
import sys


def main(args: argparse.Namespace) -> int:
    games = ["eralash", "uragan"] if args.game == "all" else [args.game]
    if getattr(args, "review", False):
        from engine.review.bench import noise
        from engine.review.bench import run as review_run

        if args.noise:
            out_noise = {g: noise(g, args.noise) for g in games}
            json.dump({"review_noise": out_noise}, sys.stdout, ensure_ascii=False, indent=2)
        else:
            json.dump({"review": review_run(args.budget, games)}, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    out = {}
    for g in games:
        if g == "eralash":
            from engine.eralash.bench import run
        else:
            from engine.uragan.bench import run
        out[g] = run(seconds=args.seconds)
    json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
