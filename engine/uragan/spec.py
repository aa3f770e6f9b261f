"""The cards of an Uragan deal given from outside (a record, a save): ``DealSpec`` and its JSON."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine import cards as C
from engine.cards import CardSet
from engine.state import RecordError
from engine.uragan.deck import DECK, ROUNDS, TABLE_SIZE


class DealSpec(NamedTuple):
    """The cards of one deal given from outside (a record): dealer, first table, hands[round][seat]."""

    dealer: int
    table: CardSet
    hands: tuple[tuple[CardSet, CardSet], ...]


def spec_to_json(spec: DealSpec) -> dict[str, Any]:
    return {"dealer": spec.dealer, "table": C.names(spec.table),
            "hands": [[C.names(h) for h in rnd] for rnd in spec.hands]}


def _cards(obj: Any, where: str, n: int) -> int:
    if not isinstance(obj, list):
        raise RecordError(f"{where} must be a list of {n} cards")
    try:
        mask = C.parse_set(obj)
    except C.CardParseError as err:
        raise RecordError(f"{where}: {err}") from None
    outside = mask & ~DECK
    if outside:
        bad = C.name(C.lowest(outside))
        raise RecordError(f"{where}: {bad} is not in the Uragan deck (no 8s, 9s or 10s)")
    if len(obj) != n:
        raise RecordError(f"{where} must list {n} cards, not {len(obj)}")
    return mask


def spec_from_json(obj: Any, number: int = 1) -> DealSpec:
    where = f"deal {number}"
    if not isinstance(obj, dict):
        raise RecordError(f"{where} must be an object with dealer, table, hands and plays")
    dealer = obj.get("dealer")
    if type(dealer) is not int or dealer not in (0, 1):  # 1.0 == 1, yet no list index
        raise RecordError(f"{where}: dealer must be seat 0 or 1, not {dealer!r}")
    table = _cards(obj.get("table"), f"{where}: table", TABLE_SIZE)
    hands_obj = obj.get("hands")
    if not (isinstance(hands_obj, list) and len(hands_obj) == ROUNDS
            and all(isinstance(r, list) and len(r) == 2 for r in hands_obj)):
        raise RecordError(f"{where}: hands must be 3 rounds of 2 hands of 6 cards (hands[round][seat])")
    hands = tuple(
        (_cards(rnd[0], f"{where}: hands[{r}][0]", 6), _cards(rnd[1], f"{where}: hands[{r}][1]", 6))
        for r, rnd in enumerate(hands_obj)
    )
    seen = table
    for rnd in hands:
        for h in rnd:
            if h & seen:
                raise RecordError(f"{where}: card {C.name(C.lowest(h & seen))} is dealt twice")
            seen |= h
    return DealSpec(dealer, table, hands)
