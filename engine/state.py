"""The one state API both games share (after OpenSpiel's State), and the one illegal-move error."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, Self, runtime_checkable

Move = Hashable  # Eralash: a card int or a trump choice; Uragan: a play or a claim decision


class IllegalMove(ValueError):
    """A move the rules do not allow. ``str(err)`` is one sentence a player understands."""


class RecordError(ValueError):
    """A game record that cannot be replayed; the message names deal, play, seat, card and reason."""


@runtime_checkable
class GameState(Protocol):
    """What bots, the arena, the records and the table rely on, for either game."""

    def current_player(self) -> int: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def play(self, move: Move) -> None:
        """Apply ``move`` or raise IllegalMove; never substitutes another move."""

    def is_over(self) -> bool: ...

    def score(self) -> list[float]: ...

    def copy(self) -> Self: ...
