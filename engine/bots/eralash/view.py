"""What an Eralash bot reads from its seat's View, flattened into one small typed snapshot.

The bots never touch the engine's internals: ``Situation.of(view)`` copies what the seat may know
(own hand, trump, the trick on the table, tricks and points so far, cards gone) into plain ints and
lists that the heuristics and the search read quickly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.bots.eralash.robber import RobberValue, deal_points_spread
from engine.bots.eralash.tricks import TrickPlay
from engine.bots.search import stable_seed
from engine.cards import SUIT_MASK
from engine.eralash.options import Options

__all__ = ["Situation", "decision_rng", "choose_trump_move", "to_card_move", "trick_play_of", "trump_choices"]


@dataclass
class Situation:
    seat: int
    n: int
    pairs: bool
    hand: int
    trump: int | None  # None while the eldest hand still has to choose it
    leader: int
    trick: list[int]  # cards on the table, from the leader
    won: list[int]  # tricks won this deal, per seat
    gone: int  # cards already played (earlier tricks and this one)
    points: list[float]  # robber points per side, this deal's runs and honours included
    tricks_before: list[int]  # robber tricks per side before this deal
    target: int
    tricks_per_deal: int
    spread: float  # standard deviation of one seat's points per deal
    deals_played: int = 0  # deals finished before this one
    options: Options | None = None  # the table's; None: the defaults with this target and deal size

    # --- derived -------------------------------------------------------------------------------

    @property
    def sides(self) -> int:
        return 2 if self.pairs else self.n

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.pairs else seat

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.pairs else None

    def tricks_left(self) -> int:
        return self.tricks_per_deal - sum(self.won)

    def robber_value(self) -> RobberValue:
        return RobberValue(
            self.n, self.pairs, self.points, self.tricks_before, self.target, self.tricks_per_deal,
            self.spread, self.deals_played, self.options,
        )

    def settled(self) -> int:
        """Cards of finished tricks: what may make two cards of a hand equal (``equivalence_classes``).
        The cards on the table do not: a Jack beats the 10 lying in this trick, a 4 does not."""
        m = self.gone
        for c in self.trick:
            m &= ~(1 << c)
        return m

    def outstanding(self) -> int:
        """Cards neither in this hand nor played: in other hands (or laid aside)."""
        return ((1 << 52) - 1) & ~self.hand & ~self.gone

    def is_master(self, card: int) -> bool:
        """Whether ``card`` is the highest card of its suit still out."""
        above = SUIT_MASK[card // 13] & ~((1 << (card + 1)) - 1)
        return not (above & self.outstanding())

    # --- construction ----------------------------------------------------------------------------

    @classmethod
    def of(cls, view: Any) -> Situation:
        return _from_view(view)


def _from_view(view: Any) -> Situation:
    n = view.n_players
    opts = view.options
    pairs = bool(opts.pairs) and n == 4
    sides = 2 if pairs else n
    points = [float(p) for p in view.robber_points]
    for seat in range(n):  # this deal's runs and honours are already written on the sheet
        points[seat % 2 if pairs else seat] += view.points[seat]
    return Situation(
        seat=view.seat,
        n=n,
        pairs=pairs,
        hand=view.hand,
        trump=None if view.trump < 0 else view.trump,
        leader=view.lead,
        trick=list(view.current_trick()),
        won=list(view.tricks_won),
        gone=view.played_mask(),
        points=points[:sides],
        tricks_before=list(view.robber_tricks)[:sides],
        target=view.target,
        tricks_per_deal=view.size,
        spread=deal_points_spread(view.size, n, opts.classic_runs, opts.aces_three, opts.aces_four),
        deals_played=view.deal_number - 1,
        options=opts,
    )


def decision_rng(seed: int, view: Any) -> random.Random:
    """The generator for one decision: a function of the bot's seed and what its seat can see."""
    key = (
        view.seat, view.hand, view.played, view.trump, view.choices, view.deal_number,
        tuple(view.robber_tricks), tuple(view.robber_points), view.dealer,
    )
    return random.Random(stable_seed(seed, key))


def trump_choices(view: Any) -> tuple[int, ...]:
    """The suits the seat may name as trump now (all four when nobody holds a run)."""
    return tuple(view.choices)


def choose_trump_move(view: Any, suit: int) -> Any:
    """The engine's move naming ``suit`` as trump."""
    from engine.eralash import ChooseTrump

    return ChooseTrump(suit)


def to_card_move(move: Any) -> int:
    """The card of a card move (Eralash card moves are the card ints themselves)."""
    return int(move)


def trick_play_of(deal: Any, trump: int | None = None) -> TrickPlay:
    """The search's lean copy of an engine ``Deal``'s card play (``trump`` names it if still open)."""
    t = deal.trump if deal.trump >= 0 else trump
    if t is None:
        raise ValueError("trump is not named yet: pass the suit to try")
    return TrickPlay(deal.n, list(deal.hands), t, deal.lead, deal.current_trick(), list(deal.tricks_won))
