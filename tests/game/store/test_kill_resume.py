"""Never lose a game: a process playing and autosaving after every move is killed (SIGKILL) at random
instants, many times; each time the save on disk must parse, replay to a legal position, and the
next process must resume from it and play on. The player in the subprocess is the real Session with
the real engines, saving on its writer thread exactly as the app does."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from places import ROOT

from game.store.saves import Session, load_game
from game.store.stats import Stats
from game.store.storage import Store

pytestmark = pytest.mark.slow

PLAYER = r"""
import random, sys, time
from game.store.saves import Session
from game.store.storage import Store

folder, game, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = Store(folder)
session = Session.resume(store)
if session is None:
    seats = [None, "club"] if game == "uragan" else [None, "club", "novice", "club"]
    options = {} if game == "uragan" else {"pairs": True}
    session = Session.new(store, game, options, ["A", "B", "C", "D"][: len(seats)], seats, seed=seed)
print("ready", len(session.match.to_save()["moves"]), flush=True)
rng = random.Random(seed)
while True:
    if session.match.is_over():
        session.finish(None)
        session = Session.new(store, game, session.saved.match["options"], session.saved.match["players"],
                              session.seats, seed=rng.randrange(10**9))
    session.play(rng.choice(session.match.legal_moves()))
    print("played", flush=True)
    time.sleep(0.004)  # brisker than any player, slow enough that a robber outlives a few writes
"""


def start(folder: Path, game: str, seed: int) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(folder), game, str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline().split()  # wait until it has resumed (or started) its game
    assert line and line[0] == "ready", proc.stderr.read()
    return proc, int(line[1])


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_killed_at_random_instants_always_resumes(tmp_path: Path, game: str) -> None:
    rng = random.Random(f"kill-{game}")
    kills = 8
    resumed_moves = []
    missing = 0
    for round_no in range(kills):
        proc, had = start(tmp_path, game, seed=rng.randrange(10**9))
        if round_no:
            resumed_moves.append(had)
        # Kill after a random number of moves (counted from the player's own output, not guessed
        # from the clock), then at a random instant of the writes that follow.
        for _ in range(rng.randint(1, 40)):
            assert proc.stdout.readline().strip() == "played", proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        proc.stdout.close()
        proc.stderr.close()
        store = Store(tmp_path)  # a fresh process's view of the folder
        if not (tmp_path / "save.json").exists():  # killed between a finished game and the next one
            missing += 1
            continue
        raw = (tmp_path / "save.json").read_text(encoding="utf-8")
        json.loads(raw)  # never half written
        saved = load_game(store)
        assert saved is not None, store.notices
        assert not store.notices
        assert not list(tmp_path.glob("*.corrupt-*"))
        match = saved.restore_match()
        if match.is_over():  # killed after the last move: Continue counts the result and clears it
            assert Session.resume(store) is None
            assert not (tmp_path / "save.json").exists()
            assert Stats.load(store).total(game).played >= 1, "the finished game must be counted"
            continue
        assert match.legal_moves()
        assert Session.resume(store) is not None
    # Most kills found a game to resume, and later processes went on from moves their killed
    # predecessors had saved (the writes are on a thread of their own, so loose on purpose).
    assert missing <= kills // 2
    assert sum(1 for n in resumed_moves if n > 0) >= 2
