"""The coach that teaches: marks and losses in plain units, the why line, the decided deal, Show me how.

Verdicts are made by hand in the review's format (docs/records.md, Reviewing a record: ``mark``,
``deal_loss``, ``why``, ``line``, ``decided``) and planted on a real record's decisions, so these tests
do not depend on the search; the line is made of moves the position allows.
"""

import json

import pygame
import pytest
from helpers import click, frames, key
from places import DATA

from engine import cards as C
from engine.records import match_from_record
from game.review.model import Replay
from game.review.viewer import ReplayMixin, viewer_for
from game.review.words import amount, chance_lost, cost_lost, mark_line, number
from game.words import i18n

pytestmark = pytest.mark.slow


def plain(text):
    """Words as read: the no-break spaces that keep a number with its unit are spaces."""
    return text.replace("\u00a0", " ")


@pytest.fixture(autouse=True)
def no_search(monkeypatch, tmp_path):
    monkeypatch.setattr(ReplayMixin, "review_iterations", 12)
    monkeypatch.setenv("SALON_RECORDS_DIR", str(tmp_path / "records"))


def record(name="uragan_claims.json"):
    rec = json.loads((DATA / name).read_text(encoding="utf-8"))
    return rec, match_from_record(rec)


def move_json(game, move):
    from engine.review.verdict import move_json as to_json

    return to_json(game, move)


def line_from(step, first, plies):
    """``first`` then the first legal move of whoever is to move, ``plies`` moves in all (fewer at the
    deal's end), as JSON."""
    m = step.match.copy()
    deals = len(m.deals_done)
    out = []
    move = first
    for _ in range(plies):
        out.append(move_json(m_game(m), move))
        m.play(move)
        if len(m.deals_done) > deals or m.is_over():
            break
        move = m.legal_moves()[0]
    return out


def m_game(m):
    return "uragan" if type(m).__module__.startswith("engine.uragan") else "eralash"


def plant(replay, index, **fields):
    """A verdict on the decision at step ``index``: best is a legal move other than the one played."""
    step = replay.steps[index]
    game = replay.game
    best = next(mv for mv in step.match.legal_moves() if mv != step.next_move)
    raw = {"deal": step.deal, "play": 1, "move": step.moves, "played": move_json(game, step.next_move),
           "best": move_json(game, best), "loss": 0.079, "win_chance_played": 0.4, "win_chance_best": 0.479,
           "deal_loss": 1.5, "mark": "mistake", "exact": False,
           "why": {"en": "The 7H stays on the table for an unseen seven.",
                   "ru": "7♥ остаётся на столе под невышедшую семёрку."},
           "line": line_from(step, best, 4)}
    raw.update(fields)
    assert replay.add_verdict(raw) == index
    return raw


def open_viewer(app, name="uragan_claims.json", seat=0):
    rec, match = record(name)
    viewer = viewer_for(app, rec["game"], match, seat, record=rec, review=False)
    app.stack.push(viewer)
    frames(app, 2)
    return viewer


def test_numbers_follow_the_language_and_never_show_minus_zero():
    i18n.set_language("ru")
    assert number(7.94) == "7,9" and number(2.0) == "2" and number(-0.04) == "0"
    assert plain(chance_lost(7.9)) == "−7,9 % шанса на победу"
    assert plain(cost_lost(1.5, "points")) == "−1,5 балла за сдачу"
    assert plain(cost_lost(1, "points")) == "−1 балл за сдачу"
    assert plain(cost_lost(3, "points")) == "−3 балла за сдачу"
    assert plain(cost_lost(5, "points")) == "−5 баллов за сдачу"
    assert plain(cost_lost(18.4, "robber")) == "−18,4 % шанса выиграть роббер"
    assert plain(cost_lost(31, "robber", minus=False)) == "31 % шанса выиграть роббер"
    i18n.set_language("en")
    assert plain(chance_lost(7.9)) == "−7.9% chance to win"
    assert plain(cost_lost(1.5, "points")) == "−1.5 deal points"
    assert plain(cost_lost(1, "points")) == "−1 deal point"
    assert plain(amount(1, "review.unit.points")) == "1 deal point"
    assert plain(cost_lost(18, "robber")) == "−18% of robber chance"


