"""The arena (duplicate seating, JSON summary, CLI) and the shared search code of engine/bots/search.py."""

from __future__ import annotations

import io
import random

import pytest

from engine.arena import Progress, _percentile, derive_seed, parse_options
from engine.bots.search import Deadline, decision_rng, ismcts, pimc, stable_seed

# --- a toy game for the search: Nim with one pile, take 1 or 2, whoever takes the last stone wins ---


class Nim:
    def __init__(self, stones: int, player: int = 0) -> None:
        self.stones, self.player = stones, player

    def current_player(self) -> int:
        return self.player

    def legal_moves(self) -> list[int]:
        return [m for m in (1, 2) if m <= self.stones]

    def play(self, move: int) -> None:
        assert move in self.legal_moves()
        self.stones -= move
        self.player ^= 1

    def is_over(self) -> bool:
        return self.stones == 0

    def copy(self) -> Nim:
        return Nim(self.stones, self.player)

    def random_playout(self, rng: random.Random) -> None:
        while not self.is_over():
            self.play(rng.choice(self.legal_moves()))

    def winner(self) -> int:
        return self.player ^ 1  # the seat that took the last stone


def nim_values(state: Nim) -> list[float]:
    w = state.winner()
    return [1.0 if w == 0 else 0.0, 1.0 if w == 1 else 0.0]


@pytest.mark.parametrize("stones,best", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_ismcts_finds_the_winning_nim_move(stones: int, best: int) -> None:
    root = Nim(stones)
    res = ismcts(lambda rng: root.copy(), root.legal_moves(), 0, nim_values, random.Random(1),
                 Deadline(None, 3000))
    assert res.move == best
    assert res.iterations == 3000
    assert sum(res.visits.values()) == 3000


@pytest.mark.parametrize("stones,best", [(4, 1), (5, 2)])
def test_pimc_finds_the_winning_nim_move(stones: int, best: int) -> None:
    root = Nim(stones)

    def greedy_then_random(state: Nim, rng: random.Random) -> None:
        # a perfect rollout policy: leave a multiple of three when possible
        while not state.is_over():
            good = [m for m in state.legal_moves() if (state.stones - m) % 3 == 0]
            state.play(good[0] if good else rng.choice(state.legal_moves()))

    res = pimc(lambda rng: root.copy(), root.legal_moves(), 0, nim_values, random.Random(2),
               Deadline(None, 20), rollout=greedy_then_random)
    assert res.move == best


def test_a_single_legal_move_is_returned_without_search() -> None:
    root = Nim(1)
    res = ismcts(lambda rng: root.copy(), [1], 0, nim_values, random.Random(0), Deadline(None, 10))
    assert res.move == 1 and res.iterations == 0


def test_deadline_needs_a_limit_and_honours_the_cap() -> None:
    with pytest.raises(ValueError):
        Deadline(None, None)
    d = Deadline(None, 5)
    assert not d.expired(4) and d.expired(5)
    assert Deadline(0.0, None, check_every=1).expired(1)


def test_a_tiny_time_budget_returns_quickly() -> None:
    root = Nim(30)
    d = Deadline(0.01)
    res = ismcts(lambda rng: root.copy(), root.legal_moves(), 0, nim_values, random.Random(0), d)
    assert res.move in (1, 2)
    assert d.elapsed() < 1.0  # generous: the point is that the budget stops the loop


def test_decision_rng_depends_on_seed_and_view_only() -> None:
    a = decision_rng(7, ("hand", 3, (1, 2))).random()
    assert a == decision_rng(7, ("hand", 3, (1, 2))).random()
    assert a != decision_rng(8, ("hand", 3, (1, 2))).random()
    assert a != decision_rng(7, ("hand", 3, (2, 1))).random()
    assert stable_seed(1, "x") == stable_seed(1, "x") != stable_seed(1, "y")


# --- arena helpers ---


def test_parse_options() -> None:
    assert parse_options(["claims=strict", "aces.3=30"]) == {"claims": "strict", "aces.3": "30"}
    with pytest.raises(ValueError):
        parse_options(["claims"])


def test_percentile_and_seed() -> None:
    values = sorted(float(i) for i in range(1, 101))
    assert _percentile(values, 50) == 50.0 and _percentile(values, 95) == 95.0
    assert _percentile([], 95) == 0.0
    assert derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)


def test_progress_bar_reaches_the_total() -> None:
    out = io.StringIO()
    bar = Progress(3, True, stream=out)
    for _ in range(3):
        bar.step()
    assert "3/3 games" in out.getvalue()
