"""``python -m engine review FILE --seat S [--budget SECONDS] [--seed N] [--iterations N] [--jobs N]``."""

from __future__ import annotations

import argparse
import json
import sys

from engine.cli import bounded_int, emit, fail, positive_float, positive_int, seed_int

PROG = "python -m engine review"


def _one_line(err: BaseException) -> str:
    text = str(err)
    return text.splitlines()[0] if text else type(err).__name__


def main(args: argparse.Namespace) -> int:
    from engine.records import load_record
    from engine.review import load_match, review_json

    try:
        record = load_record(args.file)
        _, match = load_match(record)
    except Exception as err:  # the contract: one line, exit 2, never a traceback (as replay)
        print(_one_line(err), file=sys.stderr)
        return 2
    n = len(match.players)
    if args.seat >= n:
        return fail(PROG, f"argument --seat: {args.seat} is not a seat of this record (0 to {n - 1})")
    out = review_json(record, args.seat, args.budget, args.seed, iterations=args.iterations, jobs=args.jobs)
    return emit(json.dumps(out, ensure_ascii=False) + "\n", PROG)


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    r = sub.add_parser("review", help="judge one seat's decisions in a record from what it could see")
    r.add_argument("file", help="record file, or - for standard input")
    r.add_argument("--seat", type=bounded_int(0, 3), required=True,
                   help="the seat whose decisions are judged")
    r.add_argument("--budget", type=positive_float, default=None,
                   help="think time per decision in seconds (default: Master's own, 0.8)")
    r.add_argument("--seed", type=seed_int, default=0, help="search seed (same seed, same verdicts)")
    r.add_argument("--iterations", type=positive_int, default=None,
                   help="search iterations per stage instead of (or as well as) a time budget: "
                        "verdicts then do not depend on the machine's speed")
    r.add_argument("--jobs", type=bounded_int(1, 16), default=1,
                   help="processes sharing the decisions (same verdicts as one; default 1)")
    r.set_defaults(func=main)
