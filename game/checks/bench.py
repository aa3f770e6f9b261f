"""``salon --bench N``: a headless bot-against-bot table at 1920×1080 (or ``--size``) for N frames, timed.

Prints one JSON line: ``frames``, ``frame_ms`` (work per frame: events + update + draw, without the
flip and the 60 FPS cap's sleep) as p50/p99/max over the N frames of the table, and ``startup_ms``
(process start to the first frame flipped: the splash, drawn while the table's modules load).
Extras: ``steady_turns`` and ``turned`` (card images turned anew in steady frames, and in all);
``splash_frames`` (frames before the table was up); ``frame_cpu_ms`` (the same work in CPU
time of the main thread: what a frame costs even when other programs compete for the cores);
``drawn_frames`` and ``drawn_frame_ms`` / ``drawn_frame_cpu_ms`` (only the frames actually drawn: a
table where nothing moves is not redrawn);
``load_avg``; ``interval_ms`` (frame start to frame start, at the 60 FPS cap) overall and while the
bot was thinking, with the number of such frames; ``moves``; and the text renders plus image
rasterisations in steady frames (nothing moving, no move made, nothing else shown changed: should
be 0).
With ``--bench-moves M`` the run goes on past N frames until the bots made M moves.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.widgets.table import TableScene

SIZE = (1920, 1080)
MOVES_WAIT_S = 300.0


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


def _load_average() -> float | None:
    """The 1-minute load average (other programs on the machine skew wall-clock frame times)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (OSError, AttributeError):
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
    from game.screens import table_available

    if not table_available(args.game):
        print(f"salon --bench: the {args.game} table is not built yet (try --game uragan)", file=sys.stderr)
        return 2
    age0 = process_age_ms()
    t0 = time.perf_counter()
    from game.app import App, SplashScene, parse_size

    size = parse_size(getattr(args, "size", None)) or SIZE
    app = App(args, headless=True, size=size)
    pg = app.pg
    tables: list[TableScene] = []

    def start() -> None:
        from game.screens import open_table

        seed = args.seed if args.seed is not None else 1
        tables.append(open_table(app, args.game, demo=True, seed=seed, level="master"))

    app.stack.push(SplashScene(app, [f"game.{args.game}.table"], start))
    startup_ms = 0.0
    splash_frames = 0
    while not tables:  # the first frame is the splash; the table follows when its modules are loaded
        app.frame(1 / 60, pg.event.get())
        pg.display.flip()
        if splash_frames == 0:
            startup_ms = (age0 or 0.0) + (time.perf_counter() - t0) * 1000
        splash_frames += 1
        app.clock.tick(60)
    table = tables[0]

    work: list[float] = []
    work_cpu: list[float] = []
    drawn_work: list[float] = []  # frames actually drawn (a still table skips drawing)
    drawn_cpu: list[float] = []
    intervals: list[float] = []
    thinking_intervals: list[float] = []
    steady_renders = steady_frames = steady_turns = 0
    moves_before = len(table.match.moves)
    last_start: float | None = None
    dt = 1 / 60
    want_moves = max(0, int(getattr(args, "bench_moves", 0) or 0))
    frame_no = 0
    give_up = time.monotonic() + MOVES_WAIT_S
    # N frames, then on until the bots have made --bench-moves moves (they think in a real process,
    # whose began-up speed depends on the machine), but never past MOVES_WAIT_S.
    while frame_no < max(1, int(args.bench)) or (
        len(table.match.moves) - moves_before < want_moves and time.monotonic() < give_up
    ):
        frame_no += 1
        began = time.perf_counter()
        cpu0 = time.thread_time()
        if last_start is not None:
            intervals.append((began - last_start) * 1000)
            if table.bot_thinking() is not None:
                thinking_intervals.append(intervals[-1])
        last_start = began
        made = app.text.renders + table.images.rasterised
        turned = getattr(table.images, "turned", 0)
        moves = len(table.match.moves)
        still = not table.busy() and app.stack.top is table
        look = table.look() if still else None
        drawn = app.frame(dt, pg.event.get())
        work.append((time.perf_counter() - began) * 1000)
        work_cpu.append((time.thread_time() - cpu0) * 1000)
        if drawn:
            drawn_work.append(work[-1])
            drawn_cpu.append(work_cpu[-1])
        # steady: nothing moved, no move made, and nothing else the table shows changed (a bot's
        # "is thinking" appearing after its delay is new text, not a steady frame)
        if still and not table.busy() and len(table.match.moves) == moves and app.stack.top is table \
                and table.look() == look:
            steady_frames += 1
            steady_renders += app.text.renders + table.images.rasterised - made
            steady_turns += getattr(table.images, "turned", 0) - turned
        if drawn:
            app.show()
        dt = min(app.clock.tick(60) / 1000.0, 0.1)
    result = {
        "frames": len(work),
        "painted": {"whole": app.painter.whole, "in_parts": app.painter.parts},
        "frame_ms": percentiles(work),
        "startup_ms": round(startup_ms, 1),
        "splash_frames": splash_frames,
        "frame_cpu_ms": percentiles(work_cpu),
        "drawn_frames": len(drawn_work),
        "drawn_frame_ms": percentiles(drawn_work),
        "drawn_frame_cpu_ms": percentiles(drawn_cpu),
        "load_avg": _load_average(),
        "interval_ms": percentiles(intervals),
        "interval_thinking_ms": percentiles(thinking_intervals),
        "thinking_frames": len(thinking_intervals),
        "moves": len(table.match.moves) - moves_before,
        "steady_frames": steady_frames,
        "steady_renders": steady_renders,
        "steady_turns": steady_turns,  # cards turned anew in steady frames (the turned images' cache missed)
        "turned": getattr(table.images, "turned", 0),
        "game": args.game,
        "size": list(size),
    }
    app.close()
    if out is None:  # standard output: a full or closed one is one line and status 2 (engine.cli.emit)
        from engine.cli import emit

        return emit(json.dumps(result) + "\n", "salon")
    out.write(json.dumps(result) + "\n")
    return 0
