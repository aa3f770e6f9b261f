"""Practice — find the better move, driven by real keys and clicks through the app, in both games:
the list found on Statistics, a wrong move answered with the saved reason, the right one counted, two
misses showing the answer, a mistake found twice leaving the list, and the list kept on disk."""

from __future__ import annotations

import json

import pygame
import pytest
from helpers import app_on_disk, click, frames, key
from practice_records import record_with_mistake

from engine.games import game_named
from game.practice.coach import to_move
from game.practice.open import open_practice
from game.practice.tables import EralashPractice, UraganPractice
from game.store.practice import PRACTICE_KIND, Practice
from game.store.storage import Store

GAMES = ["uragan", "eralash"]


@pytest.fixture
def on_disk(tmp_path):
    made = []

    def make(lang="en"):
        app = app_on_disk(tmp_path / "data", lang=lang, size="1280x800")
        app.settings.set("animation_speed", "fast")
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()


def plant(folder, game, **kw):
    """A review's mistake kept on the list, as a review of the player's deal leaves it."""
    record, verdict = record_with_mistake(game, **kw)
    book = Practice.load(Store(folder))
    assert len(book.add_review(game, record, 0, [verdict, {**verdict, "mark": "inaccuracy", "move": 0}])) == 1
    return record, verdict


def ready(app, table, limit=600):
    for _ in range(limit):
        frames(app, 1)
        if "warming" not in table.holds and not table.busy() and table.message is not None:
            return
    raise AssertionError("the practice table never asked")


def card_of(game, move):
    return move if game == "eralash" else move.card


def play_by_keys(app, table, move):
    """Pick the move's card with ←/→ and play it with Enter (the chooser, if one opens, by keys too)."""
    card = card_of(table.game, move)
    for _ in range(60):
        if table.selected == card:
            break
        key(app, pygame.K_RIGHT)
    assert table.selected == card
    key(app, pygame.K_RETURN)
    prompts = getattr(table, "prompts", None)
    if prompts is not None and prompts.choice is not None:
        options = prompts.choice[1]
        for _ in range(len(options) + 1):
            if prompts.focus is not None and options[prompts.focus] == move:
                break
            key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
    frames(app, 20)
    control = table.practice
    done = control.solving
    if done is not None:  # a move solved on the helper thread: wait for it, not for a time
        assert done.wait(60), "the coach never solved the move"
        frames(app, 2)
    assert not control.solving_now()


def to_practice_from_stats(app):
    from game.screens import open_screen

    open_screen(app, "stats")
    frames(app, 2)
    stats = app.stack.top
    button = stats.buttons["practise"]
    assert button.is_enabled
    click(app, button.rect.center)
    frames(app, 1, pygame.event.get())  # what pygame_gui posted for the press (UI_BUTTON_PRESSED)
    table = app.stack.top
    assert isinstance(table, (UraganPractice, EralashPractice))
    ready(app, table)
    return table


@pytest.mark.parametrize("game", GAMES)
def test_find_the_list_miss_then_find_and_see_it_counted(on_disk, tmp_path, game):
    plant(tmp_path / "data", game)
    app = on_disk()
    table = to_practice_from_stats(app)
    m = table.practice.mistake
    played, best = to_move(game, m.played), to_move(game, m.best)
    assert "Find a better move" in table.message.text
    assert len(table.match.moves) == m.move  # the position just before the decision
    before = len(table.match.moves)

    play_by_keys(app, table, played)  # the mistake again
    assert len(table.match.moves) == before  # nothing is played
    assert table.message.kind == "warn" and "Still losing" in table.message.text
    assert "PLANTED reason in English." in table.message.text
    assert table.practice.asking()

    play_by_keys(app, table, best)
    assert "As good as the best" in table.message.text
    assert not table.practice.asking()
    book = Practice.load(Store(tmp_path / "data"))
    assert (book.practised[game], book.found[game]) == (1, 1)
    assert book.pending(game)[0].found == 1  # found once: still on the list

    key(app, pygame.K_n)  # the last mistake: practice ends and says so
    frames(app, 2)
    assert not isinstance(app.stack.top, (UraganPractice, EralashPractice))
    assert app.toast is not None and "found 1 of 1" in app.toast[0]


@pytest.mark.parametrize("game", GAMES)
def test_two_misses_show_the_answer_and_another_move_is_not_guessed_at(on_disk, tmp_path, game):
    record, verdict = plant(tmp_path / "data", game)
    app = on_disk("ru")
    table = to_practice_from_stats(app)
    m = table.practice.mistake
    played, best = to_move(game, m.played), to_move(game, m.best)
    legal = [mv for mv in table.match.legal_moves() if mv not in (played, best)
             and (game == "eralash" or len(table.legal_for(mv.card)) == 1)]
    assert legal, "the planted position offers a third move"
    play_by_keys(app, table, legal[0])
    assert "не проверен" in table.message.text  # said plainly, never guessed
    play_by_keys(app, table, played)
    # the second miss: the answer is shown (the better move lit on the cloth) with the reason
    assert table.practice.state == "shown"
    assert "Лучший ход" in table.message.text and "ЗАЛОЖЕННАЯ причина." in table.message.text
    lit = {c for c, s in table.sprites.items() if s.highlight == "hint"}
    assert card_of(game, best) in lit
    book = Practice.load(Store(tmp_path / "data"))
    assert (book.practised[game], book.found[game]) == (1, 0)


