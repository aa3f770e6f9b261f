"""The Uragan review judges every move in the deal's points too: a lost match no longer hides the
mistakes of a deal, and the last round is judged exactly."""

from __future__ import annotations

from engine.bots.uragan.endgame import Endgame, points_utility, win_utility
from engine.bots.uragan.endgame_bench import last_round_positions
from engine.review import review_json, review_record
from engine.review.budget import Budget
from engine.review.uragan import judge
from engine.uragan.view import View


def _lost_match_record() -> dict:
    """Novice (seat 0) against Club, seed 7: deal 4 starts at 2:14 (seat 0's match-win chance under
    1 %) and seat 0 loses it 0:6."""
    from engine.games import game_named
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    m = Match.new(Options(), ["a", "b"], 7)
    bots = [game_named("uragan").make_bot("novice", 7), game_named("uragan").make_bot("club", 8)]
    while not m.is_over():
        s = m.current_player()
        m.play(bots[s].choose(m.view(s)))
    assert [int(x) for x in m.deals_done[3].score()] == [0, 6]
    return m.to_record()


def test_a_deal_lost_with_a_lost_match_is_not_flawless() -> None:
    rec = _lost_match_record()
    vs = list(review_record(rec, 0, iterations=150, deals=[4]))
    assert vs and all(v.deal == 4 for v in vs)
    assert sum(v.loss for v in vs) < 0.05  # the match was lost whatever seat 0 did
    mistakes = [v for v in vs if v.mark == "mistake"]
    assert mistakes, "moves that cost points in the deal are marked"
    assert all(v.deal_loss is not None and v.deal_loss >= 1.0 for v in mistakes)
    out = review_json(rec, 0, iterations=150)
    assert out["deal_unit"] == "points"
    deal4 = next(d for d in out["deals"] if d["deal"] == 4)
    assert deal4["mistakes"] == len(mistakes) and deal4["decided"] is False


def test_last_round_verdicts_are_exact_from_the_seat_view() -> None:
    """The judge sees only the view, yet its values are the true ones: every lawful move's exact
    win chance and deal value on the real deal, the best optimal, the deal loss the true loss."""
    for deal, points in last_round_positions(12, "book", 31):
        seat = deal.current_player()
        view = View.of_deal(deal, seat, match_points=points)
        moves = deal.legal_moves()
        played = moves[-1]
        j = judge(view, played, Budget(None, 50), 0)
        assert j.exact and j.table is not None and played in j.table
        win = Endgame(win_utility(points, view.target))
        pts = Endgame(points_utility)
        sign = 1 if seat == 0 else -1
        for m, (w, d) in j.table.items():
            tw, td = win.value_after(deal, m), pts.value_after(deal, m)
            assert w == (tw if seat == 0 else 1 - tw)
            assert d == sign * td
        lawful = Endgame.root_moves(deal)
        assert all(m in j.table for m in lawful)
        top = max(j.table[m][0] for m in lawful)
        assert j.table[j.best][0] >= top - 0.01  # the best is optimal for the match (within noise)
        near = [m for m in lawful if j.table[m][0] >= top - 0.01]
        assert j.table[j.best][1] == max(j.table[m][1] for m in near)  # and then for the deal
        assert j.line and j.line[0] == j.best


def test_a_review_without_deal_values_still_settles() -> None:
    """The seam is optional: a judge giving only win chances (as before) settles as before."""
    from engine.review.judgement import Judgement, settle

    s = settle("x", Judgement("y", 0.4, 0.5, 1), 0.01)
    assert s.deal_loss is None and s.mark == "mistake" and s.best == "y"
