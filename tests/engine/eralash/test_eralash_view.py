"""What a seat may know: the View, its information hiding, and determinize's consistency with it."""

import pickle
import random

import pytest

from engine.cards import SUIT_MASK, parse
from engine.eralash import ChooseTrump, Deal, Options, find_runs
from engine.eralash.honours import ACES
from engine.eralash.record import match_from_record

CONFIGS = [
    (4, Options()),
    (4, Options(pairs=True, classic_runs=True)),
    (3, Options()),
    (3, Options(short_deal=True)),
    (2, Options()),
    (2, Options(short_deal=True, aces_three=0)),
]


def _positions(n: int, options: Options, count: int, seed: int):
    rng = random.Random(seed)
    for k in range(count):
        d = Deal.new(options, n, k % n, rng)
        for _ in range(rng.randrange(n * d.size)):
            moves = d.legal_moves()
            d.play(moves[int(rng.random() * len(moves))])
        yield d, rng


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_determinized_deals_agree_with_the_view(n, options):
    run_mismatch = samples = 0
    for d, rng in _positions(n, options, 150, n * 31):
        seat = d.current_player() if rng.random() < 0.7 else rng.randrange(n)
        v = d.view(seat)
        for _ in range(3):
            x = v.determinize(rng)
            samples += 1
            # the sampled deal shows this seat exactly what the real one does
            assert x.view(seat) == v
            assert x.hands[seat] == d.hands[seat]
            assert x.current_player() == d.current_player()
            if d.current_player() == seat:
                assert x.legal_moves() == v.legal_moves() == d.legal_moves()
            union = x.aside
            for j in range(n):
                assert not union & x.hands[j]
                union |= x.hands[j]
                assert x.hands[j].bit_count() == d.hands[j].bit_count()
                for r in v.runs[j]:  # declared run cards stay with their owner
                    assert r.cards & ~v.played_by[j] & ~x.hands[j] == 0
                for s in range(4):
                    if v.voids[j] >> s & 1:
                        assert x.hands[j] & SUIT_MASK[s] == 0
                aces = (x.dealt[j] & ACES).bit_count()
                if v.aces[j]:
                    assert aces == v.aces[j]
                elif options.aces_three:
                    assert aces < 3
                assert x.dealt[j] == x.hands[j] | v.played_by[j]
                if tuple(find_runs(x.dealt[j], options.classic_runs)) != v.runs[j]:
                    run_mismatch += 1
            assert x.aside.bit_count() == d.aside.bit_count()
            # playable to the end, independent of the original
            x.random_playout(rng)
    assert run_mismatch <= samples * 0.02  # a sample forms exactly the declared runs almost always


def test_views_hide_other_hands_and_pickle():
    d = Deal.new(Options(), 4, 0, random.Random(3))
    v = d.view(2)
    assert v.hand == d.hands[2]
    assert not any(hasattr(v, name) for name in ("hands", "dealt", "aside"))
    assert pickle.loads(pickle.dumps(v)) == v


def test_a_bot_cannot_tell_deals_apart_that_differ_only_in_hidden_cards():
    d = Deal.new(Options(), 4, 1, random.Random(8))
    rng = random.Random(1)
    for _ in range(17):
        moves = d.legal_moves()
        d.play(moves[int(rng.random() * len(moves))])
    seat = d.current_player()
    others = {d.view(seat).determinize(rng).hands[(seat + 1) % 4] for _ in range(20)}
    assert len(others) > 1  # the hidden cards really are reshuffled
    for _ in range(20):
        assert d.view(seat).determinize(rng).view(seat) == d.view(seat)


def test_announced_aces_go_to_their_owner():
    # Андрей-like hand with three Aces announced: every sample gives that seat exactly three Aces
    hands = [
        ["AS", "AH", "AD", "2S", "4S", "6S", "8S", "10S", "QS", "2H", "4H", "6H", "8H"],
        ["3S", "5S", "7S", "9S", "JS", "KS", "3H", "5H", "7H", "9H", "JH", "KH", "3D"],
        ["4D", "6D", "8D", "10D", "QD", "2D", "2C", "4C", "6C", "8C", "10C", "QC", "AC"],
        ["5D", "7D", "9D", "JD", "KD", "3C", "5C", "7C", "9C", "JC", "KC", "QH", "10H"],
    ]
    d = Deal.from_hands(Options(), 3, hands)
    assert d.aces == (3, 0, 0, 0) and d.honours[0] == 30
    d.play(ChooseTrump(2))
    v = d.view(1)
    rng = random.Random(2)
    ace_sets = set()
    for _ in range(200):
        x = v.determinize(rng)
        assert (x.hands[0] & ACES).bit_count() == 3
        assert ((x.hands[2] | x.hands[3]) & ACES).bit_count() == 1
        ace_sets.add(x.hands[0] & ACES)
    assert len(ace_sets) == 4  # which three is not known: any three of the four


