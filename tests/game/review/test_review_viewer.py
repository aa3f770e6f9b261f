"""The replay and review viewer: stepping, what the reviewed seat could see, verdicts filling in, marks.

The review runs in the InlineWorker (one verdict per frame, judged with a fixed number of search
iterations), so nothing waits on a thread; events go through the app's own handling.
"""

import json
import shutil

import pygame
import pytest
from helpers import click, drop, frames
from places import DATA

from engine import cards as C
from game.checks.tour import uragan_step
from game.review.model import Replay, grade
from game.review.open import open_record
from game.review.viewer import EralashReplay, ReplayMixin, ReviewScene, UraganReplay
from game.widgets.score_sheet import ScoreSheetScene


@pytest.fixture(autouse=True)
def quick_review(monkeypatch, tmp_path):
    monkeypatch.setattr(ReplayMixin, "review_iterations", 24)
    monkeypatch.setenv("SALON_RECORDS_DIR", str(tmp_path / "records"))


def kd(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_grades_follow_the_points_of_win_chance():
    assert grade(0.0) == "best" and grade(0.0099) == "best"
    assert grade(0.01) == "inaccuracy" and grade(0.05) == "inaccuracy"
    assert grade(0.0501) == "mistake" and grade(0.3) == "mistake"


@pytest.mark.parametrize("name,cls", [("uragan_claims.json", UraganReplay), ("eralash_illustrative.json",
                                                                             EralashReplay)])
def test_an_opened_record_steps_play_by_play(make_app, name, cls):
    app = make_app(lang="ru")
    viewer = open_record(app, str(DATA / name))
    assert isinstance(viewer, ReviewScene) and isinstance(viewer.table, cls) and app.stack.top is viewer
    assert viewer.control.choose_seat and viewer.review_state == "idle"  # an opened record: a seat first
    frames(app, 2)
    assert viewer.index == 0
    frames(app, 1, [kd(pygame.K_RIGHT)])
    frames(app, 1, [kd(pygame.K_RIGHT)])
    assert viewer.index == 2 and len(viewer.table.match.moves) == viewer.replay.steps[2].moves
    frames(app, 1, [kd(pygame.K_LEFT)])
    assert viewer.index == 1
    frames(app, 1, [kd(pygame.K_END)])
    assert viewer.index == len(viewer.replay) - 1
    nxt = next(b for b in viewer.buttons if b.key == "next")
    assert not nxt.enabled
    frames(app, 1, [kd(pygame.K_HOME)])
    assert viewer.index == 0
    click(app, next(b for b in viewer.buttons if b.key == "next").rect.center)  # the ▸ button
    assert viewer.index == 1
    frames(app, 1, [kd(pygame.K_ESCAPE)])
    assert app.stack.top is not viewer


def test_the_table_shows_only_what_the_reviewed_seat_saw(make_app):
    app = make_app()
    viewer = open_record(app, str(DATA / "uragan_claims.json"))
    frames(app, 2)
    for seat in (0, 1):
        viewer.start_review(seat)
        frames(app, 1)
        viewer.goto(3, animate=False)
        deal = viewer.table.shown
        mine, theirs = deal.hands[seat], deal.hands[1 - seat]
        assert mine and theirs
        assert all(viewer.table.sprites[c].turn == 1.0 for c in C.cards(mine))  # the seat's own hand face up
        assert all(viewer.table.sprites[c].turn == 0.0 for c in C.cards(theirs))  # the other's face down
        assert viewer.table.me == seat
        viewer.cancel_review()


def test_verdicts_fill_in_as_they_come_and_the_summary_heads_the_viewer(make_app):
    app = make_app()
    viewer = open_record(app, str(DATA / "uragan_claims.json"))
    frames(app, 1)
    click(app, next(b for b in viewer.buttons if b.key == "seat0").rect.center)  # review Anya
    assert viewer.review_state == "running" and viewer.replay.seat == 0
    counts = [len(viewer.replay.verdicts)]
    for _ in range(40):
        frames(app, 1)
        counts.append(len(viewer.replay.verdicts))
        if viewer.review_state == "done":
            break
    assert viewer.review_state == "done"
    decisions = len(viewer.replay.decisions())
    assert counts[0] <= 1 and counts[-1] == decisions > 3  # one by one, not all at the end
    assert all(b - a <= 1 for a, b in zip(counts, counts[1:], strict=False))
    s = viewer.replay.summary()
    assert s["judged"] == decisions and s["mistakes"] == sum(
        v.grade == "mistake" for v in viewer.replay.verdicts)
    lines = [text for text, *_ in viewer.header_lines()]
    from game.review.words import chance_lost, cost_lost

    lost = (cost_lost(s["cost_lost"], s["unit"], minus=False) if s["cost_lost"] is not None
            else chance_lost(s["lost"], minus=False))  # the marks' costs; win chance from older reviews
    assert any(str(decisions) in line for line in lines) and any(lost in line for line in lines)
    assert all(viewer.replay.steps[i].verdict is not None for i in viewer.replay.decisions())


def test_the_better_move_is_drawn_on_the_cards_and_explained(make_app):
    app = make_app(lang="ru")
    viewer = open_record(app, str(DATA / "uragan_claims.json"))
    frames(app, 1)
    viewer.start_review(0)
    for _ in range(40):
        frames(app, 1)
    worse = [i for i in viewer.replay.decisions() if viewer.replay.steps[i].verdict.grade != "best"
             and viewer.replay.steps[i].verdict.best != viewer.replay.steps[i].verdict.played]
    assert worse, "the record has at least one decision the coach would play otherwise"
    frames(app, 1, [kd(pygame.K_HOME)])
    frames(app, 1, [kd(pygame.K_PAGEDOWN)])  # to the first judged decision
    while viewer.index not in worse:
        frames(app, 1, [kd(pygame.K_PAGEDOWN)])
    frames(app, 30)
    v = viewer.step.verdict
    best = v.best
    assert viewer.table.sprites[best.card].highlight == "hint" and viewer.table.sprites[best.card].lift > 0.1
    for c in C.cards(best.take):
        assert viewer.table.sprites[c].highlight == "hint"
    if v.played.card != best.card:  # the card played is outlined apart (the same card: other captures)
        assert viewer.table.sprites[v.played.card].highlight == "warn"
    words = " ".join(text for text, *_ in viewer.step_lines())
    from game.review.words import move_words, number

    assert move_words("uragan", v.best) in words and f"−{number(v.points)}\u00a0% шанса на победу" in words


def test_stop_cancels_the_review(make_app):
    app = make_app()
    viewer = open_record(app, str(DATA / "eralash_illustrative.json"))
    frames(app, 1)
    viewer.start_review(1)
    rid = viewer.review_id
    click(app, next(b for b in viewer.buttons if b.key == "stop").rect.center)
    assert viewer.review_state == "stopped" and viewer.review_id is None
    assert rid not in app.worker.pending
    got = len(viewer.replay.verdicts)
    frames(app, 5)
    assert len(viewer.replay.verdicts) == got < len(viewer.replay.decisions())


def test_a_bad_record_says_why_in_one_line_and_nothing_opens(make_app, tmp_path):
    app = make_app()
    rec = json.loads((DATA / "uragan_claims.json").read_text(encoding="utf-8"))
    rec["deals"][0]["plays"][2] = {"card": "KS", "take": ["2C"]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec), encoding="utf-8")
    before = list(app.stack.scenes)
    drop(app, str(bad))
    assert app.stack.scenes == before
    text, _, kind = app.toast
    assert kind == "warn" and "bad.json" in text and "deal 1, play 3" in text and "\n" not in text
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    drop(app, str(tmp_path / "junk.json"))
    assert "JSON" in app.toast[0] and app.stack.scenes == before
    drop(app, str(tmp_path / "missing.json"))
    assert "missing.json" in app.toast[0]


