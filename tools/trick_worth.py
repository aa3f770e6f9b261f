"""What one robber trick is worth, played out: the data behind ``engine.eralash.race.TRICK_TILT``.

    python tools/trick_worth.py play --seeds 0-999 --robbers 120 --out tw.json [--deals 1]
    python tools/trick_worth.py fit tw.json [more.json …]

``play``: for each seed, Clubs play a robber's first ``--deals`` deals (4 players, or ``--players 3``);
from the position they leave (points and robber tricks) up to three variants move one trick from one
seat to another, and the position and each variant are played on by the same ``--robbers`` Club
robbers (the same deals to come and the same Clubs: common random numbers, so a variant's difference
from its position is the trick's worth and little else). Each position and variant keeps its
played-out shares and the race module's chance. ``play`` clears ``TRICK_TILT`` in its own process, so
the Clubs and the recorded chance are the untilted ones the tilt was fitted on.

``fit``: the tilt ``(A, B)`` of ``race.TRICK_TILT`` (each chance times ``exp(k · (tricks − mean))``,
normalised, ``k = (1 − e) · (A + B · e)``, ``e`` the chance that the next deal ends the robber) that
best fits the played-out differences, with a bootstrap interval over positions, and the trick's worth
to the seat that gains it, played out and predicted, by ``e``.

It takes minutes per hundred positions: run it niced, one process per core, on distinct seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fit_robber  # noqa: E402

from engine.bots.eralash.club import ClubBot  # noqa: E402
from engine.eralash import race  # noqa: E402
from engine.eralash.deal import Deal  # noqa: E402
from engine.eralash.options import Options  # noqa: E402
from engine.eralash.view import View  # noqa: E402


def play(seeds: range, robbers: int, deals: int, out: Path, n: int = 4) -> None:
    # the untilted chance, and Clubs that play by it, as when TRICK_TILT was fitted (this process only)
    race.TRICK_TILT.clear()
    opts = Options(target=13)
    rows: list[dict[str, Any]] = []
    for s in seeds:
        rng = random.Random(f"dv:{s}")
        dealer = rng.randrange(n)
        pts, trs = [0.0] * n, [0] * n
        bots = [ClubBot(seed=s * 10 + k) for k in range(n)]
        ended = False
        for d in range(deals):
            deal = Deal.new(opts, n, dealer, rng)
            sheet = fit_robber._Sheet(opts, n, pts, trs, d)
            while not deal.is_over():
                deal.play(bots[deal.cur].choose(View.of(deal, deal.cur, sheet)))
            pts = [a + float(x) for a, x in zip(pts, deal.score(), strict=True)]
            trs = [a + x for a, x in zip(trs, deal.tricks(), strict=True)]
            if deal.slam() is not None or max(trs) >= opts.target:
                ended = True
                break
            if d < deals - 1:
                dealer = (dealer + 1) % n
        if ended:
            continue
        moves = [(i, j) for i in range(n) for j in range(n)
                 if i != j and trs[j] >= 1 and trs[i] < opts.target - 1]
        rng.shuffle(moves)
        variants = [tuple(trs)]
        for i, j in moves[:3]:
            moved = list(trs)
            moved[i] += 1
            moved[j] -= 1
            variants.append(tuple(moved))
        row: dict[str, Any] = {"seed": s, "players": n, "deals": deals, "points": pts, "variants": []}
        for tricks in variants:
            wins = [0.0] * n
            for k in range(robbers):
                future = random.Random(f"dvj:{s}:{k}")
                clubs = [ClubBot(seed=(s * 1000 + k) * 10 + q) for q in range(n)]
                _, result = fit_robber.play_robber(opts, n, clubs, future, pts, list(tricks), deals,
                                                   (dealer + 1) % n)
                wins = [a + b for a, b in zip(wins, result, strict=True)]
            row["variants"].append({"tricks": list(tricks), "played": [w / robbers for w in wins],
                                    "model": list(race.robber_chances(n, False, pts, list(tricks), deals,
                                                                      opts))})
        rows.append(row)
        out.write_text(json.dumps(rows))
        print(s, file=sys.stderr, flush=True)


def _ends_next(tricks: list[int]) -> float:
    """The chance that the next deal ends the robber (``e``)."""
    n = len(tricks)
    game = (n, False, Options().hand_size(n))
    ends, slam = race._future(game, tuple(sorted(tricks, reverse=True)), 13, race._DEPTH[n])
    return ends[0] + n * slam


def _tilt(chances: list[float], tricks: list[int], ab: tuple[float, float]) -> list[float]:
    """``race._chances``'s tilt with (A, B) = ``ab``, on an untilted chance."""
    e = _ends_next(tricks)
    k = (1.0 - e) * (ab[0] + ab[1] * e)
    mean = sum(tricks) / len(tricks)
    raw = [c * math.exp(k * (t - mean)) for c, t in zip(chances, tricks, strict=True)]
    return [r / sum(raw) for r in raw]


