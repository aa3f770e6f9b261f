"""Game records in and out of the app: save a game as a record (RECORDS.md), open one to replay.

Records go to the player's documents folder (``platformdirs.user_documents_dir()/Salon``, or
``$SALON_RECORDS_DIR``), written atomically under a name with the game and the date. Opening a file
checks it with the engine: a bad record raises ``RecordError`` with the engine's one line. The last
finished game is kept in the data folder (``last_game.json``) so the menu can still save it after it
ended. This module does not import pygame.
"""

from __future__ import annotations

import contextlib
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.records import match_from_record
from engine.state import RecordError
from game.store.storage import write_json_atomic

ENV_VAR = "SALON_RECORDS_DIR"
LAST_GAME_FILE = "last_game.json"
GAMES = ("uragan", "eralash")


def records_folder() -> Path:
    """Where saved records go: ``$SALON_RECORDS_DIR``, else the documents folder's ``Salon``."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Salon"


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
    """The engine's ``Match`` replayed from a record; ``RecordError`` (one line) if it is not one."""
    if not isinstance(record, dict):
        raise RecordError('record must be a JSON object with a "game" key')
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(f'unknown game {game!r}: expected "eralash" or "uragan"')
    try:
        return match_from_record(record)
    except RecordError:
        raise
    except Exception as err:  # any other refusal is still one line for the player
        raise RecordError(one_line(err)) from None


def read_record(path: str | os.PathLike[str]) -> tuple[dict[str, Any], Any]:
    """Read and check a record file: ``(record, match)``; ``RecordError`` with one line if bad."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not a text file (a record is JSON)") from None
    except OSError as err:
        raise RecordError(f"cannot read {Path(path).name}: {err.strerror or err}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"not valid JSON: {err.msg} at line {err.lineno}") from None
    return record, match_of(record)


def one_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def remember_last_game(folder: Path | None, record: dict[str, Any]) -> None:
    """Keep the record of the game just finished (the menu's Save record… offers it)."""
    if folder is None:
        return
    with contextlib.suppress(OSError):  # a read-only data folder: the table can still save the game
        write_json_atomic(Path(folder) / LAST_GAME_FILE, record)


def last_game(folder: Path | None) -> dict[str, Any] | None:
    """The last finished game's record, if it is there and still replays."""
    if folder is None:
        return None
    try:
        record, _ = read_record(Path(folder) / LAST_GAME_FILE)
    except RecordError:
        return None
    return record
