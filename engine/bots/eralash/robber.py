"""What a deal's tricks are worth at game level: each side's chance of winning the robber.

In Eralash the points come only from runs and honours, written when declared; tricks decide only
*when* the robber ends (some side's total reaches the target) and the slam. So a deal's outcome is
judged by the robber it leaves: ended now (the side with most points wins, ties share), a slam (the
slam-maker wins at once), or going on — then ``engine.eralash.race.robber_chances`` says what the
deals to come make of it (the trick race as the bots play it, the points as dealing brings them; fitted
and calibrated against Club robbers, docs/benchmarks.md). Search bots value every finished deal with
``RobberValue``; a trick lead is worth what it changes of when the robber ends, and the little that
who ends it says of the points (``race.TRICK_TILT``, measured).
"""

from __future__ import annotations

from engine.eralash.options import Options
from engine.eralash.race import _simulated_spread, deal_points_spread, ends_now, hand_points, robber_chances

__all__ = ["RobberValue", "_simulated_spread", "deal_points_spread", "hand_points"]

TIEBREAK = 0.02  # a whisker for own tricks, so that otherwise-equal plays still look purposeful


class RobberValue:
    """Maps one deal's tricks per seat to each seat's chance of winning the robber.

    ``points`` and ``tricks_before`` are per side (a seat, or a team when ``pairs``), with this deal's
    runs and honours already in ``points``; ``deals_played`` counts the deals finished before this one
    and ``options`` are the table's (None: the defaults with this ``target`` and deal size). A robber
    that goes on is valued by ``engine.eralash.race.robber_chances``. Results are cached per trick
    vector. ``spread`` is kept for callers that still pass it; the race module knows the deal's points.
    """

    def __init__(
        self,
        n_players: int,
        pairs: bool,
        points: list[float],
        tricks_before: list[int],
        target: int,
        tricks_per_deal: int,
        spread: float = 0.0,
        deals_played: int = 0,
        options: Options | None = None,
    ) -> None:
        self.n = n_players
        self.pairs = pairs and n_players == 4
        self.sides = 2 if self.pairs else n_players
        self.points = list(points)
        self.tricks_before = list(tricks_before)
        self.target = target
        self.tricks_per_deal = tricks_per_deal
        self.deals_played = deals_played
        if options is None:
            short = n_players < 4 and tricks_per_deal == 13
            options = Options(pairs=self.pairs, short_deal=short, target=target)
        self.options = options
        self._cache: dict[tuple[int, ...], tuple[float, ...]] = {}

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.pairs else seat

    def __call__(self, won: list[int] | tuple[int, ...]) -> tuple[float, ...]:
        key = tuple(won)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self._value(key)
        return hit

    def _value(self, won: tuple[int, ...]) -> tuple[float, ...]:
        sides = self.sides
        side_won = [0] * sides
        for seat, w in enumerate(won):
            side_won[self.side_of(seat)] += w
        total = sum(side_won)
        side_value = self.side_values(side_won, complete=total == self.tricks_per_deal)
        return tuple(
            side_value[self.side_of(s)] + TIEBREAK * won[s] / max(1, self.tricks_per_deal)
            for s in range(self.n)
        )

    def side_values(self, side_won: list[int], complete: bool = True) -> list[float]:
        """Each side's chance of winning the robber once this deal ends with ``side_won`` tricks."""
        sides = self.sides
        if complete:
            for i in range(sides):
                if side_won[i] == self.tricks_per_deal:  # slam: the robber is won at once
                    return [1.0 if j == i else 0.0 for j in range(sides)]
        totals = [self.tricks_before[i] + side_won[i] for i in range(sides)]
        if max(totals) >= self.target:
            return list(ends_now(self.points))
        deals = self.deals_played + 1
        return list(robber_chances(self.n, self.pairs, self.points, totals, deals, self.options))
