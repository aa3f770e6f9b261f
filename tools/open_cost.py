"""What opening a long record costs the UI thread, frame by frame (issue 30, item 6).

Opens RECORD as the records browser does (``open_record_async``: the "Opening…" plaque while a helper
thread reads it) in a headless app on a scratch data folder, and runs the app's frames at 60 per
second until the viewer is up and has drawn a few frames. Each frame is timed whole (wall time, so a
helper thread holding the interpreter shows in it), and the frame that opened the viewer by the UI
thread's own CPU time too (what a loaded machine does not inflate). Prints the frames while the
record was read, the frame that put the viewer up, the frames after it, and the reading's wall time.

    python tools/open_cost.py /tmp/long.json [--size 1280x800] [--data-dir /tmp/open-cost-data]

Make the record with ``python tools/long_match.py /tmp/long.json``. ``SALON_REPO=/work/main`` times
another checkout with the same tool.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("SALON_REPO") or str(Path(__file__).resolve().parent.parent))

from app_timing import headless_app, spread  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--data-dir", default="/tmp/open-cost-data")
    parser.add_argument("--after", type=int, default=10, help="frames timed once the viewer is up")
    parser.add_argument("--profile", type=int, default=0,
                        help="print the N costliest calls of the opening frame")
    args = parser.parse_args(argv)

    with headless_app(args.data_dir, args.size) as app:
        from game.review.open import open_record_async

        app.frame(1 / 60, [])  # the menu, drawn once
        t0 = time.perf_counter()
        plaque = open_record_async(app, Path(args.record))
        reading: list[float] = []
        opened = None
        after: list[float] = []
        while len(after) < args.after:
            if time.perf_counter() - t0 > 600:
                print("gave up after 600 s")
                return 1
            profiler = None
            if args.profile and opened is None and plaque.done:
                import cProfile

                profiler = cProfile.Profile()
                profiler.enable()
            start, cpu = time.perf_counter(), time.thread_time()
            app.frame(1 / 60, [])
            cpu = (time.thread_time() - cpu) * 1000
            if profiler is not None:
                profiler.disable()
                import pstats

                order = os.environ.get("SORT", "cumulative")
                pstats.Stats(profiler).sort_stats(order).print_stats(args.profile)
            took = (time.perf_counter() - start) * 1000
            if opened is None and plaque not in app.stack.scenes:
                opened, opened_cpu = took, cpu
                read_s = time.perf_counter() - t0
            elif opened is None:
                reading.append(took)
            else:
                after.append(took)
            time.sleep(max(0.0, 1 / 60 - took / 1000))
        top = type(app.stack.top).__name__
        print(f"{Path(args.record).name}: opened in {read_s:.1f} s wall ({top}); "
              f"{len(reading)} frames while reading: {spread(reading)}; "
              f"the frame that opened it {opened:.1f} ms "
              f"({opened_cpu:.1f} ms of the UI thread's CPU); "
              f"the next {len(after)}: {spread(after)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
