"""Game-independent search for the bots: seeds, time budgets, ISMCTS and PIMC over the state API.

Everything here works on any state that follows ``engine.state.GameState`` plus
``random_playout(rng)`` (the engines' ``Deal``). A search never looks at hidden cards itself: it is
handed a ``determinize(rng) -> state`` function — ``view.determinize`` for a fair bot, or a copy of
the full state for the Oracle — and an ``evaluate(state) -> values per seat`` for finished states.

Determinism: a bot seeds its generator from ``(bot seed, view)`` with ``decision_rng``; with an
iteration cap instead of a clock (``Deadline(None, n)``) the same view and seed give the same move,
whatever the hidden cards are. Under a wall-clock budget the number of iterations, and so possibly
the move, depends on the machine's speed — that is what "anytime" means.
"""

from __future__ import annotations

import gc
import hashlib
import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol


class SearchState(Protocol):
    def current_player(self) -> int: ...
    def legal_moves(self) -> Sequence[Hashable]: ...
    def play(self, move: Hashable) -> None: ...
    def is_over(self) -> bool: ...
    def copy(self) -> SearchState: ...
    def random_playout(self, rng: random.Random) -> None: ...


Determinizer = Callable[[random.Random], Any]
Evaluator = Callable[[Any], Sequence[float]]
Rollout = Callable[[Any, random.Random], None]


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from printable parts, the same in every process (unlike ``hash``)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def view_key(view: Any) -> str:
    """A text that equal views share: the view's own ``key()`` if it has one, else its ``repr``."""
    key = getattr(view, "key", None)
    return str(key()) if callable(key) else repr(view)


def decision_rng(seed: int, view: Any) -> random.Random:
    """The generator for one decision: a function of the bot's seed and what its seat can see."""
    return random.Random(stable_seed(seed, view_key(view)))


@dataclass
class Deadline:
    """When an anytime search stops: a wall-clock budget, an iteration cap, or both.

    ``Deadline(None, None)`` would never stop, so at least one must be given. The clock is read
    every ``check_every`` iterations only (reading it costs about as much as a cheap iteration).
    """

    budget: float | None
    max_iterations: int | None = None
    min_iterations: int = 1
    check_every: int = 4
    start: float = field(default_factory=lambda: time.perf_counter())  # read late: tests swap the clock

    def __post_init__(self) -> None:
        if self.budget is None and self.max_iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")

    def expired(self, iterations: int) -> bool:
        if iterations < self.min_iterations:
            return False
        if self.max_iterations is not None and iterations >= self.max_iterations:
            return True
        if self.budget is None or iterations % self.check_every:
            return False
        return time.perf_counter() - self.start >= self.budget

    def elapsed(self) -> float:
        return time.perf_counter() - self.start


def random_rollout(state: Any, rng: random.Random) -> None:
    state.random_playout(rng)


@dataclass
class SearchResult:
    move: Hashable
    iterations: int
    visits: dict[Hashable, int]
    values: dict[Hashable, float]  # mean value of each root move for the deciding seat
    # each root move followed by the replies the tree expects (the most visited child, while it has
    # been visited at least LINE_VISITS times), up to LINE_PLIES moves in all
    lines: dict[Hashable, tuple[Hashable, ...]] = field(default_factory=dict)


LINE_PLIES, LINE_VISITS = 4, 8


def _principal(node: _Node) -> tuple[Hashable, ...]:
    out = [node.move]
    while len(out) < LINE_PLIES and node.children:
        node = max(node.children.values(), key=lambda c: c.visits)
        if node.visits < LINE_VISITS:
            break
        out.append(node.move)
    return tuple(out)


class _Node:
    """A tree node; no parent pointer, so a finished tree is freed by reference counting alone."""

    __slots__ = ("avail", "children", "move", "player", "total", "visits")

    def __init__(self, move: Hashable, player: int) -> None:
        self.move = move
        self.player = player  # the seat that chose ``move``
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


