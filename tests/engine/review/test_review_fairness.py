"""The review is fair: its verdicts depend only on what the reviewed seat could see.

A game is played part-way (random and Club moves, claims included under ``book``); its record is
then rewritten with the hidden cards dealt anew consistently with the reviewed seat's view at the
end (the opponents' unplayed cards and the stock), the same moves kept. The seat saw exactly the same
at every one of its decisions, so the review (same seed, an iteration cap instead of a clock) must
give exactly the same verdicts — while the twin record really does hold different cards.
"""

from __future__ import annotations

import copy
import random

import pytest

from engine import cards as C
from engine.eralash.match import Match as EMatch
from engine.eralash.options import Options as EOptions
from engine.games import game_named
from engine.records import match_from_record
from engine.review import review_json
from engine.uragan.match import Match as UMatch
from engine.uragan.options import Options as UOptions

ITERATIONS = 30


def _play(m, rng: random.Random, stop, wild: float) -> None:
    game = "uragan" if isinstance(m, UMatch) else "eralash"
    bots = [game_named(game).make_bot("club", s) for s in range(len(m.players))]
    while not stop(m):
        s = m.current_player()
        legal = m.legal_moves()
        m.play(rng.choice(legal) if rng.random() < wild else bots[s].choose(m.view(s)))


def _uragan_twin(rec: dict, seat: int, rng: random.Random) -> dict | None:
    m = match_from_record(rec)
    other = m.view(seat).determinize(rng)
    if other.dealt == m.deal.dealt:
        return None
    twin = copy.deepcopy(rec)
    twin["deals"][-1]["hands"] = [[C.names(other.dealt[2 * r + s]) for s in (0, 1)] for r in range(3)]
    return twin


def _eralash_twin(rec: dict, seat: int, rng: random.Random) -> dict | None:
    m = match_from_record(rec)
    other = m.view(seat).determinize(rng)
    if list(other.dealt) == list(m.deal.dealt):
        return None
    twin = copy.deepcopy(rec)
    twin["deals"][-1]["hands"] = [C.names(h) for h in other.dealt]
    return twin


@pytest.mark.parametrize("claims", ["book", "strict"])
def test_uragan_verdicts_do_not_depend_on_hidden_cards(claims: str) -> None:
    rng = random.Random(31 if claims == "book" else 32)
    compared = 0
    kinds: set[str] = set()
    for k in range(4):
        m = UMatch.new(UOptions(claims=claims), ["a", "b"], 100 + k)
        stop_at = rng.randrange(8, 30)
        _play(m, rng, lambda m, n=stop_at: len(m.deal.plays) >= n and m.deal.phase == 0, wild=0.3)
        rec = m.to_record()
        seat = k % 2
        twin = _uragan_twin(rec, seat, rng)
        assert twin is not None
        assert twin["deals"][-1]["hands"] != rec["deals"][-1]["hands"]
        a = review_json(rec, seat, None, 9, iterations=ITERATIONS)
        b = review_json(twin, seat, None, 9, iterations=ITERATIONS)
        assert a["decisions"], "nothing was judged"
        assert a == b
        compared += len(a["decisions"])
        kinds |= {d["kind"] for d in a["decisions"]}
    assert compared >= 10
    if claims == "book":
        assert "claim" in kinds  # claim answers were judged too


@pytest.mark.parametrize("n,opts", [(4, EOptions()), (4, EOptions(pairs=True)),
                                    (3, EOptions(short_deal=True))])
def test_eralash_verdicts_do_not_depend_on_hidden_cards(n: int, opts: EOptions) -> None:
    rng = random.Random(n + 10 * opts.pairs)
    m = EMatch.new(opts, [f"p{s}" for s in range(n)], 7 + n)
    stop_at = m.deal.size * n // 2
    _play(m, rng, lambda m: len(m.deal.played) >= stop_at, wild=0.2)
    rec = m.to_record()
    seat = 1
    twin = _eralash_twin(rec, seat, rng)
    assert twin is not None
    a = review_json(rec, seat, None, 5, iterations=ITERATIONS)
    b = review_json(twin, seat, None, 5, iterations=ITERATIONS)
    assert a["decisions"]
    assert a == b


def test_the_check_can_fail_a_peeking_review() -> None:
    """The control: a review that used the true deal (the Oracle's samples) would differ between
    the twins on some decision — so the equality above is not vacuous."""
    from engine.review import review_record
    from engine.review import uragan as judge_mod

    rng = random.Random(3)
    m = UMatch.new(UOptions(), ["a", "b"], 41)
    _play(m, rng, lambda m: len(m.deal.plays) >= 20 and m.deal.phase == 0, wild=0.3)
    rec = m.to_record()
    twin = _uragan_twin(rec, 0, rng)
    assert twin is not None

    def peeking(rec: dict) -> list:
        truth = match_from_record(rec).deal

        class Peek:  # Resampler's place: every sample is the true deal at the view's moment
            def __init__(self, view, options) -> None:
                self.view = view

            def sample(self, rng):
                v = self.view
                d = v.determinize(random.Random(0))
                opp = 1 - v.seat
                d.dealt = truth.dealt
                d.hands[opp] = truth.dealt[2 * v.round + opp] & ~v.played_by(opp, v.round)
                return d

        saved = judge_mod.Resampler
        judge_mod.Resampler = Peek
        try:
            return [v.to_json() for v in review_record(rec, 0, iterations=60)]
        finally:
            judge_mod.Resampler = saved

    assert peeking(rec) != peeking(twin)
