"""The Eralash coach judges the race: marks from the robber chance, never from tricks alone.

Positions are found by their shape in Club robbers (tests/eralash_race_positions.py) and the shape is
asserted again before the position is judged.
"""

from __future__ import annotations

from typing import Any

from eralash_race_positions import LONG, all_trumps, ducking, first, positions, under_a_winner

from engine.bots.eralash.club import ClubBot
from engine.cards import SUIT_MASK
from engine.eralash.match import Match
from engine.eralash.trick import beats
from engine.review import review_record
from engine.review.budget import Budget
from engine.review.eralash import judge
from engine.review.eralash.race import Race
from engine.review.judgement import NOISE, Judgement, Settled, settle

ITERATIONS = 60


def _judged(match: Match, move: Any, iterations: int = ITERATIONS,
            seed: int = 0) -> tuple[Settled, Judgement]:
    """The verdict's numbers for ``move`` from the seat to move (as the review settles them), and the
    judgement with its why."""
    view = match.view(match.current_player())
    j = judge(view, move, Budget(None, iterations), seed)
    return settle(move, j, NOISE["eralash"], "eralash"), j


def test_ducking_while_trailing_one_trick_from_the_end_is_not_a_mistake() -> None:
    m, seat, duck = first(positions(4, {}, range(1, 80)), ducking)
    view = m.view(seat)
    race = Race.of(view)
    assert view.pos == 3 and race.lead() < 0 and race.need(race.side) == 1
    assert any(beats(c, view.best, view.trump) for c in view.legal_moves())
    assert not beats(duck, view.best, view.trump)
    s, j = _judged(m, duck)
    assert s.mark != "mistake" and s.loss < 0.05
    why = j.why or {}
    assert "expected" not in why.get("en", "") and "takes this trick for sure" not in why.get("en", "")


def test_taking_a_trick_while_holding_every_trump_left_is_no_difference() -> None:
    m, seat, card = first(positions(2, LONG, range(1, 80)), all_trumps)
    view = m.view(seat)
    trumps = SUIT_MASK[view.trump]
    assert view.pos == 0 and view.hand & trumps and not view.unseen() & trumps and card // 13 == view.trump
    s, j = _judged(m, card)
    assert j.exact and s.mark == "best" and s.loss == 0.0
    assert len({d for _, d in (j.table or {}).values()}) == 1  # the same tricks whatever is led
    assert j.why is None or j.why["en"].startswith("No difference")


def test_a_first_deal_where_nobody_can_score_gives_no_marks() -> None:
    # 4 players: no seat holds a run or three Aces, so every side stands on 0 points whoever ends the
    # robber; only a slam could make a trick count.
    seed = next(s for s in range(200) if not any(Match.new(None, list("abcd"), s).deal.points))
    m = Match.new(None, list("abcd"), seed)
    bots = [ClubBot(seed + i) for i in range(4)]
    while not m.deals_done:
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    assert not any(m.deals_done[0].points) and m.deals_done[0].slam is None
    verdicts = list(review_record(m.to_record(), 0, iterations=ITERATIONS, deals=[1]))
    assert len(verdicts) >= 10
    assert [v.mark for v in verdicts] == ["best"] * len(verdicts)


def test_a_high_card_under_a_winner_that_costs_the_robbers_end_is_marked() -> None:
    """The issue's 9♠ under a winning Q♠ (solved exactly: a trick lost): here the shape — a higher
    card under the led winner, a trick lost against the lowest, and with best play the seat reaches
    the target and ends the robber while it leads."""
    m, seat, card = first(positions(2, LONG, range(1, 400)), under_a_winner)
    view = m.view(seat)
    race = Race.of(view)
    lowest = min(c for c in view.legal_moves() if c // 13 == card // 13)
    assert view.pos == 1 and card // 13 == view.best // 13 and card < view.best and lowest < card
    assert race.lead() > 0 and race.can_end(seat)
    s, j = _judged(m, card)
    table = j.table or {}
    assert j.exact and table[lowest][1] == table[card][1] + 1  # exactly a trick against the lowest
    assert s.mark != "best" and s.loss >= 0.05 and s.best != card
    assert j.why is not None and "expected" not in j.why["en"]
    gap = int(race.lead())
    assert f"lead by {gap} point" in j.why["en"] and f"ведёте на {gap} очк" in j.why["ru"]
    assert "end the robber" in j.why["en"] and "роббер кончится" in j.why["ru"]
