"""tools/race_arena.py's race starts where card play matters, and its played-out judge."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import race_arena  # noqa: E402

from engine.arena import derive_seed  # noqa: E402
from engine.eralash import Match  # noqa: E402
from engine.eralash.options import Options  # noqa: E402

pytestmark = pytest.mark.slow  # Club robbers screened with replays: seconds


def _after_first_deal(seed: int) -> Match:
    match = Match.new(Options(), [f"p{s}" for s in range(4)], seed)
    clubs = [race_arena.ClubBot(seed * 10 + s) for s in range(4)]
    while not match.deals_done:
        seat = match.current_player()
        match.play(clubs[seat].choose(match.view(seat)))
    return match


def test_the_screen_needs_play_that_varies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Club is deterministic: without the screen's random cards every replay ends alike, so no
    position would pass — a screen that passed everything would not catch this."""
    seeds = [derive_seed("arena", 5, i) for i in range(12)]
    starts = [(seed, race_arena.race_start(Options(), 4, seed, 8, 1.0, 6)) for seed in seeds]
    found = [(seed, m) for seed, m in starts if m is not None]
    assert found, "some race start passes the screen"
    for seed, start in found:
        assert max(start.finished_tricks()) >= 13 - 8 and not start.is_over()
        assert race_arena.card_play_matters(start, seed, 6)
    monkeypatch.setattr(race_arena, "WOBBLE", 0.0)
    assert not any(race_arena.card_play_matters(start, seed, 6) for seed, start in found)


def test_the_judge_plays_the_same_deals_to_come_for_every_seating() -> None:
    match = _after_first_deal(3)
    first = race_arena.played_out(match, Options(), 1, 0, 8)
    assert race_arena.played_out(match.copy(), Options(), 1, 0, 8) == first
    assert sum(first) == pytest.approx(1.0)
    other = race_arena.played_out(match, Options(), 1, 1, 8)  # another game: other deals
    assert len(other) == 4 and sum(other) == pytest.approx(1.0)
