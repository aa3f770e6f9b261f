"""A legal Uragan match far longer than any played at the table, for the long-record benchmarks.

Plays an Uragan match to a large target (999 by default: about 400–490 deals, 19,000–22,000 moves)
with uniformly random legal moves (fast: no search), then writes it as a record, or as the save of a
game in progress (seat 0 a person, seat 1 a novice bot) stopped at ``--moves`` moves.

    python tools/long_match.py /tmp/long.json                      # the whole match, as a record
    python tools/long_match.py /tmp/long.json --moves 19000 --save /tmp/long-data   # save.json there

``long_match(moves, target, seed)`` is what the tests and ``tools/move_cost.py`` call.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games import game_named  # noqa: E402

NAMES = ["Аня", "Борис"]


def long_match(moves: int | None = None, target: int = 999, seed: int = 7) -> Any:
    """An Uragan match to ``target`` played by random legal moves, stopped after ``moves`` moves (at
    the seat 0's turn to play a card, so a person could go on) or at its end."""
    rules = game_named("uragan")
    match = rules.Match.new(rules.Options.from_dict({"target": target}), NAMES, seed, 1)
    rng = random.Random(seed)
    while not match.is_over():
        if moves is not None and len(match.moves) >= moves and match.current_player() == 0 \
                and match.deal.phase == 0:
            break
        match.play(rng.choice(match.legal_moves()))
    return match


def save_in_progress(folder: str | Path, match: Any) -> Any:
    """``match`` as the saved game in progress of a data folder (a person at seat 0, a novice at seat
    1), written now; returns the ``Session``."""
    from game.store.saves import SavedGame, Session
    from game.store.storage import Store

    store = Store(str(folder))
    saved = SavedGame(game="uragan", match=match.to_save(), seats=[None, "novice"], bot_seeds=[1, 2])
    session = Session(store, saved, match)
    session.save(background=False)
    return session


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the record to write (with --save: where the data folder's save goes)")
    parser.add_argument("--moves", type=int, default=None, help="stop after this many moves")
    parser.add_argument("--target", type=int, default=999)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--save", metavar="DATA_DIR", help="write a save in progress into this data folder")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    match = long_match(args.moves, args.target, args.seed)
    made = time.perf_counter() - t0
    if args.save:
        save_in_progress(args.save, match)
        print(f"save: {len(match.moves)} moves, deal {match.deal_number}, in {args.save} ({made:.1f} s)")
        return 0
    text = json.dumps(match.to_record(), ensure_ascii=False)
    Path(args.out).write_text(text, encoding="utf-8")
    size = len(text.encode()) // 1024
    print(f"record: {len(match.moves)} moves, {len(match.deals_done)} deals, {size} KB, {args.out} "
          f"({made:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
