"""The engine's command line: ``python -m engine replay|arena|bench|review|host`` (docs/records.md)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.cli import (
    OneLineParser,
    bounded_int,
    emit,
    name_list,
    positive_float,
    positive_int,
    seed_int,
    stdout_closed,
)
from engine.games import GAMES


def _replay(args: argparse.Namespace) -> int:
    from engine.records import replay_file

    try:
        out = replay_file(args.file)
    except Exception as err:  # the contract: one line, exit 2, never a traceback
        print(str(err).splitlines()[0] if str(err) else type(err).__name__, file=sys.stderr)
        return 2
    return emit(json.dumps(out, ensure_ascii=False) + "\n", "python -m engine replay")


def _arena(args: argparse.Namespace) -> int:
    from engine.arena import main as arena_main

    return arena_main(args)


def _bench(args: argparse.Namespace) -> int:
    from engine.bench import main as bench_main

    return bench_main(args)


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="python -m engine", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("replay", help="replay a game record and print what happened as JSON")
    r.add_argument("file", help="record file, or - for standard input")
    r.set_defaults(func=_replay)

    a = sub.add_parser("arena", help="play bots against each other, duplicate style")
    a.add_argument("--game", required=True, choices=list(GAMES))
    a.add_argument("--bots", type=name_list(), required=True, help="comma-separated bot names in seat order")
    a.add_argument("--games", type=positive_int, required=True, help="games per seat rotation")
    a.add_argument("--seed", type=seed_int, required=True)
    a.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    a.add_argument("--budget", type=positive_float, default=None,
                   help="think time per move for search bots (s)")
    a.add_argument("--iterations", type=positive_int, default=None,
                   help="search iterations per move instead of (or as well as) think time: "
                        "the same games on any machine")
    a.add_argument("--jobs", type=positive_int, default=1, help="worker processes (use 2 for both cores)")
    a.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    a.set_defaults(func=_arena)

    b = sub.add_parser("bench", help="random-playout throughput and move-generation timings")
    b.add_argument("--game", choices=[*GAMES, "all"], default="all")
    b.add_argument("--seconds", type=positive_float, default=3.0, help="time per measurement")
    b.add_argument("--review", action="store_true",
                   help="instead: time reviewing one seat of a whole deal (python -m engine review)")
    b.add_argument("--budget", type=positive_float, default=None, help="with --review: seconds per decision")
    b.add_argument("--jobs", type=bounded_int(1, 16), default=1,
                   help="with --review: processes sharing the decisions (2: both cores)")
    b.add_argument("--players", type=bounded_int(2, 4), default=None,
                   help="with --review: players at the table (a game with a choice; default its own)")
    b.add_argument("--review-iterations", type=positive_int, default=None, metavar="N",
                   help="with --review: search iterations per stage instead of a time budget")
    b.add_argument("--noise", type=positive_int, default=None, metavar="ITERATIONS",
                   help="with --review: how much verdicts move between seeds at this many iterations")
    b.add_argument("--endgame", action="store_true",
                   help="instead: the exact Uragan last-round solver's speed on positions from real games")
    b.add_argument("--positions", type=positive_int, default=200, help="with --endgame: how many positions")
    b.add_argument("--claims", choices=["book", "strict"], default="book", help="with --endgame: claims mode")
    b.add_argument("--utility", choices=["master", "points"], default="master",
                   help="with --endgame: what the solver optimises")
    b.add_argument("--accuracy", action="store_true",
                   help="with --endgame: how often Master, the coach and Club play the exact best move")
    b.set_defaults(func=_bench)

    from engine.review.cli import add_parser as add_review

    add_review(sub)

    from engine.net.cli import add_parser as add_host

    add_host(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    closed = stdout_closed(f"python -m engine {args.command}")  # every command answers on stdout
    if closed is not None:
        return closed
    try:
        status: int = args.func(args)
        return status
    except KeyboardInterrupt:  # Ctrl+C: stop, without a traceback
        print("python -m engine: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
