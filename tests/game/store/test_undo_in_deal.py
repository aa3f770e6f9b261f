"""Undo stays in the deal being played: once a deal is scored (its sheet shown, the next hand dealt and
everyone's runs laid out) nothing of it is taken back, for either game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.store.saves import Session
from game.store.storage import Store

CASES = [
    ("eralash", {"short_deal": True, "target": 21}, [None, "club"]),
    ("eralash", {"target": 13}, [None, "club", "club"]),
    ("uragan", {"target": 30}, [None, "club"]),
]


def deals_scored(session: Session) -> int:
    from engine.story import DealScored

    return sum(isinstance(e, DealScored) for e in session.match.events)


def to_next_deal(session: Session, rng: random.Random) -> None:
    """Random legal moves until a deal is scored (the match going on)."""
    before = deals_scored(session)
    while deals_scored(session) == before:
        session.play(rng.choice(session.match.legal_moves()))
    assert not session.match.is_over()


@pytest.mark.parametrize("game,options,seats", CASES, ids=[c[0] + str(i) for i, c in enumerate(CASES)])
def test_undo_never_reaches_into_a_finished_deal(tmp_path: Path, game, options, seats) -> None:
    rng = random.Random(7)
    session = Session.new(Store(tmp_path), game, options, ["You", "A", "B"][: len(seats)], seats, seed=4)
    to_next_deal(session, rng)
    began = len(session.match.moves)
    assert session.deal_began() == began
    assert 0 in session.movers()[:began]  # the player moved in the finished deal: undo once reached it
    # the next deal's bots move until the player's turn: nothing of the player's to take back yet
    while session.match.current_player() != 0:
        session.play(rng.choice(session.match.legal_moves()))
    assert not session.can_undo() and session.undo() == 0
    assert len(session.match.moves) >= began
    # the player's own move in this deal is taken back, with whatever followed it, and no further
    at = len(session.match.moves)
    session.play(rng.choice(session.match.legal_moves()))
    while session.match.current_player() != 0:
        session.play(rng.choice(session.match.legal_moves()))
    assert deals_scored(session) == 1  # still the same deal (its first moves)
    followed = len(session.match.moves) - at
    assert session.undo() == followed
    assert len(session.match.moves) == at
    assert not session.can_undo()
    assert Session.resume(Store(tmp_path)).match.to_save()["moves"] == session.match.to_save()["moves"]


def test_undo_still_reaches_the_players_earlier_moves_of_the_same_deal(tmp_path: Path) -> None:
    rng = random.Random(3)
    session = Session.new(Store(tmp_path), "eralash", {"target": 7}, ["You", "A"], [None, "club"], seed=11)
    mine = []
    while len(mine) < 3:
        if session.match.current_player() == 0:
            mine.append(len(session.match.moves))
        session.play(rng.choice(session.match.legal_moves()))
    assert deals_scored(session) == 0
    for at in reversed(mine):
        session.undo()
        assert len(session.match.moves) == at
    assert not session.can_undo()
