"""Uragan Master (and the arena's Oracle): information-set MCTS that plays to win the match.

Each iteration samples the hidden cards consistently with the seat's view (``View.determinize``,
made cheap by ``Resampler``: the opponent's hand and the stock drawn from the unseen cards), walks
one shared search tree (single-observer ISMCTS, ``engine.bots.search``), expands one move and values
the leaf with ``engine.bots.uragan.eval``'s static evaluation: expected deal points turned into the chance of
winning the match from the current match score. So it plays for the match, not for one deal's points.

Plays that break a capture priority are never searched: the opponent could claim them into one of
the lawful captures, which are searched anyway. The search runs the sampled deals under strict
claims for that reason; claim decisions and the offender's pick at the root are searched like any
move. The Oracle is the same search handed the true deal instead of samples.

From the first play of the last round every card is known (the stock is empty, the opponent holds
the view's unseen cards), and both Master and the Oracle solve the rest of the deal exactly instead
(``endgame.py``), for the same utility the search plays for; the solver is kept through the round.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

from engine.bots.search import Deadline, _gc_paused, decision_rng, ismcts, random_rollout
from engine.bots.uragan.endgame import Endgame, deal_of_view, master_utility, opponent_hand_known
from engine.bots.uragan.eval import greedy_playout, make_evaluator, make_static_evaluator, no_rollout
from engine.uragan.deal import PLAY, Deal, legal_moves_in
from engine.uragan.deck import ROUNDS
from engine.uragan.moves import Move
from engine.uragan.options import Options
from engine.uragan.view import View


class Resampler:
    """``View.determinize`` made cheap for thousands of samples of one decision.

    The view's determinization fixes everything public; only which unseen card lies in which hidden
    place (the opponent's hand, the rounds still in the stock) changes between samples. So one
    determinized deal is the template and each sample reshuffles the unseen cards into its places.
    """

    def __init__(self, view: View, options: Options) -> None:
        base = view.determinize(random.Random(0))
        base.options = options
        self.base = base
        opp = 1 - view.seat
        self.opp = opp
        self.round = view.round
        self.opp_known = base.dealt[2 * view.round + opp] & ~base.hands[opp]  # cards it has played
        self.opp_size = view.hand_sizes[opp]
        self.pool = [c for c in range(52) if view.unseen() >> c & 1]
        self.future = [2 * r + s for r in range(view.round + 1, ROUNDS) for s in (opp, view.seat)]

    def sample(self, rng: random.Random) -> Deal:
        pool = self.pool[:]
        rand = rng.random
        for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates on floats: quicker than shuffle()
            j = int(rand() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        d = self.base.copy()
        hand = 0
        for c in pool[:self.opp_size]:
            hand |= 1 << c
        d.hands[self.opp] = hand
        dealt = list(d.dealt)
        dealt[2 * self.round + self.opp] = self.opp_known | hand
        pos = self.opp_size
        for slot in self.future:
            m = 0
            for c in pool[pos:pos + 6]:
                m |= 1 << c
            dealt[slot] = m
            pos += 6
        d.dealt = tuple(dealt)
        return d


def strict_move_generator() -> Callable[[Deal], list[Move]]:
    """``moves(deal)``: a sampled deal's legal moves under strict claims, cached by (hand, table).

    One cache per decision: it is small, and it dies with the search (a large shared cache would
    cost a long pause whenever it was cleared).
    """
    cache: dict[tuple[int, int], list[Move]] = {}

    def moves(deal: Deal) -> list[Move]:
        if deal.phase != PLAY:
            return deal.legal_moves()
        key = (deal.hands[deal.turn], deal.table)
        got = cache.get(key)
        if got is None:
            got = cache[key] = legal_moves_in(PLAY, key[0], key[1], True, None)
        return got

    return moves


def lawful_moves(view: View) -> list[Move]:
    """The view's legal moves without the plays that break a priority (see the module docstring)."""
    return legal_moves_in(view.phase, view.hand if view.turn == view.seat else 0, view.table, True,
                          view.pending)


class UraganMaster:
    """ISMCTS within ``budget`` seconds (or ``max_iterations``); ``sees_all`` makes it the Oracle."""

    def __init__(self, seed: int = 0, budget: float | None = 0.8, sees_all: bool = False,
                 max_iterations: int | None = None, exploration: float = 0.25,
                 rollout: str = "static") -> None:
        self.name = "oracle" if sees_all else "master"
        self.seed = seed
        self.budget = budget
        self.sees_all = sees_all
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.rollout = rollout
        self.last_iterations = 0
        self.exact = True  # solve the last round exactly (False: the search alone, for comparisons)
        self._endgame: tuple[tuple[object, ...], Endgame] | None = None

    def endgame(self, view: View) -> Endgame:
        """The last round's solver for this deal and match score (kept, with its table, until the
        deal or the score changes)."""
        key = (view.deal_number, view.match_points, view.target, view.dealer, view.table0,
               view.options.primiera_all_suits)
        if self._endgame is None or self._endgame[0] != key:
            self._endgame = (key, Endgame(master_utility(view.match_points, view.target),
                                          view.options.primiera_all_suits))
        return self._endgame[1]

    def choose(self, view: View, full: Deal | None = None) -> Move:
        start = time.perf_counter()
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root_moves = lawful_moves(view) if view.pending is None else moves
        if len(root_moves) == 1:
            return root_moves[0]
        if self.exact and opponent_hand_known(view):
            solver = self.endgame(view)
            with _gc_paused():  # as the search: a full collection over the caches stalls a move
                sol = solver.solve(deal_of_view(view), root_moves, line_plies=1)
            self.last_iterations = sol.nodes
            assert sol.move is not None  # the deal goes on: there is a move to make
            return sol.move
        strict = dataclasses.replace(view.options, claims="strict")
        sample: Callable[[random.Random], Deal]
        if self.sees_all:
            if full is None:
                raise ValueError("the Oracle must be handed the full deal")
            truth = full

            def sample_truth(rng: random.Random) -> Deal:
                d = truth.copy()
                d.options = strict
                return d

            sample = sample_truth
        else:
            sample = Resampler(view, strict).sample

        # the budget bounds the whole answer: keep a margin for setting up and returning
        budget = None if self.budget is None else max(0.0, self.budget * 0.92 - (time.perf_counter() - start))
        deadline = Deadline(budget, self.max_iterations)
        rollout: Callable[[Deal, random.Random], None]
        if self.rollout == "static":
            evaluate, rollout = make_static_evaluator(view.match_points, view.target), no_rollout
        else:
            evaluate = make_evaluator(view.match_points, view.target)
            rollout = greedy_playout if self.rollout == "greedy" else random_rollout
        result = ismcts(sample, root_moves, view.seat, evaluate, decision_rng(self.seed, view), deadline,
                        exploration=self.exploration, rollout=rollout, moves=strict_move_generator())
        self.last_iterations = result.iterations
        move: Move = result.move  # type: ignore[assignment]  # the search hands back one of root_moves
        return move
