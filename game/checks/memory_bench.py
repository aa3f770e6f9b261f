"""``salon --bench-memory``: the resident memory of the real app, its bot process and multiprocessing's
resource tracker, at the main menu and at each table with bots playing, at several window sizes.

Each figure is a fresh app started as a player starts it (``python -m game --size WxH``, ``--demo
--game G`` for a table: the menu first, then the table with bots in every seat, its real bot process)
on the display in ``DISPLAY`` (Xvfb on a server: figures of a window, not of SDL's dummy driver). After
``--bench-memory SECONDS`` (default 15) it reads ``/proc/PID/status`` of the app and
of every process it started: ``VmRSS`` now and ``VmHWM`` (the peak), in MB (2^20 bytes). Prints one
JSON line: ``runs`` (screen, size, app / bot / tracker RSS and peak, ``total`` RSS of the three; a
process caught between spawn's fork and its exec shows as ``other``, a copy of the app, not counted),
``load_avg``, ``source`` (the tree run: ``--bench-memory-source DIR`` runs another checkout's code,
e.g. main's, in the same minutes, by ``PYTHONPATH``). Linux only (``/proc``). Never touches a real
data folder (a scratch one per run).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

SIZES = ("960x600", "1280x800", "1920x1080", "3840x2160")
SCREENS = (("menu", ()), ("Uragan table", ("--demo", "--game", "uragan")),
           ("Eralash table", ("--demo", "--game", "eralash")))
SECONDS = 15.0
SAMPLE_S = 0.5
SETTLE_S = 3.0


def status(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of ``pid`` in MB (empty when it is gone)."""
    out: dict[str, float] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out[key] = round(int(value.split()[0]) / 1024, 1)
    except (OSError, ValueError):
        return {}
    return out


def children(pid: int) -> list[int]:
    """Every process ``pid`` started, and theirs."""
    found: list[int] = []
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            kids = [int(k) for k in f.read().split()]
    except (OSError, ValueError):
        return found
    for kid in kids:
        found.append(kid)
        found.extend(children(kid))
    return found


def role(pid: int) -> str:
    """"bot" (the worker multiprocessing spawned), "tracker" (its resource tracker) or "other"."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return "other"
    if "resource_tracker" in cmd:
        return "tracker"
    if "spawn_main" in cmd or "forkserver" in cmd:
        return "bot"
    return "other"


def measure(size: str, extra: tuple[str, ...], seconds: float, source: str | None) -> dict[str, Any]:
    """Start the app on ``size`` (with ``extra`` arguments), wait ``seconds``, read its processes."""
    env = dict(os.environ)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if source:
        env["PYTHONPATH"] = source + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    with tempfile.TemporaryDirectory(prefix="salon-bench-memory-") as folder:
        cmd = [sys.executable, "-m", "game", "--data-dir", folder, "--size", size, "--lang", "en",
               "--seed", "3", *extra]
        # ``-m`` puts the working folder first on the path: another checkout's code runs from its own
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                cwd=source or None)
        peaks: dict[str, float] = {}
        last: dict[int, tuple[str, dict[str, float]]] = {}
        try:
            end = time.monotonic() + seconds
            late = end + 2 * seconds  # a loaded box: the bots' process may take long to come up
            # A table's bots (a menu may start none): read once that process is up and its size
            # has held for SETTLE_S (on a loaded box it may still be importing at ``end``).
            bot_grew = time.monotonic()
            while proc.poll() is None and (time.monotonic() < end or (
                    (bool(extra) or "bot" in peaks)
                    and ("bot" not in peaks or time.monotonic() - bot_grew < SETTLE_S)
                    and time.monotonic() < late)):
                time.sleep(SAMPLE_S)
                was = sum(got.get("VmRSS", 0.0) for w, got in last.values() if w == "bot")
                last.clear()  # the processes there now (a child being spawned is a copy of the app)
                for pid in [proc.pid, *children(proc.pid)]:
                    who = "app" if pid == proc.pid else role(pid)
                    got = status(pid)
                    if got:
                        last[pid] = (who, got)
                        peaks[who] = max(peaks.get(who, 0.0), got.get("VmHWM", 0.0))
                if sum(got.get("VmRSS", 0.0) for w, got in last.values() if w == "bot") > was + 0.5:
                    bot_grew = time.monotonic()
            alive = proc.poll() is None
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
            try:
                _, err = proc.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
    row: dict[str, Any] = {"size": size}
    for who in ("app", "bot", "tracker", "other"):
        rss = sum(got.get("VmRSS", 0.0) for w, got in last.values() if w == who)
        if rss or who in peaks:
            row[who] = {"rss": round(rss, 1), "peak": peaks.get(who, 0.0)}
    row["total"] = round(sum(got.get("VmRSS", 0.0) for who, got in last.values() if who != "other"), 1)
    if not alive:
        row["error"] = (err or b"").decode("utf-8", "replace").strip().splitlines()[-1:] or ["exited"]
    return row


def run_bench_memory(args: argparse.Namespace, out: Any = None) -> int:
    if not sys.platform.startswith("linux"):
        print("salon --bench-memory: reads /proc (Linux only)", file=sys.stderr)
        return 2
    if not os.environ.get("DISPLAY"):
        print("salon --bench-memory: needs a display (run it under Xvfb: DISPLAY=:n)", file=sys.stderr)
        return 2
    seconds = float(getattr(args, "bench_memory", None) or SECONDS)
    sizes = [args.size] if getattr(args, "size", None) else list(SIZES)
    source = getattr(args, "bench_memory_source", None)
    runs = []
    for size in sizes:
        for screen, extra in SCREENS:
            row = measure(size, extra, seconds, source)
            runs.append({"screen": screen, **row})
    try:
        load = round(os.getloadavg()[0], 2)
    except OSError:
        load = None
    result = {"runs": runs, "seconds": seconds, "load_avg": load, "source": source or "this tree"}
    if out is None:
        from engine.cli import emit

        return emit(json.dumps(result) + "\n", "salon")
    out.write(json.dumps(result) + "\n")
    return 0


def table(results: list[dict[str, Any]]) -> str:
    """A markdown table of one or more results (e.g. main's and this tree's), side by side."""
    head = "| screen | size | " + " | ".join(
        f"{r['source']}: app (peak) / bot / tracker / **all**" for r in results) + " |"
    lines = [head, "| --- | --- |" + " --- |" * len(results)]
    for i, run in enumerate(results[0]["runs"]):
        cells = []
        for r in results:
            x = r["runs"][i]
            app, bot, tracker = x.get("app", {}), x.get("bot", {}), x.get("tracker", {})
            cells.append(f"{app.get('rss', 0):.0f} ({app.get('peak', 0):.0f}) / {bot.get('rss', 0):.0f} / "
                         f"{tracker.get('rss', 0):.0f} / **{x['total']:.0f}**")
        lines.append(f"| {run['screen']} | {run['size']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":  # python -m game.checks.memory_bench A.json B.json: the table of saved results
    from pathlib import Path

    print(table([json.loads(Path(p).read_text(encoding="utf-8")) for p in sys.argv[1:]]))
