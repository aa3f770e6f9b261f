"""``python -m engine bench --endgame --accuracy``: how often Master, its search alone, the coach's
best and Club play the exact best move on last-round decisions from real games (issue 19's table)."""

from __future__ import annotations

from typing import Any

from engine.bots.uragan.endgame import Endgame, master_utility, points_utility
from engine.bots.uragan.endgame_bench import last_round_decisions


def accuracy(count: int = 250, claims: str = "strict", seed: int = 0,
             budget: float = 0.8) -> dict[str, Any]:
    """How often each chooser's move is optimal in exact deal points, and the points it loses per
    decision, on ``count`` last-round decisions: Master (solving), Master's search alone (the
    solver off, ``budget`` s), the coach's best, Club."""
    from engine.bots.uragan.club import UraganClub
    from engine.bots.uragan.master import UraganMaster
    from engine.review.budget import Budget
    from engine.review.uragan import judge
    from engine.uragan.view import View

    decisions = last_round_decisions(count, claims, seed)
    stats: dict[str, list[float]] = {"master": [], "master_search_only": [], "coach_best": [], "club": []}
    own_optimal = 0
    for i, (deal, points) in enumerate(decisions):
        seat = deal.current_player()
        view = View.of_deal(deal, seat, match_points=points)
        sign = 1 if seat == 0 else -1
        e = Endgame(points_utility, deal.options.primiera_all_suits)
        values = {mv: sign * e.value_after(deal, mv) for mv in deal.legal_moves()}
        top = max(values.values())
        master = UraganMaster(seed=i, budget=budget)
        search_only = UraganMaster(seed=i, budget=budget)
        search_only.exact = False
        picks: dict[str, Any] = {
            "master": master.choose(view),
            "master_search_only": search_only.choose(view),
            "coach_best": judge(view, deal.legal_moves()[0], Budget(budget), i).best,
            "club": UraganClub(i).choose(view),
        }
        for k, mv in picks.items():
            stats[k].append(top - values[mv])
        mu = Endgame(master_utility(points, deal.options.target), deal.options.primiera_all_suits)
        own = {mv: sign * mu.value_after(deal, mv) for mv in Endgame.root_moves(deal)}
        own_optimal += own[picks["master"]] == max(own.values())
    n = len(decisions)
    out: dict[str, Any] = {"decisions": n, "claims": claims, "budget": budget,
                           "master_optimal_for_its_utility": round(own_optimal / n, 4)}
    for k, losses in stats.items():
        out[k] = {"optimal": round(sum(x == 0 for x in losses) / n, 4),
                  "points_lost_per_decision": round(sum(losses) / n, 3)}
    return out
