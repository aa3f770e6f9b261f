"""The arena: bots play each other duplicate-style and the results come out as JSON (docs/records.md).

Every game (an Uragan match, an Eralash robber) is played once per seat rotation from the same match
seed, so each bot sits once in every seat with the same cards and the luck of the deal cancels.
Game-independent: it needs only the game's entry in ``engine.games`` (its ``Options``, ``Match``, bots).

``run_arena(...)`` is the Python API (tests, benchmarks); ``main(args)`` is ``python -m engine arena``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import ALL_BOTS
from engine.games import game_named
from engine.state import IllegalMove

MAX_MOVES_PER_GAME = 100_000  # a guard against a runaway match, far above any real one


def derive_seed(*parts: object) -> int:
    """A stable 48-bit seed from any printable parts (Python's ``hash`` is salted per process)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``["claims=strict", "aces.3=30"]`` → ``{"claims": "strict", "aces.3": "30"}``."""
    out: dict[str, str] = {}
    for text in pairs:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"option {text!r} must be written KEY=VALUE, like claims=strict")
        out[key.strip()] = value.strip()
    return out


def make_options(game: str, options: dict[str, Any] | None) -> Any:
    """The game's ``Options`` from text values (``--option``) or already-typed values."""
    kind = game_named(game)
    if not options:
        return kind.Options()
    if all(isinstance(v, str) for v in options.values()):
        return kind.Options.from_strings(options)
    return kind.Options.from_dict(options)


@dataclass
class SeatResult:
    """How one bot did in one seat of one played game."""

    bot: str
    win: float  # 1 for a win, a fraction for a shared win, 0 for a loss
    points: float  # game points of the seat (or its team) at the end
    deals: int


@dataclass
class GameResult:
    """One game index played in every rotation."""

    index: int
    seats: list[SeatResult] = field(default_factory=list)
    think_ms: dict[str, list[float]] = field(default_factory=dict)
    moves: int = 0


def _win_credit(winners: Sequence[int], seat: int, n_sides: int, side_of: Callable[[int], int]) -> float:
    sides = {side_of(s) for s in winners}
    if side_of(seat) not in sides:
        return 0.0
    return 1.0 / len(sides) if n_sides > 1 else 1.0


def play_game(
    game: str,
    bots: Sequence[str],
    index: int,
    seed: int,
    options: Any,
    budget: float | None,
    iterations: int | None = None,
) -> GameResult:
    """Play game ``index`` once per seat rotation; all rotations share the match seed (same cards)."""
    kind = game_named(game)
    n = len(bots)
    match_seed = derive_seed("arena", seed, index)
    result = GameResult(index=index)
    for rotation in range(n):
        seat_bots = [bots[(s + rotation) % n] for s in range(n)]
        players = [bot_seat_name(name, s) for s, name in enumerate(seat_bots)]
        agents = [
            kind.make_bot(name, seed=derive_seed("bot", seed, index, rotation, s), budget=budget,
                          iterations=iterations)
            for s, name in enumerate(seat_bots)
        ]
        match = kind.Match.new(options, players, match_seed)
        moves = 0
        while not match.is_over():
            seat = match.current_player()
            agent = agents[seat]
            view = match.view(seat)
            choice = len(match.legal_moves()) > 1
            t0 = time.perf_counter()
            if getattr(agent, "sees_all", False):
                move = agent.choose(view, full=match.deal.copy())
            else:
                move = agent.choose(view)
            elapsed = (time.perf_counter() - t0) * 1000.0
            if choice:  # forced moves would flatter the think-time figures
                result.think_ms.setdefault(seat_bots[seat], []).append(elapsed)
            try:
                match.play(move)
            except IllegalMove as err:  # a bot bug: stop loudly, never substitute a move
                raise RuntimeError(f"bot {seat_bots[seat]} (seat {seat}) played {move!r}: {err}") from err
            moves += 1
            if moves > MAX_MOVES_PER_GAME:
                raise RuntimeError(f"game {index} rotation {rotation} did not end after {moves} moves")
        result.moves += moves
        score = list(match.score())
        winners = list(match.winners())
        deals = len(match.deals_done)
        for s in range(n):
            result.seats.append(
                SeatResult(
                    bot=seat_bots[s],
                    win=_win_credit(winners, s, match.sides(), match.side_of),
                    points=float(score[match.side_of(s)]),
                    deals=deals,
                )
            )
    return result


