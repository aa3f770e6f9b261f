"""Eralash duplicate arena for issue 29: Master with the fitted robber chance against Master before it.

    python tools/race_arena.py --bots master,master-before,master,master-before --games 40 --iterations 200
    python tools/race_arena.py --bots master,club,club,club --games 100 --iterations 200

Like ``python -m engine arena`` (every game played once per distinct seat rotation on the same cards; the
interval is 1.96 standard errors of the per-game share, all rotations of a game one unit) with two
differences: Master and the Oracle search a fixed number of iterations per decision (``--iterations``),
so the box's load does not change their strength, and ``master-before`` / ``oracle-before``
(``tools/master_before.py``: the old robber value with the trick-race bonus) and ``master-nolate``
(the fitted chance without the late solve) can be seated. A bot may also be given as
``module:function`` (called with ``seed`` and ``iterations``).

``--from-race K``: the robbers start where the race is on: Clubs play each game's robber until a deal
begins with some side ``K`` or fewer robber tricks from the target; from there (the same points,
tricks and cards to come) every seating plays to the end. Most whole robbers are decided by the cards
dealt whoever plays them; these starts put the bots where their play can change the winner.
``--contested P`` asks also that no side's robber chance (``engine.eralash.race``) be above P there.
``--sensitive R`` asks also that card play can change the winner there: ``R`` robbers played on from
the start by Clubs of other seeds, on the same cards to come, do not all have the same winners (the
screen uses neither of the bots compared). A robber that ends before such a deal is not played
(counted as ``skipped``).

``--one-deal``: every seating plays one deal only (from the robber's start, or the race start), and a
seat scores the robber chance its side has after it (``robber_chances``; 1 or 0 if the deal ended the
robber): a duplicate deal scored by the calibrated chance, far less noisy than whole robbers, most of
which the cards decide whoever plays them.

``--judge K`` (with ``--one-deal``): a judge independent of the fitted chance that Master itself plays
for. Each position the deal leaves is valued by ``K`` robbers played out from it by Clubs
(``fit_robber.play_robber``: new cards, the same points and tricks), with the same ``K`` seeds for every
seating's position (common random numbers: the seatings' positions are judged on the same deals to
come, so their difference is what the deal's play made). The fitted chance of each seat is kept too
(``fitted`` in the JSON, per game the bot's share as ``per_game``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.arena import GameResult, SeatResult, derive_seed, make_options, parse_options, summarize  # noqa: E402
from engine.bots.eralash import ClubBot, MasterBot, NoviceBot  # noqa: E402
from engine.eralash import Match  # noqa: E402
from engine.eralash.race import robber_chances  # noqa: E402


def factory(name: str, iterations: int) -> Callable[[int], Any]:
    """A maker of the bot called ``name``, given its seed."""
    if name == "master":
        return lambda seed: MasterBot(seed, None, name, iterations=iterations)
    if name == "oracle":
        return lambda seed: MasterBot(seed, None, name, iterations=iterations, sees_all=True)
    if name == "master-nolate":  # the fitted chance without the late solve (which part plays how)
        return lambda seed: MasterBot(seed, None, name, iterations=iterations, late=False)
    if name in ("master-before", "oracle-before"):
        import master_before

        return lambda seed: master_before.make(seed, None, iterations, sees_all=name == "oracle-before")
    if name == "club":
        return lambda seed: ClubBot(seed, name)
    if name == "novice":
        return lambda seed: NoviceBot(seed, name)
    module, _, func = name.partition(":")
    if not func:
        raise ValueError(f"unknown bot {name!r}")
    make = getattr(importlib.import_module(module), func)
    return lambda seed: make(seed=seed, iterations=iterations)


def race_start(options: Any, n: int, match_seed: int, near: int, contested: float = 1.0,
               sensitive: int = 0) -> Match | None:
    """The robber played by Clubs up to the first deal that begins with a side ``near`` or fewer
    robber tricks from the target and no side's robber chance above ``contested`` (and, with
    ``sensitive``, where card play changes the winner: see ``card_play_matters``); None when it ends
    before."""
    match = Match.new(options, [f"club{s}" for s in range(n)], match_seed)
    clubs = [ClubBot(derive_seed("club", match_seed, s)) for s in range(n)]
    done = 0
    while not match.is_over():
        if len(match.deals_done) > done or not match.moves:
            done = len(match.deals_done)
            tricks = match.finished_tricks()
            if max(tricks) >= options.target - near and (contested >= 1.0 or max(robber_chances(
                    n, options.pairs, match.finished_points(), tricks, done, options)) <= contested) and (
                    not sensitive or card_play_matters(match, match_seed, sensitive)):
                return match
        seat = match.current_player()
        match.play(clubs[seat].choose(match.view(seat)))
    return None


WOBBLE = 0.25  # the screen's share of random cards


def card_play_matters(start: Match, match_seed: int, replays: int) -> bool:
    """Whether ``replays`` robbers played on from ``start`` by Clubs that play a random legal card a
    quarter of the time (Club itself is deterministic) — the same cards to come (the match's seed
    deals them) — do not all end with the same winners. The screen uses neither of the bots compared,
    so it picks positions without favouring either."""
    seen = set()
    n = len(start.players)
    clubs = [ClubBot(derive_seed("screen", match_seed, s)) for s in range(n)]
    for r in range(replays):
        match = start.copy()
        rng = random.Random(f"screen:{match_seed}:{r}")
        while not match.is_over():
            seat = match.current_player()
            legal = match.legal_moves()
            match.play(rng.choice(legal) if rng.random() < WOBBLE else clubs[seat].choose(match.view(seat)))
        seen.add(tuple(sorted(match.winners())))
        if len(seen) > 1:
            return True
    return False


def played_out(match: Match, options: Any, seed: int, index: int, k: int) -> list[float]:
    """Each side's share of ``k`` robbers played out by Clubs from ``match``'s position between deals
    (seeds from ``seed`` and ``index`` only: the same deals to come whoever played the deal before)."""
    import fit_robber

    n = len(match.players)
    dealer = (match.deals_done[-1].dealer + 1) % n
    wins = [0.0] * options.sides(n)
    for j in range(k):
        rng = random.Random(f"judge:{seed}:{index}:{j}")
        clubs = [ClubBot(derive_seed("judge", seed, index, j, s)) for s in range(n)]
        _, result = fit_robber.play_robber(options, n, clubs, rng, match.finished_points(),
                                           match.finished_tricks(), len(match.deals_done), dealer)
        wins = [a + b for a, b in zip(wins, result, strict=True)]
    return [w / k for w in wins]


FITTED: dict[int, list[float]] = {}  # game index → per seating and seat, the fitted chance (with --judge)


def play_game(bots: Sequence[str], makers: dict[str, Callable[[int], Any]], index: int, seed: int,
              options: Any, start: Match | None = None, one_deal: bool = False, judge: int = 0) -> GameResult:
    n = len(bots)
    match_seed = derive_seed("arena", seed, index)
    result = GameResult(index=index)
    judged: dict[tuple[Any, ...], list[float]] = {}
    seatings: list[list[str]] = []
    for rotation in range(n):  # each distinct seating once (master,before,master,before: two)
        seating = [bots[(s + rotation) % n] for s in range(n)]
        if seating not in seatings:
            seatings.append(seating)
    for rotation, seat_bots in enumerate(seatings):
        agents = [makers[b](derive_seed("bot", seed, index, rotation, s)) for s, b in enumerate(seat_bots)]
        if start is not None:
            match = start.copy()
        else:
            match = Match.new(options, [f"{b}{s}" for s, b in enumerate(seat_bots)], match_seed)
        deals = len(match.deals_done)
        while not match.is_over() and not (one_deal and len(match.deals_done) > deals):
            seat = match.current_player()
            agent = agents[seat]
            view = match.view(seat)
            t0 = time.perf_counter()
            full = match.deal.copy() if getattr(agent, "sees_all", False) else None
            move = agent.choose(view, full) if full is not None else agent.choose(view)
            if len(match.legal_moves()) > 1:
                result.think_ms.setdefault(seat_bots[seat], []).append((time.perf_counter() - t0) * 1000)
            match.play(move)
            result.moves += 1
        winners = match.winners()
        sides = {match.side_of(w) for w in winners}
        score = match.score()
        chances = None if match.is_over() else robber_chances(
            n, options.pairs, match.finished_points(), match.finished_tricks(), len(match.deals_done),
            options)
        if chances is not None and judge:
            FITTED.setdefault(index, []).extend(chances[match.side_of(s)] for s in range(n))
            key = (tuple(match.finished_points()), tuple(match.finished_tricks()))
            if key not in judged:
                judged[key] = played_out(match, options, seed, index, judge)
            chances = tuple(judged[key])
        elif judge:
            FITTED.setdefault(index, []).extend(
                1.0 / len(sides) if match.side_of(s) in sides else 0.0 for s in range(n))
        for s in range(n):
            if chances is not None:  # --one-deal: the robber goes on, valued by its fitted chance
                win = chances[match.side_of(s)]
            else:
                win = 1.0 / len(sides) if match.side_of(s) in sides else 0.0
            result.seats.append(SeatResult(seat_bots[s], win, float(score[match.side_of(s)]),
                                           len(match.deals_done)))
    return result


def _share(result: GameResult, bot: str) -> float:
    """``bot``'s robbers won per seat it played in one game (all its seatings)."""
    mine = [sr.win for sr in result.seats if sr.bot == bot]
    return sum(mine) / len(mine)


