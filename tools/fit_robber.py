"""Fit and check Eralash's robber chance (engine/eralash/race.py) against robbers played out by Clubs.

    python tools/fit_robber.py fit [--deals 3000] [--hands 60000]     # writes engine/eralash/race_table.py
    python tools/fit_robber.py calibrate [--robbers 3000] [--seed 1000000] [--data FILE]
    python tools/fit_robber.py example [--robbers 4000]                # the issue's 15/0/21/0, 1/3/6/3

``fit`` deals random hands for the points a deal brings (each side's runs and honours, and the exact
difference of two sides' in a two-sided game) and plays whole robbers with four (three, two) Clubs for
how each deal's tricks split, then writes the table ``race.py`` reads. ``calibrate`` plays other
robbers (other seeds: independent of the fit) and bins every position between deals by its predicted
chance against the share of the robber each side then won; it prints the markdown table of
docs/benchmarks.md. ``example`` plays robbers out from one position. Run it alone and niced, it takes
minutes: ``nice -n 10 python tools/fit_robber.py fit``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from math import factorial
from pathlib import Path
from typing import Any

from engine.eralash.deal import Deal
from engine.eralash.options import Options
from engine.eralash.race import ends_now, hand_points, robber_chances
from engine.eralash.view import View

TABLE = Path(__file__).resolve().parent.parent / "engine" / "eralash" / "race_table.py"

# (players, pairs, short deal): every way the deal's tricks can be split among sides
GAMES = [(4, False, False), (4, True, False), (3, False, False), (3, False, True), (2, False, False),
         (2, False, True)]
# the tables the calibration reports (2 players with the whole pack is one deal: no position between)
CALIBRATED = [("4 players", 4, False, False), ("pairs", 4, True, False), ("3 players", 3, False, False),
              ("2 players, short deal", 2, False, True)]


# --- playing robbers out -------------------------------------------------------------------------------


class _Sheet:
    """What a seat's View reads of the robber around its deal: the totals before it."""

    def __init__(self, options: Options, n: int, points: Sequence[float], tricks: Sequence[int],
                 deals: int) -> None:
        self.options = options
        self.players = [f"p{i}" for i in range(n)]
        self.deals_done: list[None] = [None] * deals
        self.points, self.tricks = list(points), list(tricks)

    def is_over(self) -> bool:
        return False

    def totals(self, deals: int) -> tuple[list[float], list[int]]:
        return list(self.points), list(self.tricks)


def play_robber(options: Options, n: int, bots: Sequence[Any], rng: random.Random,
                points: Sequence[float] | None = None, tricks: Sequence[int] | None = None,
                deals: int = 0, dealer: int | None = None,
                splits: list[list[int]] | None = None) -> tuple[list[dict[str, Any]], tuple[float, ...]]:
    """One robber from the given totals (default: the start) to its end; returns the positions between
    deals (points, tricks, deals played) and each side's share of the win. ``splits`` receives each
    deal's tricks per side."""
    sides = options.sides(n)
    pts = [0.0] * sides if points is None else [float(p) for p in points]
    trs = [0] * sides if tricks is None else list(tricks)
    dealer = rng.randrange(n) if dealer is None else dealer
    positions: list[dict[str, Any]] = []
    while True:
        deal = Deal.new(options, n, dealer, rng)
        sheet = _Sheet(options, n, pts, trs, deals)
        while not deal.is_over():
            seat = deal.cur
            deal.play(bots[seat].choose(View.of(deal, seat, sheet)))
        deals += 1
        score, won = deal.score(), deal.tricks()
        if splits is not None:
            splits.append(won)
        pts = [a + b for a, b in zip(pts, score, strict=True)]
        trs = [a + b for a, b in zip(trs, won, strict=True)]
        slam = deal.slam()
        if slam is not None:
            return positions, tuple(1.0 if i == slam else 0.0 for i in range(sides))
        if max(trs) >= options.target:
            return positions, ends_now(pts)
        positions.append({"points": pts[:], "tricks": trs[:], "deals": deals})
        dealer = (dealer + 1) % n