Pair = tuple[dict[str, Any], dict[str, Any]]


def _pairs(rows: list[dict[str, Any]]) -> list[Pair]:
    return [(r["variants"][0], v) for r in rows for v in r["variants"][1:]]


def _error(pairs: list[Pair], ab: tuple[float, float]) -> float:
    err = 0.0
    for base, moved in pairs:
        pb, pm = _tilt(base["model"], base["tricks"], ab), _tilt(moved["model"], moved["tricks"], ab)
        sides = range(len(base["tricks"]))
        err += sum(((moved["played"][s] - base["played"][s]) - (pm[s] - pb[s])) ** 2 for s in sides)
    return err


GRID = [(a / 1000, b / 1000) for a in range(0, 41, 4) for b in range(0, 201, 20)]


def _best(pairs: list[Pair], grid: list[tuple[float, float]]) -> tuple[float, float]:
    return min(grid, key=lambda ab: _error(pairs, ab))


def _gain(pairs: list[Pair], ab: tuple[float, float], low: float, high: float) -> str:
    """The trick's worth to the seat that gains it, played out and predicted, where low ≤ e < high."""
    gained, predicted = [], []
    for base, moved in pairs:
        if not low <= _ends_next(base["tricks"]) < high:
            continue
        pb, pm = _tilt(base["model"], base["tricks"], ab), _tilt(moved["model"], moved["tricks"], ab)
        for s in range(len(base["tricks"])):
            if moved["tricks"][s] - base["tricks"][s] == 1:
                gained.append(moved["played"][s] - base["played"][s])
                predicted.append(pm[s] - pb[s])
    if len(gained) < 2:
        return "—"
    m = sum(gained) / len(gained)
    sd = math.sqrt(sum((g - m) ** 2 for g in gained) / (len(gained) - 1))
    return (f"n {len(gained)}: played out {100 * m:+.2f} ± {196 * sd / math.sqrt(len(gained)):.2f} pp, "
            f"predicted {100 * sum(predicted) / len(predicted):+.2f}")


def fit(paths: list[Path]) -> None:
    rows: list[dict[str, Any]] = []
    for p in paths:
        rows += json.loads(p.read_text())
    pairs = _pairs(rows)
    ab = _best(pairs, GRID)
    fine = [(ab[0] + da / 1000, ab[1] + db / 1000) for da in range(-4, 5, 2) for db in range(-20, 21, 10)]
    ab = _best(pairs, [x for x in fine if x[0] >= 0 and x[1] >= 0])
    rng = random.Random(2)
    boot = [_best(_pairs([rng.choice(rows) for _ in rows]), GRID) for _ in range(30)]
    first = sorted(x[0] for x in boot)
    second = sorted(x[1] for x in boot)
    print(f"{len(rows)} positions, {len(pairs)} moved tricks: A = {ab[0]:.3f}, B = {ab[1]:.3f} "
          f"(bootstrap 10–90 %: A {first[3]:.3f}–{first[26]:.3f}, B {second[3]:.3f}–{second[26]:.3f}); "
          f"squared error {_error(pairs, ab):.4f}, untilted {_error(pairs, (0.0, 0.0)):.4f}")
    for label, low, high in (("e < 0.2", 0.0, 0.2), ("0.2 ≤ e < 0.5", 0.2, 0.5), ("e ≥ 0.5", 0.5, 1.01)):
        print(f"  the seat that gains the trick, {label}: untilted {_gain(pairs, (0.0, 0.0), low, high)}; "
              f"tilted {_gain(pairs, ab, low, high)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--seeds", default="0-99", help="first-last")
    p.add_argument("--robbers", type=int, default=120)
    p.add_argument("--deals", type=int, default=1, help="deals Clubs play before the position")
    p.add_argument("--players", type=int, choices=(3, 4), default=4)
    p.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path, nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        first, _, last = args.seeds.partition("-")
        play(range(int(first), int(last or first) + 1), args.robbers, args.deals, args.out, args.players)
    else:
        fit(args.data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
