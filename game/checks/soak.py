"""``salon --soak N``: a long session in one app, headless, to show that it holds steady.

Plays at least N deals (Uragan and Eralash matches in turn, the player's seat driven like ``--smoke``
drives it, the bots instant and deterministic) on a real data folder (a temporary one unless
``--data-dir`` is given), with between the deals: window resizes through four sizes, trips to the menu
and back through Continue, hints, and undos. Prints one JSON line:

- ``rss_mb``: resident memory after the first deal, at the start (after WARM_DEALS deals, every window
  size seen once: the caches warm) and at the end, the growth from start to end, and the figure every
  25 deals (a leak climbs, a cache levels off); ``settled_rss_mb`` the same once garbage is collected
  and free pages returned (``game.memory``): the raw figure swings with garbage not yet collected;
- ``probe_ms``: frame work (events + update + draw, every frame drawn) p50/p99 of one reference table
  (the same Uragan deal each time) at 1280x800, measured at the start and at the end: drift shows as
  a larger end figure; ``probe_cpu_ms`` the same in CPU time of the frame's thread (a loaded machine
  moves the wall clock, not this);
- ``frame_ms_first`` / ``frame_ms_last``: work of the soak's own frames, the first and last 2,000;
- ``deals``, ``matches``, ``resizes``, ``menu_trips``, ``hints``, ``undos``, ``errors`` (each one's
  first line), ``seconds``, ``load_avg`` (other programs skew the wall-clock figures).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app import App
    from game.eralash.table import EralashTable
    from game.scene import Scene
    from game.uragan.table import UraganTable

SIZES = [(1280, 800), (960, 600), (1600, 1000), (1920, 1080)]
PROBE_FRAMES = 240
PROBE_SEED = 4242  # the reference table's deal
WINDOW = 2000  # soak frames compared at the start and the end
RESIZE_EVERY = 5  # deals
MENU_EVERY = 7
WARM_DEALS = 20  # the start figures: after every window size was seen once (caches warm)


def settled_rss_mb() -> float:
    """Resident memory once garbage is collected and free pages returned (what a leak would raise)."""
    from game.memory import release_free_memory

    release_free_memory(force=True)
    return rss_mb()


def rss_mb() -> float:
    """Resident memory of this process in MiB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 1024)


