"""The race on the Eralash table: how many robber tricks each side still needs to end the robber, who
the end would make the winner if it came now, and the player's one-line prompt when the race is in
reach this deal ("you trail by 17 and are 2 tricks from the end: avoid tricks").

Points come only from the runs and Aces dealt, so within a deal they are fixed from its first card;
card play decides *when the robber ends* (at the end of a deal in which some side's robber tricks
reach the target; docs/rules.md, Eralash 9). The numbers come from the engine's race module
(``engine.eralash.race``: ``tricks_to_end``, ``ends_now``); this module only reads them for one side
and words them. No pygame here: the plaques draw what it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.eralash.race import ends_now, tricks_to_end
from game.words.i18n import plural

if TYPE_CHECKING:
    from engine.eralash import Deal, Match

TAKE, AVOID, HOLD_OFF = "take", "avoid", "hold_off"


@dataclass(frozen=True)
class Race:
    """Where the robber's race stands during a deal, per side (a seat, or a team in pairs)."""

    points: tuple[float, ...]  # robber points, this deal's runs and honours included
    need: tuple[int, ...]  # robber tricks each side still needs to end the robber (0: reached)
    share: tuple[float, ...]  # each side's share of the robber were it to end now (1 wins, 0 loses)
    left: int  # tricks still to be played in this deal

    @property
    def reached(self) -> bool:
        """Some side has reached the target: the robber ends with this deal."""
        return min(self.need) == 0

    @property
    def forced(self) -> bool:
        """This deal ends the robber whatever is played: a side has reached the target, or the tricks
        left cannot be shared out with every side still short of it."""
        return self.reached or sum(n - 1 for n in self.need) < self.left

    def in_reach(self, side: int) -> bool:
        """Can ``side`` still end the robber in this deal with its own tricks?"""
        return 0 < self.need[side] <= self.left

    def near(self, side: int) -> bool:
        """Is the end near enough for ``side`` to play for it now: in reach this deal, within its share
        of the tricks left (or 2)? Seven tricks of thirteen at the first trick is no race yet."""
        share = -(-self.left // len(self.need))
        return self.in_reach(side) and self.need[side] <= max(2, share)

    def margin(self, side: int) -> int:
        """Points ahead of the best other side (negative: behind the leader)."""
        others = [p for i, p in enumerate(self.points) if i != side]
        return int(self.points[side] - max(others, default=self.points[side]))

    def prompt_kind(self, side: int) -> str | None:
        """What the race asks of ``side`` now, when it matters: ``take`` (leading, the end near in its
        own tricks), ``avoid`` (trailing, the end near in its own tricks), ``hold_off`` (trailing,
        another side near the end, ``side`` unable to end it this deal), or None (the end not near,
        already certain, or the points level at the top)."""
        if self.forced or self.share[side] not in (0.0, 1.0):
            return None
        leading = self.share[side] == 1.0
        if self.near(side):
            return TAKE if leading else AVOID
        if not leading and not self.in_reach(side) and self.threat(side) is not None:
            return HOLD_OFF
        return None

    def threat(self, side: int) -> int | None:
        """The other side nearest the end within this deal's reach (for ``hold_off``)."""
        near = [(self.need[s], s) for s in range(len(self.need)) if s != side and self.near(s)]
        return min(near)[1] if near else None


def race_of(match: Match, deal: Deal | None = None) -> Race:
    """The race during the match's current deal (``deal``: the one on the cloth, when it is that)."""
    deal = deal if deal is not None else match.deal
    points = tuple(float(p) for p in match.score())
    tricks = match.tricks()
    left = max(0, deal.size - len(deal.winners)) if not match.is_over() else 0
    return Race(points, tricks_to_end(tricks, match.options.target), ends_now(points), left)


def prompt(race: Race, side: int, pairs: bool, name: str = "") -> str | None:
    """The player's one-line prompt in the race's terms (``name``: the side that threatens to end it,
    for ``hold_off``), or None when the race asks nothing of this turn."""
    kind = race.prompt_kind(side)
    if kind is None:
        return None
    margin = abs(race.margin(side))
    points = plural(margin, "eralash.n_points")
    who = "pair" if pairs else "you"
    if kind == HOLD_OFF:
        threat = race.threat(side)
        n = race.need[threat] if threat is not None else 0
        return plural(n, f"eralash.race.prompt.{kind}.{who}", points=points, name=name)
    return plural(race.need[side], f"eralash.race.prompt.{kind}.{who}", points=points)
