"""Hypothesis properties of Uragan captures and claims."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.uragan import VALUE, Deal, Options, Play, breach, captures
from engine.uragan.capture import capture_counts, histogram, nth_capture
from engine.uragan.deal import PLAY
from engine.uragan.deck import DECK_CARDS

tables = st.sets(st.sampled_from(DECK_CARDS), max_size=10).map(lambda s: sum(1 << c for c in s))


def members(mask):
    return [c for c in range(52) if mask >> c & 1]


@settings(max_examples=300, deadline=None)
@given(table=tables, value=st.integers(1, 10))
def test_every_capture_offered_sums_exactly_and_none_is_missed(table, value):
    caps = captures(value, table)
    assert len(set(caps)) == len(caps)
    for take in caps:
        assert take and not take & ~table
        assert sum(VALUE[c] for c in members(take)) == value
    cards = members(table)
    brute = {sum(1 << c for c in sub) for n in range(1, len(cards) + 1)
             for sub in itertools.combinations(cards, n) if sum(VALUE[c] for c in sub) == value}
    assert set(caps) == brute
    assert capture_counts(histogram(table))[value] == len(caps)
    assert [nth_capture(value, table, histogram(table), r) for r in range(len(caps))] == list(caps)


def _advance(options: Options, seed: int, steps: int) -> Deal:
    rng = random.Random(seed)
    d = Deal.new(options, 2, seed % 2, rng)
    for _ in range(steps):
        if d.is_over():
            break
        d.play(rng.choice(d.legal_moves()))
    return d


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 60))
def test_strict_never_offers_a_priority_breaking_play(seed, steps):
    d = _advance(Options(claims="strict"), seed, steps)
    for mv in d.legal_moves():
        assert breach(mv.card, mv.take, d.table) is None


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 60))
def test_book_offers_every_capture_and_trail_and_strict_keeps_the_lawful_ones(seed, steps):
    book = _advance(Options(), seed, steps)
    if book.is_over() or book.phase != PLAY:
        return
    moves = set(book.legal_moves())
    hand = book.hands[book.turn]
    expected = {Play(c, t) for c in members(hand) for t in (0, *captures(VALUE[c], book.table))}
    assert moves == expected
    strict = book.copy()
    strict.options = Options(claims="strict")
    lawful = {mv for mv in moves if breach(mv.card, mv.take, book.table) is None}
    assert set(strict.legal_moves()) == lawful
    # Every card in hand always has at least one lawful play.
    assert {mv.card for mv in lawful} == set(members(hand))