def ismcts(
    determinize: Determinizer,
    root_moves: Sequence[Hashable],
    seat: int,
    evaluate: Evaluator,
    rng: random.Random,
    deadline: Deadline,
    rollout: Rollout = random_rollout,
    exploration: float = 0.7,
    expand_order: Callable[[Any, list[Hashable], random.Random], Hashable] | None = None,
    moves: Callable[[Any], Sequence[Hashable]] | None = None,
) -> SearchResult:
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Each iteration samples a state with ``determinize(rng)``, walks one shared tree with UCB1 over
    the moves available in that sample (availability counts), expands one node, finishes the state
    with ``rollout`` and backs up ``evaluate(state)[player]`` to each node for the seat that chose it.
    ``evaluate`` must return values in about [0, 1] per seat for a finished state. The move played
    is the most visited of ``root_moves``. ``moves(state)``, if given, replaces
    ``state.legal_moves()`` inside the tree (a cached or pruned move generator).
    """
    if len(root_moves) == 1:
        return SearchResult(root_moves[0], 0, {root_moves[0]: 0}, {root_moves[0]: 0.0})
    with _gc_paused():
        return _ismcts(determinize, root_moves, evaluate, rng, deadline, rollout, exploration,
                       expand_order, moves)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection during a search: the search makes no reference cycles, and a
    full collection over a long-lived process's caches can stall a move for a second."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _ismcts(
    determinize: Determinizer,
    root_moves: Sequence[Hashable],
    evaluate: Evaluator,
    rng: random.Random,
    deadline: Deadline,
    rollout: Rollout,
    exploration: float,
    expand_order: Callable[[Any, list[Hashable], random.Random], Hashable] | None,
    moves: Callable[[Any], Sequence[Hashable]] | None,
) -> SearchResult:
    root = _Node(None, -1)
    iterations = 0
    log, sqrt = math.log, math.sqrt
    gen = moves
    while not deadline.expired(iterations):
        state = determinize(rng)
        node = root
        path = []
        while not state.is_over():
            legal = gen(state) if gen is not None else state.legal_moves()
            children = node.children
            untried = [m for m in legal if m not in children]
            if untried:
                move = expand_order(state, untried, rng) if expand_order else rng.choice(untried)
                child = _Node(move, state.current_player())
                children[move] = child
                state.play(move)
                node = child
                path.append(child)
                break
            best: _Node | None = None
            best_ucb = -math.inf
            for m in legal:
                c = children[m]
                c.avail += 1
                ucb = c.total / c.visits + exploration * sqrt(log(c.avail) / c.visits)
                if ucb > best_ucb:
                    best, best_ucb = c, ucb
            assert best is not None
            state.play(best.move)
            node = best
            path.append(best)
        if not state.is_over():
            rollout(state, rng)
        values = evaluate(state)
        for n in path:
            n.visits += 1
            n.total += values[n.player]
        root.visits += 1
        iterations += 1
    visits = {m: (root.children[m].visits if m in root.children else 0) for m in root_moves}
    means = {
        m: (root.children[m].total / root.children[m].visits if visits[m] else 0.0) for m in root_moves
    }
    # most visits; ties (a tiny budget) go to the better mean, then to the listed order
    move = max(root_moves, key=lambda m: (visits[m], means[m]))
    lines = {m: _principal(c) for m, c in root.children.items()}
    return SearchResult(move, iterations, visits, means, lines)


def pimc(
    determinize: Determinizer,
    root_moves: Sequence[Hashable],
    seat: int,
    evaluate: Evaluator,
    rng: random.Random,
    deadline: Deadline,
    rollout: Rollout = random_rollout,
) -> SearchResult:
    """Perfect-information Monte Carlo: each sampled state tries every root move with one rollout.

    One iteration is one sample; every root move is scored on the same sample, which pairs the
    comparison and cancels much of the sampling noise.
    """
    if len(root_moves) == 1:
        return SearchResult(root_moves[0], 0, {root_moves[0]: 0}, {root_moves[0]: 0.0})
    totals = dict.fromkeys(root_moves, 0.0)
    iterations = 0
    with _gc_paused():
        iterations = _pimc_loop(determinize, root_moves, seat, evaluate, rng, deadline, rollout, totals)
    n = max(1, iterations)
    values = {m: totals[m] / n for m in root_moves}
    move = max(root_moves, key=lambda m: values[m])
    return SearchResult(move, iterations, dict.fromkeys(root_moves, iterations), values)


def _pimc_loop(
    determinize: Determinizer,
    root_moves: Sequence[Hashable],
    seat: int,
    evaluate: Evaluator,
    rng: random.Random,
    deadline: Deadline,
    rollout: Rollout,
    totals: dict[Hashable, float],
) -> int:
    iterations = 0
    while not deadline.expired(iterations):
        base = determinize(rng)
        for m in root_moves:
            s = base.copy()
            s.play(m)
            if not s.is_over():
                rollout(s, rng)
            totals[m] += evaluate(s)[seat]
        iterations += 1
    return iterations
