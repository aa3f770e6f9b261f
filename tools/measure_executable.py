"""Measure the built app: size unpacked and zipped, start-up frozen and from source (docs/benchmarks.md).

    pyinstaller --noconfirm build.spec && python tools/measure_executable.py [--bundle dist/salon] [--runs 7]

Start-up is measured two ways, each as the median of several runs: ``startup_ms`` from the JSON that
``--bench 1`` prints (the app's own time to its first frame), and the wall time of the whole
``--bench 1`` process (interpreter or bootloader start, imports, first frame, exit).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def unpacked_bytes(bundle: Path) -> int:
    return sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())


def zipped_bytes(bundle: Path) -> int:
    """Size of the bundle as a deflate-9 zip, the way it would be shipped."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "salon.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(bundle.rglob("*")):
                zf.write(path, Path(bundle.name) / path.relative_to(bundle))
        return target.stat().st_size


def time_runs(cmd: list[str], runs: int, cwd: Path) -> dict[str, float]:
    """Median ``startup_ms`` (from the bench JSON) and median wall time of ``cmd`` over ``runs`` runs."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    startup, wall = [], []
    with tempfile.TemporaryDirectory() as home:
        env.update(HOME=home, XDG_DATA_HOME=home, XDG_CONFIG_HOME=home, APPDATA=home, LOCALAPPDATA=home)
        subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, check=True, timeout=300)  # warm the caches
        for _ in range(runs):
            began = time.perf_counter()
            done = subprocess.run(
                cmd, cwd=cwd, env=env, capture_output=True, text=True, check=True, timeout=300
            )
            wall.append((time.perf_counter() - began) * 1000)
            line = [ln for ln in done.stdout.splitlines() if ln.strip().startswith("{")][-1]
            startup.append(float(json.loads(line)["startup_ms"]))
    return {"startup_ms": round(statistics.median(startup), 1), "wall_ms": round(statistics.median(wall), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "salon")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    exe = args.bundle / ("salon.exe" if sys.platform == "win32" else "salon")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    result = {
        "unpacked_mb": round(unpacked_bytes(args.bundle) / 2**20, 1),
        "zipped_mb": round(zipped_bytes(args.bundle) / 2**20, 1),
        "frozen": time_runs([str(exe), "--bench", "1"], args.runs, cwd=args.bundle),
        "source": time_runs([sys.executable, "-m", "game", "--bench", "1"], args.runs, cwd=ROOT),
        "runs": args.runs,
        # start-up times scale with whatever else the machine is doing: report the 1-minute load
        "load_before": load,
        "load_after": os.getloadavg()[0] if load is not None else None,
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
