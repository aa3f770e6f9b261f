"""Eralash bots are fair: a bot's move depends only on its seat's view (and its seed).

For many random positions we build a second full deal whose hidden cards are reshuffled consistently
with the seat's view (the engine's own ``determinize``), check the seat's view is really the same,
and ask every level with the same seed: the move must not change. Master runs on an iteration cap
here (a wall clock would make the number of iterations, not the hidden cards, vary).
"""

from __future__ import annotations

import random

import pytest

from engine.bots.eralash import ClubBot, MasterBot, NoviceBot
from engine.eralash import Match, Options, View

CASES = [
    (4, Options()),
    (4, Options(pairs=True)),
    (3, Options(short_deal=True)),
    (3, Options(classic_runs=True)),
    (2, Options(short_deal=True)),
]


def _view_fields(view: View) -> tuple:
    return tuple(getattr(view, f) for f in View.__slots__)


def _positions(n: int, opts: Options, seed: int, count: int):
    """Random (match, seat) positions: a robber advanced by random moves, sometimes into deal 2."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        m = Match.new(opts, [f"p{s}" for s in range(n)], seed * 100 + k)
        for _ in range(rng.randrange(m.deal.size * n * (2 if k % 3 == 0 else 1))):
            if m.is_over():
                break
            m.play(rng.choice(m.legal_moves()))
        if not m.is_over():
            out.append(m)
    return out


def _twin_view(match: Match, seat: int, rng: random.Random) -> View:
    """The same seat's view of a different full deal: hidden cards dealt anew, consistently."""
    other = match.view(seat).determinize(rng)
    return View.of(other, seat, match), other


@pytest.mark.parametrize("n,opts", CASES)
def test_moves_do_not_depend_on_hidden_cards(n: int, opts: Options) -> None:
    rng = random.Random(n)
    bots = [NoviceBot(seed=7), ClubBot(seed=7), MasterBot(seed=7, budget=None, iterations=120)]
    differing = 0
    for match in _positions(n, opts, seed=n * 10 + opts.pairs, count=14):
        seat = match.current_player()
        view = match.view(seat)
        twin, other = _twin_view(match, seat, rng)
        assert _view_fields(twin) == _view_fields(view)  # the seat cannot tell the two deals apart
        differing += other.hands != match.deal.hands
        for bot in bots:
            assert bot.choose(view) == bot.choose(twin), f"{bot!r} changed its move at {view!r}"
    assert differing >= 5  # the test really did reshuffle hidden cards


def test_the_oracle_does_see_hidden_cards() -> None:
    """The control experiment: handed the full deal, the Oracle may (and sometimes does) move
    differently on two deals its seat cannot tell apart — what the fair bots must never do."""
    rng = random.Random(3)
    oracle = MasterBot(seed=7, budget=None, iterations=150, name="oracle", sees_all=True)
    changed = 0
    for match in _positions(4, Options(), seed=5, count=20):
        seat = match.current_player()
        view = match.view(seat)
        if len(view.legal_moves()) < 3:
            continue
        twin, other = _twin_view(match, seat, rng)
        a = oracle.choose(view, full=match.deal.copy())
        b = oracle.choose(twin, full=other)
        changed += a != b
    assert changed >= 1


def test_same_seed_same_view_same_move_and_seeds_matter() -> None:
    match = _positions(4, Options(), seed=9, count=3)[0]
    view = match.view(match.current_player())
    a = MasterBot(seed=1, budget=None, iterations=80).choose(view)
    assert MasterBot(seed=1, budget=None, iterations=80).choose(view) == a
    novice_moves = {NoviceBot(seed=s).choose(view) for s in range(30)}
    assert len(novice_moves) >= 2 or len(view.legal_moves()) == 1