def bot_seat_name(name: str, seat: int) -> str:
    return f"{name.capitalize()} {seat + 1}"


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list (``q`` in 0..100)."""
    if not sorted_values:
        return 0.0
    k = max(0, min(len(sorted_values) - 1, math.ceil(q / 100.0 * len(sorted_values)) - 1))
    return sorted_values[k]


def summarize(
    game: str, bots: Sequence[str], games: int, seed: int, results: Sequence[GameResult]
) -> dict[str, Any]:
    """The arena's JSON: one entry per distinct bot name (docs/records.md), plus a few extra keys."""
    out_bots: dict[str, Any] = {}
    for name in dict.fromkeys(bots):
        per_game: list[float] = []  # the unit of the confidence interval: one game, all rotations
        wins = points = 0.0
        deals = seats = 0
        for res in results:
            mine = [sr for sr in res.seats if sr.bot == name]
            if not mine:
                continue
            per_game.append(sum(sr.win for sr in mine) / len(mine))
            wins += sum(sr.win for sr in mine)
            points += sum(sr.points for sr in mine)
            deals += sum(sr.deals for sr in mine)
            seats += len(mine)
        times = sorted(t for res in results for t in res.think_ms.get(name, ()))
        ci = 1.96 * statistics.stdev(per_game) / math.sqrt(len(per_game)) if len(per_game) > 1 else 1.0
        out_bots[name] = {
            "win_rate": round(wins / seats, 4) if seats else 0.0,
            "win_rate_ci95": round(ci, 4),
            "points_per_deal": round(points / deals, 3) if deals else 0.0,
            "think_ms": {
                "median": round(_percentile(times, 50), 3),
                "p95": round(_percentile(times, 95), 3),
                "max": round(times[-1], 3) if times else 0.0,
                "decisions": len(times),
            },
            "seats_played": seats,
            "deals": deals,
        }
    return {
        "game": game,
        "games": games,
        "seed": seed,
        "bots": out_bots,
        "rotations": len(bots),
        "seating": list(bots),
        "moves": sum(r.moves for r in results),
    }


class Progress:
    """A one-line progress bar with an estimate of the time left, drawn on stderr."""

    def __init__(self, total: int, enabled: bool, stream: Any = None) -> None:
        self.total, self.enabled = total, enabled
        self.stream = stream if stream is not None else sys.stderr
        self.start = self.last = time.monotonic()
        self.done = 0

    def step(self) -> None:
        self.done += 1
        now = time.monotonic()
        if not self.enabled or (now - self.last < 0.25 and self.done < self.total):
            return
        self.last = now
        elapsed = now - self.start
        left = elapsed / self.done * (self.total - self.done)
        width = 30
        filled = int(width * self.done / self.total)
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(
            f"\r[{bar}] {self.done}/{self.total} games  {elapsed:5.0f}s elapsed  ~{left:5.0f}s left "
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


_worker_args: tuple[Any, ...] = ()


def _worker_init(args: tuple[Any, ...]) -> None:
    global _worker_args
    _worker_args = args


def _worker_play(index: int) -> GameResult:
    game, bots, seed, options, budget, iterations = _worker_args
    return play_game(game, bots, index, seed, options, budget, iterations)


def run_arena(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    budget: float | None = None,
    jobs: int = 1,
    progress: bool = False,
    iterations: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per seat rotation and return the summary dict.

    ``iterations`` caps the search bots' iterations per move: without ``budget`` too, the games depend
    on the seed alone, not on the machine's speed or load."""
    bots = [b.strip().lower() for b in bots]
    for b in bots:
        if b not in ALL_BOTS:
            raise ValueError(f"unknown bot {b!r}: choose from {', '.join(ALL_BOTS)}")
    if games < 1:
        raise ValueError("--games must be at least 1")
    opts = make_options(game, options)
    bar = Progress(games, progress)
    results: list[GameResult] = []
    if jobs <= 1 or games == 1:
        for i in range(games):
            results.append(play_game(game, bots, i, seed, opts, budget, iterations))
            bar.step()
    else:
        ctx = multiprocessing.get_context("fork")
        init_args = (game, list(bots), seed, opts, budget, iterations)
        with ctx.Pool(jobs, initializer=_worker_init, initargs=(init_args,)) as pool:
            for res in pool.imap_unordered(_worker_play, range(games)):
                results.append(res)
                bar.step()
        results.sort(key=lambda r: r.index)
    out = summarize(game, bots, games, seed, results)
    out["options"] = opts.to_dict() if hasattr(opts, "to_dict") else {}
    out["budget"] = budget
    out["iterations"] = iterations
    return out


def main(args: argparse.Namespace) -> int:
    """``python -m engine arena``: print the summary JSON; a bad flag is one line on stderr, exit 2."""
    try:
        bots = args.bots.split(",") if isinstance(args.bots, str) else list(args.bots)
        if any(not b.strip() for b in bots):
            raise ValueError(f"--bots {','.join(bots)!r} has an empty name")
        counts = game_named(args.game).seat_counts
        n_min, n_max = min(counts), max(counts)
        if not n_min <= len(bots) <= n_max:
            raise ValueError(f"{args.game} needs {n_min}-{n_max} bots, got {len(bots)}")
        options = parse_options(args.option)
        out = run_arena(
            args.game,
            bots,
            args.games,
            args.seed,
            options=options,
            budget=args.budget,
            iterations=args.iterations,
            jobs=max(1, args.jobs),
            progress=not args.quiet,
        )
    except ValueError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    from engine.cli import emit

    return emit(json.dumps(out, ensure_ascii=False, indent=2) + "\n", "python -m engine arena")