@pytest.mark.parametrize("game", GAMES)
def test_a_mistake_found_twice_leaves_the_list(on_disk, tmp_path, game):
    plant(tmp_path / "data", game)
    app = on_disk()
    for round_ in (1, 2):
        table = open_practice(app, game)
        ready(app, table)
        play_by_keys(app, table, to_move(game, table.practice.mistake.best))
        assert ("leaves the list" in table.message.text) == (round_ == 2)
        key(app, pygame.K_n)
        frames(app, 2)
    book = Practice.load(Store(tmp_path / "data"))
    assert book.pending(game) == [] and book.records == {}
    assert (book.practised[game], book.found[game]) == (2, 2)
    assert open_practice(app, game) is None  # nothing left: said, no table
    assert "No mistakes" in app.toast[0]


def test_the_answer_key_and_next_walk_a_list_of_both_games(on_disk, tmp_path):
    for game in GAMES:
        plant(tmp_path / "data", game)
    app = on_disk()
    table = to_practice_from_stats(app)
    scenes = len(app.stack.scenes)
    first = type(table)
    key(app, pygame.K_s)  # show the answer at once: practised, not found
    assert table.practice.state == "shown"
    key(app, pygame.K_n)
    frames(app, 2)
    second = app.stack.top
    assert isinstance(second, (UraganPractice, EralashPractice)) and type(second) is not first
    assert "2 of 2" in second.deal_number_text()
    ready(app, second)
    key(app, pygame.K_s)  # the other game's table: S is the answer there too (not Eralash's sheet)
    assert second.practice.state == "shown" and len(app.stack.scenes) == scenes
    book = Practice.load(Store(tmp_path / "data"))
    assert book.practised == {"uragan": 1, "eralash": 1} and book.found == {"uragan": 0, "eralash": 0}
    key(app, pygame.K_ESCAPE)  # Back: practice ends
    frames(app, 2)
    assert not isinstance(app.stack.top, (UraganPractice, EralashPractice))


def test_an_illegal_move_is_refused_as_at_the_table(on_disk, tmp_path):
    plant(tmp_path / "data", "eralash", players=2)
    app = on_disk()
    table = open_practice(app, "eralash")
    ready(app, table)
    deal = table.match.deal
    mine = deal.hands[table.me]
    illegal = [c for c in range(52) if mine >> c & 1 and not deal.legal_mask() >> c & 1]
    if not illegal:
        pytest.skip("every card of this hand may be played here")
    table.hand.play_card(illegal[0])
    frames(app, 2)
    assert table.message.kind == "warn" and table.practice.asking() and table.practice.misses == 0


def test_a_damaged_list_is_set_aside_and_said(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / PRACTICE_KIND.filename).write_text("{not json", encoding="utf-8")
    store = Store(folder)
    book = Practice.load(store)
    assert book.pending() == []
    assert any(n.key == "storage.corrupt" for n in store.notices)
    assert list(folder.glob("practice.corrupt-*.json"))


def test_a_damaged_entry_is_dropped_the_rest_kept_and_a_copy_kept_aside(tmp_path):
    folder = tmp_path / "data"
    record, verdict = record_with_mistake("uragan")
    book = Practice.load(Store(folder))
    book.add_review("uragan", record, 0, [verdict])
    doc = json.loads((folder / PRACTICE_KIND.filename).read_text(encoding="utf-8"))
    doc["mistakes"].append({"key": "x", "game": "chess"})
    doc["found"] = {"uragan": -3}
    (folder / PRACTICE_KIND.filename).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(folder)
    again = Practice.load(store)
    assert len(again.pending("uragan")) == 1 and again.found["uragan"] == 0
    assert any(n.key == "storage.damaged_part_kept" for n in store.notices)


def test_the_saved_moves_rebuild_the_position_of_the_record(tmp_path):
    for game in GAMES:
        record, verdict = record_with_mistake(game)
        m = Practice(None).add_review(game, record, 0, [verdict], save=False)[0]
        full = game_named(game).match_from_record(record)
        assert full.moves[m.move] == to_move(game, verdict["played"])


@pytest.mark.parametrize("game", GAMES)
def test_the_review_viewer_starts_practice_on_its_mistakes_and_puts_them_on_the_list(on_disk, tmp_path, game):
    from game.review.viewer import viewer_for

    record, verdict = record_with_mistake(game)
    app = on_disk()
    match = game_named(game).match_from_record(record)
    viewer = viewer_for(app, game, match, 0, record=record, review=False)
    app.stack.push(viewer)
    frames(app, 3)
    assert not any(b.key == "practise" for b in viewer.buttons)  # no review yet: nothing to practise
    viewer.control.replay.add_verdict(verdict)
    viewer.control.review_state = "done"
    viewer.build_buttons()
    assert any(b.key == "practise" for b in viewer.buttons)
    key(app, pygame.K_p)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, (UraganPractice, EralashPractice))
    ready(app, table)
    assert Practice.load(Store(tmp_path / "data")).pending(game)[0].move == verdict["move"]
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is viewer