class Soak:
    def __init__(self, app: App) -> None:
        from game.checks.tour import Smoke

        self.app = app
        self.s = Smoke(app, "soak")
        self.frame_ms: list[float] = []
        self.frame_cpu_ms: list[float] = []  # the same in CPU time of the frame's thread (load-proof)
        self.counts = {"deals": 0, "matches": 0, "resizes": 0, "menu_trips": 0, "hints": 0, "undos": 0}
        self.errors: list[str] = []
        self.size_index = 0
        real = app.frame

        def timed(dt: float, events: list[Any], asked: bool = True) -> bool:
            t0, c0 = time.perf_counter(), time.thread_time()
            drawn = real(dt, events, asked)
            self.frame_ms.append((time.perf_counter() - t0) * 1000)
            self.frame_cpu_ms.append((time.thread_time() - c0) * 1000)
            return drawn

        app.frame = timed  # type: ignore[method-assign]  # (timing the real frame: a deliberate patch)
        self.table: UraganTable | EralashTable | None = None  # the match being played (new_match)
        self.probes_cpu: list[dict[str, float]] = []  # each probe's frame work in CPU time

    # --- the session -------------------------------------------------------------------------------

    def new_match(self) -> None:
        from game.eralash.table import EralashTable
        from game.uragan.table import UraganTable

        s = self.s
        s.home()
        n = self.counts["matches"]
        table: UraganTable | EralashTable
        if n % 2 == 0:
            table = UraganTable.new_game(self.app, seed=100 + n, level="novice", options={"target": 16})
        else:
            table = EralashTable.new_game(self.app, seed=100 + n, players=4, levels=["novice"] * 3,
                                          options={"pairs": n % 4 == 3, "target": 13})
        table.hint_budget = 0.01
        s.push(table)
        s.settle(table)
        self.table = table
        self.counts["matches"] += 1

    def resize(self) -> None:
        self.size_index = (self.size_index + 1) % len(SIZES)
        self.set_size(SIZES[self.size_index])
        self.counts["resizes"] += 1

    def set_size(self, size: tuple[int, int]) -> None:
        app = self.app
        app.screen = app.pg.display.set_mode(size)
        app.on_window_resized(size)
        self.s.frames(2)

    def menu_trip(self) -> None:
        """To the menu (the table leaves the stack, as Esc does) and back through Continue."""
        from game.screens import continue_game

        s = self.s
        s.home()
        s.frames(3)
        table = continue_game(self.app)
        if table is None:
            raise RuntimeError("Continue did not bring the game back")
        table.hint_budget = 0.01
        s.frames(2)
        s.settle(table)
        self.table = table
        self.counts["menu_trips"] += 1

    def play_deal(self, deal_no: int) -> None:
        """The player's moves until the deal's sheet shows; a hint on the first turn, and on every
        other deal an undo after the player's second move."""
        table = self.current()
        done = len(table.match.deals_done)
        moves = 0
        hinted = False
        for _ in range(600):
            top = self.app.stack.top
            if top is not table:  # a sheet over the table: the deal is over
                self.s.frames(2, dt=5.0)
                self.close_sheet(top)
                break
            if len(table.match.deals_done) > done and not table.busy():
                break
            if table.match.is_over():
                break
            if self.player_to_act(table):
                if not hinted and table.hint_available():
                    table.request_hint()
                    self.s.frames(2)
                    table.clear_hint()
                    hinted = True
                    self.counts["hints"] += 1
                self.move(table)
                moves += 1
                if moves == 2 and deal_no % 2 == 1 and getattr(table, "undo_available", False):
                    self.s.settle(table)
                    table.undo()
                    self.counts["undos"] += 1
            self.s.settle(table)
        else:
            raise RuntimeError("the deal never ended")
        self.counts["deals"] += 1

    def current(self) -> UraganTable | EralashTable:
        """The table of the match being played (a clear error before the first ``new_match``)."""
        if self.table is None:
            raise RuntimeError("no match started")
        return self.table

    def close_sheet(self, top: Scene | None) -> None:
        import pygame

        if top is not None and hasattr(top, "step"):
            top.step = 0.0
        self.s.frames(1, dt=5.0)
        if self.app.stack.top is top:
            close = getattr(top, "close", None)
            if close is not None:
                close()
            else:
                self.s.key(pygame.K_RETURN)
        self.s.frames(2)

    @staticmethod
    def player_to_act(table: Any) -> bool:
        if hasattr(table, "must_choose_trump") and table.must_choose_trump():
            return True
        if getattr(table, "phase", "") == "declare" and table.shown.trump >= 0:
            return True  # the declarations wait for the player to go on (the table holds meanwhile)
        if table.busy():
            return False
        if hasattr(table, "claim_prompt") and table.claim_prompt():
            return True
        return table.is_human_turn()

    def move(self, table: Any) -> None:
        if hasattr(table, "must_choose_trump"):  # Eralash
            if table.must_choose_trump():
                table.choose_trump(table.shown.choices[0])
            elif getattr(table, "phase", "") == "declare" and table.shown.trump >= 0:
                table.end_declarations()
            else:
                legal = table.legal_mask_for_me()
                table.play_card((legal & -legal).bit_length() - 1)
            return
        from game.checks.smoke import _uragan_move

        _uragan_move(self.s, table, {"claim", "pick", "choice"})

    # --- measuring ---------------------------------------------------------------------------------

    def probe(self) -> dict[str, float]:
        """Frame work over PROBE_FRAMES frames, every frame drawn, of one reference table at 1280x800:
        the same Uragan deal (seed PROBE_SEED, the player to move) at the start and at the end, pushed
        over the session's own table and removed again, so the two figures compare like with like
        and only what the long session left behind (caches, leaked scenes) can move them."""
        from game.checks.bench import percentiles
        from game.uragan.table import UraganTable

        keep = self.size_index
        self.set_size(SIZES[0])
        app = self.app
        reference = UraganTable.new_game(app, seed=PROBE_SEED, level="novice", options={"target": 16},
                                         demo=True)
        self.s.push(reference)
        self.s.frames(2)
        start = len(self.frame_ms)
        for _ in range(PROBE_FRAMES):
            app._drawn_top = None  # draw it, as a moving table would be, and paint all of it (the
            app.painter.forget()  # frame's whole cost: what a long session could have slowed)
            self.s.frames(1)
        out = percentiles(self.frame_ms[start:])
        self.probes_cpu.append(percentiles(self.frame_cpu_ms[start:]))
        del self.frame_ms[start:]
        del self.frame_cpu_ms[start:]
        app.stack.remove(reference)
        self.s.frames(2)
        self.size_index = keep
        self.set_size(SIZES[keep])
        return out


