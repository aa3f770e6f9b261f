"""The arena (duplicate seating, JSON summary, CLI) and the shared search code of engine/bots/search.py."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from fakeclock import ticking_clock

from engine.arena import Progress, _percentile, derive_seed, parse_options, run_arena
from engine.bots import search
from engine.bots.search import Deadline, decision_rng, ismcts, pimc, stable_seed
from engine.games import game_named

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


def test_a_tiny_time_budget_stops_the_search(monkeypatch) -> None:
    # A clock that moves 1 ms per read: a 10 ms budget read every 4 iterations stops within about
    # 40 iterations, on any machine (counted, not timed).
    clock = ticking_clock(monkeypatch, [search])
    root = Nim(30)
    d = Deadline(0.01)
    res = ismcts(lambda rng: root.copy(), root.legal_moves(), 0, nim_values, random.Random(0), d)
    assert res.move in (1, 2)
    assert 1 <= res.iterations <= 4 * 12 and clock["reads"] <= 12


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


# --- the arena on the real games ---

REQUIRED = {"win_rate", "win_rate_ci95", "points_per_deal", "think_ms"}


def test_uragan_arena_summary_has_the_contract_keys() -> None:
    out = run_arena("uragan", ["club", "novice"], games=3, seed=5, options={"target": "8"})
    assert out["game"] == "uragan" and out["games"] == 3 and out["seed"] == 5
    assert set(out["bots"]) == {"club", "novice"}
    for stats in out["bots"].values():
        assert set(stats) >= REQUIRED
        assert {"median", "p95"} <= set(stats["think_ms"])
        assert stats["seats_played"] == 3 * 2  # every game once per seat rotation
        assert 0.0 <= stats["win_rate"] <= 1.0
    # one winner per match: the two win rates share every match
    assert out["bots"]["club"]["win_rate"] + out["bots"]["novice"]["win_rate"] == pytest.approx(1.0)
    assert out["options"]["target"] == 8


def test_every_rotation_plays_the_same_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.uragan as uragan

    seen: list[tuple[int, int | None]] = []
    real_new = uragan.Match.new

    def spy(options, players, seed, first_dealer=None):  # noqa: ANN001, ANN202
        seen.append((seed, first_dealer))
        return real_new(options, players, seed, first_dealer)

    monkeypatch.setattr(uragan.Match, "new", staticmethod(spy))
    run_arena("uragan", ["novice", "club"], games=2, seed=9, options={"target": "4"})
    assert len(seen) == 4
    assert seen[0] == seen[1] and seen[2] == seen[3] and seen[0] != seen[2]


def test_two_jobs_give_the_same_results_as_one() -> None:
    kw = {"games": 4, "seed": 3, "options": {"target": "6"}}
    one = run_arena("uragan", ["club", "novice"], jobs=1, **kw)
    two = run_arena("uragan", ["club", "novice"], jobs=2, **kw)
    for name in ("club", "novice"):
        assert one["bots"][name]["win_rate"] == two["bots"][name]["win_rate"]
        assert one["bots"][name]["points_per_deal"] == two["bots"][name]["points_per_deal"]
    assert one["moves"] == two["moves"]


def test_cli_prints_json_and_rejects_bad_flags(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    rc = main(["arena", "--game", "uragan", "--bots", "novice,club", "--games", "1", "--seed", "2",
               "--option", "target=5", "--quiet"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["bots"]) == {"novice", "club"}
    assert main(["arena", "--game", "uragan", "--bots", "novice,grandmaster", "--games", "1",
                 "--seed", "2", "--quiet"]) == 2
    assert "grandmaster" in capsys.readouterr().err
    assert main(["arena", "--game", "uragan", "--bots", "novice,club,club", "--games", "1",
                 "--seed", "2", "--quiet"]) == 2
    assert main(["arena", "--game", "uragan", "--bots", "novice,club", "--games", "1", "--seed", "2",
                 "--option", "claims=sometimes", "--quiet"]) == 2
    assert "claims" in capsys.readouterr().err


@pytest.mark.parametrize("bots,options", [
    (["club", "novice", "club"], {}),
    (["club", "novice", "club", "novice"], {"pairs": "true"}),
])
def test_eralash_arena_runs_any_table(bots: list[str], options: dict[str, str]) -> None:
    pytest.importorskip("engine.bots.eralash")
    out = run_arena("eralash", bots, games=1, seed=4, options=options)
    assert set(out["bots"]) == set(bots)
    total = sum(out["bots"][b]["win_rate"] * out["bots"][b]["seats_played"] for b in set(bots))
    seats = sum(out["bots"][b]["seats_played"] for b in set(bots))
    assert seats == len(bots) * len(bots)  # one game, every rotation, every seat
    # a win is shared out: seat credits per game add up to the number of winning sides' seats
    assert 0.0 < total <= seats


@pytest.mark.parametrize("game,bots,options", [
    ("uragan", ["master", "club"], {"target": "4"}),
    ("eralash", ["master", "club"], {"target": "4"}),
])
def test_iterations_play_the_same_games_however_slow_the_clock(
    monkeypatch: pytest.MonkeyPatch, game: str, bots: list[str], options: dict[str, str]
) -> None:
    """Same seed and ``iterations``: the same moves, even when a loaded machine's clock runs 1000
    times faster (every reading of the clock five seconds later than the last)."""
    import engine.arena
    import engine.bots.eralash.endgame
    import engine.bots.eralash.master
    import engine.bots.uragan.master

    clocked = [search, engine.arena, engine.bots.eralash.endgame, engine.bots.eralash.master,
               engine.bots.uragan.master]
    kind = game_named(game)
    real_play = kind.Match.play

    def run(clock_step: float | None) -> tuple[list[object], dict[str, Any]]:
        played: list[object] = []

        def spy(match: Any, move: Any) -> Any:
            played.append(move)
            return real_play(match, move)

        with monkeypatch.context() as m:
            m.setattr(kind.Match, "play", spy)
            if clock_step is not None:
                ticking_clock(m, clocked, step=clock_step)
            out = run_arena(game, bots, games=1, seed=11, options=options, iterations=24)
        return played, out

    moves, out = run(None)
    again, out2 = run(None)
    slow, out3 = run(5.0)
    assert moves and moves == again == slow
    assert out["iterations"] == 24 and out["budget"] is None
    for name in bots:
        assert out["bots"][name]["win_rate"] == out2["bots"][name]["win_rate"]
        assert out["bots"][name]["win_rate"] == out3["bots"][name]["win_rate"]
        assert out["bots"][name]["points_per_deal"] == out3["bots"][name]["points_per_deal"]


def test_cli_passes_iterations_to_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    assert main(["arena", "--game", "uragan", "--bots", "master,novice", "--games", "1", "--seed", "2",
                 "--option", "target=3", "--iterations", "16", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["iterations"] == 16
    with pytest.raises(SystemExit) as stop:
        main(["arena", "--game", "uragan", "--bots", "master,novice", "--games", "1", "--seed", "2",
              "--iterations", "0", "--quiet"])
    assert stop.value.code == 2
    assert game_named("uragan").make_bot("master", seed=1, iterations=16).max_iterations == 16
    eralash_master = game_named("eralash").make_bot("oracle", seed=1, iterations=16)
    assert (eralash_master.iterations, eralash_master.budget) == (16, None)
