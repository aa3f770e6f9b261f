"""The messages host and guest exchange (docs/protocol.md): versioned JSON objects with a ``type``.

What a guest may be sent is built here from what its seat may know: its ``View`` and the events of
the story it may know (``known_to``). Nothing else of the match is ever encoded for a guest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from engine.cards import name, names
from engine.story import Event

VERSION = 1
MAX_SIZE = 16 * 1024  # bytes: the largest frame a host accepts (a view is ~3 KiB)
FROM_HOST_SIZE = 1 << 20  # bytes: the largest frame a guest accepts (the match's record at "over")
NAME_LENGTH = 32  # a player's name is cut to this many characters
LANGS = ("en", "ru")

# types a guest may send after its welcome
GUEST_TYPES = ("move", "sync", "bye")

_ONE_CARD = frozenset({"card"})
_CARD_SETS = frozenset({"cards", "take", "hand", "table", "table0", "played"})  # a mask, or a tuple of cards
_SET_LISTS = frozenset({"piles", "played_by", "own_dealt", "demanded"})  # a tuple of masks


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``reason`` is a short key (docs/protocol.md)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


def dumps(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def parse(raw: str | bytes, limit: int = MAX_SIZE) -> dict[str, Any]:
    """One received frame as a message: a JSON object with a string ``type`` and at most ``limit`` bytes."""
    if len(raw) > limit:
        raise ProtocolError("too_big")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("malformed", "not UTF-8") from None
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "not JSON") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ProtocolError("malformed", "not an object with a type")
    return obj


class Hello:
    """A checked ``hello``: room, name, token and language."""

    __slots__ = ("lang", "name", "room", "token")

    def __init__(self, room: str, name: str, token: str | None, lang: str) -> None:
        self.room, self.name, self.token, self.lang = room, name, token, lang


def read_hello(msg: Mapping[str, Any]) -> Hello:
    if msg.get("type") != "hello":
        raise ProtocolError("hello_first")
    if msg.get("version") != VERSION:
        raise ProtocolError("version", f"this host speaks version {VERSION}")
    room, who, token, lang = msg.get("room"), msg.get("name", ""), msg.get("token"), msg.get("lang", "en")
    if not isinstance(room, str) or not isinstance(who, str):
        raise ProtocolError("malformed", "room and name must be strings")
    if token is not None and not isinstance(token, str):
        raise ProtocolError("malformed", "token must be a string")
    clean = "".join(ch for ch in who if ch.isprintable()).strip()[:NAME_LENGTH]
    return Hello(room, clean, token, lang if lang in LANGS else "en")


def encode(value: Any, key: str = "", move_json: Callable[[Any], Any] | None = None) -> Any:
    """A view's or an event's field as JSON: the fields named above become card names, moves record plays."""
    if key == "history" and move_json is not None and isinstance(value, tuple | list):
        return [move_json(m) for m in value]
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        return value
    if isinstance(value, int):
        if key in _ONE_CARD and 0 <= value < 52:
            return name(value)
        if key in _CARD_SETS and value >= 0:
            return names(value)
        return value
    asdict = getattr(value, "_asdict", None)
    if callable(asdict):  # a NamedTuple (a run, a play as it stood): an object, its cards named
        return {k: encode(v, k, move_json) for k, v in asdict().items()}
    if isinstance(value, tuple | list):
        if key in _CARD_SETS and all(isinstance(v, int) and 0 <= v < 52 for v in value):
            return [name(v) for v in value]
        if key in _SET_LISTS and all(isinstance(v, int) for v in value):
            return [names(v) for v in value]
        return [encode(v, "", move_json) for v in value]
    if isinstance(value, Mapping):
        return {str(k): encode(v, str(k), move_json) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(encode(v, "", move_json) for v in value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name), f.name, move_json) for f in fields(value)
                if not f.name.startswith("_")}
    return str(value)


def view_json(view: Any, move_json: Callable[[Any], Any]) -> dict[str, Any]:
    """A seat's ``View`` as JSON: its public fields (dataclass fields or slots), never the private ones."""
    if is_dataclass(view):
        keys = [f.name for f in fields(view)]
    else:
        keys = list(getattr(type(view), "__slots__", ()))
    return {k: encode(getattr(view, k), k, move_json) for k in keys if not k.startswith("_")}


def event_json(event: Event) -> dict[str, Any]:
    """An event as JSON: ``event`` names its kind; ``known_to`` is left out (the guest was allowed it)."""
    out: dict[str, Any] = {"event": type(event).__name__}
    for f in fields(event):
        if f.name != "known_to":
            out[f.name] = encode(getattr(event, f.name), f.name)
    return out
