"""The Eralash coach judges the race: marks from the robber chance, never from tricks alone.

Each position is built deliberately (a Club robber stopped at a decision found for its shape, the
move planted) and its shape is asserted before it is judged, so a changed bot cannot quietly turn it
into another position.
"""

from __future__ import annotations

from typing import Any

from engine.bots.eralash.club import ClubBot
from engine.cards import SUIT_MASK, parse
from engine.eralash.match import Match
from engine.eralash.options import Options
from engine.eralash.trick import beats
from engine.review import Verdict, review_record
from engine.review.budget import Budget
from engine.review.eralash import judge
from engine.review.eralash.race import Race
from engine.review.judgement import NOISE, Settled, settle

ITERATIONS = 60


def _robber(n: int, seed: int, options: dict[str, Any] | None = None) -> Match:
    return Match.new(Options.from_dict(options or {}), [f"P{i}" for i in range(n)], seed)


def _club_to(match: Match, move_index: int, seed: int) -> Match:
    """Club play (every seat) up to ``move_index`` moves."""
    bots = [ClubBot(seed + i) for i in range(len(match.players))]
    while len(match.moves) < move_index:
        s = match.current_player()
        match.play(bots[s].choose(match.view(s)))
    return match


def _judged(match: Match, move: Any, iterations: int = ITERATIONS, seed: int = 0) -> tuple[Settled, Any]:
    """The verdict's numbers for ``move`` from the seat to move (as the review settles them), and the why."""
    view = match.view(match.current_player())
    j = judge(view, move, Budget(None, iterations), seed)
    return settle(move, j, NOISE["eralash"], "eralash"), j


def test_ducking_while_trailing_one_trick_from_the_end_is_not_a_mistake() -> None:
    # 4 players, seed 10, move 123: seat 2 trails on points (96 to 109) with 12 of 13 robber tricks and
    # plays last to a trick it could take; it ducks with the 5♥ (any trick it takes ends the robber).
    m = _club_to(_robber(4, 10), 123, 10)
    view = m.view(2)
    race = Race.of(view)
    assert m.current_player() == 2 and view.pos == 3 and view.trump >= 0
    assert race.lead() < 0 and race.need(2) == 1
    assert any(beats(c, view.best, view.trump) for c in view.legal_moves())
    duck = parse("5H")
    assert duck in view.legal_moves() and not beats(duck, view.best, view.trump)
    s, j = _judged(m, duck)
    assert s.mark != "mistake" and s.loss < 0.05
    why = j.why or {}
    assert "expected" not in why.get("en", "") and "takes this trick for sure" not in why.get("en", "")


def test_taking_a_trick_while_holding_every_trump_left_is_no_difference() -> None:
    # 2 players, target 30, seed 18, move 82 (deal 2, solved exactly): seat 0 holds every trump left
    # and leads one of them; whatever it leads, it takes the same tricks.
    m = _club_to(_robber(2, 18, {"target": 30}), 82, 18)
    view = m.view(0)
    assert m.current_player() == 0 and m.deals_done and view.trump >= 0
    trumps = SUIT_MASK[view.trump]
    assert view.hand & trumps and not view.unseen() & trumps
    card = parse("10D")
    assert card // 13 == view.trump and card in view.legal_moves() and view.pos == 0
    s, j = _judged(m, card)
    assert j.exact and s.mark == "best" and s.loss == 0.0
    assert len({d for _, d in (j.table or {}).values()}) == 1  # the same tricks whatever is led
    assert j.why is None or j.why["en"].startswith("No difference")


def test_a_first_deal_where_nobody_can_score_gives_no_marks() -> None:
    # 4 players: no seat holds a run or three Aces, so every side stands on 0 points whoever ends the
    # robber; only a slam could make a trick count.
    seed = next(s for s in range(200) if not any(_robber(4, s).deal.points))
    m = _robber(4, seed)
    bots = [ClubBot(seed + i) for i in range(4)]
    while not m.deals_done:
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    assert not any(m.deals_done[0].points) and m.deals_done[0].slam is None
    verdicts = list(review_record(m.to_record(), 0, iterations=ITERATIONS, deals=[1]))
    assert len(verdicts) >= 10
    assert [v.mark for v in verdicts] == ["best"] * len(verdicts)


def _nine_under_queen() -> tuple[Match, int]:
    """2 players, target 30, seed 2357, move 85 (deal 2, solved exactly): the opponent leads the Q♠;
    seat 0, 21 points ahead with 15 robber tricks before this deal, cannot beat it in spades and plays
    the 9♠, which costs a trick against the 5♠ — and the ruff with the 9♦ would have brought it to 30
    tricks at the deal's end, ending the robber while it leads."""
    return _club_to(_robber(2, 2357, {"target": 30}), 85, 2357), parse("9S")


def test_nine_under_a_winning_queen_is_marked_in_the_races_terms() -> None:
    m, card = _nine_under_queen()
    view = m.view(0)
    race = Race.of(view)
    assert m.current_player() == 0 and view.pos == 1 and view.best == parse("QS")
    assert card in view.legal_moves() and not beats(card, view.best, view.trump)
    assert race.lead() == 21 and race.can_end(0)
    s, j = _judged(m, card)
    table = j.table or {}
    assert j.exact and table[parse("5S")][1] == table[card][1] + 1  # exactly a trick against the 5♠
    assert s.mark == "mistake" and s.loss >= 0.05 and s.best != card
    assert j.why is not None
    assert "end the robber while you lead by 21 points: you win it" in j.why["en"]
    assert "ведёте на 21 очко, — вы его выигрываете" in j.why["ru"]
    assert "expected" not in j.why["en"]


def _ten_under_queen() -> tuple[Match, int]:
    """2 players, target 30, seed 64, move 83 (deal 2, solved exactly): the opponent leads the Q♦,
    seat 0 (leading the robber by 16 points, 6 tricks from its end) cannot beat it and plays the 10♦,
    where the 3♦ loses the same trick and keeps the 10♦ to win a later one."""
    return _club_to(_robber(2, 64, {"target": 30}), 83, 64), parse("10D")


def test_a_high_card_under_a_winning_queen_that_costs_a_trick_of_the_race_is_marked() -> None:
    m, card = _ten_under_queen()
    view = m.view(0)
    race = Race.of(view)
    assert m.current_player() == 0 and view.pos == 1 and view.best == parse("QD")
    assert card in view.legal_moves() and not beats(card, view.best, view.trump)
    assert race.lead() > 0 and race.can_end(0)
    s, j = _judged(m, card)
    assert j.exact and s.deal_loss == 1.0 and s.mark != "best" and s.loss >= 0.05
    best = s.best
    assert isinstance(best, int) and best // 13 == card // 13 and best < card  # a lower diamond
    assert j.why is not None
    assert "lead by 16 points" in j.why["en"] and "ведёте на 16 очков" in j.why["ru"]
    assert "expected" not in j.why["en"]


def test_verdicts_never_speak_of_expected_tricks() -> None:
    m, card = _ten_under_queen()
    verdicts: list[Verdict] = list(review_record(m.to_record(), 0, iterations=20, deals=[2]))
    for v in verdicts:
        if v.why is not None:
            assert "expected" not in v.why["en"] and "в среднем" not in v.why["ru"]