def test_three_marks_named_once_with_their_cost():
    from game.review.model import Verdict

    i18n.set_language("ru")
    mistake = Verdict(1, 1, None, None, 0.079, raw={"mark": "mistake", "deal_loss": 1.5})
    said = [plain(x) for x in mark_line(mistake, "points")]
    assert said == ["● Ошибка: −1,5 балла за сдачу · −7,9 % шанса на победу", "mistake"]
    small = Verdict(1, 1, None, None, 0.0004, raw={"mark": "inaccuracy", "deal_loss": 0.4})
    assert plain(mark_line(small, "points")[0]) == "● Неточность: −0,4 балла за сдачу"  # no "−0 %"
    best = Verdict(1, 1, None, None, 0.0, raw={"mark": "best", "deal_loss": 0.0})
    assert mark_line(best, "robber") == ("● Лучший ход", "best")
    assert mark_line(mistake, "points", decided=True) == ("● Без разницы", "nodiff")
    i18n.set_language("en")
    assert plain(mark_line(mistake, "points")[0]) == "● Mistake: −1.5 deal points · −7.9% chance to win"
    old = Verdict(1, 1, None, None, 0.03)  # an older review without a mark: graded by its win chance
    assert old.grade == "inaccuracy" and old.deal_loss is None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_why_line_in_the_interface_language_under_the_verdict(make_app, lang):
    app = make_app(lang=lang)
    viewer = open_viewer(app)
    at = viewer.replay.decisions()[2]
    raw = plant(viewer.replay, at)
    viewer.goto(at, animate=False)
    texts = [plain(line[0]) for line in viewer.step_lines()]
    assert raw["why"][lang] in " ".join(texts)
    assert raw["why"]["en" if lang == "ru" else "ru"] not in " ".join(texts)
    mark = "● Ошибка: −1,5 балла за сдачу" if lang == "ru" else "● Mistake: −1.5 deal points"
    assert any(text.startswith(mark) for text in texts)
    head = plain(" ".join(line[0] for line in viewer.header_lines()))
    assert ("Потеряно: 1,5 балла за сдачу" if lang == "ru" else "Lost: 1.5 deal points") in head
    assert " п." not in head + " ".join(texts)


def test_a_decided_deal_says_so_and_calls_no_move_good(make_app):
    app = make_app(lang="en")
    viewer = open_viewer(app)
    replay = viewer.replay
    firsts = [i for i in replay.decisions() if replay.steps[i].deal == 1]
    plant(replay, firsts[0], mark="best", loss=0.0, deal_loss=0.0, why=None, line=[])
    plant(replay, firsts[1], decided=True)
    replay.scope = {1}
    head = " ".join(line[0] for line in viewer.header_lines())
    assert "Nothing you could have done in this deal would have changed the result." in head
    for i in firsts[:2]:
        viewer.goto(i, animate=False)
        words = " ".join(line[0] for line in viewer.step_lines())
        assert "● No difference" in words and "Best" not in words and "good" not in words.lower()
        assert not viewer.line.can_show()
        assert not any(sp.highlight for sp in viewer.table.sprites.values())  # no "better" move drawn
    replay.decided[1] = False  # the same deal when choices mattered: marks and the better move again
    viewer.goto(firsts[1], animate=False)
    assert "● Mistake" in " ".join(line[0] for line in viewer.step_lines())


def test_a_deal_summary_in_the_stream_names_the_deal_decided():
    rec, match = record()
    replay = Replay("uragan", match, 0)
    assert replay.add_verdict({"deal": 1, "decisions": 17, "mistakes": 0, "decided": True}) is None
    assert replay.is_decided(1) and not replay.is_decided(2) and not replay.verdicts


def run_line(app, viewer, limit=400):
    for _ in range(limit):
        if viewer.line_done():
            return
        frames(app, 1, dt=0.1)
    raise AssertionError("the line never ended")


