"""``python -m engine review FILE --seat S [--budget SECONDS] [--seed N] [--iterations N]``."""

from __future__ import annotations

import argparse
import json
import math
import sys


def _one_line(err: BaseException) -> str:
    text = str(err)
    return text.splitlines()[0] if text else type(err).__name__


def _int(text: str, name: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if value < low:
        raise ValueError(f"{name} must be a whole number from {low}, not {value}")
    return value


def check_args(args: argparse.Namespace) -> None:
    """Turn the option texts into values; ValueError with one line for a bad one.

    The options are read as text, so that a bad value gets one line (not argparse's usage block).
    """
    args.seat = _int(args.seat, "--seat", 0)
    args.seed = _int(args.seed, "--seed", -(2**63))
    if args.iterations is not None:
        args.iterations = _int(args.iterations, "--iterations", 1)
    if args.budget is not None:
        try:
            budget = float(args.budget)
        except ValueError:
            budget = math.nan
        if not (math.isfinite(budget) and budget > 0):
            raise ValueError(f"--budget must be a positive number of seconds, not {args.budget!r}")
        args.budget = budget


def main(args: argparse.Namespace) -> int:
    from engine.records import load_record
    from engine.review import load_match, review_json

    try:
        check_args(args)
    except ValueError as err:
        print(f"python -m engine review: {err}", file=sys.stderr)
        return 2
    try:
        record = load_record(args.file)
        _, match = load_match(record)
    except Exception as err:  # the contract: one line, exit 2, never a traceback (as replay)
        print(_one_line(err), file=sys.stderr)
        return 2
    n = len(match.players)
    if args.seat >= n:
        print(f"python -m engine review: --seat must be from 0 to {n - 1} for this record, not {args.seat}",
              file=sys.stderr)
        return 2
    out = review_json(record, args.seat, args.budget, args.seed, iterations=args.iterations)
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    r = sub.add_parser("review", help="judge one seat's decisions in a record from what it could see")
    r.add_argument("file", help="record file, or - for standard input")
    r.add_argument("--seat", required=True, help="the seat whose decisions are judged")
    r.add_argument("--budget", default=None,
                   help="think time per decision in seconds (default: Master's own, 0.8)")
    r.add_argument("--seed", default="0", help="search seed (same seed, same verdicts)")
    r.add_argument("--iterations", default=None,
                   help="search iterations per stage instead of (or as well as) a time budget: "
                        "verdicts then do not depend on the machine's speed")
    r.set_defaults(func=main)
