"""Uragan (Ураган): the two-player Scopa relative with sum captures, claims, uragans and primiera.

Quick guide (rules: docs/rules.md, Uragan; records: docs/records.md, Uragan):

    match = Match.new(Options(claims="book"), ["Аня", "Борис"], seed=7)
    while not match.is_over():
        seat = match.current_player()          # who decides: player, claimant or picking offender
        moves = match.legal_moves()            # Play(card, take) / LET_STAND / CLAIM
        match.play(moves[0])                   # IllegalMove (key, params, sentence(lang)) if not legal
    match.winners(), match.double, match.points, match.to_record(), match.to_save()
    match.events, match.events_for(seat), match.movers   # what happened (engine.uragan.story), who moved

Moves: ``Play(card, take)`` with ``take`` a mask of table cards (0 = trail). In ``book`` mode a play
that breaks a priority (``breach(card, take, table)`` is not None; ``Breach.sentence()`` explains it)
leaves the deal in phase CLAIM_PHASE: the opponent plays ``LET_STAND`` or ``CLAIM``; if the claim
demands one of several captures the offender then plays ``Play(card, take)`` to pick (phase PICK).
In ``strict`` mode such plays are not legal moves.

For the table: ``deal.breach_of(card, take)``, ``deal.plays``
(PlayRecord: seat, card, take, uragan, claimed, original, broke), ``deal.last_claim`` (ClaimEvent),
``deal.marks`` (UraganMark: the card turned face up per uragan), ``deal.piles``, ``deal.remainder``,
``deal.score_breakdown()`` (counts and points per category). Bots get ``match.view(seat)`` (View),
whose ``determinize(rng)`` samples a full Deal; ``Deal.random_playout(rng)`` plays it out fast.
"""

from engine.uragan.capture import capture_table, captures
from engine.uragan.claim import EQUAL, TRAIL, Breach, breach, demanded
from engine.uragan.deal import CLAIM_PHASE, PICK, PLAY, ClaimEvent, Deal, PlayRecord
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
    "CLAIM", "CLAIM_PHASE", "PICK", "PLAY", "DECK", "EQUAL", "LET_STAND", "TRAIL", "VALUE", "Breach",
    "Claim", "ClaimEvent", "Deal",
    "LetStand", "Match", "Move", "Options", "Play", "PlayRecord", "UraganMark", "View", "breach",
    "capture_table", "captures", "demanded", "move_from_json", "move_name", "move_to_json",
    "parse_move", "primiera",
]
