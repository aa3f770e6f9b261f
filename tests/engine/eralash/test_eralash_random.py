"""Random simulation of many Eralash deals (after OpenSpiel's random_sim_test), plus Hypothesis properties."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, SUIT_MASK
from engine.eralash import ChooseTrump, Deal, Options, find_runs, legal_cards, trick_winner, trump_from_runs
from engine.eralash.run import RANK_VALUE

CONFIGS = [
    (2, Options()),
    (2, Options(short_deal=True, classic_runs=True)),
    (3, Options()),
    (3, Options(short_deal=True, aces_three=0)),
    (4, Options()),
    (4, Options(pairs=True)),
    (4, Options(classic_runs=True, aces_four=0)),
]


def _check_trick(cards: list[int], leader: int, winner: int, trump: int, n: int) -> None:
    led = cards[0] // 13
    trumps = [c for c in cards if c // 13 == trump]
    top = max(trumps) if trumps else max(c for c in cards if c // 13 == led)
    assert winner == (leader + cards.index(top)) % n


def _step_checks(d: Deal, rng: random.Random) -> None:
    n = d.n
    union = d.aside
    for h in d.hands:
        assert not union & h  # disjoint
        union |= h
    played = 0
    for c in d.played:
        assert not (union | played) >> c & 1
        played |= 1 << c
    assert union | played == FULL_DECK  # cards conserved
    assert len(d.played) == len(d.winners) * n + d.pos
    moves = d.legal_moves()
    assert bool(moves) == (not d.is_over())
    if not d.is_over():
        seat = d.current_player()
        v = d.view(seat)
        assert v.legal_moves() == moves
        assert all(d.view(j).legal_moves() == [] for j in range(n) if j != seat)
        if rng.random() < 0.2:  # copies are equal and independent
            c = d.copy()
            assert c == d
            c.play(moves[0])
            assert c != d and d.legal_moves() == moves


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_random_deals_keep_every_invariant(n, options):
    rng = random.Random(n * 1000 + hash(options) % 1000)
    deals = 300
    for k in range(deals):
        d = Deal.new(options, n, k % n, rng)
        _step_checks(d, rng)
        while not d.is_over():
            moves = d.legal_moves()
            tricks_before = len(d.winners)
            d.play(moves[int(rng.random() * len(moves))])
            if len(d.winners) > tricks_before:
                t = tricks_before
                _check_trick(d.trick_cards(t), d.trick_leader(t), d.winners[t], d.trump, n)
            _step_checks(d, rng)
        assert sum(d.tricks_won) == d.size == len(d.winners)
        assert sum(d.tricks()) == d.size
        assert d.current_player() == -1 and d.hands == [0] * n
        slam = d.slam()
        assert (slam is not None) == (max(d.tricks()) == d.size)


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_random_playout_equals_step_by_step_play(n, options):
    rng = random.Random(7 + n)
    for k in range(400):
        d = Deal.new(options, n, k % n, rng)
        for _ in range(rng.randrange(n * d.size + 1)):
            if d.is_over():
                break
            moves = d.legal_moves()
            d.play(moves[int(rng.random() * len(moves))])
        start = d.copy()
        done = len(d.history())
        d.random_playout(random.Random(k))
        assert d.is_over()
        again = start.copy()
        for move in d.history()[done:]:
            again.play(move)
        assert again == d
        assert again.tricks_won == d.tricks_won and again.score() == d.score()


def test_many_fast_random_deals_conserve_cards_and_tricks():
    rng = random.Random(99)
    for n, options in CONFIGS:
        for k in range(1500):
            d = Deal.new(options, n, k % n, rng)
            d.random_playout(rng)
            assert sorted(d.played) == sorted(c for h in d.dealt for c in range(52) if h >> c & 1)
            assert sum(d.tricks_won) == d.size
            n_ = d.n
            t = rng.randrange(d.size)
            _check_trick(d.trick_cards(t), d.trick_leader(t), d.winners[t], d.trump, n_)


def test_random_playout_picks_uniformly_among_legal_cards():
    # Leading from a fresh deal: each of the eldest's 13 cards should come up about equally often.
    d = Deal.new(Options(), 4, 0, random.Random(5))
    if d.choices:
        d.play(ChooseTrump(0))
    counts: dict[int, int] = {}
    rng = random.Random(6)
    for _ in range(6500):
        x = d.copy()
        x.random_playout(rng)
        counts[x.played[0]] = counts.get(x.played[0], 0) + 1
    assert set(counts) == {c for c in range(52) if d.hands[d.eldest] >> c & 1}
    assert min(counts.values()) > 350 and max(counts.values()) < 650  # expected 500 each


# --- Hypothesis properties ----------------------------------------------------------------------------

cards_st = st.lists(st.integers(0, 51), min_size=2, max_size=4, unique=True)


@given(cards_st, st.integers(0, 3), st.integers(0, 3))
def test_every_trick_has_one_winner_holding_the_top_trump_or_top_led_card(cards, leader, trump):
    n = len(cards)
    leader %= n
    winner = trick_winner(cards, leader, trump, n)
    assert 0 <= winner < n
    _check_trick(cards, leader, winner, trump, n)


@given(st.integers(0, FULL_DECK), st.integers(0, 3), st.integers(0, 3))
def test_legal_cards_follow_or_trump(hand, led, trump):
    legal = legal_cards(hand, led, trump)
    assert legal & ~hand == 0
    assert bool(legal) == bool(hand)
    if hand & SUIT_MASK[led]:
        assert legal == hand & (SUIT_MASK[led] | SUIT_MASK[trump])
    else:
        assert legal == hand


@settings(max_examples=300)
@given(st.integers(0, FULL_DECK), st.booleans())
def test_runs_are_maximal_sequences_scored_by_their_cards(hand, classic):
    runs = find_runs(hand, classic)
    covered = 0
    for r in runs:
        assert r.cards & hand == r.cards and not covered & r.cards
        covered |= r.cards
        assert r.length == r.cards.bit_count() >= 3
        lo, hi = r.low % 13, r.high % 13
        assert hi - lo + 1 == r.length and r.low // 13 == r.suit == r.high // 13
        assert r.points == sum(RANK_VALUE[x] for x in range(lo, hi + 1))
        base = 13 * r.suit
        assert lo == 0 or not hand >> (base + lo - 1) & 1  # maximal below
        assert hi == 12 or not hand >> (base + hi + 1) & 1  # maximal above
        assert not classic or hi == 12
    # nothing missed: every 3 consecutive cards of a suit lie in a run (headed by the Ace if classic)
    for s in range(4):
        for lo in range(11):
            window = 0b111 << (13 * s + lo)
            if hand & window == window:
                top = lo + 2
                while top < 12 and hand >> (13 * s + top + 1) & 1:
                    top += 1
                if not classic or top == 12:
                    assert covered & window == window


def test_dealt_runs_points_and_trump_agree_with_the_helpers():
    # Deal computes runs, points and trump in one fast pass; the public helpers must agree.
    rng = random.Random(9)
    for n, options in CONFIGS:
        for k in range(500):
            d = Deal.new(options, n, k % n, rng)
            runs = [find_runs(h, options.classic_runs) for h in d.dealt]
            assert d.runs == tuple(tuple(r) for r in runs)
            by, suits = trump_from_runs(runs, d.eldest)
            assert d.trump_by == by
            assert (d.trump, d.choices) == ((suits[0], ()) if len(suits) == 1 else (-1, suits))
            assert d.points == tuple(sum(r.points for r in runs[s]) + d.honours[s] for s in range(n))
