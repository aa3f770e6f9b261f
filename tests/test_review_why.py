"""The coach's why: typed reasons from the seat's view, and the words module that says them.

The planted sets (tests/planted_uragan.py, both claims modes) must get a why that names the planted
cause in at least 90 % of them, checked with a small vocabulary per kind of blunder (not sentences).
"""

from __future__ import annotations

import random
import re

import pytest
from planted_uragan import SCENARIOS, build
from planted_why import ITERATIONS, names_cause, planted_whys

from engine.cards import KING, QUEEN, SEVEN, parse, parse_set
from engine.review import load_match, match_before, review_json
from engine.review import words as W
from engine.review.uragan import why as U
from engine.review.why import decided_why, decision_why, hint_why
from engine.uragan.moves import parse_move
from engine.uragan.view import View


@pytest.mark.parametrize("claims", ["book", "strict"])
def test_the_planted_blunders_why_names_the_cause(claims: str) -> None:
    found = planted_whys(claims, ITERATIONS)
    hits = [what for what, why in found if names_cause(what, why)]
    missed = [(what, why) for what, why in found if not names_cause(what, why)]
    assert len(found) >= 20
    assert len(hits) / len(found) >= 0.9, missed


def test_the_vocabulary_check_catches_a_why_that_misses_the_cause() -> None:
    sweep = {"en": "J♦ taking J♠ leaves A♠ 2♦ 6♣ = 9 on the table; both unseen Queens sweep it: an uragan",
             "ru": "на столе остаются Т♠ 2♦ 6♣ = 9; это ураган для дамы: две дамы ещё не вышли"}
    assert names_cause("takes the J and leaves A+2+6 (9) on the table", sweep)
    assert not names_cause("takes the J and leaves A+2+6 (9) on the table",
                           {"en": sweep["en"].replace("Queens", "cards"), "ru": sweep["ru"]})
    assert not names_cause("takes the J and leaves A+2+6 (9) on the table",
                           {"en": "J♦ is worth more here", "ru": "«В♦» лучше"})
    assert not names_cause("trails while the 7H could be taken", {"en": "K♠ was better", "ru": "К♠"})
    assert not names_cause("takes the 4 instead of sweeping", None)


# -- the words ------------------------------------------------------------------------------------

def test_russian_plurals() -> None:
    forms = {1: "1 карта", 2: "2 карты", 4: "4 карты", 5: "5 карт", 11: "11 карт", 12: "12 карт",
             14: "14 карт", 19: "19 карт", 21: "21 карта", 22: "22 карты", 25: "25 карт", 0: "0 карт",
             101: "101 карта", 111: "111 карт", 112: "112 карт"}
    for n, text in forms.items():
        assert W.count(n, "card", "ru") == text
    assert W.count(1, "point", "ru") == "1 очко" and W.count(3, "point", "ru") == "3 очка"
    assert W.count(7, "point", "ru") == "7 очков" and W.count(13, "trick", "ru") == "13 взяток"
    assert W.count(1, "card", "ru", accusative=True) == "1 карту"  # "на 1 карту больше"
    assert W.count(2, "card", "ru", accusative=True) == "2 карты"
    assert W.count(1, "card", "en") == "1 card" and W.count(2, "card", "en") == "2 cards"
    assert W.noun(1.5, "point", "ru") == "очка"  # "1,5 очка"


def test_numbers_use_the_decimal_comma_in_russian_and_never_minus_zero() -> None:
    assert W.number(1.5, "ru") == "1,5" and W.number(1.5, "en") == "1.5"
    assert W.number(-0.04, "ru") == "0,0" and W.number(-0.04, "en") == "0.0"
    assert W.percent(0.079, "ru") == "8 %" and W.percent(0.079, "en") == "8%"


def test_rank_names_agree_in_gender_and_number() -> None:
    assert W.unseen_of_rank(QUEEN, 1, "ru") == "одна дама ещё не вышла"
    assert W.unseen_of_rank(KING, 1, "ru") == "один король ещё не вышел"
    assert W.unseen_of_rank(QUEEN, 2, "ru") == "обе дамы ещё не вышли"
    assert W.unseen_of_rank(KING, 2, "ru") == "оба короля ещё не вышли"
    assert W.unseen_of_rank(SEVEN, 3, "ru") == "три семёрки ещё не вышли"
    assert W.unseen_of_rank(QUEEN, 2, "en") == "both unseen Queens"
    assert W.unseen_of_rank(KING, 1, "en") == "the one unseen King"
    seven = U.OwnSum(parse_move("3D:3S"), parse_set(["3S", "4C"]), 7, parse("7D"))
    king = U.OwnSum(parse_move("3H:3S"), parse_set(["3S", "4C", "3D"]), 10, parse("KD"))
    assert "взяла бы ваша 7♦" in W.clauses(seven, "ru")[0].replace("«", "").replace("»", "")
    assert "взял бы ваш К♦" in W.clauses(king, "ru")[0]
    sweep_q = U.SweepMissed(parse_move("QS:AS+3H+2D+3C"))
    sweep_k = U.SweepMissed(parse_move("KS:AS+3H+2D+4C"))
    assert W.clauses(sweep_q, "ru")[0].startswith("ваша Д♠ могла")
    assert W.clauses(sweep_k, "ru")[0].startswith("ваш К♠ мог ")