def test_dropping_a_record_opens_it_in_the_viewer(make_app, tmp_path):
    app = make_app()
    path = tmp_path / "game.json"
    shutil.copy(DATA / "eralash_illustrative.json", path)
    drop(app, str(path))
    top = app.stack.top
    assert isinstance(top, ReviewScene) and isinstance(top.table, EralashReplay) and top.control.any_seat


def test_replay_places_each_verdict_on_its_decision():
    from game.store.records import read_record

    rec, match = read_record(DATA / "uragan_claims.json")
    replay = Replay("uragan", match, 1)
    first = replay.decisions()[0]
    step = replay.steps[first]
    from engine.uragan.moves import move_to_json

    at = replay.add_verdict({"deal": 1, "play": len(step.shown.plays) + 1, "move": step.moves,
                             "played": move_to_json(step.next_move), "best": move_to_json(step.next_move),
                             "loss": 0.0})
    assert at == first and replay.steps[first].verdict.grade == "best"
    assert replay.add_verdict({"nonsense": 1}) is None


# --- from a table's end-of-deal sheet -----------------------------------------------------------------

class FirstBot:
    def choose(self, view):
        return view.legal_moves()[0]


def make_first_bot(name, game, seed=0, budget=None):
    return FirstBot()


def play_a_deal(app):
    from game.uragan.table import UraganTable

    table = UraganTable.new_game(app, seed=11, level="club", options={"claims": "book"})
    app.stack.push(table)
    for _ in range(4000):
        if isinstance(app.stack.top, (ScoreSheetScene, ReviewScene)):
            break
        uragan_step(table)
        frames(app, 1, dt=0.1)
    assert any(isinstance(s, ScoreSheetScene) for s in app.stack.scenes)
    return table


