"""``python -m engine bench``: random-playout throughput and move-generation timings per game."""

from __future__ import annotations

import argparse
import json
import sys


def main(args: argparse.Namespace) -> int:
    games = ["eralash", "uragan"] if args.game == "all" else [args.game]
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
