"""Late in a deal, Master solves its sampled deals: every seat plays for its own robber chance.

Near the end of a deal the race is decided card by card (who is pushed to the target, who ducks under
it), and a quick playout policy judges that poorly. So from ``LATE_CARDS`` cards left Master samples
deals from its seat's View (``View.determinize``: runs shown, Aces announced, voids revealed, cards
played) and solves each one exactly, then plays the card whose mean over the samples is best
(perfect-information Monte Carlo). Each sample is solved:

- max-n where there are three or four sides: every seat plays for its own robber chance
  (``RobberValue``), not against one seat (a trailing seat near the target ducks because *it* loses
  when the robber ends, not to spite anyone); ties go to the cheaper card;
- alpha-beta (``endgame.Endgame``) where there are two sides (two players, pairs), the game itself.

A node cap per solve keeps a decision quick and deterministic; a sample that passes it ends the late
search (``TooBig``), and Master falls back to its tree search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.bots.eralash.endgame import Endgame, TooBig, card_classes
from engine.bots.eralash.robber import RobberValue
from engine.bots.eralash.tricks import TrickPlay
from engine.bots.eralash.view import Situation
from engine.eralash.trick import winning_index

__all__ = ["LATE_CARDS", "LATE_NODE_CAP", "MaxN", "late_values"]

# Cards still in all hands (by players) from which Master's late search takes over.
LATE_CARDS = {2: 16, 3: 12, 4: 16}
LATE_NODE_CAP = 20_000  # nodes one sample's solve may visit
LATE_NODES = 120_000  # nodes all of one decision's samples may visit: past it no further sample is solved


class MaxN:
    """One deal with every hand known, solved max-n: the seat to move picks the card that is best for
    itself, by ``value(final tricks per seat)`` (a value per seat). Values are memoised at the start
    of each trick; cards of one hand with no live card between them are one choice."""

    def __init__(
        self,
        n: int,
        hands: Sequence[int],
        trump: int,
        leader: int,
        trick: Sequence[int],
        won: Sequence[int],
        value: Callable[[tuple[int, ...]], tuple[float, ...]],
        node_cap: int = LATE_NODE_CAP,
    ) -> None:
        self.n = n
        self.hands = list(hands)
        self.trump = trump
        self.leader = leader
        self.trick = list(trick)
        self.won = list(won)
        self.value = value
        self.cap = node_cap
        self.nodes = 0
        self.table: dict[tuple[int, ...], tuple[float, ...]] = {}

    def move_values(self) -> dict[int, tuple[float, ...]]:
        """Every seat's value after each card class of the seat to move (keyed by the class's lowest)."""
        turn = (self.leader + len(self.trick)) % self.n
        return {c: self._after(turn, c) for c in self.choices(turn)}

    def best(self) -> int:
        """The card the seat to move plays (the lowest of its best class)."""
        turn = (self.leader + len(self.trick)) % self.n
        values = self.move_values()
        return max(values, key=lambda c: (values[c][turn], -(c % 13)))

    def choices(self, turn: int) -> list[int]:
        """One card (the lowest) per class of equal legal cards of ``turn``."""
        return [group[0] for group in card_classes(self.hands, self.trick, turn, self.trump)]

    def _after(self, turn: int, card: int) -> tuple[float, ...]:
        hands, trick = self.hands, self.trick
        hand = hands[turn]
        hands[turn] = hand & ~(1 << card)
        trick.append(card)
        try:
            if len(trick) < self.n:
                return self._solve()
            leader = self.leader
            w = (leader + winning_index(trick, self.trump)) % self.n
            self.trick, self.leader = [], w
            self.won[w] += 1
            try:
                return self._solve()
            finally:
                self.won[w] -= 1
                self.trick, self.leader = trick, leader
        finally:
            trick.pop()
            hands[turn] = hand

    def _solve(self) -> tuple[float, ...]:
        self.nodes += 1
        if self.nodes > self.cap:
            raise TooBig
        key: tuple[int, ...] | None = None
        if not self.trick:
            if not self.hands[self.leader]:
                return self.value(tuple(self.won))
            key = (*self.hands, self.leader, *self.won)
            hit = self.table.get(key)
            if hit is not None:
                return hit
        turn = (self.leader + len(self.trick)) % self.n
        best: tuple[float, ...] | None = None
        for c in self.choices(turn):
            v = self._after(turn, c)
            if best is None or v[turn] > best[turn] + 1e-12:
                best = v
        assert best is not None
        if key is not None:
            self.table[key] = best
        return best


def late_values(
    sit: Situation,
    root_cards: list[int],
    sample: Callable[[random.Random], TrickPlay],
    value: RobberValue,
    rng: random.Random,
    samples: int,
    keep_going: Callable[[int], bool] | None = None,
) -> dict[int, float]:
    """The seat's mean robber value of each of ``root_cards`` over ``samples`` sampled deals (``sample``
    gives each one's card play: ``trick_play_of`` a determinized deal, or the deal when all is known), each
    solved exactly. Fewer when the solves so far have visited ``LATE_NODES`` nodes or
    ``keep_going(done)`` says stop (after one at least). TooBig when one solve passes its node cap."""
    me = sit.seat
    totals = dict.fromkeys(root_cards, 0.0)
    done = nodes = 0
    two_sides = sit.sides == 2
    while done < samples and (not done or nodes < LATE_NODES and (keep_going is None or keep_going(done))):
        tp = sample(rng)
        if two_sides:
            solver = Endgame(sit.n, tp.hands, tp.trump, tp.leader, tp.trick, tp.won, me, sit.pairs,
                             lambda won: value(won)[me], LATE_NODE_CAP)
            exact = solver.move_values()
            for c in root_cards:
                totals[c] += exact[c]
            nodes += solver.nodes
        else:
            maxn = MaxN(sit.n, tp.hands, tp.trump, tp.leader, tp.trick, tp.won, value)
            for c in root_cards:
                totals[c] += maxn._after(me, c)[me]
            nodes += maxn.nodes
        done += 1
    return {c: t / done for c, t in totals.items()}
