"""``salon --bench N``: a headless bot-against-bot table at 1920×1080 for N frames, timed.

Prints one JSON line: ``frames``, ``frame_ms`` (work per frame: events + update + draw, without the
flip and the 60 FPS cap's sleep) as p50/p99/max, ``startup_ms`` (process start to the first frame
flipped), and extras: ``interval_ms`` (frame start to frame start, at the cap) overall and while a bot
was thinking, how many frames a bot was thinking, and how many text renders / image rasterisations
happened in steady frames (frames with no move, no resize: should be 0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

SIZE = (1920, 1080)


def process_age_ms() -> float | None:
    """Milliseconds since this process started (Linux /proc), or None elsewhere."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return (uptime - start_ticks / os.sysconf("SC_CLK_TCK")) * 1000.0
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p99": 0.0, "max": 0.0}
    v = sorted(values)

    def pick(q: float) -> float:
        return v[min(len(v) - 1, int(q * (len(v) - 1) + 0.5))]

    return {"p50": round(pick(0.5), 3), "p99": round(pick(0.99), 3), "max": round(v[-1], 3)}


def run_bench(args: argparse.Namespace, out: Any = None) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    out = out or sys.stdout
    from game.scenes import table_available

    if not table_available(args.game):
        print(f"salon --bench: the {args.game} table is not built yet (try --game uragan)", file=sys.stderr)
        return 2
    age0 = process_age_ms()
    t0 = time.perf_counter()
    from game.app import App

    app = App(args, headless=True, size=SIZE)
    from game.scenes import open_table

    table = open_table(
        app,
        args.game,
        demo=True,
        seed=args.seed if args.seed is not None else 1,
        level=getattr(args, "level", None) or "master",
    )
    pg = app.pg
    frames = max(1, int(args.bench))
    work: list[float] = []
    intervals: list[float] = []
    thinking_intervals: list[float] = []
    steady_renders = 0
    steady_frames = 0
    startup_ms = 0.0
    moves_before = len(table.match.moves)
    last_start = None
    dt = 1 / 60
    for i in range(frames):
        start = time.perf_counter()
        if last_start is not None:
            intervals.append((start - last_start) * 1000)
            if table.bot_thinking() is not None:
                thinking_intervals.append(intervals[-1])
        last_start = start
        renders = app.text.renders + table.images.rasterised
        moves = len(table.match.moves)
        app.frame(dt, pg.event.get())
        work.append((time.perf_counter() - start) * 1000)
        if i > 0 and len(table.match.moves) == moves and not (app.stack.top is not table):
            steady_frames += 1
            steady_renders += app.text.renders + table.images.rasterised - renders
        pg.display.flip()
        if i == 0:
            startup_ms = (age0 or 0.0) + (time.perf_counter() - t0) * 1000
        dt = min(app.clock.tick(60) / 1000.0, 0.1)
    result = {
        "frames": frames,
        "frame_ms": percentiles(work),
        "startup_ms": round(startup_ms, 1),
        "interval_ms": percentiles(intervals),
        "interval_thinking_ms": percentiles(thinking_intervals),
        "thinking_frames": len(thinking_intervals),
        "moves": len(table.match.moves) - moves_before,
        "steady_frames": steady_frames,
        "steady_renders": steady_renders,
        "game": args.game,
        "size": list(SIZE),
    }
    app.close()
    out.write(json.dumps(result) + "\n")
    return 0
