"""Game records (RECORDS.md): read a JSON record, dispatch to its game, and replay it."""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

from engine.state import RecordError


def load_record(path: str) -> dict[str, Any]:
    if path == "-" and sys.stdin is None:  # started with standard input closed (``<&-``)
        raise RecordError("no record on standard input: it is closed (give a file, or pipe one in)")
    try:
        text = sys.stdin.read() if path == "-" else pathlib.Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"cannot read record {path}: it is not UTF-8 text (a record is JSON)") from None
    except OSError as err:
        raise RecordError(f"cannot read record {path}: {err.strerror or err}") from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"record is not valid JSON: {err.msg} at line {err.lineno}") from None
    except RecursionError:
        raise RecordError("record is not valid JSON: nested far too deep") from None
    if not isinstance(rec, dict):
        raise RecordError("record must be a JSON object with a \"game\" key")
    return rec


def match_from_record(rec: dict[str, Any]) -> Any:
    """The engine's Match replayed from a record of either game, every move checked; RecordError if bad."""
    game = rec.get("game")
    if game == "eralash":
        from engine.eralash.record import match_from_record as of_game
    elif game == "uragan":
        from engine.uragan.record import match_from_record as of_game
    else:
        raise RecordError(f"unknown game {game!r}: expected \"eralash\" or \"uragan\"")
    return of_game(rec)


def replay_record(rec: dict[str, Any]) -> dict[str, Any]:
    game = rec.get("game")
    if game == "eralash":
        from engine.eralash.record import replay
    elif game == "uragan":
        from engine.uragan.record import replay
    else:
        raise RecordError(f"unknown game {game!r}: expected \"eralash\" or \"uragan\"")
    return replay(rec)


def replay_file(path: str) -> dict[str, Any]:
    return replay_record(load_record(path))
