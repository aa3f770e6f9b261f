"""Eralash Master (and the arena's Oracle): information-set MCTS that plays for the robber.

Each iteration takes a deal sampled from the seat's own View (``View.determinize``: unseen cards
dealt consistently with runs shown, Aces announced, voids revealed and cards played), walks one
shared tree of card choices with UCB1 (single-observer ISMCTS, Cowling et al. 2012), finishes the deal
with a quick sensible-card playout and scores it at game level with ``RobberValue``: the chance of
winning the robber that the deal's tricks leave each side (a slam wins at once; a side ahead on points
wants the robber to end, one behind wants it to go on). Cards of equal value in the seat's hand
(``equivalence_classes``) are one choice at the root. Anytime: it stops at the time budget or an
iteration cap, whichever comes first; a cap alone makes it fully deterministic.

The trump choice (nobody holds a run) is flat Monte Carlo: every suit is tried on the same sampled
deals and played out.

The Oracle is the same search handed the true deal instead of samples.

Where every remaining card is known — to the Oracle always; to Master when its View pins every hidden
card down (``endgame.known_hands``: both hands of a 2-player deal from the first trick, any deal once
voids and counts leave one placement) — and the position fits (``endgame.fits``, a node cap scaled
to the budget), the card is solved exactly instead (``endgame.Endgame``) for the same robber value.

Late in a deal (``late.LATE_CARDS`` cards left) Master solves its sampled deals instead of playing them
out: each sample exactly, every seat for its own robber chance (``late.late_values``: max-n with three
or four sides, alpha-beta with two), and plays the card best on average; a sample too big for its node
cap hands the decision back to the tree search. Where the race is decided card by card — who is pushed
to the target, who ducks under it — a playout policy judges poorly and a solve does not.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from engine.bots.eralash.club import choose_trump_by_strength, duckers
from engine.bots.eralash.endgame import NODE_CAP, NODES_PER_SECOND, Endgame, TooBig, fits, known_hands
from engine.bots.eralash.late import LATE_CARDS, late_values
from engine.bots.eralash.robber import RobberValue
from engine.bots.eralash.tricks import TrickPlay, equivalence_classes
from engine.bots.eralash.view import (
    Situation,
    choose_trump_move,
    decision_rng,
    to_card_move,
    trick_play_of,
    trump_choices,
)
from engine.bots.search import Deadline

__all__ = ["MasterBot", "DEFAULT_BUDGET"]

DEFAULT_BUDGET = 0.8  # seconds per decision: the 95th percentile must stay under 1.0 s
EXPLORATION = 0.6
ROLLOUT_SKILL = 0.75
POOL_SIZE = 256  # most distinct sampled deals per decision; iterations cycle through them
LATE_SAMPLES_MIN, LATE_SAMPLES_MAX = 8, 64  # sampled deals solved late in a deal (iterations / 5)
FRESH_EVERY = 4  # after the first few, a new sample every few iterations (sampling costs ~3 of them)


class _Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the card leading here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class MasterBot:
    """Search bot; ``sees_all=True`` makes it the Oracle (arena only)."""

    def __init__(
        self,
        seed: int = 0,
        budget: float | None = None,
        name: str = "master",
        iterations: int | None = None,
        sees_all: bool = False,
        exact: bool = True,
        late: bool = True,
        paired: bool = False,
    ) -> None:
        self.name = name
        self.seed = seed
        self.budget = DEFAULT_BUDGET if budget is None and iterations is None else budget
        self.iterations = iterations
        self.sees_all = sees_all
        self.exact = exact  # False: the sampling search alone (the benchmarks' "before")
        self.late = late  # False: no late solving of sampled deals (tools/master_before.py)
        self.paired = paired  # False: UCB at the root, each card on its own samples (master_before)
        self.last_iterations = 0

    def __repr__(self) -> str:
        return f"MasterBot(seed={self.seed}, budget={self.budget}, sees_all={self.sees_all})"

    def choose(self, view: Any, full: Any = None) -> Any:
        start = time.perf_counter()
        legal = list(view.legal_moves())
        if not legal:
            raise ValueError(f"seat {view.seat} has no move to make now (seat {view.cur} is to move)")
        if len(legal) == 1:
            return legal[0]
        sit = Situation.of(view)
        by_card = {to_card_move(m): m for m in legal} if sit.trump is not None else {}
        if by_card and self.exact and fits(sit.n, sum(view.counts)):
            hands = list(getattr(full, "deal", full).hands) if self.sees_all and full is not None else None
            solved = self._solve(sit, hands if hands is not None else known_hands(view), start)
            if solved is not None and solved in by_card:
                self.last_iterations = 0
                return by_card[solved]
        rng = decision_rng(self.seed, view)
        # leave a little of the budget for building the pool and answering
        budget = None if self.budget is None else max(0.0, self.budget * 0.92 - (time.perf_counter() - start))
        deadline = Deadline(budget, self.iterations, check_every=8)
        if self.sees_all and full is not None:
            deal = getattr(full, "deal", full)
            sample = _constant(deal)
        else:
            sample = view.determinize
        if sit.trump is None:
            suit = self._choose_trump(sit, trump_choices(view), sample, rng, deadline)
            return choose_trump_move(view, suit)
        if self.late and by_card and sum(view.counts) <= LATE_CARDS.get(sit.n, 0):
            card = self._late(sit, by_card, sample, rng, start)
            if card is not None:
                self.last_iterations = 0
                return by_card[card]
        card = self._search(sit, by_card, sample, rng, deadline)
        return by_card[card]

    def _solve(self, sit: Situation, hands: list[int] | None, start: float) -> int | None:
        """The exact best card when every hand is known and the position fits the budget, else None.

        At most half the budget goes to a solve, in nodes (deterministic) and in wall time (a
        loaded machine); what is left is the search's."""
        if hands is None or not fits(sit.n, sum(h.bit_count() for h in hands)):
            return None
        cap = NODE_CAP if self.budget is None else min(NODE_CAP, int(self.budget * NODES_PER_SECOND / 2))
        deadline = None if self.budget is None else start + self.budget / 2
        value, me = sit.robber_value(), sit.seat
        solver = Endgame(sit.n, hands, sit.trump if sit.trump is not None else 0, sit.leader, sit.trick,
                         sit.won, me, sit.pairs, lambda won: value(won)[me], cap, deadline)
        try:
            return solver.best()[0]
        except TooBig:
            return None

    def _late(self, sit: Situation, by_card: dict[int, Any], sample: Any, rng: random.Random,
              start: float) -> int | None:
        """Late in the deal: the card best on average over sampled deals each solved exactly
        (``late.late_values``); None when a solve is too big (the tree search takes over)."""
        legal_mask = 0
        for c in by_card:
            legal_mask |= 1 << c
        classes = equivalence_classes(legal_mask, sit.settled())
        root_cards = [_lowest(k) for k in classes]
        if len(root_cards) == 1:
            return root_cards[0]
        if self.sees_all:  # the one deal there is
            samples = 1
        elif self.iterations is not None:
            samples = min(LATE_SAMPLES_MAX, max(LATE_SAMPLES_MIN, self.iterations // 5))
        else:
            samples = LATE_SAMPLES_MAX
        budget = self.budget
        keep_going = None if budget is None else (lambda done: time.perf_counter() - start < budget / 2)
        try:
            values = late_values(sit, root_cards, lambda r: trick_play_of(sample(r)), sit.robber_value(), rng,
                                 samples, keep_going)
        except TooBig:
            return None
        return max(root_cards, key=lambda c: (values[c], -(c % 13), -c))

    # --- trump ------------------------------------------------------------------------------------

    def _choose_trump(
        self, sit: Situation, choices: tuple[int, ...], sample: Any, rng: random.Random, deadline: Deadline
    ) -> int:
        value = sit.robber_value()
        me = sit.seat
        totals = [0.0] * 4
        order = sorted(choices, key=lambda s: s != choose_trump_by_strength(sit.hand, choices))
        it = 0
        while not deadline.expired(it):
            deal = sample(rng)
            for s in order:
                tp = trick_play_of(deal, trump=s)
                tp.rollout(rng, sit.pairs, ROLLOUT_SKILL)
                totals[s] += value(tp.won)[me]
            it += 1
        self.last_iterations = it
        return max(order, key=lambda s: totals[s])

    # --- card play ----------------------------------------------------------------------------------

    def _search(
        self, sit: Situation, by_card: dict[int, Any], sample: Any, rng: random.Random, deadline: Deadline
    ) -> int:
        legal_mask = 0
        for c in by_card:
            legal_mask |= 1 << c
        classes = equivalence_classes(legal_mask, sit.settled())
        if len(classes) == 1:
            return _lowest(classes[0])
        root_cards = [_lowest(k) for k in classes]
        value = sit.robber_value()
        best = ismcts(sit, root_cards, sample, value, rng, deadline, self.paired)
        self.last_iterations = best[1]
        return best[0]


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _constant(deal: Any) -> Any:
    def sample(rng: random.Random) -> Any:
        return deal

    return sample


def ismcts(
    sit: Situation,
    root_cards: list[int],
    sample: Any,
    value: RobberValue,
    rng: random.Random,
    deadline: Deadline,
    paired: bool = False,
) -> tuple[int, int]:
    """Single-observer ISMCTS over ``TrickPlay``; returns (card, iterations). The most visited card,
    or with ``paired`` rounds (``search_root``) the best on average over the same deals."""
    visits, means, it = search_root(sit, root_cards, sample, value, rng, deadline, paired=paired)
    if paired:
        return max(root_cards, key=lambda c: (means[c], -(c % 13), -c)), it
    card = max(root_cards, key=lambda c: (visits[c], means[c], -c))
    return card, it


def search_root(
    sit: Situation,
    root_cards: list[int],
    sample: Any,
    value: RobberValue,
    rng: random.Random,
    deadline: Deadline,
    deal_totals: dict[int, float] | None = None,
    tree: list[Any] | None = None,
    paired: bool = False,
) -> tuple[dict[int, int], dict[int, float], int]:
    """The search itself: (visits, mean value for the seat, per root card) and the iterations.

    Only ``root_cards`` are tried at the root (the review compares two moves this way). The review
    may pass ``deal_totals``, which then sums per root card the tricks the seat's side took in each
    iteration's deal, and ``tree``, which receives the root node (``expected_line`` reads it).

    ``paired``: the root cards are tried in rounds instead of by UCB, every card of a round on the same
    sampled deal with the same random numbers for the play that follows (common random numbers): the
    cards are compared on equal deals, so the deal's luck, far larger than what one card changes of the
    robber chance, cancels out of the comparison. The means are then those of the complete rounds."""
    pool: list[TrickPlay] = []
    root = _Node(-1)
    root_set = 0
    for c in root_cards:
        root_set |= 1 << c
    pairs = sit.pairs
    duck = duckers(sit)
    side = [s for s in range(sit.n) if sit.side_of(s) == sit.side_of(sit.seat)]
    if tree is not None:
        tree.append(root)
    log, sqrt = math.log, math.sqrt
    it = 0
    k = len(root_cards)
    r = rng
    base = None
    round_seed = 0
    round_values: list[float] = [0.0] * k  # the round under way, per root slot
    paired_totals = [0.0] * k  # complete rounds only, so that every card is judged on the same deals
    while not deadline.expired(it):
        if paired:  # a round: every root card on one sampled deal, with the same random numbers
            slot = it % k
            if slot == 0:
                rounds = it // k
                if len(pool) < 8 or (rounds % 2 == 0 and len(pool) < POOL_SIZE):
                    base = trick_play_of(sample(rng))
                    pool.append(base)
                else:
                    base = pool[rounds % len(pool)]
                round_seed = rng.getrandbits(64)
            r = random.Random(round_seed)
            mask_root = 1 << root_cards[slot]
        else:
            if len(pool) < 8 or (it % FRESH_EVERY == 0 and len(pool) < POOL_SIZE):
                base = trick_play_of(sample(rng))
                pool.append(base)
            else:
                base = pool[it % len(pool)]
            mask_root = root_set
        assert base is not None
        state = base.copy()
        node = root
        path = [root]
        first = True
        root_card = -1
        while state.left:
            mask = mask_root if first else state.legal()
            first = False
            children = node.children
            player = state.turn
            # expand one untried card, if any
            untried = mask
            for c in children:
                untried &= ~(1 << c)
            if untried:
                u = untried.bit_count()
                idx = r.randrange(u) if u > 1 else 0
                m = untried
                while idx:
                    m &= m - 1
                    idx -= 1
                card = (m & -m).bit_length() - 1
                child = _Node(player)
                children[card] = child
                if root_card < 0:
                    root_card = card
                state.play(card)
                path.append(child)
                break
            best_card, best_ucb = -1, -math.inf
            m = mask
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                ch = children[c]
                ch.avail += 1
                ucb = ch.total / ch.visits + EXPLORATION * sqrt(log(ch.avail) / ch.visits)
                if ucb > best_ucb:
                    best_card, best_ucb = c, ucb
            node = children[best_card]
            if root_card < 0:
                root_card = best_card
            state.play(best_card)
            path.append(node)
        if state.left:
            state.rollout(r, pairs, ROLLOUT_SKILL, duck)
        values = value(state.won)
        if paired:
            round_values[slot] = values[sit.seat]
            if slot == k - 1:
                for i in range(k):
                    paired_totals[i] += round_values[i]
        if deal_totals is not None and root_card >= 0:
            deal_totals[root_card] = deal_totals.get(root_card, 0.0) + sum(state.won[s] for s in side)
        for nd in path:
            nd.visits += 1
            if nd.player >= 0:
                nd.total += values[nd.player]
        it += 1
    visits = {c: (root.children[c].visits if c in root.children else 0) for c in root_cards}
    means = {
        c: (root.children[c].total / root.children[c].visits if visits[c] else 0.0) for c in root_cards
    }
    if paired and it >= k:
        means = {c: paired_totals[i] / (it // k) for i, c in enumerate(root_cards)}
    return visits, means, it


def expected_line(root: Any, first: int, plies: int) -> list[int]:
    """``first`` and then the most visited reply at each step of a search tree (up to ``plies`` cards)."""
    line = [first]
    node = root.children.get(first)
    while node is not None and node.children and len(line) < plies:
        card = max(node.children, key=lambda c: (node.children[c].visits, -c))
        if node.children[card].visits < 2:
            break
        line.append(card)
        node = node.children[card]
    return line
