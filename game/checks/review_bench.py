"""``python -m game.checks.review_bench``: frame times of the replay viewer while the coach reviews a deal.

Headless at 1920×1080: a deal is played out by two (or four) Club bots in this process, then the
viewer opens on it from the first seat and the review runs in the real bot worker process at the
default budget (Master's own think time per decision), as "Review this deal" does. The viewer steps
▸ every ``--step-every`` frames (each step animates), so frames are drawn throughout. Prints one
JSON line: ``interval_ms`` (frame start to frame start at the 60 FPS cap) p50/p99/max over the
frames while the review was running, ``frame_ms`` (the work of a frame) and ``frame_cpu_ms`` (the same
in CPU time of the main thread: what a frame costs when other programs compete), the verdicts received,
the review's state at the end, ``review_s`` (from asking for the review to its last verdict: the
goal is 5 s for a deal on two cores), ``first_verdict_s`` (to the first verdict on screen: within a
second) and the load average (the machine's other work skews wall clock). The review is shared by
the bots' process and a helper (game.botworker); ``--one-process`` judges it in the bots' alone.

``--record FILE --seat S --deal D`` reviews a chosen deal of a saved record instead (a record, or a list of
records with ``--robber SEED`` naming one: ``--record tests/data/planted_eralash.json --robber 1174
--seat 1 --deal 2``, a deal with two would-be marks). ``cpu_s`` is the CPU time the review's processes
spent (the bots' and the helper, from /proc on Linux): under ``--iterations N`` (a fixed search per stage)
the work, which the machine's load does not change; under the app's wall-clock budget it follows the
load. ``verdicts_s``: when each verdict was on screen; ``losses``: the decisions shown with a loss.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

SIZE = (1920, 1080)


def played_deal(game: str, seed: int, players: int | None = None) -> Any:
    """A match after one whole deal played by Club bots (in this process, quickly)."""
    from engine.games import game_named
    from game.store.saves import Session

    rules = game_named(game)
    n = players or max(rules.seat_counts)
    session = Session.new(None, game, {}, [f"P{i + 1}" for i in range(n)], [None] + ["club"] * (n - 1),
                          seed=seed)
    match = session.match
    bots = [rules.make_bot("club", seed=seed + s) for s in range(n)]
    while not match.deals_done and not match.is_over():
        seat = match.current_player()
        match.play(bots[seat].choose(match.view(seat)))
    return match


def chosen_record(path: str, robber: int | None) -> dict[str, Any]:
    """The record in ``path`` (a list of records: the one whose seed is ``robber``); ValueError if none."""
    from pathlib import Path

    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, list):
        found = [r for r in data if isinstance(r, dict) and (robber is None or r.get("seed") == robber)]
        if len(found) != 1:
            raise ValueError(f"{path}: {len(found)} records with seed {robber} (name one with --robber)")
        data = found[0]
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a record")
    return data


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds of a live process (Linux), None elsewhere or once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.checks.review_bench",
                                description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=["uragan", "eralash"], default="uragan")
    p.add_argument("--frames", type=int, default=3600, help="frames to time (at most; stops when done)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--step-every", type=int, default=20, help="frames between two ▸ steps")
    p.add_argument("--budget", type=float, default=None, help="seconds per decision (default: Master's)")
    p.add_argument("--iterations", type=int, default=None,
                   help="search iterations per stage instead of seconds (the same work at any load)")
    p.add_argument("--players", type=int, default=None, help="seats at the table (default: the most)")
    p.add_argument("--one-process", action="store_true",
                   help="the review in the bots' process alone, as before it was shared with a helper")
    p.add_argument("--record", default=None, help="a saved record (or a list of them) to review instead")
    p.add_argument("--robber", type=int, default=None, help="with --record: the record of this seed")
    p.add_argument("--seat", type=int, default=0, help="with --record: the seat reviewed")
    p.add_argument("--deal", type=int, default=1, help="with --record: the deal reviewed (from 1)")
    p.add_argument("--pin", action="store_true",
                   help="the review's worker on one core and the viewer on another (Linux)")
    args = p.parse_args(argv)
    if args.frames < 1 or args.step_every < 1:
        print("python -m game.checks.review_bench: --frames and --step-every must be 1 or more",
              file=sys.stderr)
        return 2
    record = None
    if args.record is not None:
        try:
            record = chosen_record(args.record, args.robber)
        except (OSError, ValueError) as err:
            print(f"python -m game.checks.review_bench: {err}", file=sys.stderr)
            return 2
        args.game = str(record.get("game"))
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import App, build_parser
    from game.botworker import BotWorker
    from game.review.viewer import ReplayMixin, viewer_for

    app = App(build_parser().parse_args(["--lang", "ru"]), headless=True, size=SIZE)
    pg = app.pg
    app.worker = BotWorker(share_reviews=not args.one_process)
    app.worker.start()  # the process is up before the clock starts, as in the app after the menu
    if args.pin and hasattr(os, "sched_setaffinity") and isinstance(app.worker, BotWorker):
        cores = sorted(os.sched_getaffinity(0))
        if len(cores) >= 2:
            os.sched_setaffinity(app.worker._process.pid, {cores[1]})
            os.sched_setaffinity(0, {cores[0]})
    if record is not None:
        from engine.review import load_match

        match, seat, deal = load_match(record)[1], args.seat, args.deal
    else:
        match, seat, deal = played_deal(args.game, args.seed, args.players), 0, 1
    ReplayMixin.review_budget = args.budget
    ReplayMixin.review_iterations = args.iterations
    viewer = viewer_for(app, args.game, match, seat, record=record, start_deal=deal, review=False)
    viewer.control.review_deals = [deal]  # (the viewer's review_deals is the controller's, read-only)
    app.stack.push(viewer)
    for _ in range(5):  # the cloth and the cards are made (the helper thread), then the clock starts
        app.frame(1 / 60, pg.event.get())
    while "warming" in viewer.holds:
        app.frame(1 / 60, pg.event.get())
        time.sleep(0.01)
    cpu_seen: dict[int, float] = {}  # the review's processes: their CPU seconds, when last read

    def read_cpu() -> None:
        worker = app.worker
        helper = getattr(worker, "_helper", None)
        for proc in (getattr(worker, "_process", None), helper[0] if helper else None):
            pid = getattr(proc, "pid", None)
            seconds = cpu_seconds(pid) if pid else None
            if pid and seconds is not None:
                cpu_seen[pid] = seconds

    read_cpu()
    cpu_before = dict(cpu_seen)  # the bots' process is up; the helper is started for the review
    arrived: list[float] = []  # when each verdict was on screen
    asked = time.perf_counter()
    viewer.start_review()
    intervals: list[float] = []
    work: list[float] = []
    cpu: list[float] = []
    last: float | None = None
    first: float | None = None
    dt = 1 / 60
    t0 = time.perf_counter()
    for i in range(args.frames):
        start = time.perf_counter()
        if last is not None and viewer.review_state == "running":
            intervals.append((start - last) * 1000)
        last = start
        cpu0 = time.thread_time()
        if i % args.step_every == args.step_every - 1:
            viewer.step_by(1 if viewer.index < len(viewer.replay) - 1 else -viewer.index)
        if app.frame(dt, pg.event.get()):
            pg.display.flip()
        read_cpu()
        work.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - cpu0) * 1000)
        new = len(viewer.replay.verdicts) - len(arrived)
        if new > 0:
            arrived.extend([round(time.perf_counter() - asked, 2)] * new)
        if first is None and viewer.replay.verdicts:
            first = time.perf_counter() - asked
        if viewer.review_state != "running":
            break
        dt = min(app.clock.tick(60) / 1000.0, 0.1)
    from game.checks.bench import _load_average, percentiles

    spent = {pid: round(v - cpu_before.get(pid, 0.0), 2) for pid, v in cpu_seen.items()}
    result = {
        "game": args.game,
        "frames": len(work),
        "review_frames": len(intervals),
        "interval_ms": percentiles(intervals),
        "frame_ms": percentiles(work),
        "frame_cpu_ms": percentiles(cpu),
        "verdicts": len(viewer.replay.verdicts),
        "decisions": len(viewer.replay.decisions()),
        "review_state": viewer.review_state,
        "review_s": round(time.perf_counter() - asked, 1) if viewer.review_state == "done" else None,
        "first_verdict_s": None if first is None else round(first, 2),
        "verdicts_s": arrived,
        "losses": {f"{v.deal}.{v.play}": round(v.loss, 3) for v in viewer.replay.verdicts if v.loss},
        "shared": not args.one_process,
        "cpu_s": round(sum(spent.values()), 2) if spent else None,
        "cpu_s_each": list(spent.values()),
        "seconds": round(time.perf_counter() - t0, 1),
        "load_avg": _load_average(),
    }
    viewer.cancel_review()
    app.close()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