def _clubs(n: int, seed: int) -> list[Any]:
    from engine.bots.eralash.club import ClubBot

    return [ClubBot(seed=seed * 10 + s) for s in range(n)]


def _options(n: int, pairs: bool, short: bool, target: int = 13) -> Options:
    return Options(pairs=pairs, short_deal=short and n < 4, target=target)


def play_many(n: int, pairs: bool, short: bool, robbers: int, seed: int, log: Any = None,
              splits: list[list[int]] | None = None) -> list[dict[str, Any]]:
    """``robbers`` robbers by Clubs from seeds ``seed``…: each robber's positions and result."""
    opts = _options(n, pairs, short)
    out = []
    for r in range(robbers):
        rng = random.Random(f"fit:{seed + r}")
        positions, result = play_robber(opts, n, _clubs(n, seed + r), rng, splits=splits)
        out.append({"seed": seed + r, "positions": positions, "result": list(result)})
        if log and r % 200 == 199:
            print(f"  {n} players{' pairs' if pairs else ''}{' short' if short else ''}: {r + 1}",
                  file=log, flush=True)
    return out


# --- fitting ---------------------------------------------------------------------------------------------


def _category(aces: int) -> int:
    return aces if aces >= 3 else 0


def _aces(hand: int) -> int:
    return sum(hand >> (13 * s + 12) & 1 for s in range(4))


def side_points(hand_size: int, classic: bool, hands: int, rng: random.Random) -> dict[tuple[int, int], int]:
    """(run points, 3 or 4 Aces or 0) of random hands of ``hand_size`` cards: their counts."""
    counts: dict[tuple[int, int], int] = {}
    deck = list(range(52))
    for _ in range(hands):
        hand = sum(1 << c for c in rng.sample(deck, hand_size))
        key = (hand_points(hand, classic, 0, 0), _category(_aces(hand)))
        counts[key] = counts.get(key, 0) + 1
    return counts


def diff_points(n: int, hand_size: int, classic: bool, deals: int,
                rng: random.Random) -> dict[tuple[int, int], int]:
    """(first side's run points less the second's, ±Aces of the side holding 3 or 4) of random deals of a
    two-sided game (2 players, or pairs 0&2 against 1&3): their counts."""
    counts: dict[tuple[int, int], int] = {}
    deck = list(range(52))
    for _ in range(deals):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * hand_size:(i + 1) * hand_size]) for i in range(n)]
        runs = [hand_points(h, classic, 0, 0) for h in hands]
        aces = 0
        for seat, h in enumerate(hands):
            k = _category(_aces(h))
            if k:
                aces = k if seat % 2 == 0 else -k
        key = (sum(runs[0::2]) - sum(runs[1::2]), aces)
        counts[key] = counts.get(key, 0) + 1
    return counts


def even_splits(tricks: int, sides: int) -> dict[tuple[int, ...], int]:
    """Every trick to each side alike (a multinomial), sorted splits with counts per million: the table
    that lets Clubs play before the first fit."""
    out: dict[tuple[int, ...], int] = {}

    def rec(left: int, k: int, acc: tuple[int, ...]) -> None:
        if k == 1:
            split = (*acc, left)
            p = factorial(tricks) / sides**tricks
            for x in split:
                p /= factorial(x)
            key = tuple(sorted(split, reverse=True))
            out[key] = out.get(key, 0) + round(p * 1e6)
            return
        for x in range(left + 1):
            rec(left - x, k - 1, (*acc, x))

    rec(tricks, sides, ())
    return {k: v for k, v in out.items() if v}


