"""Master as it was before the fitted robber chance (issue 29): the arena's "before" (not shipped).

Its robber value is the old one: a normal approximation of the points to come, scaled by a guess at
the deals left, times the trick-race bonus ``1 + CONTROL · tanh(trick lead / CONTROL_SCALE)``.
``make(seed, budget, iterations)`` builds it; ``tools/race_arena.py`` seats it as ``master-before``.
"""

from __future__ import annotations

import math
from typing import Any

from engine.bots.eralash.master import MasterBot
from engine.bots.eralash.robber import RobberValue
from engine.bots.eralash.view import Situation

CONTROL = 1.0
CONTROL_SCALE = 3.0


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class RobberValueBefore(RobberValue):
    """The robber value with the trick-race bonus (engine/bots/eralash/robber.py before issue 29)."""

    def __init__(self, sit: Situation) -> None:
        super().__init__(sit.n, sit.pairs, sit.points, sit.tricks_before, sit.target, sit.tricks_per_deal,
                         sit.spread, sit.deals_played, sit.options)
        self.side_spread = sit.spread * (math.sqrt(2.0) if self.pairs else 1.0)

    def side_values(self, side_won: list[int], complete: bool = True) -> list[float]:
        sides = self.sides
        if complete:
            for i in range(sides):
                if side_won[i] == self.tricks_per_deal:
                    return [1.0 if j == i else 0.0 for j in range(sides)]
        totals = [self.tricks_before[i] + side_won[i] for i in range(sides)]
        pts = self.points
        if max(totals) >= self.target:
            best = max(pts)
            tied = [i for i in range(sides) if pts[i] == best]
            return [1.0 / len(tied) if i in tied else 0.0 for i in range(sides)]
        per_deal = self.tricks_per_deal / sides
        deals_left = max(1.0, (self.target - max(totals)) / (per_deal * 1.25))
        scale = self.side_spread * math.sqrt(2.0 * deals_left)
        raw = []
        for i in range(sides):
            p = 1.0
            for j in range(sides):
                if j != i:
                    p *= _phi((pts[i] - pts[j]) / scale)
            raw.append(p)
        for i in range(sides):
            rival = max(totals[j] for j in range(sides) if j != i)
            raw[i] *= 1.0 + CONTROL * math.tanh((totals[i] - rival) / CONTROL_SCALE)
        norm = sum(raw)
        return [r / norm for r in raw] if norm > 0 else [1.0 / sides] * sides


class MasterWithValue(MasterBot):
    """Master whose every robber value (search, trump choice, exact solves, who ducks in its
    playouts) is ``value_class``'s: ``Situation.robber_value`` is swapped for the length of a decision."""

    value_class: type[RobberValue]

    def choose(self, view: Any, full: Any = None) -> Any:
        saved = Situation.robber_value
        make = self.value_class
        Situation.robber_value = lambda sit: make(sit)  # type: ignore[method-assign, call-arg]
        try:
            return super().choose(view, full)
        finally:
            Situation.robber_value = saved  # type: ignore[method-assign]


class MasterBefore(MasterWithValue):
    """Master with the old robber value."""

    value_class = RobberValueBefore


def make(seed: int = 0, budget: float | None = None, iterations: int | None = None,
         sees_all: bool = False) -> MasterBot:
    name = "oracle-before" if sees_all else "master-before"
    return MasterBefore(seed, budget, name, iterations=iterations, sees_all=sees_all, late=False,
                        paired=False)


LEAN = 0.25  # the share of the old trick-race bonus ``make_leaning`` keeps


class RobberValueLeaning(RobberValue):
    """The fitted chance times ``1 + LEAN · tanh(trick lead / CONTROL_SCALE)`` while the robber goes
    on: a quarter of the old bonus on the true value (an experiment of issue 29's ask 2, not shipped)."""

    def __init__(self, sit: Situation) -> None:
        super().__init__(sit.n, sit.pairs, sit.points, sit.tricks_before, sit.target, sit.tricks_per_deal,
                         sit.spread, sit.deals_played, sit.options)

    def side_values(self, side_won: list[int], complete: bool = True) -> list[float]:
        base = super().side_values(side_won, complete)
        totals = [self.tricks_before[i] + side_won[i] for i in range(self.sides)]
        if max(totals) >= self.target or (complete and max(side_won) == self.tricks_per_deal):
            return base  # an ended robber, or a slam: exact
        raw = []
        for i in range(self.sides):
            rival = max(totals[j] for j in range(self.sides) if j != i)
            raw.append(base[i] * (1.0 + LEAN * math.tanh((totals[i] - rival) / CONTROL_SCALE)))
        norm = sum(raw)
        return [r / norm for r in raw] if norm > 0 else base


class MasterLeaning(MasterWithValue):
    """Master (the late solve too) whose robber value is ``RobberValueLeaning``."""

    value_class = RobberValueLeaning


def make_leaning(seed: int = 0, iterations: int | None = None) -> MasterBot:
    """For ``race_arena.py --bots master_before:make_leaning,master-before,…``."""
    return MasterLeaning(seed, None, "leaning", iterations=iterations)


def make_paired(seed: int = 0, iterations: int | None = None) -> MasterBot:
    """Master with paired root rounds (``MasterBot(paired=True)``), for ``race_arena.py --bots
    master,master_before:make_paired,…``."""
    return MasterBot(seed, None, "paired", iterations=iterations, paired=True)