def test_a_finished_review_of_the_player_s_deal_files_its_mistakes_and_its_match(tmp_path):
    """The review's end (``ReplayControl.on_done``): the mistakes go on the practice list, and the
    accuracy is counted under the match and the opponent's level."""
    from types import SimpleNamespace

    from game.review.control import ReplayControl
    from game.review.model import Replay
    from game.store.stats import Stats

    record, verdict = record_with_mistake("uragan")
    match = game_named("uragan").match_from_record(record)
    store = Store(tmp_path)
    session = SimpleNamespace(seats=[None, "master"], saved=SimpleNamespace(game_id="g-1"),
                              kept_reviews=lambda seat: {}, keep_review=lambda *a: None)
    control = ReplayControl(SimpleNamespace(store=store), Replay("uragan", match, 0), record)
    control.count_in_stats, control.keep_in, control.review_deals = True, session, [1]  # type: ignore[assignment]
    control.replay.add_verdict(verdict)
    best = {**verdict, "mark": "best", "move": verdict["move"] + 2, "played": verdict["best"]}
    control.replay.add_verdict(best)
    control.on_done()
    book = Practice.load(Store(tmp_path))
    assert [m.move for m in book.pending("uragan")] == [verdict["move"]]
    figures = Stats.load(Store(tmp_path)).match_figures("uragan")
    assert [(m.match, m.level) for m in figures] == [("g-1", "master")]


def test_an_eralash_trump_choice_is_practised_with_its_suit_buttons(on_disk, tmp_path):
    from engine.eralash import ChooseTrump

    g = game_named("eralash")
    def trump_choice(m):
        moves = [] if m.is_over() else m.legal_moves()
        return [x for x in moves if isinstance(x, ChooseTrump)] if m.current_player() == 0 else []

    for seed in range(1, 20):  # (two players always have trump named by the runs: four here)
        m = g.Match.new(g.Options.from_dict({}), ["You", "Ann", "Bob", "Eve"], seed)
        while not m.is_over() and len(trump_choice(m)) < 2:
            m.play(m.legal_moves()[0])
        choices = trump_choice(m)
        if len(choices) > 1:
            break
    else:
        raise AssertionError("no trump choice for seat 0 in these seeds")
    index = len(m.moves)
    m.play(choices[0])
    verdict = {"deal": 1, "play": 1, "kind": "trump", "move": index, "played": g.move_to_json(choices[0]),
               "best": g.move_to_json(choices[1]), "mark": "mistake", "loss": 0.1}
    Practice.load(Store(tmp_path / "data")).add_review("eralash", m.to_record(), 0, [verdict])
    app = on_disk()
    table = open_practice(app, "eralash")
    ready(app, table)
    assert table.must_choose_trump()
    button = next(b for b in table.buttons if b.key == f"trump{choices[1].suit}")
    click(app, button.rect.center)
    frames(app, 2)
    assert "As good as the best" in table.message.text


def test_in_a_solved_position_another_move_is_solved_too_better_than_played_but_not_best(on_disk, tmp_path):
    from practice_exact import exact_mistake

    record, verdict, middle = exact_mistake()
    Practice.load(Store(tmp_path / "data")).add_review("uragan", record, 0, [verdict])
    assert Practice.load(Store(tmp_path / "data")).pending()[0].exact
    app = on_disk()
    table = open_practice(app, "uragan")
    ready(app, table)
    play_by_keys(app, table, middle)  # solved on the helper thread, the table saying so meanwhile
    assert "Better than the move played in the game, but not the best" in table.message.text
    assert table.practice.asking() and table.practice.misses == 1
    play_by_keys(app, table, to_move("uragan", verdict["best"]))
    assert "As good as the best" in table.message.text


def test_the_coach_solves_a_move_only_where_the_verdict_was_solved(tmp_path):
    from practice_exact import exact_mistake

    from game.practice import coach
    from game.words import i18n

    i18n.set_language("en")
    record, verdict, middle = exact_mistake()
    g = game_named("uragan")
    worst = to_move("uragan", verdict["played"])
    # the mistake as if the middle move had been played: the worst move is then no better
    planted = {**verdict, "played": g.move_to_json(middle)}
    book = Practice(None)
    m = book.add_review("uragan", record, 0, [planted], save=False)[0]
    position = coach.position(m, record)
    said = coach.answer(m, worst, position)
    assert said.kind == coach.WORSE and "no better than the move played" in said.text
    m.exact = False  # a searched verdict: another move is not weighed, and says so
    said = coach.answer(m, worst, position)
    assert said.kind == coach.UNCHECKED and "not checked" in said.text
