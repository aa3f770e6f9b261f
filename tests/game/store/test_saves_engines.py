"""Saves with the real engines: every move saved and resumed exactly, undo with the bots' replies,
statistics at the end (wins, doubles, slams), for Uragan and for Eralash (alone and in pairs)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.store.saves import Session
from game.store.stats import Stats
from game.store.storage import Store

CASES = [
    ("uragan", {}, [None, "club"]),
    ("uragan", {"claims": "strict", "target": 5}, [None, "master"]),
    ("eralash", {"target": 4}, [None, "novice", "club"]),
    ("eralash", {"pairs": True, "target": 3}, [None, "club", "club", "club"]),
]


def names(n: int) -> list[str]:
    return ["You", "Svetlana", "Pavel", "Andrei"][:n]


def play_out(session: Session, rng: random.Random, store_dir: Path, checks: int = 8) -> int:
    """Random legal moves to the end of the match, resuming from disk at a few random moments."""
    total = 0
    check_every = rng.randrange(5, 40)
    while not session.match.is_over():
        moves = session.match.legal_moves()
        assert moves, "no legal move in a match that is not over"
        session.play(rng.choice(moves))
        total += 1
        if checks and total % check_every == 0:
            checks -= 1
            resumed = Session.resume(Store(store_dir))
            assert resumed is not None
            assert resumed.match.to_save() == session.match.to_save()
            assert resumed.match.current_player() == session.match.current_player()
            assert resumed.match.legal_moves() == session.match.legal_moves()
            assert resumed.match.score() == session.match.score()
            session = resumed  # go on from the resumed one, as the player would
    return total


@pytest.mark.parametrize("game,options,seats", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_saved_after_every_move_and_resumed_exactly(tmp_path: Path, game, options, seats) -> None:
    rng = random.Random(f"{game}{options}")
    store = Store(tmp_path)
    session = Session.new(store, game, options, names(len(seats)), seats, seed=rng.randrange(10**9))
    played = play_out(session, rng, tmp_path)
    assert played > 10
    store.flush()
    saved_doc = json.loads((tmp_path / "save.json").read_text())
    from game.store.saves import SavedGame

    finished = SavedGame.from_dict(saved_doc).restore_match()
    assert finished.is_over()
    winners = finished.winners()
    assert Session.resume(Store(tmp_path)) is None  # an ended game is counted, not continued
    assert not (tmp_path / "save.json").exists()
    stats = Stats.load(store)
    level = max((lv for lv in seats if lv), key=["novice", "club", "master"].index)
    rec = stats.get(game, level)
    assert rec.played == 1
    pairs = bool(options.get("pairs"))
    sides = {w % 2 if pairs else w for w in winners}
    result = "loss" if 0 not in sides else ("shared" if len(sides) > 1 else "win")
    assert rec.won == (result == "win") and rec.shared == (result == "shared")
    assert json.loads((tmp_path / "stats.json").read_text())["games"][game][level]["played"] == 1


@pytest.mark.parametrize("game,options,seats", CASES[:1] + CASES[2:3], ids=["uragan", "eralash"])
def test_undo_rewinds_to_the_players_last_move(tmp_path: Path, game, options, seats) -> None:
    rng = random.Random(5)
    session = Session.new(Store(tmp_path), game, options, names(len(seats)), seats, seed=99)
    for _ in range(40):
        nxt = session.match.copy()
        move = rng.choice(nxt.legal_moves())
        nxt.play(move)
        if nxt.is_over():  # keep the match running: undo is for games in progress
            break
        session.play(move)
    history = session.match.to_save()["moves"]
    movers = session.movers()
    last_human = max(i for i, s in enumerate(movers) if s == 0)
    removed = session.undo()
    assert removed == len(history) - last_human
    assert session.match.to_save()["moves"] == history[:last_human]
    assert session.is_human_turn()
    assert Session.resume(Store(tmp_path)).match.to_save()["moves"] == history[:last_human]
    assert Session.resume(Store(tmp_path)).undo_used


def test_uragan_double_and_eralash_slam_reach_the_statistics(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from game.store.saves import _is_double, _made_slam

    match = SimpleNamespace(double=True, score=lambda: [16, 3])
    assert _is_double(match, 0)
    options = SimpleNamespace(target=16)
    assert _is_double(SimpleNamespace(options=options, score=lambda: [16, 7]), 0)
    assert not _is_double(SimpleNamespace(options=options, score=lambda: [16, 8]), 0)
    slam_deal = SimpleNamespace(slam=1)
    assert _made_slam(SimpleNamespace(deals_done=[SimpleNamespace(slam=None), slam_deal]), 1)
    assert not _made_slam(SimpleNamespace(deals_done=[slam_deal]), 0)


@pytest.mark.parametrize("game,options,seats", CASES[:1] + CASES[2:3], ids=["uragan", "eralash"])
def test_hint_is_a_legal_master_move_for_the_player(tmp_path: Path, game, options, seats) -> None:
    session = Session.new(Store(tmp_path), game, options, names(len(seats)), seats, seed=7)
    rng = random.Random(2)
    while not session.is_human_turn():
        session.play(rng.choice(session.match.legal_moves()))
    move = session.hint(budget=0.05)
    assert move in session.match.legal_moves()
    assert session.hint_seed() == session.hint_seed()
    before = session.match.to_save()
    session.play(move)
    if not session.is_human_turn():
        assert session.hint() is None
    assert session.match.to_save()["moves"][:-1] == before["moves"]
