"""How long the host's game loop is held per move: the save written after every move and the seats told.

    python tools/host_move_cost.py [--seed N]

A headless ``Host`` (Uragan, a save file in a temporary folder) and two loopback guests playing their
first legal move, all on one asyncio loop; ``Host.save_game`` and ``Host._tell_all`` are timed with
``perf_counter`` (wall time: what the loop, and the guests' updates, wait for). Prints one JSON line:
moves, ms a move for the whole round, the save on the loop and the telling. docs/benchmarks.md keeps
the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path
from typing import Any


async def run(seed: int) -> dict[str, Any]:
    from engine.games import game_named
    from engine.net import host as net_host
    from engine.net.client import Guest

    spent = {"save": 0.0, "tell": 0.0}

    class TimedHost(net_host.Host):
        def save_game(self) -> None:
            began = time.perf_counter()
            super().save_game()
            spent["save"] += time.perf_counter() - began

        async def _tell_all(self) -> None:
            began = time.perf_counter()
            await super()._tell_all()
            spent["tell"] += time.perf_counter() - began

    game = game_named("uragan")
    with tempfile.TemporaryDirectory() as folder:
        host = TimedHost(game, game.Options.from_dict({"target": 11}),
                         [net_host.SeatSpec(True), net_host.SeatSpec(True)], "ROOM", seed=seed,
                         save=Path(folder) / "hosted.json", log=lambda _line: None)
        port = await host.start("127.0.0.1", 0)
        a = await Guest.join(f"ws://127.0.0.1:{port}", "ROOM", "A")
        b = await Guest.join(f"ws://127.0.0.1:{port}", "ROOM", "B")
        began = time.perf_counter()
        await asyncio.gather(a.play(lambda legal, _view: legal[0]), b.play(lambda legal, _view: legal[0]))
        n = len(host.match.moves)
        whole = time.perf_counter() - began
        await host.finished
    per = {k: round(1000 * v / n, 2) for k, v in spent.items()}
    return {"moves": n, "move_ms": round(1000 * whole / n, 2), "save_on_loop_ms": per["save"],
            "tell_ms": per["tell"]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--seed", type=int, default=5)
    args = p.parse_args(argv)
    print(json.dumps(asyncio.run(run(args.seed))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