def test_cards_are_named_with_suit_symbols_in_both_languages() -> None:
    assert W.card_list(parse_set(["QS", "10C", "AH"]), "ru") == "Д♠ Т♥ 10♣"
    assert W.card_list(parse_set(["QS", "10C", "AH"]), "en") == "Q♠ A♥ 10♣"
    assert W.move_text(parse_move("5S"), "ru") == "5♠ на стол"
    assert W.move_text(parse_move("JS:2S+3S"), "en") == "J♠ taking 2♠ 3♠"


def test_every_phrase_exists_in_both_languages() -> None:
    assert set(W.PHRASES["en"]) == set(W.PHRASES["ru"])


# -- the reasons come from the view alone ---------------------------------------------------------

def _planted_view(i: int, claims: str = "book", seat: int = 0) -> View:
    rec = build(SCENARIOS[i], claims, seat, seed=7 + i)
    p = rec["planted"]
    return match_before(rec, p["move"]).view(p["seat"])


def test_the_table_left_names_the_total_and_the_unseen_sweepers() -> None:
    i = next(k for k, sc in enumerate(SCENARIOS) if sc.what.startswith("takes the J and leaves A+2+6"))
    rec = build(SCENARIOS[i], "strict", 0, seed=3)
    p = rec["planted"]
    view = match_before(rec, p["move"]).view(0)
    played = parse_move("JD:JS")
    best = parse_move("3C:AS+2D")
    reasons = U.reasons(view, played, best)
    left = next(r for r in reasons if isinstance(r, U.TableLeft))
    assert left.total == 9 and left.value == 9
    assert left.sweepers == view.unseen() & parse_set(["QS", "QH", "QD", "QC"])
    text = W.say([left], "en")
    assert "A♠ 2♦ 6♣ = 9" in text and "Queen" in text and "uragan" in text


def test_a_why_does_not_depend_on_the_hidden_cards() -> None:
    """The same view with the opponent's hand and the stock dealt otherwise gives the same words."""
    rng = random.Random(5)
    for i, sc in enumerate(SCENARIOS[:14]):
        rec = build(sc, "book", i % 2, seed=40 + i)
        p = rec["planted"]
        view = match_before(rec, p["move"]).view(p["seat"])
        legal = view.legal_moves()
        played = legal[0]
        for best in legal[1:6]:
            said = decision_why("uragan", view, played, best, loss=0.1)
            other = View.of_deal(view.determinize(rng), p["seat"])
            assert decision_why("uragan", other, played, best, loss=0.1) == said


def test_a_claim_answer_says_where_the_seven_of_hearts_goes() -> None:
    i = next(k for k, sc in enumerate(SCENARIOS) if sc.what.startswith("claims a 7 that took 3+4"))
    rec = build(SCENARIOS[i], "book", 0, seed=9)
    view = match_before(rec, rec["planted"]["move"]).view(0)
    from engine.uragan.moves import CLAIM, LET_STAND

    text = decision_why("uragan", view, CLAIM, LET_STAND, loss=0.1)
    assert text is not None
    assert "7♥" in text["en"] and "7♥" in text["ru"] and "claim" in text["en"] and "требован" in text["ru"]


def test_a_plain_better_move_still_gets_a_why_with_the_value() -> None:
    view = _planted_view(0)
    legal = view.legal_moves()
    text = decision_why("uragan", view, legal[0], legal[0], loss=0.0)
    assert text is None  # the played move was the best: nothing to explain
    from engine.review.reasons import BetterValue

    said = W.say_both([BetterValue(legal[1], 1.5, "points")])
    assert said == {"en": f"{W.move_text(legal[1], 'en')} is worth 1.5 more deal points here.",
                    "ru": f"«{W.move_text(legal[1], 'ru')}» приносит здесь на 1,5 очка больше."}