def _fitted_share(result: GameResult, bot: str) -> float:
    """Like ``_share``, by the fitted chance (``--judge``)."""
    mine = [f for sr, f in zip(result.seats, FITTED[result.index], strict=True) if sr.bot == bot]
    return sum(mine) / len(mine)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first game's index (to go on with a run)")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--out", help="also write the JSON here, after every game")
    ap.add_argument("--from-race", type=int, default=None, metavar="K",
                    help="start where a deal begins with a side K tricks or fewer from the target")
    ap.add_argument("--one-deal", action="store_true",
                    help="play one deal from the start and score each seat by its robber chance after it")
    ap.add_argument("--sensitive", type=int, default=0, metavar="R",
                    help="with --from-race: only where R robbers played on by Clubs (the same cards) "
                    "differ in winner")
    ap.add_argument("--judge", type=int, default=0, metavar="K",
                    help="with --one-deal: value the deal's end by K robbers played out by Clubs, not the "
                    "fitted chance")
    ap.add_argument("--contested", type=float, default=1.0, metavar="P",
                    help="with --from-race: and where no side's robber chance is above P")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",")]
    makers = {b: factory(b, args.iterations) for b in dict.fromkeys(bots)}
    options = make_options("eralash", parse_options(args.option))
    results: list[GameResult] = []
    t0 = time.perf_counter()
    skipped = 0
    for i in range(args.first, args.first + args.games):
        start = None
        if args.from_race is not None:
            start = race_start(options, len(bots), derive_seed("arena", args.seed, i), args.from_race,
                               args.contested, args.sensitive)
            if start is None:
                skipped += 1
                continue
        results.append(play_game(bots, makers, i, args.seed, options, start, args.one_deal, args.judge))
        out = summarize("eralash", bots, len(results), args.seed, results)
        out["first"] = args.first
        out["per_game"] = {b: [_share(r, b) for r in results] for b in dict.fromkeys(bots)}
        out["iterations"] = args.iterations
        out["options"] = options.to_dict()
        out["minutes"] = round((time.perf_counter() - t0) / 60, 1)
        out["from_race"] = args.from_race
        out["contested"] = args.contested
        out["sensitive"] = args.sensitive
        out["one_deal"] = args.one_deal
        out["skipped"] = skipped
        if args.judge:
            out["judge"] = args.judge
            out["fitted_per_game"] = {b: [_fitted_share(r, b) for r in results] for b in dict.fromkeys(bots)}
        if args.out:
            Path(args.out).write_text(json.dumps(out, indent=1))
        line = ", ".join(f"{b} {v['win_rate']:.3f} ± {v['win_rate_ci95']:.3f}"
                         for b, v in out["bots"].items())
        print(f"game {i + 1}: {line} ({out['minutes']} min)", file=sys.stderr, flush=True)
    out["skipped"] = skipped
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1))
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