def test_voids_shown_by_play():
    d = match_from_record(
        {"game": "eralash", "players": ["Юлия", "Светлана", "Павел", "Андрей"],
         "deals": [{"dealer": 0, "hands": [
             ["4D", "7D", "8D", "QD", "KD", "8S", "10S", "KS", "6C", "7C", "JC", "3H", "10H"],
             ["3D", "JD", "2S", "3S", "9S", "QS", "2C", "8C", "9C", "10C", "AC", "2H", "QH"],
             ["2D", "5D", "10D", "4S", "5S", "JS", "5C", "QC", "5H", "7H", "9H", "JH", "AH"],
             ["6D", "9D", "AD", "6S", "7S", "AS", "3C", "4C", "KC", "4H", "6H", "8H", "KH"]],
             "plays": ["AC", "5C", "3C", "6C", "QS", "QC", "KC", "8S"]}]}
    ).deal
    v = d.view(0)
    # trumping a spade lead while holding spades shows no void
    assert v.voids == (0, 0, 0, 0)
    assert v.counts == (11, 11, 11, 11)
    assert v.played_by[2] == (1 << parse("5C")) | (1 << parse("QC"))


def test_a_sample_is_roughly_uniform():
    d = Deal.new(Options(), 4, 0, random.Random(12))
    v = d.view(0)
    rng = random.Random(4)
    card = next(c for c in range(52) if v.unseen() >> c & 1 and c % 13 != 12)  # not an Ace: no announcement

    owners = [0, 0, 0, 0]
    for _ in range(600):
        x = v.determinize(rng)
        owners[next(j for j in range(4) if x.hands[j] >> card & 1)] += 1
    assert owners[0] == 0
    assert all(120 < owners[j] < 290 for j in (1, 2, 3))  # about 200 each


def _exact_samples(v, rng, count):
    """Uniform samples of the hidden hands by plain rejection: deal the unseen cards at random and
    keep only deals consistent with everything the view shows (slow, but exactly uniform)."""
    me, n = v.seat, v.n_players
    held = [v.run_cards(j) & ~v.played_by[j] for j in range(n)]
    need = [0 if j == me else v.counts[j] - held[j].bit_count() for j in range(n)]
    unseen = [c for c in range(52) if v.unseen() >> c & 1]
    out = []
    while len(out) < count:
        rng.shuffle(unseen)
        hands, k = [0] * n, 0
        for j in range(n):
            for c in unseen[k:k + need[j]]:
                hands[j] |= 1 << c
            k += need[j]
        ok = True
        for j in range(n):
            if j == me:
                continue
            dealt = hands[j] | held[j] | v.played_by[j]
            aces = (dealt & ACES).bit_count()
            if (
                any(v.voids[j] >> s & 1 and hands[j] & SUIT_MASK[s] for s in range(4))
                or tuple(find_runs(dealt)) != v.runs[j]
                or (aces != v.aces[j] if v.aces[j] else aces >= 3)
            ):
                ok = False
                break
        if ok:
            out.append(hands)
    return out


def test_determinize_is_close_to_uniform_over_consistent_deals():
    rng = random.Random(11)
    while True:  # a mid-deal position where play has shown voids
        d = Deal.new(Options(), 4, rng.randrange(4), rng)
        for _ in range(24):
            moves = d.legal_moves()
            d.play(moves[int(rng.random() * len(moves))])
        v = d.view(d.current_player())
        if sum(bin(x).count("1") for x in v.voids) >= 2:
            break
    count = 2000
    exact = _exact_samples(v, rng, count)
    sampled = [v.determinize(rng).hands for _ in range(count)]
    worst = 0.0
    for c in range(52):
        if not v.unseen() >> c & 1:
            continue
        for j in range(4):
            p_exact = sum(h[j] >> c & 1 for h in exact) / count
            p_sampled = sum(h[j] >> c & 1 for h in sampled) / count
            worst = max(worst, abs(p_exact - p_sampled))
    # Sampling noise alone reaches about 0.04 over these cells; here the constructive sampler
    # without its mixing swaps (determinize(rng, mix=0)) is off by 0.063.
    assert worst < 0.055