def test_review_this_deal_from_the_sheet_and_back(make_app):
    app = make_app(lang="ru", speed="instant", bots="test_review_viewer:make_first_bot")
    table = play_a_deal(app)
    sheet = app.stack.top
    frames(app, 1, [kd(pygame.K_SPACE)])  # the count-up skipped
    button = next(b for b in sheet.buttons if b.key == "review")
    click(app, button.rect.center)
    viewer = app.stack.top
    assert isinstance(viewer.table, UraganReplay) and viewer.review_state == "running"
    assert viewer.replay.seat == table.me and viewer.review_deals == [1] and viewer.control.count_in_stats
    assert viewer.step.deal == 1
    for _ in range(60):
        frames(app, 1)
        if viewer.review_state == "done":
            break
    assert viewer.review_state == "done" and viewer.replay.verdicts
    assert {v.deal for v in viewer.replay.verdicts} == {1}
    frames(app, 1, [kd(pygame.K_ESCAPE)])
    assert app.stack.top is sheet  # back to the sheet, the game goes on from there


def test_review_after_each_deal_opens_by_itself_when_chosen(make_app):
    app = make_app(speed="instant", bots="test_review_viewer:make_first_bot")
    assert app.settings.review_after_deal is False  # off by default
    app.settings.set("review_after_deal", True, save=False)
    play_a_deal(app)
    frames(app, 1)
    assert isinstance(app.stack.top, ReviewScene)
    assert isinstance(app.stack.scenes[-2], ScoreSheetScene)


def test_ctrl_s_saves_the_game_as_a_record_and_says_where(make_app, tmp_path):
    from game.store.records import read_record
    from game.uragan.table import UraganTable

    app = make_app(lang="ru")
    table = UraganTable.new_game(app, seed=5, level="club")
    app.stack.push(table)
    frames(app, 3)
    frames(app, 1, [kd(pygame.K_s, pygame.KMOD_CTRL)])
    saved = list((tmp_path / "records").glob("uragan-*.json"))
    assert len(saved) == 1
    assert str(saved[0]) in app.toast[0] and app.toast[2] == "info"
    record, match = read_record(saved[0])
    assert record == table.match.to_record() and record["seed"] == 5


def test_a_viewer_over_a_table_leaves_the_bots_reply_to_the_table(make_app):
    from game.uragan.table import UraganTable

    app = make_app(bots="test_review_viewer:make_first_bot")
    table = UraganTable.new_game(app, seed=3, level="club")
    app.stack.push(table)
    for _ in range(400):  # until the bot's move is asked for (and not answered yet)
        if table.play.bots.request is not None and table.play.bots.reply is None:
            break
        if table.can_play_card():
            table.submit(table.match.legal_moves()[0])
        frames(app, 1, dt=0.1)
    asked = table.play.bots.request
    moves = len(table.match.moves)
    assert asked is not None
    viewer = open_record(app, str(DATA / "uragan_claims.json"))  # a record dropped meanwhile
    viewer.start_review(0)
    frames(app, 3)  # the viewer takes its verdicts from the worker: the bot's answer stays for the table
    viewer.close()
    for _ in range(400):
        frames(app, 1, dt=0.1)
        if len(table.match.moves) > moves:
            break
    assert len(table.match.moves) > moves and table.play.bots.request != asked  # it got its answer, went on
