"""The coach's why: typed reasons from the seat's view, and the words module that says them.

The planted sets (tests/planted_uragan.py, both claims modes) must get a why that names the planted
cause in at least 90 % of them, checked with a small vocabulary per kind of blunder (not sentences).
"""

from __future__ import annotations

import random
import re

import pytest
from club_records import eralash_club_deal
from planted_uragan import SCENARIOS, build
from planted_why import ITERATIONS, names_cause, planted_whys

from engine.cards import KING, QUEEN, SEVEN, parse, parse_set
from engine.review import load_match, match_before, review_json
from engine.review import words as W
from engine.review.uragan import why as U
from engine.review.why import decided_why, decision_why, hint_why
from engine.uragan.moves import parse_move
from engine.uragan.view import View

pytestmark = pytest.mark.slow


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
    assert W.count(1, "point", "ru") == "1 балл" and W.count(3, "point", "ru") == "3 балла"
    assert W.count(7, "point", "ru") == "7 баллов" and W.count(13, "trick", "ru") == "13 взяток"
    assert W.count(1, "card", "ru", accusative=True) == "1 карту"  # "на 1 карту больше"
    assert W.count(2, "card", "ru", accusative=True) == "2 карты"
    assert W.count(1, "card", "en") == "1 card" and W.count(2, "card", "en") == "2 cards"
    assert W.noun(1.5, "point", "ru") == "балла"  # "1,5 балла"


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
                    "ru": f"«{W.move_text(legal[1], 'ru')}» приносит здесь на 1,5 балла больше."}
    whole = W.say_both([BetterValue(legal[1], 1.0, "points")])
    assert whole is not None and "1 more deal point here" in whole["en"] and "на 1 балл больше" in whole["ru"]
    tricks = W.say_both([BetterValue(legal[1], 2.0, "tricks")])
    assert tricks is not None and "2 more tricks" in tricks["en"] and "на 2 взятки больше" in tricks["ru"]


def test_hint_why_says_what_the_hinted_move_does() -> None:
    i = next(k for k, sc in enumerate(SCENARIOS) if sc.what.startswith("takes the 4 instead of sweeping"))
    rec = build(SCENARIOS[i], "strict", 0, seed=1)
    view = match_before(rec, rec["planted"]["move"]).view(0)
    sweep = next(m for m in view.legal_moves() if getattr(m, "take", 0) == view.table)
    said = hint_why(view, sweep, "uragan")
    assert said == {"en": "it takes the whole table: an uragan, 1 point.",
                    "ru": "так вы забираете весь стол — ураган, 1 балл."}
    # no uragan, 7♥ or primiera card: it still says what the move does
    assert hint_why(view, parse_move("4C:4H"), "uragan") == {"en": "it takes 2 cards, 1 of them hearts.",
                                                             "ru": "так вы берёте 2 карты, из них червей: 1."}


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


def test_bait_needs_the_samples_to_agree() -> None:
    """An opponent's lawful trail left on the table is bait only when most sampled deals give the
    opponent another card of its value (Club games: positions right after seat 0 trailed)."""
    from engine.bots.uragan.club import UraganClub
    from engine.review.uragan.why import BAIT_CHANCE, Bait, _twin_chance
    from engine.uragan.deck import VALUE
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    seen = baited = 0
    for seed in range(20):
        m = Match.new(Options(claims="strict"), ["a", "b"], seed)
        bots = [UraganClub(seed), UraganClub(seed + 1)]
        while not m.deals_done:
            s = m.current_player()
            v = m.view(s)
            last = v.plays[-1] if v.plays else None
            if s == 1 and v.phase == 0 and last is not None and last.seat == 0 and not last.take \
                    and v.stock_size:  # the last round is solved: its why is the solved lines

                trails = [mv for mv in v.legal_moves() if not mv.take and mv.card != last.card]
                takes = [mv for mv in v.legal_moves() if mv.take >> last.card & 1]
                if trails and takes:
                    got = [r for r in U.reasons(v, trails[0], takes[0]) if isinstance(r, Bait)]
                    assert bool(got) == (_twin_chance(v, VALUE[last.card]) >= BAIT_CHANCE)
                    if got:
                        assert got[0].card == last.card and "%" in W.say(got, "en")
                        assert W.card(last.card, "ru") in W.say(got, "ru")
                    seen += 1
                    baited += bool(got)
            m.play(bots[s].choose(v))
    assert seen >= 10 and 0 < baited < seen


