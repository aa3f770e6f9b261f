"""``python -m engine host --game G --seats S,S,… --room CODE --port P [--option KEY=VALUE] [--record PATH]``.

Prints ``{"port": N, "room": "CODE"}`` when listening, logs one line per connection and game on stderr,
writes the record when the match ends and exits 0; SIGTERM saves the record and exits 0 too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import signal
from pathlib import Path
from typing import Any

from engine.bots import LEVELS
from engine.cli import bounded_int, emit, fail, positive_float, seed_int
from engine.games import GAMES, game_named

PROG = "python -m engine host"


def room_code(text: str) -> str:
    code = text.strip()
    if not 1 <= len(code) <= 32 or not code.isprintable():
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 to 32 printable characters")
    return code


def grace_seconds(text: str) -> float:
    """A finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be a finite number of seconds, 0 or more")
    return value


def main(args: argparse.Namespace) -> int:
    from engine.arena import make_options, parse_options
    from engine.net.host import seats_from_text

    game = game_named(args.game)
    try:
        seats = seats_from_text(args.seats)
        if len(seats) not in game.seat_counts:
            raise ValueError(f"{game.name} is played by {' or '.join(map(str, game.seat_counts))} players, "
                             f"not {len(seats)}")
        if not any(s.remote for s in seats):
            raise ValueError("no seat is remote: there is nobody to host")
        options = make_options(args.game, parse_options(args.option))
        if hasattr(options, "check_players"):
            options.check_players(len(seats))
    except ValueError as err:
        return fail(PROG, str(err))
    for flag, path in (("--record", args.record), ("--save", args.save)):
        if path is not None and not path.parent.is_dir():
            return fail(PROG, f"argument {flag}: no folder {str(path.parent)!r}")
    resume = None
    if args.resume is not None:
        try:
            resume = json.loads(args.resume.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            return fail(PROG, f"argument --resume: cannot read {str(args.resume)!r}: {err}")
        if not isinstance(resume, dict):
            return fail(PROG, f"argument --resume: {str(args.resume)!r} is not a saved table")
    try:
        return asyncio.run(_host(args, game, options, seats, resume))
    except OSError as err:  # the port is taken, the address is not ours
        return fail(PROG, f"cannot listen: {err.strerror or err}")
    except ResumeError as err:
        return fail(PROG, f"argument --resume: {err}")


class ResumeError(ValueError):
    """A save that cannot be taken up by this table."""


async def _host(args: argparse.Namespace, game: Any, options: Any, seats: list[Any],
                resume: dict[str, Any] | None) -> int:
    from engine.net.host import Host

    try:
        host = Host(game, options, seats, args.room, seed=args.seed, budget=args.budget, grace=args.grace,
                    stand_in=args.stand_in, record=args.record, save=args.save, resume=resume)
    except (ValueError, KeyError, TypeError, AttributeError) as err:  # another table's save, a broken one
        raise ResumeError(str(err).splitlines()[0] if str(err) else type(err).__name__) from None
    port = await host.start(args.bind, args.port)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(host.stop("terminated")))
    status = emit(json.dumps({"port": port, "room": args.room}, ensure_ascii=False) + "\n", PROG)
    if status:
        await host.stop("no output")
        return status
    advert = None
    if args.advertise is not None:
        from engine.net.lan import Advert

        try:
            advert = await Advert.start(port, args.advertise, game.name)
            host.log(f"offered on the local network as {args.advertise!r}")
        except Exception as err:  # no multicast here: the table is still reachable by address
            host.log(f"not offered on the local network: {type(err).__name__}: {err}")
    await host.finished
    if advert is not None:
        await advert.close()
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    h = sub.add_parser("host", help="host a table for guests on the network (docs/protocol.md)")
    h.add_argument("--game", required=True, choices=list(GAMES))
    h.add_argument("--seats", required=True, help="comma-separated seats: remote or bot:LEVEL")
    h.add_argument("--room", type=room_code, required=True, help="the code every guest must give")
    h.add_argument("--port", type=bounded_int(0, 65535), required=True, help="0: any free port")
    h.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    h.add_argument("--record", type=Path, default=None, help="where the match's record is written")
    h.add_argument("--advertise", metavar="NAME", default=None,
                   help="offer the table on the local network (zeroconf) under this name")
    h.add_argument("--save", type=Path, default=None, help="the table saved here after every move")
    h.add_argument("--resume", type=Path, default=None, help="take up the table saved in this file")
    h.add_argument("--bind", default="0.0.0.0",  # noqa: S104 - a host is for others to reach
                   help="the address to listen on (default: every IPv4 interface)")
    h.add_argument("--seed", type=seed_int, default=None, help="the deals' seed (default: random)")
    h.add_argument("--budget", type=positive_float, default=None,
                   help="think time per move for search bots (s)")
    h.add_argument("--grace", type=grace_seconds, default=30.0,
                   help="seconds a dropped guest has to come back before a bot plays its seat")
    h.add_argument("--stand-in", choices=list(LEVELS), default="club",
                   help="the bot that plays for a guest who dropped")
    h.set_defaults(func=main)
