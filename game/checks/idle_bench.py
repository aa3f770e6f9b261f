"""``salon --bench-idle``: each screen left alone in the real loop, its CPU per second of wall time.

The app is driven to each screen the way the smoke tour does (seeded deals, instant bots thinking
inline), then ``App.next_turn`` and ``App.frame`` run as in ``App.run`` (sleeping while nothing
moves, flipping what is drawn) for a settling time and then for the measured time. Prints one JSON
line: per screen ``cpu_pct`` (CPU seconds of this process per wall second, in % of one core: every
thread, the window system's client side included), ``drawn`` (frames drawn while measured) and
``turns`` (turns of the loop), plus ``video_driver``, ``waiter`` ("sdl": SDL's blocking wait, or
"poll") and ``load_avg``. Run it under a real display (or Xvfb) for what a player's machine does; the
dummy driver has no blocking wait (SDL polls it every millisecond). Never touches a real data folder.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app import App

SETTLE_S = 1.5  # the screen's own start (animations, helper threads) before measuring
MEASURE_S = 4.0
SETTLE_MAX_S = 15.0


def rest(app: App, waiter: Any, settle_s: float, measure_s: float) -> dict[str, Any]:
    """Run the real loop on what shows now; CPU per wall second over ``measure_s`` after ``settle_s``."""
    pg = app.pg

    def run_for(seconds: float, settling: bool = False) -> tuple[int, int]:
        drawn = turns = 0
        start = time.perf_counter()
        end = start + seconds
        dt, events, asked = 0.0, pg.event.get(), settling
        while app.running and (time.perf_counter() < end or (
            settling and app.wake_in() is not None and time.perf_counter() < start + SETTLE_MAX_S
        )):
            if any(e.type == pg.QUIT for e in events):  # SDL turns SIGTERM into a quit event
                app.running = False
                break
            if app.frame(dt, events, asked):
                pg.display.flip()
                drawn += 1
            turns += 1
            dt, events, asked = app.next_turn(waiter)
        return drawn, turns

    run_for(settle_s, settling=True)  # and on while anything still moves (a sheet counting up)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    drawn, turns = run_for(measure_s)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"cpu_pct": round(100.0 * cpu / wall, 2), "drawn": drawn, "turns": turns}


def _play_out_uragan(s: Any) -> Any:
    """A seeded Uragan deal played to its end-of-deal sheet (the first legal move each time)."""
    from game.checks.tour import uragan_step
    from game.uragan.table import UraganTable
    from game.widgets.score_sheet import ScoreSheetScene

    s.home()
    table = UraganTable.new_game(s.app, seed=7, level="novice", options={"target": 16})
    s.push(table)
    for _ in range(400):
        if isinstance(s.app.stack.top, ScoreSheetScene):
            return s.app.stack.top
        uragan_step(table)
        s.settle(table)
    raise RuntimeError("the Uragan deal never ended")


def _screens() -> list[tuple[str, Callable[[Any], Any]]]:
    import pygame

    from game.checks import smoke
    from game.screens import open_screen

    def new_game(s: Any) -> None:
        from game.menus.new_game import NewGameScene

        s.home()
        s.push(NewGameScene(s.app))

    def screen(name: str, *extra: Any) -> Callable[[Any], None]:
        def go(s: Any) -> None:
            s.home()
            if extra:
                s.push(smoke_load(name)(s.app, *extra))
            else:
                open_screen(s.app, name)
            s.frames(2)

        return go

    def smoke_load(name: str) -> Any:
        from game.screens import SCREENS, load

        return load(SCREENS[name])

    def uragan_sheet(s: Any) -> None:
        sheet = _play_out_uragan(s)
        s.frames(2)
        return sheet

    def eralash_sheet(s: Any) -> None:
        table = smoke._eralash_table(s, 4)
        table.show_sheet()
        s.frames(2)

    def viewer(s: Any) -> None:
        from game.checks.smoke_coach import _finish_review, _quick_review
        from game.looks.resources import resource_path

        _quick_review()
        record = resource_path("game", "data", "eralash_illustrative.json").read_text("utf-8")
        folder = tempfile.mkdtemp(prefix="salon-bench-idle-")
        path = os.path.join(folder, "eralash-record.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(record)
        s.home()
        s.frames(1, [pygame.event.Event(pygame.DROPFILE, file=path)])
        from game.review.opening import OpeningScene

        opening = s.app.stack.top
        if isinstance(opening, OpeningScene):  # a dropped record is read off the UI thread
            opening.wait(60)
            s.frames(2)
        v = s.app.stack.top
        s.click(next(b for b in v.buttons if b.key == "seat1").rect.center)
        _finish_review(s, v, limit=2000)
        if v.review_state == "running":
            raise RuntimeError("the review never finished")

    out: list[tuple[str, Callable[[Any], Any]]] = [
        ("main menu", lambda s: s.home()),
        ("new game", new_game),
        ("settings", screen("settings")),
        ("rules", screen("rules", "uragan")),
        ("statistics", screen("stats")),
        ("about", screen("about")),
        ("Uragan table, the player's turn", lambda s: smoke._uragan_table(s, 16)),
        ("Eralash table, the player's turn", lambda s: smoke._eralash_table(s, 4)),
        ("Uragan score sheet", uragan_sheet),
        ("Eralash score sheet", eralash_sheet),
        ("review viewer, verdicts in", viewer),
    ]
    def records(s: Any) -> None:
        from game.looks.resources import resource_path

        s.home()
        s.click_button("records")
        folder = str(s.app.records_folder())  # the run's scratch data folder, never the player's
        os.makedirs(folder, exist_ok=True)
        record = resource_path("game", "data", "eralash_illustrative.json").read_text("utf-8")
        with open(os.path.join(folder, "eralash-2026-11-29-2010.json"), "w", encoding="utf-8") as f:
            f.write(record)
        s.click_button("open_record")
        browser = s.app.stack.top
        if not browser.wait(60.0):
            raise RuntimeError("the records browser never read its folder")
        s.frames(2)

    out.append(("records browser", records))
    return out


def run_bench_idle(args: argparse.Namespace, out: Any = None) -> int:
    windowless = not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
    if windowless and sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App, parse_size, quit_on_signals
    from game.botworker import InlineWorker
    from game.checks.tour import Smoke
    from game.idle import EventWaiter
    from game.widgets.warm import Warmer

    size = parse_size(getattr(args, "size", None)) or (1280, 800)
    measure = float(getattr(args, "bench_idle", None) or MEASURE_S)
    Warmer.inline = True
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="salon-bench-idle-") as folder:
        os.environ["SALON_RECORDS_DIR"] = folder
        args.data_dir = folder
        app = App(args, headless=True, size=size)
        app.worker = InlineWorker("game.checks.tour:make_smoke_bot")
        waiter = EventWaiter(app.pg)
        s = Smoke(app, f"{size[0]}x{size[1]}")
        stack = contextlib.ExitStack()
        stack.enter_context(quit_on_signals(app))  # SIGTERM and Ctrl+C end the bench, as they end the app
        try:
            for name, go in _screens():
                if not app.running:
                    break
                print(f"salon --bench-idle: {name}", file=sys.stderr, flush=True)  # progress, a sign of life
                try:
                    go(s)
                    results[name] = rest(app, waiter, min(SETTLE_S, max(0.2, measure)), measure)
                except Exception as err:  # one screen that cannot be reached does not end the bench
                    results[name] = {"error": f"{type(err).__name__}: {err}"}
                with contextlib.suppress(Exception):
                    app.stack.clear()
        finally:
            stack.close()
            driver = app.pg.display.get_driver()
            stopped = not app.running
            app.close()
    if stopped:
        print("salon --bench-idle: stopped by a signal; nothing measured is printed", file=sys.stderr)
        return 128 + 15
    report = {
        "screens": results,
        "max_cpu_pct": max((r["cpu_pct"] for r in results.values() if "cpu_pct" in r), default=None),
        "size": list(size),
        "measure_s": measure,
        "video_driver": driver,
        "waiter": "sdl" if waiter.blocking else "poll",
        "load_avg": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }
    if out is None:  # standard output: a full or closed one is one line and status 2 (engine.cli.emit)
        from engine.cli import emit

        return emit(json.dumps(report, ensure_ascii=False) + "\n", "salon")
    out.write(json.dumps(report, ensure_ascii=False) + "\n")
    return 0