def run_soak(args: argparse.Namespace) -> int:
    """Play ``args.soak`` deals; print the JSON line; 0 when no deal raised."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with contextlib.ExitStack() as stack:
        if not getattr(args, "data_dir", None):
            args.data_dir = stack.enter_context(tempfile.TemporaryDirectory(prefix="salon-soak-"))
        report = soak(args, int(args.soak))
    from engine.cli import emit

    return emit(json.dumps(report) + "\n", "salon --soak") or (0 if not report["errors"] else 1)


def soak(args: argparse.Namespace, deals: int) -> dict[str, Any]:
    from game.app import App
    from game.botworker import InlineWorker
    from game.checks.bench import _load_average, percentiles
    from game.widgets.warm import Warmer

    started = time.perf_counter()
    Warmer.inline = True  # the deck is drawn on this thread: no helper-thread timing in the figures
    app = App(args, size=SIZES[0])
    app.worker = InlineWorker("game.checks.tour:make_smoke_bot")
    with contextlib.suppress(Exception):
        app.settings.set("animation_speed", "instant", save=False)
    run = Soak(app)
    rss_start = probe_start = None
    rss_first = 0.0
    first_frames = 0
    trace: list[float] = []  # resident MiB every 25 deals: a leak climbs, a cache levels off
    settled_trace: list[float] = []
    settled_start = 0.0
    try:
        run.new_match()
        deal_no = 0
        while run.counts["deals"] < deals:
            try:
                run.play_deal(deal_no)
                if run.current().match.is_over():
                    run.new_match()
            except Exception as err:  # count it, start afresh: the soak goes on
                run.errors.append(f"deal {deal_no}: {type(err).__name__}: {err}".splitlines()[0])
                if len(run.errors) > 20:
                    break
                run.new_match()
            deal_no += 1
            if deal_no == 1:
                gc.collect()
                rss_first = rss_mb()
            if rss_start is None and (deal_no >= WARM_DEALS or run.counts["deals"] >= deals):
                probe_start = run.probe()
                gc.collect()
                rss_start = rss_mb()
                settled_start = settled_rss_mb()
                first_frames = len(run.frame_ms)
            if deal_no % 25 == 0:
                trace.append(round(rss_mb(), 1))
                settled_trace.append(round(settled_rss_mb(), 1))
            if deal_no % RESIZE_EVERY == 0:
                run.resize()
            if deal_no % MENU_EVERY == 0 and not run.current().match.is_over():
                run.menu_trip()
        probe_end = run.probe()
        gc.collect()
        rss_end = rss_mb()
        settled_end = settled_rss_mb()
        frames = run.frame_ms[first_frames:]
    finally:
        with contextlib.suppress(Exception):
            app.close()
    return {
        **run.counts,
        "errors": run.errors[:5],
        "error_count": len(run.errors),
        "rss_mb": {"after_first_deal": round(rss_first, 1), "start": round(rss_start or 0, 1),
                   "end": round(rss_end, 1),
                   "growth": round(rss_end - (rss_start or 0), 1), "every_25_deals": trace},
        "settled_rss_mb": {"start": round(settled_start, 1), "end": round(settled_end, 1),
                           "growth": round(settled_end - settled_start, 1), "every_25_deals": settled_trace},
        "probe_ms": {"start": probe_start, "end": probe_end},
        "probe_cpu_ms": dict(zip(("start", "end"), run.probes_cpu, strict=False)),
        "frame_ms_first": percentiles(frames[:WINDOW]),
        "frame_ms_last": percentiles(frames[-WINDOW:]),
        "frames": len(frames),
        "seconds": round(time.perf_counter() - started, 1),
        "load_avg": _load_average(),
    }
