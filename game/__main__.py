"""Start Salon: ``python -m game`` or the ``salon`` command.

``--smoke``, ``--soak``, ``--bench`` and ``--bench-idle`` go to the checks (game.checks), which drive
the app: the app itself never imports them.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from game.app import guarded, parse_args, play

    args = parse_args(sys.argv[1:] if argv is None else argv)
    if isinstance(args, int):
        return args
    job = play
    if args.smoke:
        from game.checks.smoke import run_smoke as job
    elif args.soak is not None:
        from game.checks.soak import run_soak as job
    elif args.bench_idle is not None:
        from game.checks.idle_bench import run_bench_idle as job
    elif args.bench is not None:
        from game.checks.bench import run_bench as job
    return guarded(job, args)


if __name__ == "__main__":
    sys.exit(main())