def write_table(side: dict[Any, Any], diff: dict[Any, Any], tricks: dict[Any, Any], note: str) -> None:
    lines = [
        '"""Eralash robber chance data, written by ``tools/fit_robber.py fit`` (do not edit by hand).',
        "",
        f"{note}",
        '"""',
        "",
        "# (hand size, classic runs) -> {(run points, 3 or 4 Aces held or 0): hands}",
        f"SIDE_POINTS: dict[tuple[int, bool], dict[tuple[int, int], int]] = {_literal(side)}",
        "",
        "# (players, hand size, classic runs) -> {(first side's run points less the second's,",
        "#  +k or -k: the first or second side holds k = 3 or 4 Aces, else 0): deals}",
        f"DIFF_POINTS: dict[tuple[int, int, bool], dict[tuple[int, int], int]] = {_literal(diff)}",
        "",
        "# (players, pairs, hand size) -> {one deal's tricks per side, most first: deals}",
        f"TRICKS: dict[tuple[int, bool, int], dict[tuple[int, ...], int]] = {_literal(tricks)}",
        "",
    ]
    TABLE.write_text("\n".join(lines), encoding="utf-8")


def _literal(table: dict[Any, dict[Any, int]], width: int = 108) -> str:
    lines = ["{"]
    for key in sorted(table):
        items = [f"{k!r}: {v}," for k, v in sorted(table[key].items())]
        lines.append(f"    {key!r}: {{")
        cur = "       "
        for item in items:
            if len(cur) + len(item) + 1 > width:
                lines.append(cur)
                cur = "       "
            cur += " " + item
        lines.append(cur)
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines)


def _current_tables() -> tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]]:
    from engine.eralash import race_table

    return dict(race_table.SIDE_POINTS), dict(race_table.DIFF_POINTS), dict(race_table.TRICKS)


