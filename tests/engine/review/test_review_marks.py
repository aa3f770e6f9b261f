"""The review's game-neutral plumbing: settle's best/deal values/marks, the deal summaries, the JSON."""

from __future__ import annotations

from engine.review import Verdict, deal_summaries
from engine.review.judgement import Judgement, mark_of, settle


def test_marks_use_the_larger_loss_match_or_deal() -> None:
    assert mark_of(0.0, 0.0, False) == "best"
    assert mark_of(0.0, 1.0, False) == "mistake"
    assert mark_of(0.0, 0.7, False) == "mistake"
    assert mark_of(0.0, 0.69, False) == "inaccuracy"
    assert mark_of(0.06, 0.0, False) == "mistake"
    assert mark_of(0.02, 0.1, False) == "inaccuracy"
    assert mark_of(0.0, 0.3, False) == "inaccuracy"
    assert mark_of(0.0, 0.29, False) == "good"
    assert mark_of(0.0, 0.05, False) == "good"
    assert mark_of(0.0, 0.04, False) == "best"  # within the search's noise: nothing lost
    # Eralash marks by the robber chance alone: tricks lost score nothing; a chance lost above the
    # noise but under an inaccuracy is good
    assert mark_of(0.0, 5.0, False, "eralash") == "best"
    assert mark_of(0.06, 0.0, False, "eralash") == "good"
    assert mark_of(0.08, 0.0, False, "eralash") == "inaccuracy"
    assert mark_of(0.15, 0.0, False, "eralash") == "mistake"
    assert mark_of(0.5, 5.0, True) == "best"  # the move the coach names is never its own mistake


def test_a_lost_match_still_judges_the_deal() -> None:
    # every move loses the match; the played one costs two points in the deal
    j = Judgement("a", 0.0, 0.0, 10, table={"a": (0.0, -3.0), "b": (0.0, -1.0), "c": (0.0, -2.5)})
    s = settle("a", j, 0.01)
    assert s.best == "b" and s.loss == 0.0
    assert (s.deal_played, s.deal_best, s.deal_loss) == (-3.0, -1.0, 2.0)
    assert s.mark == "mistake"
    assert s.deal_spread == 2.0 and s.win_spread == 0.0


def test_the_best_is_the_win_first_then_the_deal() -> None:
    table = {"a": (0.60, 1.0), "b": (0.595, 2.0), "c": (0.30, 4.0)}
    s = settle("a", Judgement("a", 0, 0, 1, table=table), 0.01)
    assert s.best == "b"                       # within the noise of the top, more deal points
    assert s.loss == 0.0 and s.deal_best == 4.0 and s.deal_loss == 3.0
    assert s.mark == "mistake"
    s = settle("b", Judgement("a", 0, 0, 1, table=table), 0.01)
    assert s.best == "b" and s.mark == "best" and s.deal_loss == 2.0
    s = settle("c", Judgement("a", 0, 0, 1, table=table), 0.01)
    assert s.best == "b" and s.loss == 0.295 and s.mark == "mistake" and s.deal_loss == 0.0


def test_without_a_table_the_old_behaviour_stays() -> None:
    s = settle("a", Judgement("b", 0.5, 0.505, 1), 0.01)
    assert (s.best, s.loss, s.nearly, s.deal_played, s.mark) == ("a", 0.0, True, None, "best")
    s = settle("a", Judgement("b", 0.5, 0.6, 1), 0.01)
    assert (s.best, s.loss, s.mark) == ("b", 0.1, "mistake")


def _v(deal: int, mark: str, ws: float, ds: float) -> Verdict:
    return Verdict("uragan", deal, 1, 0, "play", 0, None, None, 0.5, 0.5, 0.0, mark=mark,
                   win_spread=ws, deal_spread=ds)


def test_deal_summaries_count_marks_and_say_when_nothing_mattered() -> None:
    vs = [_v(1, "best", 0.0, 0.0), _v(1, "best", 0.005, 0.1), _v(2, "mistake", 0.0, 2.0),
          _v(2, "inaccuracy", 0.0, 0.5), _v(2, "best", 0.0, 0.0)]
    out = deal_summaries(vs, 0.01)
    assert out == [{"deal": 1, "decisions": 2, "mistakes": 0, "inaccuracies": 0, "good": 0, "decided": True},
                   {"deal": 2, "decisions": 3, "mistakes": 1, "inaccuracies": 1, "good": 0, "decided": False}]


def test_verdict_json_writes_the_new_fields_and_why_only_when_set() -> None:
    from engine.uragan.moves import move_from_json

    m = move_from_json({"card": "5S", "take": ["4D", "AC"]})
    v = Verdict("uragan", 1, 1, 0, "play", 3, m, m, 0.5, 0.5, 0.0, deal_played=2.0, deal_best=2.0,
                deal_loss=0.0, exact=True, line=(m,))
    out = v.to_json()
    assert out["exact"] is True and out["mark"] == "best" and out["deal_loss"] == 0.0
    assert out["line"] == [{"card": "5S", "take": ["AC", "4D"]}]
    assert "why" not in out
    out = Verdict("uragan", 1, 1, 0, "play", 3, m, m, 0.5, 0.5, 0.0, why={"en": "x", "ru": "y"}).to_json()
    assert out["why"] == {"en": "x", "ru": "y"} and "deal_played" not in out


def test_a_judge_spread_keeps_a_deal_from_being_called_decided() -> None:
    j = Judgement("a", 0, 0, 1, table={"a": (0.5, 1.0), "b": (0.5, 1.1)}, spread=(0.0, 2.0))
    s = settle("a", j, 0.01)
    assert s.deal_spread == 2.0 and s.win_spread == 0.0
    s = settle("a", j._replace(spread=None), 0.01)
    assert s.deal_spread == 0.1


def test_a_small_deal_loss_is_good_not_best_and_the_named_best_stays_the_better_move() -> None:
    # the played move is within the noise in win chance but gives up 0.2 deal point: "good", and
    # the better move is still named (the viewer lifts it)
    table = {"a": (0.600, 1.0), "b": (0.605, 1.2)}
    s = settle("a", Judgement("b", 0, 0, 1, table=table), 0.01)
    assert s.best == "b" and s.loss == 0.0 and s.mark == "good"
    assert abs(s.deal_loss - 0.2) < 1e-9


def test_a_move_that_loses_nothing_is_named_best_itself() -> None:
    # within the noise in both: "best", and the best named is the played move, not another card
    table = {"a": (0.600, 1.0), "b": (0.605, 1.03)}
    s = settle("a", Judgement("b", 0, 0, 1, table=table), 0.01)
    assert s.mark == "best" and s.best == "a" and s.loss == 0.0 and s.win_best == s.win_played
