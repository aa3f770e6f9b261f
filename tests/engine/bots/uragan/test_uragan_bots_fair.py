"""Fair Uragan bots: a move depends only on what the seat can see, never on the hidden cards.

For random positions (every phase, both claim modes) a second full deal is built that gives the seat
exactly the same view — the opponent's hand and the stock reshuffled among the unseen cards — and
every bot that plays for people is asked with the same seed in both: the moves must be equal.
Master searches with an iteration cap here, so that the clock plays no part.
"""

from __future__ import annotations

import random

import pytest

from engine.bots.uragan.club import UraganClub
from engine.bots.uragan.master import UraganMaster
from engine.bots.uragan.novice import UraganNovice
from engine.uragan import Deal, Options


def random_position(options: Options, rng: random.Random) -> Deal:
    d = Deal.new(options, 2, rng.randrange(2), rng)
    for _ in range(rng.randrange(0, 36)):
        if d.is_over():
            break
        ms = d.legal_moves()
        d.play(ms[rng.randrange(len(ms))])
    return d


def twin(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """Another full deal with the same view for ``seat`` and different hidden cards (None if the
    seat has nothing hidden from it any more)."""
    view = deal.view(seat)
    for _ in range(20):
        other = view.determinize(rng)
        if other.hands[1 - seat] != deal.hands[1 - seat] or other.dealt != deal.dealt:
            return other
    return None


def bots(seed: int) -> list:
    return [UraganNovice(seed), UraganClub(seed), UraganMaster(seed, budget=None, max_iterations=60)]


@pytest.mark.parametrize("claims", ["book", "strict"])
def test_moves_do_not_depend_on_hidden_cards(claims: str) -> None:
    rng = random.Random(2024 if claims == "book" else 7)
    compared = 0
    for _ in range(50):
        d = random_position(Options(claims=claims), rng)
        if d.is_over():
            continue
        seat = d.current_player()
        other = twin(d, seat, rng)
        if other is None:
            continue
        view_a, view_b = d.view(seat), other.view(seat)
        assert view_a == view_b  # the precondition: the seat cannot tell the two deals apart
        assert d.hands[1 - seat] != other.hands[1 - seat] or d.dealt != other.dealt
        seed = rng.randrange(10_000)
        for bot_a, bot_b in zip(bots(seed), bots(seed), strict=True):
            assert bot_a.choose(view_a) == bot_b.choose(view_b), bot_a.name
        compared += 1
    assert compared >= 30


def test_master_does_not_peek_even_when_the_state_is_offered() -> None:
    """A fair bot ignores ``full`` even if a caller hands it the true deal by mistake."""
    rng = random.Random(5)
    for _ in range(15):
        d = random_position(Options(), rng)
        if d.is_over():
            continue
        seat = d.current_player()
        other = twin(d, seat, rng)
        if other is None:
            continue
        a = UraganMaster(3, budget=None, max_iterations=40).choose(d.view(seat), d.copy())
        b = UraganMaster(3, budget=None, max_iterations=40).choose(other.view(seat), other.copy())
        assert a == b


def test_the_view_hides_the_opponents_hand() -> None:
    """Structural: a view carries no hidden card — not in its fields, not in its text."""
    rng = random.Random(9)
    for _ in range(20):
        d = random_position(Options(), rng)
        if d.is_over():
            continue
        for seat in (0, 1):
            view = d.view(seat)
            hidden = view.unseen()
            assert not hidden & view.hand
            opp_hand = d.hands[1 - seat]
            assert opp_hand & ~hidden == 0  # every card of the opponent's hand is unseen
