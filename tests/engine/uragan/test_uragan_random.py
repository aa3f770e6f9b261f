"""Random simulation of Uragan (after OpenSpiel's random_sim_test): invariants at every step."""

import json
import pickle
import random

import pytest

from engine.cards import CardSet
from engine.uragan import DECK, LET_STAND, Deal, Match, Options, Play, breach
from engine.uragan.deal import CLAIM_PHASE, PICK, PLAY
from engine.uragan.record import match_from_record

MODES = [Options(), Options(claims="strict"), Options(primiera_all_suits=False, target=8)]


def accounted(d: Deal) -> CardSet:
    """Every card's place: hands, table, piles, the stock, a pending play, an unclaimed remainder."""
    places = [*d.hands, d.table, *d.piles, *d.dealt[2 * (d.round + 1):]]
    if d.pending is not None:
        places.append(1 << d.pending.card)
    if d.remainder is not None and d.remainder[0] < 0:
        places.append(d.remainder[1])
    total = 0
    for p in places:
        assert not p & total, "a card is in two places"
        total |= p
    return total


def check_step(d: Deal) -> None:
    assert accounted(d) == DECK
    moves = d.legal_moves()
    assert (moves == []) == d.is_over()
    assert len(set(moves)) == len(moves)
    if d.is_over():
        return
    if d.phase == PLAY:
        for mv in moves:
            assert d.hands[d.turn] >> mv.card & 1
            if d.options.strict:
                assert breach(mv.card, mv.take, d.table) is None
    elif d.phase == CLAIM_PHASE:
        assert d.current_player() == 1 - d.turn
    else:
        assert d.phase == PICK and d.current_player() == d.turn and len(moves) > 1


@pytest.mark.parametrize("options", MODES, ids=["book", "strict", "open-suits"])
def test_random_deals_keep_every_invariant(options):
    for seed in range(400):
        rng = random.Random(seed)
        d = Deal.new(options, 2, seed % 2, rng)
        snapshots = []
        while not d.is_over():
            check_step(d)
            if rng.random() < 0.1:
                snapshots.append((d.copy(), len(d.history)))
            d.play(rng.choice(d.legal_moves()))
        check_step(d)
        assert len(d.plays) == 36
        pts = d.score_breakdown()["points"]
        assert sum(p["cards"] for p in pts) <= 1 and sum(p["hearts"] for p in pts) <= 1
        assert sum(p["seven"] for p in pts) == 1 and sum(p["primiera"] for p in pts) <= 1
        assert [p["uragans"] for p in pts] == d.uragans
        assert d.score() == [float(p["total"]) for p in pts]
        # Copies taken along the way are independent: they still stand where they were taken.
        for snap, n in snapshots:
            assert len(snap.history) == n and not snap.is_over()


@pytest.mark.parametrize("options", MODES[:2], ids=["book", "strict"])
def test_random_playout_equals_stepwise_play(options):
    for seed in range(800):
        start = Deal.new(options, 2, seed % 2, random.Random(seed))
        # Also start some playouts mid-deal, including in the middle of a claim.
        pre = random.Random(-seed)
        for _ in range(seed % 30):
            start.play(pre.choice(start.legal_moves()))
        fast, slow = start.copy(), start.copy()
        fast.random_playout(random.Random(seed))
        rng = random.Random(seed)
        while not slow.is_over():
            moves = slow.legal_moves()
            slow.play(moves[int(rng.random() * len(moves))])
        assert fast == slow
        # Replaying the playout's moves one by one from the start gives the same deal.
        again = start.copy()
        for mv in fast.history[len(start.history):]:
            again.play(mv)
        assert again == fast


def test_copies_are_equal_and_independent():
    d = Deal.new(Options(), 2, 0, random.Random(11))
    rng = random.Random(12)
    for _ in range(20):
        c = d.copy()
        assert c == d
        before = c.copy()
        mv = rng.choice(d.legal_moves())
        d.play(mv)
        assert c == before and c != d
        c.play(mv)
        assert c == d


@pytest.mark.parametrize("options", MODES, ids=["book", "strict", "open-suits"])
def test_random_matches_round_trip_records_saves_and_stay_deterministic(options):
    for seed in range(12):
        match = Match.new(options, ["Аня", "Борис"], seed)
        rng = random.Random(seed)
        while not match.is_over():
            if rng.random() < 0.02:
                c = match.copy()
                assert c == match
            match.play(rng.choice(match.legal_moves()))
        a, b = match.points
        assert max(a, b) >= options.target and a != b
        assert match.winners() == [0 if a > b else 1]
        assert match.double == (min(a, b) < options.double_below)
        assert sum(sum(d.score()) for d in match.deals_done) == a + b
        rec = json.loads(json.dumps(match.to_record(), ensure_ascii=False))
        again = match_from_record(rec)
        assert again.points == match.points and again.winner == match.winner
        assert [d.plays for d in again.deals_done] == [d.plays for d in match.deals_done]
        assert again.to_record() == rec
        save = json.loads(json.dumps(match.to_save()))
        assert Match.from_save(save) == match
        # Same seed and moves: the same game, byte for byte.
        assert json.dumps(Match.from_save(save).to_record()) == json.dumps(match.to_record())


def test_unfinished_match_round_trips_and_continues_identically():
    match = Match.new(Options(), ["a", "b"], 5)
    rng = random.Random(5)
    for _ in range(60):
        match.play(rng.choice(match.legal_moves()))
    while match.deal.phase != PLAY:
        match.play(LET_STAND if match.deal.phase == CLAIM_PHASE else match.legal_moves()[0])
    restored = match_from_record(json.loads(json.dumps(match.to_record())))
    assert restored.deal == match.deal and restored.points == match.points
    rest = random.Random(9)
    other = random.Random(9)
    while not match.is_over():
        mv = rest.choice(match.legal_moves())
        assert other.choice(restored.legal_moves()) == mv
        match.play(mv)
        restored.play(mv)
    assert restored.points == match.points


def test_views_pickle_and_deal_moves_are_small_values():
    d = Deal.new(Options(), 2, 0, random.Random(2))
    v = d.view(1)
    assert pickle.loads(pickle.dumps(v)) == v
    for mv in d.legal_moves():
        assert isinstance(mv, Play) and hash(mv) == hash(Play(mv.card, mv.take))
