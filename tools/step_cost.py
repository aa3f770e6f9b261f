"""What a step and a frame of the replay viewer cost on a long record (issue 30, item 6).

Opens a record headless (SDL dummy drivers), gives every decision of seat 0 a verdict (as a finished
review would, through ``Replay.add_verdict``), then times N steps (``step_by(1)``), each followed by a
frame's draw and by the panel alone composed again, near the record's start and near its end. Prints
milliseconds: median and worst.

    python tools/step_cost.py /tmp/lost-big.json [--steps 60] [--data-dir /tmp/step-data]
"""

from __future__ import annotations

import argparse
import sys
import time

from app_timing import headless_app, spread, timed_ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--data-dir", default="/tmp/step-cost-data")
    args = parser.parse_args(argv)

    import pygame

    from game.review.open import open_viewer
    from game.store.records import read_record

    with headless_app(args.data_dir) as app:
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
                steps.append(timed_ms(lambda: viewer.step_by(1)))
                frames.append(timed_ms(lambda: viewer.draw(surface)))
                viewer.panel.cache = None  # the panel composed again, as after a step
                panels.append(timed_ms(lambda: viewer.panel.draw_panel(surface)))
            print(f"{name} (from step {start}): step {spread(steps)}; frame {spread(frames)}; "
                  f"panel composed and drawn {spread(panels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