def test_show_me_how_plays_the_better_line_and_goes_back(make_app):
    app = make_app(lang="ru", speed="instant")
    viewer = open_viewer(app)
    at = viewer.replay.decisions()[1]
    raw = plant(viewer.replay, at)
    viewer.goto(at, animate=False)
    assert any(b.key == "show_me" for b in viewer.buttons)
    real = viewer.table.shown
    key(app, pygame.K_s)
    assert viewer.showing_line() and viewer.line_at == 0
    for _ in range(200):  # the better move first, marked on the cards and then made
        frames(app, 1, dt=0.1)
        if viewer.line_at == 1:
            break
    first = viewer.line.position()
    assert first.next_move == viewer.replay.to_move(raw["best"]) and viewer.table.shown is first.shown
    assert "Лучшая линия: 1 из" in " ".join(line[0] for line in viewer.step_lines())
    run_line(app, viewer)
    assert viewer.line_at == len(raw["line"]) and viewer.table.shown is viewer.line.line[-1].shown
    assert any("Конец линии" in line[0] for line in viewer.step_lines())
    back = next(b for b in viewer.buttons if b.key == "show_me")
    assert back.label == "Назад к партии"
    click(app, back.rect.center)
    assert not viewer.showing_line() and viewer.index == at and viewer.table.shown is real


def a_whole_deal():
    """An Uragan match played to the end of its first deal (each seat's first legal move)."""
    from engine.uragan import Match, Options

    m = Match.new(Options(), ["a", "b"], 17)
    while not m.deals_done:
        m.play(m.legal_moves()[0])
    return m.to_record(), m


def test_show_me_how_of_an_exact_last_round_plays_the_deal_out_and_shows_the_score(make_app):
    app = make_app(lang="en", speed="instant")
    rec, match = a_whole_deal()
    viewer = viewer_for(app, "uragan", match, 0, record=rec, review=False)
    app.stack.push(viewer)
    frames(app, 2)
    replay = viewer.replay
    last = next(i for i in replay.decisions()
                if replay.steps[i].deal == 1 and replay.steps[i].shown.stock_size() == 0)
    step = replay.steps[last]
    best = next(mv for mv in step.match.legal_moves() if mv != step.next_move)
    plant(replay, last, exact=True, line=line_from(step, best, 20))
    viewer.goto(last, animate=False)
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0)])
    run_line(app, viewer)
    end = viewer.line.line[-1]
    assert end.deal_end
    mine, theirs = replay.line_score(end)
    words = " ".join(line[0] for line in viewer.step_lines())
    assert f"Played to the end: {mine} : {theirs} in deal points" in words
    key(app, pygame.K_ESCAPE)  # Esc ends the line, not the viewer
    assert app.stack.top is viewer and not viewer.showing_line()
    key(app, pygame.K_RIGHT)
    assert viewer.index == last + 1


def test_a_line_that_does_not_fit_the_position_shows_what_did():
    rec, match = record()
    replay = Replay("uragan", match, 0)
    at = replay.decisions()[0]
    raw = plant(replay, at)
    replay.steps[at].verdict.raw["line"] = [raw["line"][0], {"card": "AS", "take": ["2C", "3C"]}]
    assert len(replay.line_steps(at)) == 1


# --- the review works every time ------------------------------------------------------------------


def drive_to_sheet(app, table, limit=4000, moves=None):
    """Play the player's first legal move (claims let stand) until a sheet or the viewer is on top,
    or until ``moves`` moves of the match were made."""
    from game.checks.tour import uragan_step
    from game.review.viewer import ReviewScene
    from game.widgets.score_sheet import ScoreSheetScene

    for _ in range(limit):
        if isinstance(app.stack.top, (ScoreSheetScene, ReviewScene)):
            return
        if moves is not None and len(table.match.moves) >= moves:
            return
        uragan_step(table)
        frames(app, 1, dt=0.1)
    raise AssertionError("the deal never ended")


def on_disk(folder):
    from helpers import app_on_disk

    from game.botworker import InlineWorker

    app = app_on_disk(folder)
    app.worker = InlineWorker()
    app.settings.set("review_after_deal", True, save=False)
    app.settings.set("animation_speed", "instant", save=False)
    return app