def test_eralash_the_robber_race_is_said_only_when_it_points_the_better_way() -> None:
    """Club robbers: wherever the trick on the table is given as the race's reason, the better move
    takes it when the seat's side leads on points and lets it go when it trails (or stops the leader),
    and the words carry the gap and the target."""
    from engine.bots.eralash.club import ClubBot
    from engine.eralash.match import Match
    from engine.review.eralash.race import Race
    from engine.review.eralash.why import RaceTrick, _surely_wins, _wins_now, reasons

    said = 0
    for seed in range(6):
        match = Match.new(None, ["a", "b", "c"], seed)
        bots = [ClubBot(seed + s) for s in range(3)]
        while not match.is_over() and said < 12:
            s = match.current_player()
            view = match.view(s)
            legal = view.legal_moves()
            if view.trump >= 0 and view.pos > 0 and len(legal) > 1:
                race = Race.of(view)
                for a in legal[:3]:
                    for b in legal[-3:]:
                        for r in reasons(view, a, b):
                            if isinstance(r, RaceTrick):
                                lead = race.lead()
                                if r.how == "duck":
                                    assert lead < 0 and _surely_wins(view, a) and not _wins_now(view, b)
                                elif r.how == "take":
                                    assert lead > 0 and _surely_wins(view, b) and not _wins_now(view, a)
                                else:
                                    assert view.pos == view.n_players - 1
                                text = W.say([r], "ru")
                                words = (f"из {r.target}", f"у вас {r.target}", "кончает")
                                assert any(w in text for w in words)
                                assert "очк" in text
                                said += 1
            match.play(bots[s].choose(view))
    assert said >= 3


def test_a_priority_breaking_play_says_it_may_be_claimed_and_what_followed() -> None:
    from engine.review.uragan.why import followed

    i = next(k for k, sc in enumerate(SCENARIOS) if sc.what.startswith("claims a 7 that took 3+4"))
    rec = build(SCENARIOS[i], "book", 0, seed=11)
    moves = load_match(rec)[1].moves
    index = rec["planted"]["move"] - 1  # the opponent's 7♣ taking 3♠ 4♠ beside the 7♥, then the claim
    view = match_before(rec, index).view(1)
    played, best = moves[index], parse_move("7C:7H")
    claimed, forced = followed(moves, index)
    assert claimed is True and forced is None  # one demanded capture: no pick followed
    said = decision_why("uragan", view, played, best, loss=0.1, claimed=claimed, forced=forced)
    assert said is not None
    assert "claim" in said["en"] and "требова" in said["ru"] and "equal card" in said["en"]
    assert "had to take 7♥" in said["en"]
    plain = decision_why("uragan", view, played, best, loss=0.1)
    assert plain is not None and "claimed" not in plain["en"]  # not known: not said




def test_eralash_an_exact_high_ruff_in_a_one_deal_robber_is_no_difference() -> None:
    """2 players, seed 13, move 35: the A♦ ruffs where the 7♦ wins the same trick (exact). It costs a
    trick, but a two-player robber is one deal and the points dealt decide it: no mark. Said with a
    loss, the why names the lower trump."""
    from engine.review import match_before, review_record

    rec = eralash_club_deal(2, 13, (35, "AD"))
    v = next(v for v in review_record(rec, 0, iterations=20) if v.move_index == 35)
    assert v.exact and v.deal_loss == 1.0 and v.mark == "best" and v.loss == 0.0
    view = match_before(rec, 35).view(0)
    why = decision_why("eralash", view, parse("AD"), parse("7D"), loss=0.1)
    assert why is not None
    assert "A♦" in why["en"] and "7♦" in why["en"] and "Т♦" in why["ru"] and "7♦" in why["ru"]


def test_eralash_a_high_loser_names_the_lower_card() -> None:
    from engine.review import match_before

    rec = eralash_club_deal(2, 12, (35, "QD"))
    view = match_before(rec, 35).view(0)
    why = decision_why("eralash", view, parse("QD"), parse("8D"), loss=0.1)
    assert why is not None and "8♦" in why["en"] and "trick" in why["en"] and "взятк" in why["ru"]


