"""The Eralash review in two currencies: exact verdicts where every card is known, tricks as deal value."""

from __future__ import annotations

from typing import Any

from club_records import eralash_club_deal

from engine.bots.eralash.club import ClubBot
from engine.cards import SUIT_MASK, parse
from engine.eralash.match import Match
from engine.eralash.options import Options
from engine.review import NOISE, Verdict, deal_summaries, review_record


def _verdict(record: dict[str, Any], move_index: int) -> Verdict:
    for v in review_record(record, 0, iterations=20):
        if v.move_index == move_index:
            return v
    raise AssertionError(f"no verdict for move {move_index}")


def test_trumping_high_in_a_one_deal_robber_costs_a_trick_and_nothing_the_rules_score() -> None:
    # 2 players, seed 13, move 35: diamonds are trump, seat 0 has no card of the led suit and may
    # ruff with the 7♦ or the A♦; both win the trick, but the A♦ would have won another one later.
    # With two players a robber is one deal: the points dealt decide it, the trick (solved exactly)
    # changes nothing, so there is no mark (this was a mistake when tricks were marked by themselves).
    plain = eralash_club_deal(2, 13)
    from engine.review import match_before

    before = match_before(plain, 35)
    deal = before.deal
    assert deal.cur == 0 and deal.trump == 2 and deal.pos == 1
    assert not deal.hands[0] & SUIT_MASK[deal.played[-1] // 13]
    v = _verdict(eralash_club_deal(2, 13, (35, "AD")), 35)
    assert v.exact and v.played == parse("AD")
    assert v.deal_loss == 1.0 and v.deal_best == v.deal_played + 1
    assert v.mark == "best" and v.loss == 0.0
    assert v.why is not None and v.why["en"].startswith("No difference")
    assert v.line and v.line[0] == v.best and len(v.line) == 4
    same = _verdict(eralash_club_deal(2, 13, (35, "7D")), 35)
    assert same.exact and same.mark == "best" and same.deal_loss == 0.0


def test_throwing_the_queen_under_the_led_king_in_a_one_deal_robber_is_no_mark() -> None:
    # 2 players, seed 12, move 35: the K♦ is led (clubs trump); seat 0 follows with the Q♦ where the
    # 8♦ loses the same trick and keeps the Q♦ for a later one: a trick, solved exactly, that the
    # points dealt make worth nothing (tests/engine/review/test_review_eralash_race.py marks the
    # same shape where it moves the race).
    plain = eralash_club_deal(2, 12)
    from engine.review import match_before

    deal = match_before(plain, 35).deal
    assert deal.cur == 0 and deal.played[-1] == parse("KD") and deal.trump != 2
    v = _verdict(eralash_club_deal(2, 12, (35, "QD")), 35)
    assert v.exact and v.deal_loss == 1.0 and v.mark == "best" and v.win_spread < NOISE["eralash"]
    assert _verdict(eralash_club_deal(2, 12, (35, "8D")), 35).mark == "best"


def test_a_deal_where_nothing_mattered_reviews_as_decided() -> None:
    # Seat 0 holds every spade and heart, seat 1 every diamond and club: whatever seat 0 leads and
    # names as trump, seat 1 can neither follow nor ruff, so seat 0 takes all 26 tricks.
    hands = [SUIT_MASK[0] | SUIT_MASK[1], SUIT_MASK[2] | SUIT_MASK[3]]
    verdicts = list(review_record(eralash_club_deal(2, 3, hands=hands), 0, iterations=20))
    assert len(verdicts) > 20
    assert all(v.mark == "best" and v.deal_played == 26 for v in verdicts)
    assert deal_summaries(verdicts, NOISE["eralash"])[0]["decided"] is True


def test_a_played_deal_is_not_decided_and_values_are_tricks() -> None:
    verdicts = list(review_record(eralash_club_deal(2, 13, (35, "AD")), 0, iterations=20))
    assert deal_summaries(verdicts, NOISE["eralash"])[0]["decided"] is False
    for v in verdicts:
        assert v.deal_played is not None and 0 <= v.deal_played <= v.deal_best <= 26
        assert v.line and v.line[0] == v.best
    assert any(v.exact for v in verdicts) and not all(v.exact for v in verdicts)


def test_four_hand_verdicts_are_sampled_with_deal_values() -> None:
    verdicts = list(review_record(eralash_club_deal(4, 5), 0, iterations=30))
    assert verdicts
    for v in verdicts:
        assert v.deal_played is not None and 0 <= v.deal_played <= v.deal_best <= 13
        assert v.line and v.line[0] == v.best


def test_a_would_be_mark_is_judged_again_under_further_seeds_and_the_median_stands(monkeypatch: Any) -> None:
    """A sampled gap that reaches half the inaccuracy's threshold is judged again under four further
    seeds (derived from the review's seed, so reproducible) and the judgement with the median gap
    stands; a smaller gap is judged once."""
    import engine.review.eralash as judge_module
    from engine.review.budget import Budget
    from engine.review.judgement import Judgement, settle

    m = Match.new(Options(), ["a", "b", "c", "d"], seed=3)
    while m.current_player() != 0 or len(m.view(0).legal_moves()) < 2 or not m.deal.played:
        m.play(ClubBot(1).choose(m.view(m.current_player())))
    view = m.view(0)
    played, other = list(view.legal_moves())[:2]
    gaps: list[float] = []
    seeds: list[int] = []
    budgets: list[Budget] = []

    def fake(view: Any, played_: Any, budget: Budget, seed: int,
             should_stop: Any = None) -> tuple[Judgement, bool]:
        seeds.append(seed)
        budgets.append(budget)
        gap = gaps[len(seeds) - 1]
        table = {played: (0.5 - gap, 6.0), other: (0.5, 6.0)}
        return Judgement(other if gap else played, 0.5 - gap, 0.5, 10, table=table), False

    monkeypatch.setattr(judge_module, "_judge", fake)
    gaps[:] = [0.2, 0.0, 0.0, 0.1, 0.0]  # one search's large gap, the others' none: no mark
    j = judge_module.judge(view, played, Budget(None, 10), 7)
    assert len(seeds) == 5 and len(set(seeds)) == 5 and seeds[0] == 7
    assert j.table[played][0] == 0.5 and j.iterations == 50
    assert settle(played, j, NOISE["eralash"], "eralash").mark not in ("inaccuracy", "mistake")
    first_seeds = list(seeds)
    seeds.clear()
    budgets.clear()
    gaps[:] = [0.2, 0.15, 0.2, 0.1, 0.15]
    j = judge_module.judge(view, played, Budget(0.8, None), 7)
    assert seeds == first_seeds  # the same review, the same further seeds
    assert abs(j.value_best - j.value_played - 0.15) < 1e-9
    assert settle(played, j, NOISE["eralash"], "eralash").mark == "mistake"
    # in seconds, the further judgements get half their share of two budgets (they may take twice it)
    assert budgets[0].seconds == 0.8 and [b.seconds for b in budgets[1:]] == [0.2] * 4
    seeds.clear()
    gaps[:] = [0.03]
    judge_module.judge(view, played, Budget(None, 10), 7)
    assert seeds == [7]  # under half the inaccuracy's threshold: judged once
