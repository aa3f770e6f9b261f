"""The one state API both games share (after OpenSpiel's State), and the one illegal-move error."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, Self, runtime_checkable

from engine import illegal

Move = Hashable  # Eralash: a card int or a trump choice; Uragan: a play or a claim decision


class IllegalMove(ValueError):
    """A move the rules do not allow: ``key`` names the rule (``uragan.not_on_table``,
    ``eralash.follow_or_trump``), ``params`` its details (cards, suits, seat; engine.illegal lists
    them). ``sentence(lang)`` says it in English or Russian; ``str(err)`` is the English sentence (the
    command line and records print it); ``reason`` the short form a record error prints.

    ``IllegalMove("a sentence")`` with no known key keeps the text as it is (key ``other``).
    """

    def __init__(self, key: str, **params: Any) -> None:
        if key not in illegal.TEXTS:
            key, params = "other", {"text": key}
        self.key = key
        self.params: dict[str, Any] = params
        super().__init__(self.sentence("en"))

    def sentence(self, lang: str = "en") -> str:
        """The rule broken, as a player reads it, in ``lang`` ("en" or "ru")."""
        return illegal.sentence(self.key, self.params, lang)

    def text(self, lang: str = "en") -> str:
        """The same as ``sentence(lang)`` (the name the app's tables ask for)."""
        return self.sentence(lang)

    @property
    def reason(self) -> str:
        """The short English form a record error prints (``must follow hearts or play a trump``)."""
        return illegal.reason(self.key, self.params)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled across processes (the bots' worker) with its key
        return (_rebuild, (type(self), self.key, self.params))


def _rebuild(cls: type[IllegalMove], key: str, params: dict[str, Any]) -> IllegalMove:
    err = cls.__new__(cls)
    IllegalMove.__init__(err, key, **params)
    return err


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