def test_hint_why_says_what_the_hinted_move_does() -> None:
    i = next(k for k, sc in enumerate(SCENARIOS) if sc.what.startswith("takes the 4 instead of sweeping"))
    rec = build(SCENARIOS[i], "strict", 0, seed=1)
    view = match_before(rec, rec["planted"]["move"]).view(0)
    sweep = next(m for m in view.legal_moves() if getattr(m, "take", 0) == view.table)
    said = hint_why(view, sweep, "uragan")
    assert said is not None and "uragan" in said["en"] and "ураган" in said["ru"]
    assert hint_why(view, parse_move("4C:4H"), "uragan") is None  # leaves A♠ 2♣ 3♦ = 6 for a six


def test_the_command_line_review_writes_why_on_every_costly_decision() -> None:
    rec = build(SCENARIOS[0], "strict", 0, seed=2)
    out = review_json(rec, 0, iterations=ITERATIONS)
    costly = [d for d in out["decisions"] if d["mark"] != "best"]
    assert costly
    for d in costly:
        assert set(d["why"]) == {"en", "ru"} and all(d["why"].values())


# -- Eralash --------------------------------------------------------------------------------------

def _eralash_planted(kind: str) -> list[tuple[object, int, object]]:
    from planted_eralash import records as eralash_records

    from engine.eralash.trick import beats

    out = []
    for rec in eralash_records():
        p = rec["planted"]
        if kind not in p["what"]:
            continue
        view = match_before(rec, p["move"]).view(p["seat"])
        played = load_match(rec)[1].moves[p["move"]]
        if kind == "slam":
            best = next((c for c in view.legal_moves() if beats(c, view.best, view.trump)), None)
        else:
            best = next((c for c in view.legal_moves() if not beats(c, view.best, view.trump)), None)
        if best is not None:
            out.append((view, played, best))
    return out


def test_eralash_a_slam_let_through_is_named() -> None:
    cases = _eralash_planted("slam")
    assert len(cases) >= 4
    for view, played, best in cases:
        text = decision_why("eralash", view, played, best, loss=0.2)
        assert text is not None and "slam" in text["en"] and "шлем" in text["ru"], text


def test_eralash_over_taking_the_partner_is_named() -> None:
    cases = _eralash_planted("partner")
    assert len(cases) >= 4
    for view, played, best in cases:
        text = decision_why("eralash", view, played, best, loss=0.2)
        assert text is not None and "partner" in text["en"] and "партн" in text["ru"], text


def test_eralash_a_high_trump_where_a_lower_wins_the_same_trick() -> None:
    """Positions from Club games where the seat plays last with two winning trumps: the higher one
    is named as spent, the lower one as winning as well; the lower one's hint says the same."""
    from engine.bots.eralash.club import ClubBot
    from engine.eralash.match import Match
    from engine.eralash.trick import beats
    from engine.review.eralash.why import HighTrump, reasons

    found = 0
    for seed in range(40):
        match = Match.new(None, ["a", "b", "c", "d"], seed)
        bots = [ClubBot(seed + s) for s in range(4)]
        while not match.deals_done and found < 6:
            s = match.current_player()
            view = match.view(s)
            if view.trump >= 0 and view.pos == view.n_players - 1:
                wins = [c for c in view.legal_moves()
                        if c // 13 == view.trump and beats(c, view.best, view.trump)]
                gap = len(wins) >= 2 and any(view.unseen() >> x & 1 for x in range(wins[0] + 1, wins[-1]))
                if gap:
                    got = [r for r in reasons(view, wins[-1], wins[0]) if isinstance(r, HighTrump)]
                    assert got and got[0].card == wins[-1] and beats(got[0].lower, view.best, view.trump)
                    text = W.say(got, "ru")
                    assert W.card(wins[-1], "ru") in text and W.card(got[0].lower, "ru") in text
                    assert hint_why(view, got[0].lower, "eralash") is not None
                    found += 1
            match.play(bots[s].choose(view))
        if found >= 6:
            break
    assert found >= 3


def test_a_decided_deal_reviews_with_the_decided_line_and_no_move_called_good() -> None:
    from engine.review import mark_decided

    out = {"deals": [{"deal": 1, "decided": True}, {"deal": 2, "decided": False}],
           "decisions": [{"deal": 1, "mark": "best"}, {"deal": 1, "mark": "best"},
                         {"deal": 2, "mark": "best"}]}
    mark_decided(out)
    line = decided_why()
    assert out["deals"][0]["why"] == line and "why" not in out["deals"][1]
    assert all(d["why"] == line for d in out["decisions"][:2]) and "why" not in out["decisions"][2]
    assert line["en"].startswith("Nothing you could have done") and line["ru"].startswith("Что бы вы ни")
    for text in line.values():
        assert not re.search(r"good|хорош|лучш", text, re.IGNORECASE)
