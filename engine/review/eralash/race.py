"""The robber race as a seat sees it: what the rules score, for the coach's words.

In Eralash points come only from the runs and Aces dealt; card play counts through *when* the robber
ends (at the end of the deal in which some side's tricks reach the target; the most points then win)
and the slam. ``Race.of(view)`` gathers the facts the coach's sentences state: each side's points and
tricks (the robber's, this deal's included), how many tricks each still needs to end the robber,
whether it can end in this deal at all, and whether a slam is still open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.eralash.race import ends_now, tricks_to_end


@dataclass(frozen=True)
class Race:
    """The race at one moment of a deal, from ``side``'s chair (a seat, or a team in pairs)."""

    side: int
    points: tuple[float, ...]  # per side: the robber's points with this deal's runs and honours
    tricks: tuple[int, ...]  # per side: the robber's tricks, this deal's taken so far included
    deal_tricks: tuple[int, ...]  # per side: this deal's tricks so far
    target: int
    left: int  # tricks of this deal still to be won (the one on the table included)
    pairs: bool

    @classmethod
    def of(cls, view: Any) -> Race:
        n = view.n_players
        pairs = bool(view.pairs) and n == 4
        sides = 2 if pairs else n
        pts = [float(view.robber_points[s]) for s in range(sides)]
        trs = [int(view.robber_tricks[s]) for s in range(sides)]
        deal = [0] * sides
        for seat in range(n):
            side = seat % 2 if pairs else seat
            pts[side] += view.points[seat]
            trs[side] += view.tricks_won[seat]
            deal[side] += view.tricks_won[seat]
        left = view.size - sum(view.tricks_won)
        side = view.side_of(view.seat)
        return cls(side, tuple(pts), tuple(trs), tuple(deal), int(view.target), left, pairs)

    @property
    def sides(self) -> int:
        return len(self.points)

    def need(self, side: int) -> int:
        """Tricks ``side`` still has to take to end the robber (0: it ends with this deal)."""
        return tricks_to_end(self.tricks, self.target)[side]

    def can_end(self, side: int) -> bool:
        """Whether ``side`` can still reach the target in this deal."""
        return self.need(side) <= self.left

    def anyone_can_end(self) -> bool:
        return any(self.can_end(s) for s in range(self.sides))

    def ending(self) -> bool:
        """Some side has already reached the target: the robber ends with this deal."""
        return any(self.need(s) == 0 for s in range(self.sides))

    def slam_open(self) -> bool:
        """Some side has taken every trick of this deal so far (before the first trick, everyone)."""
        return sum(self.deal_tricks) == 0 or any(t == sum(self.deal_tricks) for t in self.deal_tricks)

    def rival(self) -> int:
        """The other side with the most points (the nearest to the end among them)."""
        others = [s for s in range(self.sides) if s != self.side]
        return max(others, key=lambda s: (self.points[s], self.tricks[s], -s))

    def lead(self) -> float:
        """The seat's side's points minus the best other side's (negative: it trails)."""
        return self.points[self.side] - self.points[self.rival()]

    def wins_if_ended(self, side: int) -> bool:
        """Whether ``side`` would win (alone or shared) if the robber ended now: the most points."""
        return ends_now(self.points)[side] > 0

    def matters(self) -> bool:
        """Whether this deal's tricks can change what the rules score: an end within reach, or a slam."""
        return self.anyone_can_end() or self.slam_open()
