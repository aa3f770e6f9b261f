"""Uragans (sweeps): a capture that empties the table scores 1, except on the last play of the deal."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import CardSet


class UraganMark(NamedTuple):
    """An uragan in a pile: ``card`` (the capturing card) is the one turned face up to mark it."""

    seat: int
    card: int
    play_index: int  # index into the deal's plays


def is_uragan(take: CardSet, table_after: CardSet, last_play: bool) -> bool:
    """True when a capture leaves the table empty and is not the deal's last play (docs/rules.md,
    Uragan 7)."""
    return bool(take) and not table_after and not last_play
