"""Illegal Eralash moves: ``IllegalPlay("follow_or_trump", led=..., trump=...)``, the engine's one
``IllegalMove`` with an Eralash key (``eralash.`` is put in front of a short key); the words are in
engine.illegal with Uragan's."""

from __future__ import annotations

from typing import Any

from engine.state import IllegalMove


class IllegalPlay(IllegalMove):
    """An illegal Eralash move: ``key`` names the rule, ``params`` its details (seat, card, led, trump,
    suits). ``str(err)`` is the English sentence; ``err.text("ru")`` (``sentence``) the Russian one;
    ``err.reason`` the short form a record error prints (``must follow hearts or play a trump``).
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key if key.startswith("eralash.") else f"eralash.{key}", **params)
