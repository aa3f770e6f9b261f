"""What one move costs the UI thread: serialisations (``to_save`` calls) and lines of Python run.

Usage: ``python tools/move_cost.py [MOVES]`` plays MOVES moves (default 40) of an Uragan and an
Eralash match with novice bots, saving to a temporary data folder as the app does, then traces one
more ``Session.play`` (which saves) with ``sys.settrace`` on this thread only (the writer thread is
not counted: that is the point). Prints one line per game.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def main(argv: list[str]) -> int:
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
