"""Eralash (Ералаш): the whist relative with runs, Ace honours, trump by the longest run, robber to 13.

    m = Match.new(Options(pairs=True), ["Юлия", "Светлана", "Павел", "Андрей"], seed=7)
    while not m.is_over():
        view = m.view(m.current_player())        # all a bot may see; view.determinize(rng) samples
        m.play(view.legal_moves()[0])            # a card (int 0..51) or ChooseTrump(suit)
    m.winners(), m.score(), m.sheet(), m.to_record()
    m.events, m.events_for(seat), m.movers       # what happened (engine.eralash.story), who moved

Rules: docs/rules.md, Eralash; records: docs/records.md.
"""

from engine.eralash.deal import Deal
from engine.eralash.honours import aces_held, announced_aces, honour_points
from engine.eralash.illegal import IllegalPlay
from engine.eralash.match import DealResult, Match
from engine.eralash.moves import (
    ChooseTrump,
    move_from_json,
    move_name,
    move_to_json,
    parse_move,
    parse_suit,
)
from engine.eralash.options import Options
from engine.eralash.run import RANK_VALUE, Run, find_runs, run_points
from engine.eralash.trick import legal_cards, trick_winner
from engine.eralash.trump import trump_from_runs
from engine.eralash.view import View

__all__ = [
    "RANK_VALUE",
    "ChooseTrump",
    "Deal",
    "DealResult",
    "IllegalPlay",
    "Match",
    "Options",
    "Run",
    "View",
    "aces_held",
    "announced_aces",
    "find_runs",
    "honour_points",
    "legal_cards",
    "move_from_json",
    "move_name",
    "move_to_json",
    "parse_move",
    "parse_suit",
    "run_points",
    "trick_winner",
    "trump_from_runs",
]