def test_eralash_a_decided_deal_reviews_with_the_decided_line_and_no_move_called_good() -> None:
    from engine.cards import SUIT_MASK

    hands = [SUIT_MASK[0] | SUIT_MASK[1], SUIT_MASK[2] | SUIT_MASK[3]]  # seat 0 takes every trick
    out = review_json(eralash_club_deal(2, 3, hands=hands), 0, iterations=20)
    line = decided_why()
    assert out["deals"][0]["decided"] is True and out["deals"][0]["why"] == line
    assert len(out["decisions"]) > 20 and all(d["why"] == line for d in out["decisions"])
    for d in out["decisions"]:
        assert not re.search(r"good|хорош", " ".join(d["why"].values()), re.IGNORECASE)


def test_eralash_words_agree_with_the_lower_cards_gender() -> None:
    from engine.review.eralash.why import HighTrump

    seven = W.say([HighTrump(parse("AD"), parse("7D"))], "ru")
    jack = W.say([HighTrump(parse("AD"), parse("JD"))], "ru")
    assert "взяла бы и 7♦" in seven and "взял бы и В♦" in jack


def test_a_trail_that_offers_a_heart_or_a_primiera_card_says_so() -> None:
    from engine.review.uragan.why import TrailOffered, _offered

    got = _offered(parse_move("AH"), parse_move("4S"))
    assert isinstance(got, TrailOffered) and got.what == "heart"
    assert "heart" in W.say([got], "en") and "черв" in W.say([got], "ru") and "Т♥" in W.say([got], "ru")
    got = _offered(parse_move("AC"), parse_move("QD"))
    assert got is not None and got.what == "primiera" and got.points == 16 and "16" in W.say([got], "en")
    assert _offered(parse_move("QD"), parse_move("AC")) is None  # the better move offers more
    assert _offered(parse_move("6C"), parse_move("AD")) is None  # 18 against 16: too close to say
    assert _offered(parse_move("QD"), parse_move("7C:7H")) is None  # only when both trail


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_every_decision_of_club_games_gets_words_in_both_languages(game: str) -> None:
    """Whatever the position and whichever move is called better, the why and the hint are whole
    sentences in both languages (no missing phrase, no placeholder left), or nothing."""
    from engine.review import decisions
    from engine.review.bench import club_record
    from engine.uragan.match import Match
    from engine.uragan.options import Options

    if game == "uragan":
        recs = [club_record("uragan", s) for s in range(1, 5)]
        m = Match.new(Options(claims="book"), ["a", "b"], 9)  # book claims: breaches, claims, picks
        rng = random.Random(9)
        while not m.deals_done:
            m.play(rng.choice(m.legal_moves()))
        recs.append(m.to_record())
    else:
        recs = [club_record("eralash", s) for s in range(1, 4)]
    said = 0
    for rec in recs:
        for seat in (0, 1):
            for d in decisions(rec, seat):
                view = match_before(rec, d.move_index).view(seat)
                for best in view.legal_moves()[:6]:
                    for text in (decision_why(game, view, d.played, best, loss=0.02, deal_loss=0.4),
                                 hint_why(view, best, game)):
                        if text is None:
                            continue
                        assert set(text) == {"en", "ru"}
                        for s in text.values():
                            assert s and s.endswith(".") and "{" not in s and "None" not in s
                        said += 1
    assert said > 50


def test_an_eralash_why_does_not_depend_on_the_hidden_cards() -> None:
    from engine.eralash.view import View as EView
    from engine.review import decisions
    from engine.review.bench import club_record

    rng = random.Random(3)
    rec = club_record("eralash", 2)
    checked = 0
    for d in decisions(rec, 0):
        match = match_before(rec, d.move_index)
        view = match.view(0)
        other = EView.of(view.determinize(rng), 0, match)
        assert other.hand == view.hand
        for best in view.legal_moves()[:5]:
            said = decision_why("eralash", view, d.played, best, loss=0.05)
            assert decision_why("eralash", other, d.played, best, loss=0.05) == said
            checked += 1
    assert checked > 10
