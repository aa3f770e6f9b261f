"""Game records (docs/records.md): read a JSON record, hand it to its game's reader, and replay it.

Each game's rules package reads its own records (``engine.<game>.record``: ``GAME``, the name records
carry, ``match_from_record`` and ``replay``); ``READERS`` finds them by that name. (This module sits on
the rules' floor, below ``engine.games``: the registry's entries hold the same functions.)
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.eralash import record as eralash_record
from engine.files import FileRefused, read_regular_bytes, read_stream_bytes
from engine.state import RecordError
from engine.uragan import record as uragan_record

READERS: dict[str, Any] = {reader.GAME: reader for reader in (eralash_record, uragan_record)}
_NAMES = " or ".join(f'"{g}"' for g in READERS)


def load_record(path: str) -> dict[str, Any]:
    if path == "-" and sys.stdin is None:  # started with standard input closed (``<&-``)
        raise RecordError("no record on standard input: it is closed (give a file, or pipe one in)")
    try:  # the one guarded reader (engine.files): no FIFO, device or endless file is read
        if path == "-":
            raw = read_stream_bytes(getattr(sys.stdin, "buffer", sys.stdin))
        else:
            raw = read_regular_bytes(path)
        text = raw.decode("utf-8-sig")  # a byte-order mark is not damage
    except UnicodeDecodeError:
        raise RecordError(f"cannot read record {path}: it is not UTF-8 text (a record is JSON)") from None
    except FileRefused as err:
        raise RecordError(f"cannot read record {path}: {err}") from None
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


def reader_of(rec: dict[str, Any]) -> Any:
    """The record module of the game a record names; RecordError for any other name."""
    game = rec.get("game")
    if not isinstance(game, str) or game not in READERS:
        raise RecordError(f"unknown game {game!r}: expected {_NAMES}")
    return READERS[game]


def match_from_record(rec: dict[str, Any]) -> Any:
    """The engine's Match replayed from a record of either game, every move checked; RecordError if bad."""
    return reader_of(rec).match_from_record(rec)


def replay_record(rec: dict[str, Any]) -> dict[str, Any]:
    """What happened in a record, as ``python -m engine replay`` prints it; RecordError if bad."""
    replayed: dict[str, Any] = reader_of(rec).replay(rec)
    return replayed


def replay_file(path: str) -> dict[str, Any]:
    return replay_record(load_record(path))
