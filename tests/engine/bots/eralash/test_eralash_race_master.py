"""Master plays the race: one trick from the end of the robber it ducks while behind on points and
takes the trick while ahead (the value of a position comes from engine.eralash.race)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine.bots.eralash.master import ismcts, search_root
from engine.bots.eralash.view import Situation
from engine.bots.search import Deadline
from engine.cards import parse
from engine.eralash import Options

# Seat 1 led K♠, seats 2 and 3 followed low; seat 0 holds A♠ and 2♠ and has 12 robber tricks: A♠
# takes the 13th and ends the robber, 2♠ lets seat 1 win, and the last trick (a trump, ♥, led by seat 1)
# goes past seat 0's other spade.
HANDS = [1 << parse("AS") | 1 << parse("2S"), 1 << parse("5H"), 1 << parse("6D"), 1 << parse("7D")]
TRICK = [parse("KS"), parse("3S"), parse("4S")]
WON = [9, 1, 1, 0]
BEFORE = [3, 3, 3, 3]
HEARTS = parse("5H") // 13


def _choice(points: list[float], paired: bool = False) -> int:
    gone = 0
    for c in TRICK:
        gone |= 1 << c
    sit = Situation(seat=0, n=4, pairs=False, hand=HANDS[0], trump=HEARTS, leader=1, trick=list(TRICK),
                    won=list(WON), gone=gone, points=points, tricks_before=list(BEFORE), target=13,
                    tricks_per_deal=13, spread=15.0, deals_played=1, options=Options())
    deal = SimpleNamespace(n=4, hands=list(HANDS), trump=HEARTS, lead=1, tricks_won=list(WON),
                           current_trick=lambda: list(TRICK))
    card, _ = ismcts(sit, [parse("AS"), parse("2S")], lambda rng: deal, sit.robber_value(),
                     random.Random(3), Deadline(None, 200, check_every=8), paired)
    return card


@pytest.mark.parametrize("paired", [False, True])
@pytest.mark.parametrize(
    "points,expected",
    [([0.0, 40.0, 40.0, 40.0], "2S"),  # behind: ending the robber now loses it, so duck
     ([60.0, 0.0, 10.0, 20.0], "AS")],  # ahead: the 13th trick ends the robber and wins it
)
def test_master_takes_or_ducks_the_trick_that_ends_the_robber(points: list[float], expected: str,
                                                              paired: bool) -> None:
    assert _choice(points, paired) == parse(expected)


def test_paired_rounds_judge_every_card_on_the_same_deals() -> None:
    # Rounds of one card each on one deal: the visits differ by at most one, and the means are those
    # of complete rounds (a deal with no luck left gives each card its one exact value).
    gone = 0
    for c in TRICK:
        gone |= 1 << c
    sit = Situation(seat=0, n=4, pairs=False, hand=HANDS[0], trump=HEARTS, leader=1, trick=list(TRICK),
                    won=list(WON), gone=gone, points=[0.0, 40.0, 40.0, 40.0], tricks_before=list(BEFORE),
                    target=13, tricks_per_deal=13, spread=15.0, deals_played=1, options=Options())
    deal = SimpleNamespace(n=4, hands=list(HANDS), trump=HEARTS, lead=1, tricks_won=list(WON),
                           current_trick=lambda: list(TRICK))
    value = sit.robber_value()
    root = [parse("AS"), parse("2S")]
    visits, means, it = search_root(sit, root, lambda rng: deal, value, random.Random(3),
                                    Deadline(None, 41, check_every=8), paired=True)
    assert it == 41 and sorted(visits.values()) == [20, 21]
    # A♠ wins this trick and seat 1 trumps the last; 2♠ lets seat 1 win both
    assert means[parse("AS")] == pytest.approx(value([10, 2, 1, 0])[0])
    assert means[parse("2S")] == pytest.approx(value([9, 3, 1, 0])[0])
