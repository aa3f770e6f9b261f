"""Uragan moves: a play of a card (capture or trail), and the claim decisions, with text and JSON forms.

``Play(card, take)``: ``take`` is the mask of table cards captured, 0 for a trail. The same shape is
used by the offender to pick among the captures a claim demands. ``LetStand()`` and ``Claim()`` are
the opponent's answer to a play that broke a priority (docs/rules.md, Uragan 6, ``book`` claims).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeAlias

from engine import cards as C


class Play(NamedTuple):
    card: int
    take: int = 0  # mask of captured table cards; 0 = trail



@dataclass(frozen=True)
class LetStand:
    """The opponent lets a priority-breaking play stand."""


@dataclass(frozen=True)
class Claim:
    """The opponent claims: the play becomes the capture the priority demands."""


LET_STAND = LetStand()
CLAIM = Claim()

Move: TypeAlias = Play | LetStand | Claim


def take_cards(take: int) -> tuple[int, ...]:
    """The cards of a capture, lowest value first (as players say "3 and 4")."""
    return tuple(sorted(C.cards(take), key=lambda c: (c % 13 + 1) % 13))


def take_names(take: int) -> list[str]:
    """The cards of a capture, lowest value first (as players say "3 and 4"): ``['3C', '4D']``."""
    return [C.name(c) for c in take_cards(take)]


def take_name(take: int) -> str:
    return "+".join(take_names(take))


def move_name(move: Move) -> str:
    """Short text of a move: ``7H`` (trail), ``7H:3C+4D`` (capture), ``claim``, ``let stand``."""
    if isinstance(move, Play):
        return C.name(move.card) + (":" + take_name(move.take) if move.take else "")
    if isinstance(move, Claim):
        return "claim"
    if isinstance(move, LetStand):
        return "let stand"
    raise ValueError(f"not an Uragan move: {move!r}")


_SPLIT = re.compile(r"[\s:+,x×]+|takes|take", re.IGNORECASE)


def parse_move(text: str, legal: Sequence[Move] | None = None) -> Move:
    """Parse ``move_name``'s text (also ``7H x 3C 4D``, ``7H takes 3C+4D``, ``let stand``, ``claim``).

    With ``legal`` given, a lone card that is not a legal trail but has exactly one legal capture
    means that capture, and the result must be one of ``legal``.
    """
    low = text.strip().lower()
    if low in ("claim", "claims"):
        return CLAIM
    if low in ("let stand", "let_stand", "letstand", "stand", "pass"):
        return LET_STAND
    parts = [p for p in _SPLIT.split(text.strip()) if p]
    if not parts:
        raise ValueError("empty move: write a card like '7H' or '7H:3C+4D', or 'claim' / 'let stand'")
    card = C.parse(parts[0])
    take = C.parse_set(parts[1:])
    move = Play(card, take)
    if legal is not None and move not in legal:
        if not take:
            options = [m for m in legal if isinstance(m, Play) and m.card == card]
            if len(options) == 1:
                return options[0]
        raise ValueError(f"{move_name(move)} is not a legal move here")
    return move


def move_to_json(move: Move) -> Any:
    if isinstance(move, Play):
        out: dict[str, Any] = {"card": C.name(move.card)}
        if move.take:
            out["take"] = take_names(move.take)
        return out
    if isinstance(move, Claim):
        return "claim"
    if isinstance(move, LetStand):
        return "let_stand"
    raise ValueError(f"not an Uragan move: {move!r}")


def move_from_json(obj: Any) -> Move:
    if obj == "claim":
        return CLAIM
    if obj == "let_stand":
        return LET_STAND
    if isinstance(obj, dict) and "card" in obj:
        take = obj.get("take") or []
        if not isinstance(take, list):
            raise ValueError("a play's \"take\" must be a list of cards")
        return Play(C.parse(obj["card"]), C.parse_set(take))
    raise ValueError(f"not an Uragan move: {obj!r}")
