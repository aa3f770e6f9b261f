"""Marks that add up: over whole reviews of both games, the viewer's head total ("Lost 0.6 deal points",
"Lost 31% of robber chance") is exactly the sum of what the marks show, a move marked best shows no
cost and names no other card, and every loss the head counts has a mark that says it.

Real reviews (Club's first deal of a few seeds, an iteration cap), read as the viewer reads them.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.review import load_match, review_record
from engine.review.bench import club_record
from game.review.model import Replay
from game.review.words import cost_lost, mark_line
from game.words import i18n

pytestmark = pytest.mark.slow

ITERATIONS = 200


REVIEWED = (("uragan", (1, 2, 3), (0, 1)), ("eralash", (1, 2), (0,)))


@pytest.fixture(scope="module")
def reviews() -> dict[tuple[str, int, int], tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Each review's record and verdicts (as the worker sends them), searched once for both languages."""
    out = {}
    for game, seeds, seats in REVIEWED:
        for seed in seeds:
            rec = club_record(game, seed)
            for seat in seats:
                verdicts = review_record(rec, seat, iterations=ITERATIONS, seed=0)
                out[game, seed, seat] = rec, [v.to_json() for v in verdicts]
    return out


def _reviewed(game: str, rec: dict[str, Any], seat: int, verdicts: list[dict[str, Any]]) -> Replay:
    replay = Replay(game, load_match(rec)[1], seat)
    for v in verdicts:
        assert replay.add_verdict(copy.deepcopy(v)) is not None
    return replay


def _unit_words(unit: str) -> list[str]:
    """Every form the game's cost unit is said in (to find a cost in a mark's line)."""
    forms = i18n.lookup(f"review.unit.{unit}")
    said = forms.values() if isinstance(forms, dict) else [forms]
    return [str(f).replace("{n}", "").strip() for f in said]


def _check(replay: Replay) -> tuple[int, int]:
    s = replay.summary()
    unit = s["unit"]
    shown_total = 0.0
    costed = 0
    for v in replay.verdicts:
        decided = replay.is_decided(v.deal)
        text, _ = mark_line(v, unit, decided)
        shown = v.shown_cost(unit, decided)
        if shown > 0:
            assert cost_lost(shown, unit) in text, (text, shown)
            costed += 1
        else:
            assert not any(w in text for w in _unit_words(unit)), text
        if v.grade == "best":
            assert v.best == v.played  # the lifted alternative is never another card
        shown_total += shown
    assert s["cost_lost"] is not None
    assert cost_lost(s["cost_lost"], unit, minus=False) == cost_lost(shown_total, unit, minus=False)
    assert abs(s["cost_lost"] - round(shown_total, 1)) < 1e-9
    return costed, len(replay.verdicts)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_head_is_the_sum_of_the_marks_in_both_games(lang: str, reviews) -> None:
    i18n.set_language(lang)
    try:
        costed = judged = 0
        for (game, _, seat), (rec, verdicts) in reviews.items():
            c, n = _check(_reviewed(game, rec, seat, verdicts))
            costed, judged = costed + c, judged + n
        assert len(reviews) == 8
        assert judged >= 40 and costed >= 3  # real reviews, with costs to add up
    finally:
        i18n.set_language("en")


def test_the_check_catches_a_head_that_adds_what_no_mark_shows() -> None:
    """The checker itself: a verdict marked best with a deal loss (what the head used to add in)
    makes the old sum differ from what the marks show, and the head now leaves it out."""
    i18n.set_language("en")
    rec = club_record("uragan", 1)
    replay = Replay("uragan", load_match(rec)[1], 0)
    step = next(i for i in replay.decisions())
    st = replay.steps[step]
    from engine.review.verdict import move_json

    raw = {"deal": st.deal, "play": 1, "move": st.moves, "played": move_json("uragan", st.next_move),
           "best": move_json("uragan", st.next_move), "loss": 0.0, "deal_loss": 0.2, "mark": "best"}
    replay.add_verdict(raw)
    assert sum(v.deal_loss or 0 for v in replay.verdicts) == 0.2  # what the head added before
    assert replay.summary()["cost_lost"] == 0.0  # what the marks show
    _check(replay)


def test_statistics_count_a_good_move_as_accurate_and_its_shown_loss(tmp_path) -> None:
    """Statistics read the same marks: best and good are accurate, and the deal loss kept is what
    the marks show (a move marked best has lost nothing)."""
    from game.review.model import Verdict
    from game.store.stats import Stats
    from game.store.storage import Store

    vs = [Verdict(1, 1, None, None, 0.0, raw={"mark": m, "deal_loss": d})
          for m, d in (("best", 0.04), ("good", 0.16), ("inaccuracy", 0.4), ("mistake", 1.23))]
    stats = Stats.load(Store(tmp_path))
    stats.record_review("uragan", [0.0] * 4, "a", marks=[v.grade for v in vs],
                        deal_losses=[v.shown_cost("points") for v in vs])
    assert stats.accuracy_share("uragan") == 0.5
    assert abs(stats.deal_loss_per_decision("uragan") - (0.2 + 0.4 + 1.2) / 4) < 1e-9
