"""What a step and a frame of the replay viewer cost on a long record (issue 30, item 6).

Opens a record headless (SDL dummy drivers), gives every decision of seat 0 a verdict (as a finished
review would, through ``Replay.add_verdict``), then times N steps (``step_by(1)``), each followed by a
frame's draw and by the panel alone composed again, near the record's start and near its end. Prints
milliseconds: median and worst.

    python tools/step_cost.py /tmp/lost-big.json [--steps 60] [--data-dir /tmp/step-data]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--data-dir", default="/tmp/step-cost-data")
    args = parser.parse_args(argv)

    import pygame

    from game.app import App, build_parser
    from game.review.open import open_viewer
    from game.store.records import read_record

    app = App(build_parser().parse_args(["--data-dir", args.data_dir, "--lang", "en", "--size", "1280x800"]))
    try:
        record, match = read_record(args.record)
        viewer = open_viewer(app, record, match)
        viewer.control.choose_seat = False
        replay = viewer.control.replay
        t0 = time.perf_counter()
        marks = ("best", "good", "inaccuracy", "mistake")
        for k, i in enumerate(replay.decisions()):
            step = replay.steps[i]
            replay.add_verdict({"deal": step.deal, "play": 1, "move": step.moves, "loss": 0.02 * (k % 4),
                                "mark": marks[k % 4], "deal_loss": k % 3})
        filled = time.perf_counter() - t0
        surface = pygame.display.get_surface() or pygame.Surface(app.size)
        viewer.build_buttons()
        print(f"steps {len(replay.steps)}, verdicts {len(replay.verdicts)}, filled in {filled:.1f} s")
        for name, start in (("start", 5), ("end", len(replay.steps) - args.steps - 5)):
            viewer.goto(start, animate=False)
            viewer.draw(surface)
            steps, frames, panels = [], [], []
            for _ in range(args.steps):
                t = time.perf_counter()
                viewer.step_by(1)
                steps.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                viewer.draw(surface)
                frames.append((time.perf_counter() - t) * 1000)
                viewer.panel.cache = None  # the panel composed again, as after a step
                t = time.perf_counter()
                viewer.panel.draw_panel(surface)
                panels.append((time.perf_counter() - t) * 1000)
            print(f"{name} (from step {start}): step median {statistics.median(steps):.1f} ms, "
                  f"worst {max(steps):.1f} ms; frame median {statistics.median(frames):.1f} ms, "
                  f"worst {max(frames):.1f} ms; panel composed and drawn median "
                  f"{statistics.median(panels):.1f} ms, worst {max(panels):.1f} ms")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