def cmd_fit(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    if args.points or not TABLE.exists():
        side = {(h, c): side_points(h, c, args.hands, rng) for h in (13, 17) for c in (False, True)}
        diff = {(n, h, c): diff_points(n, h, c, args.hands // 2, rng)
                for n, h in ((2, 26), (2, 13), (4, 13)) for c in (False, True)}
        print(f"points: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    else:
        side, diff, _ = _current_tables()
    if args.bootstrap or not TABLE.exists():
        tricks = {}
        for n, pairs, short in GAMES:
            opts = _options(n, pairs, short)
            tricks[n, pairs, opts.hand_size(n)] = even_splits(opts.hand_size(n), opts.sides(n))
        write_table(side, diff, tricks, "Bootstrap: tricks split evenly (no Club robbers played yet).")
        if args.bootstrap:
            return
    tricks = {}
    for n, pairs, short in GAMES:
        opts = _options(n, pairs, short)
        splits: list[list[int]] = []
        robbers = 0
        while len(splits) < args.deals:
            play_many(n, pairs, short, 50, args.seed + robbers, None, splits)
            robbers += 50
        counts: dict[tuple[int, ...], int] = {}
        for s in splits:
            key = tuple(sorted(s, reverse=True))
            counts[key] = counts.get(key, 0) + 1
        tricks[n, pairs, opts.hand_size(n)] = counts
        print(f"{n} players{' pairs' if pairs else ''}{' short' if short else ''}: {len(splits)} deals of "
              f"{robbers} robbers, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    note = (f"Points: {args.hands:,} random hands (deals) per table, seed {args.seed}.\nTricks: each deal of "
            f"Club robbers (seeds from {args.seed}), about {args.deals:,} deals per game.")
    write_table(side, diff, tricks, note)


# --- calibration -------------------------------------------------------------------------------------------


def cmd_calibrate(args: argparse.Namespace) -> None:
    """Robbers from every ``--data`` file (JSON, by game) pooled; a game missing from them all is
    played (seeds from ``--seed``) and written to the last file."""
    data: dict[str, list[dict[str, Any]]] = {}
    paths = [Path(d) for d in args.data or []]
    for path in paths:
        if path.exists():
            for label, robbers in json.loads(path.read_text()).items():
                data.setdefault(label, []).extend(robbers)
    new: dict[str, list[dict[str, Any]]] = {}
    t0 = time.perf_counter()
    for label, n, pairs, short in CALIBRATED:
        if label not in data:
            data[label] = new[label] = play_many(n, pairs, short, args.robbers, args.seed, sys.stderr)
            print(f"{label}: {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
            if paths:
                paths[-1].write_text(json.dumps(new))
    print("| game | predicted | robbers | positions | predicted mean | played out | difference |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for label, n, pairs, short in CALIBRATED:
        opts = _options(n, pairs, short)
        rows = binned(data[label], n, pairs, opts, args.bins)
        for lo, hi, robbers, count, pred, seen in rows:
            if count == 0:
                continue
            mark = "" if robbers >= 500 else " (few)"
            print(f"| {label} | {lo:.2f}–{hi:.2f} | {robbers} | {count} | {pred:.3f} | {seen:.3f} | "
                  f"{100 * (seen - pred):+.1f} pp{mark} |")


def binned(robbers: list[dict[str, Any]], n: int, pairs: bool, opts: Options,
           bins: int) -> list[tuple[float, float, int, int, float, float]]:
    """Per bin of predicted chance: (low, high, robbers, side-positions, mean predicted, mean won)."""
    count = [0] * bins
    pred_sum = [0.0] * bins
    won_sum = [0.0] * bins
    seeds: list[set[int]] = [set() for _ in range(bins)]
    for r in robbers:
        for pos in r["positions"]:
            pred = robber_chances(n, pairs, pos["points"], pos["tricks"], pos["deals"], opts)
            for side, p in enumerate(pred):
                b = min(bins - 1, int(p * bins))
                count[b] += 1
                pred_sum[b] += p
                won_sum[b] += r["result"][side]
                seeds[b].add(r["seed"])
    return [(b / bins, (b + 1) / bins, len(seeds[b]), count[b], pred_sum[b] / count[b], won_sum[b] / count[b])
            for b in range(bins) if count[b]]


def cmd_example(args: argparse.Namespace) -> None:
    opts = Options()
    points, tricks = [15.0, 0.0, 21.0, 0.0], [1, 3, 6, 3]
    wins = [0.0] * 4
    t0 = time.perf_counter()
    for r in range(args.robbers):
        rng = random.Random(f"example:{args.seed + r}")
        _, result = play_robber(opts, 4, _clubs(4, args.seed + r), rng, points, tricks, 1, dealer=1)
        wins = [a + b for a, b in zip(wins, result, strict=True)]
    pred = robber_chances(4, False, points, tricks, 1, opts)
    z = 1.96
    print(f"{args.robbers} robbers by Clubs from 15/0/21/0, tricks 1/3/6/3 "
          f"({time.perf_counter() - t0:.0f} s):")
    for s in range(4):
        p = wins[s] / args.robbers
        half = z * (p * (1 - p) / args.robbers) ** 0.5
        print(f"  seat {s + 1}: played out {100 * p:.1f} % ± {100 * half:.1f}, "
              f"predicted {100 * pred[s]:.1f} %")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="write engine/eralash/race_table.py")
    f.add_argument("--deals", type=int, default=3000, help="Club deals per game for the trick splits")
    f.add_argument("--hands", type=int, default=60000, help="random hands per points table")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--points", action="store_true", help="deal the points tables again")
    f.add_argument("--bootstrap", action="store_true", help="only the even trick splits, no Clubs")
    c = sub.add_parser("calibrate", help="predicted against played-out chance, in bins")
    c.add_argument("--robbers", type=int, default=3000)
    c.add_argument("--seed", type=int, default=1_000_000)
    c.add_argument("--bins", type=int, default=10)
    c.add_argument("--data", action="append", help="JSON file of played robbers (read if it exists; "
                   "the last one given keeps newly played ones); may be given again")
    e = sub.add_parser("example", help="the issue's position after a first deal, played out")
    e.add_argument("--robbers", type=int, default=4000)
    e.add_argument("--seed", type=int, default=2_000_000)
    args = ap.parse_args(argv)
    {"fit": cmd_fit, "calibrate": cmd_calibrate, "example": cmd_example}[args.cmd](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
