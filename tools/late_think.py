"""Master's think time late in an Eralash deal, at the app's budget (wall clock, as the app waits).

    python tools/late_think.py --players 4 --deals 12
    python tools/late_think.py --players 2 --deals 8 --short-deal

Club deals (fixed seeds); every decision with two or more legal cards in the first two tricks of
Master's late search (``late.LATE_CARDS`` cards left and the trick before it) is asked of
``MasterBot()`` with its default budget. Prints the count, median, 95th percentile and maximum.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots.eralash import ClubBot, MasterBot  # noqa: E402
from engine.bots.eralash.late import LATE_CARDS  # noqa: E402
from engine.eralash.deal import Deal  # noqa: E402
from engine.eralash.options import Options  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--short-deal", action="store_true")
    args = ap.parse_args(argv)
    n = args.players
    options = Options(short_deal=args.short_deal)
    times: list[float] = []
    for seed in range(args.deals):
        deal = Deal.new(options, n, seed % n, random.Random(900 + seed))
        bots = [ClubBot(seed + i) for i in range(n)]
        while not deal.is_over():
            view = deal.view(deal.cur)
            left = sum(h.bit_count() for h in deal.hands)
            if LATE_CARDS[n] - 2 * n < left <= LATE_CARDS[n] and len(deal.legal_moves()) > 1:
                t0 = time.perf_counter()
                MasterBot(seed).choose(view)
                times.append(time.perf_counter() - t0)
            deal.play(bots[deal.cur].choose(view))
    times.sort()
    print(f"{n} players: {len(times)} decisions, median {times[len(times) // 2]:.3f} s, "
          f"p95 {times[int(len(times) * 0.95)]:.3f} s, max {times[-1]:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