def finish_review(app, viewer, limit=400):
    for _ in range(limit):
        if viewer.review_state != "running":
            return
        frames(app, 1)
    raise AssertionError("the review never finished")


def test_review_after_each_deal_judges_a_resumed_game_and_keeps_its_verdicts(tmp_path):
    from game.review.viewer import UraganReplay
    from game.screens import continue_game
    from game.uragan.table import UraganTable

    folder = tmp_path / "data"
    app = on_disk(folder)
    table = UraganTable.new_game(app, seed=11, level="club", options={"claims": "book"})
    app.stack.push(table)
    drive_to_sheet(app, table, moves=6)
    app.close()  # quit mid-deal: the game is saved after every move

    app = on_disk(folder)
    table = continue_game(app)
    assert table is not None and len(table.match.moves) >= 6
    drive_to_sheet(app, table)
    frames(app, 1)
    viewer = app.stack.top
    assert isinstance(viewer.table, UraganReplay) and viewer.review_deals == [1]
    finish_review(app, viewer)
    first = viewer.replay.summary()
    assert viewer.review_state == "done" and first["judged"] == first["decisions"] > 0
    judged = {st.moves: st.verdict.grade for st in viewer.replay.steps if st.verdict is not None}
    key(app, pygame.K_ESCAPE)
    app.close()  # quit on the sheet: the verdicts are kept with the saved game

    app = on_disk(folder)
    table = continue_game(app)  # back on deal 1's sheet, its review over it as when the app closed
    frames(app, 2)
    again = app.stack.top
    assert isinstance(again.table, UraganReplay) and again.review_deals == [1]
    assert again.review_state == "done" and again.review_id is None  # shown as judged, not thought anew
    assert {st.moves: st.verdict.grade for st in again.replay.steps if st.verdict is not None} == judged
    key(app, pygame.K_ESCAPE)
    for _ in range(3):  # the sheet's count-up, then Continue: deal 2
        if app.stack.top is table:
            break
        key(app, pygame.K_RETURN)
    assert app.stack.top is table and len(table.match.deals_done) == 1
    drive_to_sheet(app, table)
    frames(app, 1)
    viewer = app.stack.top
    assert isinstance(viewer.table, UraganReplay) and viewer.review_deals == [2]
    deal_one = [i for i in viewer.replay.decisions() if viewer.replay.steps[i].deal == 1]
    assert all(viewer.replay.steps[i].verdict is not None for i in deal_one)  # never "not judged"
    finish_review(app, viewer)
    second = viewer.replay.summary()
    assert second["judged"] == second["decisions"] > 0
    app.close()


def test_a_kept_review_fits_only_the_moves_it_judged(tmp_path):
    from game.store.saves import SavedGame, Session

    rec, match = a_whole_deal()
    saved = SavedGame(game="uragan", match=match.to_save(), seats=[None, "club"], bot_seeds=[0, 0])
    session = Session(None, saved, match)
    upto = len(match.moves)
    session.keep_review(1, 0, upto, [{"deal": 1, "play": 1}], True, True)
    assert session.kept_reviews(0)[1]["decided"] is True and session.kept_reviews(1) == {}
    document = session.document_maker()()  # what a save writes
    again = SavedGame.from_dict(document)
    assert again.reviews == saved.reviews
    older = dict(document)
    del older["reviews"]  # a save from before kept reviews
    assert SavedGame.from_dict(older).reviews == {}
    broken = {**document, "reviews": {"1": {"seat": "x"}, "two": {}}}
    assert SavedGame.from_dict(broken).reviews == {}
    data = match.to_save()
    data["moves"] = data["moves"][:-1]
    session.match = type(match).from_save(data)  # an undo into the deal: its review no longer fits
    assert session.kept_reviews(0) == {}


