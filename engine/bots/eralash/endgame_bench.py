"""How fast the exact endgame solver is, by cards left, and how often Master is optimal where it applies.

``python -m engine.bots.eralash.endgame_bench [--players 4] [--deals 20] [--max-cards 16]``
prints one JSON object: per number of cards left in the hands, the solve time (median, p95, max,
one process's CPU time) and nodes, for the review's trick objective and Master's robber utility.
Positions are every card decision of Club deals (fixed seeds), solved cold (a fresh table each).

``--master BUDGET``: instead, at every decision of those deals that Master may solve (its View pins
every hand and the position fits), Master's card with the solver (after) and without it (before,
its sampling search alone), each scored by the exact robber value and tricks of the seat's side.
``--oracle`` does the same for the Oracle wherever the position fits.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.bots.eralash.club import ClubBot
from engine.bots.eralash.endgame import Endgame, TooBig
from engine.bots.eralash.view import Situation
from engine.eralash.deal import Deal
from engine.eralash.options import Options


def positions(n: int, deals: int, seed: int, options: Options) -> list[tuple[Deal, Any]]:
    """(deal, view of the seat to move) at every card decision of ``deals`` Club deals."""
    rng = random.Random(seed)
    out = []
    bots = [ClubBot(seed + i) for i in range(n)]
    for d in range(deals):
        deal = Deal.new(options, n, d % n, rng)
        while not deal.is_over():
            view = deal.view(deal.cur)
            if not deal.choices:
                out.append((deal.copy(), view))
            deal.play(bots[deal.cur].choose(view))
    return out


def _pct(values: Sequence[float], q: float) -> float:
    xs = sorted(values)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(n: int, deals: int, seed: int, max_cards: int, options: Options, per_size: int,
        node_cap: int = 1_000_000) -> dict[str, Any]:
    """Stats per cards left, smallest first; stops after the first size where a quarter pass ``node_cap``."""
    by_size: dict[int, list[tuple[Deal, Any]]] = {}
    for deal, view in positions(n, deals, seed, options):
        left = sum(h.bit_count() for h in deal.hands)
        if left <= max_cards:
            by_size.setdefault(left, []).append((deal, view))
    out: dict[str, Any] = {}
    for left in sorted(by_size):
        rows = by_size[left][:per_size]
        stats: dict[str, Any] = {"positions": len(rows)}
        for objective in ("tricks", "robber"):
            times, nodes = [], []
            too_big = 0
            for deal, view in rows:
                sit = Situation.of(view)
                utility = None
                if objective == "robber":
                    value, me = sit.robber_value(), view.seat
                    utility = lambda w, value=value, me=me: value(w)[me]  # noqa: E731
                e = Endgame(n, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won,
                            view.seat, sit.pairs, utility, node_cap=node_cap)
                t0 = time.process_time()
                try:
                    e.best()
                except TooBig:
                    too_big += 1
                times.append(time.process_time() - t0)
                nodes.append(e.nodes)
            stats[objective] = {"median_s": round(_pct(times, 0.5), 4), "p95_s": round(_pct(times, 0.95), 4),
                                "max_s": round(max(times), 4), "nodes_p95": _pct(nodes, 0.95),
                                "nodes_max": max(nodes), "over_cap": too_big}
        out[str(left)] = stats
        print(left, json.dumps(stats), file=sys.stderr, flush=True)
        if stats["tricks"]["over_cap"] > len(rows) // 4:
            break
    return out


def master_rates(n: int, deals: int, seed: int, options: Options, budget: float,
                 oracle: bool = False) -> dict[str, Any]:
    """Optimal rates of Master's cards where Master may solve: before (search alone) and after.
    ``oracle``: the Oracle's instead, wherever the position fits (it sees every card)."""
    from engine.bots.eralash.endgame import fits, known_hands
    from engine.bots.eralash.master import MasterBot

    rows = {"before": [0, 0.0, 0.0], "after": [0, 0.0, 0.0]}  # optimal, robber value lost, tricks lost
    count = 0
    for deal, view in positions(n, deals, seed, options):
        if len(view.legal_moves()) < 2 or not fits(n, sum(view.counts)):
            continue
        if not oracle and known_hands(view) is None:
            continue
        sit = Situation.of(view)
        value, me = sit.robber_value(), view.seat
        args = (n, deal.hands, deal.trump, deal.lead, deal.current_trick(), deal.tricks_won, me, sit.pairs)
        utility = lambda w, value=value, me=me: value(w)[me]  # noqa: E731
        robber = Endgame(*args, utility=utility, node_cap=None).move_values()
        tricks = Endgame(*args, node_cap=None).move_values()
        count += 1
        for label, exact in (("before", False), ("after", True)):
            card = MasterBot(seed, budget=budget, sees_all=oracle, exact=exact).choose(view, deal)
            lost = max(robber.values()) - robber[card]
            rows[label][0] += lost < 1e-9
            rows[label][1] += lost
            rows[label][2] += max(tricks.values()) - tricks[card]
    return {"decisions": count, "budget": budget, **{
        label: {"optimal": round(r[0] / max(1, count), 4), "robber_value_lost_per_decision":
                round(r[1] / max(1, count), 5), "tricks_lost_per_decision": round(r[2] / max(1, count), 4)}
        for label, r in rows.items()}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-cards", type=int, default=16)
    p.add_argument("--per-size", type=int, default=60, help="most positions solved per number of cards left")
    p.add_argument("--node-cap", type=int, default=1_000_000)
    p.add_argument("--pairs", action="store_true")
    p.add_argument("--short-deal", action="store_true")
    p.add_argument("--master", type=float, default=None, metavar="BUDGET",
                   help="Master's optimal rate where it may solve, before and after, at this budget")
    p.add_argument("--oracle", action="store_true", help="with --master: the Oracle, wherever it fits")
    a = p.parse_args(argv)
    options = Options(pairs=a.pairs, short_deal=a.short_deal)
    if a.master is not None:
        rates = master_rates(a.players, a.deals, a.seed, options, a.master, a.oracle)
        json.dump({"players": a.players, **rates}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    stats = run(a.players, a.deals, a.seed, a.max_cards, options, a.per_size, a.node_cap)
    json.dump({"players": a.players, "pairs": a.pairs, "short_deal": a.short_deal, "by_cards_left": stats},
              sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
