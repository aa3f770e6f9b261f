"""The turn structure of an Uragan deal and its legal moves, shared by the Deal and a seat's View.

Phases (PLAY, CLAIM_PHASE, PICK), the records of plays and claims as they stood, ``legal_moves_in`` and
``check_play``: everything both the full state and one seat's knowledge need, so neither imports the other.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import CardSet, cards
from engine.state import IllegalMove
from engine.uragan.capture import _COUNT_CACHE, capture_counts, captures, histogram
from engine.uragan.claim import Breach
from engine.uragan.deck import DECK, HAND_SIZE, VALUE, VALUE_MASK
from engine.uragan.moves import CLAIM, LET_STAND, Move, Play, take_cards

PLAY, CLAIM_PHASE, PICK = 0, 1, 2
PLAYS_PER_ROUND = 2 * HAND_SIZE


class PlayRecord(NamedTuple):
    """A play as it finally stood. ``original`` is the take as first played (differs when claimed)."""

    seat: int
    card: int
    take: CardSet
    uragan: bool
    claimed: bool = False
    original: CardSet = 0
    broke: str = ""  # EQUAL or TRAIL when the play broke a priority (claimed or let stand)


class ClaimEvent(NamedTuple):
    """What became of a priority-breaking play: who broke what, and whether the opponent claimed."""

    offender: int
    claimant: int
    breach: Breach
    claimed: bool
    take: CardSet | None  # the capture that finally stood; None while the offender still picks

    def sentence(self) -> str:
        verb = "claimed" if self.claimed else "let it stand"
        return f"{self.breach.sentence()}: seat {self.claimant} {verb}"


def legal_moves_in(phase: int, hand: CardSet, table: CardSet, strict: bool,
                   pending: Breach | None, hist: int | None = None) -> list[Move]:
    """The legal moves of a position; shared by Deal and View so both always agree."""
    if phase == CLAIM_PHASE:
        return [LET_STAND, CLAIM]
    if phase == PICK:
        assert pending is not None
        return [Play(pending.card, t) for t in pending.demanded]
    out: list[Move] = []
    if hist is None:
        hist = histogram(table)
    counts = _COUNT_CACHE.get(hist) or capture_counts(hist)
    new = tuple.__new__  # Play(card, take) without the Python-level NamedTuple __new__
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        v = VALUE[card]
        caps = captures(v, table, hist) if counts[v] else ()
        if strict:
            equal = table & VALUE_MASK[v]
            if equal:
                caps = tuple(1 << c for c in cards(equal))
            if caps:
                out.extend([new(Play, (card, t)) for t in caps])
            else:
                out.append(new(Play, (card, 0)))
        else:
            if caps:
                out.extend([new(Play, (card, t)) for t in caps])
            out.append(new(Play, (card, 0)))
    return out


def check_play(card: int, take: CardSet, hand: CardSet, table: CardSet) -> None:
    """Raise IllegalMove unless ``card`` is in ``hand`` and ``take`` is a genuine capture (or 0)."""
    if not (isinstance(card, int) and isinstance(take, int) and 0 <= card < 52 and take >= 0):
        raise IllegalMove("uragan.not_a_play", card_value=card, take_value=take)
    if not DECK >> card & 1:
        raise IllegalMove("uragan.not_in_deck", card=card)
    if not hand >> card & 1:
        raise IllegalMove("uragan.not_in_hand", card=card)
    if take & ~table:
        raise IllegalMove("uragan.not_on_table", take=take_cards(take & ~table))
    if take:
        total = sum(VALUE[c] for c in cards(take))
        if total != VALUE[card]:
            raise IllegalMove("uragan.sum" if take.bit_count() > 1 else "uragan.value", card=card,
                              take=take_cards(take), total=total, value=VALUE[card])
