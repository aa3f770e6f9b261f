"""Uragan views: a seat sees what it may and no more; determinize samples consistent full deals."""

import random
from collections import Counter

from engine.uragan import DECK, Deal, Match, Options
from engine.uragan.deal import CLAIM_PHASE, PICK, PLAY


def positions(options: Options, n_deals: int, seed: int = 0):
    """Every position of some random deals (claims included), as (deal copy, seat to move)."""
    rng = random.Random(seed)
    for i in range(n_deals):
        d = Deal.new(options, 2, i % 2, rng)
        while not d.is_over():
            yield d.copy()
            d.play(rng.choice(d.legal_moves()))
        yield d.copy()


def test_a_view_is_unchanged_when_the_hidden_cards_are_resampled():
    rng = random.Random(1)
    for d in positions(Options(), 40):
        for seat in (0, 1):
            view = d.view(seat)
            other = view.determinize(rng)
            assert other.view(seat) == view


def test_determinized_deals_agree_on_legal_moves_and_replay_from_their_own_cards():
    rng = random.Random(2)
    for options in (Options(), Options(claims="strict")):
        for d in positions(options, 25, seed=3):
            seat = d.current_player()
            if seat < 0:
                continue
            view = d.view(seat)
            det = view.determinize(rng)
            assert det.legal_moves() == d.legal_moves() == view.legal_moves()
            assert det.current_player() == seat
            assert det.hands[seat] == d.hands[seat]
            assert [h.bit_count() for h in det.hands] == [h.bit_count() for h in d.hands]
            assert det.stock_size() == d.stock_size()
            # The sampled deal is a real deal: dealt from its own cards, the history replays into it.
            rebuilt = Deal.from_hands(options, det.dealer, det.table0,
                                      [det.dealt[0:2], det.dealt[2:4], det.dealt[4:6]])
            for mv in det.history:
                rebuilt.play(mv)
            assert rebuilt == det
            det.random_playout(rng)
            assert det.is_over()


def test_the_claimant_and_the_picker_see_their_moves():
    rng = random.Random(4)
    seen = Counter()
    for d in positions(Options(), 60, seed=5):
        if d.is_over():
            continue
        seat = d.current_player()
        other = d.view(1 - seat)
        if d.phase == PLAY:
            assert other.legal_moves() == []  # the opponent's hand is hidden
        else:
            seen[d.phase] += 1
            assert d.view(seat).legal_moves() == d.legal_moves()
            assert other.current_player() == seat
        assert d.view(seat).determinize(rng).legal_moves() == d.legal_moves()
    assert seen[CLAIM_PHASE] > 0 and seen[PICK] > 0


def test_the_view_holds_no_hidden_card():
    d = Deal.new(Options(), 2, 0, random.Random(6))
    rng = random.Random(7)
    for _ in range(15):
        d.play(rng.choice(d.legal_moves()))
    for seat in (0, 1):
        v = d.view(seat)
        hidden = d.hands[1 - seat] | sum(d.dealt[2 * (d.round + 1):])
        visible = v.hand | v.table | v.piles[0] | v.piles[1] | sum(v.own_dealt)
        assert not visible & hidden
        assert v.unseen() == hidden
        assert v.hand_sizes[1 - seat] == d.hands[1 - seat].bit_count()
        assert v.stock_size == d.stock_size()


def test_determinize_samples_the_unseen_cards_uniformly_ish():
    d = Deal.new(Options(), 2, 1, random.Random(8))
    view = d.view(1)
    unseen = view.unseen()
    k = view.hand_sizes[0]
    rng = random.Random(9)
    counts = Counter()
    n = 3000
    for _ in range(n):
        det = view.determinize(rng)
        assert det.hands[0] & ~unseen == 0
        for c in range(52):
            if det.hands[0] >> c & 1:
                counts[c] += 1
    expected = n * k / unseen.bit_count()
    assert set(counts) == {c for c in range(52) if unseen >> c & 1}
    for c in counts:
        assert abs(counts[c] - expected) < 0.25 * expected


def test_match_view_carries_scores_target_and_deal_number():
    m = Match.new(Options(target=11), ["a", "b"], 3)
    rng = random.Random(3)
    while not m.deals_done:
        m.play(rng.choice(m.legal_moves()))
    v = m.view(m.current_player())
    assert v.match_points == tuple(m.points) and v.target == 11 and v.deal_number == 2
    assert v.dealer == m.deal.dealer and (v.hand | v.table) & ~DECK == 0
