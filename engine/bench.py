"""``python -m engine bench``: random-playout throughput and move-generation timings per game;
``--review``: the time to review one seat of a whole deal (engine.review.bench); ``--endgame``: the
exact Uragan last-round solver's speed, or with ``--accuracy`` how often the bots play its best move
(engine.bots.uragan.endgame_bench)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.games import GAMES, game_named


def main(args: argparse.Namespace) -> int:
    games = list(GAMES) if args.game == "all" else [args.game]
    if getattr(args, "endgame", False):
        from engine.bots.uragan.endgame_bench import measure
        from engine.review.uragan.accuracy import accuracy

        if args.accuracy:
            res = accuracy(args.positions, args.claims, budget=args.budget or 0.8)
        else:
            res = measure(args.positions, args.claims, args.utility)
        json.dump({"endgame": res}, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
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
    out = {g: game_named(g).bench(seconds=args.seconds) for g in games}
    json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
