"""Game records in and out of the app: save a game as a record (docs/records.md), open one to replay.

Records go to the player's documents folder (``platformdirs.user_documents_dir()/Salon``), or to
``records`` in a data folder the player named (portable mode), or to ``$SALON_RECORDS_DIR``, written
atomically under a name with the game and the date. Opening a file reads it as guarded as a save and
checks it with the engine: a bad record raises ``RecordError`` with one line. The last
finished game is kept in the data folder (``last_game.json``) so the menu can still save it after it
ended. This module does not import pygame.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.records import match_from_record
from engine.state import RecordError
from game.store.storage import (
    MAX_BYTES,
    CorruptFile,
    _parse_constant,
    _parse_int,
    check_shape,
    read_regular_bytes,
    write_json_atomic,
)
from game.words.safe import clean_name, safe_text

ENV_VAR = "SALON_RECORDS_DIR"
RECORDS_SUBFOLDER = "records"
MAX_RECORD_BYTES = MAX_BYTES  # a long Eralash robber is tens of kilobytes; 8 MB is far past any game
MAX_DEALS = 1000  # no match to 16 points or robber to 13 tricks comes near; more is not a game we play
LAST_GAME_FILE = "last_game.json"
GAMES = ("uragan", "eralash")


def records_folder(data_dir: Path | str | None = None) -> Path:
    """Where saved records go: ``$SALON_RECORDS_DIR``; else, for a data folder given by the player
    (``--data-dir`` or ``$SALON_DATA_DIR``: a portable install), its ``records`` folder; else the
    documents folder's ``Salon``. ``RecordError`` (one line) for a folder that names no one's home."""
    env = os.environ.get(ENV_VAR)
    if env:
        return expand_folder(env, ENV_VAR)
    if data_dir is not None:
        return Path(data_dir) / RECORDS_SUBFOLDER
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Salon"


def expand_folder(text: str, where: str) -> Path:
    """``~`` and ``~user`` expanded; ``RecordError`` when the user has no home (``~nosuchuser``)."""
    try:
        return Path(text).expanduser()
    except (RuntimeError, KeyError, ValueError):
        shown = safe_text(text)[:60]
        raise RecordError(f"{where} names a home folder that does not exist ({shown})") from None


def record_name(game: str, when: datetime | None = None) -> str:
    """``uragan-2026-11-30-1604.json``: the game and the date (and time, so a day's games differ)."""
    when = when or datetime.now()
    return f"{game}-{when:%Y-%m-%d-%H%M}.json"


def save_record(record: dict[str, Any], folder: Path | None = None, when: datetime | None = None) -> Path:
    """Write ``record`` into ``folder`` (default: ``records_folder()``) atomically; returns the path.
    A name already taken gets ``-2``, ``-3``…; ``OSError`` when the folder cannot be written."""
    folder = Path(folder) if folder is not None else records_folder()
    folder.mkdir(parents=True, exist_ok=True)
    base = record_name(str(record.get("game", "game")), when)
    path = folder / base
    n = 2
    while path.exists():
        path = folder / base.replace(".json", f"-{n}.json")
        n += 1
    write_json_atomic(path, record)
    return path


def match_of(record: Any) -> Any:
    """The engine's ``Match`` replayed from a record; ``RecordError`` (one line) if it is not one.
    The players' names are cleaned first, as names from saves are (``clean_name``)."""
    if not isinstance(record, dict):
        raise RecordError('record must be a JSON object with a "game" key')
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(f'unknown game {safe_text(game)[:40]!r}: expected "eralash" or "uragan"')
    deals = record.get("deals")
    if isinstance(deals, list) and len(deals) > MAX_DEALS:
        raise RecordError(f"{len(deals)} deals: a record holds at most {MAX_DEALS}")
    players = record.get("players")
    if isinstance(players, list):
        record["players"] = [clean_name(p) if isinstance(p, str) else p for p in players]
    try:
        return match_from_record(record)
    except RecordError as err:
        raise RecordError(safe_text(one_line(err))) from None
    except Exception as err:  # any other refusal is still one line for the player
        raise RecordError(safe_text(one_line(err))) from None


def parse_record(raw: bytes) -> Any:
    """Bytes to JSON, guarded as saves are: the nesting cap, no endless numbers; ``RecordError``."""
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark is not damage
    except UnicodeDecodeError:
        raise RecordError("the file is not a text file (a record is JSON)") from None
    try:
        record = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
        check_shape(record)
    except CorruptFile as err:
        raise RecordError(str(err)) from None
    except json.JSONDecodeError as err:
        raise RecordError(f"not valid JSON: {err.msg} at line {err.lineno}") from None
    except (RecursionError, ValueError, MemoryError) as err:
        raise RecordError(f"not readable JSON ({type(err).__name__})") from None
    return record


def read_record(path: str | os.PathLike[str]) -> tuple[dict[str, Any], Any]:
    """Read and check a record file: ``(record, match)``; ``RecordError`` with one line if bad.

    Through the same guarded reader as saves (``storage.read_regular_bytes``): regular files only,
    opened non-blocking (a FIFO or a device is refused, never waited on), at most
    ``MAX_RECORD_BYTES``, nested at most ``storage.MAX_DEPTH`` deep."""
    # the reasons leave the file's name out: the notice that shows them names it ("Cannot open x: …")
    try:
        raw = read_regular_bytes(Path(path), MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError("there is no such file") from None
    except CorruptFile as err:
        raise RecordError(str(err)) from None
    except (OSError, ValueError) as err:
        reason = getattr(err, "strerror", None) or one_line(err)
        raise RecordError(f"it cannot be read ({safe_text(reason)})") from None
    record = parse_record(raw)
    return record, match_of(record)


def one_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def remember_last_game(folder: Path | None, record: dict[str, Any], store: Any = None) -> bool:
    """Keep the record of the game just finished (the menu's Save record… offers it); False when it
    could not be written (the table says so). A read-only ``store`` (another Salon has the folder):
    nothing is written."""
    if folder is None or getattr(store, "read_only", None) is not None:
        return False
    try:
        write_json_atomic(Path(folder) / LAST_GAME_FILE, record)
    except OSError:  # a read-only or full data folder: the table can still save the game
        return False
    return True


def last_game(folder: Path | None) -> dict[str, Any] | None:
    """The last finished game's record, if it is there and still replays."""
    if folder is None:
        return None
    try:
        record, _ = read_record(Path(folder) / LAST_GAME_FILE)
    except RecordError:
        return None
    return record
