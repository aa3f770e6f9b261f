"""``python -m engine bench``: random-playout throughput and move-generation timings per game;
``--review``: the time to review one seat of a whole deal (engine.review.bench); ``--endgame``: the
exact Uragan last-round solver's speed, or with ``--accuracy`` how often the bots play its best move
(engine.bots.uragan.endgame_bench)."""

from __future__ import annotations

import argparse
import json

from engine.cli import emit
from engine.games import GAMES, game_named

PROG = "python -m engine bench"


def main(args: argparse.Namespace) -> int:
    games = list(GAMES) if args.game == "all" else [args.game]
    if getattr(args, "endgame", False):
        from engine.bots.uragan.endgame_bench import measure
        from engine.review.uragan.accuracy import accuracy

        if args.accuracy:
            res = accuracy(args.positions, args.claims, budget=args.budget or 0.8)
        else:
            res = measure(args.positions, args.claims, args.utility)
        return emit(json.dumps({"endgame": res}, ensure_ascii=False, indent=2) + "\n", PROG)
    if getattr(args, "review", False):
        from engine.review.bench import noise
        from engine.review.bench import run as review_run

        if args.noise:
            out_noise = {g: noise(g, args.noise) for g in games}
            return emit(json.dumps({"review_noise": out_noise}, ensure_ascii=False, indent=2) + "\n", PROG)
        out_review = review_run(args.budget, games, jobs=args.jobs, players=args.players,
                                iterations=args.review_iterations)
        return emit(json.dumps({"review": out_review}, ensure_ascii=False, indent=2)
                    + "\n", PROG)
    out = {g: game_named(g).bench(seconds=args.seconds) for g in games}
    return emit(json.dumps(out, ensure_ascii=False, indent=2) + "\n", PROG)
