"""Uragan (Ураган): the two-player Scopa relative with sum captures, claims, uragans and primiera."""

from engine.uragan.capture import capture_table, captures
from engine.uragan.claim import EQUAL, TRAIL, Breach, breach, demanded
from engine.uragan.deal_state import ClaimEvent, Deal, PlayRecord
from engine.uragan.deck import DECK, VALUE
from engine.uragan.match import Match
from engine.uragan.moves import (
    CLAIM,
    LET_STAND,
    Claim,
    LetStand,
    Move,
    Play,
    move_from_json,
    move_name,
    move_to_json,
    parse_move,
)
from engine.uragan.options import Options
from engine.uragan.primiera import primiera
from engine.uragan.sweep import UraganMark
from engine.uragan.view import View

__all__ = [
    "CLAIM", "DECK", "EQUAL", "LET_STAND", "TRAIL", "VALUE", "Breach", "Claim", "ClaimEvent", "Deal",
    "LetStand", "Match", "Move", "Options", "Play", "PlayRecord", "UraganMark", "View", "breach",
    "capture_table", "captures", "demanded", "move_from_json", "move_name", "move_to_json",
    "parse_move", "primiera",
]