def test_a_deal_whose_choices_never_mattered_is_decided_once_every_decision_is_in():
    rec, match = a_whole_deal()
    replay = Replay("uragan", match, 0)
    firsts = [i for i in replay.decisions() if replay.steps[i].deal == 1]
    for i in firsts[:-1]:
        plant(replay, i, mark="best", loss=0.0, deal_loss=0.0, win_spread=0.002, deal_spread=0.1)
    assert not replay.is_decided(1)  # not every decision judged yet: nothing to say
    plant(replay, firsts[-1], mark="best", loss=0.0, deal_loss=0.0, win_spread=0.0, deal_spread=0.0)
    assert replay.is_decided(1)
    plant(replay, firsts[0], win_spread=0.2, deal_spread=2.0)  # one choice mattered
    assert not replay.is_decided(1)


def test_the_worker_sends_how_much_each_choice_could_matter():
    from game.botworker import _review

    class Judged:
        win_spread, deal_spread = 0.004, 0.2

        def to_json(self):
            return {"deal": 1, "play": 1, "move": 0, "played": "AS", "best": "AS", "loss": 0.0}

    def review(record, seat, budget, seed, should_stop=None, **extra):
        yield Judged()

    import sys
    import types

    module = types.ModuleType("planted_review")
    module.review = review
    sys.modules["planted_review"] = module
    got = []
    _review(("review", 7, {}, 0, None, 0, {}), got.append, lambda: False, "planted_review:review")
    assert got[0].move["win_spread"] == 0.004 and got[0].move["deal_spread"] == 0.2 and got[-1].done
    del sys.modules["planted_review"]


TEACHING = ("the coach teaches (Uragan)", "the coach teaches (Eralash)", "a hint with its reason",
            "statistics with the coach's chart")


@pytest.mark.parametrize(("lang", "size"), [("ru", (960, 600)), ("en", (1920, 1080))])
def test_the_teaching_screens_hold_together(tmp_path, lang, size):
    """``salon --smoke``'s visits of the coach that teaches: a mistake and why in each game, Show me
    how mid-line and at its end, the decided deal, a hint with its reason, Statistics with the chart."""
    from game.app import build_parser
    from game.checks.smoke import smoke

    args = build_parser().parse_args(["--data-dir", str(tmp_path / "data"), "--lang", lang])
    try:
        report = smoke(args, size, only=lambda name: name in TEACHING)
    finally:
        i18n.set_language("en")
    assert report["problems"] == [] and report["screens"] >= 12


def test_an_exact_last_round_line_is_played_to_the_end_of_the_deal_even_when_short():
    rec, match = a_whole_deal()
    replay = Replay("uragan", match, 0)
    last = next(i for i in replay.decisions()
                if replay.steps[i].deal == 1 and replay.steps[i].shown.stock_size() == 0)
    step = replay.steps[last]
    best = next(mv for mv in step.match.legal_moves() if mv != step.next_move)
    plant(replay, last, exact=True, line=line_from(step, best, 2))
    steps = replay.line_steps(last)
    assert steps[-1].deal_end and len(steps) > 2
    assert steps[0].next_move == best
    plant(replay, last, exact=False, line=line_from(step, best, 2))  # estimated: the line as given
    assert len(replay.line_steps(last)) == 2


def test_the_better_move_is_not_named_twice_when_the_why_names_it(make_app):
    from engine.uragan.moves import Play
    from game.review.model import Verdict
    from game.review.words import explanation

    i18n.set_language("ru")
    best = Play(C.parse("QS"), (1 << C.parse("2S")) | (1 << C.parse("7S")))
    played = Play(C.parse("QS"), 0)
    named = Verdict(1, 1, played, best, 0.1, raw={"mark": "mistake",
                                                  "why": {"ru": "«Д♠ берёт 2♠ 7♠» кладёт в стопку 7♠."}})
    assert explanation("uragan", named, None) == "«Д♠ берёт 2♠ 7♠» кладёт в стопку 7♠."
    unnamed = Verdict(1, 1, played, best, 0.1, raw={"mark": "mistake", "why": {"ru": "Так стол сметается."}})
    assert explanation("uragan", unnamed, None) == "Лучше: «Д♠ берёт 2♠ + 7♠». Так стол сметается."
