"""Start Salon: ``python -m game`` or the ``salon`` command.

``--smoke``, ``--soak``, ``--bench``, ``--bench-idle`` and ``--bench-memory`` go to the checks
(game.checks), which drive the app: the app itself never imports them.
"""

from __future__ import annotations

import os
import sys

# pygame prints its banner to stdout when first imported; --smoke's stdout is one JSON line only.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str] | None = None) -> int:
    from game.app import guarded, parse_args, play

    args = parse_args(sys.argv[1:] if argv is None else argv)
    if isinstance(args, int):
        return args
    if (args.smoke or args.soak is not None or args.bench_idle is not None or args.bench is not None
            or args.bench_memory is not None):
        from engine.cli import stdout_closed

        closed = stdout_closed("salon")  # these answer with one JSON line on stdout
        if closed is not None:
            return closed
    job = play
    if args.smoke:
        from game.checks.smoke import run_smoke as job
    elif args.soak is not None:
        from game.checks.soak import run_soak as job
    elif args.bench_idle is not None:
        from game.checks.idle_bench import run_bench_idle as job
    elif args.bench is not None:
        from game.checks.bench import run_bench as job
    elif args.bench_memory is not None:
        from game.checks.memory_bench import run_bench_memory as job
    return guarded(job, args)


if __name__ == "__main__":
    sys.exit(main())
