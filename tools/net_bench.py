"""Frame intervals of the host's app and a guest's app while an Uragan match is played over the network.

    python tools/net_bench.py [--frames N] [--size WxH]

This process is the host's app (headless, the table hosted on loopback, its player at seat 0); it starts
a second process, the guest's app, which joins by address, port and room code. Both run the app's loop at
the 60 FPS cap (``App.frame``, the frame shown, ``clock.tick(60)``) for N frames once their table is open
and its art made, each player moving as soon as its turn comes (the table's own animations and pauses in
between), and time every frame start to the next. Prints one JSON line: per app the interval p50/p99/max
in ms, the frame's work in CPU time of the main thread (what it costs when other programs compete for the
cores), frames, the moves played meanwhile, and the load average. docs/benchmarks.md keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0  # seconds: the other app starting and sitting down, on a loaded machine


def _app(size: tuple[int, int]) -> Any:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import App, build_parser

    return App(build_parser().parse_args(["--lang", "en"]), headless=True, size=size)


def _wait_for_table(app: Any) -> Any:
    from game.widgets.table import TableScene

    end = time.monotonic() + WAIT
    while not isinstance(app.stack.top, TableScene) or "warming" in app.stack.top.holds:
        if time.monotonic() > end:
            raise SystemExit("net_bench: the table never opened")
        app.frame(1 / 60, app.pg.event.get())
        app.clock.tick(60)
    return app.stack.top


def _measure(app: Any, table: Any, frames: int) -> dict[str, Any]:
    from game.checks.bench import percentiles
    from game.checks.tour import uragan_step

    intervals: list[float] = []
    cpu: list[float] = []
    last: float | None = None
    moves = len(table.match.moves)
    dt = 1 / 60
    for _ in range(frames):
        began = time.perf_counter()
        if last is not None:
            intervals.append((began - last) * 1000)
        last = began
        cpu0 = time.thread_time()
        uragan_step(table)
        if app.frame(dt, app.pg.event.get()):
            app.show()
        cpu.append((time.thread_time() - cpu0) * 1000)
        dt = min(app.clock.tick(60) / 1000.0, 0.1)
    return {"interval_ms": percentiles(intervals), "frame_cpu_ms": percentiles(cpu),
            "frames": len(intervals),
            "moves": len(table.match.moves) - moves}


def guest(url: str, room: str, frames: int, size: tuple[int, int]) -> None:
    app = _app(size)
    from game.people.lobby import join_table

    join_table(app, url, room, "Guest")
    table = _wait_for_table(app)
    result = _measure(app, table, frames)
    print(json.dumps(result), flush=True)
    table.control.leave()
    app.close()


def host(frames: int, size: tuple[int, int]) -> dict[str, Any]:
    app = _app(size)
    from engine.games import game_named
    from engine.net.host import SeatSpec
    from game.people.lobby import host_table
    from game.people.net import Hosted, network, room_code

    game = game_named("uragan")
    hosted = Hosted(network(app), game, game.Options.from_dict({}), [SeatSpec(True), SeatSpec(True)],
                    room_code(), table_name="bench", bind="127.0.0.1", advertise=False)
    lobby = host_table(app, hosted, "Host")
    end = time.monotonic() + WAIT
    while lobby.control is None or lobby.control.game is None:
        if time.monotonic() > end or hosted.error:
            raise SystemExit(f"net_bench: the host did not start {hosted.error}")
        app.frame(1 / 60, app.pg.event.get())
        app.clock.tick(60)
    w, h = size
    child = subprocess.Popen(
        [sys.executable, __file__, "--guest", f"ws://127.0.0.1:{hosted.port}", "--room", hosted.room,
         "--frames", str(frames), "--size", f"{w}x{h}"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    table = _wait_for_table(app)
    result = _measure(app, table, frames)
    out, _ = child.communicate(timeout=WAIT + frames / 30)
    hosted.stop()
    app.close()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"host": result, "guest": json.loads(out.strip().splitlines()[-1]), "size": [w, h],
            "load_avg": round(load, 2) if load is not None else None}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=1800)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--guest", help=argparse.SUPPRESS)
    p.add_argument("--room", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    w, _, h = args.size.partition("x")
    size = (int(w), int(h))
    if args.guest:
        guest(args.guest, args.room, args.frames, size)
        return 0
    print(json.dumps(host(args.frames, size)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
