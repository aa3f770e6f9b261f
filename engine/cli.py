"""Command-line argument checks shared by ``python -m engine`` and ``salon``: a bad value is one line on
stderr and exit status 2, never a usage dump, a traceback, a hang or a silently changed value.

``OneLineParser`` is an ``argparse.ArgumentParser`` whose errors are one line; the ``*_type``
functions are ``type=`` converters that refuse what would hang (``inf``), mean nothing (``nan``,
``-1``) or be quietly changed (``club,,club``).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """``prog: error: message`` on one line and exit 2 (argparse would print the usage first)."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {line}\n")


def positive_float(text: str) -> float:
    """A finite number above 0 (a time budget: seconds)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be a finite number above 0")
    return value


MAX_IDLE_SECONDS = 3600.0


def idle_seconds(text: str) -> float:
    """``salon --bench-idle``'s seconds per screen: finite, above 0, at most an hour."""
    value = positive_float(text)
    if value > MAX_IDLE_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r} must be at most {MAX_IDLE_SECONDS:g} seconds")
    return value


def bounded_int(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from ``low`` (to ``high``, if given)."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"from {low}" + (f" to {high}" if high is not None else " up")
            raise argparse.ArgumentTypeError(f"{text!r} must be a whole number {span}")
        return value

    convert.__name__ = "whole number"
    return convert


positive_int = bounded_int(1)
seed_int = bounded_int(0, 2**63 - 1)


def name_list(allowed: Sequence[str] | None = None) -> Callable[[str], list[str]]:
    """Comma-separated names, none empty (``club,,club`` is a mistake, not two players)."""

    def convert(text: str) -> list[str]:
        names = [n.strip().lower() for n in text.split(",")]
        if any(not n for n in names):
            raise argparse.ArgumentTypeError(f"{text!r} has an empty name (two commas, or one at an end)")
        if allowed is not None:
            for n in names:
                if n not in allowed:
                    raise argparse.ArgumentTypeError(f"unknown name {n!r}; choose from {', '.join(allowed)}")
        return names

    convert.__name__ = "list of names"
    return convert


def fail(prog: str, message: str) -> int:
    """Report a bad value found after parsing: one line, status 2 (nothing printed when standard
    error is closed too; the status still says it)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(f"{prog}: error: {' '.join(message.split())}", file=sys.stderr)
    return 2


class VersionAction(argparse.Action):
    """``--version``: the version through ``emit`` (argparse's own prints and exits 0 even when
    nothing could be written: ``> /dev/full``, ``>&-``)."""

    def __init__(self, option_strings: Sequence[str], version: str, dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "show the version and exit") -> None:  # noqa: A002
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)
        self.version = version

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> NoReturn:
        parser.exit(emit(self.version + "\n", parser.prog))


def stdout_closed(prog: str) -> int | None:
    """2, after one line on stderr, when the process was started with standard output closed
    (``>&-``: Python then has no ``sys.stdout``); None when there is one to write to. A command whose
    answer goes to standard output asks this before it does its work."""
    if sys.stdout is not None:
        return None
    return fail(prog, "standard output is closed: there is nowhere to write the answer")


def emit(text: str, prog: str) -> int:
    """Write ``text`` to standard output as UTF-8 (JSON is UTF-8, whatever the terminal's encoding) and
    return the exit status: 0; 0 quietly when the reader has gone (``… | head``); 2 with one line on
    stderr when the output cannot be written (``> /dev/full``) or is closed (``>&-``)."""
    closed = stdout_closed(prog)
    if closed is not None:
        return closed
    data = text.encode("utf-8")
    try:
        out = getattr(sys.stdout, "buffer", None)
        if out is None:  # a replaced stdout (tests): text is all it takes
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            sys.stdout.flush()
            out.write(data)
            out.flush()
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as err:
        _silence_stdout()
        return fail(prog, f"cannot write the output: {err.strerror or err}")
    return 0


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's own flush at exit cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
