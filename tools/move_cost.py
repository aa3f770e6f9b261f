"""What one move costs the UI thread: serialisations (``to_save`` calls) and lines of Python run.

Usage: ``python tools/move_cost.py [MOVES]`` plays MOVES moves (default 40) of an Uragan and an
Eralash match with novice bots, saving to a temporary data folder as the app does, then traces one
more ``Session.play`` (which saves) with ``sys.settrace`` on this thread only (the writer thread is
not counted: that is the point). Prints one line per game.

``python tools/move_cost.py --table 10 19000`` times a playing Uragan table (headless, on a scratch
data folder) continued from a save at each of those moves of a match to 999 (``tools/long_match.py``):
the player's move (the save after it, the snapshot, the undo check), the bot's reply taken, undo, the
move log opened and drawn, and a frame at rest; milliseconds of the UI thread's CPU time
(``time.thread_time``: what a loaded machine does not inflate), median of ``--times``.
``SALON_REPO=/work/main`` times another checkout with the same tool.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, os.environ.get("SALON_REPO") or str(Path(__file__).resolve().parent.parent))

from engine.games import GAMES  # noqa: E402
from game.store.saves import Session  # noqa: E402
from game.store.storage import Store  # noqa: E402

NAMES = ["Аня", "Борис", "Вера", "Глеб"]


def mid_game(game: str, store: Store, moves: int) -> tuple[Session, dict[int, Any]]:
    """A match of ``game`` ``moves`` moves in, every seat a novice bot (seat 0 played as a person)."""
    n = max(GAMES[game].seat_counts)
    session = Session.new(store, game, {}, NAMES[:n], [None] + ["novice"] * (n - 1), seed=7)
    bots = {s: GAMES[game].make_bot("novice", seed=s) for s in range(n)}
    for _ in range(moves):
        session.play(next_move(session, bots))
    return session, bots


def next_move(session: Session, bots: dict[int, Any]) -> Any:
    seat = session.match.current_player()
    return bots[seat].choose(session.match.view(seat))


def cost_of_one_move(session: Session, bots: dict[int, Any]) -> dict[str, int]:
    """Lines of Python and ``to_save`` calls on this thread during one ``Session.play``."""
    move = next_move(session, bots)
    counts = {"lines": 0, "to_save": 0}

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            counts["lines"] += 1
        return local

    def on_call(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            if frame.f_code.co_name == "to_save":
                counts["to_save"] += 1
            return local
        return None

    sys.settrace(on_call)
    try:
        session.play(move)
    finally:
        sys.settrace(None)
    return counts


def table_costs(at: int, times: int) -> dict[str, float]:
    """Milliseconds of the UI thread for each part of a move at a table continued at move ``at``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import importlib.util

    import pygame

    from game.app import App, build_parser
    from game.botworker import InlineWorker
    from game.store.saves import Session as PlaySession
    from game.uragan.table import UraganTable

    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location("long_match", here / "long_match.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out: dict[str, list[float]] = {"move": [], "reply": [], "undo": [], "log": [], "frame": []}
    with tempfile.TemporaryDirectory() as folder:
        tool.save_in_progress(folder, tool.long_match(at))
        app = App(build_parser().parse_args(["--data-dir", folder, "--lang", "en", "--size", "1280x800"]))
        app.worker = InlineWorker()
        try:
            session = PlaySession.resume(app.store)
            assert session is not None
            table = UraganTable.from_session(app, session)
            app.stack.push(table)
            surface = pygame.Surface(app.size)
            bot = GAMES["uragan"].make_bot("novice", seed=1)

            def settle() -> None:
                for _ in range(5000):
                    if table.can_play_card():
                        return
                    table.tweens.finish_all()
                    if not table.busy() and table.claim_prompt():
                        table.answer_claim(table.match.legal_moves()[0])
                    elif not table.busy() and table.pick_moves():
                        table.choose(0)
                    app.frame(1 / 60, [])
                raise RuntimeError("the table never came to the player")

            profiled = os.environ.get("MOVE_COST_PROFILE")  # a part's name: its calls profiled
            profiler = None
            if profiled:
                import cProfile

                profiler = cProfile.Profile()

            def timed(name: str, work: Any) -> Any:
                if profiler is not None and name == profiled:
                    profiler.enable()
                start = time.thread_time()  # the UI thread's own CPU: a loaded box does not inflate it
                got = work()
                out[name].append((time.thread_time() - start) * 1000)
                if profiler is not None:
                    profiler.disable()
                return got

            for _ in range(times):
                settle()
                table.warmer.wait(30)  # the card faces made for a table just continued: not a move's cost
                app.store.flush()
                table.draw(surface)
                timed("frame", lambda t=table: t.draw(surface))
                move = next(m for m in table.match.legal_moves() if type(m).__name__ == "Play")
                assert timed("move", lambda m=move, t=table: t.propose(m)) is None
                table.tweens.finish_all()
                while table.match.current_player() != 0 and not table.match.is_over():
                    reply = bot.choose(table.match.view(table.match.current_player()))  # (thought elsewhere)
                    assert timed("reply", lambda r=reply, t=table: t.apply_move(r)) is None
                    table.tweens.finish_all()
                settle()
                app.store.flush()  # (the writer's disk time is its own; its interpreter time was counted)
                table.toggle_log()
                timed("log", lambda t=table: t.draw(surface))
                table.toggle_log()
                if table.undo_available:
                    timed("undo", table.undo)
                    table.tweens.finish_all()
                app.stack.remove(table)  # a table continued again from the save, as Continue does
                session = PlaySession.resume(app.store)
                assert session is not None
                table = UraganTable.from_session(app, session)
                app.stack.push(table)
            app.store.flush()
            if profiler is not None:
                import pstats

                pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
        finally:
            app.close()
    return {name: statistics.median(v) if v else float("nan") for name, v in out.items()}


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--table":
        times = 5
        if "--times" in argv:
            k = argv.index("--times")
            times = int(argv[k + 1])
            argv = argv[:k] + argv[k + 2:]
        for at in [int(a) for a in argv[1:]] or [10, 19000]:
            costs = table_costs(at, times)
            print(f"uragan table at move {at}: " + ", ".join(f"{k} {v:.1f} ms" for k, v in costs.items())
                  + f" (UI thread's CPU, median of {times})")
        return 0
    moves = int(argv[0]) if argv else 40
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        for game in ("uragan", "eralash"):
            session, bots = mid_game(game, store, moves)
            counts = cost_of_one_move(session, bots)
            store.flush()
            print(f"{game}: move {moves + 1}: {counts['to_save']} to_save call(s), "
                  f"{counts['lines']} lines of Python on the UI thread")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
