"""Last-round positions from real games, and ``python -m engine bench --endgame``: the solver's speed.

Positions come from Club-against-Club matches (fixed seeds): each deal's last round is caught at its
first play, so both ``book`` and ``strict`` tables give positions where every card is known.
"""

from __future__ import annotations

import statistics
import time
import tracemalloc
from typing import Any

from engine.bots.uragan.endgame import Endgame, master_utility, points_utility
from engine.uragan.deal import Deal
from engine.uragan.deck import ROUNDS
from engine.uragan.legal import PLAYS_PER_ROUND


def last_round_positions(count: int, claims: str = "book",
                         seed: int = 0) -> list[tuple[Deal, tuple[int, int]]]:
    """``count`` (deal, match points) pairs at the first play of a last round, from Club matches."""
    from engine.bots.uragan.club import UraganClub
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    out: list[tuple[Deal, tuple[int, int]]] = []
    s = seed
    while len(out) < count:
        m = Match.new(Options(claims=claims), ["a", "b"], s)
        bots = [UraganClub(2 * s), UraganClub(2 * s + 1)]
        while not m.is_over() and len(out) < count:
            d = m.deal
            if d.round == ROUNDS - 1 and len(d.plays) == PLAYS_PER_ROUND * (ROUNDS - 1) and d.phase == 0:
                out.append((d.copy(), tuple(m.view(0).match_points)))  # type: ignore[arg-type]
                while m.deal is d and not m.is_over():
                    p = m.current_player()
                    m.play(bots[p].choose(m.view(p)))
                continue
            p = m.current_player()
            m.play(bots[p].choose(m.view(p)))
        s += 1
    return out


def measure(count: int = 200, claims: str = "book", utility: str = "master", seed: int = 0) -> dict[str, Any]:
    """Seconds to solve each position from scratch (best move, value and line), one core."""
    positions = last_round_positions(count, claims, seed)
    times, nodes = [], []

    def solver(deal: Deal, points: tuple[int, int]) -> Endgame:
        u = master_utility(points, deal.options.target) if utility == "master" else points_utility
        return Endgame(u, deal.options.primiera_all_suits)

    for deal, points in positions:
        e = solver(deal, points)
        t = time.process_time()
        sol = e.solve(deal)
        times.append(time.process_time() - t)
        nodes.append(sol.nodes)
    # memory (tracemalloc slows the solve, so apart): the five positions that took the most nodes
    peak = 0
    for i in sorted(range(len(nodes)), key=nodes.__getitem__)[-5:]:
        deal, points = positions[i]
        e = solver(deal, points)
        tracemalloc.start()
        e.solve(deal)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    times.sort()
    return {"positions": len(times), "claims": claims, "utility": utility,
            "median_s": round(statistics.median(times), 4),
            "p95_s": round(times[int(0.95 * (len(times) - 1))], 4), "max_s": round(times[-1], 4),
            "nodes_median": int(statistics.median(nodes)), "nodes_max": max(nodes),
            "peak_mb": round(peak / 2**20, 1)}


def last_round_decisions(count: int, claims: str = "strict",
                         seed: int = 0) -> list[tuple[Deal, tuple[int, int]]]:
    """Every play decision of the last rounds of Club matches (fixed seeds) whose lawful moves
    differ in exact deal points, until ``count``: what the issue's table was measured on."""
    from engine.bots.uragan.club import UraganClub
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    out: list[tuple[Deal, tuple[int, int]]] = []
    s = seed
    while len(out) < count:
        m = Match.new(Options(claims=claims), ["a", "b"], s)
        bots = [UraganClub(2 * s), UraganClub(2 * s + 1)]
        while not m.is_over() and len(out) < count:
            d = m.deal
            p = m.current_player()
            view = m.view(p)
            if d.round == ROUNDS - 1 and d.phase == 0:
                moves = Endgame.root_moves(d)
                if len(moves) > 1:
                    e = Endgame(points_utility, d.options.primiera_all_suits)
                    if len({e.value_after(d, mv) for mv in moves}) > 1:
                        out.append((d.copy(), tuple(view.match_points)))  # type: ignore[arg-type]
            m.play(bots[p].choose(view))
        s += 1
    return out

